//! The browser build's text shaping (web/harfrust, put in place of harfrust by
//! web/build.sh) against harfrust's, which the desktop's epaint uses: on the game's fonts,
//! the same glyphs at the same advances, kerning included, for the text the game writes.

#[path = "../web/harfrust/src/lib.rs"]
#[allow(dead_code)]
mod standin;

const FONTS: [&str; 3] = [
    "assets/fonts/ubuntu-light-derivative-chogo.ttf",
    "assets/fonts/hack-chogo.ttf",
    "assets/fonts/stars-chogo.ttf",
];

/// Glyph ids, byte clusters and advances of `text`, shaped by harfrust.
fn theirs(font: &harfrust::FontRef, text: &str) -> Vec<(u32, u32, i32)> {
    let data = harfrust::ShaperData::new(font);
    let shaper = data.shaper(font).build();
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let shaped = shaper.shape(buffer, harfrust::ShapeOptions::new());
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(i, p)| (i.glyph_id, i.cluster, p.x_advance))
        .collect()
}

/// The same by the stand-in.
fn ours(font: &standin::FontRef, text: &str) -> Vec<(u32, u32, i32)> {
    let data = standin::ShaperData::new(font);
    let shaper = data.shaper(font).instance(None).build();
    let mut buffer = standin::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let shaped = shaper.shape(buffer, standin::ShapeOptions::new());
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(i, p)| (i.glyph_id, i.cluster, p.x_advance))
        .collect()
}

/// Every character each font maps, as the game's font builder kept them.
fn mapped(font: &standin::FontRef) -> Vec<char> {
    use read_fonts::TableProvider;
    let cmap = font.cmap().expect("a cmap");
    (0x20u32..0x3000)
        .filter_map(char::from_u32)
        .filter(|&c| cmap.map_codepoint(c).is_some_and(|g| g.to_u32() != 0))
        .collect()
}

#[test]
fn every_pair_of_characters_shapes_as_harfrust_shapes_it() {
    for path in FONTS {
        let bytes = std::fs::read(path).unwrap();
        let font = standin::FontRef::new(&bytes).unwrap();
        let theirs_font = harfrust::FontRef::new(&bytes).unwrap();
        let chars = mapped(&font);
        assert!(
            chars.len() > 10 || path.contains("stars"),
            "{path}: {}",
            chars.len()
        );
        let mut kerned = 0;
        let mut ligatures = Vec::new();
        for &a in &chars {
            for &b in &chars {
                let text: String = [a, b].into_iter().collect();
                let (t, o) = (theirs(&theirs_font, &text), ours(&font, &text));
                if t.len() != 2 {
                    // A ligature (one glyph for two characters): the stand-in draws both.
                    ligatures.push(text);
                    continue;
                }
                assert_eq!(o, t, "{path}: {text:?}");
                let single = ours(&font, &a.to_string())[0].2;
                kerned += usize::from(o[0].2 != single);
            }
        }
        // Ubuntu Light's kerning is in its GPOS: the pairs it moves (9,583 of its 363
        // characters' pairs) are moved here too.
        if path.contains("ubuntu") {
            assert!(kerned > 9000, "{path}: only {kerned} kerned pairs");
        }
        // What harfrust joins that the stand-in does not: Ubuntu Light's f-ligatures
        // (drawn as two letters in the browser), nothing else.
        assert!(
            ligatures
                .iter()
                .all(|l| ["ff", "fi", "fl"].contains(&l.as_str())),
            "{path}: {ligatures:?}"
        );
    }
}

#[test]
fn the_games_lines_come_out_as_wide() {
    let bytes = std::fs::read(FONTS[0]).unwrap();
    let font = standin::FontRef::new(&bytes).unwrap();
    let theirs_font = harfrust::FontRef::new(&bytes).unwrap();
    for text in [
        "Black to move",
        "White: Medium bot",
        "The engine plays b2-b5 (63%)",
        "Go with chess pieces · 9 × 9, rooks and bishops, basic ko, komi 5.5",
        "± Analysis ▤ Review",
        "Click a man, then a cell — or drag it.",
        // A soft hyphen between a kerned pair: hidden, and stepped over by the kerning.
        "A\u{ad}V Ta\u{ad}Yo",
    ] {
        let width = |v: Vec<(u32, u32, i32)>| v.iter().map(|g| g.2).sum::<i32>();
        let (t, o) = (theirs(&theirs_font, text), ours(&font, text));
        assert_eq!(o, t, "{text}");
        assert_eq!(width(o), width(t), "{text}");
    }
}
