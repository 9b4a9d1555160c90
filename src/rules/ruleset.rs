//! Rule options and presets (RULES §9).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::{Bitboard, Board, Cell, Side};

/// A rule option of RULES §9. Each option's key, title, values, value names and labels
/// are written once, in its [`rule_option!`] below; rule text, the command line and the
/// game's dialogs all read them from here.
pub trait RuleOption: Copy + Eq + Default + fmt::Debug + 'static {
    /// The option's key in rule text: `king`.
    const KEY: &'static str;
    /// What the option decides, as a dialog names it: `King alone`.
    const TITLE: &'static str;
    /// Every value, the default first.
    const ALL: &'static [Self];
    /// The name of every value in rule text, in the order of [`RuleOption::ALL`].
    const NAMES: &'static [&'static str];
    /// The value's name in rule text: `one-step`.
    fn name(self) -> &'static str;
    /// The value in players' words, able to stand alone in a description or beside the
    /// option's title in a dialog: `one-step kings`.
    fn label(self) -> &'static str;
    /// The value named so in rule text (any case).
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }
}

/// Defines a rule option's enum with its [`RuleOption`] table, the default value first.
macro_rules! rule_option {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident: $key:literal, $title:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $name:literal, $label:literal; )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        pub enum $ty {
            $( $(#[$vmeta])* $variant, )+
        }

        impl RuleOption for $ty {
            const KEY: &'static str = $key;
            const TITLE: &'static str = $title;
            const ALL: &'static [$ty] = &[$($ty::$variant),+];
            const NAMES: &'static [&'static str] = &[$($name),+];
            fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
            fn label(self) -> &'static str {
                match self {
                    $($ty::$variant => $label,)+
                }
            }
        }

        /// The value's name in rule text.
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

rule_option! {
    /// How far a king moves on its own (RULES §4.1, §9). Inside a tandem it always has
    /// full rook power.
    pub enum KingPower: "king", "King alone" {
        #[default]
        OneStep = "one-step", "one-step kings";
        Rook = "rook", "rook kings";
    }
}

rule_option! {
    /// How far a tandem may slide when some (not all) of its men are trapped (RULES §9).
    pub enum PartTrappedTandem: "tandem", "Part-trapped tandem" {
        #[default]
        FullRook = "full", "full part-trapped tandems";
        OneCell = "one-cell", "one-cell part-trapped tandems";
    }
}

rule_option! {
    /// How the kings enter the game (RULES §2, §9).
    pub enum KingStart: "start", "King start" {
        /// Each side's first move drops its king in its own half.
        #[default]
        DropOwnHalf = "own-half", "king drop in own half";
        /// Each side's first move drops its king on any empty cell.
        DropAnywhere = "anywhere", "king drop anywhere";
        /// No drop move: the kings start on the board.
        Fixed = "fixed", "fixed kings";
    }
}

rule_option! {
    /// Whether the mover's own enclosed men are removed too ("suicide", RULES §9).
    pub enum OwnManCapture: "capture", "Own men" {
        #[default]
        Never = "never", "own men never captured";
        Suicide = "suicide", "suicide captures";
    }
}

rule_option! {
    /// When a mole drop is allowed (RULES §7, §9).
    pub enum MoleCondition: "mole", "Mole drop" {
        /// Every enemy man secure and the enemy has a city.
        #[default]
        SecureAndCity = "secure-city", "mole drop when every enemy man is secure";
        /// The enemy has a city.
        City = "city", "mole drop into any city";
    }
}

/// The keys of rule text, in the order it writes them.
const OPTION_KEYS: [&str; 6] = [
    KingPower::KEY,
    PartTrappedTandem::KEY,
    KingStart::KEY,
    OwnManCapture::KEY,
    MoleCondition::KEY,
    HANDICAP_KEY,
];

const HANDICAP_KEY: &str = "handicap";

