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
    /// What the value does in play, in one line for a dialog: `A king on its own steps one
    /// cell; in a tandem it slides like a rook.`
    fn explain(self) -> &'static str;
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
            $( $(#[$vmeta:meta])* $variant:ident = $name:literal, $label:literal, $explain:literal; )+
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
            fn explain(self) -> &'static str {
                match self {
                    $($ty::$variant => $explain,)+
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
        OneStep = "one-step", "one-step kings",
        "A king on its own steps one cell; inside a tandem it slides with the others.";
        Rook = "rook", "rook kings",
        "A king slides like a rook, as far as the cells are empty, like a man.";
    }
}

rule_option! {
    /// How far a tandem may slide when some (not all) of its men are trapped (RULES §9).
    pub enum PartTrappedTandem: "tandem", "Part-trapped tandem" {
        #[default]
        FullRook = "full", "full part-trapped tandems",
        "A tandem with some (not all) of its men trapped still slides any distance.";
        OneCell = "one-cell", "one-cell part-trapped tandems",
        "A tandem with some of its men trapped slides one cell only.";
    }
}

rule_option! {
    /// How the kings enter the game (RULES §2, §9).
    pub enum KingStart: "start", "King start" {
        /// Each side's first move drops its king in its own half.
        #[default]
        DropOwnHalf = "own-half", "king drop in own half",
        "Each side first drops its king on an empty cell up to the middle.";
        /// Each side's first move drops its king on any empty cell.
        DropAnywhere = "anywhere", "king drop anywhere",
        "Each side first drops its king on any empty cell of the board.";
        /// No drop move: the kings start on the board.
        Fixed = "fixed", "fixed kings",
        "The kings start in front of their men (d2 and e6 on Chogo-44); no drop.";
        /// No drop move: the kings start on the board facing each other on the file left
        /// of centre (RULES §10.5).
        Facing = "facing", "facing kings",
        "The kings start face to face on one file (d2 and d6 on Chogo-44); no drop.";
    }
}

rule_option! {
    /// Whether the mover's own enclosed men are removed too ("suicide", RULES §9).
    pub enum OwnManCapture: "capture", "Own men" {
        #[default]
        Never = "never", "own men never captured",
        "A move never removes the mover's own men, however enclosed they are.";
        Suicide = "suicide", "suicide captures",
        "A move also removes the mover's enclosed men that have two enemy neighbours or more.";
    }
}

rule_option! {
    /// When a mole drop is allowed (RULES §7, §9).
    pub enum MoleCondition: "mole", "Mole drop" {
        /// Every enemy man secure and the enemy has a city.
        #[default]
        SecureAndCity = "secure-city", "mole drop when every enemy man is secure",
        "A man may be dropped into an enemy city only when every enemy man is secure.";
        /// The enemy has a city.
        City = "city", "mole drop into any city",
        "A man may be dropped into an enemy city whenever the enemy has one.";
    }
}

rule_option! {
    /// Which men a trap holds (RULES §3, §10.1).
    pub enum TrapRule: "trap", "Traps" {
        /// One man between two enemy men.
        #[default]
        Single = "single", "single traps",
        "One man between two enemy men, on opposite sides, is trapped.";
        /// A whole run of men between two enemy men.
        Line = "line", "line traps",
        "A whole line of men with enemy men just beyond both its ends is trapped.";
    }
}

rule_option! {
    /// What a side may do when the enemy hides behind secure walls (RULES §7, §10.2).
    pub enum Fortress: "fortress", "Against hiding" {
        /// The mole drop of §7.
        #[default]
        Mole = "mole", "mole drops",
        "Against secure walls: drop one of your men into the enemy's city.";
        /// No move may start and end with every one of the mover's men secure.
        NoHiding = "no-hiding", "no hiding",
        "No move may start and end with all the mover's men secure; no mole drop.";
        /// A knight's leap into an enemy city.
        Knight = "knight", "knight leaps into cities",
        "Against secure walls: a man leaps like a chess knight into an enemy city.";
        /// An enemy man set down on any empty cell.
        Reposition = "reposition", "repositioning enemy men",
        "Against secure walls: set any one enemy man down on any empty cell.";
    }
}

rule_option! {
    /// How the game begins (RULES §2, §10.3).
    pub enum Opening: "opening", "Opening" {
        /// The men stand at the start; only the kings are dropped.
        #[default]
        Kings = "kings", "king drops",
        "The men start on the board; the kings come as the king start says.";
        /// The board starts empty and every man is dropped.
        Drops = "drops", "drop opening",
        "The board starts empty: both sides drop their men in turn, then the kings.";
    }
}

rule_option! {
    /// Whether drops of the drop opening capture (RULES §10.3).
    pub enum DropCaptures: "drop-captures", "Drops capture" {
        #[default]
        Yes = "yes", "drops capture",
        "A drop of the opening captures like any move.";
        No = "no", "drops never capture",
        "Nothing is captured until every man is dropped.";
    }
}

rule_option! {
    /// The kings of the drop opening (RULES §10.3).
    pub enum DropKings: "kings", "Kings" {
        /// Each side drops its king after its pawns.
        #[default]
        Last = "last", "kings dropped last",
        "Each side drops its king after its men.";
        /// There are no kings.
        None = "none", "no kings",
        "No kings: a side loses when it has no move left.";
    }
}

rule_option! {
    /// Whether a side reduced to its king and two pawns loses against a safe king (RULES
    /// §10.4).
    pub enum Hopeless: "hopeless", "Hopeless side" {
        #[default]
        PlayOn = "play-on", "the weak side plays on",
        "A side down to its king and two men plays on.";
        Resign = "resign", "the hopeless side resigns",
        "With its king and two men or fewer, a side loses once the enemy king stands clear of its own men.";
    }
}

impl Fortress {
    /// The move the option gives, in words: `mole drop`, `knight's leap`, `reposition`.
    pub const fn move_name(self) -> &'static str {
        match self {
            Fortress::Mole => "mole drop",
            Fortress::NoHiding => "fortress move",
            Fortress::Knight => "knight's leap",
            Fortress::Reposition => "reposition",
        }
    }
}

