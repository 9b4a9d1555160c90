//! Perft cases kept as data under `tests/perft/`.

use std::fs;

use chogo::rules::{Position, RuleSet, perft};

#[test]
fn perft_data_files() {
    let mut cases = 0;
    let mut files: Vec<_> = fs::read_dir("tests/perft")
        .expect("tests/perft exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    for path in files {
        let text = fs::read_to_string(&path).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split(" ; ").map(str::trim).collect();
            let at = format!("{}:{}", path.display(), n + 1);
            assert_eq!(fields.len(), 4, "{at}: rules ; position ; depth ; count");
            let rules: RuleSet = fields[0].parse().unwrap_or_else(|e| panic!("{at}: {e}"));
            let pos = if fields[1] == "start" {
                Position::new(rules)
            } else {
                Position::from_text(fields[1], rules).unwrap_or_else(|e| panic!("{at}: {e}"))
            };
            let depth: u32 = fields[2].parse().expect("depth");
            let expected: u64 = fields[3].parse().expect("count");
            assert_eq!(
                perft(&pos, depth),
                expected,
                "{at}: perft {depth} of {}",
                fields[1]
            );
            cases += 1;
        }
    }
    assert!(cases >= 20, "only {cases} perft cases found");
}
