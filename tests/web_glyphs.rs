//! The browser build's glyph fill (web/epaint/raster.rs, put into its copy of epaint by
//! web/build.sh) against vello_cpu's, which the desktop's epaint uses: the same glyphs of
//! the game's fonts, at the panel's sizes, must come out with the same coverage.

#[path = "../web/epaint/raster.rs"]
#[allow(dead_code)]
mod raster;

use raster::Outline;
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use vello_cpu::kurbo;

const FONTS: [&str; 3] = [
    "assets/fonts/ubuntu-light-derivative-chogo.ttf",
    "assets/fonts/hack-chogo.ttf",
    "assets/fonts/stars-chogo.ttf",
];

/// Draws a glyph into both outlines, as epaint's pen does (y up in the font, down in
/// the image; a subpixel shift along x).
struct Both<'a> {
    ours: &'a mut Outline,
    theirs: &'a mut kurbo::BezPath,
    dx: f32,
}

impl OutlinePen for Both<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.ours.move_to(x + self.dx, -y);
        self.theirs.move_to(((x + self.dx) as f64, -y as f64));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.ours.line_to(x + self.dx, -y);
        self.theirs.line_to(((x + self.dx) as f64, -y as f64));
    }
    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        self.ours.quad_to(cx + self.dx, -cy, x + self.dx, -y);
        self.theirs.quad_to(
            ((cx + self.dx) as f64, -cy as f64),
            ((x + self.dx) as f64, -y as f64),
        );
    }
    fn curve_to(&mut self, c0x: f32, c0y: f32, c1x: f32, c1y: f32, x: f32, y: f32) {
        let dx = self.dx;
        self.ours
            .curve_to(c0x + dx, -c0y, c1x + dx, -c1y, x + dx, -y);
        self.theirs.curve_to(
            ((c0x + dx) as f64, -c0y as f64),
            ((c1x + dx) as f64, -c1y as f64),
            ((x + dx) as f64, -y as f64),
        );
    }
    fn close(&mut self) {
        self.ours.close();
        self.theirs.close_path();
    }
}

/// vello_cpu's fill of `path` (white, as epaint paints it): each pixel's alpha.
fn vello_fill(path: &kurbo::BezPath, x0: f64, y0: f64, w: u16, h: u16) -> Vec<u8> {
    let mut ctx = vello_cpu::RenderContext::new(w, h);
    ctx.set_transform(kurbo::Affine::translate((-x0, -y0)));
    ctx.set_paint(vello_cpu::color::OpaqueColor::<vello_cpu::color::Srgb>::WHITE);
    ctx.fill_path(path);
    let mut dest = vello_cpu::Pixmap::new(w, h);
    let mut resources = vello_cpu::Resources::new();
    ctx.render(&mut dest, &mut resources);
    dest.data_as_u8_slice()
        .chunks_exact(4)
        .map(|p| p[3])
        .collect()
}

/// Each pixel's share of 16 × 16 sample points inside the outline's lines (non-zero
/// winding), 0–255: the fill worked out another way.
fn supersampled(outline: &Outline, x0: f32, y0: f32, w: usize, h: usize) -> Vec<u8> {
    let lines = outline.lines();
    let mut out = Vec::with_capacity(w * h);
    for py in 0..h {
        for px in 0..w {
            let mut inside = 0u32;
            for sy in 0..16 {
                for sx in 0..16 {
                    let x = x0 + px as f32 + (sx as f32 + 0.5) / 16.0;
                    let y = y0 + py as f32 + (sy as f32 + 0.5) / 16.0;
                    let mut winding = 0i32;
                    for &[ax, ay, bx, by] in lines {
                        if (ay <= y) != (by <= y) {
                            let cross = ax + (y - ay) / (by - ay) * (bx - ax);
                            if cross > x {
                                winding += if by > ay { 1 } else { -1 };
                            }
                        }
                    }
                    inside += u32::from(winding != 0);
                }
            }
            out.push(((inside * 255 + 128) / 256) as u8);
        }
    }
    out
}

