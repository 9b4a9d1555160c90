//! SGF (FF[4], GM[1]) for Go with rooks: what every Go program reads and writes
//! (GO_RULES §5). SGF columns count from the left and rows from the **top**.

use std::fmt::Write as _;

use thiserror::Error;

use super::bits::Cell;
use super::game::{EndReason, Game};
use super::geometry::Board;
use super::moves::Move;
use super::piece::{Kind, Piece, PieceSet};
use super::position::Position;
use super::rules::{Rules, number_text};
use crate::common::Side;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    #[error("SGF: {0}")]
    Syntax(String),
    #[error("SGF carries only Go with rooks (or wazirs) on a square board, without moving pieces")]
    NotGo,
    #[error("SGF: GM[{0}] is not Go (GM[1])")]
    NotGoGame(String),
    #[error("SGF: SZ[{0}] is not a board size this game plays (5–19, square)")]
    Size(String),
    #[error("SGF: '{0}' is not a point on this board")]
    Point(String),
    #[error("SGF: KM[{0}] is not a komi (-1000 to 1000)")]
    Komi(String),
    #[error("SGF: {0}")]
    Setup(String),
}

/// A node's properties, in order.
type Node = Vec<(String, Vec<String>)>;

/// An SGF game: rules, setup and main line, ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    pub rules: Rules,
    pub start: Position,
    /// The main line's moves: who played and where (`None`: a pass).
    pub moves: Vec<(Side, Option<Cell>)>,
    pub black: Option<String>,
    pub white: Option<String>,
    /// `RE` as written (`B+3.5`, `W+R`, `0` …).
    pub result: Option<String>,
}

/// An SGF file's text. UTF-8 is read as it is (without a byte-order mark); another
/// character set as the file's `CA` property names it (`CA[GB2312]`, `CA[Shift_JIS]`);
/// without `CA`, text that is not UTF-8 is ISO-8859-1, SGF's default.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    // CA is a root property: it is looked for in the first node only (up to the second
    // node's ';'), not in a comment further on.
    let first = bytes.iter().position(|&b| b == b';').map_or(0, |i| i + 1);
    let root_end = bytes[first..]
        .iter()
        .position(|&b| b == b';')
        .map_or(bytes.len(), |i| first + i);
    let label = bytes[..root_end]
        .windows(3)
        .position(|w| w == b"CA[")
        .and_then(|at| {
            let rest = &bytes[at + 3..];
            let end = rest.iter().position(|&b| b == b']')?;
            Some(String::from_utf8_lossy(&rest[..end]).trim().to_string())
        });
    let encoding = match &label {
        Some(name) => encoding_rs::Encoding::for_label(name.as_bytes())
            .ok_or_else(|| format!("SGF: CA[{name}] is not a character set this program reads"))?,
        None if std::str::from_utf8(bytes).is_ok() => encoding_rs::UTF_8,
        None => encoding_rs::WINDOWS_1252,
    };
    let (text, _, bad) = encoding.decode(bytes);
    if bad {
        return Err(format!(
            "SGF: the file is not in {}, the character set it names",
            encoding.name()
        ));
    }
    Ok(text.into_owned())
}

/// The properties the game reads; the reader keeps no other.
const KEPT: [&str; 12] = [
    "GM", "SZ", "KM", "PL", "PB", "PW", "RE", "AB", "AW", "AE", "B", "W",
];

