//! One session for every board: the game on the screen, written once over the game
//! interface. A board's game is driven from outside — by the person at this screen, a bot
//! (`app::bot_turn`), the study's "learn from your mistakes" — and every driver writes a
//! [`Command`]; the session's system is the only place that changes the game, and it
//! answers with [`Played`], [`Refused`] or [`Resynced`].
//!
//! Besides its game a session keeps two things the player may look at without changing
//! the game: a **side line** (moves tried on a past position or a finished game) and the
//! editor's **set-up**. `version` changes only with the game; `line_stamp` changes with
//! the side line's moves and the set-up (the pieces rebuild or animate on it). Each board
//! names its session (`Bridge`, `GoBridge`) and keeps in its own bridge only what its
//! game alone has.

use std::fmt;
use std::marker::PhantomData;

use bevy::prelude::*;

use crate::common::analysis::Studied;
use crate::common::{BySide, Player, Side};
use crate::game::app::reports::{GameReplaced, Refused, Resynced, ending_refused};
use crate::game::app::sets::Phase;

/// What a board's game offers the session besides the game interface: how a game starts,
/// resumes and is set up, and its history for undo and redo.
pub trait SessionGame: Studied {
    /// A level of the game's own bots.
    type Level: Copy + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// Everything a new game needs (its rules and players, and what only this game has).
    type Setup: Clone + fmt::Debug + Send + Sync + 'static;
    /// A game resumed from a save or brought in from a file.
    type Saved: Clone + fmt::Debug + Send + Sync + 'static;
    /// A cell of the board, as the editor puts pieces on it.
    type Cell: Copy + fmt::Debug + Send + Sync + 'static;
    /// A piece the editor puts on a cell.
    type Piece: Copy + fmt::Debug + Send + Sync + 'static;
    /// What a side holds in hand, where the editor sets it (a game without one: an
    /// empty enum).
    type Hand: Copy + fmt::Debug + Send + Sync + 'static;
    /// A command only this game has (such as playing on after the game ended, when the
    /// players disagree about its end; a game without one: an empty enum).
    type Own: Copy + fmt::Debug + Send + Sync + 'static;

    /// Why a new game of this set-up cannot be played, if it cannot.
    fn check(setup: &Self::Setup) -> Result<(), String>;
    /// A new game.
    fn start(setup: &Self::Setup) -> Self;
    /// A game from a set-up position, with the set-up of a new game it makes.
    fn from_position(setup: &Self::Setup, start: Self::Position) -> (Self, Self::Setup);
    /// A saved or imported game, exactly where it stopped, with its set-up.
    fn resume(saved: Self::Saved) -> (Self, Self::Setup);
    /// Who plays each side of a game of this set-up.
    fn players(setup: &Self::Setup) -> BySide<Player<Self::Level>>;
    /// The set-up of a game started from the editor: these players, nothing carried over
    /// that belongs to the game left (a handicap series).
    fn with_players(setup: &Self::Setup, players: BySide<Player<Self::Level>>) -> Self::Setup;

    /// The position after the first `n` moves.
    fn position_after(&self, n: usize) -> Option<&Self::Position>;
    /// Takes back the ending of a resigned or agreed game, else the last move (which
    /// [`SessionGame::replay`] can play again); false when there is nothing to take back.
    fn take_back(&mut self) -> bool;
    /// Plays the last move taken back again; false when there is none.
    fn replay(&mut self) -> bool {
        self.redo().is_some()
    }
    fn can_replay(&self) -> bool {
        self.can_redo()
    }

    /// Whether a set-up is a legal position to play from.
    fn check_setup(position: &Self::Position) -> Result<(), String>;
    fn set_piece(position: &mut Self::Position, cell: Self::Cell, piece: Option<Self::Piece>);
    fn set_hand(position: &mut Self::Position, side: Side, hand: Self::Hand);
    fn set_turn(position: &mut Self::Position, side: Side);

    /// Carries out a command only this game has on the game, or says why not and changes
    /// nothing.
    fn apply_own(&mut self, own: Self::Own) -> Result<(), String>;