impl Serialize for Fortress {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The keys of rule text, in the order it writes them.
const OPTION_KEYS: [&str; 13] = [
    KingPower::KEY,
    PartTrappedTandem::KEY,
    KingStart::KEY,
    OwnManCapture::KEY,
    MoleCondition::KEY,
    TrapRule::KEY,
    Fortress::KEY,
    Opening::KEY,
    MEN_KEY,
    DropCaptures::KEY,
    DropKings::KEY,
    Hopeless::KEY,
    HANDICAP_KEY,
];

const HANDICAP_KEY: &str = "handicap";
const MEN_KEY: &str = "men";

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
    pub trap: TrapRule,
    pub fortress: Fortress,
    pub opening: Opening,
    /// Pawns each side drops in the drop opening; `None` is the board's usual number
    /// (RULES §10.3). Always `None` when it equals that number, so equal rules compare
    /// equal.
    pub drop_men: Option<u8>,
    pub drop_captures: DropCaptures,
    pub drop_kings: DropKings,
    pub hopeless: Hopeless,
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

    /// Whether the game begins with drops: the kings' (RULES §2) or every man's (§10.3).
    pub fn kings_dropped(&self) -> bool {
        self.opening == Opening::Drops
            || !matches!(self.king_start, KingStart::Fixed | KingStart::Facing)
    }

    /// Whether the sides have kings at all (not with `opening=drops,kings=none`).
    pub fn has_kings(&self) -> bool {
        !(self.opening == Opening::Drops && self.drop_kings == DropKings::None)
    }

    /// The pawns each side holds at the start of the drop opening (RULES §10.3).
    pub fn men_in_hand(&self) -> u8 {
        self.drop_men
            .unwrap_or_else(|| self.board.start_pawns(Side::Black).count() as u8)
    }

    /// The largest `men=N` the board allows: half its cells, less two, so that two cells
    /// stay empty when the drops, kings included, are done (RULES §10.3).
    pub fn max_men(board: Board) -> u8 {
        (board.cells().count() / 2 - 2) as u8
    }

    /// Cells where `side` may drop a man (RULES §2, §10.3).
    pub fn drop_zone(&self, side: Side) -> Bitboard {
        if self.opening == Opening::Drops {
            return self.board.cells();
        }
        match self.king_start {
            KingStart::DropOwnHalf => self.board.own_half(side),
            KingStart::DropAnywhere => self.board.cells(),
            KingStart::Fixed | KingStart::Facing => Bitboard::EMPTY,
        }
    }

    /// Where a side's king stands at the start when it is not dropped (RULES §9, §10.5).
    pub fn king_start_cell(&self, side: Side) -> Cell {
        match self.king_start {
            KingStart::Facing => self.board.facing_king_cell(side),
            _ => self.board.fixed_king_cell(side),
        }
    }

