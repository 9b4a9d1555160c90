//! Chogo's stand-in for `harfrust` 0.12 in the browser build (web/build.sh patches it in;
//! the desktop build links the real shaper).
//!
//! egui 0.36 shapes every run of text with harfrust, a port of HarfBuzz: scripts, marks,
//! ligatures and contextual forms, with their Unicode tables. The game writes Latin text,
//! punctuation, arrows and a few shapes in three small fonts of its own (assets/fonts), for
//! which shaping comes down to one glyph per character at its advance, moved by the
//! font's pair kerning. This crate does that much behind the part of harfrust's interface
//! that epaint calls, so that the page carries none of the rest (docs/BROWSER.md gives
//! what it saves). Clusters are the characters' byte offsets, as harfrust reports them.

use read_fonts::tables::gpos::{Gpos, PairPos, PositionSubtables};
use read_fonts::tables::layout::ClassDef;
use read_fonts::{ReadError, TableProvider};

pub use read_fonts::FontRef;
pub use read_fonts::types::{GlyphId, Tag};

/// One variation axis setting (kept for the interface: the game's fonts have no axes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Variation {
    pub tag: Tag,
    pub value: f32,
}

/// Flags for a buffer, as harfrust's: where a run stands in its paragraph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BufferFlags(u32);

impl BufferFlags {
    pub const BEGINNING_OF_TEXT: BufferFlags = BufferFlags(1);
    pub const END_OF_TEXT: BufferFlags = BufferFlags(2);

    pub const fn empty() -> BufferFlags {
        BufferFlags(0)
    }

    pub const fn bits(self) -> u32 {
        self.0
    }

