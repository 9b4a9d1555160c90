//! The rules bridge of Go with chess pieces: the only place that changes that game.
//! Commands come in; the bridge checks them against the rules (`crate::go`) and reports
//! what happened. The shared [`Refused`] and [`Resynced`] reports serve both games.

use bevy::prelude::*;

use crate::game::app::reports::{Refused, Resynced, ending_refused};
use crate::game::app::sets::Phase;
use crate::go::bot::Level;
use crate::go::{Bits, Cell, Game, Move, Piece, Position, Rules};
use crate::rules::{BySide, Side};
use crate::save::{GoPlayer, GoSavedGame};

/// Everything a new game needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoSetup {
    pub rules: Rules,
    pub players: BySide<GoPlayer>,
}

impl Default for GoSetup {
    fn default() -> GoSetup {
        GoSetup {
            rules: Rules {
                komi: suggested_komi(9),
                ..Rules::default()
            },
            players: BySide::new(GoPlayer::Human, GoPlayer::Bot(Level::Medium)),
        }
    }
}

/// The komi a board of this many cells a side suggests: Go's 6.5 from 13 × 13 up, less on
/// smaller boards, where the first move is worth less (9 × 9: 5.5; 7 × 7 and smaller:
/// 2.5).
pub fn suggested_komi(size: u32) -> f64 {
    match size {
        0..=7 => 2.5,
        8..=11 => 5.5,
        _ => 6.5,
    }
}

/// The rules resource of Go with chess pieces: the game, who plays each side, and the
/// moves undo took back.
#[derive(Resource, Debug, Clone)]
pub struct GoBridge {
    pub game: Game,
    pub setup: GoSetup,
    /// The moves undo took back, the next one to redo last; a new move clears them.
    pub redo: Vec<Move>,
    /// Increases with every change, so a bot's late answer can be recognised as stale.
    pub version: u64,
    /// Increases with every new or loaded game (the panel starts a new game at its top).
    pub game_id: u64,
    /// While a past position or a finished game is shown, the game up to it and the
    /// moves tried from there (a side line: the game itself does not change).
    pub line: Option<GoLine>,
    /// Increases with every change of the side line (its moves, its start, its end) or
    /// of the set-up being edited.
    pub line_stamp: u64,
    /// The game was started from the position editor to be analysed.
    pub analysed: bool,
    /// The position editor's set-up, while it is open (shown instead of the game).
    pub edit: Option<Position>,
}

/// A side line: the game up to the position it starts from, then the moves tried on it.
#[derive(Debug, Clone)]
pub struct GoLine {
    /// How many moves of the game come before it.
    pub from: usize,
    /// The game's first `from` moves, then the line's.
    pub game: Game,
}

impl GoLine {
    /// The moves tried, after the game's.
    pub fn tried(&self) -> usize {
        self.game.moves().len().saturating_sub(self.from)
    }
}

impl Default for GoBridge {
    fn default() -> GoBridge {
        GoBridge::new(GoSetup::default())
    }
}

impl GoBridge {
    pub fn new(setup: GoSetup) -> GoBridge {
        GoBridge {
            game: Game::from_position(Position::new(setup.rules)),
            setup,
            redo: Vec::new(),
            version: 0,
            game_id: 0,
            line: None,
            line_stamp: 0,
            analysed: false,
            edit: None,
        }
    }

    /// A game from a set-up position.
    pub fn from_position(setup: GoSetup, start: Position) -> GoBridge {
        GoBridge {
            game: Game::from_position(start),
            setup: GoSetup {
                rules: *start.rules(),
                ..setup
            },
            ..GoBridge::new(setup)
        }
    }

    /// The game resumed from a save or an import: it goes on exactly where it stopped.
    pub fn resume(saved: GoSavedGame) -> GoBridge {
        GoBridge {
            setup: GoSetup {
                rules: *saved.game.position().rules(),
                players: saved.players,
            },
            game: saved.game,
            redo: saved.redo,
            version: 0,
            game_id: 0,
            line: None,
            line_stamp: 0,
            analysed: false,
            edit: None,
        }
    }

    /// What the save keeps.
    pub fn saved(&self) -> GoSavedGame {
        GoSavedGame {
            game: self.game.clone(),
            players: self.setup.players,
            redo: self.redo.clone(),
        }
    }

    pub fn player(&self, side: Side) -> GoPlayer {
        self.setup.players[side]
    }