    /// The pawns a side starts with on the board, after the handicap (none in the drop
    /// opening).
    pub fn start_pawns(&self, side: Side) -> Bitboard {
        if self.opening == Opening::Drops {
            return Bitboard::EMPTY;
        }
        let pawns = self.board.start_pawns(side);
        match self.handicap {
            Some(h) if h.side == side => pawns - h.pawns,
            _ => pawns,
        }
    }

    /// Checks the options fit together: the handicap names 1–3 of the side's start pawns;
    /// the drop opening's own options come with it, and it has no fixed kings and no
    /// handicap (RULES §10.3); `men=N` fits the board.
    pub fn validate(&self) -> Result<(), RuleSetError> {
        if self.opening == Opening::Drops {
            if let Some(start) = [KingStart::Fixed, KingStart::Facing]
                .into_iter()
                .find(|&s| s == self.king_start)
            {
                // In the player's words first, then as the option is written.
                return Err(RuleSetError::DropsWith(format!(
                    "{} (start={start})",
                    start.label()
                )));
            }
            if self.handicap.is_some() {
                return Err(RuleSetError::DropsWith("a handicap".into()));
            }
            let max = RuleSet::max_men(self.board);
            if let Some(men) = self.drop_men
                && !(1..=max).contains(&men)
            {
                return Err(RuleSetError::MenFit {
                    men: men as u32,
                    cells: self.board.cells().count(),
                    max,
                });
            }
        } else {
            let drop_only = [
                (self.drop_men.is_some(), MEN_KEY),
                (
                    self.drop_captures != DropCaptures::default(),
                    DropCaptures::KEY,
                ),
                (self.drop_kings != DropKings::default(), DropKings::KEY),
            ];
            if let Some((_, key)) = drop_only.into_iter().find(|(given, _)| *given) {
                return Err(RuleSetError::DropsOnly(key));
            }
        }
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
        differs(self.trap != base.trap, self.trap.label());
        differs(self.fortress != base.fortress, self.fortress.label());
        differs(self.opening != base.opening, self.opening.label());
        let men = self
            .drop_men
            .map(|men| crate::common::counted(men as usize, "man each", "men each"));
        differs(men.is_some(), men.as_deref().unwrap_or_default());
        differs(
            self.drop_captures != base.drop_captures,
            self.drop_captures.label(),
        );
        differs(self.drop_kings != base.drop_kings, self.drop_kings.label());
        differs(self.hopeless != base.hopeless, self.hopeless.label());
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
    #[error("a handicap removes 1 to 3 men, not {0}")]
    HandicapCount(u32),
    #[error("the handicap names {0}, where {1} has no man at the start")]
    HandicapCell(Cell, Side),
    #[error("the handicap names {0} twice")]
    HandicapRepeated(Cell),
    #[error("bad handicap '{0}' (write it like white:c7+d7)")]
    HandicapSyntax(String),
    #[error("rule option {0} is given twice")]
    OptionTwice(String),
    #[error("rule option {0} belongs to the drop opening: add opening=drops")]
    DropsOnly(&'static str),
    #[error(
        "the drop opening starts from an empty board with the same men for both sides, so it \
         cannot be played with {0}"
    )]
    DropsWith(String),
    #[error("men={men} does not fit a {cells}-cell board (1 to {max} men each)")]
    MenFit { men: u32, cells: u32, max: u8 },
    #[error("'{0}' is not a number of men (write men=8)")]
    MenSyntax(String),
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
        values::<TrapRule>(),
        values::<Fortress>(),
        values::<Opening>(),
        format!("{MEN_KEY}=N"),
        values::<DropCaptures>(),
        values::<DropKings>(),
        values::<Hopeless>(),
        format!("{HANDICAP_KEY}=black|white:CELL+CELL"),
    ]
    .join(", ")
}