    /// A move played from `before`, as the record writes it (with what it captured).
    fn played_text(mv: Self::Move, before: &Self::Position, report: &Self::Report) -> String;
    /// Whether a move puts or moves a piece on the board (a pass does not).
    fn shows(_mv: Self::Move) -> bool {
        true
    }
    /// How a move is made on the board, in one line (under the game's panel, and on the
    /// lessons' and puzzles' screens).
    fn how_to_play(&self) -> &'static str;
}

/// Which position the board shows: `None` the live game, `Some(n)` the position after `n`
/// moves (browsing the move list). Presentation only: the game itself is unchanged.
#[derive(Resource)]
pub struct Viewing<G>(pub Option<usize>, PhantomData<fn() -> G>);

impl<G> Viewing<G> {
    pub fn of(at: Option<usize>) -> Viewing<G> {
        Viewing(at, PhantomData)
    }
}

impl<G> Default for Viewing<G> {
    fn default() -> Viewing<G> {
        Viewing::of(None)
    }
}

impl<G> Clone for Viewing<G> {
    fn clone(&self) -> Viewing<G> {
        *self
    }
}

impl<G> Copy for Viewing<G> {}

impl<G> PartialEq for Viewing<G> {
    fn eq(&self, other: &Viewing<G>) -> bool {
        self.0 == other.0
    }
}

impl<G> Eq for Viewing<G> {}

impl<G> fmt::Debug for Viewing<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Viewing").field(&self.0).finish()
    }
}

/// A side line: the game up to the position it starts from, then the moves tried on it.
#[derive(Debug, Clone)]
pub struct SideLine<G> {
    /// How many moves of the game come before it.
    pub from: usize,
    /// The game's first `from` moves, then the line's.
    pub game: G,
}

impl<G: SessionGame> SideLine<G> {
    /// The moves tried, after the game's.
    pub fn tried(&self) -> usize {
        self.game.ply_count().saturating_sub(self.from)
    }
}

/// The game on a board, who plays it, and what the player looks at besides it.
#[derive(Resource, Debug, Clone)]
pub struct Session<G: SessionGame> {
    pub game: G,
    pub setup: G::Setup,
    /// Increases with every change, so a bot's late answer can be recognised as stale.
    pub version: u64,
    /// Increases with every new or loaded game (the panel starts a new game at its top).
    pub game_id: u64,
    /// While a past position or a finished game is shown, the game up to it and the moves
    /// tried from there: the game itself does not change. It follows the position shown
    /// ([`Session::follow_view`]), so that a move tried there is judged with the game's
    /// history up to it (repetitions, superko).
    pub line: Option<SideLine<G>>,
    /// Increases with every change of the side line's moves or of the set-up being
    /// edited.
    pub line_stamp: u64,
    /// The game was started from the position editor to be analysed.
    pub analysed: bool,
    /// The position editor's set-up, while it is open (shown instead of the game).
    pub edit: Option<G::Position>,
    /// A lesson's stage or a puzzle drives the game ([`Drive`]): what it plays, and the
    /// game it was set up over.
    pub driven: Option<Driven<G>>,
}

/// A game set up by a driver of its own (a lesson's stage, a puzzle): the driver plays
/// one side and the person the other; the game played before comes back when it ends.
#[derive(Debug, Clone)]
pub struct Driven<G: SessionGame> {
    /// The side the driver plays (the stage's opponent, the puzzle's replies).
    pub side: Side,
    /// The driver holds the board: the person waits (a refutation being shown, a stage
    /// or a puzzle finished).
    pub held: bool,
    /// The session it replaced, given back by [`Drive::Leave`].
    before: Box<Session<G>>,
}

impl<G: SessionGame> Default for Session<G>
where
    G::Setup: Default,
{
    fn default() -> Session<G> {
        Session::new(G::Setup::default())
    }
}

impl<G: SessionGame> Session<G> {
    pub fn with_game(game: G, setup: G::Setup) -> Session<G> {
        Session {
            game,
            setup,
            version: 0,
            game_id: 0,
            line: None,
            line_stamp: 0,
            analysed: false,
            edit: None,
            driven: None,
        }
    }

