//! Game records: PGN-like text with tags and numbered moves (RULES §8).

use std::fmt;

use thiserror::Error;

use crate::common::analysis::{Note, record_text};

use super::{
    EndReason, Game, GameError, MoveText, Outcome, ParseMoveError, Position, PositionError,
    RuleSet, RuleSetError, Side,
};

/// A game record as read from or written to text.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Every tag in order, `Rules`, `SetUp` and `Result` included.
    pub tags: Vec<(String, String)>,
    pub rules: RuleSet,
    /// The start position when the game did not start from the rules' start.
    pub setup: Option<Position>,
    /// The moves, each with the line it was read from (0 for records built in memory).
    pub moves: Vec<(MoveText, usize)>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` / none while the game goes on.
    pub result: Option<String>,
}

/// A problem in a record's text, with its line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {problem}")]
pub struct RecordError {
    pub line: usize,
    pub problem: RecordProblem,
}

/// What is wrong in a record's text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordProblem {
    #[error("bad tag line '{0}' (expected [Name \"value\"])")]
    BadTag(String),
    #[error("a tag line after the moves")]
    TagAfterMoves,
    #[error("a second {0} tag: a record has one")]
    TagTwice(String),
    #[error("a comment that is never closed")]
    UnclosedComment,
    #[error(transparent)]
    Rules(RuleSetError),
    #[error("bad SetUp position: {0}")]
    SetUp(PositionError),
    #[error("'{0}' is not a result (1-0, 0-1, 1/2-1/2 or *)")]
    BadResult(String),
    #[error("'{0}' after the result")]
    AfterResult(String),
    #[error("the moves end with {moves} but the Result tag says {tag}")]
    ResultConflict { moves: String, tag: String },
    #[error(transparent)]
    Move(ParseMoveError),
}

/// A record whose moves do not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// `move N (side): TEXT: reason`
    #[error("move {number} ({}): {text}: {reason}", side.name())]
    Illegal {
        number: u32,
        side: Side,
        text: MoveText,
        reason: GameError,
        /// How many moves replayed before this one.
        ply: usize,
    },
    #[error("the record's result is {written}, but the moves end with {} ({actual})", actual.score())]
    ResultMismatch { written: String, actual: Outcome },
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tags = Vec::new();
        // The line of each tag, for errors.
        let mut tag_lines = Vec::new();
        let mut tokens: Vec<(String, usize)> = Vec::new();
        let mut in_comment = false;
        let mut comment_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if !in_comment && tokens.is_empty() && trimmed.starts_with('[') {
                tags.push(parse_tag(trimmed).map_err(|problem| RecordError { line, problem })?);
                tag_lines.push(line);
                continue;
            }
            // Strip `{…}` comments (which may span lines) and `;` comments.
            let mut rest = String::new();
            for c in raw.chars() {
                match (in_comment, c) {
                    (true, '}') => in_comment = false,
                    (true, _) => {}
                    (false, '{') => {
                        in_comment = true;
                        comment_line = line;
                    }
                    (false, ';') => break,
                    (false, c) => rest.push(c),
                }
            }
            if rest.trim_start().starts_with('[') {
                return Err(RecordError {
                    line,
                    problem: RecordProblem::TagAfterMoves,
                });
            }
            tokens.extend(rest.split_whitespace().map(|t| (t.to_string(), line)));
        }
        if in_comment {
            return Err(RecordError {
                line: comment_line,
                problem: RecordProblem::UnclosedComment,
            });
        }
        // Rules, SetUp and Result say one thing each: a second of them is refused.
        for name in ["Rules", "SetUp", "Result"] {
            let mut lines = tags
                .iter()
                .zip(&tag_lines)
                .filter(|((k, _), _)| k.eq_ignore_ascii_case(name))
                .map(|(_, line)| *line);
            if let (Some(_), Some(line)) = (lines.next(), lines.next()) {
                return Err(RecordError {
                    line,
                    problem: RecordProblem::TagTwice(name.to_string()),
                });
            }
        }
        // A tag is found whatever its case, and its errors name its own line.
        let find = |name: &str| {
            tags.iter()
                .position(|(k, _): &(String, String)| k.eq_ignore_ascii_case(name))
        };
        let tag = |name: &str| find(name).map(|i| tags[i].1.clone());
        let tag_line = |name: &str| find(name).map_or(1, |i| tag_lines[i]);
        let rules = match tag("Rules") {
            Some(r) => r.parse::<RuleSet>().map_err(|e| RecordError {
                line: tag_line("Rules"),
                problem: RecordProblem::Rules(e),
            })?,
            None => RuleSet::default(),
        };
        let setup = match tag("SetUp") {
            Some(p) => Some(Position::from_text(&p, rules).map_err(|e| RecordError {
                line: tag_line("SetUp"),
                problem: RecordProblem::SetUp(e),
            })?),
            None => None,
        };
        let mut moves = Vec::new();
        let mut result = tag("Result").filter(|r| RESULTS.contains(&r.as_str()));
        if let Some(r) = tag("Result")
            && !RESULTS.contains(&r.as_str())
        {
            return Err(RecordError {
                line: tag_line("Result"),
                problem: RecordProblem::BadResult(crate::common::excerpt(&r)),
            });
        }
        let mut ended = false;
        for (token, line) in tokens {
            if ended {
                return Err(RecordError {
                    line,
                    problem: RecordProblem::AfterResult(crate::common::excerpt(&token)),
                });
            }
            if RESULTS.contains(&token.as_str()) {
                if result.as_deref().is_some_and(|r| r != token) {
                    return Err(RecordError {
                        line,
                        problem: RecordProblem::ResultConflict {
                            moves: token,
                            tag: result.unwrap_or_default(),
                        },
                    });
                }
                result = Some(token);
                ended = true;
                continue;
            }
            // Move numbers: `12.` or `12...`, possibly glued to the move (`12.c1-c6`).
            let digits = token.bytes().take_while(u8::is_ascii_digit).count();
            let body = if digits > 0 && token[digits..].starts_with('.') {
                token[digits..].trim_start_matches('.')
            } else {
                token.as_str()
            };
            if body.is_empty() || body.eq_ignore_ascii_case("polis") {
                continue;
            }
            let mv = body.parse::<MoveText>().map_err(|e| RecordError {
                line,
                problem: RecordProblem::Move(e),
            })?;
            moves.push((mv, line));
        }
        Ok(Record {
            tags,
            rules,
            setup,
            moves,
            result,
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
                return Err(ReplayError::Illegal {
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    text: *mv,
                    reason,
                    ply,
                });
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

fn parse_tag(line: &str) -> Result<(String, String), RecordProblem> {
    let bad = || RecordProblem::BadTag(crate::common::excerpt(line));
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let quoted = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    let out = crate::common::tag::unescape(quoted).ok_or_else(bad)?;
    Ok((name.to_string(), out))
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
