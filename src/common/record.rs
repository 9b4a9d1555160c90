//! The text both games' records are written in (RULES §8, GO_RULES §5): tag lines
//! `[Name "value"]`, then the numbered moves with `{…}` and `;` comments, ended by the
//! result. This reads the text's shape once for both games, so that both refuse the same
//! mistakes in the same words; each engine reads what the tags' values and the moves'
//! words mean in its own game.

use thiserror::Error;

use super::{Side, excerpt};

/// The results a record can end with: Black wins, White wins, a draw, the game goes on.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A game record as read from or written to text, for either game: its rules, its
/// start position, its moves in the game's move text, and its result. Each game names its
/// own (`rules::Record`, `go::Record`) and reads and writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<Rules, Position, MoveText> {
    /// Every tag in order, `Rules`, `SetUp` and `Result` included.
    pub tags: Vec<(String, String)>,
    pub rules: Rules,
    /// The start position when the game did not start from the rules' start.
    pub setup: Option<Position>,
    /// The moves, each with the line it was read from (0 for records built in memory).
    pub moves: Vec<(MoveText, usize)>,
    /// `1-0`, `0-1`, `1/2-1/2`, or none while the game goes on.
    pub result: Option<String>,
}

/// A tag line, `[Name "value"]`, its value unescaped (see [`super::tag`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    /// The line it stands on, for errors about its value.
    pub line: usize,
}

/// A record's text read into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordText {
    /// Every tag in order, `Result` included.
    pub tags: Vec<Tag>,
    /// The moves' words in order, without their move numbers and comments, each with its
    /// line; what a word means is the engine's to read.
    pub moves: Vec<(String, usize)>,
    /// The result after the moves, else the `Result` tag's; one of [`RESULTS`].
    pub result: Option<String>,
}

/// A problem in a record's text, with its line: a problem of the text's shape, or with
/// an engine's own problems (`P`) one of what its game reads from the text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {problem}")]
pub struct RecordError<P = TextProblem> {
    pub line: usize,
    pub problem: P,
}

impl RecordError {
    /// The same problem among an engine's own.
    pub fn widen<P: From<TextProblem>>(self) -> RecordError<P> {
        RecordError {
            line: self.line,
            problem: self.problem.into(),
        }
    }
}

/// What is wrong in a game's record: its text's shape, one of the game's own tags
/// (`Tag`), its set-up position (`SetUp`) or a move's text (`Move`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordProblem<Tag, SetUp, Move> {
    /// The text's shape, the same for both games' records.
    #[error(transparent)]
    Text(#[from] TextProblem),
    /// A tag of the game's own, such as its rules.
    #[error(transparent)]
    Tag(Tag),
    #[error("bad SetUp position: {0}")]
    SetUp(SetUp),
    #[error(transparent)]
    Move(Move),
}

/// A move of a record that its game's rules refuse where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("move {number} ({}): {text}: {reason}", side.name())]
pub struct RefusedMove<Text, Reason> {
    pub number: u32,
    pub side: Side,
    pub text: Text,
    pub reason: Reason,
    /// How many moves replayed before this one.
    pub ply: usize,
}

/// What is wrong in the shape of a record's text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextProblem {
    /// `text` is an excerpt of the line.
    #[error("bad tag line '{text}' ({fault})")]
    BadTag { text: String, fault: TagFault },
    #[error("a tag line after the moves")]
    TagAfterMoves,
    /// A tag that says one thing for the whole game (the rules, the start, the result)
    /// is refused the second time, not silently overridden or ignored.
    #[error("a second {0} tag: a record has one")]
    TagTwice(String),
    #[error("a comment that is never closed")]
    UnclosedComment,
    #[error("'{0}' is not a result (1-0, 0-1, 1/2-1/2 or *)")]
    BadResult(String),
    #[error("'{0}' after the result")]
    AfterResult(String),
    #[error("the moves end with {moves} but the Result tag says {tag}")]
    ResultConflict { moves: String, tag: String },
}

