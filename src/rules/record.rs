//! Game records: PGN-like text with tags and numbered moves (RULES §8).

use std::fmt;

use thiserror::Error;

use crate::common::analysis::{Note, record_text};
use crate::common::record::{RecordText, RefusedMove};

use super::{
    EndReason, Game, GameError, MoveText, Outcome, ParseMoveError, Position, PositionError,
    RuleSet, RuleSetError, Side,
};

/// A Chogo game record as read from or written to text.
pub type Record = crate::common::record::Record<RuleSet, Position, MoveText>;

/// A problem in a record's text, with its line.
pub type RecordError = crate::common::record::RecordError<RecordProblem>;

/// What is wrong in a record's text: its shape, its `Rules` tag, its `SetUp` position or
/// a move's text.
pub type RecordProblem =
    crate::common::record::RecordProblem<RuleSetError, PositionError, ParseMoveError>;

/// A record whose moves do not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// `move N (side): TEXT: reason`
    #[error(transparent)]
    Illegal(RefusedMove<MoveText, GameError>),
    #[error("the record's result is {written}, but the moves end with {} ({actual})", actual.score())]
    ResultMismatch { written: String, actual: Outcome },
}

impl Record {
    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let read = RecordText::read(text, &["Rules", "SetUp"]).map_err(|e| e.widen())?;
        let rules = match read.tag("Rules") {
            Some(tag) => tag.value.parse::<RuleSet>().map_err(|e| RecordError {
                line: tag.line,
                problem: RecordProblem::Tag(e),
            })?,
            None => RuleSet::default(),
        };
        let setup = match read.tag("SetUp") {
            Some(tag) => Some(
                Position::from_text(&tag.value, rules).map_err(|e| RecordError {
                    line: tag.line,
                    problem: RecordProblem::SetUp(e),
                })?,
            ),
            None => None,
        };
        let mut moves = Vec::new();
        for (word, line) in &read.moves {
            // RULES §8: readers skip a leading `polis`.
            if word.eq_ignore_ascii_case("polis") {
                continue;
            }
            let mv = word.parse::<MoveText>().map_err(|e| RecordError {
                line: *line,
                problem: RecordProblem::Move(e),
            })?;
            moves.push((mv, *line));
        }
        Ok(Record {
            tags: read.tag_values(),
            rules,
            setup,
            moves,
            result: read.result,
        })
    }

    /// The record of a game, with extra tags such as `Black` and `White`.
    pub fn from_game(game: &Game, extra: &[(&str, &str)]) -> Record {
        let result = game.outcome().map_or("*", |o| o.score()).to_string();
        let mut tags = vec![("Rules".to_string(), game.rules().to_string())];
        for (k, v) in extra {
            tags.push((k.to_string(), v.to_string()));
        }
        tags.push(("Result".to_string(), result.clone()));
        let setup = (*game.start() != Position::new(*game.rules())
            || game.start().fullmoves() != 1
            || game.start().halfmoves() != 0)
            .then_some(*game.start());
        if let Some(start) = setup {
            tags.push(("SetUp".to_string(), start.to_string()));
        }
        let moves = game
            .plies()
            .iter()
            .map(|p| {
                (
                    MoveText {
                        mv: p.mv,
                        captures: Some(p.captured),
                    },
                    0,
                )
            })
            .collect();
        Record {
            tags,
            rules: *game.rules(),
            setup,
            moves,
            result: Some(result),
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Replays the moves. A result that the rules do not produce (a resignation or an
    /// agreed draw) is kept as the game's declared end; one that contradicts the rules is
    /// an error.
    pub fn to_game(&self) -> Result<Game, ReplayError> {
        let mut game = match self.setup {
            Some(start) => Game::from_position(start),
            None => Game::new(self.rules),
        };
        for (ply, (mv, _)) in self.moves.iter().enumerate() {
            let pos = *game.position();
            if let Err(reason) = game.play_text(mv) {
                return Err(ReplayError::Illegal(RefusedMove {
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    text: *mv,
                    reason,
                    ply,
                }));
            }
        }
        let written = self.result.as_deref().unwrap_or("*");
        match game.outcome() {
            Some(outcome) if written != "*" && outcome.score() != written => {
                Err(ReplayError::ResultMismatch {
                    written: written.to_string(),
                    actual: outcome,
                })
            }
            Some(_) => Ok(game),
            None => {
                let declared = match written {
                    "1-0" => Some(Outcome::win(Side::Black, EndReason::Resignation)),
                    "0-1" => Some(Outcome::win(Side::White, EndReason::Resignation)),
                    "1/2-1/2" => Some(Outcome::draw(EndReason::Agreement)),
                    _ => None,
                };
                game.set_declared_end(declared);
                Ok(game)
            }
        }
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.annotated(&[]))
    }
}

impl Record {
    /// The record's text with a mark and a comment after each move (a game review's).
    pub fn annotated(&self, notes: &[Note]) -> String {
        let start = self.setup.unwrap_or_else(|| Position::new(self.rules));
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|(mv, _)| mv.mv.with_captures(mv.captures.unwrap_or_default()))
            .collect();
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