/// How many game trees an SGF collection holds (the game reads the first).
pub fn games_in(text: &str) -> usize {
    let (mut depth, mut games, mut in_value, mut escaped) = (0usize, 0usize, false, false);
    for b in text.bytes() {
        if in_value {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b']') => in_value = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'[' => in_value = true,
            b'(' => {
                if depth == 0 {
                    games += 1;
                }
                depth += 1;
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    games
}

/// Parses the first game tree of an SGF collection, keeping its main line (the first
/// variation at every branch); comments and unknown properties are ignored.
fn main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let syntax = |m: &str| SgfError::Syntax(m.to_string());
    while i < bytes.len() && bytes[i] != b'(' {
        i += 1;
    }
    if i == bytes.len() {
        return Err(syntax("no game tree: the text has no '('"));
    }
    let mut nodes = Vec::new();
    // depth of '(' ; once the main line's first variation closes, skip siblings.
    let mut depth = 0usize;
    // Depth at which we follow the main line; deeper trees that are not first are skipped.
    let mut skip_from: Option<usize> = None;
    let mut seen_child_at = vec![false; 1];
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'(' => {
                depth += 1;
                if seen_child_at.len() <= depth {
                    seen_child_at.resize(depth + 1, false);
                }
                if skip_from.is_none() && seen_child_at[depth - 1] {
                    skip_from = Some(depth);
                }
                seen_child_at[depth - 1] = true;
                seen_child_at[depth] = false;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err(syntax("')' without '('"));
                }
                if skip_from == Some(depth) {
                    skip_from = None;
                }
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Ok(nodes);
                }
            }
            b';' => {
                if skip_from.is_none() {
                    nodes.push(Vec::new());
                }
                i += 1;
            }
            b'[' => return Err(syntax("a property value without a property name")),
            c if c.is_ascii_alphabetic() => {
                // Old files write lower-case letters inside names (FF[3]): only the
                // capitals name the property.
                let start = i;
                let mut ident = String::new();
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    if bytes[i].is_ascii_uppercase() {
                        ident.push(bytes[i] as char);
                    }
                    i += 1;
                }
                if ident.is_empty() {
                    let raw = String::from_utf8_lossy(&bytes[start..i]);
                    return Err(syntax(&format!("'{raw}' is not a property name")));
                }
                // Only what the game reads is kept: a file of millions of other
                // properties (comments, markup, unknown ones) takes no memory.
                let kept = KEPT.contains(&ident.as_str()) && skip_from.is_none();
                let mut values = Vec::new();
                let mut any_value = false;
                loop {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    i += 1;
                    any_value = true;
                    let mut value = Vec::new();
                    loop {
                        match bytes.get(i) {
                            None => return Err(syntax("a property value that is never closed")),
                            Some(b'\\') => {
                                // A backslash before a line break is a soft break: both go.
                                match (bytes.get(i + 1), bytes.get(i + 2)) {
                                    (Some(b'\r'), Some(b'\n')) | (Some(b'\n'), Some(b'\r')) => {
                                        i += 3;
                                    }
                                    (Some(b'\n' | b'\r'), _) => i += 2,
                                    (Some(&n), _) => {
                                        if kept {
                                            value.push(n);
                                        }
                                        i += 2;
                                    }
                                    (None, _) => i += 1,
                                }
                            }
                            Some(b']') => {
                                i += 1;
                                break;
                            }
                            Some(&b) => {
                                if kept {
                                    value.push(b);
                                }
                                i += 1;
                            }
                        }
                    }
                    if kept {
                        values.push(String::from_utf8_lossy(&value).into_owned());
                    }
                }
                if !any_value {
                    return Err(syntax(&format!("property {ident} has no value")));
                }
                if skip_from.is_none() {
                    match nodes.last_mut() {
                        Some(node) if kept => node.push((ident, values)),
                        Some(_) => {}
                        None => return Err(syntax("a property before the first node ';'")),
                    }
                }
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => return Err(syntax(&format!("unexpected '{}'", c as char))),
        }
    }
    Err(syntax("the game tree is never closed"))
}

fn point(value: &str, size: u8) -> Result<Option<Cell>, SgfError> {
    let bad = || SgfError::Point(crate::common::excerpt(value));
    let v = value.trim().as_bytes();
    if v.is_empty() || (size <= 19 && v == b"tt") {
        return Ok(None);
    }
    if v.len() != 2 {
        return Err(bad());
    }
    let col = v[0].wrapping_sub(b'a');
    let row = v[1].wrapping_sub(b'a');
    if col >= size || row >= size {
        return Err(bad());
    }
    Ok(Cell::new(col as i32, (size - 1 - row) as i32)).and_then(|c| c.map(Some).ok_or_else(bad))
}

fn point_text(cell: Cell, size: u8) -> String {
    let col = (b'a' + cell.file()) as char;
    let row = (b'a' + (size - 1 - cell.rank())) as char;
    format!("{col}{row}")
}

/// Compressed point lists `[aa:cc]` are expanded.
fn points(values: &[String], size: u8) -> Result<Vec<Cell>, SgfError> {
    let mut out = Vec::new();
    for v in values {
        if let Some((a, b)) = v.split_once(':') {
            let (Some(a), Some(b)) = (point(a, size)?, point(b, size)?) else {
                return Err(SgfError::Point(crate::common::excerpt(v)));
            };
            for f in a.file().min(b.file())..=a.file().max(b.file()) {
                for r in a.rank().min(b.rank())..=a.rank().max(b.rank()) {
                    out.extend(Cell::new(f as i32, r as i32));
                }
            }
        } else if let Some(c) = point(v, size)? {
            out.push(c);
        }
    }
    Ok(out)
}

