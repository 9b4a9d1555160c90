//! The rules bridge: the only place that changes the game. Commands come in; the bridge
//! checks them against the rules and reports what happened.

use bevy::prelude::*;

use crate::bot::Level;
use crate::game::app::reports::{Refused, Resynced, ending_refused};
use crate::game::app::sets::Phase;
use crate::rules::{
    BySide, Cell, Game, Hand, Man, Move, MoveReport, Position, RuleSet, Series, Side,
};
use crate::save::SavedGame;

pub use crate::bot::PlayerKind;

/// Everything a new game needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub rules: RuleSet,
    pub players: BySide<PlayerKind>,
    /// The handicap series this game belongs to, if any (its games before this one).
    pub series: Option<Series>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            rules: RuleSet::default(),
            players: BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Medium)),
            series: None,
        }
    }
}

/// The rules resource: owns the game and who plays each side.
#[derive(Resource, Debug, Clone)]
pub struct Bridge {
    pub game: Game,
    pub setup: Setup,
    /// Increases with every change, so a bot's late answer can be recognised as stale.
    pub version: u64,
    /// Increases with every new or loaded game (the panel starts a new game at its top).
    pub game_id: u64,
    /// Moves tried on the board from a position of the game, which leave the game as it is.
    pub line: Option<SideLine>,
    /// Increases with every change of the side line (its moves, its start, its end) or
    /// of the set-up being edited.
    pub line_stamp: u64,
    /// The game was started from the position editor to be analysed.
    pub analysed: bool,
    /// The position editor's set-up, while it is open (shown instead of the game).
    pub edit: Option<crate::rules::Position>,
}

/// A side line: the game up to the position it starts from, then the moves tried on it.
#[derive(Debug, Clone)]
pub struct SideLine {
    /// How many moves of the game come before it.
    pub from: usize,
    /// The game's first `from` moves, then the line's.
    pub game: Game,
}

impl SideLine {
    /// The moves tried, after the game's.
    pub fn tried(&self) -> usize {
        self.game.plies().len().saturating_sub(self.from)
    }
}

impl Default for Bridge {
    fn default() -> Bridge {
        Bridge::new(Setup::default())
    }
}

impl Bridge {
    pub fn new(setup: Setup) -> Bridge {
        Bridge {
            game: Game::new(setup.rules),
            setup,
            version: 0,
            game_id: 0,
            line: None,
            line_stamp: 0,
            analysed: false,
            edit: None,
        }
    }

    /// A game from a position (to study it or to play it out).
    pub fn from_position(setup: Setup, start: crate::rules::Position) -> Bridge {
        Bridge {
            game: Game::from_position(start),
            setup: Setup {
                rules: *start.rules(),
                ..setup
            },
            version: 0,
            game_id: 0,
            line: None,
            line_stamp: 0,
            analysed: false,
            edit: None,
        }
    }

    /// The game resumed from a save or an import: it goes on exactly where it stopped.
    pub fn resume(saved: SavedGame) -> Bridge {
        Bridge {
            setup: Setup {
                rules: *saved.game.rules(),
                players: saved.players,
                series: saved.series,
            },
            game: saved.game,
            version: 0,
            game_id: 0,
            line: None,
            line_stamp: 0,
            analysed: false,
            edit: None,
        }
    }

    pub fn player(&self, side: Side) -> PlayerKind {
        self.setup.players[side]
    }

    /// Whether a person moves next in a game that goes on.
    pub fn human_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && self.player(self.game.position().turn()) == PlayerKind::Human
    }
}

/// Which position the board shows: `None` the live game, `Some(n)` the position after `n`
/// plies (browsing the move list). Presentation only: the game itself is unchanged.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

impl Bridge {
    /// The side line the board shows: one that starts from the position viewed.
    pub fn line(&self, viewing: &Viewing) -> Option<&SideLine> {
        let at = viewing.0.unwrap_or(self.game.plies().len());
        self.line.as_ref().filter(|l| l.from == at)
    }

    /// The position the board shows: the set-up being edited, the side line's, the past
    /// one viewed, or the game's.
    pub fn shown(&self, viewing: &Viewing) -> &crate::rules::Position {
        if let Some(setup) = &self.edit {
            return setup;
        }
        if let Some(line) = self.line(viewing) {
            return line.game.position();
        }
        viewing
            .0
            .and_then(|n| self.game.position_at(n))
            .unwrap_or(self.game.position())
    }