/// Why a line that starts with `[` is not a tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TagFault {
    /// No closing bracket, no name, or a name that is not letters, digits and `_`.
    #[error("expected [Name \"value\"]")]
    Shape,
    #[error("the value is not in quotes")]
    Unquoted,
    #[error("the value has a bare quote or a lone backslash")]
    Escape,
}

impl RecordText {
    /// Reads a record's text. `once` names the tags the game allows once each, besides
    /// `Result`, which every record allows once.
    pub fn read(text: &str, once: &[&str]) -> Result<RecordText, RecordError> {
        let mut tags = Vec::new();
        let mut words: Vec<(String, usize)> = Vec::new();
        let mut in_comment = false;
        // Where the comment that is still open began: the place to point at when it is
        // never closed.
        let mut comment_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if !in_comment && words.is_empty() && trimmed.starts_with('[') {
                let (name, value) =
                    tag_line(trimmed).map_err(|problem| RecordError { line, problem })?;
                tags.push(Tag { name, value, line });
                continue;
            }
            // `{…}` comments may span lines; a `;` comment runs to the end of its line.
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
                    problem: TextProblem::TagAfterMoves,
                });
            }
            words.extend(rest.split_whitespace().map(|word| (word.to_string(), line)));
        }
        if in_comment {
            return Err(RecordError {
                line: comment_line,
                problem: TextProblem::UnclosedComment,
            });
        }
        for name in once.iter().copied().chain(["Result"]) {
            let mut lines = tags
                .iter()
                .filter(|t| t.name.eq_ignore_ascii_case(name))
                .map(|t| t.line);
            if let (Some(_), Some(line)) = (lines.next(), lines.next()) {
                return Err(RecordError {
                    line,
                    problem: TextProblem::TagTwice(name.to_string()),
                });
            }
        }
        let tagged = tags.iter().find(|t| t.name.eq_ignore_ascii_case("Result"));
        if let Some(tag) = tagged
            && !RESULTS.contains(&tag.value.as_str())
        {
            return Err(RecordError {
                line: tag.line,
                problem: TextProblem::BadResult(excerpt(&tag.value)),
            });
        }
        let mut result = tagged.map(|t| t.value.clone());
        let mut moves = Vec::new();
        let mut ended = false;
        for (word, line) in words {
            if ended {
                return Err(RecordError {
                    line,
                    problem: TextProblem::AfterResult(excerpt(&word)),
                });
            }
            if RESULTS.contains(&word.as_str()) {
                if let Some(tag) = result.as_ref().filter(|r| **r != word) {
                    return Err(RecordError {
                        line,
                        problem: TextProblem::ResultConflict {
                            moves: word,
                            tag: tag.clone(),
                        },
                    });
                }
                result = Some(word);
                ended = true;
                continue;
            }
            let word = without_number(&word);
            if !word.is_empty() {
                moves.push((word.to_string(), line));
            }
        }
        Ok(RecordText {
            tags,
            moves,
            result,
        })
    }

    /// The first tag of that name, whatever its case (`[rules "…"]` is `Rules`).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The tags as names and values, in order.
    pub fn tag_values(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect()
    }
}

/// A move's word without its number: `12.` and `12...` stand before a move or are glued
/// to it (`12.c1-c6`); a number alone leaves nothing.
fn without_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    match word[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start_matches('.'),
        _ => word,
    }
}