    /// Whether a person moves next in a game that goes on.
    pub fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.player(self.game.position().turn()) == GoPlayer::Human
    }

    /// The game a move on the board goes to, and whether it is a side line: the side line
    /// from the position shown (a past one, or the end of a finished game), else the live
    /// game.
    pub fn board_game(&self, viewing: Option<usize>) -> (&Game, bool) {
        let at = viewing.unwrap_or(self.game.moves().len());
        match self.line.as_ref().filter(|l| l.from == at) {
            Some(line) => (&line.game, true),
            None => (&self.game, false),
        }
    }

    /// The side line shown, once a move has been tried in it.
    pub fn line(&self, viewing: Option<usize>) -> Option<&GoLine> {
        let at = viewing.unwrap_or(self.game.moves().len());
        self.line.as_ref().filter(|l| l.from == at && l.tried() > 0)
    }

    /// Whether a move on the shown position goes to a side line: a past position is shown,
    /// or the game is over. (The game's own moves are made at its live position.)
    pub fn studying(&self, viewing: Option<usize>) -> bool {
        viewing.is_some_and(|n| n < self.game.moves().len()) || self.game.outcome().is_some()
    }

    /// The position the board shows: the side line's, the past one viewed, or the game's.
    pub fn shown(&self, viewing: Option<usize>) -> &Position {
        if let Some(setup) = &self.edit {
            return setup;
        }
        if let (game, true) = self.board_game(viewing) {
            return game.position();
        }
        viewing
            .and_then(|n| self.game.positions().get(n))
            .unwrap_or(self.game.position())
    }

    /// The move that led to the shown position, with what it captured.
    pub fn shown_move(&self, viewing: Option<usize>) -> Option<(Move, Bits)> {
        if self.edit.is_some() {
            return None;
        }
        let (game, n) = match self.board_game(viewing) {
            (line, true) => (line, line.moves().len()),
            (game, false) => (game, viewing.unwrap_or(game.moves().len())),
        };
        n.checked_sub(1).and_then(|i| game.moves().get(i)).copied()
    }

    /// Takes back one move (or the ending of a resigned or agreed game); the move goes on
    /// the redo list.
    fn undo_one(&mut self) -> bool {
        let moves = self.game.moves().len();
        let last = self.game.moves().last().map(|(mv, _)| *mv);
        if !self.game.undo() {
            return false;
        }
        if self.game.moves().len() < moves
            && let Some(mv) = last
        {
            self.redo.push(mv);
        }
        true
    }

    /// Plays the next taken-back move again.
    fn redo_one(&mut self) -> bool {
        let Some(mv) = self.redo.pop() else {
            return false;
        };
        if self.game.play(mv).is_err() {
            // Cannot happen (the redo list is cleared by every new move), but a redo list
            // that no longer fits is dropped rather than half applied.
            self.redo.clear();
            return false;
        }
        true
    }
}

/// What input systems (and the bot player) ask the bridge of Go with chess pieces for.
#[derive(Message, Clone, Debug)]
pub enum GoCommand {
    /// A drop, a piece move or a pass.
    Play(Move),
    /// Take back to the last position where a person was to move (one move between
    /// people). After two passes this is how play goes on when a player disagrees.
    Undo,
    /// Replay what undo took back, up to the next position where a person is to move.
    Redo,
    /// After two passes, a player disagrees with the score: both passes are taken back and
    /// play goes on from the position before them (the dead pieces must be captured).
    PlayOn,
    /// This side gives up.
    Resign(Side),
    /// Both sides agree to a draw, on this version of the game (a stale one is refused).
    AgreeDraw(u64),
    NewGame(GoSetup),
    /// Replace the game: a saved game resumed, or an imported record.
    Load(Box<GoSavedGame>),
    /// A move tried on the shown position (a past one, or a finished game's): it goes to
    /// the side line from there. The game does not change.
    TryMove(Move),
    /// Take back the side line's last move.
    LineUndo,
    /// Leave the side line (Back): what was tried goes.
    LeaveLine,
    /// The position editor (the game is left as it is until a game starts from it).
    Edit(GoEdit),
}

/// What the position editor asks of the bridge.
#[derive(Clone, Debug)]
pub enum GoEdit {
    /// Open it on the position shown.
    Open,
    /// Put a piece on a cell, or empty it.
    Put(Cell, Option<Piece>),
    Turn(Side),
    /// Another set-up: read from text, or the empty board of other rules.
    Replace(Box<Position>),
    /// Close it; the game is shown again.
    Close,
    /// A new game from the set-up, when it is a legal position; `analyse`: to be
    /// analysed (the analysis starts switched on).
    Play {
        players: BySide<GoPlayer>,
        analyse: bool,
    },
}