    /// The move that led to the shown position, if any.
    pub fn shown_move(&self, viewing: &Viewing) -> Option<&crate::rules::Ply> {
        if self.edit.is_some() {
            return None;
        }
        let (game, n) = match self.line(viewing) {
            Some(line) => (&line.game, line.game.plies().len()),
            None => (&self.game, viewing.0.unwrap_or(self.game.plies().len())),
        };
        n.checked_sub(1).and_then(|i| game.plies().get(i))
    }

    /// Whether a move on the shown position goes to a side line: a line is shown, a past
    /// position is, or the game is over. (The game's own moves are made at its live
    /// position while it goes on.)
    pub fn studying(&self, viewing: &Viewing) -> bool {
        self.line(viewing).is_some()
            || viewing.0.is_some_and(|n| n < self.game.plies().len())
            || self.game.outcome().is_some()
    }
}

/// What input systems (and the bot player) ask the bridge for.
#[derive(Message, Clone, Debug)]
pub enum Command {
    Play(Move),
    /// Take back to the last position where a person was to move (one ply between people).
    Undo,
    /// Replay what undo took back, up to the next position where a person is to move.
    Redo,
    /// This side gives up.
    Resign(Side),
    /// Both sides agree to a draw (a person accepts at once; a bot's answer comes from its
    /// search, through the thinker like any other question).
    /// The version of the game the agreement was made on: a stale one is refused.
    AgreeDraw(u64),
    NewGame(Setup),
    /// Replace the game: a saved game resumed, or an imported record or position.
    Load(Box<SavedGame>),
    /// A move tried on the shown position: it starts a side line there, or goes on with
    /// the one shown. The game does not change.
    TryMove(Move),
    /// Take back the side line's last move (its first: the line goes).
    LineUndo,
    /// Leave the side line (Back): the game as it stands shows again.
    LeaveLine,
    /// The position editor (the game is left as it is until a game starts from it).
    Edit(Edit),
}

/// What the position editor asks of the bridge.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Open it on the position shown.
    Open,
    /// Put a man on a cell, or empty it.
    Put(Cell, Option<Man>),
    /// What a side holds in hand.
    Hand(Side, Hand),
    Turn(Side),
    /// Another set-up: read from text, or the start of other rules.
    Replace(Position),
    /// Close it; the game is shown again.
    Close,
    /// A new game from the set-up, when it is a legal position; `analyse`: to be
    /// analysed (the analysis starts switched on).
    Play {
        players: BySide<PlayerKind>,
        analyse: bool,
    },
}

/// A move was played: exactly what it did.
#[derive(Message, Clone, Debug)]
pub struct Played(pub MoveReport);

/// A move was tried in a side line: exactly what it did (the men and sounds follow it as
/// they follow the game's).
#[derive(Message, Clone, Debug)]
pub struct LinePlayed(pub MoveReport);

