//! Rule options and presets (RULES §9).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::{Bitboard, Board, Cell, Side};

/// How far a king moves on its own. Inside a tandem it always has full rook power.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KingPower {
    #[default]
    OneStep,
    Rook,
}

/// How far a tandem may slide when some (not all) of its men are trapped.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PartTrappedTandem {
    #[default]
    FullRook,
    OneCell,
}

/// How the kings enter the game (RULES §2, §9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KingStart {
    /// Each side's first move drops its king in its own half.
    #[default]
    DropOwnHalf,
    /// Each side's first move drops its king on any empty cell.
    DropAnywhere,
    /// No drop move: the kings start on the board.
    Fixed,
}

/// Whether the mover's own enclosed men are removed too ("suicide").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum OwnManCapture {
    #[default]
    Never,
    Suicide,
}

/// When a mole drop is allowed (RULES §7, §9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MoleCondition {
    /// Every enemy man secure and the enemy has a city.
    #[default]
    SecureAndCity,
    /// The enemy has a city.
    City,
}

/// Pawns of one side removed before the game (1–3 of its start pawns).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Handicap {
    pub side: Side,
    pub pawns: Bitboard,
}

/// A complete set of rule options. `RuleSet::default()` is Chogo-44.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleSet {
    pub board: Board,
    pub king_power: KingPower,
    pub part_trapped_tandem: PartTrappedTandem,
    pub king_start: KingStart,
    pub own_man_capture: OwnManCapture,
    pub mole_condition: MoleCondition,
    pub handicap: Option<Handicap>,
}

/// The named presets of RULES §9.
pub const PRESETS: [&str; 3] = ["chogo-44", "chogo-large", "neto"];

impl RuleSet {
    /// The tournament rules, Chogo-44 with every default.
    pub fn chogo44() -> RuleSet {
        RuleSet::default()
    }

    /// The defaults for a board: boards other than Chogo-44 use rook-power kings and
    /// one-cell part-trapped tandems (RULES §9).
    pub fn for_board(board: Board) -> RuleSet {
        if board == Board::Chogo44 {
            return RuleSet::default();
        }
        RuleSet {
            board,
            king_power: KingPower::Rook,
            part_trapped_tandem: PartTrappedTandem::OneCell,
            ..RuleSet::default()
        }
    }

    /// A preset by name: `chogo-44`, `chogo-large`, `neto`, or a board name (`8x8` …) for
    /// that board's defaults.
    pub fn preset(name: &str) -> Option<RuleSet> {
        match name.to_ascii_lowercase().as_str() {
            "chogo-44" | "chogo44" => Some(RuleSet::chogo44()),
            "chogo-large" => Some(RuleSet::for_board(Board::Wide12x8)),
            "neto" => Some(RuleSet {
                king_start: KingStart::DropAnywhere,
                own_man_capture: OwnManCapture::Suicide,
                mole_condition: MoleCondition::City,
                ..RuleSet::default()
            }),
            other => other.parse::<Board>().ok().map(RuleSet::for_board),
        }
    }

    /// Whether the kings are dropped as each side's first move.
    pub fn kings_dropped(&self) -> bool {
        self.king_start != KingStart::Fixed
    }

    /// Cells where `side` may drop its king (RULES §2).
    pub fn drop_zone(&self, side: Side) -> Bitboard {
        match self.king_start {
            KingStart::DropOwnHalf => self.board.own_half(side),
            KingStart::DropAnywhere => self.board.cells(),
            KingStart::Fixed => Bitboard::EMPTY,
        }
    }

    /// The pawns a side starts with, after the handicap.
    pub fn start_pawns(&self, side: Side) -> Bitboard {
        let pawns = self.board.start_pawns(side);
        match self.handicap {
            Some(h) if h.side == side => pawns - h.pawns,
            _ => pawns,
        }
    }

    /// Checks the options fit together (the handicap names 1–3 of the side's start pawns).
    pub fn validate(&self) -> Result<(), RuleSetError> {
        if let Some(h) = self.handicap {
            let start = self.board.start_pawns(h.side);
            if !(1..=3).contains(&h.pawns.count()) {
                return Err(RuleSetError::HandicapCount(h.pawns.count()));
            }
            if let Some(cell) = (h.pawns - start).first() {
                return Err(RuleSetError::HandicapCell(cell, h.side));
            }
        }
        Ok(())
    }