    pub const fn contains(self, other: BufferFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for BufferFlags {
    type Output = BufferFlags;
    fn bitor(self, other: BufferFlags) -> BufferFlags {
        BufferFlags(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for BufferFlags {
    fn bitor_assign(&mut self, other: BufferFlags) {
        self.0 |= other.0;
    }
}

/// The text to shape.
#[derive(Clone, Debug, Default)]
pub struct UnicodeBuffer {
    text: String,
    flags: BufferFlags,
}

impl UnicodeBuffer {
    pub fn new() -> UnicodeBuffer {
        UnicodeBuffer::default()
    }

    pub fn push_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    pub fn set_flags(&mut self, flags: BufferFlags) {
        self.flags = flags;
    }

    pub fn flags(&self) -> BufferFlags {
        self.flags
    }

    /// Left to right, whatever the text: the only direction the game writes.
    pub fn guess_segment_properties(&mut self) {}

    pub fn len(&self) -> usize {
        self.text.chars().count()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.flags = BufferFlags::empty();
    }
}

/// A glyph placed: which glyph, and the byte offset of its character in the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlyphInfo {
    pub glyph_id: u32,
    pub cluster: u32,
}

/// Where a glyph goes, in font units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlyphPosition {
    pub x_advance: i32,
    pub y_advance: i32,
    pub x_offset: i32,
    pub y_offset: i32,
}

/// The shaped run.
#[derive(Clone, Debug, Default)]
pub struct GlyphBuffer {
    infos: Vec<GlyphInfo>,
    positions: Vec<GlyphPosition>,
    text: String,
}

impl GlyphBuffer {
    pub fn glyph_infos(&self) -> &[GlyphInfo] {
        &self.infos
    }

    pub fn glyph_positions(&self) -> &[GlyphPosition] {
        &self.positions
    }

    pub fn len(&self) -> usize {
        self.infos.len()
    }

    pub fn is_empty(&self) -> bool {
        self.infos.is_empty()
    }

    /// The buffer back, empty, for the next run (its text's allocation kept).
    pub fn clear(mut self) -> UnicodeBuffer {
        self.text.clear();
        UnicodeBuffer {
            text: self.text,
            flags: BufferFlags::empty(),
        }
    }
}

/// What is kept of a font between runs: the indices of its kerning lookups (its script
/// and feature lists are read once, when the font is loaded).
#[derive(Clone, Debug, Default)]
pub struct ShaperData {
    kern_lookups: Vec<u16>,
}

impl ShaperData {
    pub fn new(font: &FontRef) -> ShaperData {
        ShaperData {
            kern_lookups: font
                .gpos()
                .and_then(|gpos| kern_lookups(&gpos))
                .unwrap_or_default(),
        }
    }

    pub fn shaper<'a>(&'a self, font: &FontRef<'a>) -> ShaperBuilder<'a> {
        ShaperBuilder {
            font: font.clone(),
            data: self,
        }
    }
}

/// A font's variation instance (the game's fonts have none: the default instance).
#[derive(Clone, Debug, Default)]
pub struct ShaperInstance;

impl ShaperInstance {
    pub fn from_variations<V>(_font: &FontRef, _variations: V) -> ShaperInstance
    where
        V: IntoIterator,
        V::Item: Into<Variation>,
    {
        ShaperInstance
    }
}

pub struct ShaperBuilder<'a> {
    font: FontRef<'a>,
    data: &'a ShaperData,
}

impl<'a> ShaperBuilder<'a> {
    pub fn instance(self, _instance: Option<&'a ShaperInstance>) -> ShaperBuilder<'a> {
        self
    }

    pub fn build(self) -> Shaper<'a> {
        Shaper {
            font: self.font,
            data: self.data,
        }
    }
}

/// Options of a shaping call (none apply).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShapeOptions;

impl ShapeOptions {
    pub fn new() -> ShapeOptions {
        ShapeOptions
    }
}

/// Shapes runs of one font.
pub struct Shaper<'a> {
    font: FontRef<'a>,
    data: &'a ShaperData,
}

impl Shaper<'_> {
    /// One glyph per character (the font's nominal glyph, 0 where it has none) at its
    /// advance, each advance moved by the font's kerning of the pair it starts.
    pub fn shape(&self, buffer: UnicodeBuffer, _options: ShapeOptions) -> GlyphBuffer {
        let cmap = self.font.cmap().ok();
        let hmtx = self.font.hmtx().ok();
        let long_metrics = self
            .font
            .hhea()
            .map(|h| h.number_of_h_metrics() as usize)
            .unwrap_or(0);
        let advance = |glyph: GlyphId| -> i32 {
            let Some(hmtx) = &hmtx else { return 0 };
            let metrics = hmtx.h_metrics();
            let index = (glyph.to_u32() as usize).min(long_metrics.saturating_sub(1));
            metrics.get(index).map_or(0, |m| m.advance() as i32)
        };
        let kerning = Kerning::of(&self.font, &self.data.kern_lookups);
        // Characters that are never seen (a soft hyphen, joiners, marks of direction)
        // take the space's glyph at no width, as harfrust hides them (its list of them
        // leaves out a few Hangul fillers that Unicode's has; the game writes neither).
        let hidden = cmap
            .as_ref()
            .and_then(|c| c.map_codepoint(' '))
            .unwrap_or(GlyphId::NOTDEF);
        let mut infos = Vec::with_capacity(buffer.text.len());
        let mut positions = Vec::with_capacity(buffer.text.len());
        for (offset, ch) in buffer.text.char_indices() {
            let (glyph, width) = if default_ignorable(ch) {
                (hidden, 0)
            } else {
                let glyph = cmap
                    .as_ref()
                    .and_then(|c| c.map_codepoint(ch))
                    .unwrap_or(GlyphId::NOTDEF);
                (glyph, advance(glyph))
            };
            infos.push(GlyphInfo {
                glyph_id: glyph.to_u32(),
                cluster: offset as u32,
            });
            positions.push(GlyphPosition {
                x_advance: width,
                ..GlyphPosition::default()
            });
        }
        // Each seen glyph is kerned against the next seen one: a hidden character between
        // them is stepped over, as the shaper steps over it.
        let seen: Vec<usize> = buffer
            .text
            .chars()
            .enumerate()
            .filter(|&(_, ch)| !default_ignorable(ch))
            .map(|(i, _)| i)
            .collect();
        for pair in seen.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            positions[a].x_advance += kerning.between(infos[a].glyph_id, infos[b].glyph_id);
        }
        GlyphBuffer {
            infos,
            positions,
            text: buffer.text,
        }
    }
}

