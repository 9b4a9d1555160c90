//! Learning at the board, written once for every board: the lessons (a path of short
//! stages, each a position with a goal the rules engine checks, `crate::learn::lesson`)
//! and the rated puzzles (`crate::learn::puzzle`, `crate::learn::rating`).
//!
//! Each is a *driver* of the board's session: the stage's opponent and the puzzle's
//! moves (its setting move, the replies, the refutation of a wrong move) are ordinary
//! [`Command::Play`]s, so that they animate and sound as in a game; the person's moves
//! come from the board's input as in a game, and the driver judges them from the
//! session's `Played` reports. The session keeps the game played before and gives it back
//! when the driver leaves ([`Drive::Leave`]).
//!
//! A board registers its drivers with [`register`]; the screens ([`view`]) read only what
//! the driver of the board on the screen shows ([`Coach`]) and the lessons and puzzles on
//! offer ([`Courses`]), and never name a board.

mod drive;
mod files;
mod view;

use bevy::prelude::*;

use crate::common::taught::Taught;
use crate::game::app::bot_turn::BoardBots;
use crate::game::app::screen::GameKind;
use crate::game::app::study::StudiedBoard;

pub use drive::{LessonRun, PuzzleRun};

/// A board's lessons and puzzles: its drivers run while its state `on` holds and the
/// screen is a lesson's or the puzzles'; the screens list what it offers. The files come
/// with the program on the desktop; the browser fetches them beside the game
/// ([`files`]), and until they arrive the screens say so.
pub fn register<G: Taught + StudiedBoard + BoardBots, S: States>(app: &mut App, on: S) {
    if let Some(kind) = drive::register::<G, S>(app, on) {
        files::register::<G>(app, kind);
    }
}

/// What the player asks of the lesson or the puzzle on the board (the panel's buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoachAsk {
    Hint,
    /// Start the stage or the puzzle again.
    Retry,
    /// The next stage, or the next puzzle.
    Next,
    /// Play the puzzle's solution.
    Solution,
    /// The learner passes (a game with passes: the board has no button for it here).
    Pass,
}

/// One game's lessons and puzzles as the screens list them.
#[derive(Debug, Clone)]
pub struct Course {
    pub kind: GameKind,
    /// The game's id in the settings and data files (`chogo`).
    pub game: &'static str,
    pub lessons: Vec<LessonLine>,
    /// Why the lessons could not be read (a broken file), if they could not.
    pub problem: Option<String>,
    pub puzzles: usize,
    /// The themes a puzzle filter offers (those of some puzzle), with their puzzles.
    pub themes: Vec<(&'static str, usize)>,
}

/// A lesson on the path: its title, summary and stages (id and goal).
#[derive(Debug, Clone)]
pub struct LessonLine {
    pub title: String,
    pub summary: String,
    pub stages: Vec<(String, String)>,
}

/// Every board's lessons and puzzles, in the order the boards registered.
#[derive(Resource, Debug, Default, Clone)]
pub struct Courses(pub Vec<Course>);

impl Courses {
    pub fn get(&self, kind: GameKind) -> Option<&Course> {
        self.0.iter().find(|c| c.kind == kind)
    }
}

/// What the player chose and what the driver of the board on the screen shows.
#[derive(Resource, Debug, Default, Clone)]
pub struct Coach {
    /// The stage asked for from the path (lesson, stage), for the board's driver to set up.
    pub open_stage: Option<(usize, usize)>,
    /// The puzzles' theme filter (`None`: every theme).
    pub theme: Option<&'static str>,
    /// What the panel shows.
    pub shown: Shown,
}

/// The lesson's stage or the puzzle on the board, in words.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Shown {
    /// "Capture and escape · stage 2 of 3", or the puzzle's rating and themes.
    pub heading: String,
    /// The stage's explanation.
    pub text: String,
    /// The stage's goal, or what the puzzle asks.
    pub goal: String,
    /// How it stands: moves used, a wrong move, solved, failed.
    pub status: String,
    /// The stars of a stage reached.
    pub stars: Option<u8>,
    /// The stage or the puzzle has ended (reached, failed, solved).
    pub finished: bool,
    /// It ended badly (a stage failed, a puzzle not solved cleanly).
    pub failed: bool,
    /// The hint, in words.
    pub hint: Option<String>,
    /// The opponent's last answer, in words (a pass too, which the board does not show).
    pub said: Option<String>,
    /// How a move is made on this board, in one line.
    pub controls: &'static str,
    /// The driver is busy (a reply or a refutation to come): its buttons wait.
    pub busy: bool,
    /// A next stage or puzzle exists.
    pub has_next: bool,
    /// The puzzle's solution can still be shown.
    pub can_show_solution: bool,
    /// The learner may pass now (a game that has passes).
    pub can_pass: bool,
    /// A wrong move's refutation is on the board, waiting to be taken back.
    pub take_back: bool,
    /// The player's puzzle rating, and its change after the last puzzle.
    pub rating: Option<(String, Option<f64>)>,
}

/// The stars of a stage as drawn: ★★☆.
pub fn stars_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

pub(crate) fn logic_plugin(app: &mut App) {
    app.init_resource::<Coach>();
    app.init_resource::<Courses>();
    app.add_message::<CoachAsk>();
}

pub(crate) fn plugin(app: &mut App) {
    view::plugin(app);
}
