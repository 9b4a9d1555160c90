//! The browser build draws with three small fonts cut from egui's (assets/fonts,
//! make_fonts.sh) instead of egui's whole set: every character the game writes — in its
//! source's strings, its lessons and its rule books — must be in one of them, or the
//! browser shows an empty box where the desktop shows the character.

use std::collections::BTreeMap;
use std::path::Path;

use skrifa::MetadataProvider;

const FONTS: [&str; 3] = [
    "assets/fonts/ubuntu-light-derivative-chogo.ttf",
    "assets/fonts/hack-chogo.ttf",
    "assets/fonts/stars-chogo.ttf",
];

/// The files under `dir` (walked whole) whose names end with `ext`.
fn files(dir: &Path, ext: &str, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.to_string_lossy().ends_with(ext) {
            out.push(path);
        }
    }
}

#[test]
fn the_browser_fonts_have_every_character_the_game_writes() {
    let fonts: Vec<Vec<u8>> = FONTS.iter().map(|f| std::fs::read(f).unwrap()).collect();
    let covered = |c: char| {
        fonts.iter().any(|bytes| {
            let font = skrifa::FontRef::new(bytes).unwrap();
            font.charmap().map(c).is_some()
        })
    };
    // The stars are found: the check reads the fonts, not nothing.
    assert!(covered('★') && covered('a') && !covered('\u{4e00}'));
    let mut paths = Vec::new();
    files(Path::new("src"), ".rs", &mut paths);
    files(Path::new("assets/lessons"), ".json", &mut paths);
    files(Path::new("assets/rules"), ".txt", &mut paths);
    assert!(paths.len() > 50, "{} files", paths.len());
    let mut missing: BTreeMap<char, String> = BTreeMap::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            // Comments are not drawn.
            if line.trim_start().starts_with("//") {
                continue;
            }
            for c in line.chars().filter(|c| !c.is_ascii() && !covered(*c)) {
                missing
                    .entry(c)
                    .or_insert_with(|| format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "characters the browser's fonts lack (assets/fonts/make_fonts.sh): {missing:?}"
    );
}