/// Unicode's default ignorable code points (DerivedCoreProperties.txt), which text
/// shows as nothing.
fn default_ignorable(ch: char) -> bool {
    matches!(
        ch as u32,
        0xAD | 0x34F
            | 0x61C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// The font's kerning: the pair adjustment lookups (GPOS type 2, also behind extension
/// lookups) of its `kern` feature for Latin text, in lookup order, each a list of
/// subtables. As in OpenType, the first subtable of a lookup that takes a pair decides that
/// lookup's adjustment, and the lookups' adjustments add up.
struct Kerning<'a> {
    lookups: Vec<Vec<PairPos<'a>>>,
}

impl<'a> Kerning<'a> {
    /// The subtables of the font's lookups at `indices` (its [`kern_lookups`]).
    fn of(font: &FontRef<'a>, indices: &[u16]) -> Kerning<'a> {
        let lookups = (|| -> Result<Vec<Vec<PairPos<'a>>>, ReadError> {
            let list = font.gpos()?.lookup_list()?.lookups();
            let mut lookups = Vec::new();
            for &index in indices {
                if let Ok(PositionSubtables::Pair(subtables)) =
                    list.get(index as usize)?.subtables()
                {
                    lookups.push(subtables.iter().flatten().collect());
                }
            }
            Ok(lookups)
        })()
        .unwrap_or_default();
        Kerning { lookups }
    }

    /// The change to the first glyph's advance when the second follows it.
    fn between(&self, first: u32, second: u32) -> i32 {
        let (first, second) = (GlyphId::new(first), GlyphId::new(second));
        self.lookups
            .iter()
            .filter_map(|subtables| {
                subtables
                    .iter()
                    .find_map(|table| pair_adjustment(table, first, second))
            })
            .sum()
    }
}

/// The lookups of the `kern` feature in the script harfrust picks for the game's text:
/// Latin (which it also falls back to for text of common characters only), else the
/// default script; sorted, as lookups apply in their list's order.
fn kern_lookups(gpos: &Gpos) -> Result<Vec<u16>, ReadError> {
    let scripts = gpos.script_list()?;
    let features = gpos.feature_list()?;
    let wanted = |tag: &[u8; 4]| {
        scripts
            .script_records()
            .iter()
            .find(|r| r.script_tag() == Tag::new(tag))
    };
    let Some(record) = wanted(b"latn").or_else(|| wanted(b"DFLT")) else {
        return Ok(Vec::new());
    };
    let Some(lang) = record.script(scripts.offset_data())?.default_lang_sys() else {
        return Ok(Vec::new());
    };
    let mut lookups = Vec::new();
    for index in lang?.feature_indices() {
        let Some(feature) = features.feature_records().get(index.get() as usize) else {
            continue;
        };
        if feature.feature_tag() == Tag::new(b"kern") {
            let table = feature.feature(features.offset_data())?;
            lookups.extend(table.lookup_list_indices().iter().map(|i| i.get()));
        }
    }
    lookups.sort_unstable();
    lookups.dedup();
    Ok(lookups)
}

/// A pair subtable's x-advance change for (first, second), `None` when it does not cover
/// the pair.
fn pair_adjustment(table: &PairPos, first: GlyphId, second: GlyphId) -> Option<i32> {
    match table {
        PairPos::Format1(t) => {
            let index = t.coverage().ok()?.get(first)?;
            let set = t.pair_sets().get(index as usize).ok()?;
            let record = set
                .pair_value_records()
                .iter()
                .flatten()
                .find(|r| r.second_glyph().to_u32() == second.to_u32())?;
            Some(record.value_record1().x_advance().unwrap_or(0) as i32)
        }
        PairPos::Format2(t) => {
            t.coverage().ok()?.get(first)?;
            let class =
                |def: Result<ClassDef, ReadError>, glyph: GlyphId| def.map_or(0, |d| d.get(glyph));
            let c1 = class(t.class_def1(), first);
            let c2 = class(t.class_def2(), second);
            let row = t.class1_records().get(c1 as usize).ok()?;
            let cell = row.class2_records().get(c2 as usize).ok()?;
            Some(cell.value_record1().x_advance().unwrap_or(0) as i32)
        }
    }
}
