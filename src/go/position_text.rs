//! The position text of Go with chess pieces (GO_RULES §5): reading it, with a typed
//! error for every way it can be wrong, and writing it.

use std::fmt;
use std::fmt::Write as _;

use thiserror::Error;

use super::bits::Cell;
use super::geometry::Board;
use super::moves::Move;
use super::piece::{Kind, Piece};
use super::position::Position;
use super::rules::Rules;
use crate::common::Side;

/// Why a position text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("a position has 7 fields separated by spaces, not {0}")]
    Fields(usize),
    #[error("the placement has {found} ranks; the {board} board has {expected}")]
    Ranks {
        found: usize,
        expected: u8,
        board: Board,
    },
    #[error("rank {rank} of the placement does not fit the board's {files} files")]
    RankWidth { rank: u8, files: u8 },
    #[error("'{0}' in the placement is not a piece letter, a number or #")]
    Letter(char),
    #[error("{0}: # stands for a missing cell, and only there")]
    Missing(String),
    #[error("{} are not in this game's set", .0.plural())]
    NotInSet(Kind),
    #[error("{0} is not a playable cell for this set")]
    NotPlayable(Cell),
    #[error("'{0}' is not a side to move (b or w)")]
    Side(String),
    #[error("'{0}' is not a number of captures (0 to 1000000)")]
    Captures(String),
    #[error("'{0}' is not a number of passes (0, 1 or 2)")]
    Passes(String),
    #[error("'{0}' is not a ko field (- or the forbidden drop, like R@c3)")]
    Ko(String),
    #[error("the ko field names {0}, which is occupied")]
    KoOccupied(Cell),
    #[error("a ko field after a pass")]
    KoAfterPass,
    #[error("'{0}' is not a full-move number (1 to 1000000)")]
    Fullmoves(String),
}

impl Position {
    /// Reads a position text with the rules chosen beside it.
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 7 {
            return Err(PositionError::Fields(fields.len()));
        }
        let mut pos = Position::new(rules);
        let geo = pos.geo;
        let rows: Vec<&str> = fields[0].split('/').collect();
        let ranks = geo.board.ranks();
        let files = geo.board.files();
        if rows.len() != ranks as usize {
            return Err(PositionError::Ranks {
                found: rows.len(),
                expected: ranks,
                board: geo.board,
            });
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i as u8;
            let width = PositionError::RankWidth {
                rank: rank + 1,
                files,
            };
            let mut file: u32 = 0;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10) {
                    let mut run = d;
                    if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        run = run * 10 + d2;
                        chars.next();
                    }
                    if run == 0 {
                        return Err(PositionError::Letter('0'));
                    }
                    for _ in 0..run {
                        let cell = Cell::new(file as i32, rank as i32)
                            .filter(|_| file < files as u32)
                            .ok_or(width.clone())?;
                        if !geo.cells.contains(cell) {
                            return Err(PositionError::Missing(cell.to_string()));
                        }
                        file += 1;
                    }
                    continue;
                }
                let cell = Cell::new(file as i32, rank as i32)
                    .filter(|_| file < files as u32)
                    .ok_or(width.clone())?;
                file += 1;
                if ch == '#' {
                    if geo.cells.contains(cell) {
                        return Err(PositionError::Missing(cell.to_string()));
                    }
                    continue;
                }
                let piece = Piece::from_char(ch).ok_or(PositionError::Letter(ch))?;
                if !geo.cells.contains(cell) {
                    return Err(PositionError::Missing(cell.to_string()));
                }
                if !rules.pieces.contains(piece.kind) {
                    return Err(PositionError::NotInSet(piece.kind));
                }
                if !geo.playable.contains(cell) {
                    return Err(PositionError::NotPlayable(cell));
                }
                pos.put(cell, piece);
            }
            if file != files as u32 {
                return Err(width);
            }
        }
        pos.turn = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            s => return Err(PositionError::Side(crate::common::excerpt(s))),
        };
        for (i, side) in [(2, 0), (3, 1)] {
            // Bounded, as Chogo's counters are, so that a game can always add to them.
            pos.captures[side] = fields[i]
                .parse()
                .ok()
                .filter(|&n| n <= 1_000_000)
                .ok_or_else(|| PositionError::Captures(crate::common::excerpt(fields[i])))?;
        }
        pos.passes = fields[4]
            .parse()
            .ok()
            .filter(|p| *p <= 2)
            .ok_or_else(|| PositionError::Passes(crate::common::excerpt(fields[4])))?;
        pos.ko = match fields[5] {
            "-" => None,
            ko => {
                let bad = || PositionError::Ko(crate::common::excerpt(ko));
                let (kind, cell) = match ko.split_once('@') {
                    Some((k, c)) => {
                        let mut ks = k.chars();
                        let kind = match (ks.next(), ks.next()) {
                            (Some(l), None) => Kind::from_letter(l).ok_or_else(bad)?,
                            _ => return Err(bad()),
                        };
                        (kind, c.parse::<Cell>().map_err(|_| bad())?)
                    }
                    None => (
                        rules.pieces.single().ok_or_else(bad)?,
                        ko.parse::<Cell>().map_err(|_| bad())?,
                    ),
                };
                if !rules.pieces.contains(kind) {
                    return Err(PositionError::NotInSet(kind));
                }
                if !geo.playable.contains(cell) {
                    return Err(PositionError::NotPlayable(cell));
                }
                if pos.occupied().contains(cell) {
                    return Err(PositionError::KoOccupied(cell));
                }
                if pos.passes > 0 {
                    return Err(PositionError::KoAfterPass);
                }
                Some((kind, cell))
            }
        };
        pos.fullmoves = fields[6]
            .parse()
            .ok()
            .filter(|n| (1..=1_000_000).contains(n))
            .ok_or_else(|| PositionError::Fullmoves(crate::common::excerpt(fields[6])))?;
        pos.dead_possible = true;
        pos.dead_possible = pos.dead(Side::Black).any() || pos.dead(Side::White).any();
        Ok(pos)
    }

    /// The placement field of the position text.
    pub fn placement_text(&self) -> String {
        let mut out = String::new();
        for (i, rank) in self.geo.ranks_top_down().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut run = 0;
            for cell in rank {
                if !self.geo.cells.contains(cell) {
                    if run > 0 {
                        let _ = write!(out, "{run}");
                        run = 0;
                    }
                    out.push('#');
                } else if let Some(p) = self.piece_at(cell) {
                    if run > 0 {
                        let _ = write!(out, "{run}");
                        run = 0;
                    }
                    out.push(p.char());
                } else {
                    run += 1;
                }
            }
            if run > 0 {
                let _ = write!(out, "{run}");
            }
        }
        out
    }

    /// The ko field's text.
    pub fn ko_text(&self) -> Option<String> {
        self.ko
            .map(|(kind, cell)| Move::Drop { kind, cell }.text(self.rules.pieces))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {} {} {}",
            self.placement_text(),
            self.turn.char(),
            self.captures[0],
            self.captures[1],
            self.passes,
            self.ko_text().unwrap_or_else(|| "-".into()),
            self.fullmoves
        )
    }
}
