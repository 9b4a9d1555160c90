//! Game records: the PGN-like text of Chogo's records with this game's tags
//! (GO_RULES §5).

use thiserror::Error;

use super::game::{EndReason, Game, Outcome};
use super::geometry::{Board, ParseBoardError};
use super::moves::{Move, MoveText, ParseMoveError};
use super::piece::{ParsePieceSetError, PieceSet};
use super::position::Position;
use super::position_text::PositionError;
use super::rules::{Rules, number_text};
use crate::common::analysis::{Note, record_text};
use crate::common::record::{RecordText, RefusedMove};
use crate::common::{Side, excerpt};

/// A game record of Go with chess pieces as read from or written to text (its start
/// position, when set, is not the empty board).
pub type Record = crate::common::record::Record<Rules, Position, MoveText>;

/// A problem in a record's text, with its line.
pub type RecordError = crate::common::record::RecordError<RecordProblem>;

/// What is wrong in a record's text: its shape, one of its tags of this game's rules,
/// its `SetUp` position or a move's text.
pub type RecordProblem =
    crate::common::record::RecordProblem<TagProblem, PositionError, ParseMoveError>;

/// What is wrong in a tag of this game's rules. Values from the record are quoted by an
/// excerpt.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TagProblem {
    #[error("the game is '{0}', not go-with-pieces")]
    OtherGame(String),
    #[error(transparent)]
    Board(ParseBoardError),
    #[error(transparent)]
    Pieces(ParsePieceSetError),
    #[error("Moving is yes or no, not '{0}'")]
    Moving(String),
    #[error("Ko is basic or superko, not '{0}'")]
    Ko(String),
    #[error("'{0}' is not a komi")]
    Komi(String),
}

/// A record whose moves do not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// `move N (side): TEXT: reason`
    #[error(transparent)]
    Illegal(RefusedMove<String, String>),
    #[error("the record's result is {written}, but the moves end with {actual}")]
    ResultMismatch { written: String, actual: String },
    #[error("the record's score is {written}, but the moves end with {actual}")]
    ScoreMismatch { written: String, actual: String },
}

