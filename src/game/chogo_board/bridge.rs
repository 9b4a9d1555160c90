//! The rules bridge: the only place that changes the game. Commands come in; the bridge
//! checks them against the rules and reports what happened.

use bevy::prelude::*;

use crate::bot::Level;
use crate::game::app::reports::{Refused, Resynced, ending_refused};
use crate::game::app::sets::Phase;
use crate::rules::{BySide, Game, Move, MoveReport, RuleSet, Series, Side};
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
    /// The position the board shows.
    pub fn shown(&self, viewing: &Viewing) -> &crate::rules::Position {
        viewing
            .0
            .and_then(|n| self.game.position_at(n))
            .unwrap_or(self.game.position())
    }

    /// The move that led to the shown position, if any.
    pub fn shown_move(&self, viewing: &Viewing) -> Option<&crate::rules::Ply> {
        let n = viewing.0.unwrap_or(self.game.plies().len());
        n.checked_sub(1).and_then(|i| self.game.plies().get(i))
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
}

/// A move was played: exactly what it did.
#[derive(Message, Clone, Debug)]
pub struct Played(pub MoveReport);

pub(crate) fn apply_commands(
    mut bridge: ResMut<Bridge>,
    mut commands: MessageReader<Command>,
    mut played: MessageWriter<Played>,
    mut refused: MessageWriter<Refused>,
    mut resynced: MessageWriter<Resynced>,
) {
    for command in commands.read() {
        match command {
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
                *bridge = Bridge::new(*setup);
                bridge.version = version;
                bridge.game_id = game_id;
                resynced.write(Resynced);
            }
            Command::Load(saved) => {
                let (version, game_id) = (bridge.version + 1, bridge.game_id + 1);
                *bridge = Bridge::resume((**saved).clone());
                bridge.version = version;
                bridge.game_id = game_id;
                resynced.write(Resynced);
            }
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Bridge>();
    app.init_resource::<Viewing>();
    app.add_message::<Command>();
    app.add_message::<Played>();
    app.add_systems(Update, apply_commands.in_set(Phase::Bridge));
}
