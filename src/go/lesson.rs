//! Go with chess pieces' side of the lessons ([`Taught`]): what a move did in the lessons'
//! words, the count at the end, and the limited opponents.

use super::{Cell, EndReason, Game, Move, MoveText, Position};
use crate::common::Side;
use crate::common::taught::{Done, Judged, Limited, Taught, shuffle_move};

/// A cell of the game's board, from its name.
fn board_cell(pos: &Position, name: &str) -> Result<Cell, String> {
    let cell: Cell = name.parse().map_err(|e| format!("{e}"))?;
    if !pos.rules().board.cells().contains(cell) {
        return Err(format!(
            "{} is not a cell of this board",
            crate::common::excerpt(name)
        ));
    }
    Ok(cell)
}

impl Taught for Game {
    const MOVE_KINDS: &'static [&'static str] = &["drop", "move", "pass", "capture"];

    fn play_done(&mut self, mv: Move) -> Result<Done, String> {
        let captured = self.play(mv).map_err(|e| format!("{e}"))?;
        let mut kinds = vec![match mv {
            Move::Drop { .. } => "drop",
            Move::Step { .. } => "move",
            Move::Pass => "pass",
        }];
        if captured.any() {
            kinds.push("capture");
        }
        Ok(Done {
            captured: captured.iter().map(|c| c.to_string()).collect(),
            kinds,
        })
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        let written: MoveText = text.parse().map_err(|e| format!("{e}"))?;
        self.position()
            .parse_move(&written)
            .map_err(|e| format!("{e}"))
    }

    fn standing(&self, cell: &str) -> Result<Option<Side>, String> {
        let pos = self.position();
        let cell = board_cell(pos, cell)?;
        Ok(pos.piece_at(cell).map(|p| p.side))
    }

    fn judge(&self, what: &Judged, learner: Side) -> Result<bool, String> {
        match what {
            Judged::Trapped(_) => Err("Go with chess pieces has no traps: capture instead".into()),
            Judged::Secure => {
                Err("Go with chess pieces has no secure men: ask for pieces that survive".into())
            }
            // GO_RULES §4: two passes end the game, and it is scored.
            Judged::AheadOnCount => Ok(self
                .outcome()
                .is_some_and(|o| o.reason == EndReason::Passes && o.winner == Some(learner))),
        }
    }

    fn limited_move(&self, bot: &Limited, seed: u64) -> Result<Option<Move>, String> {
        if self.outcome().is_some() {
            return Ok(None);
        }
        match bot {
            Limited::Pass {} => Ok(Some(Move::Pass)),
            Limited::Shuffle { between: [a, b] } => {
                let pos = self.position();
                if !pos.rules().moving {
                    return Err(
                        "pieces do not move in these rules, so none can shuffle (add moving)"
                            .into(),
                    );
                }
                let (a, b) = (board_cell(pos, a)?, board_cell(pos, b)?);
                let legal = self.legal_moves();
                let tries = [Move::Step { from: a, to: b }, Move::Step { from: b, to: a }];
                shuffle_move(tries, &legal, || {
                    self.limited_move(&Limited::Random {}, seed)
                })
            }
            Limited::Greedy { otherwise } => {
                let mut best: Option<(u32, Move)> = None;
                self.for_each_legal_move(|mv, played| {
                    let taken = played.captured.count();
                    if taken > 0 && best.is_none_or(|(t, _)| taken > t) {
                        best = Some((taken, mv));
                    }
                });
                best.map_or_else(
                    || self.limited_move(otherwise, seed),
                    |(_, mv)| Ok(Some(mv)),
                )
            }
            Limited::Random {} => {
                let legal = self.legal_moves();
                Ok(legal
                    .get((seed % legal.len().max(1) as u64) as usize)
                    .copied())
            }
        }
    }
}
