//! A game: positions from a start, superko, the third-occurrence draw, resignation and
//! agreed draws (GO_RULES §3–4).

use thiserror::Error;

use super::bits::Bits;
use super::moves::{Move, MoveText, Written};
use super::position::{IllegalMove, Played, Position};
use crate::common::Side;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// Both sides passed one after the other: scored.
    Passes,
    Resignation,
    Agreement,
    /// The third occurrence of a placement with the same side to move **[ruling]**.
    Repetition,
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    /// `black`, `white` or `draw`, as the command line prints results.
    pub fn result_name(&self) -> &'static str {
        self.winner.map_or("draw", |s| s.name())
    }

    /// `1-0`, `0-1` or `1/2-1/2`, as records write results.
    pub fn record_result(&self) -> &'static str {
        match self.winner {
            Some(Side::Black) => "1-0",
            Some(Side::White) => "0-1",
            None => "1/2-1/2",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
}

/// A game from a start position, with every position since (for superko, the
/// repetition draw and undo).
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<(Move, Bits)>,
    outcome: Option<Outcome>,
    /// The moves [`Game::take_back`] took back, the next one to replay last; a move
    /// played or an ending clears them.
    redo: Vec<Move>,
}

impl Game {
    pub fn from_position(start: Position) -> Game {
        let outcome = start.is_over().then(|| Outcome {
            winner: start.score_winner(),
            reason: EndReason::Passes,
        });
        Game {
            positions: vec![start],
            moves: Vec::new(),
            outcome,
            redo: Vec::new(),
        }
    }

    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game has a start"))
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, each with its captures.
    pub fn moves(&self) -> &[(Move, Bits)] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether `next`'s placement occurred earlier in the game (superko).
    fn repeats(&self, next: &Position) -> bool {
        let h = next.placement_hash();
        self.positions
            .iter()
            .any(|p| p.placement_hash() == h && p.same_placement(next))
    }

    /// Whether `next`'s placement occurred earlier in the game: a move that brings it back
    /// walks toward the repetition draw (bots avoid it).
    pub fn seen(&self, next: &Position) -> bool {
        self.repeats(next)
    }

    /// Every position of the game so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Whether a move played from the current position is legal under the game's rules.
    pub fn check(&self, mv: Move, played: &Played) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let pos = self.position();
        if mv != Move::Pass && pos.rules().superko_on() && self.repeats(&played.position) {
            return Err(IllegalMove::Superko(Written(mv, pos.rules().pieces)));
        }
        Ok(())
    }

    /// Plays a move; returns its captures.
    pub fn play(&mut self, mv: Move) -> Result<Bits, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let played = self.position().play(mv)?;
        self.check(mv, &played)?;
        self.push(mv, played);
        self.redo.clear();
        Ok(played.captured)
    }

    /// Plays on after the game ended by two passes or by repetition, as a GTP session
    /// does (its controller may go on to settle which pieces are dead, or disagree about
    /// the end): the move is played from the position as it stands with its passes
    /// forgotten, so one more pass does not end the game at once. Undo takes it back to
    /// the position before it (a game ended by passes is ended again; one ended by
    /// repetition is not, as undo never restores a repetition). A resignation or an
    /// agreed draw still ends the game.
    pub fn play_on(&mut self, mv: Move) -> Result<Bits, IllegalMove> {
        if !self
            .outcome
            .is_some_and(|o| matches!(o.reason, EndReason::Passes | EndReason::Repetition))
        {
            return self.play(mv);
        }
        let mut from = *self.position();
        from.passes = 0;
        let played = from.play(mv)?;
        if mv != Move::Pass && from.rules().superko_on() && self.repeats(&played.position) {
            return Err(IllegalMove::Superko(Written(mv, from.rules().pieces)));
        }
        self.outcome = None;
        self.push(mv, played);
        self.redo.clear();
        Ok(played.captured)
    }

    /// The same game with the passes just played forgotten by its last position: a bot
    /// asked to move for the side not to move (a GTP controller's `genmove`, the pass
    /// put in before it) then judges the position as if that side were to move, rather
    /// than as an answer to a pass it could end the game on.
    pub fn without_passes(&self) -> Game {
        let mut game = self.resumed();
        if let Some(last) = game.positions.last_mut() {
            last.passes = 0;
        }
        game
    }

    /// The game as [`Game::play_on`] would go on from it: when it ended by passes or by
    /// repetition, the same game not yet ended, its last position's passes forgotten (for
    /// a bot asked to move after the end).
    pub fn resumed(&self) -> Game {
        let mut game = self.clone();
        if game
            .outcome
            .is_some_and(|o| matches!(o.reason, EndReason::Passes | EndReason::Repetition))
        {
            game.outcome = None;
            if let Some(last) = game.positions.last_mut() {
                last.passes = 0;
            }
        }
        game
    }

    /// Plays a written move (its capture list checked as a set).
    pub fn play_text(&mut self, text: &MoveText) -> Result<(Move, Bits), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let (mv, played) = self.position().play_text(text)?;
        self.check(mv, &played)?;
        self.push(mv, played);
        self.redo.clear();
        Ok((mv, played.captured))
    }

    fn push(&mut self, mv: Move, played: Played) {
        let next = played.position;
        self.moves.push((mv, played.captured));
        self.positions.push(next);
        if next.is_over() {
            // Two passes end the game, even when the second makes a third occurrence.
            self.outcome = Some(Outcome {
                winner: next.score_winner(),
                reason: EndReason::Passes,
            });
            return;
        }
        let occurrences = self
            .positions
            .iter()
            .filter(|p| p.turn() == next.turn() && p.same_placement(&next))
            .count();
        if occurrences >= 3 {
            self.outcome = Some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            });
        }
    }

    /// Takes back the last move; false at the start.
    /// Takes back a resignation or an agreed draw if the game ended so (the position
    /// stays), else the last move. False when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        if self
            .outcome
            .is_some_and(|o| matches!(o.reason, EndReason::Resignation | EndReason::Agreement))
        {
            self.outcome = None;
            return true;
        }
        if self.moves.pop().is_none() {
            return false;
        }
        self.positions.pop();
        let pos = *self.position();
        self.outcome = pos.is_over().then(|| Outcome {
            winner: pos.score_winner(),
            reason: EndReason::Passes,
        });
        true
    }

    /// Takes back the ending of a resigned or agreed game, else the last move, which
    /// [`Game::redo`] can then replay. False when there is nothing to take back.
    /// ([`Game::undo`] forgets the move: the searches and perft use it.)
    pub fn take_back(&mut self) -> bool {
        let moves = self.moves.len();
        let last = self.moves.last().map(|(mv, _)| *mv);
        if !self.undo() {
            return false;
        }
        if self.moves.len() < moves
            && let Some(mv) = last
        {
            self.redo.push(mv);
        }
        true
    }

    /// Plays the last move taken back again; its captures.
    pub fn redo(&mut self) -> Option<Bits> {
        let mv = self.redo.pop()?;
        let rest = std::mem::take(&mut self.redo);
        match self.play(mv) {
            Ok(captured) => {
                self.redo = rest;
                Some(captured)
            }
            // Cannot happen (a move played clears the list), but a list that no longer
            // fits is dropped rather than half applied.
            Err(_) => None,
        }
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves taken back, in the order redo would replay them.
    pub fn redo_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.redo.iter().rev().copied()
    }

    /// `side` gives up. What undo took back cannot follow an ending: it is forgotten.
    pub fn resign(&mut self, side: Side) {
        if self.outcome.is_none() {
            self.redo.clear();
            self.outcome = Some(Outcome {
                winner: Some(!side),
                reason: EndReason::Resignation,
            });
        }
    }

    /// The players agree a draw (what undo took back is forgotten, as on a resignation).
    pub fn agree_draw(&mut self) {
        if self.outcome.is_none() {
            self.redo.clear();
            self.outcome = Some(Outcome {
                winner: None,
                reason: EndReason::Agreement,
            });
        }
    }

    /// Every legal move with the position after it (superko applied).
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move, &Played)) {
        if self.outcome.is_some() {
            return;
        }
        self.position().for_each_legal_move(|mv, played| {
            if self.check(mv, played).is_ok() {
                f(mv, played);
            }
        });
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_legal_move(|m, _| out.push(m));
        out
    }

    /// Plays a move already known legal (from [`Game::for_each_legal_move`]).
    pub fn push_played(&mut self, mv: Move, played: Played) {
        self.push(mv, played);
    }
}