    /// A new game (its rules are checked by the `NewGame` command: [`SessionGame::check`]).
    pub fn new(setup: G::Setup) -> Session<G> {
        Session::with_game(G::start(&setup), setup)
    }

    /// A game from a position (to study it or to play it out).
    pub fn from_position(setup: G::Setup, start: G::Position) -> Session<G> {
        let (game, setup) = G::from_position(&setup, start);
        Session::with_game(game, setup)
    }

    /// The game resumed from a save or an import: it goes on exactly where it stopped.
    pub fn resume(saved: G::Saved) -> Session<G> {
        let (game, setup) = G::resume(saved);
        Session::with_game(game, setup)
    }

    pub fn players(&self) -> BySide<Player<G::Level>> {
        G::players(&self.setup)
    }

    pub fn player(&self, side: Side) -> Player<G::Level> {
        self.players()[side]
    }

    /// Whether a person moves next in a game that goes on (not while a driver holds the
    /// board).
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over()
            && self.person_plays(self.game.turn())
            && !self.driven.as_ref().is_some_and(|d| d.held)
    }

    /// Whether the person at the screen plays `side` (not a bot, nor a driver).
    fn person_plays(&self, side: Side) -> bool {
        self.player(side) == Player::Human && self.driven.as_ref().is_none_or(|d| d.side != side)
    }

    /// The bot to move next in a game that goes on, if a bot is (never in a driven game:
    /// its driver answers).
    pub fn bot_to_move(&self) -> Option<G::Level> {
        match self.player(self.game.turn()) {
            Player::Bot(level) if !self.game.is_over() && self.driven.is_none() => Some(level),
            _ => None,
        }
    }

    /// Whether a driver (a lesson's stage, a puzzle) drives the game.
    pub fn is_driven(&self) -> bool {
        self.driven.is_some()
    }

    /// The game a move on the board goes to, and whether it is a side line: the side line
    /// from the position shown (a past one, or the end of a finished game), else the live
    /// game.
    pub fn board_game(&self, viewing: Option<usize>) -> (&G, bool) {
        let at = viewing.unwrap_or(self.game.ply_count());
        match self.line.as_ref().filter(|l| l.from == at) {
            Some(line) => (&line.game, true),
            None => (&self.game, false),
        }
    }

    /// The side line shown, once a move has been tried in it.
    pub fn line(&self, viewing: Option<usize>) -> Option<&SideLine<G>> {
        let at = viewing.unwrap_or(self.game.ply_count());
        self.line.as_ref().filter(|l| l.from == at && l.tried() > 0)
    }

    /// Whether moves were tried in a side line (wherever it starts).
    pub fn has_tried(&self) -> bool {
        self.line.as_ref().is_some_and(|l| l.tried() > 0)
    }

    /// Whether a move on the shown position goes to a side line: a past position is shown,
    /// or the game is over. (The game's own moves are made at its live position while it
    /// goes on.)
    pub fn studying(&self, viewing: Option<usize>) -> bool {
        viewing.is_some_and(|n| n < self.game.ply_count()) || self.game.is_over()
    }

    /// The position the board shows: the set-up being edited, the side line's, the past
    /// one viewed, or the game's.
    pub fn shown(&self, viewing: Option<usize>) -> &G::Position {
        if let Some(setup) = &self.edit {
            return setup;
        }
        if let Some(line) = self.line(viewing) {
            return line.game.position();
        }
        viewing
            .and_then(|n| self.game.position_after(n))
            .unwrap_or(self.game.position())
    }

    /// The game whose last move led to the shown position, and how many of its moves lead
    /// there (`None` while the editor is open: a set-up has no last move).
    pub fn shown_game(&self, viewing: Option<usize>) -> Option<(&G, usize)> {
        if self.edit.is_some() {
            return None;
        }
        Some(match self.line(viewing) {
            Some(line) => (&line.game, line.game.ply_count()),
            None => (
                &self.game,
                viewing.map_or(self.game.ply_count(), |n| n.min(self.game.ply_count())),
            ),
        })
    }

    /// The side line follows the position shown: a past position or a finished game gets
    /// an empty one to try moves in (the game up to there, for its history); another
    /// position shown drops it, and what was tried in it. Only a line with moves changes
    /// what the board shows, so only then does `line_stamp` change.
    pub fn follow_view(&mut self, viewing: Option<usize>) {
        let at = viewing.unwrap_or(self.game.ply_count());
        let wanted = self.studying(viewing);
        let fits = self.line.as_ref().is_some_and(|l| l.from == at);
        if wanted && !fits {
            let old = self.line.replace(SideLine {
                from: at,
                game: self.game.after_plies(at),
            });
            if old.is_some_and(|l| l.tried() > 0) {
                self.line_stamp += 1;
            }
        } else if !wanted && self.line.take().is_some_and(|old| old.tried() > 0) {
            self.line_stamp += 1;
        }
    }

    /// Takes back to the last position where a person was to move (one move between
    /// people); false when there was nothing to take back.
    fn undo(&mut self) -> bool {
        if !self.game.take_back() {
            return false;
        }
        // Against a bot, go back to the person's move.
        while !self.person_plays(self.game.turn()) && self.game.ply_count() > 0 {
            if !self.game.take_back() {
                break;
            }
        }
        true
    }

    /// Replays what undo took back, up to the next position where a person is to move;
    /// false when there was nothing to replay.
    fn redo(&mut self) -> bool {
        if !self.game.replay() {
            return false;
        }
        while !self.person_plays(self.game.turn()) && self.game.can_replay() {
            if !self.game.replay() {
                break;
            }
        }
        true
    }

    /// Replaces the game, keeping the counters going (the views see a new game).
    fn replace(&mut self, next: Session<G>) {
        let (version, game_id, stamp) = (self.version + 1, self.game_id + 1, self.line_stamp + 1);
        *self = Session {
            version,
            game_id,
            line_stamp: stamp,
            ..next
        };
    }
}

