//! The chess figures of Go with chess pieces (and Go stones for rooks, an option): PNGs
//! rendered from DejaVu Sans's chess glyphs (the dabbaba's war engine and the alfil's
//! elephant drawn as shapes) by `tools/make-figures.sh`: built into the program and
//! decoded once at start on the desktop, fetched beside the game in the browser.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::go::Kind;

const KINDS: usize = Kind::COUNT;
use crate::rules::Side;

/// The figure of each side's kind (by [`Kind::index`]) and the two stones.
#[derive(Resource, Clone, Debug)]
pub struct Figures {
    pub black: [Handle<Image>; KINDS],
    pub white: [Handle<Image>; KINDS],
    pub stones: [Handle<Image>; 2],
}

impl Figures {
    /// No figures (no renderer to make them for): every handle the default one.
    fn none() -> Figures {
        Figures {
            black: Default::default(),
            white: Default::default(),
            stones: Default::default(),
        }
    }

    /// The image for a side's kind; rooks as stones when `stones`.
    pub fn of(&self, side: Side, kind: Kind, stones: bool) -> Handle<Image> {
        if stones && kind == Kind::Rook {
            return self.stones[side.index()].clone();
        }
        match side {
            Side::Black => self.black[kind.index()].clone(),
            Side::White => self.white[kind.index()].clone(),
        }
    }

    /// The figures of these kinds as egui textures, for pictures drawn with egui (the
    /// title's and the rule book's small boards); a kind not asked for has none.
    pub fn textures(
        &self,
        contexts: &mut bevy_egui::EguiContexts,
        kinds: impl IntoIterator<Item = Kind>,
        stones: bool,
    ) -> FigureTextures {
        let mut ids = [[bevy_egui::egui::TextureId::default(); KINDS]; 2];
        for kind in kinds {
            for side in [Side::Black, Side::White] {
                let handle = self.of(side, kind, stones);
                ids[side.index()][kind.index()] =
                    contexts.add_image(bevy_egui::EguiTextureHandle::Weak(handle.id()));
            }
        }
        FigureTextures(ids)
    }
}

/// Each side's figures as egui textures (see [`Figures::textures`]).
#[derive(Debug, Clone, Copy)]
pub struct FigureTextures([[bevy_egui::egui::TextureId; KINDS]; 2]);

impl FigureTextures {
    pub fn of(&self, piece: crate::go::Piece) -> bevy_egui::egui::TextureId {
        self.0[piece.side.index()][piece.kind.index()]
    }
}

/// A set of figures from their file names (`assets/go/figures/<name>.png`): `$names`,
/// the names, which the browser fetches (and the tests read); `$bytes`, on the desktop,
/// their PNGs built into the program.
macro_rules! figure_set {
    ($names:ident, $bytes:ident, $n:expr, [$($name:literal),* $(,)?]) => {
        #[cfg(any(test, target_arch = "wasm32"))]
        const $names: [&str; $n] = [$($name),*];
        #[cfg(not(target_arch = "wasm32"))]
        const $bytes: [&[u8]; $n] = [$(
            include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/go/figures/", $name, ".png"))
                .as_slice()
        ),*];
    };
}

// Black then white, in [`Kind::ALL`]'s order, and the two stones.
figure_set!(
    BLACK_NAMES,
    BLACK,
    KINDS,
    ["br", "bb", "bq", "bk", "bw", "bn", "bm", "bp", "bd", "ba"]
);
figure_set!(
    WHITE_NAMES,
    WHITE,
    KINDS,
    ["wr", "wb", "wq", "wk", "ww", "wn", "wm", "wp", "wd", "wa"]
);
figure_set!(STONE_NAMES, STONES, 2, ["bs", "ws"]);

/// Decodes a PNG (grey or colour, with or without alpha) into straight RGBA bytes.
pub fn decode(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(
        png::Transformations::EXPAND | png::Transformations::STRIP_16 | png::Transformations::ALPHA,
    );
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| "the image is too large".to_string())?;
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    buffer.truncate(info.buffer_size());
    let mut rgba: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::GrayscaleAlpha => buffer
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        other => return Err(format!("unexpected colour type {other:?}")),
    };
    // Fully transparent pixels carry no colour: egui draws textures as premultiplied, and
    // a colour left there showed as a square around a stone.
    for p in rgba.chunks_exact_mut(4) {
        if p[3] == 0 {
            p[..3].fill(0);
        }
    }
    Ok((info.width, info.height, rgba))
}

/// A figure's image, from its PNG's bytes.
fn image(bytes: &[u8]) -> Result<Image, String> {
    let (width, height, data) = decode(bytes)?;
    Ok(image_of(width, height, data))
}

