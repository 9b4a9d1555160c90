//! Position text (RULES §8), the FEN of Chogo: reading, writing and its errors.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::{Bitboard, BySide, Cell, Hand, Man, Position, Role, RuleSet, Side};

impl Position {
    /// Parses position text under a rule set.
    pub fn from_text(text: &str, rules: RuleSet) -> Result<Position, PositionError> {
        parse_position(text, rules)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        for rank in (0..board.ranks()).rev() {
            let mut empties = 0;
            for file in 0..board.files() {
                let cell = Cell::new(file, rank);
                let c = if !board.contains(cell) {
                    Some('#')
                } else {
                    self.man_at(cell).map(Man::char)
                };
                match c {
                    None => empties += 1,
                    Some(c) => {
                        if empties > 0 {
                            write!(f, "{empties}")?;
                            empties = 0;
                        }
                        write!(f, "{c}")?;
                    }
                }
            }
            if empties > 0 {
                write!(f, "{empties}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let (white, black) = (self.hand(Side::White), self.hand(Side::Black));
        if !(white.is_empty() && black.is_empty()) {
            f.write_str("[")?;
            for (side, hand) in [(Side::White, white), (Side::Black, black)] {
                let letter = |role| Man::new(side, role).char();
                match hand.pawns {
                    0 => {}
                    1 => write!(f, "{}", letter(Role::Pawn))?,
                    n => write!(f, "{n}{}", letter(Role::Pawn))?,
                }
                if hand.king {
                    write!(f, "{}", letter(Role::King))?;
                }
            }
            f.write_str("]")?;
        }
        write!(
            f,
            " {} {} {}",
            self.turn().char(),
            self.halfmoves(),
            self.fullmoves()
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(
        "position text needs 4 fields (placement, side to move, plies since capture, move number); found {0}"
    )]
    Fields(usize),
    #[error("the board has {expected} ranks but the placement has {found}")]
    RankCount { expected: u8, found: usize },
    #[error("rank {rank} has {found} cells; the board has {expected} files")]
    RankLength {
        rank: u8,
        expected: u8,
        found: usize,
    },
    #[error("'{ch}' in rank {rank} is not a man (p k P K), a missing cell (#) or a count")]
    BadChar { ch: char, rank: u8 },
    #[error("{0} does not exist on this board, so the placement must show # there")]
    MissingCellExpected(Cell),
    #[error("{0} is a cell of this board, but the placement shows # there")]
    NotMissing(Cell),
    #[error("{0} is not on this board")]
    OffBoard(Cell),
    #[error("two men on {0}")]
    TwoMen(Cell),
    #[error(
        "bad men-in-hand field '{0}' (expected the men in brackets, a count before a letter \
         repeating it: [Kk], [K], [k], [8PK8pk])"
    )]
    Hand(String),
    #[error("these rules have no kings (kings=none)")]
    NoKings,
    #[error("only the drop opening (opening=drops) has men in hand")]
    PawnsInHand,
    #[error("{side} holds {pawns} men in hand; these rules give each side {men}")]
    HandTooBig { side: Side, pawns: u8, men: u8 },
    #[error("{0} holds men in hand but not its king, which is dropped after them")]
    KingBeforePawns(Side),
    #[error(
        "in the drop opening the sides drop in turn from equal hands: with {turn} to move, \
         Black cannot hold {black} men and White {white}"
    )]
    UnevenHands { turn: Side, black: u32, white: u32 },
    #[error(
        "with drop-captures=no the 50-move count does not run during the drop phase, so \
         its plies since the last capture are 0, not {0}"
    )]
    QuietDropCount(u32),
    #[error("{0} has more than one king")]
    TwoKings(Side),
    #[error("{0}'s king is both on the board and in hand")]
    KingTwice(Side),
    #[error("these rules have no king drop, so no king can be in hand")]
    NoDrops,
    #[error("side to move must be b or w, not '{0}'")]
    Turn(String),
    #[error("'{0}' is not a number of plies since the last capture")]
    Halfmoves(String),
    #[error("'{0}' is not a move number (1 or more)")]
    Fullmoves(String),
}