/// What the drivers of a board's game ask its session for.
#[derive(Message)]
pub enum Command<G: SessionGame> {
    Play(G::Move),
    /// Take back to the last position where a person was to move (one move between
    /// people).
    Undo,
    /// Replay what undo took back, up to the next position where a person is to move.
    Redo,
    /// This side gives up.
    Resign(Side),
    /// Both sides agree to a draw (a person accepts at once; a bot's answer comes from its
    /// search). The version of the game the agreement was made on: a stale one is refused.
    AgreeDraw(u64),
    NewGame(G::Setup),
    /// Replace the game: a saved game resumed, or an imported record or position.
    Load(Box<G::Saved>),
    /// A move tried on the shown position (a past one, or a finished game's): it goes to
    /// the side line from there. The game does not change.
    TryMove(G::Move),
    /// Take back the side line's last move.
    LineUndo,
    /// Leave the side line (Back): what was tried goes.
    LeaveLine,
    /// The position editor (the game is left as it is until a game starts from it).
    Edit(Edit<G>),
    /// What only this game has; it changes the game wholesale.
    Own(G::Own),
    /// What a lesson's stage or a puzzle asks of the game it drives.
    Drive(Drive<G>),
}

/// What a driver of its own (a lesson's stage, a puzzle) asks of the session. Its moves
/// are ordinary [`Command::Play`]s, reported as [`Played`] like any other.
pub enum Drive<G: SessionGame> {
    /// Put this game on the board, the driver playing `side` and the person the other;
    /// the game played until now is kept to come back.
    Start { game: Box<G>, side: Side },
    /// Hold the board (the person waits) or let the person move again.
    Hold(bool),
    /// Take back this many moves (a wrong move and its refutation).
    TakeBack(usize),
    /// The driver is done: the game played before comes back.
    Leave,
}

impl<G: SessionGame> Clone for Drive<G> {
    fn clone(&self) -> Drive<G> {
        match self {
            Drive::Start { game, side } => Drive::Start {
                game: game.clone(),
                side: *side,
            },
            Drive::Hold(held) => Drive::Hold(*held),
            Drive::TakeBack(n) => Drive::TakeBack(*n),
            Drive::Leave => Drive::Leave,
        }
    }
}