impl SgfGame {
    pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
        let nodes = main_line(text)?;
        let root = nodes.first().cloned().unwrap_or_default();
        let prop =
            |node: &Node, name: &str| node.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let first = |node: &Node, name: &str| prop(node, name).and_then(|v| v.into_iter().next());
        if let Some(gm) = first(&root, "GM")
            && gm.trim() != "1"
        {
            return Err(SgfError::NotGoGame(crate::common::excerpt(&gm)));
        }
        let size = match first(&root, "SZ") {
            None => 19,
            Some(sz) => sz
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (Board::MIN_SIZE..=Board::MAX_SIZE).contains(n))
                .ok_or_else(|| SgfError::Size(crate::common::excerpt(&sz)))?,
        };
        let komi = match first(&root, "KM") {
            None => 0.0,
            Some(k) if k.trim().is_empty() => 0.0,
            Some(k) => k
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() <= 1000.0)
                .ok_or_else(|| SgfError::Komi(crate::common::excerpt(&k)))?,
        };
        let rules = Rules {
            board: Board::Square(size),
            pieces: PieceSet::ROOKS,
            moving: false,
            superko: false,
            komi,
        };
        let mut start = Position::new(rules);
        let mut moves = Vec::new();
        for (n, node) in nodes.iter().enumerate() {
            for (name, values) in node {
                match name.as_str() {
                    "AB" | "AW" | "AE" if n == 0 || moves.is_empty() => {
                        for c in points(values, size)? {
                            let piece = match name.as_str() {
                                "AB" => Some(Piece::new(Side::Black, Kind::Rook)),
                                "AW" => Some(Piece::new(Side::White, Kind::Rook)),
                                _ => None,
                            };
                            start.set_piece(c, piece);
                        }
                    }
                    "AB" | "AW" | "AE" => {
                        return Err(SgfError::Setup(format!(
                            "setup ({name}) after the moves began is not supported"
                        )));
                    }
                    "B" | "W" => {
                        let side = if name == "B" {
                            Side::Black
                        } else {
                            Side::White
                        };
                        let v = values.first().map(String::as_str).unwrap_or("");
                        moves.push((side, point(v, size)?));
                    }
                    _ => {}
                }
            }
        }
        // Who moves first: PL, else the colour of the first move, else Black.
        let turn = match first(&root, "PL").as_deref().map(str::trim) {
            Some("W") | Some("w") => Side::White,
            Some(_) => Side::Black,
            None => moves.first().map_or(Side::Black, |(s, _)| *s),
        };
        let text = start.to_string();
        let mut fields: Vec<String> = text.split(' ').map(String::from).collect();
        if fields.len() == 7 {
            fields[1] = turn.char().to_string();
            start = Position::from_text(&fields.join(" "), rules)
                .map_err(|e| SgfError::Setup(e.to_string()))?;
        }
        Ok(SgfGame {
            rules,
            start,
            moves,
            black: first(&root, "PB"),
            white: first(&root, "PW"),
            result: first(&root, "RE"),
        })
    }

    /// Replays the main line. A move by the side not to move is an error (SGF allows it;
    /// this game does not).
    pub fn to_game(&self) -> Result<Game, super::ReplayError> {
        let mut game = Game::from_position(self.start);
        for (ply, (side, cell)) in self.moves.iter().enumerate() {
            let before = *game.position();
            let mv = match cell {
                Some(cell) => Move::Drop {
                    kind: Kind::Rook,
                    cell: *cell,
                },
                None => Move::Pass,
            };
            // Named by the side the file gives the move to.
            let fail = |reason: String| {
                super::ReplayError::Illegal(crate::common::record::RefusedMove {
                    number: before.fullmoves(),
                    side: *side,
                    text: mv.text(self.rules.pieces),
                    reason,
                    ply,
                })
            };
            if *side != before.turn() {
                return Err(fail(format!(
                    "{} is to move, not {}",
                    before.turn().name(),
                    side.name()
                )));
            }
            // Files of servers play on after two passes (to settle the end).
            game.play_on(mv).map_err(|e| fail(e.to_string()))?;
        }
        if game.outcome().is_none()
            && let Some(re) = &self.result
        {
            match re.trim().chars().next() {
                Some('B') | Some('b') => game.resign(Side::White),
                Some('W') | Some('w') => game.resign(Side::Black),
                Some('0') | Some('D') | Some('d') => game.agree_draw(),
                _ => {}
            }
        }
        Ok(game)
    }
}