/// A move was played: exactly what it did.
#[derive(Message, Clone, Copy, Debug)]
pub struct GoPlayed {
    pub mv: Move,
    /// Who played it.
    pub side: Side,
    /// The opponent's pieces it captured.
    pub captured: Bits,
    /// The position before it (where the captured pieces stood).
    pub before: Position,
    /// Whether it was tried in a side line (the game did not change).
    pub in_line: bool,
}

pub(super) fn apply_commands(
    mut bridge: ResMut<GoBridge>,
    viewing: Res<super::GoViewing>,
    mut commands: MessageReader<GoCommand>,
    mut played: MessageWriter<GoPlayed>,
    mut refused: MessageWriter<Refused>,
    mut resynced: MessageWriter<Resynced>,
) {
    for command in commands.read() {
        match command {
            GoCommand::TryMove(mv) => {
                if !bridge.studying(viewing.0) {
                    refused.write(Refused(
                        "moves are tried on a past position or a finished game".into(),
                    ));
                    continue;
                }
                follow_view(&mut bridge, viewing.0);
                let Some(line) = bridge.line.as_mut() else {
                    continue;
                };
                let before = *line.game.position();
                match line.game.play(*mv) {
                    Ok(captured) => {
                        bridge.line_stamp += 1;
                        played.write(GoPlayed {
                            mv: *mv,
                            side: before.turn(),
                            captured,
                            before,
                            in_line: true,
                        });
                    }
                    Err(e) => {
                        let text = mv.text(before.rules().pieces);
                        refused.write(Refused(format!("{text}: {e}")));
                    }
                }
                continue;
            }
            GoCommand::LineUndo => {
                match bridge.line.as_mut() {
                    Some(line) if line.tried() > 0 => {
                        line.game.undo();
                        bridge.line_stamp += 1;
                    }
                    _ => {
                        refused.write(Refused("no side line is shown".into()));
                    }
                }
                continue;
            }
            GoCommand::LeaveLine => {
                if bridge.line.take().is_some() {
                    bridge.line_stamp += 1;
                }
                continue;
            }
            GoCommand::Edit(GoEdit::Play { players, analyse }) => {
                let Some(setup) = bridge.edit else {
                    refused.write(Refused("no position is being set up".into()));
                    continue;
                };
                if let Err(e) = setup.check_setup() {
                    refused.write(Refused(e.to_string()));
                    continue;
                }
                let (version, game_id) = (bridge.version + 1, bridge.game_id + 1);
                let stamp = bridge.line_stamp + 1;
                let players = *players;
                *bridge = GoBridge::from_position(
                    GoSetup {
                        players,
                        ..bridge.setup
                    },
                    setup,
                );
                bridge.version = version;
                bridge.game_id = game_id;
                bridge.line_stamp = stamp;
                bridge.analysed = *analyse;
                resynced.write(Resynced);
                continue;
            }
            GoCommand::Edit(edit) => {
                if matches!(edit, GoEdit::Close) {
                    if bridge.edit.take().is_some() {
                        bridge.line_stamp += 1;
                    }
                    continue;
                }
                let shown = *bridge.shown(viewing.0);
                if matches!(edit, GoEdit::Open) {
                    bridge.edit.get_or_insert(shown);
                }
                let Some(setup) = bridge.edit.as_mut() else {
                    refused.write(Refused("no position is being set up".into()));
                    continue;
                };
                match edit {
                    GoEdit::Open | GoEdit::Play { .. } => {}
                    GoEdit::Put(cell, piece) => setup.set_piece(*cell, *piece),
                    GoEdit::Turn(side) => setup.set_turn(*side),
                    GoEdit::Replace(position) => *setup = **position,
                    GoEdit::Close => {}
                }
                bridge.line_stamp += 1;
                continue;
            }
            _ => {}
        }
        // Anything done to the game ends a side line.
        if bridge.line.take().is_some() {
            bridge.line_stamp += 1;
        }
        match command {
            GoCommand::TryMove(_)
            | GoCommand::LineUndo
            | GoCommand::LeaveLine
            | GoCommand::Edit(_) => {}
            GoCommand::Play(mv) => {
                let before = *bridge.game.position();
                let side = before.turn();
                match bridge.game.play(*mv) {
                    Ok(captured) => {
                        bridge.redo.clear();
                        bridge.version += 1;
                        played.write(GoPlayed {
                            mv: *mv,
                            side,
                            captured,
                            before,
                            in_line: false,
                        });
                    }
                    Err(e) => {
                        let text = mv.text(before.rules().pieces);
                        refused.write(Refused(format!("{text}: {e}")));
                    }
                }
            }
            GoCommand::Undo => {
                let mut undone = bridge.undo_one();
                if !undone {
                    refused.write(Refused("there is nothing to take back".into()));
                    continue;
                }
                // Against a bot, go back to the person's move.
                while undone && !bridge.human_to_move() && !bridge.game.moves().is_empty() {
                    undone = bridge.undo_one();
                }
                bridge.version += 1;
                resynced.write(Resynced);
            }
            GoCommand::Redo => {
                let mut redone = bridge.redo_one();
                if !redone {
                    refused.write(Refused("there is nothing to replay".into()));
                    continue;
                }
                while redone && !bridge.human_to_move() && !bridge.redo.is_empty() {
                    redone = bridge.redo_one();
                }
                bridge.version += 1;
                resynced.write(Resynced);
            }
            GoCommand::PlayOn => {
                let scored = bridge
                    .game
                    .outcome()
                    .is_some_and(|o| o.reason == crate::go::EndReason::Passes);
                if !scored {
                    refused.write(Refused("the game did not end by two passes".into()));
                    continue;
                }
                bridge.undo_one();
                bridge.undo_one();
                bridge.version += 1;
                resynced.write(Resynced);
            }
            GoCommand::Resign(side) => {
                let over = bridge.game.outcome().is_some();
                if let Some(why) = ending_refused(over, None, bridge.version) {
                    refused.write(why);
                    continue;
                }
                bridge.game.resign(*side);
                // What undo took back cannot follow an ending.
                bridge.redo.clear();
                bridge.version += 1;
                resynced.write(Resynced);
            }
            GoCommand::AgreeDraw(version) => {
                let over = bridge.game.outcome().is_some();
                if let Some(why) = ending_refused(over, Some(*version), bridge.version) {
                    refused.write(why);
                    continue;
                }
                bridge.game.agree_draw();
                bridge.redo.clear();
                bridge.version += 1;
                resynced.write(Resynced);
            }
            GoCommand::NewGame(setup) => {
                let (version, game_id) = (bridge.version + 1, bridge.game_id + 1);
                let stamp = bridge.line_stamp + 1;
                *bridge = GoBridge::new(*setup);
                bridge.version = version;
                bridge.game_id = game_id;
                bridge.line_stamp = stamp;
                resynced.write(Resynced);
            }
            GoCommand::Load(saved) => {
                let (version, game_id) = (bridge.version + 1, bridge.game_id + 1);
                let stamp = bridge.line_stamp + 1;
                *bridge = GoBridge::resume((**saved).clone());
                bridge.version = version;
                bridge.game_id = game_id;
                bridge.line_stamp = stamp;
                resynced.write(Resynced);
            }
        }
    }
}

