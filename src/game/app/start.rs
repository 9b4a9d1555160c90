//! What each board does when the game starts, registered by the board itself: it reads its
//! saved game into its session (Continue offers it), and it puts a game given on the
//! command line in place. The start-up ([`crate::game::Launch`]) asks every board in turn
//! and names none.

use std::fmt;
use std::sync::Arc;

use bevy::prelude::*;

use crate::game::app::persist::Persistence;
use crate::game::app::screen::GameKind;
use crate::game::app::session::{Session, SessionGame};
use crate::save::LastGame;

/// A board's part of the start.
#[derive(Clone, Copy)]
pub struct BoardStart {
    pub kind: GameKind,
    /// How the settings name the board when its game was played last.
    pub last: LastGame,
    /// Reads the board's saved game into its session, if there is a usable one (a save
    /// that cannot be read is reported and protected by the persistence); whether there
    /// was one.
    pub resume: fn(&mut World, &mut Persistence) -> bool,
    /// The board's game was put in place from outside (a game given on the command
    /// line): the board's view follows it (which side it is seen from).
    pub shown: fn(&mut World),
}

/// Every board's start, in the order the boards registered.
#[derive(Resource, Default, Clone)]
pub struct Starts(pub Vec<BoardStart>);

impl Starts {
    pub fn of(&self, kind: GameKind) -> Option<&BoardStart> {
        self.0.iter().find(|s| s.kind == kind)
    }
}

/// A board registers its start (in its windowless part: the tests start the game as the
/// program does).
pub fn register(app: &mut App, start: BoardStart) {
    let mut starts = app.world_mut().get_resource_or_insert_with(Starts::default);
    starts.0.retain(|s| s.kind != start.kind);
    starts.0.push(start);
}

/// A game given at the start, for the board of `kind`.
#[derive(Clone)]
pub struct Given {
    pub kind: GameKind,
    put: Arc<dyn Fn(&mut World) + Send + Sync>,
}

impl Given {
    pub fn new<G: SessionGame>(kind: GameKind, session: Session<G>) -> Given {
        Given {
            kind,
            put: Arc::new(move |world: &mut World| world.insert_resource(session.clone())),
        }
    }

    /// Puts the game in place as its board's session.
    pub fn put(&self, world: &mut World) {
        (self.put)(world);
    }
}

impl fmt::Debug for Given {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Given")
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}