    /// A one-line description for players: "Chogo-44" or "12×8, rook kings, …".
    pub fn describe(&self) -> String {
        if let Some(name) = self.preset_name() {
            match name {
                "chogo-44" => return "Chogo-44".into(),
                "chogo-large" => return "Chogo large (12×8, rook kings, one-cell part-trapped tandems)".into(),
                "neto" => return "Neto's reading (drop anywhere, suicide captures, mole drop into any city)".into(),
                _ => {}
            }
        }
        let mut parts = vec![self.board.label().to_string()];
        parts.push(match self.king_power {
            KingPower::OneStep => "one-step kings".into(),
            KingPower::Rook => "rook kings".into(),
        });
        parts.push(match self.part_trapped_tandem {
            PartTrappedTandem::FullRook => "full part-trapped tandems".into(),
            PartTrappedTandem::OneCell => "one-cell part-trapped tandems".into(),
        });
        match self.king_start {
            KingStart::DropOwnHalf => {}
            KingStart::DropAnywhere => parts.push("king drop anywhere".into()),
            KingStart::Fixed => parts.push("fixed kings".into()),
        }
        if self.own_man_capture == OwnManCapture::Suicide {
            parts.push("suicide captures".into());
        }
        if self.mole_condition == MoleCondition::City {
            parts.push("mole drop into any city".into());
        }
        if let Some(h) = self.handicap {
            let cells: Vec<String> = h.pawns.map(|c| c.to_string()).collect();
            parts.push(format!("{} gives {}", h.side, cells.join(" ")));
        }
        parts.join(", ")
    }

    fn preset_name(&self) -> Option<&'static str> {
        PRESETS
            .into_iter()
            .find(|name| RuleSet::preset(name).as_ref() == Some(self))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleSetError {
    #[error(
        "unknown rules '{0}' (presets: chogo-44, chogo-large, neto, or a board: 8x8, 10x8, 12x8, 12x10)"
    )]
    UnknownPreset(String),
    #[error("unknown rule option '{0}' (options: king, tandem, start, capture, mole, handicap)")]
    UnknownOption(String),
    #[error("'{value}' is not a value of rule option {key} (one of: {allowed})")]
    BadValue {
        key: &'static str,
        value: String,
        allowed: &'static str,
    },
    #[error("a handicap removes 1 to 3 pawns, not {0}")]
    HandicapCount(u32),
    #[error("the handicap names {0}, which is not a start pawn of {1}")]
    HandicapCell(Cell, Side),
    #[error("the handicap names {0} twice")]
    HandicapRepeated(Cell),
    #[error("bad handicap '{0}' (write it like white:c7+d7)")]
    HandicapSyntax(String),
}