/// Counts the leaves of the legal move tree to `depth` (a pass is a move; a finished game
/// is one leaf at any remaining depth).
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return 1;
    }
    let mut list = Vec::new();
    game.for_each_legal_move(|mv, played| list.push((mv, *played)));
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for (mv, played) in list {
        game.push_played(mv, played);
        total += perft(game, depth - 1);
        game.undo();
    }
    total
}

impl crate::common::Playable for Game {
    type Move = Move;
    type Position = Position;
    type Report = Bits;
    type Refusal = IllegalMove;

    fn position(&self) -> &Position {
        Game::position(self)
    }

    fn turn(&self) -> Side {
        self.position().turn()
    }

    fn ply_count(&self) -> usize {
        self.moves.len()
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<Bits, IllegalMove> {
        Game::play(self, mv)
    }

    fn move_text(&self, mv: Move) -> String {
        self.position().move_text(mv)
    }

    fn move_name(&self, mv: Move) -> String {
        mv.text(self.position().rules().pieces)
    }

    fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    fn pass_move(&self) -> Option<Move> {
        (self.outcome.is_none()).then_some(Move::Pass)
    }

    /// A game stopped short of its end (a match's move limit) is judged by its score as
    /// it stands.
    fn verdict(&self) -> Option<crate::common::Verdict> {
        let pos = self.position();
        let [b, w] = pos.score();
        let score = format!("B {} W {}", super::number_text(b), super::number_text(w));
        let (winner, how) = match self.outcome {
            Some(o) => (
                o.winner,
                match o.reason {
                    EndReason::Passes => score,
                    EndReason::Repetition => "repetition".into(),
                    EndReason::Resignation => "resignation".into(),
                    EndReason::Agreement => "agreement".into(),
                },
            ),
            None => (pos.score_winner(), format!("{score} after the move limit")),
        };
        Some(crate::common::Verdict { winner, how })
    }

    fn resign(&mut self, side: Side) {
        Game::resign(self, side);
    }

    fn agree_draw(&mut self) {
        Game::agree_draw(self);
    }

    fn redo(&mut self) -> Option<Bits> {
        Game::redo(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn record_text(&self, tags: &[(&str, &str)]) -> String {
        super::Record::from_game(self, tags).to_string()
    }
}