/// The named presets of RULES §9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Preset {
    /// The tournament game: every default.
    Chogo44,
    /// 12×8 with the large boards' defaults.
    ChogoLarge,
    /// J. P. Neto's reading of the game.
    Neto,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Chogo44, Preset::ChogoLarge, Preset::Neto];

    /// The name in rule text: `chogo-44`, `chogo-large`, `neto`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Chogo44 => "chogo-44",
            Preset::ChogoLarge => "chogo-large",
            Preset::Neto => "neto",
        }
    }

    /// The name shown to players.
    pub const fn label(self) -> &'static str {
        match self {
            Preset::Chogo44 => "Chogo-44",
            Preset::ChogoLarge => "Chogo large",
            Preset::Neto => "Neto's reading",
        }
    }

    pub fn rules(self) -> RuleSet {
        match self {
            Preset::Chogo44 => RuleSet::default(),
            Preset::ChogoLarge => RuleSet::for_board(Board::Wide12x8),
            Preset::Neto => RuleSet {
                king_start: KingStart::DropAnywhere,
                own_man_capture: OwnManCapture::Suicide,
                mole_condition: MoleCondition::City,
                ..RuleSet::default()
            },
        }
    }
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

impl RuleSet {
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
        let key = name.to_ascii_lowercase();
        if key == "chogo44" {
            return Some(RuleSet::default());
        }
        match Preset::ALL.into_iter().find(|p| p.name() == key) {
            Some(preset) => Some(preset.rules()),
            None => key.parse::<Board>().ok().map(RuleSet::for_board),
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

    /// A one-line description for players: the preset's or the board's name and what
    /// differs from Chogo-44, in the options' labels: `Chogo-44`, `Chogo large (12×8, rook
    /// kings, one-cell part-trapped tandems)`, `8×8, rook kings, one-cell part-trapped
    /// tandems`, `Chogo-44, White gives c7 f7`.
    pub fn describe(&self) -> String {
        let base = RuleSet::default();
        let mut parts: Vec<String> = Vec::new();
        let mut differs = |differs: bool, label: &str| {
            if differs {
                parts.push(label.to_string());
            }
        };
        let preset = self.as_preset();
        differs(
            preset.is_some() && self.board != base.board,
            self.board.label(),
        );
        differs(self.king_power != base.king_power, self.king_power.label());
        differs(
            self.part_trapped_tandem != base.part_trapped_tandem,
            self.part_trapped_tandem.label(),
        );
        differs(self.king_start != base.king_start, self.king_start.label());
        differs(
            self.own_man_capture != base.own_man_capture,
            self.own_man_capture.label(),
        );
        differs(
            self.mole_condition != base.mole_condition,
            self.mole_condition.label(),
        );
        if let Some(h) = self.handicap {
            let cells: Vec<String> = h.pawns.map(|c| c.to_string()).collect();
            parts.push(format!("{} gives {}", h.side, cells.join(" ")));
        }
        match preset {
            Some(preset) if parts.is_empty() => preset.label().to_string(),
            Some(preset) => format!("{} ({})", preset.label(), parts.join(", ")),
            None if parts.is_empty() => self.board.label().to_string(),
            None => format!("{}, {}", self.board.label(), parts.join(", ")),
        }
    }

    /// The preset these rules are exactly, if any.
    pub fn as_preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == *self)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleSetError {
    #[error(
        "unknown rules '{0}' (presets: {presets}, or a board: {boards})",
        presets = names(Preset::ALL.map(Preset::name)),
        boards = names(Board::ALL.map(Board::name))
    )]
    UnknownPreset(String),
    #[error("unknown rule option '{0}' (options: {keys})", keys = names(OPTION_KEYS))]
    UnknownOption(String),
    #[error(
        "'{value}' is not a value of rule option {key} (one of: {list})",
        list = names(allowed.iter().copied())
    )]
    BadValue {
        key: &'static str,
        value: String,
        allowed: &'static [&'static str],
    },
    #[error("a handicap removes 1 to 3 pawns, not {0}")]
    HandicapCount(u32),
    #[error("the handicap names {0}, which is not a start pawn of {1}")]
    HandicapCell(Cell, Side),
    #[error("the handicap names {0} twice")]
    HandicapRepeated(Cell),
    #[error("bad handicap '{0}' (write it like white:c7+d7)")]
    HandicapSyntax(String),
    #[error("rule option {0} is given twice")]
    OptionTwice(String),
}

