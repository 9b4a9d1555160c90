//! Chogo's rules bridge: what Chogo's game offers the shared session (`app::session`,
//! the only place that changes a board's game), and the names the board uses for it.

use bevy::prelude::*;

use crate::bot::Level;
use crate::game::app::session::{self, Session, SessionGame};
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

/// Chogo asks nothing of its session that every board does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoOwn {}

/// Chogo's session: the game, who plays it, its side line and the editor's set-up
/// (`app::session`, written once for every board).
pub type Bridge = Session<Game>;

/// Which position Chogo's board shows (`None`: the live game).
pub type Viewing = session::Viewing<Game>;

/// What the drivers of Chogo's game ask its session for.
pub type Command = session::Command<Game>;

/// What the position editor asks of Chogo's session.
pub type Edit = session::Edit<Game>;

/// A move was played in Chogo's game or tried in its side line: exactly what it did.
pub type Played = session::Played<Game>;

impl SessionGame for Game {
    type Level = Level;
    type Setup = Setup;
    type Saved = SavedGame;
    type Cell = Cell;
    type Piece = Man;
    type Hand = Hand;
    type Own = NoOwn;

    fn check(setup: &Setup) -> Result<(), String> {
        setup.rules.validate().map_err(|e| e.to_string())
    }

    fn start(setup: &Setup) -> Game {
        Game::new(setup.rules)
    }

    fn from_position(setup: &Setup, start: Position) -> (Game, Setup) {
        let setup = Setup {
            rules: *start.rules(),
            ..*setup
        };
        (Game::from_position(start), setup)
    }

    fn resume(saved: SavedGame) -> (Game, Setup) {
        let setup = Setup {
            rules: *saved.game.rules(),
            players: saved.players,
            series: saved.series,
        };
        (saved.game, setup)
    }

    fn players(setup: &Setup) -> BySide<PlayerKind> {
        setup.players
    }

    fn with_players(setup: &Setup, players: BySide<PlayerKind>) -> Setup {
        Setup {
            players,
            series: None,
            ..*setup
        }
    }

    fn position_after(&self, n: usize) -> Option<&Position> {
        self.position_at(n)
    }

    fn take_back(&mut self) -> bool {
        self.undo().is_some()
    }

    fn check_setup(position: &Position) -> Result<(), String> {
        position.check_setup().map_err(|e| e.to_string())
    }

    fn set_piece(position: &mut Position, cell: Cell, man: Option<Man>) {
        position.set_man(cell, man);
    }

    fn set_hand(position: &mut Position, side: Side, hand: Hand) {
        position.set_hand(side, hand);
    }

    fn set_turn(position: &mut Position, side: Side) {
        position.set_turn(side);
    }

    fn apply_own(&mut self, own: NoOwn) -> Result<(), String> {
        match own {}
    }

    fn played_text(_: Move, _: &Position, report: &MoveReport) -> String {
        report.text.clone()
    }

    fn how_to_play(&self) -> &'static str {
        let pos = self.position();
        if !pos.is_drop_phase() {
            return "Click a man, then a cell — or drag it. Shift-click adds men to a block. Esc clears. ? for all keys.";
        }
        match pos.hand(pos.turn()).next() {
            Some(crate::rules::Role::Pawn) => {
                "Click a marked cell to drop a man from your hand. ? for all keys."
            }
            _ => "Click a marked cell to drop your king. ? for all keys.",
        }
    }
}

impl Bridge {
    /// The move that led to the shown position, if any.
    pub fn shown_move(&self, viewing: Option<usize>) -> Option<&crate::rules::Ply> {
        let (game, n) = self.shown_game(viewing)?;
        n.checked_sub(1).and_then(|i| game.plies().get(i))
    }
}

pub(crate) fn plugin(app: &mut App) {
    session::register::<Game, _>(app, super::ChogoOn);
}