/// Rule text: a preset or board name, then `,key=value` for every option that differs
/// from it, e.g. `chogo-44`, `neto`, `8x8,king=one-step`, `chogo-44,handicap=white:c7+d7`.
impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The preset of this board (or the board's defaults) that the fewest options
        // differ from.
        let (base_name, base) = Preset::ALL
            .into_iter()
            .map(|p| (p.name(), p.rules()))
            .filter(|(_, rules)| rules.board == self.board)
            .chain([(self.board.name(), RuleSet::for_board(self.board))])
            .min_by_key(|(_, base)| self.options_differing_from(base))
            .expect("the board's defaults are always a candidate");
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
        differs(f, self.trap, base.trap)?;
        differs(f, self.fortress, base.fortress)?;
        differs(f, self.opening, base.opening)?;
        if let Some(men) = self.drop_men {
            write!(f, ",{MEN_KEY}={men}")?;
        }
        differs(f, self.drop_captures, base.drop_captures)?;
        differs(f, self.drop_kings, base.drop_kings)?;
        differs(f, self.hopeless, base.hopeless)?;
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
        let mut men = None;
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
                TrapRule::KEY => rules.trap = option(value)?,
                Fortress::KEY => rules.fortress = option(value)?,
                Opening::KEY => rules.opening = option(value)?,
                MEN_KEY => men = Some(value),
                DropCaptures::KEY => rules.drop_captures = option(value)?,
                DropKings::KEY => rules.drop_kings = option(value)?,
                Hopeless::KEY => rules.hopeless = option(value)?,
                HANDICAP_KEY => rules.handicap = Some(parse_handicap(value)?),
                other => return Err(RuleSetError::UnknownOption(crate::common::excerpt(other))),
            }
        }
        // `men=N` belongs to the drop opening, whichever comes first in the text; of the
        // board's usual number it is the default, written as nothing.
        let men = match men {
            Some(_) if rules.opening != Opening::Drops => {
                return Err(RuleSetError::DropsOnly(MEN_KEY));
            }
            Some(text) => Some(parse_men(text, rules.board)?),
            None => None,
        };
        rules.drop_men = men;
        if rules.opening == Opening::Drops && men == Some(rules.men_in_hand_default()) {
            rules.drop_men = None;
        }
        rules.validate()?;
        Ok(rules)
    }
}

impl RuleSet {
    /// How many options (the handicap aside) differ between two rule sets.
    fn options_differing_from(&self, other: &RuleSet) -> usize {
        [
            self.board != other.board,
            self.king_power != other.king_power,
            self.part_trapped_tandem != other.part_trapped_tandem,
            self.king_start != other.king_start,
            self.own_man_capture != other.own_man_capture,
            self.mole_condition != other.mole_condition,
            self.trap != other.trap,
            self.fortress != other.fortress,
            self.opening != other.opening,
            self.drop_men != other.drop_men,
            self.drop_captures != other.drop_captures,
            self.drop_kings != other.drop_kings,
            self.hopeless != other.hopeless,
        ]
        .into_iter()
        .filter(|&d| d)
        .count()
    }

    /// The drop opening's number of pawns when `men=N` is not given.
    pub fn men_in_hand_default(&self) -> u8 {
        RuleSet {
            drop_men: None,
            ..*self
        }
        .men_in_hand()
    }
}

