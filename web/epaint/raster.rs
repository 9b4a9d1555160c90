//! A glyph's outline filled into coverage, for the browser build's copy of epaint
//! (web/build.sh): epaint 0.36 fills each glyph with vello_cpu, whose general 2D
//! renderer (blends, gradients, images, two pipelines, generated SIMD fallbacks) is about
//! 0.9 MB of the game's wasm for what is one solid path a glyph. This file does only that
//! fill: the outline's curves are cut into lines, each line adds its signed share of each
//! pixel's area to a row buffer, and a running sum along each row gives the coverage
//! (non-zero winding, as TrueType and CFF outlines are drawn).
//!
//! Made for this project; the tests (tests/web_glyphs.rs) hold it to vello_cpu's fill of
//! the game's own fonts.

/// An outline being drawn (pixels, y down), then filled.
#[derive(Default, Debug, Clone)]
pub struct Outline {
    lines: Vec<[f32; 4]>,
    start: (f32, f32),
    at: (f32, f32),
    /// The control points' box: x0, y0, x1, y1.
    min: (f32, f32),
    max: (f32, f32),
    any: bool,
}

/// How far a flattened curve may stray from the true one, in pixels.
const TOLERANCE: f32 = 0.05;

impl Outline {
    pub fn new() -> Outline {
        Outline::default()
    }

    fn touch(&mut self, (x, y): (f32, f32)) {
        if self.any {
            self.min = (self.min.0.min(x), self.min.1.min(y));
            self.max = (self.max.0.max(x), self.max.1.max(y));
        } else {
            self.min = (x, y);
            self.max = (x, y);
            self.any = true;
        }
    }

    fn line(&mut self, to: (f32, f32)) {
        let from = self.at;
        if from != to {
            self.lines.push([from.0, from.1, to.0, to.1]);
        }
        self.at = to;
    }

    pub fn move_to(&mut self, x: f32, y: f32) {
        self.close();
        self.start = (x, y);
        self.at = (x, y);
        self.touch((x, y));
    }

    pub fn line_to(&mut self, x: f32, y: f32) {
        self.touch((x, y));
        self.line((x, y));
    }

