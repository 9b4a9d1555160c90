//! Chogo's side of the lessons ([`Taught`]): what a move did in the lessons' words, the
//! predicates only Chogo has (trapped men, secure men), and the limited opponents.

use crate::common::Side;
use crate::common::taught::{Done, Judged, Limited, Taught, shuffle_move};
use crate::rules::{Bitboard, Cell, Fortress, Game, Move, MoveText, Position, Role};

/// A cell of the game's board, from its name.
fn board_cell(pos: &Position, name: &str) -> Result<Cell, String> {
    let cell: Cell = name.parse().map_err(|e| format!("{e}"))?;
    if !pos.board().cells().contains(cell) {
        return Err(format!(
            "{} is not a cell of this board",
            crate::common::excerpt(name)
        ));
    }
    Ok(cell)
}

/// The kinds of a move played from `before`, with its captures (the men removed).
fn kinds(before: &Position, mv: Move, captured: Bitboard) -> Vec<&'static str> {
    let me = before.turn();
    let mut kinds = Vec::new();
    match mv {
        Move::Drop { .. } => {
            kinds.push("drop");
            if before.hand(me).next() == Some(Role::King) {
                kinds.push("king drop");
            }
        }
        Move::Single { from, .. } => {
            kinds.push("single");
            if before.kings().contains(from) {
                kinds.push("king move");
            }
        }
        Move::Tandem { from, to } => {
            kinds.push("tandem");
            // A slide capture: a man taken beside a cell the tandem left and filled again
            // (RULES §5.3).
            let refilled = from.cells() & to.cells();
            let mut taken = captured;
            if taken
                .find(|&c| (Bitboard::from_cell(c).neighbours() & refilled).any())
                .is_some()
            {
                kinds.push("slide capture");
            }
        }
        Move::MoleDrop { from, .. } => kinds.push(match before.rules().fortress {
            Fortress::Knight => "knight leap",
            Fortress::Reposition if before.men(!me).contains(from) => "reposition",
            _ => "mole drop",
        }),
    }
    if (captured & before.men(!me)).any() {
        kinds.push("capture");
    }
    // RULES §9, capture=suicide: the mover's own enclosed men go too.
    if (captured & before.men(me)).any() {
        kinds.push("own men lost");
    }
    kinds
}

impl Taught for Game {
    const MOVE_KINDS: &'static [&'static str] = &[
        "drop",
        "king drop",
        "single",
        "king move",
        "tandem",
        "slide capture",
        "capture",
        "own men lost",
        "mole drop",
        "knight leap",
        "reposition",
    ];

    fn play_done(&mut self, mv: Move) -> Result<Done, String> {
        let before = *self.position();
        let report = self.play(mv).map_err(|e| format!("{e}"))?;
        let mut removed = Bitboard::EMPTY;
        for &(cell, _) in &report.captured {
            removed.insert(cell);
        }
        Ok(Done {
            captured: (removed & before.men(!before.turn()))
                .map(|c| c.to_string())
                .collect(),
            kinds: kinds(&before, mv, removed),
        })
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        let written: MoveText = text.parse().map_err(|e| format!("{e}"))?;
        Ok(written.mv)
    }

    fn standing(&self, cell: &str) -> Result<Option<Side>, String> {
        let pos = self.position();
        let cell = board_cell(pos, cell)?;
        Ok(pos.man_at(cell).map(|m| m.side))
    }

    fn judge(&self, what: &Judged, learner: Side) -> Result<bool, String> {
        let pos = self.position();
        match what {
            Judged::Trapped(cells) => {
                if cells.is_empty() {
                    return Err("a trap goal names the men to trap".into());
                }
                let trapped = pos.trapped(!learner);
                let mut all = true;
                for name in cells {
                    let cell = board_cell(pos, name)?;
                    all &= trapped.contains(cell);
                }
                Ok(all)
            }
            // Security is computed once both kings stand (RULES §7).
            Judged::Secure => Ok(!pos.is_drop_phase() && pos.secure(learner) == pos.men(learner)),
            Judged::AheadOnCount => {
                Err("Chogo has no count: a game ends with a king captured or a side stuck".into())
            }
        }
    }

    fn limited_move(&self, bot: &Limited, seed: u64) -> Result<Option<Move>, String> {
        let legal = self.legal_moves().into_vec();
        if legal.is_empty() {
            return Ok(None);
        }
        let pos = self.position();
        match bot {
            Limited::Pass {} => Err("Chogo has no pass: give the opponent men that move".into()),
            Limited::Shuffle { between: [a, b] } => {
                let (a, b) = (board_cell(pos, a)?, board_cell(pos, b)?);
                let tries = [
                    Move::Single { from: a, to: b },
                    Move::Single { from: b, to: a },
                ];
                shuffle_move(tries, &legal, || {
                    self.limited_move(&Limited::Random {}, seed)
                })
            }
            Limited::Greedy { otherwise } => {
                let learner = !pos.turn();
                let mut best: Option<(u32, Move)> = None;
                for &mv in legal.iter() {
                    let mut after = *pos;
                    let taken = after.play_unchecked(mv) & pos.men(learner);
                    // A king is worth the game (RULES §6.1).
                    let worth = taken.count() + 100 * (taken & pos.kings()).count();
                    if worth > 0 && best.is_none_or(|(w, _)| worth > w) {
                        best = Some((worth, mv));
                    }
                }
                best.map_or_else(
                    || self.limited_move(otherwise, seed),
                    |(_, mv)| Ok(Some(mv)),
                )
            }
            Limited::Random {} => Ok(Some(legal[(seed % legal.len() as u64) as usize])),
        }
    }
}