/// `8`: a number of men between 1 and what `board` holds (RULES §10.3).
fn parse_men(text: &str, board: Board) -> Result<u8, RuleSetError> {
    let men: u32 = text
        .parse()
        .map_err(|_| RuleSetError::MenSyntax(crate::common::excerpt(text)))?;
    let max = RuleSet::max_men(board);
    if !(1..=max as u32).contains(&men) {
        return Err(RuleSetError::MenFit {
            men,
            cells: board.cells().count(),
            max,
        });
    }
    Ok(men as u8)
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

    /// Each value's explanation: one short line of its own, a sentence, not its label.
    fn explained<T: RuleOption>() {
        let mut seen = std::collections::HashSet::new();
        for &v in T::ALL {
            let e = v.explain();
            assert!(
                (20..=100).contains(&e.len()) && !e.contains('\n') && e.ends_with('.'),
                "{}={}: {e:?}",
                T::KEY,
                v.name()
            );
            assert!(seen.insert(e), "{}: two values explained alike", T::KEY);
            assert_ne!(e, v.label());
        }
    }

    #[test]
    fn every_option_value_is_explained() {
        explained::<KingPower>();
        explained::<PartTrappedTandem>();
        explained::<KingStart>();
        explained::<OwnManCapture>();
        explained::<MoleCondition>();
        explained::<TrapRule>();
        explained::<Fortress>();
        explained::<Opening>();
        explained::<DropCaptures>();
        explained::<DropKings>();
        explained::<Hopeless>();
    }

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
            "chogo-44,trap=line",
            "chogo-44,fortress=knight",
            "neto,fortress=reposition",
            "chogo-44,fortress=no-hiding,hopeless=resign",
            "chogo-44,start=facing",
            "chogo-44,opening=drops",
            "chogo-44,opening=drops,men=5,drop-captures=no,kings=none",
            "12x10,opening=drops,men=58",
            "chogo-large,trap=line,opening=drops,kings=none,hopeless=resign",
        ] {
            let rules: RuleSet = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
        }
    }

    /// Every value of option `T` reads back from its name, in rule text too, and its
    /// names and labels are distinct.
    fn option_round_trips<T: RuleOption>() {
        option_round_trips_on::<T>("12x10");
    }

    fn option_round_trips_on<T: RuleOption>(base: &str) {
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
            let text = format!("{base},{}={name}", T::KEY);
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
        option_round_trips::<TrapRule>();
        option_round_trips::<Fortress>();
        option_round_trips::<Opening>();
        option_round_trips::<Hopeless>();
        option_round_trips_on::<DropCaptures>("12x10,opening=drops");
        option_round_trips_on::<DropKings>("12x10,opening=drops");
        assert_eq!(
            "chogo-44,mole=any"
                .parse::<RuleSet>()
                .unwrap_err()
                .to_string(),
            "'any' is not a value of rule option mole (one of: secure-city, city)"
        );
        assert_eq!(
            rule_text_syntax(),
            "king=one-step|rook, tandem=full|one-cell, start=own-half|anywhere|fixed|facing, \
             capture=never|suicide, mole=secure-city|city, trap=single|line, \
             fortress=mole|no-hiding|knight|reposition, opening=kings|drops, men=N, \
             drop-captures=yes|no, kings=last|none, hopeless=play-on|resign, \
             handicap=black|white:CELL+CELL"
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

    /// RULES §10.3: "1 ≤ N ≤ the board's cells / 2 − 2"; the default is the board's usual
    /// number of pawns, written as nothing; the drop opening's own options need it, and it
    /// "cannot be combined with start=fixed, start=facing or a handicap".
    #[test]
    fn the_drop_openings_options_are_checked() {
        let err = |text: &str| text.parse::<RuleSet>().unwrap_err().to_string();
        assert_eq!(
            err("chogo-44,opening=drops,men=30"),
            "men=30 does not fit a 44-cell board (1 to 20 men each)"
        );
        assert_eq!(
            err("chogo-44,opening=drops,men=0"),
            "men=0 does not fit a 44-cell board (1 to 20 men each)"
        );
        assert_eq!(
            err("chogo-44,opening=drops,men=many"),
            "'many' is not a number of men (write men=8)"
        );
        assert!("chogo-44,opening=drops,men=20".parse::<RuleSet>().is_ok());
        assert!("chogo-44,opening=drops,men=21".parse::<RuleSet>().is_err());
        assert_eq!(
            err("chogo-44,men=5"),
            "rule option men belongs to the drop opening: add opening=drops"
        );
        assert_eq!(
            err("chogo-44,men=30"),
            "rule option men belongs to the drop opening: add opening=drops"
        );
        assert!("chogo-44,men=6,opening=drops".parse::<RuleSet>().is_ok());
        assert_eq!(
            err("chogo-44,kings=none"),
            "rule option kings belongs to the drop opening: add opening=drops"
        );
        assert_eq!(
            err("chogo-44,drop-captures=no"),
            "rule option drop-captures belongs to the drop opening: add opening=drops"
        );
        assert_eq!(
            err("chogo-44,opening=drops,start=facing"),
            "the drop opening starts from an empty board with the same men for both sides, \
             so it cannot be played with facing kings (start=facing)"
        );
        assert_eq!(
            err("chogo-44,opening=drops,start=fixed"),
            "the drop opening starts from an empty board with the same men for both sides, \
             so it cannot be played with fixed kings (start=fixed)"
        );
        assert_eq!(
            err("chogo-44,opening=drops,handicap=white:c7"),
            "the drop opening starts from an empty board with the same men for both sides, \
             so it cannot be played with a handicap"
        );
        let eight: RuleSet = "chogo-44,opening=drops,men=8".parse().unwrap();
        assert_eq!(eight.drop_men, None);
        assert_eq!(eight.men_in_hand(), 8);
        assert_eq!(eight.to_string(), "chogo-44,opening=drops");
        let large: RuleSet = "12x10,opening=drops".parse().unwrap();
        assert_eq!(large.men_in_hand(), 12);
        assert_eq!(
            "chogo-44,opening=drops,men=5,kings=none"
                .parse::<RuleSet>()
                .unwrap()
                .describe(),
            "Chogo-44, drop opening, 5 men each, no kings"
        );
        assert_eq!(
            "chogo-44,opening=drops,men=1"
                .parse::<RuleSet>()
                .unwrap()
                .describe(),
            "Chogo-44, drop opening, 1 man each"
        );
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