/// `B+3.5`, `W+R`, `0`, or none while the game goes on.
pub fn result_text(game: &Game) -> Option<String> {
    let o = game.outcome()?;
    let margin = match o.reason {
        EndReason::Passes => {
            let [b, w] = game.position().score();
            number_text((b - w).abs())
        }
        EndReason::Resignation => "R".into(),
        _ => String::new(),
    };
    Some(match o.winner {
        Some(Side::Black) => format!("B+{margin}"),
        Some(Side::White) => format!("W+{margin}"),
        None => "0".into(),
    })
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes a game of Go with rooks (or wazirs) on a square board as SGF FF[4].
pub fn write(game: &Game, black: &str, white: &str) -> Result<String, SgfError> {
    write_with_result(game, black, white, None)
}

/// [`write`], with `RE` as given when the game came from an SGF file whose result says
/// more than the moves do (`W+T` on time, `B+F` by forfeit, `W+0.5` counted by other
/// rules): the record keeps it in its `SgfResult` tag.
pub fn write_with_result(
    game: &Game,
    black: &str,
    white: &str,
    result: Option<&str>,
) -> Result<String, SgfError> {
    write_annotated(game, black, white, result, &Review::default())
}

/// A game review as SGF carries it: a comment on the game (`GC`), a note after each
/// move (its comment as `C`; its mark as `DO` for `?!`, `BM[1]` for `?`, `BM[2]` for
/// `??`), and Black's win rate in percent at the start and after each move in `SBKV`,
/// the property Sabaki draws its win-rate graph from.
#[derive(Clone, Debug, Default)]
pub struct Review<'a> {
    pub summary: Option<&'a str>,
    pub notes: &'a [crate::common::analysis::Note],
    /// Black's win chance (0–1) at the start and after each move.
    pub black_wins: &'a [f64],
}

/// [`write_with_result`] with a game review's comments, marks and win rates.
pub fn write_annotated(
    game: &Game,
    black: &str,
    white: &str,
    result: Option<&str>,
    review: &Review,
) -> Result<String, SgfError> {
    let start = game.start();
    let rules = *start.rules();
    let size = match (rules.is_go(), rules.board.square_size()) {
        (true, Some(n)) => n,
        _ => return Err(SgfError::NotGo),
    };
    let mut out = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[chogo:{}]SZ[{size}]KM[{}]PB[{}]PW[{}]",
        env!("CARGO_PKG_VERSION"),
        number_text(rules.komi),
        escape(black),
        escape(white)
    );
    if let Some(re) = result.map(str::to_string).or_else(|| result_text(game)) {
        let _ = write!(out, "RE[{}]", escape(&re));
    }
    for (tag, side) in [("AB", Side::Black), ("AW", Side::White)] {
        let cells = start.pieces(side);
        if cells.any() {
            out.push_str(tag);
            for c in cells {
                let _ = write!(out, "[{}]", point_text(c, size));
            }
        }
    }
    if start.turn() == Side::White {
        out.push_str("PL[W]");
    }
    if let Some(summary) = review.summary {
        let _ = write!(out, "GC[{}]", escape(summary));
    }
    let win_rate = |i: usize| {
        review
            .black_wins
            .get(i)
            .map(|w| format!("SBKV[{:.2}]", w * 100.0))
    };
    out.push_str(&win_rate(0).unwrap_or_default());
    out.push('\n');
    let mut turn = start.turn();
    for (i, (mv, _)) in game.moves().iter().enumerate() {
        let letter = if turn == Side::Black { 'B' } else { 'W' };
        let at = match mv {
            Move::Drop { cell, .. } => point_text(*cell, size),
            _ => String::new(),
        };
        let _ = write!(out, ";{letter}[{at}]");
        let annotated = review.notes.get(i).is_some() || win_rate(i + 1).is_some();
        if let Some(note) = review.notes.get(i) {
            match note.mark.as_deref() {
                Some("?!") => out.push_str("DO[]"),
                Some("?") => out.push_str("BM[1]"),
                Some("??") => out.push_str("BM[2]"),
                _ => {}
            }
            if let Some(comment) = &note.comment {
                let _ = write!(out, "C[{}]", escape(comment));
            }
        }
        out.push_str(&win_rate(i + 1).unwrap_or_default());
        if i % 10 == 9 || annotated {
            out.push('\n');
        }
        turn = !turn;
    }
    out.push_str(")\n");
    Ok(out)
}