impl<G: SessionGame> fmt::Debug for Drive<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Drive::Start { side, .. } => write!(f, "Start {{ side: {side:?} }}"),
            Drive::Hold(held) => write!(f, "Hold({held})"),
            Drive::TakeBack(n) => write!(f, "TakeBack({n})"),
            Drive::Leave => f.write_str("Leave"),
        }
    }
}

/// What the position editor asks of the session.
pub enum Edit<G: SessionGame> {
    /// Open it on the position shown.
    Open,
    /// Put a piece on a cell, or empty it.
    Put(G::Cell, Option<G::Piece>),
    /// What a side holds in hand.
    Hand(Side, G::Hand),
    Turn(Side),
    /// Another set-up: read from text, or the start of other rules.
    Replace(Box<G::Position>),
    /// Close it; the game is shown again.
    Close,
    /// A new game from the set-up, when it is a legal position; `analyse`: to be analysed
    /// (the analysis starts switched on).
    Play {
        players: BySide<Player<G::Level>>,
        analyse: bool,
    },
}

// Written out: derived, they would ask the game itself to be `Clone` and `Debug` through
// the type parameter, not only what the commands hold.
impl<G: SessionGame> Clone for Edit<G> {
    fn clone(&self) -> Edit<G> {
        match self {
            Edit::Open => Edit::Open,
            Edit::Put(cell, piece) => Edit::Put(*cell, *piece),
            Edit::Hand(side, hand) => Edit::Hand(*side, *hand),
            Edit::Turn(side) => Edit::Turn(*side),
            Edit::Replace(position) => Edit::Replace(position.clone()),
            Edit::Close => Edit::Close,
            Edit::Play { players, analyse } => Edit::Play {
                players: *players,
                analyse: *analyse,
            },
        }
    }
}

impl<G: SessionGame> fmt::Debug for Edit<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edit::Open => f.write_str("Open"),
            Edit::Put(cell, piece) => write!(f, "Put({cell:?}, {piece:?})"),
            Edit::Hand(side, hand) => write!(f, "Hand({side:?}, {hand:?})"),
            Edit::Turn(side) => write!(f, "Turn({side:?})"),
            Edit::Replace(position) => write!(f, "Replace({position:?})"),
            Edit::Close => f.write_str("Close"),
            Edit::Play { players, analyse } => {
                write!(f, "Play {{ players: {players:?}, analyse: {analyse} }}")
            }
        }
    }
}

impl<G: SessionGame> Clone for Command<G> {
    fn clone(&self) -> Command<G> {
        match self {
            Command::Play(mv) => Command::Play(*mv),
            Command::Undo => Command::Undo,
            Command::Redo => Command::Redo,
            Command::Resign(side) => Command::Resign(*side),
            Command::AgreeDraw(version) => Command::AgreeDraw(*version),
            Command::NewGame(setup) => Command::NewGame(setup.clone()),
            Command::Load(saved) => Command::Load(saved.clone()),
            Command::TryMove(mv) => Command::TryMove(*mv),
            Command::LineUndo => Command::LineUndo,
            Command::LeaveLine => Command::LeaveLine,
            Command::Edit(edit) => Command::Edit(edit.clone()),
            Command::Own(own) => Command::Own(*own),
            Command::Drive(drive) => Command::Drive(drive.clone()),
        }
    }
}

impl<G: SessionGame> fmt::Debug for Command<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Play(mv) => write!(f, "Play({mv:?})"),
            Command::Undo => f.write_str("Undo"),
            Command::Redo => f.write_str("Redo"),
            Command::Resign(side) => write!(f, "Resign({side:?})"),
            Command::AgreeDraw(version) => write!(f, "AgreeDraw({version})"),
            Command::NewGame(setup) => write!(f, "NewGame({setup:?})"),
            Command::Load(saved) => write!(f, "Load({saved:?})"),
            Command::TryMove(mv) => write!(f, "TryMove({mv:?})"),
            Command::LineUndo => f.write_str("LineUndo"),
            Command::LeaveLine => f.write_str("LeaveLine"),
            Command::Edit(edit) => write!(f, "Edit({edit:?})"),
            Command::Own(own) => write!(f, "Own({own:?})"),
            Command::Drive(drive) => write!(f, "Drive({drive:?})"),
        }
    }
}

