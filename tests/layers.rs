//! The crate's walls, read from its source: which module refers to which (`use` lines and
//! paths, `crate::` and `super::` alike, comments left out). The engines (`common`,
//! `rules`, `go`, `bot`, `save`, `jobs`, and `study` over `common` alone) never refer to
//! anything above them; in the game, the
//! shared layer (`game::app`) refers to no board, the boards never refer to each other,
//! and the game's parts never make a cycle. `docs/ARCHITECTURE.md` draws the layers.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module path of a source file: `src/game/app/screen.rs` is `game::app::screen`,
/// `src/game/go_board/mod.rs` is `game::go_board`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The paths a group or a path names: `{a::X, b::{c, d}}` gives `a::X`, `b::c`, `b::d`.
fn flatten(rest: &str) -> Vec<Vec<String>> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut segments = Vec::new();
    let mut text = rest.trim_start();
    loop {
        if let Some(group) = text.strip_prefix('{') {
            // The group's items at its own level: split at commas outside inner braces.
            let mut items = vec![String::new()];
            let mut depth = 0;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(String::new());
                        continue;
                    }
                    _ => {}
                }
                if let Some(item) = items.last_mut() {
                    item.push(c);
                }
            }
            let mut out = Vec::new();
            for item in items {
                for tail in flatten(&item) {
                    let mut path = segments.clone();
                    path.extend(tail);
                    out.push(path);
                }
            }
            return out;
        }
        let name = ident(text);
        if name.is_empty() {
            break;
        }
        text = &text[name.len()..];
        segments.push(name);
        match text.strip_prefix("::") {
            Some(more) => text = more,
            None => break,
        }
    }
    vec![segments]
}

#[test]
fn paths_and_groups_are_read() {
    assert_eq!(flatten("bridge::Bridge;"), [["bridge", "Bridge"]]);
    assert_eq!(
        flatten("{bridge::{Bridge, Command}, men, Phase};"),
        [
            vec!["bridge", "Bridge"],
            vec!["bridge", "Command"],
            vec!["men"],
            vec!["Phase"]
        ]
    );
}

/// The module paths one file refers to (`module`: the file's own module path): every
/// `crate::` path and every `super::` chain, read over the whole text with its comment
/// lines left out, so that a `use` spread over several lines is read whole.
fn refs_of(module: &[String], text: &str) -> BTreeSet<Vec<String>> {
    let text: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut refs = BTreeSet::new();
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (i, _) in text.match_indices("crate::") {
        if text[..i].ends_with(word) {
            continue;
        }
        refs.extend(
            flatten(&text[i + "crate::".len()..])
                .into_iter()
                .filter(|p| !p.is_empty()),
        );
    }
    // `super::` chains, resolved against the file's module: in `a/b.rs` and in
    // `a/b/mod.rs` alike, `super` is `a`.
    let mut at = 0;
    while let Some(found) = text[at..].find("super::") {
        let start = at + found;
        at = start + 1;
        if text[..start].ends_with("::") || text[..start].ends_with(word) {
            continue;
        }
        let mut rest = &text[start..];
        let mut base = module.to_vec();
        while let Some(more) = rest.strip_prefix("super::") {
            rest = more;
            base.pop();
        }
        for tail in flatten(rest) {
            let mut full = base.clone();
            full.extend(tail);
            refs.insert(full);
        }
    }
    refs
}

#[test]
fn a_use_over_several_lines_and_a_super_chain_are_read() {
    let module = ["game".to_string(), "app".into(), "screen".into()];
    let text = "use crate::{\n    game::go_board::GoBridge,\n    rules::Side,\n};\n\
                // crate::game::chogo_board in a comment is not a reference\n\
                use super::super::chogo_board::Bridge;\n";
    let refs = refs_of(&module, text);
    let has = |path: &[&str]| {
        refs.iter()
            .any(|r| r.iter().map(String::as_str).eq(path.iter().copied()))
    };
    assert!(has(&["game", "go_board", "GoBridge"]), "{refs:?}");
    assert!(has(&["rules", "Side"]), "{refs:?}");
    assert!(has(&["game", "chogo_board", "Bridge"]), "{refs:?}");
    assert_eq!(refs.len(), 3, "{refs:?}");
    // And the walls see it: such a file in the shared layer breaks them.
    let parts: BTreeSet<String> = refs.iter().filter_map(|r| part(r)).collect();
    assert!(parts.contains("game::go_board") && parts.contains("game::chogo_board"));
}

