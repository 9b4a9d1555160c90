//! A fixed suite of Chogo-44 middlegames for benchmarks (the positions of the perft data
//! file), so that numbers from different builds compare.

use crate::rules::{Position, RuleSet};

const DATA: &str = include_str!("../../tests/perft/middlegames.perft");

/// The distinct Chogo-44 middlegames of `tests/perft/middlegames.perft`.
pub fn middlegames() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for line in DATA.lines().filter(|l| l.starts_with("chogo-44 ;")) {
        let Some(text) = line.split(" ; ").nth(1) else {
            continue;
        };
        if let Ok(pos) = Position::from_text(text, RuleSet::default())
            && !out.contains(&pos)
        {
            out.push(pos);
        }
    }
    out
}