/// `a, b, c`.
fn names(items: impl IntoIterator<Item = &'static str>) -> String {
    items.into_iter().collect::<Vec<_>>().join(", ")
}

/// The value of option `T` named `value` in rule text.
fn option<T: RuleOption>(value: &str) -> Result<T, RuleSetError> {
    T::from_name(value).ok_or_else(|| RuleSetError::BadValue {
        key: T::KEY,
        value: crate::common::excerpt(value),
        allowed: T::NAMES,
    })
}

/// How rule text is written, from the options' own tables: `king=one-step|rook,
/// tandem=full|one-cell, …, handicap=SIDE:CELL+CELL`, for help texts.
pub fn rule_text_syntax() -> String {
    fn values<T: RuleOption>() -> String {
        format!("{}={}", T::KEY, T::NAMES.join("|"))
    }
    [
        values::<KingPower>(),
        values::<PartTrappedTandem>(),
        values::<KingStart>(),
        values::<OwnManCapture>(),
        values::<MoleCondition>(),
        format!("{HANDICAP_KEY}=black|white:CELL+CELL"),
    ]
    .join(", ")
}

/// Rule text: a preset or board name, then `,key=value` for every option that differs
/// from it, e.g. `chogo-44`, `neto`, `8x8,king=one-step`, `chogo-44,handicap=white:c7+d7`.
impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bare = RuleSet {
            handicap: None,
            ..*self
        };
        let (base_name, base) = match bare.as_preset() {
            Some(preset) => (preset.name(), bare),
            None => (self.board.name(), RuleSet::for_board(self.board)),
        };
        f.write_str(base_name)?;
        fn differs<T: RuleOption>(f: &mut fmt::Formatter<'_>, value: T, base: T) -> fmt::Result {
            if value != base {
                write!(f, ",{}={}", T::KEY, value.name())?;
            }
            Ok(())
        }
        differs(f, self.king_power, base.king_power)?;
        differs(f, self.part_trapped_tandem, base.part_trapped_tandem)?;
        differs(f, self.king_start, base.king_start)?;
        differs(f, self.own_man_capture, base.own_man_capture)?;
        differs(f, self.mole_condition, base.mole_condition)?;
        if let Some(h) = self.handicap {
            let cells: Vec<String> = h.pawns.map(|c| c.to_string()).collect();
            write!(f, ",{HANDICAP_KEY}={}:{}", h.side.name(), cells.join("+"))?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    fn from_str(s: &str) -> Result<RuleSet, RuleSetError> {
        let mut items = s.split(',').map(str::trim);
        let base = items.next().unwrap_or_default();
        let mut rules = RuleSet::preset(base)
            .ok_or_else(|| RuleSetError::UnknownPreset(crate::common::excerpt(base)))?;
        let mut given: Vec<&str> = Vec::new();
        for item in items {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| RuleSetError::UnknownOption(crate::common::excerpt(item)))?;
            let value = value.trim();
            // One value an option: a second one would silently win.
            if given.contains(&key.trim()) {
                return Err(RuleSetError::OptionTwice(key.trim().to_string()));
            }
            given.push(key.trim());
            match key.trim() {
                KingPower::KEY => rules.king_power = option(value)?,
                PartTrappedTandem::KEY => rules.part_trapped_tandem = option(value)?,
                KingStart::KEY => rules.king_start = option(value)?,
                OwnManCapture::KEY => rules.own_man_capture = option(value)?,
                MoleCondition::KEY => rules.mole_condition = option(value)?,
                HANDICAP_KEY => rules.handicap = Some(parse_handicap(value)?),
                other => return Err(RuleSetError::UnknownOption(crate::common::excerpt(other))),
            }
        }
        rules.validate()?;
        Ok(rules)
    }
}