pub(crate) fn apply_commands(
    mut bridge: ResMut<Bridge>,
    viewing: Res<Viewing>,
    mut commands: MessageReader<Command>,
    (mut played, mut line_played): (MessageWriter<Played>, MessageWriter<LinePlayed>),
    mut refused: MessageWriter<Refused>,
    mut resynced: MessageWriter<Resynced>,
) {
    for command in commands.read() {
        match command {
            Command::TryMove(mv) => {
                if !bridge.studying(&viewing) {
                    refused.write(Refused(
                        "moves are tried on a past position or a finished game".into(),
                    ));
                    continue;
                }
                let mut line = match bridge.line(&viewing) {
                    Some(line) => line.clone(),
                    None => {
                        let from = viewing.0.unwrap_or(bridge.game.plies().len());
                        SideLine {
                            from,
                            game: crate::common::analysis::Studied::after_plies(&bridge.game, from),
                        }
                    }
                };
                match line.game.play(*mv) {
                    Ok(report) => {
                        bridge.line = Some(line);
                        bridge.line_stamp += 1;
                        line_played.write(LinePlayed(report));
                    }
                    Err(e) => {
                        refused.write(Refused(format!("{mv}: {e}")));
                    }
                }
                continue;
            }
            Command::LineUndo => {
                let Some(mut line) = bridge.line(&viewing).cloned() else {
                    refused.write(Refused("no side line is shown".into()));
                    continue;
                };
                line.game.undo();
                bridge.line = (line.tried() > 0).then_some(line);
                bridge.line_stamp += 1;
                continue;
            }
            Command::LeaveLine => {
                if bridge.line.take().is_some() {
                    bridge.line_stamp += 1;
                }
                continue;
            }
            Command::Edit(Edit::Play { players, analyse }) => {
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
                *bridge = Bridge::from_position(
                    Setup {
                        players,
                        series: None,
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
            Command::Edit(edit) => {
                if matches!(edit, Edit::Close) {
                    if bridge.edit.take().is_some() {
                        bridge.line_stamp += 1;
                    }
                    continue;
                }
                let shown = *bridge.shown(&viewing);
                if matches!(edit, Edit::Open) {
                    bridge.edit.get_or_insert(shown);
                }
                let Some(setup) = bridge.edit.as_mut() else {
                    refused.write(Refused("no position is being set up".into()));
                    continue;
                };
                match edit {
                    Edit::Open => {}
                    Edit::Put(cell, man) => setup.set_man(*cell, *man),
                    Edit::Hand(side, hand) => setup.set_hand(*side, *hand),
                    Edit::Turn(side) => setup.set_turn(*side),
                    Edit::Replace(position) => *setup = *position,
                    Edit::Close => {}
                    Edit::Play { .. } => {}
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
            Command::TryMove(_) | Command::LineUndo | Command::LeaveLine | Command::Edit(_) => {}
            Command::Play(mv) => match bridge.game.play(*mv) {
                Ok(report) => {
                    bridge.version += 1;
                    played.write(Played(report));
                }
                Err(e) => {
                    refused.write(Refused(format!("{mv}: {e}")));
                }
            },
            Command::Undo => {
                let mut undone = bridge.game.undo().is_some();
                // Against a bot, go back to the person's move.
                while undone && !bridge.human_to_move() && !bridge.game.plies().is_empty() {
                    undone = bridge.game.undo().is_some();
                }
                bridge.version += 1;
                resynced.write(Resynced);
            }
            Command::Redo => {
                let mut redone = bridge.game.redo().is_some();
                while redone && !bridge.human_to_move() && bridge.game.can_redo() {
                    redone = bridge.game.redo().is_some();
                }
                bridge.version += 1;
                resynced.write(Resynced);
            }
            Command::Resign(side) => {
                let over = bridge.game.outcome().is_some();
                if let Some(why) = ending_refused(over, None, bridge.version) {
                    refused.write(why);
                    continue;
                }
                bridge.game.resign(*side);
                bridge.version += 1;
                resynced.write(Resynced);
            }
            Command::AgreeDraw(version) => {
                let over = bridge.game.outcome().is_some();
                if let Some(why) = ending_refused(over, Some(*version), bridge.version) {
                    refused.write(why);
                    continue;
                }
                bridge.game.agree_draw();
                bridge.version += 1;
                resynced.write(Resynced);
            }
            Command::NewGame(setup) => {
                if let Err(e) = setup.rules.validate() {
                    refused.write(Refused(e.to_string()));
                    continue;
                }
                let (version, game_id) = (bridge.version + 1, bridge.game_id + 1);
                let stamp = bridge.line_stamp + 1;
                *bridge = Bridge::new(*setup);
                bridge.version = version;
                bridge.game_id = game_id;
                bridge.line_stamp = stamp;
                resynced.write(Resynced);
            }
            Command::Load(saved) => {
                let (version, game_id) = (bridge.version + 1, bridge.game_id + 1);
                let stamp = bridge.line_stamp + 1;
                *bridge = Bridge::resume((**saved).clone());
                bridge.version = version;
                bridge.game_id = game_id;
                bridge.line_stamp = stamp;
                resynced.write(Resynced);
            }
        }
    }
}

/// A side line goes when the board shows another position of the game (browsing the
/// moves, Back).
fn drop_stale_line(mut bridge: ResMut<Bridge>, viewing: Res<Viewing>) {
    if bridge.line.is_some() && bridge.line(&viewing).is_none() {
        bridge.line = None;
        bridge.line_stamp += 1;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Bridge>();
    app.init_resource::<Viewing>();
    app.add_message::<Command>();
    app.add_message::<Played>();
    app.add_message::<LinePlayed>();
    app.add_systems(
        Update,
        (drop_stale_line, apply_commands)
            .chain()
            .in_set(Phase::Bridge),
    );
}