fn option<T: Copy + PartialEq>(
    key: &'static str,
    value: &str,
    table: &[(&'static str, T)],
    allowed: &'static str,
) -> Result<T, RuleSetError> {
    table
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| RuleSetError::BadValue {
            key,
            value: value.to_string(),
            allowed,
        })
}

const KING: [(&str, KingPower); 2] = [("one-step", KingPower::OneStep), ("rook", KingPower::Rook)];
const TANDEM: [(&str, PartTrappedTandem); 2] = [
    ("full", PartTrappedTandem::FullRook),
    ("one-cell", PartTrappedTandem::OneCell),
];
const START: [(&str, KingStart); 3] = [
    ("own-half", KingStart::DropOwnHalf),
    ("anywhere", KingStart::DropAnywhere),
    ("fixed", KingStart::Fixed),
];
const CAPTURE: [(&str, OwnManCapture); 2] = [
    ("never", OwnManCapture::Never),
    ("suicide", OwnManCapture::Suicide),
];
const MOLE: [(&str, MoleCondition); 2] = [
    ("secure-city", MoleCondition::SecureAndCity),
    ("city", MoleCondition::City),
];

fn name_of<T: PartialEq>(table: &[(&'static str, T)], v: T) -> &'static str {
    table
        .iter()
        .find(|(_, t)| *t == v)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

/// Rule text: a preset or board name, then `,key=value` for every option that differs
/// from it, e.g. `chogo-44`, `neto`, `8x8,king=one-step`, `chogo-44,handicap=white:c7+d7`.
impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bare = RuleSet {
            handicap: None,
            ..*self
        };
        let (base_name, base) = match bare.preset_name() {
            Some(name) => (name, bare),
            None => (self.board.name(), RuleSet::for_board(self.board)),
        };
        f.write_str(base_name)?;
        if self.king_power != base.king_power {
            write!(f, ",king={}", name_of(&KING, self.king_power))?;
        }
        if self.part_trapped_tandem != base.part_trapped_tandem {
            write!(f, ",tandem={}", name_of(&TANDEM, self.part_trapped_tandem))?;
        }
        if self.king_start != base.king_start {
            write!(f, ",start={}", name_of(&START, self.king_start))?;
        }
        if self.own_man_capture != base.own_man_capture {
            write!(f, ",capture={}", name_of(&CAPTURE, self.own_man_capture))?;
        }
        if self.mole_condition != base.mole_condition {
            write!(f, ",mole={}", name_of(&MOLE, self.mole_condition))?;
        }
        if let Some(h) = self.handicap {
            let cells: Vec<String> = h.pawns.map(|c| c.to_string()).collect();
            write!(f, ",handicap={}:{}", h.side.name(), cells.join("+"))?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    fn from_str(s: &str) -> Result<RuleSet, RuleSetError> {
        let mut items = s.split(',').map(str::trim);
        let base = items.next().unwrap_or_default();
        let mut rules =
            RuleSet::preset(base).ok_or_else(|| RuleSetError::UnknownPreset(base.to_string()))?;
        for item in items {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| RuleSetError::UnknownOption(item.to_string()))?;
            let value = value.trim().to_ascii_lowercase();
            match key.trim() {
                "king" => rules.king_power = option("king", &value, &KING, "one-step, rook")?,
                "tandem" => {
                    rules.part_trapped_tandem = option("tandem", &value, &TANDEM, "full, one-cell")?
                }
                "start" => {
                    rules.king_start = option("start", &value, &START, "own-half, anywhere, fixed")?
                }
                "capture" => {
                    rules.own_man_capture = option("capture", &value, &CAPTURE, "never, suicide")?
                }
                "mole" => {
                    rules.mole_condition = option("mole", &value, &MOLE, "secure-city, city")?
                }
                "handicap" => {
                    let bad = || RuleSetError::HandicapSyntax(value.clone());
                    let (side, cells) = value.split_once(':').ok_or_else(bad)?;
                    let side: Side = side.parse().map_err(|_| bad())?;
                    let mut pawns = Bitboard::EMPTY;
                    for cell in cells.split('+') {
                        let cell = cell.parse().map_err(|_| bad())?;
                        if pawns.contains(cell) {
                            return Err(RuleSetError::HandicapRepeated(cell));
                        }
                        pawns.insert(cell);
                    }
                    rules.handicap = Some(Handicap { side, pawns });
                }
                other => return Err(RuleSetError::UnknownOption(other.to_string())),
            }
        }
        rules.validate()?;
        Ok(rules)
    }
}

impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RuleSet, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_named_sets() {
        let large = RuleSet::preset("chogo-large").unwrap();
        assert_eq!(large.board, Board::Wide12x8);
        assert_eq!(large.king_power, KingPower::Rook);
        assert_eq!(large.part_trapped_tandem, PartTrappedTandem::OneCell);
        let neto = RuleSet::preset("neto").unwrap();
        assert_eq!(neto.board, Board::Chogo44);
        assert_eq!(neto.king_start, KingStart::DropAnywhere);
        assert_eq!(neto.own_man_capture, OwnManCapture::Suicide);
        assert_eq!(neto.mole_condition, MoleCondition::City);
        // Other boards take the large defaults.
        assert_eq!(RuleSet::preset("8x8").unwrap().king_power, KingPower::Rook);
    }

    #[test]
    fn rule_text_round_trips() {
        for text in [
            "chogo-44",
            "chogo-large",
            "neto",
            "8x8",
            "12x10,king=one-step,start=fixed",
            "chogo-44,capture=suicide,handicap=white:c7+d7",
            "neto,handicap=black:a3",
        ] {
            let rules: RuleSet = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
        }
    }

    #[test]
    fn bad_rule_text_is_explained() {
        assert!(matches!(
            "go".parse::<RuleSet>(),
            Err(RuleSetError::UnknownPreset(_))
        ));
        assert!(matches!(
            "chogo-44,king=queen".parse::<RuleSet>(),
            Err(RuleSetError::BadValue { key: "king", .. })
        ));
        assert!(matches!(
            "chogo-44,handicap=white:c1".parse::<RuleSet>(),
            Err(RuleSetError::HandicapCell(..))
        ));
        assert!(matches!(
            "chogo-44,handicap=white:c7+d7+e7+f7".parse::<RuleSet>(),
            Err(RuleSetError::HandicapCount(4))
        ));
    }
}