/// `white:c7+d7`: the side, then its pawns, each named once.
fn parse_handicap(text: &str) -> Result<Handicap, RuleSetError> {
    let text = text.to_ascii_lowercase();
    let bad = || RuleSetError::HandicapSyntax(crate::common::excerpt(&text));
    let (side, cells) = text.split_once(':').ok_or_else(bad)?;
    let side: Side = side.parse().map_err(|_| bad())?;
    let mut pawns = Bitboard::EMPTY;
    for cell in cells.split('+') {
        let cell = cell.parse().map_err(|_| bad())?;
        if pawns.contains(cell) {
            return Err(RuleSetError::HandicapRepeated(cell));
        }
        pawns.insert(cell);
    }
    Ok(Handicap { side, pawns })
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

    /// Every value of option `T` reads back from its name, in rule text too, and its
    /// names and labels are distinct.
    fn option_round_trips<T: RuleOption>() {
        assert_eq!(T::ALL.first().copied(), Some(T::default()), "{}", T::KEY);
        assert_eq!(T::ALL.len(), T::NAMES.len());
        for (&value, &name) in T::ALL.iter().zip(T::NAMES) {
            assert_eq!(value.name(), name);
            assert_eq!(T::from_name(name), Some(value));
            assert_eq!(T::from_name(&name.to_uppercase()), Some(value));
            let others = T::ALL.iter().filter(|&&v| v != value);
            assert!(
                others
                    .clone()
                    .all(|v| v.name() != name && v.label() != value.label())
            );
            let text = format!("12x10,{}={name}", T::KEY);
            let rules: RuleSet = text.parse().unwrap();
            assert_eq!(rules.to_string().parse::<RuleSet>(), Ok(rules), "{text}");
        }
    }

    #[test]
    fn each_option_is_defined_once_and_read_from_its_table() {
        option_round_trips::<KingPower>();
        option_round_trips::<PartTrappedTandem>();
        option_round_trips::<KingStart>();
        option_round_trips::<OwnManCapture>();
        option_round_trips::<MoleCondition>();
        assert_eq!(
            "chogo-44,mole=any"
                .parse::<RuleSet>()
                .unwrap_err()
                .to_string(),
            "'any' is not a value of rule option mole (one of: secure-city, city)"
        );
        assert_eq!(
            rule_text_syntax(),
            "king=one-step|rook, tandem=full|one-cell, start=own-half|anywhere|fixed, \
             capture=never|suicide, mole=secure-city|city, handicap=black|white:CELL+CELL"
        );
    }

    #[test]
    fn descriptions_name_what_differs_from_chogo_44() {
        let describe = |text: &str| text.parse::<RuleSet>().unwrap().describe();
        assert_eq!(describe("chogo-44"), "Chogo-44");
        assert_eq!(
            describe("chogo-large"),
            "Chogo large (12×8, rook kings, one-cell part-trapped tandems)"
        );
        assert_eq!(
            describe("neto"),
            "Neto's reading (king drop anywhere, suicide captures, mole drop into any city)"
        );
        assert_eq!(
            describe("8x8"),
            "8×8, rook kings, one-cell part-trapped tandems"
        );
        assert_eq!(
            describe("12x10,king=one-step,start=fixed"),
            "12×10, one-cell part-trapped tandems, fixed kings"
        );
        for preset in Preset::ALL {
            assert_eq!(RuleSet::preset(preset.name()), Some(preset.rules()));
            assert_eq!(preset.rules().as_preset(), Some(preset));
            assert_eq!(preset.rules().to_string(), preset.name());
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
        assert_eq!(
            "go".parse::<RuleSet>().unwrap_err().to_string(),
            "unknown rules 'go' (presets: chogo-44, chogo-large, neto, or a board: chogo-44, \
             8x8, 10x8, 12x8, 12x10)"
        );
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
