//! A game: a start position, the moves played, and how it ended (RULES §6).

use serde::Serialize;

use super::{
    Bitboard, Cell, EndReason, IllegalMove, Man, Move, MoveText, Outcome, Position, RuleSet, Side,
};

/// What a move did, for the game to animate: who moved where, who was captured, which men
/// became trapped or were freed, and whether the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    pub mover: Side,
    pub mv: Move,
    /// The move in notation, with its captures.
    pub text: String,
    /// Each moving man: its origin (none for a king drop) and destination.
    pub paths: Vec<(Option<Cell>, Cell)>,
    /// The man a drop took from the mover's hand (pawns before the king, RULES §10.3).
    pub dropped: Option<super::Role>,
    /// The move set an enemy man down elsewhere (the reposition of RULES §10.2).
    pub reposition: bool,
    /// The men removed, where they stood.
    pub captured: Vec<(Cell, Man)>,
    /// Cells of men that are trapped after the move and were not before.
    pub trapped: Bitboard,
    /// Cells of men that were trapped before the move and are not after.
    pub freed: Bitboard,
    pub outcome: Option<Outcome>,
    /// Polis (RULES §7): after the move, the game goes on and the side to move may make a
    /// mole drop. The game announces it.
    pub polis: bool,
}

impl MoveReport {
    fn new(before: &Position, mv: Move, after: &Position, captured: Bitboard) -> MoveReport {
        let paths = mv.paths();
        let trapped_before = before.trapped(Side::Black) | before.trapped(Side::White);
        let trapped_after = after.trapped(Side::Black) | after.trapped(Side::White);
        // Follow each man from its old cell to its new one.
        let new_cell = |cell: Cell| {
            paths
                .iter()
                .find(|(from, _)| *from == Some(cell))
                .map_or(cell, |(_, to)| *to)
        };
        let mut freed = Bitboard::EMPTY;
        for cell in trapped_before - captured {
            let now = new_cell(cell);
            if after.occupied().contains(now) && !trapped_after.contains(now) {
                freed.insert(now);
            }
        }
        let was_trapped: Bitboard = trapped_before.map(new_cell).collect();
        MoveReport {
            mover: before.turn(),
            mv,
            text: mv.with_captures(captured),
            captured: captured
                .filter_map(|c| Some((c, mid_move_man(before, mv, c)?)))
                .collect(),
            paths,
            dropped: match mv {
                Move::Drop { .. } => before.hand(before.turn()).next(),
                _ => None,
            },
            reposition: matches!(mv, Move::MoleDrop { from, .. }
                if before.men(!before.turn()).contains(from)),
            trapped: trapped_after - was_trapped,
            freed,
            outcome: None,
            polis: false,
        }
    }
}

/// The man standing on `cell` right after `mv`, before captures are removed.
fn mid_move_man(before: &Position, mv: Move, cell: Cell) -> Option<Man> {
    if let Some((from, _)) = mv.paths().into_iter().find(|(_, to)| *to == cell) {
        return match from {
            None => Some(Man::new(before.turn(), before.hand(before.turn()).next()?)),
            // The man that moved (an enemy man, for a reposition).
            Some(f) => before.man_at(f),
        };
    }
    before.man_at(cell)
}

/// What [`Game::undo`] took back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Undone {
    /// A resignation or an agreed draw; the moves stay.
    Ending(Outcome),
    /// The last move, which [`Game::redo`] can replay.
    Move(Move),
}

/// One move of the game's history.
#[derive(Clone, Debug)]
pub struct Ply {
    pub mv: Move,
    pub captured: Bitboard,
    /// The position after the move.
    pub position: Position,
}

/// A game in progress: history for undo/redo, the 50-move rule and repetition.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    plies: Vec<Ply>,
    redo: Vec<Move>,
    ended: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over: {0}")]
    Over(Outcome),
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