/// A move was played, in the game or in the side line shown: exactly what it did.
#[derive(Message)]
pub struct Played<G: SessionGame> {
    pub mv: G::Move,
    /// Who played it.
    pub side: Side,
    /// The position before it (where what it captured stood).
    pub before: G::Position,
    /// What it did, as the game's rules report it.
    pub report: G::Report,
    /// Whether it was tried in a side line (the game did not change).
    pub in_line: bool,
}

impl<G: SessionGame> Clone for Played<G> {
    fn clone(&self) -> Played<G> {
        Played {
            mv: self.mv,
            side: self.side,
            before: self.before,
            report: self.report.clone(),
            in_line: self.in_line,
        }
    }
}

impl<G: SessionGame> Copy for Played<G> where G::Report: Copy {}

impl<G: SessionGame> fmt::Debug for Played<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Played")
            .field("mv", &self.mv)
            .field("side", &self.side)
            .field("report", &self.report)
            .field("in_line", &self.in_line)
            .finish_non_exhaustive()
    }
}

/// A move was played in the game on the screen or tried in its side line, whichever the
/// board: what the parts above the boards (the demo) see of it.
#[derive(Message, Clone, Debug)]
pub struct Moved {
    /// As the record writes it.
    pub text: String,
    /// Whether it puts or moves a piece on the board (a pass does not).
    pub shows: bool,
    /// Whether it was tried in a side line.
    pub in_line: bool,
}

/// The game of the board on the screen, whichever the board.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct OnScreen {
    /// Moves played.
    pub moves: usize,
    pub over: bool,
}

/// The only system that changes a board's game: each command is checked against the
/// rules and answered.
pub(crate) fn apply_commands<G: SessionGame>(
    mut session: ResMut<Session<G>>,
    viewing: Res<Viewing<G>>,
    mut commands: MessageReader<Command<G>>,
    (mut played, mut moved): (MessageWriter<Played<G>>, MessageWriter<Moved>),
    mut refused: MessageWriter<Refused>,
    (mut resynced, mut replaced): (MessageWriter<Resynced>, MessageWriter<GameReplaced>),
) {
    for command in commands.read() {
        if let Some(answer) = session.apply(command, viewing.0) {
            if matches!(answer, Answer::Resynced)
                && matches!(command, Command::NewGame(_) | Command::Load(_))
            {
                replaced.write(GameReplaced);
            }
            match answer {
                Answer::Played(report) => {
                    moved.write(Moved {
                        text: G::played_text(report.mv, &report.before, &report.report),
                        shows: G::shows(report.mv),
                        in_line: report.in_line,
                    });
                    played.write(report);
                }
                Answer::Refused(why) => {
                    refused.write(why);
                }
                Answer::Resynced => {
                    resynced.write(Resynced);
                }
            }
        }
    }
}

/// What the session answers a command with (nothing: only the side line or the set-up
/// changed, which `line_stamp` tells).
enum Answer<G: SessionGame> {
    Played(Played<G>),
    Refused(Refused),
    Resynced,
}

impl<G: SessionGame> Session<G> {
    /// Answers one command: the side line's and the editor's leave the game as it is;
    /// anything done to the game ends a side line.
    fn apply(&mut self, command: &Command<G>, viewing: Option<usize>) -> Option<Answer<G>> {
        if let Command::Drive(drive) = command {
            return self.apply_drive(drive);
        }
        // A driven game takes its moves and nothing else: the driver keeps the lesson's or
        // the puzzle's account of it.
        if self.driven.is_some() && !matches!(command, Command::Play(_)) {
            return refused("not during a lesson or a puzzle");
        }
        match command {
            Command::TryMove(_) | Command::LineUndo | Command::LeaveLine => {
                self.apply_to_line(command, viewing)
            }
            Command::Edit(edit) => self.apply_edit(edit, viewing),
            _ => {
                if self.line.take().is_some_and(|l| l.tried() > 0) {
                    self.line_stamp += 1;
                }
                self.apply_to_game(command)
            }
        }
    }

