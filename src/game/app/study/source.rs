//! The game a board offers for study, and the keys that tell its positions apart.

use super::*;

/// The game the shown board offers for study. The board writes it when its game or its
/// shown position changes.
#[derive(Resource, Default)]
pub struct StudySource(pub Option<Source>);

/// One game to study.
#[derive(Clone)]
pub struct Source {
    /// Changes whenever the game does (a move, an undo, another game).
    pub key: u64,
    /// Changes with every new or loaded game (the analysis switch is set again).
    pub game_id: u64,
    pub engine: Analyst,
    /// The moves played, in notation.
    pub played: Vec<String>,
    /// The side to move at the start.
    pub first: Side,
    /// How many moves the board shows (the live game: all of them); with a side line, the
    /// moves before it.
    pub shown: usize,
    /// The side line tried from the position shown, if any.
    pub line: Option<Line>,
    /// Whether the game is still being played (a finished one is browsed and reviewed).
    pub live: bool,
    /// Whether the game was started to be analysed (from the position editor).
    pub analysed: bool,
    /// The game's record after its first `n` moves, for the engine.
    pub record_at: Arc<dyn Fn(usize) -> String + Send + Sync>,
    /// The analysis board's budgets, one a step as it deepens (nodes or playouts).
    pub steps: &'static [u64],
    /// The review's budget a position (nodes or playouts).
    pub review_work: u64,
    /// The side a person plays against a bot (the study calls it "You", as the panel
    /// does).
    pub you: Option<Side>,
}

/// A side line: moves tried from a position of the game, which leave the game unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Changes with every change of the line (the board's own count).
    pub stamp: u64,
    /// Its moves, in notation.
    pub moves: Vec<String>,
    /// The record of the game's first moves and the line's, for the engine.
    pub record: String,
}

/// Which position of a game is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The game's key ([`Source::key`]).
    pub key: u64,
    /// The moves of the game before it.
    pub shown: usize,
    /// The side line's stamp, when a side line is shown.
    pub line: Option<u64>,
}

impl Source {
    /// The position shown.
    pub fn spot(&self) -> Spot {
        Spot {
            key: self.key,
            shown: self.shown,
            line: self.line.as_ref().map(|l| l.stamp),
        }
    }

    /// Whether a move on the position shown goes to a side line (as the session judges
    /// it): a past position, or a finished game.
    pub fn tries_moves(&self) -> bool {
        !self.live || self.shown < self.played.len()
    }

    /// The record of the position shown, for the engine.
    pub(super) fn shown_record(&self) -> String {
        match &self.line {
            Some(line) => line.record.clone(),
            None => (self.record_at)(self.shown),
        }
    }
}

/// How a board offers its game: its engine and the analysis board's and review's budgets.
#[derive(Clone, Copy, Debug)]
pub struct Offer {
    pub engine: Analyst,
    pub steps: &'static [u64],
    pub review_work: u64,
    /// The game was started to be analysed: the analysis starts switched on.
    pub analysed: bool,
    /// The side a person plays against a bot.
    pub you: Option<Side>,
}

impl StudySource {
    /// Offers `game` (its ids: the game's, and its version, which changes with every
    /// change), showing the position after `viewing` moves (`None`: the live game), or
    /// the side line tried from there (the game's first moves and the line's, with the
    /// line's stamp). Builds the source anew only when the game changed.
    pub fn offer<G: Studied>(
        &mut self,
        game: &G,
        (game_id, version): (u64, u64),
        viewing: Option<usize>,
        line: Option<(&G, u64)>,
        offer: Offer,
    ) {
        let shown = viewing.unwrap_or(game.ply_count());
        let line_of = |(line, stamp): (&G, u64)| Line {
            stamp,
            moves: line.played().split_off(shown.min(line.ply_count())),
            record: line.record_text(&[]),
        };
        // The engine in the key too: every board counts its games and versions alike.
        let key = (game_id.wrapping_mul(1 << 32) ^ version) ^ name_hash(offer.engine.name);
        if let Some(s) = self.0.as_mut()
            && s.key == key
            && s.engine == offer.engine
        {
            if s.you != offer.you {
                s.you = offer.you;
            }
            if s.shown != shown {
                s.shown = shown;
            }
            if s.line.as_ref().map(|l| l.stamp) != line.map(|(_, stamp)| stamp) {
                s.line = line.map(line_of);
            }
            return;
        }
        let played = game.played();
        let game = Arc::new(game.clone());
        self.0 = Some(Source {
            key,
            game_id,
            engine: offer.engine,
            shown,
            line: line.map(line_of),
            played,
            first: game.after_plies(0).turn(),
            live: !game.is_over(),
            analysed: offer.analysed,
            record_at: Arc::new(move |n| game.after_plies(n).record_text(&[])),
            steps: offer.steps,
            review_work: offer.review_work,
            you: offer.you,
        });
    }
}

/// A board's engine name folded into a number (FNV-1a), to keep the boards' positions
/// apart in the study's keys.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
