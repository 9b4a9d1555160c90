//! Where a board's lessons and puzzles come from: on the desktop, built into the program
//! (`crate::learn::shipped`, `crate::learn::lesson::shipped`); in the browser, fetched
//! beside the game from `assets/lessons/<game>.json` and `assets/puzzles/<game>.jsonl`,
//! so that they are not part of the game's download (docs/BROWSER.md). Either way the
//! texts go through the same reading ([`super::drive::fill`]).

use bevy::prelude::*;

use crate::common::taught::Taught;
use crate::game::app::bot_turn::BoardBots;
use crate::game::app::screen::GameKind;
use crate::game::app::study::StudiedBoard;

/// The desktop: the files are in the program.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn register<G: Taught + StudiedBoard + BoardBots>(app: &mut App, kind: GameKind) {
    let lessons =
        crate::learn::lesson::shipped(G::GAME).ok_or_else(|| format!("{} has no lessons", G::GAME));
    let puzzles = crate::learn::shipped(G::GAME).unwrap_or_default();
    super::drive::fill::<G>(app.world_mut(), kind, lessons, Ok(puzzles));
}

/// The browser: the files are asked for at start-up and read when they arrive.
#[cfg(target_arch = "wasm32")]
pub(super) fn register<G: Taught + StudiedBoard + BoardBots>(app: &mut App, kind: GameKind) {
    web::register::<G>(app, kind);
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::marker::PhantomData;

    use bevy::asset::LoadState;
    use bevy::prelude::*;

    use super::super::drive::fill;
    use crate::common::taught::Taught;
    use crate::game::app::bot_turn::BoardBots;
    use crate::game::app::bytes_asset::{BytesLoader, FromBytes};
    use crate::game::app::screen::GameKind;
    use crate::game::app::study::StudiedBoard;

    /// A data file's text.
    #[derive(Asset, TypePath, Debug)]
    pub struct LearnText(pub String);

    impl FromBytes for LearnText {
        const EXTENSIONS: &'static [&'static str] = &["json", "jsonl"];
        fn from_bytes(bytes: Vec<u8>) -> Result<LearnText, String> {
            String::from_utf8(bytes)
                .map(LearnText)
                .map_err(|e| e.to_string())
        }
    }

    /// A board's two files on their way.
    #[derive(Resource)]
    struct Loading<G> {
        kind: GameKind,
        lessons: Handle<LearnText>,
        puzzles: Handle<LearnText>,
        game: PhantomData<fn() -> G>,
    }

    pub(super) fn register<G: Taught + StudiedBoard + BoardBots>(app: &mut App, kind: GameKind) {
        if !app.is_plugin_added::<AssetPlugin>() {
            fill::<G>(
                app.world_mut(),
                kind,
                Err("The lessons cannot be loaded here".into()),
                Err("The puzzles cannot be loaded here".into()),
            );
            return;
        }
        if !app.world().contains_resource::<Assets<LearnText>>() {
            app.init_asset::<LearnText>();
            app.init_asset_loader::<BytesLoader<LearnText>>();
        }
        fill::<G>(
            app.world_mut(),
            kind,
            Err("The lessons are on their way…".into()),
            Err("The puzzles are on their way…".into()),
        );
        let server = app.world().resource::<AssetServer>();
        let loading = Loading::<G> {
            kind,
            lessons: server.load(format!("lessons/{}.json", G::GAME)),
            puzzles: server.load(format!("puzzles/{}.jsonl", G::GAME)),
            game: PhantomData,
        };
        app.insert_resource(loading);
        app.add_systems(Update, arrive::<G>.run_if(resource_exists::<Loading<G>>));
        // Frames come while the files are on their way, so that they are read (and the
        // screens say so) when they arrive, not at the next input.
        crate::game::app::pace::watch_presence::<Loading<G>>(app);
    }

    /// A file arrived, or could not: its text or why not.
    fn outcome(
        world: &World,
        handle: &Handle<LearnText>,
        what: &str,
    ) -> Option<Result<String, String>> {
        match world.resource::<AssetServer>().load_state(handle) {
            LoadState::Loaded => world
                .resource::<Assets<LearnText>>()
                .get(handle)
                .map(|t| Ok(t.0.clone())),
            LoadState::Failed(e) => Some(Err(format!("The {what} could not be loaded: {e}"))),
            _ => None,
        }
    }

    /// Once both files are in, the board's lessons and puzzles are read from them.
    fn arrive<G: Taught + StudiedBoard + BoardBots>(world: &mut World) {
        let loading = world.resource::<Loading<G>>();
        let kind = loading.kind;
        let (Some(lessons), Some(puzzles)) = (
            outcome(world, &loading.lessons, "lessons"),
            outcome(world, &loading.puzzles, "puzzles"),
        ) else {
            return;
        };
        world.remove_resource::<Loading<G>>();
        fill::<G>(
            world,
            kind,
            lessons.as_deref().map_err(Clone::clone),
            puzzles.as_deref().map_err(Clone::clone),
        );
    }
}