/// An image of straight RGBA bytes.
fn image_of(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

impl FromWorld for Figures {
    fn from_world(world: &mut World) -> Figures {
        // Without a renderer (the windowless tests) there are no images to make.
        if world.get_resource::<Assets<Image>>().is_none() {
            return Figures::none();
        }
        figures(world)
    }
}

/// The desktop: the figures decoded from the program's own bytes.
#[cfg(not(target_arch = "wasm32"))]
fn figures(world: &mut World) -> Figures {
    let mut images = world.resource_mut::<Assets<Image>>();
    // The figures are the program's own files: a failure here is a broken build, which
    // the tests catch (every figure is decoded there).
    let mut add = |bytes: &[u8]| {
        let blank = || image_of(1, 1, vec![0; 4]);
        images.add(image(bytes).unwrap_or_else(|_| blank()))
    };
    Figures {
        black: BLACK.map(&mut add),
        white: WHITE.map(&mut add),
        stones: STONES.map(&mut add),
    }
}

/// The browser: the figures are fetched beside the game (`assets/go/figures/`), so that
/// their 150 KB of PNG are not part of the game's download; they appear once they arrive
/// (the frames keep coming meanwhile: [`FiguresLoading`]).
#[cfg(target_arch = "wasm32")]
fn figures(world: &mut World) -> Figures {
    let Some(server) = world.get_resource::<AssetServer>() else {
        return Figures::none();
    };
    let load = |name: &&str| server.load::<Image>(format!("go/figures/{name}.png"));
    let figures = Figures {
        black: BLACK_NAMES.each_ref().map(load),
        white: WHITE_NAMES.each_ref().map(load),
        stones: STONE_NAMES.each_ref().map(load),
    };
    world.insert_resource(web::FiguresLoading);
    figures
}

/// The browser's loading of the figures.
#[cfg(target_arch = "wasm32")]
pub(super) mod web {
    use bevy::asset::RecursiveDependencyLoadState;
    use bevy::prelude::*;

    use super::Figures;
    use crate::game::app::bytes_asset::{BytesLoader, FromBytes};

    /// Present while figures are on their way: the frame pace keeps drawing.
    #[derive(Resource)]
    pub struct FiguresLoading;

    /// A figure's PNG (the browser's Bevy has no image formats).
    impl FromBytes for Image {
        const EXTENSIONS: &'static [&'static str] = &["png"];
        fn from_bytes(bytes: Vec<u8>) -> Result<Image, String> {
            super::image(&bytes)
        }
    }

    /// The figures' loader, and the pace's watch while they load.
    pub fn register(app: &mut App) {
        if app.is_plugin_added::<AssetPlugin>() {
            app.init_asset_loader::<BytesLoader<Image>>();
        }
        crate::game::app::pace::watch_presence::<FiguresLoading>(app);
        app.add_systems(Update, arrived.run_if(resource_exists::<FiguresLoading>));
    }

    /// Once every figure has arrived (or failed: its piece is then drawn without one), the
    /// frames need not keep coming.
    fn arrived(mut commands: Commands, figures: Res<Figures>, server: Res<AssetServer>) {
        let settled = |h: &Handle<Image>| {
            matches!(
                server.recursive_dependency_load_state(h),
                RecursiveDependencyLoadState::Loaded | RecursiveDependencyLoadState::Failed(_)
            )
        };
        if figures
            .black
            .iter()
            .chain(&figures.white)
            .chain(&figures.stones)
            .all(settled)
        {
            commands.remove_resource::<FiguresLoading>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_decodes_to_a_square_with_a_shape_in_it() {
        for bytes in BLACK.iter().chain(&WHITE).chain(&STONES) {
            let (w, h, data) = decode(bytes).expect("a figure decodes");
            assert_eq!((w, h), (128, 128));
            assert_eq!(data.len(), 128 * 128 * 4);
            let opaque = data.chunks_exact(4).filter(|p| p[3] > 200).count();
            let clear = data.chunks_exact(4).filter(|p| p[3] < 20).count();
            assert!(opaque > 128 * 128 / 10, "a figure is mostly see-through");
            assert!(clear > 128 * 128 / 10, "a figure fills its square");
            assert!(
                data.chunks_exact(4)
                    .all(|p| p[3] > 0 || p[..3] == [0, 0, 0]),
                "a see-through pixel with a colour (a square in egui)"
            );
        }
    }

    #[test]
    fn the_browsers_figure_files_are_the_desktops_built_in_figures() {
        let names = BLACK_NAMES.iter().chain(&WHITE_NAMES).chain(&STONE_NAMES);
        let bytes = BLACK.iter().chain(&WHITE).chain(&STONES);
        for (name, built_in) in names.zip(bytes) {
            let path = format!(
                "{}/assets/go/figures/{name}.png",
                env!("CARGO_MANIFEST_DIR")
            );
            let file = std::fs::read(&path).expect("the figure's file");
            assert_eq!(&file[..], *built_in, "{name}");
        }
    }

    #[test]
    fn black_figures_are_dark_and_white_ones_light() {
        let mean = |bytes: &[u8]| {
            let (_, _, data) = decode(bytes).unwrap();
            let solid: Vec<_> = data.chunks_exact(4).filter(|p| p[3] > 200).collect();
            solid.iter().map(|p| u32::from(p[0])).sum::<u32>() / solid.len() as u32
        };
        for i in 0..KINDS {
            assert!(mean(BLACK[i]) < mean(WHITE[i]), "kind {i}");
        }
    }

    #[test]
    fn the_drawn_figures_differ_from_every_other_kind() {
        // The dabbaba and the alfil are drawn, not glyphs: each silhouette differs from
        // every other kind's in a tenth of the square at least.
        let shape = |bytes: &[u8]| -> Vec<bool> {
            let (_, _, data) = decode(bytes).unwrap();
            data.chunks_exact(4).map(|p| p[3] > 128).collect()
        };
        for figures in [&BLACK, &WHITE] {
            for drawn in [Kind::Dabbaba, Kind::Alfil] {
                for other in Kind::ALL.into_iter().filter(|k| *k != drawn) {
                    let (a, b) = (shape(figures[drawn.index()]), shape(figures[other.index()]));
                    let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
                    assert!(differ > 128 * 128 / 10, "{drawn} and {other} look alike");
                }
            }
        }
    }
}