#[test]
fn a_square_between_pixel_centres_is_half_covered_at_its_edges() {
    let mut square = Outline::new();
    square.move_to(1.5, 1.5);
    square.line_to(4.5, 1.5);
    square.line_to(4.5, 4.5);
    square.line_to(1.5, 4.5);
    let box_ = square.pixel_box().unwrap();
    assert_eq!(box_, [1.0, 1.0, 5.0, 5.0]);
    let cover = square.fill(0.0, 0.0, 6, 6);
    let at = |x: usize, y: usize| cover[y * 6 + x];
    assert_eq!((at(0, 0), at(2, 2), at(3, 3)), (0, 255, 255));
    assert_eq!(
        (at(1, 2), at(4, 3), at(2, 1), at(3, 4)),
        (128, 128, 128, 128)
    );
    assert_eq!(at(1, 1), 64, "a corner: a quarter");
    assert_eq!(at(5, 3), 0);
    // Drawn the other way round, the same.
    let mut back = Outline::new();
    back.move_to(1.5, 1.5);
    back.line_to(1.5, 4.5);
    back.line_to(4.5, 4.5);
    back.line_to(4.5, 1.5);
    assert_eq!(back.fill(0.0, 0.0, 6, 6), cover);
}

#[test]
fn glyphs_fill_as_vello_cpu_fills_them() {
    let mut compared = 0;
    let mut worst_mean = 0.0f64;
    for file in FONTS {
        let bytes = std::fs::read(file).unwrap();
        let font = skrifa::FontRef::new(&bytes).unwrap();
        let outlines = font.outline_glyphs();
        let text = "agW@8é★→♔0Rq%";
        for c in text.chars() {
            let Some(id) = font.charmap().map(c) else {
                continue;
            };
            let Some(glyph) = outlines.get(id) else {
                continue;
            };
            for (px, dx) in [(13.0, 0.0), (16.0, 0.33), (22.0, 0.66), (40.0, 0.0)] {
                let mut ours = Outline::new();
                let mut theirs = kurbo::BezPath::new();
                let settings = DrawSettings::unhinted(Size::new(px), LocationRef::default());
                glyph
                    .draw(
                        settings,
                        &mut Both {
                            ours: &mut ours,
                            theirs: &mut theirs,
                            dx,
                        },
                    )
                    .unwrap();
                let Some([x0, y0, x1, y1]) = ours.pixel_box() else {
                    continue;
                };
                let bounds = theirs.control_box().expand();
                assert_eq!(
                    [x0, y0, x1, y1].map(f64::from),
                    [bounds.x0, bounds.y0, bounds.x1, bounds.y1],
                    "{c} at {px}: the glyph's box"
                );
                let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
                if w == 0 || h == 0 {
                    continue;
                }
                let mine = ours.fill(x0, y0, w, h);
                let vello = vello_fill(&theirs, x0.into(), y0.into(), w as u16, h as u16);
                let diffs: Vec<i32> = mine
                    .iter()
                    .zip(&vello)
                    .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
                    .collect();
                let most = *diffs.iter().max().unwrap();
                let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
                let ink = |v: &[u8]| v.iter().map(|&a| a as f64).sum::<f64>();
                // The ink is the outline's area. (vello_cpu's comes out 1–4 % short of it,
                // most on small glyphs, whose edges it draws lighter: the two fills differ
                // by up to 12 levels of 255 a pixel on average, ours holding to the exact
                // coverage below.)
                let area = kurbo::Shape::area(&theirs).abs() * 255.0;
                assert!(
                    (ink(&mine) - area).abs() <= 0.01 * area + 255.0,
                    "{c} at {px} px (shift {dx}): ink {} for an area of {area:.0}",
                    ink(&mine)
                );
                // Against the exact coverage of the same lines, sampled 16 × 16 a pixel.
                let sampled = supersampled(&ours, x0, y0, w, h);
                let off: Vec<i32> = mine
                    .iter()
                    .zip(&sampled)
                    .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
                    .collect();
                let (off_most, off_mean) = (
                    *off.iter().max().unwrap(),
                    off.iter().map(|&d| f64::from(d)).sum::<f64>() / off.len() as f64,
                );
                assert!(
                    off_most <= 16 && off_mean <= 2.0,
                    "{c} at {px} px (shift {dx}): at most {off_most} and {off_mean:.2} on \
                     average off the sampled coverage"
                );
                assert!(
                    most <= 96 && mean <= 16.0,
                    "{c} at {px} px (shift {dx}): at most {most} and {mean:.2} on average \
                     off vello_cpu's coverage (ink {} against {}; the area {area:.0})",
                    ink(&mine),
                    ink(&vello)
                );
                worst_mean = worst_mean.max(mean);
                compared += 1;
            }
        }
    }
    assert!(compared >= 30, "only {compared} glyphs compared");
    eprintln!("{compared} glyphs compared, the worst mean difference {worst_mean:.2} of 255");
}
