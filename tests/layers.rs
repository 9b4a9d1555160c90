//! The game's modules form layers: the `use` lines (and paths) of `src/game` never make a
//! cycle, so each module can be read, tested and changed on top of the ones it uses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module → the sibling modules of `src/game` it refers to (comments left out).
fn game_modules() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            for inner in std::fs::read_dir(&path).unwrap() {
                files.push(inner.unwrap().path());
            }
        } else {
            files.push(path);
        }
    }
    for path in files {
        let relative = path.strip_prefix(&root).unwrap();
        let top = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "mod" || path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let nested = relative.components().count() > 1 && !relative.ends_with("mod.rs");
        let text = std::fs::read_to_string(&path).unwrap();
        let deps = modules.entry(top.clone()).or_default();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            let prefixes: &[&str] = if nested {
                &["crate::game::", "super::super::"]
            } else {
                &["crate::game::", "super::"]
            };
            for prefix in prefixes {
                for (i, _) in line.match_indices(prefix) {
                    // `super::super::x` read as `super::` would name `super`.
                    if !nested && line[..i].ends_with("super::") {
                        continue;
                    }
                    for name in module_names(&line[i + prefix.len()..]) {
                        if name != top && name != "super" {
                            deps.insert(name);
                        }
                    }
                }
            }
        }
    }
    modules
}

/// The module names a path names after `super::`: `bridge::Bridge` gives `bridge`, and
/// a group `{bridge::Bridge, men}` gives both.
fn module_names(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect()
    };
    let Some(group) = rest.strip_prefix('{') else {
        return Some(ident(rest))
            .filter(|n| !n.is_empty())
            .into_iter()
            .collect();
    };
    // The group's items at its own level: split at commas outside inner braces.
    let mut items = vec![String::new()];
    let mut depth = 0;
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => items.push(String::new()),
            _ if depth == 0 => items.last_mut().into_iter().for_each(|i| i.push(c)),
            _ => {}
        }
    }
    items
        .iter()
        .map(|i| ident(i))
        .filter(|n| !n.is_empty() && n != "self")
        .collect()
}

#[test]
fn grouped_paths_are_read_too() {
    assert_eq!(module_names("bridge::Bridge;"), ["bridge"]);
    assert_eq!(
        module_names("{bridge::{Bridge, Command}, men, Phase};"),
        ["bridge", "men"]
    );
    assert_eq!(module_names("Bridge>,"), Vec::<String>::new());
}

#[test]
fn the_game_modules_use_each_other_without_cycles() {
    let modules = game_modules();
    assert!(modules.len() > 20, "{modules:?}");
    assert!(
        modules["men"].contains("bridge"),
        "the reader sees `use` lines"
    );
    // Depth-first search for a way back to a module on the current path.
    fn visit<'a>(
        module: &'a str,
        modules: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if let Some(at) = path.iter().position(|m| *m == module) {
            panic!("a cycle: {} -> {module}", path[at..].join(" -> "));
        }
        if !done.insert(module) {
            return;
        }
        path.push(module);
        for dep in modules.get(module).into_iter().flatten() {
            if modules.contains_key(dep) {
                visit(dep, modules, path, done);
            }
        }
        path.pop();
    }
    let mut done = BTreeSet::new();
    for module in modules.keys() {
        visit(module, &modules, &mut Vec::new(), &mut done);
    }
}