/// Every module of the crate (the command line's binary left out) → the module paths it
/// refers to.
fn references() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut out: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for path in files {
        let relative = path.strip_prefix(&src).unwrap();
        if relative.starts_with("bin") || relative == Path::new("main.rs") {
            continue;
        }
        let module = module_of(relative);
        let text = std::fs::read_to_string(&path).unwrap();
        out.entry(module.clone())
            .or_default()
            .extend(refs_of(&module, &text));
    }
    out
}

/// The part of the crate a module belongs to, for the walls: each engine as a whole, and
/// in the game each board, the shared `screens`, `dialogs` and `ui` as wholes, every other
/// file alone.
fn part(path: &[String]) -> Option<String> {
    let mut wholes = boards();
    wholes.extend(["game::app::screens", "game::app::dialogs", "game::app::ui"].map(String::from));
    let joined = path.join("::");
    for whole in wholes {
        if joined == whole || joined.starts_with(&format!("{whole}::")) {
            return Some(whole.to_string());
        }
    }
    match path {
        [] => None,
        [first, ..] if first != "game" => {
            let engines = [
                "common", "rules", "go", "bot", "save", "study", "jobs", "online",
            ];
            engines.contains(&first.as_str()).then(|| first.clone())
        }
        [_] => Some("game".into()),
        [_, second] => Some(format!("game::{second}")),
        [_, second, third, ..] if second == "app" => Some(format!("game::app::{third}")),
        [_, second, ..] => Some(format!("game::{second}")),
    }
}

/// The boards: each folder `src/game/<name>_board/`, as a module path (`game::go_board`).
fn boards() -> Vec<String> {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut boards: Vec<String> = std::fs::read_dir(game)
        .unwrap()
        .filter_map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().to_string();
            (e.path().is_dir() && name.ends_with("_board")).then(|| format!("game::{name}"))
        })
        .collect();
    boards.sort();
    boards
}

/// Part → the other parts it refers to.
fn parts() -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, refs) in references() {
        let Some(from) = part(&module) else { continue };
        let deps = out.entry(from.clone()).or_default();
        for r in refs {
            if let Some(to) = part(&r)
                && to != from
            {
                deps.insert(to);
            }
        }
    }
    out
}

#[test]
fn the_engines_refer_to_nothing_above_them() {
    let parts = parts();
    // Each engine and what it may refer to (everything below it).
    let allowed: [(&str, &[&str]); 8] = [
        ("common", &[]),
        // The review is written once for both games, against `common`'s analysis only.
        ("study", &["common"]),
        ("rules", &["common"]),
        // Go with chess pieces is also played on Chogo's boards: their shapes and cell
        // names come from `rules` (GO_RULES §1).
        ("go", &["common", "rules"]),
        // Chogo's bots: a job of the other game goes through `jobs`, never through them.
        ("bot", &["common", "rules"]),
        ("save", &["common", "rules", "go", "bot"]),
        // The worker's jobs name every engine's questions (one tagged type).
        ("jobs", &["common", "rules", "go", "bot"]),
        // Online play rebuilds a room's game with the engines; it runs no bot.
        ("online", &["common", "rules", "go"]),
    ];
    assert!(parts["bot"].contains("rules"), "the reader sees paths");
    for (engine, below) in allowed {
        let above: Vec<&String> = parts[engine]
            .iter()
            .filter(|p| !below.contains(&p.as_str()))
            .collect();
        assert!(above.is_empty(), "{engine} refers to {above:?}");
    }
}