    /// What a driver asks: a game of its own, a hold, moves taken back, or the game played
    /// before given back.
    fn apply_drive(&mut self, drive: &Drive<G>) -> Option<Answer<G>> {
        match drive {
            Drive::Start { game, side } => {
                let players = crate::common::BySide::new(Player::Human, Player::Human);
                let setup = G::with_players(&self.setup, players);
                // The set-up of a game from the driver's position: its rules.
                let (_, setup) = G::from_position(&setup, *game.position());
                let before = match self.driven.take() {
                    Some(driven) => driven.before,
                    None => Box::new(self.clone()),
                };
                let mut next = Session::with_game((**game).clone(), setup);
                next.driven = Some(Driven {
                    side: *side,
                    held: false,
                    before,
                });
                self.replace(next);
                Some(Answer::Resynced)
            }
            Drive::Hold(held) => {
                let driven = self.driven.as_mut()?;
                driven.held = *held;
                None
            }
            Drive::TakeBack(n) => {
                if self.driven.is_none() {
                    return refused("no lesson or puzzle is on the board");
                }
                let mut done = false;
                for _ in 0..*n {
                    done |= self.game.take_back();
                }
                self.changed(done, "there is nothing to take back")
            }
            Drive::Leave => {
                let driven = self.driven.take()?;
                self.replace(*driven.before);
                Some(Answer::Resynced)
            }
        }
    }

    /// A move tried on the position shown, the side line's last move taken back, or the
    /// side line left.
    fn apply_to_line(&mut self, command: &Command<G>, viewing: Option<usize>) -> Option<Answer<G>> {
        match command {
            Command::TryMove(mv) => {
                if !self.studying(viewing) {
                    return refused("moves are tried on a past position or a finished game");
                }
                self.follow_view(viewing);
                let line = self.line.as_mut()?;
                let answer = play(&mut line.game, *mv, true);
                if matches!(answer, Answer::Played(_)) {
                    self.line_stamp += 1;
                }
                Some(answer)
            }
            Command::LineUndo => {
                let at = viewing.unwrap_or(self.game.ply_count());
                match self.line.as_mut() {
                    Some(line) if line.from == at && line.tried() > 0 => {
                        line.game.take_back();
                        self.line_stamp += 1;
                        None
                    }
                    _ => refused("no side line is shown"),
                }
            }
            _ => {
                if self.line.take().is_some_and(|l| l.tried() > 0) {
                    self.line_stamp += 1;
                }
                None
            }
        }
    }

    /// What the position editor asks: its set-up changes, or a game starts from it.
    fn apply_edit(&mut self, edit: &Edit<G>, viewing: Option<usize>) -> Option<Answer<G>> {
        match edit {
            Edit::Play { players, analyse } => {
                let Some(setup) = self.edit else {
                    return refused("no position is being set up");
                };
                if let Err(e) = G::check_setup(&setup) {
                    return refused(e);
                }
                let setup_of_game = G::with_players(&self.setup, *players);
                let mut next = Session::from_position(setup_of_game, setup);
                next.analysed = *analyse;
                self.replace(next);
                return Some(Answer::Resynced);
            }
            Edit::Close => {
                if self.edit.take().is_some() {
                    self.line_stamp += 1;
                }
                return None;
            }
            Edit::Open => {
                let shown = *self.shown(viewing);
                self.edit.get_or_insert(shown);
            }
            _ => {}
        }
        let Some(setup) = self.edit.as_mut() else {
            return refused("no position is being set up");
        };
        match edit {
            Edit::Open | Edit::Close | Edit::Play { .. } => {}
            Edit::Put(cell, piece) => G::set_piece(setup, *cell, *piece),
            Edit::Hand(side, hand) => G::set_hand(setup, *side, *hand),
            Edit::Turn(side) => G::set_turn(setup, *side),
            Edit::Replace(position) => *setup = **position,
        }
        self.line_stamp += 1;
        None
    }