/// The name and the unescaped value of a tag line, `[Name "value"]`.
fn tag_line(line: &str) -> Result<(String, String), TextProblem> {
    let bad = |fault| TextProblem::BadTag {
        text: excerpt(line),
        fault,
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| bad(TagFault::Shape))?;
    let (name, value) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad(TagFault::Shape))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad(TagFault::Shape));
    }
    let quoted = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| bad(TagFault::Unquoted))?;
    let value = super::tag::unescape(quoted).ok_or_else(|| bad(TagFault::Escape))?;
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> (usize, TextProblem) {
        let e = RecordText::read(text, &["Rules"]).unwrap_err();
        (e.line, e.problem)
    }

    #[test]
    fn tags_moves_and_the_result_are_read_apart() {
        let text = "[Rules \"neto\"]\n[Black \"A \\\"B\\\"\"]\n\n1. e3 {a comment\n\
                    over two lines} a4 ; to the end\n2.b2-b4xa4 12... c1 1-0\n";
        let read = RecordText::read(text, &["Rules"]).unwrap();
        assert_eq!(
            read.tag("rules").map(|t| (t.value.as_str(), t.line)),
            Some(("neto", 1))
        );
        assert_eq!(read.tag("Black").map(|t| t.value.as_str()), Some("A \"B\""));
        let words: Vec<_> = read.moves.iter().map(|(w, l)| (w.as_str(), *l)).collect();
        assert_eq!(words, [("e3", 4), ("a4", 5), ("b2-b4xa4", 6), ("c1", 6)]);
        assert_eq!(read.result.as_deref(), Some("1-0"));
        // Without a result after the moves, the tag's stands; without either, none.
        let read = RecordText::read("[Result \"*\"]\n\n1. e3\n", &[]).unwrap();
        assert_eq!(read.result.as_deref(), Some("*"));
        assert_eq!(RecordText::read("1. e3\n", &[]).unwrap().result, None);
    }

    #[test]
    fn bad_tag_lines_say_what_is_wrong() {
        let fault = |text: &str| match problem(text) {
            (1, TextProblem::BadTag { fault, .. }) => fault,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(fault("[Rules \"neto\""), TagFault::Shape);
        assert_eq!(fault("[Rules]"), TagFault::Shape);
        assert_eq!(fault("[Ru-les \"neto\"]"), TagFault::Shape);
        assert_eq!(fault("[Rules neto]"), TagFault::Unquoted);
        assert_eq!(fault("[Black \"a\"b\"]"), TagFault::Escape);
        assert_eq!(
            problem("[Rules \"neto\"").1.to_string(),
            "bad tag line '[Rules \"neto\"' (expected [Name \"value\"])"
        );
    }

    #[test]
    fn the_shape_of_the_text_is_checked() {
        assert_eq!(
            problem("[Rules \"neto\"]\n\n1. e3\n[Black \"Ann\"]\n"),
            (4, TextProblem::TagAfterMoves)
        );
        assert_eq!(
            problem("1. e3 {a comment\nb2\n"),
            (1, TextProblem::UnclosedComment)
        );
        assert_eq!(
            problem("[rules \"neto\"]\n[RULES \"neto\"]\n"),
            (2, TextProblem::TagTwice("Rules".into()))
        );
        assert_eq!(
            problem("[Result \"1-0\"]\n[Result \"1-0\"]\n"),
            (2, TextProblem::TagTwice("Result".into()))
        );
        assert_eq!(
            problem("[Result \"2-0\"]\n"),
            (1, TextProblem::BadResult("2-0".into()))
        );
        assert_eq!(
            problem("1. e3 *\n2. b2\n"),
            (2, TextProblem::AfterResult("2.".into()))
        );
        assert_eq!(
            problem("[Result \"0-1\"]\n\n1. e3 1-0\n"),
            (
                3,
                TextProblem::ResultConflict {
                    moves: "1-0".into(),
                    tag: "0-1".into()
                }
            )
        );
        // A tag the game does not name may stand twice.
        assert!(RecordText::read("[Black \"A\"]\n[Black \"B\"]\n", &["Rules"]).is_ok());
    }

    #[test]
    fn a_huge_input_is_quoted_by_an_excerpt() {
        let huge = "x".repeat(100_000);
        for text in [
            format!("[{huge}"),
            format!("[Result \"{huge}\"]"),
            format!("1. e3 * {huge}"),
        ] {
            let message = RecordText::read(&text, &[]).unwrap_err().to_string();
            assert!(message.len() < 200, "{message}");
        }
    }
}
