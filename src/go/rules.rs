//! The rule options of a game of Go with chess pieces.

use std::fmt;
use std::str::FromStr;

use super::geometry::Board;
use super::piece::PieceSet;

/// Board, piece set and options (GO_RULES §1, §3, §4). Not part of the position text: a
/// reader takes them from beside it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rules {
    pub board: Board,
    pub pieces: PieceSet,
    /// Option *moving pieces*: a side may also move one of its pieces.
    pub moving: bool,
    /// Option positional superko (always on with moving pieces).
    pub superko: bool,
    /// Points added to White's score.
    pub komi: f64,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            board: Board::Square(9),
            pieces: PieceSet::ROOKS,
            moving: false,
            superko: false,
            komi: 0.0,
        }
    }
}

impl Rules {
    /// Whether positional superko applies: chosen, or implied by moving pieces
    /// **[ruling]** so that games end.
    pub const fn superko_on(&self) -> bool {
        self.superko || self.moving
    }

    /// Go with rooks (or wazirs) on a square board without moving pieces: what SGF and
    /// GTP can carry.
    pub fn is_go(&self) -> bool {
        self.pieces.orthogonal() && self.pieces.len() == 1 && !self.moving
    }
}

/// The rules as one line of text (the position editor's): the board, then the options
/// that differ from Go's defaults, comma-separated: `9x9,pieces=RB,moving,komi=5.5`.
/// The piece set and komi are always written.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},pieces={}", self.board, self.pieces)?;
        if self.moving {
            f.write_str(",moving")?;
        }
        if self.superko {
            f.write_str(",superko")?;
        }
        write!(f, ",komi={}", number_text(self.komi))
    }
}

/// Why a line of rules text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RulesTextError(pub String);

impl FromStr for Rules {
    type Err = RulesTextError;

    /// Reads what [`Rules`]' `Display` writes; the options may come in any order, and the
    /// board alone gives rooks with komi 0.
    fn from_str(s: &str) -> Result<Rules, RulesTextError> {
        let mut items = s.split(',').map(str::trim);
        let board = items.next().unwrap_or_default();
        let mut rules = Rules {
            board: board
                .parse::<Board>()
                .map_err(|e| RulesTextError(e.to_string()))?,
            ..Rules::default()
        };
        for item in items {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            match (key.to_ascii_lowercase().as_str(), value) {
                ("pieces", Some(v)) => {
                    rules.pieces = v
                        .parse::<PieceSet>()
                        .map_err(|e| RulesTextError(e.to_string()))?;
                }
                ("moving", None) => rules.moving = true,
                ("superko", None) => rules.superko = true,
                ("komi", Some(v)) => {
                    rules.komi = v
                        .parse::<f64>()
                        .ok()
                        .filter(|k| k.is_finite() && k.abs() <= 1000.0)
                        .ok_or_else(|| RulesTextError(format!("'{v}' is not a komi")))?;
                }
                _ => {
                    return Err(RulesTextError(format!(
                        "'{}' is not an option (pieces=…, moving, superko, komi=…)",
                        crate::common::excerpt(item)
                    )));
                }
            }
        }
        Ok(rules)
    }
}

/// Komi as written in records and JSON: `6.5`, `0`, `-3`.
pub fn number_text(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_text_reads_back_and_bad_text_is_refused_with_its_reason() {
        for text in [
            "9x9,pieces=R,komi=5.5",
            "13x13,pieces=RB,moving,komi=0",
            "9x9,pieces=R,moving,superko,komi=5.5",
            "chogo-44,pieces=N,superko,komi=-2",
        ] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
        }
        let rules: Rules = "9".parse().unwrap();
        assert_eq!(rules, Rules::default());
        let rules: Rules = " 9x9 , moving , pieces = D ".parse().unwrap();
        assert!(rules.moving);
        assert_eq!(rules.pieces, "D".parse::<PieceSet>().unwrap());
        for (bad, why) in [
            ("4", "is not a board"),
            ("9,pieces=Z", ""),
            ("9,komi=x", "'x' is not a komi"),
            ("9,fast", "'fast' is not an option"),
            ("", "is not a board"),
        ] {
            let err = bad.parse::<Rules>().unwrap_err().to_string();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }
}