fn parse_position(text: &str, rules: RuleSet) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(PositionError::Fields(fields.len()));
    }
    let board = rules.board;
    let (placement, hand) = match fields[0].find('[') {
        Some(i) => (&fields[0][..i], Some(&fields[0][i..])),
        None => (fields[0], None),
    };
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != board.ranks() as usize {
        return Err(PositionError::RankCount {
            expected: board.ranks(),
            found: rows.len(),
        });
    }
    let mut men = BySide::<Bitboard>::default();
    let mut kings = Bitboard::EMPTY;
    for (i, row) in rows.iter().enumerate() {
        let rank = board.ranks() - 1 - i as u8;
        let mut file: usize = 0;
        let mut chars = row.chars().peekable();
        let mut place = |file: usize, c: Option<char>| -> Result<(), PositionError> {
            if file >= board.files() as usize {
                return Ok(()); // counted; reported as a length error below
            }
            let cell = Cell::new(file as u8, rank);
            let exists = board.contains(cell);
            match c {
                Some('#') if exists => Err(PositionError::NotMissing(cell)),
                Some('#') => Ok(()),
                _ if !exists => Err(PositionError::MissingCellExpected(cell)),
                None => Ok(()),
                Some(ch) => {
                    let man =
                        Man::from_char(ch).ok_or(PositionError::BadChar { ch, rank: rank + 1 })?;
                    if man.role == Role::King {
                        if (kings & men[man.side]).any() {
                            return Err(PositionError::TwoKings(man.side));
                        }
                        kings.insert(cell);
                    }
                    men[man.side].insert(cell);
                    Ok(())
                }
            }
        };
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d2 as usize;
                    chars.next();
                    if n > 99 {
                        break;
                    }
                }
                if n == 0 {
                    return Err(PositionError::BadChar {
                        ch: c,
                        rank: rank + 1,
                    });
                }
                for _ in 0..n {
                    place(file, None)?;
                    file += 1;
                }
            } else {
                if c != '#' && Man::from_char(c).is_none() {
                    return Err(PositionError::BadChar {
                        ch: c,
                        rank: rank + 1,
                    });
                }
                place(file, Some(c))?;
                file += 1;
            }
        }
        if file != board.files() as usize {
            return Err(PositionError::RankLength {
                rank: rank + 1,
                expected: board.files(),
                found: file,
            });
        }
    }
    let in_hand = match hand {
        Some(hand) => {
            parse_hand(hand).ok_or_else(|| PositionError::Hand(crate::common::excerpt(hand)))?
        }
        None => BySide::default(),
    };
    let turn = match fields[1] {
        "b" => Side::Black,
        "w" => Side::White,
        other => return Err(PositionError::Turn(crate::common::excerpt(other))),
    };
    let halfmoves: u32 = fields[2]
        .parse()
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| PositionError::Halfmoves(crate::common::excerpt(fields[2])))?;
    let fullmoves: u32 = fields[3]
        .parse()
        .ok()
        .filter(|&n| (1..=1_000_000).contains(&n))
        .ok_or_else(|| PositionError::Fullmoves(crate::common::excerpt(fields[3])))?;
    Position::assemble(rules, men, kings, in_hand, turn, [halfmoves, fullmoves])
}

/// The men-in-hand field, `[8PK8pk]` (RULES §8, §10.3): White's men, then Black's, each
/// side's pawns before its king, a count of 2 or more before a letter repeating it. Every
/// letter once at most, and the brackets never empty.
fn parse_hand(field: &str) -> Option<BySide<Hand>> {
    let inner = field.strip_prefix('[')?.strip_suffix(']')?;
    let mut hand = BySide::<Hand>::default();
    // The order letters must come in: P K p k.
    let order = [
        Man::new(Side::White, Role::Pawn),
        Man::new(Side::White, Role::King),
        Man::new(Side::Black, Role::Pawn),
        Man::new(Side::Black, Role::King),
    ];
    let mut next = 0;
    let mut chars = inner.chars().peekable();
    while chars.peek().is_some() {
        let mut count: Option<u32> = None;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            count = Some(count.unwrap_or(0) * 10 + d);
            chars.next();
            if count > Some(999) {
                return None;
            }
        }
        let man = Man::from_char(chars.next()?)?;
        let at = order.iter().position(|&m| m == man)?;
        if at < next {
            return None;
        }
        next = at + 1;
        match (man.role, count) {
            (Role::King, None) => hand[man.side].king = true,
            (Role::Pawn, None) => hand[man.side].pawns = 1,
            (Role::Pawn, Some(n)) if (2..=255).contains(&n) => hand[man.side].pawns = n as u8,
            _ => return None,
        }
    }
    (next > 0).then_some(hand)
}

/// Position text under Chogo-44 rules; use [`Position::from_text`] for other rules.
impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_text(s, RuleSet::default())
    }
}

/// Serialised as `{"rules": "<rule text>", "position": "<position text>"}`.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Position", 2)?;
        st.serialize_field("rules", self.rules())?;
        st.serialize_field("position", &self.to_string())?;
        st.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        #[derive(Deserialize)]
        struct Text {
            rules: RuleSet,
            position: String,
        }
        let t = Text::deserialize(d)?;
        Position::from_text(&t.position, t.rules).map_err(serde::de::Error::custom)
    }
}