#[test]
fn the_boards_never_refer_to_each_other() {
    let parts = parts();
    let boards = boards();
    // The folders are found (the two boards of today among them).
    assert!(boards.len() >= 2 && boards.contains(&"game::go_board".to_string()));
    for board in &boards {
        assert!(parts[board].contains("game::app::screen"), "{parts:?}");
        for other in boards.iter().filter(|o| *o != board) {
            assert!(!parts[board].contains(other), "{board} refers to {other}");
        }
        // Nor through the game module's re-exports.
        assert!(
            !parts[board].contains("game"),
            "{board} refers to the game module"
        );
    }
}

#[test]
fn the_shared_layer_refers_to_no_board() {
    let parts = parts();
    let shared: Vec<&String> = parts
        .keys()
        .filter(|p| p.starts_with("game::app"))
        .collect();
    assert!(shared.len() > 10, "{shared:?}");
    // The screens and dialogs that offer every game are shared too: each board draws its
    // part of them through `app::boards`.
    for part in [
        "game::app::screens",
        "game::app::dialogs",
        "game::app::boards",
    ] {
        assert!(shared.iter().any(|p| *p == part), "{part} in {shared:?}");
    }
    for from in shared {
        // Nor through the game module's re-exports (`crate::game::GoBridge`).
        for board in boards().iter().map(String::as_str).chain(["game"]) {
            assert!(!parts[from].contains(board), "{from} refers to {board}");
        }
    }
}

#[test]
fn the_game_parts_use_each_other_without_cycles() {
    let parts: BTreeMap<String, BTreeSet<String>> = parts()
        .into_iter()
        .filter(|(p, _)| p.starts_with("game"))
        .collect();
    assert!(parts.len() > 15, "{parts:?}");
    // Depth-first search for a way back to a part on the current path.
    fn visit<'a>(
        part: &'a str,
        parts: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if let Some(at) = path.iter().position(|m| *m == part) {
            panic!("a cycle: {} -> {part}", path[at..].join(" -> "));
        }
        if !done.insert(part) {
            return;
        }
        path.push(part);
        for dep in parts.get(part).into_iter().flatten() {
            if parts.contains_key(dep) && dep != "game" {
                visit(dep, parts, path, done);
            }
        }
        path.pop();
    }
    let mut done = BTreeSet::new();
    for part in parts.keys() {
        visit(part, &parts, &mut Vec::new(), &mut done);
    }
}

/// What `src/game/mod.rs` re-exports from the boards (`pub use chogo_board::…`).
fn board_reexports() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game/mod.rs");
    let text = std::fs::read_to_string(path).unwrap().replace('\n', " ");
    let mut items = BTreeSet::new();
    for statement in text.split(';') {
        let Some(rest) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        for path in flatten(rest) {
            if path.first().is_some_and(|p| p.ends_with("_board")) {
                items.extend(path.last().cloned());
            }
        }
    }
    items
}

#[test]
fn only_the_game_module_lists_the_boards() {
    // A third board's edit list outside its own folder, its engine and its save file is
    // `src/game/mod.rs` (docs/ARCHITECTURE.md, "Adding a third board"): every other file
    // of the crate and of its binaries names no board, nor a board's item through the
    // game module's re-exports (the tests, which drive each board, may).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let reexported = board_reexports();
    assert!(reexported.contains("GoBridge"), "{reexported:?}");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let folders: Vec<String> = boards().iter().map(|b| b.replace("::", "/")).collect();
    let names: Vec<&str> = folders
        .iter()
        .filter_map(|f| f.strip_prefix("game/"))
        .collect();
    let mut checked = 0;
    for path in files {
        let relative = path.strip_prefix(&src).unwrap();
        let in_a_board = folders.iter().any(|b| relative.starts_with(b));
        if in_a_board || relative == Path::new("game/mod.rs") {
            continue;
        }
        checked += 1;
        // The binaries name the crate `chogo::`; read them as the crate does.
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("chogo::", "crate::");
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        for board in &names {
            assert!(
                !code.contains(board),
                "{} names {board}",
                relative.display()
            );
        }
        for r in refs_of(&module_of(relative), &text) {
            if let [game, item, ..] = r.as_slice()
                && game == "game"
            {
                assert!(
                    !reexported.contains(item),
                    "{} uses the board's {item} through the game module",
                    relative.display()
                );
            }
        }
    }
    assert!(checked > 100, "{checked} files");
}