impl Game {
    pub fn new(rules: RuleSet) -> Game {
        Game::from_position(Position::new(rules))
    }

    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            plies: Vec::new(),
            redo: Vec::new(),
            ended: None,
        }
    }

    pub fn rules(&self) -> &RuleSet {
        self.start.rules()
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.position)
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The position after `n` plies (0 is the start).
    pub fn position_at(&self, n: usize) -> Option<&Position> {
        match n {
            0 => Some(&self.start),
            _ => self.plies.get(n - 1).map(|p| &p.position),
        }
    }

    /// How many times the current position has stood on the board with the same side to
    /// move. Captures and drops are irreversible, so only the plies since the last capture
    /// need looking at.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        let window = now.halfmoves() as usize;
        let positions = std::iter::once(&self.start).chain(self.plies.iter().map(|p| &p.position));
        let total = self.plies.len() + 1;
        positions
            .skip(total.saturating_sub(window + 1))
            .filter(|p| p.hash() == now.hash() && *p == now)
            .count()
    }

    /// The result, if the game is over (RULES §6, in its order; resignation and agreement
    /// too).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ended.is_some() {
            return self.ended;
        }
        if let Some(outcome) = self.position().outcome() {
            return Some(outcome);
        }
        (self.repetitions() >= 3).then(|| Outcome::draw(EndReason::Repetition))
    }

    /// Legal moves of the side to move; none once the game is over.
    pub fn legal_moves(&self) -> super::MoveList {
        if self.outcome().is_some() {
            return super::MoveList::new();
        }
        self.position().legal_moves()
    }

    /// Plays a move, clearing the redo list.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, GameError> {
        let report = self.push(mv, None)?;
        self.redo.clear();
        Ok(report)
    }

    /// Plays a move as written (its capture list, when given, must be right).
    pub fn play_text(&mut self, text: &MoveText) -> Result<MoveReport, GameError> {
        let report = self.push(text.mv, text.captures)?;
        self.redo.clear();
        Ok(report)
    }

    fn push(&mut self, mv: Move, captures: Option<Bitboard>) -> Result<MoveReport, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let before = *self.position();
        let (position, captured) = before.play_text(&MoveText { mv, captures })?;
        let mut report = MoveReport::new(&before, mv, &position, captured);
        self.plies.push(Ply {
            mv,
            captured,
            position,
        });
        report.outcome = self.outcome();
        report.polis = report.outcome.is_none() && position.mole_available();
        Ok(report)
    }

    /// Takes back a resignation or an agreed draw if the game ended so, else the last move
    /// (which [`Game::redo`] can replay).
    pub fn undo(&mut self) -> Option<Undone> {
        if let Some(ending) = self.ended.take() {
            return Some(Undone::Ending(ending));
        }
        let ply = self.plies.pop()?;
        self.redo.push(ply.mv);
        Some(Undone::Move(ply.mv))
    }

    /// Replays the last move taken back.
    pub fn redo(&mut self) -> Option<MoveReport> {
        let mv = self.redo.pop()?;
        match self.push(mv, None) {
            Ok(report) => Some(report),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves undo took back, in the order redo would replay them.
    pub fn redo_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.redo.iter().rev().copied()
    }

    /// The side to move (or any side) gives up.
    pub fn resign(&mut self, side: Side) {
        if self.outcome().is_none() {
            self.ended = Some(Outcome::win(!side, EndReason::Resignation));
        }
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.ended = Some(Outcome::draw(EndReason::Agreement));
        }
    }

    /// How the game ended when it ended by resignation or agreement.
    pub fn declared_end(&self) -> Option<Outcome> {
        self.ended
    }

    /// Restores a resignation or agreement read from a record or a save.
    pub fn set_declared_end(&mut self, outcome: Option<Outcome>) {
        self.ended = outcome;
    }
}

impl crate::common::Playable for Game {
    type Move = Move;
    type Position = Position;
    type Report = MoveReport;
    type Refusal = GameError;

    fn position(&self) -> &Position {
        Game::position(self)
    }

    fn turn(&self) -> Side {
        self.position().turn()
    }

    fn ply_count(&self) -> usize {
        self.plies.len()
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self).into_vec()
    }

    fn play(&mut self, mv: Move) -> Result<MoveReport, GameError> {
        Game::play(self, mv)
    }

    fn move_text(&self, mv: Move) -> String {
        self.position().move_text(mv)
    }

    fn move_name(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn verdict(&self) -> Option<crate::common::Verdict> {
        self.outcome().map(|o| crate::common::Verdict {
            winner: o.winner,
            how: o.explanation(),
        })
    }

    fn resign(&mut self, side: Side) {
        Game::resign(self, side);
    }

    fn agree_draw(&mut self) {
        Game::agree_draw(self);
    }

    fn redo(&mut self) -> Option<MoveReport> {
        Game::redo(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn record_text(&self, tags: &[(&str, &str)]) -> String {
        super::Record::from_game(self, tags).to_string()
    }
}