    /// What changes the game itself.
    fn apply_to_game(&mut self, command: &Command<G>) -> Option<Answer<G>> {
        match command {
            Command::TryMove(_)
            | Command::LineUndo
            | Command::LeaveLine
            | Command::Edit(_)
            | Command::Drive(_) => None,
            Command::Play(mv) => {
                let answer = play(&mut self.game, *mv, false);
                if matches!(answer, Answer::Played(_)) {
                    self.version += 1;
                }
                Some(answer)
            }
            Command::Undo => {
                let done = self.undo();
                self.changed(done, "there is nothing to take back")
            }
            Command::Redo => {
                let done = self.redo();
                self.changed(done, "there is nothing to replay")
            }
            Command::Resign(side) => {
                if let Some(why) = ending_refused(self.game.is_over(), None, self.version) {
                    return Some(Answer::Refused(why));
                }
                self.game.resign(*side);
                self.changed(true, "")
            }
            Command::AgreeDraw(version) => {
                if let Some(why) = ending_refused(self.game.is_over(), Some(*version), self.version)
                {
                    return Some(Answer::Refused(why));
                }
                self.game.agree_draw();
                self.changed(true, "")
            }
            Command::NewGame(setup) => {
                if let Err(e) = G::check(setup) {
                    return refused(e);
                }
                self.replace(Session::new(setup.clone()));
                Some(Answer::Resynced)
            }
            Command::Load(saved) => {
                self.replace(Session::resume((**saved).clone()));
                Some(Answer::Resynced)
            }
            Command::Own(own) => match self.game.apply_own(*own) {
                Ok(()) => self.changed(true, ""),
                Err(e) => refused(e),
            },
        }
    }

    /// The game changed wholesale (a new version), or nothing changed, and why.
    fn changed(&mut self, done: bool, why_not: &str) -> Option<Answer<G>> {
        if !done {
            return refused(why_not);
        }
        self.version += 1;
        Some(Answer::Resynced)
    }
}

/// Plays a move in the game or in a side line (`in_line`): what it did, or why not.
fn play<G: SessionGame>(game: &mut G, mv: G::Move, in_line: bool) -> Answer<G> {
    let before = *game.position();
    let side = game.turn();
    match game.play(mv) {
        Ok(report) => Answer::Played(Played {
            mv,
            side,
            before,
            report,
            in_line,
        }),
        Err(e) => Answer::Refused(Refused(format!("{}: {e}", game.move_name(mv)))),
    }
}

/// A refusal: the command changed nothing.
fn refused<G: SessionGame>(why: impl Into<String>) -> Option<Answer<G>> {
    Some(Answer::Refused(Refused(why.into())))
}

/// The side line follows the position shown (browsing the moves, Back, a game's end).
fn keep_line<G: SessionGame>(mut session: ResMut<Session<G>>, viewing: Res<Viewing<G>>) {
    let at = viewing.0.unwrap_or(session.game.ply_count());
    let fits = session.line.as_ref().is_some_and(|l| l.from == at);
    // Only a change is written (the resource's change flag stays quiet otherwise).
    if fits != session.studying(viewing.0) || session.line.is_some() && !fits {
        session.follow_view(viewing.0);
    }
}

impl<G: SessionGame> crate::game::app::screen::Ends for Session<G> {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
}

/// The game on the screen while the board's state holds.
fn report_on_screen<G: SessionGame>(session: Res<Session<G>>, mut shown: ResMut<OnScreen>) {
    shown.set_if_neq(OnScreen {
        moves: session.game.ply_count(),
        over: session.game.is_over(),
    });
}

/// A board's session: its resources, its messages, and the system that changes its game;
/// while the board's state `on` holds, its game is the one on the screen.
pub fn register<G: SessionGame, S: States>(app: &mut App, on: S)
where
    G::Setup: Default,
{
    app.init_resource::<Session<G>>();
    app.init_resource::<Viewing<G>>();
    app.init_resource::<OnScreen>();
    app.add_message::<Command<G>>();
    app.add_message::<Played<G>>();
    app.add_message::<Moved>();
    app.add_systems(
        Update,
        (
            (apply_commands::<G>, keep_line::<G>).chain(),
            report_on_screen::<G>
                .after(keep_line::<G>)
                .run_if(in_state(on)),
        )
            .in_set(Phase::Bridge),
    );
}
