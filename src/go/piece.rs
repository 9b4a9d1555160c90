//! The ten kinds of piece, the piece set of a game, and a side's piece.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::bits::Adjacency;
use crate::common::Side;

/// A kind of piece (GO_RULES §1), in the order of the rule book's table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    Rook,
    Bishop,
    Queen,
    King,
    Wazir,
    Knight,
    /// The Chinese knight: a knight's jump unless its leg cell is occupied or missing.
    Mao,
    Pawn,
    /// A jump of exactly two cells along a file or rank, over anything (a missing cell
    /// included).
    Dabbaba,
    /// The elephant of Chaturanga and Shatranj: a jump of exactly two cells diagonally,
    /// over anything.
    Alfil,
}

impl Kind {
    /// How many kinds there are.
    pub const COUNT: usize = 10;

    pub const ALL: [Kind; Kind::COUNT] = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Queen,
        Kind::King,
        Kind::Wazir,
        Kind::Knight,
        Kind::Mao,
        Kind::Pawn,
        Kind::Dabbaba,
        Kind::Alfil,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i % Kind::COUNT]
    }

    /// The upper-case letter of notation.
    pub const fn letter(self) -> char {
        match self {
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Queen => 'Q',
            Kind::King => 'K',
            Kind::Wazir => 'W',
            Kind::Knight => 'N',
            Kind::Mao => 'M',
            Kind::Pawn => 'P',
            Kind::Dabbaba => 'D',
            Kind::Alfil => 'A',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Queen => "queen",
            Kind::King => "king",
            Kind::Wazir => "wazir",
            Kind::Knight => "knight",
            Kind::Mao => "mao",
            Kind::Pawn => "pawn",
            Kind::Dabbaba => "dabbaba",
            Kind::Alfil => "alfil",
        }
    }

    pub const fn plural(self) -> &'static str {
        match self {
            Kind::Rook => "rooks",
            Kind::Bishop => "bishops",
            Kind::Queen => "queens",
            Kind::King => "kings",
            Kind::Wazir => "wazirs",
            Kind::Knight => "knights",
            Kind::Mao => "maos",
            Kind::Pawn => "pawns",
            Kind::Dabbaba => "dabbabas",
            Kind::Alfil => "alfils",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side's piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// Position-text letter: lower case for Black, upper case for White.
    pub fn char(self) -> char {
        match self.side {
            Side::Black => self.kind.letter().to_ascii_lowercase(),
            Side::White => self.kind.letter(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let side = if c.is_ascii_lowercase() {
            Side::Black
        } else {
            Side::White
        };
        Some(Piece::new(side, kind))
    }

    /// 0..20: side × 10 + kind.
    #[inline]
    pub(crate) const fn code(self) -> usize {
        self.side.index() * Kind::COUNT + self.kind.index()
    }

    /// The piece of a [`Piece::code`].
    #[inline]
    pub(crate) const fn from_code(code: usize) -> Piece {
        let side = if code >= Kind::COUNT {
            Side::White
        } else {
            Side::Black
        };
        Piece::new(side, Kind::from_index(code % Kind::COUNT))
    }
}

/// A non-empty set of kinds, the same for both sides (GO_RULES §1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceSet(u16);

impl PieceSet {
    /// Go with rooks: Go itself.
    pub const ROOKS: PieceSet = PieceSet(1);

    /// The named sets the game offers.
    pub const PRESETS: [&'static str; 9] = ["R", "B", "K", "N", "P", "M", "RB", "D", "A"];

    pub fn new(kinds: impl IntoIterator<Item = Kind>) -> Option<PieceSet> {
        let bits = kinds.into_iter().fold(0u16, |b, k| b | 1 << k.index());
        (bits != 0).then_some(PieceSet(bits))
    }

    #[inline]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u16) != 0
    }

    pub fn kinds(self) -> impl Iterator<Item = Kind> + Clone {
        Kind::ALL.into_iter().filter(move |k| self.contains(*k))
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Never true: a set has at least one kind.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kind of a one-kind set.
    pub fn single(self) -> Option<Kind> {
        (self.len() == 1).then(|| Kind::from_index(self.0.trailing_zeros() as usize))
    }

    /// Bishops alone (GO_RULES §1: they play on the light cells, where margins are small).
    pub const fn bishops_alone(self) -> bool {
        self.0 == 1 << Kind::Bishop as u16
    }

    /// Why some cells are not played with this set, in a few words (GO_RULES §1).
    pub fn playable_note(self) -> String {
        if self.bishops_alone() {
            "bishops alone play on the light cells".to_string()
        } else {
            format!(
                "with the set {self} only the cells its moves reach from the first light cell are played"
            )
        }
    }

    /// Whether the set holds a pawn: then every cell is playable (GO_RULES §1).
    pub const fn has_pawn(self) -> bool {
        self.contains(Kind::Pawn)
    }

    /// Rooks and wazirs only: a piece is alive exactly when its Go group has a liberty,
    /// which the engine computes with whole-board masks.
    pub const fn orthogonal(self) -> bool {
        self.0 & !(1 << Kind::Rook as u16 | 1 << Kind::Wazir as u16) == 0
    }

    /// How the pieces of a set that plays exactly as Go does are joined: rooks and
    /// wazirs orthogonally, bishops alone diagonally (on the light cells), dabbabas alone
    /// two cells apart along files and ranks, alfils alone two cells apart diagonally. A
    /// piece of such a set is alive exactly when its group in that sense has an empty
    /// neighbour (its playable cells are closed under that adjacency).
    pub fn go_adjacency(self) -> Option<Adjacency> {
        if self.orthogonal() {
            Some(Adjacency::Orthogonal)
        } else if self.bishops_alone() {
            Some(Adjacency::Diagonal)
        } else if self.0 == 1 << Kind::Dabbaba as u16 {
            Some(Adjacency::Dabbaba)
        } else if self.0 == 1 << Kind::Alfil as u16 {
            Some(Adjacency::Alfil)
        } else {
            None
        }
    }
}

impl Default for PieceSet {
    fn default() -> PieceSet {
        PieceSet::ROOKS
    }
}

impl fmt::Display for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in self.kinds() {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a piece set (letters of R B Q K W N M P D A, like R, RB or N)")]
pub struct ParsePieceSetError(pub String);

impl FromStr for PieceSet {
    type Err = ParsePieceSetError;
    fn from_str(s: &str) -> Result<PieceSet, ParsePieceSetError> {
        let err = || ParsePieceSetError(crate::common::excerpt(s));
        let kinds: Option<Vec<Kind>> = s
            .chars()
            .filter(|c| !matches!(c, ',' | '+' | ' '))
            .map(Kind::from_letter)
            .collect();
        PieceSet::new(kinds.ok_or_else(err)?).ok_or_else(err)
    }
}
