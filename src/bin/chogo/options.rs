//! The game's command line (and, in the browser, which has none, the same defaults).

use std::path::PathBuf;

use chogo::bot::Level;
use chogo::game::GameKind;
use chogo::rules::RuleSet;
use clap::builder::TypedValueParser;
use clap::{Parser, ValueEnum};

/// Chogo, the Roman soldiers' game: opens the title screen (continue the saved game, new
/// game, load, rules, settings). --rules, --position or --vs start a game at once.
#[derive(Parser, Debug)]
#[command(name = "chogo", version, about)]
pub struct Options {
    /// Which game: chogo, or go (Go with chess pieces). With `go`, --board, --pieces,
    /// --moving and --komi set its rules and a game starts at once.
    #[arg(long, value_name = "GAME", default_value = "chogo", value_parser = parse_game)]
    pub game: GameKind,
    /// Go with chess pieces: the board (9, 13, 19, any size 5–19, or a Chogo board).
    #[arg(long, value_name = "BOARD", value_parser = checked::<chogo::go::Board>)]
    pub board: Option<String>,
    /// Go with chess pieces: the piece set (R, B, K, N, P, M, RB, D, A, or any letters
    /// of RBQKWNMPDA).
    #[arg(long, value_name = "SET", value_parser = checked::<chogo::go::PieceSet>)]
    pub pieces: Option<String>,
    /// Go with chess pieces: pieces may move (superko applies).
    #[arg(long)]
    pub moving: bool,
    /// Go with chess pieces: komi for White (default: the board's suggested komi).
    #[arg(long, value_name = "X", allow_negative_numbers = true, value_parser = checked::<f64>)]
    pub komi: Option<String>,
    /// Rules of a new game: a preset (chogo-44, chogo-large, neto) and options, as in
    /// `chogo-44,king=rook`.
    #[arg(long, value_name = "RULES", value_parser = checked::<RuleSet>)]
    pub rules: Option<String>,
    /// Start from this position text instead of the rules' start.
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
    /// Who plays White against you (you play Black): a bot level, or `human` for two
    /// people at this screen.
    #[arg(long, value_name = "LEVEL|human", value_parser = parse_opponent, conflicts_with = "demo")]
    pub vs: Option<Opponent>,
    /// The window's size.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Where saves and settings are kept (default: the system's data folder).
    #[arg(long, value_name = "DIR", conflicts_with = "demo")]
    pub data_dir: Option<PathBuf>,
    /// The screen to open.
    #[arg(long, value_enum, default_value = "title", conflicts_with_all = ["demo", "rules", "position", "vs"])]
    pub screen: MenuScreen,
    /// Two bots play, BLACK:WHITE levels like hard:easy (random, beginner, easy, medium,
    /// hard, master; Go with chess pieces has no beginner); no files are read or written.
    #[arg(long, value_name = "BLACK:WHITE", value_parser = parse_demo)]
    pub demo: Option<[String; 2]>,
    /// With --demo: the plies to play before the demo ends.
    #[arg(long, default_value_t = 20, requires = "demo")]
    pub plies: usize,
    /// With --demo: save a PNG of the window at the end.
    #[arg(long, value_name = "FILE", requires = "demo")]
    pub screenshot: Option<PathBuf>,
    /// With --demo: save the frames right after the fifth move into this folder (the
    /// animation as a player sees it).
    #[arg(long, value_name = "DIR", requires = "demo")]
    pub burst: Option<PathBuf>,
    /// The seed of the bots' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The bots' time per move, replacing their levels' budgets.
    #[arg(long, value_name = "MS")]
    pub time_ms: Option<u64>,
    /// Print frame times (mean, 95th percentile, worst) when the app ends.
    #[arg(long)]
    pub frame_stats: bool,
    /// Measure N frames of an app with the plugins the game stands on and nothing of the
    /// game, print their times and exit (to compare with --demo … --frame-stats).
    #[arg(long, value_name = "N", conflicts_with = "demo")]
    pub bare_frames: Option<usize>,
    /// Samples per pixel (1: none, the game's way, its shapes smooth their own edges; 4:
    /// Bevy's default), for measuring what multisampling costs.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::builder::PossibleValuesParser::new(["1", "4"]).map(|n| n.parse::<u32>().unwrap_or(1)))]
    pub msaa: u32,
    /// Draw every frame, as Bevy does by default, instead of only when something changes
    /// (for measuring what a frame costs).
    #[arg(long)]
    pub every_frame: bool,
    /// Review the 60-move bench game of this game (assets/bench) after 8 s with nothing
    /// under way; print the review's time and the frame times of both periods, and exit
    /// (with --every-frame every frame is drawn; docs/STUDY.md, "Figures").
    #[arg(long, value_name = "GAME", value_parser = parse_game, conflicts_with_all = ["demo", "rules", "position", "vs", "bare_frames"])]
    pub review_bench: Option<GameKind>,
}