    pub fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let (p0, p1, p2) = (self.at, (cx, cy), (x, y));
        self.touch(p1);
        self.touch(p2);
        // The curve strays from its chord by at most a quarter of this second difference,
        // and by that over n² once cut into n pieces.
        let bend = hypot(p0.0 - 2.0 * p1.0 + p2.0, p0.1 - 2.0 * p1.1 + p2.1) / 4.0;
        let n = pieces(bend);
        for i in 1..=n {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            let a = (u * u, 2.0 * u * t, t * t);
            self.line((
                a.0 * p0.0 + a.1 * p1.0 + a.2 * p2.0,
                a.0 * p0.1 + a.1 * p1.1 + a.2 * p2.1,
            ));
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn curve_to(&mut self, c0x: f32, c0y: f32, c1x: f32, c1y: f32, x: f32, y: f32) {
        let (p0, p1, p2, p3) = (self.at, (c0x, c0y), (c1x, c1y), (x, y));
        self.touch(p1);
        self.touch(p2);
        self.touch(p3);
        let d1 = hypot(p0.0 - 2.0 * p1.0 + p2.0, p0.1 - 2.0 * p1.1 + p2.1);
        let d2 = hypot(p1.0 - 2.0 * p2.0 + p3.0, p1.1 - 2.0 * p2.1 + p3.1);
        let n = pieces(0.75 * d1.max(d2));
        for i in 1..=n {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            let a = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            self.line((
                a.0 * p0.0 + a.1 * p1.0 + a.2 * p2.0 + a.3 * p3.0,
                a.0 * p0.1 + a.1 * p1.1 + a.2 * p2.1 + a.3 * p3.1,
            ));
        }
    }

    /// The lines the outline's contours were cut into: x0, y0, x1, y1 each (for the
    /// tests; epaint does not ask).
    #[allow(dead_code)]
    pub fn lines(&self) -> &[[f32; 4]] {
        &self.lines
    }

    /// Closes the contour being drawn (a line back to its start).
    pub fn close(&mut self) {
        let start = self.start;
        self.line(start);
    }

    /// The control points' box grown out to whole pixels: x0, y0, x1, y1 (`None` for an
    /// empty outline).
    pub fn pixel_box(&self) -> Option<[f32; 4]> {
        self.any.then(|| {
            [
                self.min.0.floor(),
                self.min.1.floor(),
                self.max.0.ceil(),
                self.max.1.ceil(),
            ]
        })
    }

    /// The coverage (0–255) of each pixel of the `width` × `height` image whose top left
    /// corner is at (`x0`, `y0`), row by row. The outline is closed first.
    pub fn fill(&mut self, x0: f32, y0: f32, width: usize, height: usize) -> Vec<u8> {
        self.close();
        // A row has one cell more than the image: what a line adds right of its last
        // pixel (the rest of the row) lands there and never in the next row.
        let stride = width + 1;
        let mut area = vec![0f32; stride * height];
        for &[ax, ay, bx, by] in &self.lines {
            add_line(
                &mut area,
                stride,
                width as f32,
                height,
                (ax - x0, ay - y0),
                (bx - x0, by - y0),
            );
        }
        let mut out = Vec::with_capacity(width * height);
        for row in area.chunks_exact(stride) {
            let mut sum = 0.0;
            for &a in &row[..width] {
                sum += a;
                out.push((sum.abs().min(1.0) * 255.0 + 0.5) as u8);
            }
        }
        out
    }
}

fn hypot(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Into how many lines a curve that bends away from its chord by `bend` pixels is cut.
fn pieces(bend: f32) -> usize {
    ((bend / TOLERANCE).sqrt().ceil() as usize).clamp(1, 100)
}

/// Adds one line's signed area to the rows it crosses: in each row, the pixel area to the
/// right of the line, over the height it spans there (negative going up), as differences
/// along the row (a running sum gives it back).
fn add_line(
    area: &mut [f32],
    stride: usize,
    width: f32,
    height: usize,
    a: (f32, f32),
    b: (f32, f32),
) {
    if a.1 == b.1 {
        return;
    }
    let (sign, top, bottom) = if a.1 < b.1 { (1.0, a, b) } else { (-1.0, b, a) };
    let slope = (bottom.0 - top.0) / (bottom.1 - top.1);
    let x_at = |y: f32| (top.0 + (y - top.1) * slope).clamp(0.0, width);
    let first = top.1.max(0.0).floor() as usize;
    let last = (bottom.1.min(height as f32).ceil() as usize).min(height);
    for row in first..last {
        let y_top = top.1.max(row as f32);
        let y_bottom = bottom.1.min(row as f32 + 1.0);
        if y_bottom <= y_top {
            continue;
        }
        let share = sign * (y_bottom - y_top);
        let (xa, xb) = (x_at(y_top), x_at(y_bottom));
        let (left, right) = if xa < xb { (xa, xb) } else { (xb, xa) };
        let cells = &mut area[row * stride..(row + 1) * stride];
        let from = (left.floor() as usize).min(stride - 1);
        let to = (right.floor() as usize).min(stride - 1);
        let mut before = 0.0;
        for (c, cell) in cells.iter_mut().enumerate().take(to + 1).skip(from) {
            let now = share * right_of(c as f32, left, right);
            *cell += now - before;
            before = now;
        }
        if to + 1 < stride {
            cells[to + 1] += share - before;
        }
    }
}

/// The share of pixel column `c` (from `c` to `c + 1`) right of a line that runs across the
/// row from `left` to `right`, averaged over the row's height (the line's x is spread
/// evenly between them).
fn right_of(c: f32, left: f32, right: f32) -> f32 {
    // Right of a line at x, within the column: 1 while x is left of the column, falling to
    // 0 across it. `whole` is that share's antiderivative (0 at the column's left edge).
    let whole = |x: f32| {
        let s = x - c;
        if s <= 0.0 {
            s
        } else if s < 1.0 {
            s - s * s / 2.0
        } else {
            0.5
        }
    };
    if right - left < 1e-6 {
        let s = left - c;
        return (1.0 - s).clamp(0.0, 1.0);
    }
    (whole(right) - whole(left)) / (right - left)
}
