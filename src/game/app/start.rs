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

/// A board's part of the start.
#[derive(Clone, Copy)]
pub struct BoardStart {
    pub kind: GameKind,
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

/// What the command line asks of a board: the flags it gave (each board reads its own,
/// [`Asking::flags`]) and who plays.
#[derive(Debug, Default, Clone)]
pub struct Asked {
    /// Each flag given, without its dashes, with its text (empty for a bare flag).
    pub flags: Vec<(&'static str, String)>,
    pub players: AskedPlayers,
}

impl Asked {
    /// The text of flag `name`, if it was given.
    pub fn flag(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.as_str())
    }

    /// Flag `name` read as a `T` (the command line checked it already: a failure here is
    /// reported all the same).
    pub fn parsed<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String>
    where
        T::Err: fmt::Display,
    {
        self.flag(name)
            .map(|text| text.parse().map_err(|e| format!("--{name} {text}: {e}")))
            .transpose()
    }
}

/// Who plays a game the command line asks for.
#[derive(Debug, Default, Clone)]
pub enum AskedPlayers {
    /// A person against the board's medium bot.
    #[default]
    Usual,
    /// Two people at this screen.
    People,
    /// A person against the bot of this level (by its name).
    Bot(String),
    /// Two bots (a demo), Black's and White's levels by name.
    Demo([String; 2]),
}

impl AskedPlayers {
    /// Black's and White's players, `human` a person and `bot` a bot of the level named.
    pub fn read<P, L>(
        &self,
        human: P,
        usual: L,
        bot: impl Fn(L) -> P,
    ) -> Result<crate::rules::BySide<P>, String>
    where
        P: Copy,
        L: std::str::FromStr,
        L::Err: fmt::Display,
    {
        let level = |flag: &str, name: &str| name.parse::<L>().map_err(|e| format!("{flag}: {e}"));
        Ok(match self {
            AskedPlayers::Usual => crate::rules::BySide::new(human, bot(usual)),
            AskedPlayers::People => crate::rules::BySide::new(human, human),
            AskedPlayers::Bot(name) => crate::rules::BySide::new(human, bot(level("--vs", name)?)),
            AskedPlayers::Demo([b, w]) => {
                crate::rules::BySide::new(bot(level("--demo", b)?), bot(level("--demo", w)?))
            }
        })
    }
}

/// How the command line starts a board's game.
#[derive(Clone, Copy)]
pub struct Asking {
    pub kind: GameKind,
    /// The game's name, for messages: "Go with chess pieces".
    pub name: &'static str,
    /// The flags the board reads (their names without dashes).
    pub flags: &'static [&'static str],
    /// The game the command line asks for, or why it cannot be had.
    pub given: fn(&Asked) -> Result<Given, String>,
    /// The review bench's game (`--review-bench`): a whole game between people.
    pub bench: fn() -> Result<Given, String>,
}