impl Options {
    /// What a page starts with, having no command line: the defaults above (a test checks
    /// that they are the parser's). Written out rather than parsed, so that the browser's
    /// download carries none of the command-line parser.
    #[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
    pub fn page() -> Options {
        Options {
            game: GameKind::Chogo,
            board: None,
            pieces: None,
            moving: false,
            komi: None,
            rules: None,
            position: None,
            vs: None,
            size: (1280, 800),
            data_dir: None,
            screen: MenuScreen::Title,
            demo: None,
            plies: 20,
            screenshot: None,
            burst: None,
            seed: 1,
            time_ms: None,
            frame_stats: false,
            bare_frames: None,
            msaa: 1,
            every_frame: false,
            // Read as the command line reads `--review-bench` (an unknown name: Chogo's).
            review_bench: chogo::game::page_review_bench()
                .map(|name| GameKind::from_id(&name).unwrap_or_default()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MenuScreen {
    Title,
    Rules,
    /// The lessons of the game given with --game (the title's Learn).
    Learn,
}

#[derive(Clone, Copy, Debug)]
pub enum Opponent {
    Bot(Level),
    Human,
}

fn parse_opponent(text: &str) -> Result<Opponent, String> {
    match text {
        "human" => Ok(Opponent::Human),
        level => level.parse().map(Opponent::Bot).map_err(|e| e.to_string()),
    }
}

/// A game by its id (`chogo`, `go`).
fn parse_game(text: &str) -> Result<GameKind, String> {
    GameKind::from_id(text).ok_or_else(|| {
        let ids: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        format!("takes one of {}, not '{text}'", ids.join(", "))
    })
}

/// A flag's text, once it reads as a `T` (its board reads it again).
fn checked<T: std::str::FromStr>(text: &str) -> Result<String, String>
where
    T::Err: std::fmt::Display,
{
    text.parse::<T>()
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    text.split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .filter(|&(w, h): &(u32, u32)| (320..=8192).contains(&w) && (240..=8192).contains(&h))
        .ok_or_else(|| {
            format!("takes WIDTHxHEIGHT like 1280x800 (320x240 to 8192x8192), not '{text}'")
        })
}

/// BLACK:WHITE level names; each is read as a level of the chosen game later.
fn parse_demo(text: &str) -> Result<[String; 2], String> {
    let (b, w) = text
        .split_once(':')
        .ok_or_else(|| format!("takes BLACK:WHITE levels like hard:easy, not '{text}'"))?;
    Ok([b.to_string(), w.to_string()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_starts_with_the_command_lines_defaults() {
        assert_eq!(
            format!("{:?}", Options::page()),
            format!("{:?}", Options::parse_from(["chogo"]))
        );
        // And the comparison sees a difference.
        let mut other = Options::page();
        other.seed = 2;
        assert_ne!(
            format!("{other:?}"),
            format!("{:?}", Options::parse_from(["chogo"]))
        );
    }
}
