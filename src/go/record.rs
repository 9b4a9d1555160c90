//! Game records: the PGN-like text of Chogo's records with this game's tags
//! (GO_RULES §5).

use thiserror::Error;

use super::game::{EndReason, Game, Outcome};
use super::geometry::Board;
use super::moves::{Move, MoveText};
use super::piece::PieceSet;
use super::position::Position;
use super::rules::{Rules, number_text};
use crate::common::Side;
use crate::common::analysis::{Note, record_text};

/// A game record as read from or written to text.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Every tag in order.
    pub tags: Vec<(String, String)>,
    pub rules: Rules,
    /// The start position when the game did not start from the empty board.
    pub setup: Option<Position>,
    /// The moves, each with the line it was read from (0 for records built in memory).
    pub moves: Vec<(MoveText, usize)>,
    /// `1-0`, `0-1`, `1/2-1/2`, or none while the game goes on.
    pub result: Option<String>,
}

/// A problem in a record's text, with its line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

/// A record whose moves do not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// `move N (side): TEXT: reason`
    #[error("move {number} ({side}): {text}: {reason}")]
    Illegal {
        number: u32,
        side: &'static str,
        text: String,
        reason: String,
        ply: usize,
    },
    #[error("the record's result is {written}, but the moves end with {actual}")]
    ResultMismatch { written: String, actual: String },
    #[error("the record's score is {written}, but the moves end with {actual}")]
    ScoreMismatch { written: String, actual: String },
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

fn yes_no(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "yes" | "true" | "1" => Some(true),
        "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let shown = crate::common::excerpt(line);
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("'{shown}' is not a tag line like [Name \"value\"]"))?;
    let (name, value) = inner
        .split_once(' ')
        .ok_or_else(|| format!("'{shown}' is not a tag line like [Name \"value\"]"))?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| {
            let name = crate::common::excerpt(name);
            format!("the value of tag {name} is not in quotes")
        })?;
    let value = crate::common::tag::unescape(value).ok_or_else(|| {
        let name = crate::common::excerpt(name);
        format!("the value of tag {name} has a bare quote or a lone backslash")
    })?;
    Ok((name.to_string(), value))
}

impl Record {
    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tags = Vec::new();
        let mut tag_lines = Vec::new();
        let mut tokens: Vec<(String, usize)> = Vec::new();
        let mut in_comment = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if !in_comment && tokens.is_empty() && trimmed.starts_with('[') {
                tags.push(parse_tag(trimmed).map_err(|message| RecordError { line, message })?);
                tag_lines.push(line);
                continue;
            }
            let mut rest = String::new();
            for c in raw.chars() {
                match (in_comment, c) {
                    (true, '}') => in_comment = false,
                    (true, _) => {}
                    (false, '{') => in_comment = true,
                    (false, ';') => break,
                    (false, c) => rest.push(c),
                }
            }
            tokens.extend(rest.split_whitespace().map(|t| (t.to_string(), line)));
        }
        if in_comment {
            return Err(RecordError {
                line: text.lines().count().max(1),
                message: "a comment that is never closed".into(),
            });
        }
        let find = |name: &str| {
            tags.iter()
                .zip(&tag_lines)
                .find(|((k, _), _): &(&(String, String), _)| k.eq_ignore_ascii_case(name))
                .map(|((_, v), l)| (v.clone(), *l))
        };
        // A message repeats only an excerpt of what the record holds.
        let bad = |line: usize, message: String| RecordError {
            line,
            message: crate::common::excerpt_long(&message),
        };
        if let Some((game, line)) = find("Game")
            && game != "go-with-pieces"
        {
            return Err(bad(
                line,
                format!("the game is '{game}', not go-with-pieces"),
            ));
        }
        let mut rules = Rules::default();
        if let Some((v, line)) = find("Board") {
            rules.board = v.parse::<Board>().map_err(|e| bad(line, e.to_string()))?;
        }
        if let Some((v, line)) = find("Pieces") {
            rules.pieces = v
                .parse::<PieceSet>()
                .map_err(|e| bad(line, e.to_string()))?;
        }
        if let Some((v, line)) = find("Moving") {
            rules.moving =
                yes_no(&v).ok_or_else(|| bad(line, format!("Moving is yes or no, not '{v}'")))?;
        }
        if let Some((v, line)) = find("Ko") {
            rules.superko = match v.to_ascii_lowercase().as_str() {
                "basic" => false,
                "superko" => true,
                _ => return Err(bad(line, format!("Ko is basic or superko, not '{v}'"))),
            };
        }
        if let Some((v, line)) = find("Komi") {
            rules.komi = v
                .parse::<f64>()
                .ok()
                .filter(|k| k.is_finite())
                .ok_or_else(|| bad(line, format!("'{v}' is not a komi")))?;
        }
        let setup = match find("SetUp") {
            Some((p, line)) => Some(
                Position::from_text(&p, rules)
                    .map_err(|e| bad(line, format!("bad SetUp position: {e}")))?,
            ),
            None => None,
        };
        let mut result = None;
        if let Some((r, line)) = find("Result") {
            if !RESULTS.contains(&r.as_str()) {
                return Err(bad(
                    line,
                    format!("'{r}' is not a result (1-0, 0-1, 1/2-1/2, *)"),
                ));
            }
            result = (r != "*").then_some(r);
        }
        let mut moves = Vec::new();
        for (token, line) in tokens {
            if RESULTS.contains(&token.as_str()) {
                if token != "*" {
                    result = Some(token);
                }
                continue;
            }
            // Move numbers: `12.` or `12...`, possibly glued to the move.
            let t = token.trim_start_matches(|c: char| c.is_ascii_digit());
            let t = if t.len() < token.len() && t.starts_with('.') {
                t.trim_start_matches('.')
            } else {
                token.as_str()
            };
            if t.is_empty() {
                continue;
            }
            let mv = t
                .parse::<MoveText>()
                .map_err(|e| bad(line, e.to_string()))?;
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

    /// Replays the record move by move.
    pub fn to_game(&self) -> Result<Game, ReplayError> {
        let start = self.setup.unwrap_or_else(|| Position::new(self.rules));
        let mut game = Game::from_position(start);
        for (ply, (text, _)) in self.moves.iter().enumerate() {
            let before = *game.position();
            game.play_text(text).map_err(|e| ReplayError::Illegal {
                number: before.fullmoves(),
                side: before.turn().name(),
                text: text.to_string(),
                reason: e.to_string(),
                ply,
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