/// The side line follows the position shown: a past position or a finished game gets an
/// empty one to try moves in (the game up to there, for its ko and superko history);
/// another position shown drops it, and what was tried in it.
fn follow_view(bridge: &mut GoBridge, viewing: Option<usize>) {
    let at = viewing.unwrap_or(bridge.game.moves().len());
    let wanted = bridge.studying(viewing);
    let fits = bridge.line.as_ref().is_some_and(|l| l.from == at);
    if wanted && !fits {
        bridge.line = Some(GoLine {
            from: at,
            game: crate::common::analysis::Studied::after_plies(&bridge.game, at),
        });
        bridge.line_stamp += 1;
    } else if !wanted && bridge.line.take().is_some() {
        bridge.line_stamp += 1;
    }
}

fn keep_line(mut bridge: ResMut<GoBridge>, viewing: Res<super::GoViewing>) {
    let at = viewing.0.unwrap_or(bridge.game.moves().len());
    let fits = bridge.line.as_ref().is_some_and(|l| l.from == at);
    // Only a change is written (the resource's change flag stays quiet otherwise).
    if fits != bridge.studying(viewing.0) || bridge.line.is_some() && !fits {
        follow_view(&mut bridge, viewing.0);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GoBridge>();
    app.add_message::<GoCommand>();
    app.add_message::<GoPlayed>();
    app.add_systems(
        Update,
        (apply_commands, keep_line).chain().in_set(Phase::Bridge),
    );
}