fn yes_no(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "yes" | "true" | "1" => Some(true),
        "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

impl Record {
    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        // The tags that say one thing for the whole game. `Score` is checked against
        // the moves' own score on replay, so a second one is as wrong as a second result.
        const ONCE: [&str; 8] = [
            "Game", "Board", "Pieces", "Moving", "Ko", "Komi", "SetUp", "Score",
        ];
        let read = RecordText::read(text, &ONCE).map_err(|e| e.widen())?;
        let value = |name: &str| read.tag(name).map(|t| (t.value.as_str(), t.line));
        let bad = |line: usize, problem: RecordProblem| RecordError { line, problem };
        let tag = |line: usize, problem: TagProblem| bad(line, RecordProblem::Tag(problem));
        if let Some((game, line)) = value("Game")
            && game != "go-with-pieces"
        {
            return Err(tag(line, TagProblem::OtherGame(excerpt(game))));
        }
        let mut rules = Rules::default();
        if let Some((v, line)) = value("Board") {
            rules.board = v
                .parse::<Board>()
                .map_err(|e| tag(line, TagProblem::Board(e)))?;
        }
        if let Some((v, line)) = value("Pieces") {
            rules.pieces = v
                .parse::<PieceSet>()
                .map_err(|e| tag(line, TagProblem::Pieces(e)))?;
        }
        if let Some((v, line)) = value("Moving") {
            rules.moving = yes_no(v).ok_or_else(|| tag(line, TagProblem::Moving(excerpt(v))))?;
        }
        if let Some((v, line)) = value("Ko") {
            rules.superko = match v.to_ascii_lowercase().as_str() {
                "basic" => false,
                "superko" => true,
                _ => return Err(tag(line, TagProblem::Ko(excerpt(v)))),
            };
        }
        if let Some((v, line)) = value("Komi") {
            rules.komi = v
                .parse::<f64>()
                .ok()
                .filter(|k| k.is_finite())
                .ok_or_else(|| tag(line, TagProblem::Komi(excerpt(v))))?;
        }
        let setup = match value("SetUp") {
            Some((p, line)) => Some(
                Position::from_text(p, rules).map_err(|e| bad(line, RecordProblem::SetUp(e)))?,
            ),
            None => None,
        };
        let mut moves = Vec::new();
        for (word, line) in &read.moves {
            let mv = word
                .parse::<MoveText>()
                .map_err(|e| bad(*line, RecordProblem::Move(e)))?;
            moves.push((mv, *line));
        }
        Ok(Record {
            tags: read.tag_values(),
            rules,
            setup,
            moves,
            // A game that goes on has no result here: `*` is only how the text says so.
            result: read.result.filter(|r| r != "*"),
        })
    }

    /// Replays the record move by move.
    pub fn to_game(&self) -> Result<Game, ReplayError> {
        let start = self.setup.unwrap_or_else(|| Position::new(self.rules));
        let mut game = Game::from_position(start);
        for (ply, (text, _)) in self.moves.iter().enumerate() {
            let before = *game.position();
            game.play_text(text).map_err(|e| {
                ReplayError::Illegal(RefusedMove {
                    number: before.fullmoves(),
                    side: before.turn(),
                    text: text.to_string(),
                    reason: e.to_string(),
                    ply,
                })
            })?;
        }
        match (&self.result, game.outcome()) {
            (Some(written), Some(o)) if written != o.record_result() => {
                return Err(ReplayError::ResultMismatch {
                    written: written.clone(),
                    actual: o.record_result().into(),
                });
            }
            (Some(written), None) => match written.as_str() {
                "1-0" => game.resign(Side::White),
                "0-1" => game.resign(Side::Black),
                _ => game.agree_draw(),
            },
            _ => {}
        }
        if let Some((_, written)) = self
            .tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("Score"))
            && game.outcome().map(|o| o.reason) == Some(EndReason::Passes)
        {
            let actual = score_text(game.position());
            if written.split_whitespace().collect::<Vec<_>>()
                != actual.split(' ').collect::<Vec<_>>()
            {
                return Err(ReplayError::ScoreMismatch {
                    written: written.clone(),
                    actual,
                });
            }
        }
        Ok(game)
    }

    /// The record of a game, with extra tags such as `Black` and `White`.
    pub fn from_game(game: &Game, extra: &[(&str, &str)]) -> Record {
        let start = *game.start();
        let rules = *start.rules();
        let mut tags: Vec<(String, String)> = vec![
            ("Game".into(), "go-with-pieces".into()),
            ("Board".into(), rules.board.to_string()),
            ("Pieces".into(), rules.pieces.to_string()),
            (
                "Moving".into(),
                if rules.moving { "yes" } else { "no" }.into(),
            ),
        ];
        // Moving pieces imply superko: "basic" beside them would contradict the game, so
        // the tag is left out then (and reads back as the same rules).
        if !rules.moving || rules.superko {
            let ko = if rules.superko { "superko" } else { "basic" };
            tags.push(("Ko".into(), ko.into()));
        }
        tags.push(("Komi".into(), number_text(rules.komi)));
        for (k, v) in extra {
            tags.push((k.to_string(), v.to_string()));
        }
        let setup = (start != Position::new(rules)).then_some(start);
        if let Some(s) = setup {
            tags.push(("SetUp".into(), s.to_string()));
        }
        let outcome: Option<Outcome> = game.outcome();
        let result = outcome.map(|o| o.record_result().to_string());
        tags.push((
            "Result".into(),
            result.clone().unwrap_or_else(|| "*".into()),
        ));
        if let Some(Outcome {
            reason: EndReason::Passes,
            ..
        }) = outcome
        {
            tags.push(("Score".into(), score_text(game.position())));
        }
        let moves = game
            .moves()
            .iter()
            .map(|(mv, captured)| (written(*mv, rules.pieces, *captured), 0))
            .collect();
        Record {
            tags,
            rules,
            setup,
            moves,
            result,
        }
    }
}

impl std::fmt::Display for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.annotated(&[]))
    }
}

impl Record {
    /// The record's text with a mark and a comment after each move (a game review's).
    pub fn annotated(&self, notes: &[Note]) -> String {
        let start = self.setup.unwrap_or_else(|| Position::new(self.rules));
        let moves: Vec<String> = self.moves.iter().map(|(mv, _)| mv.to_string()).collect();
        record_text(
            &self.tags,
            start.fullmoves(),
            start.turn(),
            &moves,
            notes,
            self.result.as_deref().unwrap_or("*"),
        )
    }
}

/// The `Score` tag of a game ended by passing: `B 42 W 39.5`.
fn score_text(pos: &Position) -> String {
    let [b, w] = pos.score();
    format!("B {} W {}", number_text(b), number_text(w))
}

/// The written form of a played move: canonical, captures included.
pub fn written(mv: Move, set: PieceSet, captured: super::bits::Bits) -> MoveText {
    use super::moves::MoveSpec;
    MoveText {
        spec: match mv {
            Move::Pass => MoveSpec::Pass,
            Move::Drop { kind, cell } => MoveSpec::Drop {
                kind: (set.single() != Some(kind)).then_some(kind),
                cell,
            },
            Move::Step { from, to } => MoveSpec::Step { from, to },
        },
        captures: captured.any().then_some(captured),
    }
}
