//! `chogo`: the desktop game. It reads the command line and assembles Bevy's plugins, the
//! game's plugins and the start-up plugin ([`Launch`]); everything else is in
//! [`chogo::game`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use bevy::asset::AssetMetaCheck;
use bevy::log::LogPlugin;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::WindowResolution;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;
use bevy_kira_audio::AudioPlugin;
use chogo::bot::Level;
use chogo::game::{
    BotPlay, Bridge, CHOGO_60, CameraSamples, DemoConfig, FrameStats, GO_60, GameKind, Given,
    GoBridge, GoSetup, Launch, PlayerKind, ReviewBench, Screen, Setup, Start, suggested_komi,
};
use chogo::rules::{BySide, Position, RuleSet};
use chogo::save::GoPlayer;
use chogo::save::Store;
use clap::builder::TypedValueParser;
use clap::{Parser, ValueEnum};

/// Chogo, the Roman soldiers' game: opens the title screen (continue the saved game, new
/// game, load, rules, settings). --rules, --position or --vs start a game at once.
#[derive(Parser, Debug)]
#[command(name = "chogo", version, about)]
struct Options {
    /// Which game: chogo, or go (Go with chess pieces). With `go`, --board, --pieces,
    /// --moving and --komi set its rules and a game starts at once.
    #[arg(long, value_enum, default_value = "chogo")]
    game: GameChoice,
    /// Go with chess pieces: the board (9, 13, 19, any size 5–19, or a Chogo board).
    #[arg(long, value_name = "BOARD")]
    board: Option<chogo::go::Board>,
    /// Go with chess pieces: the piece set (R, B, K, N, P, M, RB, D, A, or any letters
    /// of RBQKWNMPDA).
    #[arg(long, value_name = "SET")]
    pieces: Option<chogo::go::PieceSet>,
    /// Go with chess pieces: pieces may move (superko applies).
    #[arg(long)]
    moving: bool,
    /// Go with chess pieces: komi for White (default: the board's suggested komi).
    #[arg(long, value_name = "X", allow_negative_numbers = true)]
    komi: Option<f64>,
    /// Rules of a new game: a preset (chogo-44, chogo-large, neto) and options, as in
    /// `chogo-44,king=rook`.
    #[arg(long, value_name = "RULES")]
    rules: Option<RuleSet>,
    /// Start from this position text instead of the rules' start.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Who plays White against you (you play Black): a bot level, or `human` for two
    /// people at this screen.
    #[arg(long, value_name = "LEVEL|human", value_parser = parse_opponent, conflicts_with = "demo")]
    vs: Option<Opponent>,
    /// The window's size.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    size: (u32, u32),
    /// Where saves and settings are kept (default: the system's data folder).
    #[arg(long, value_name = "DIR", conflicts_with = "demo")]
    data_dir: Option<PathBuf>,
    /// The screen to open.
    #[arg(long, value_enum, default_value = "title", conflicts_with_all = ["demo", "rules", "position", "vs"])]
    screen: MenuScreen,
    /// Two bots play, BLACK:WHITE levels like hard:easy (random, beginner, easy, medium,
    /// hard, master; Go with chess pieces has no beginner); no files are read or written.
    #[arg(long, value_name = "BLACK:WHITE", value_parser = parse_demo)]
    demo: Option<[String; 2]>,
    /// With --demo: the plies to play before the demo ends.
    #[arg(long, default_value_t = 20, requires = "demo")]
    plies: usize,
    /// With --demo: save a PNG of the window at the end.
    #[arg(long, value_name = "FILE", requires = "demo")]
    screenshot: Option<PathBuf>,
    /// With --demo: save the frames right after the fifth move into this folder (the
    /// animation as a player sees it).
    #[arg(long, value_name = "DIR", requires = "demo")]
    burst: Option<PathBuf>,
    /// The seed of the bots' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bots' time per move, replacing their levels' budgets.
    #[arg(long, value_name = "MS")]
    time_ms: Option<u64>,
    /// Print frame times (mean, 95th percentile, worst) when the app ends.
    #[arg(long)]
    frame_stats: bool,
    /// Measure N frames of an app with the plugins the game stands on and nothing of the
    /// game, print their times and exit (to compare with --demo … --frame-stats).
    #[arg(long, value_name = "N", conflicts_with = "demo")]
    bare_frames: Option<usize>,
    /// Samples per pixel (1: none, the game's way, its shapes smooth their own edges; 4:
    /// Bevy's default), for measuring what multisampling costs.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::builder::PossibleValuesParser::new(["1", "4"]).map(|n| n.parse::<u32>().unwrap_or(1)))]
    msaa: u32,
    /// Draw every frame, as Bevy does by default, instead of only when something changes
    /// (for measuring what a frame costs).
    #[arg(long)]
    every_frame: bool,
    /// Review the 60-move bench game of this game (assets/bench) after 8 s with nothing
    /// under way; print the review's time and the frame times of both periods, and exit
    /// (with --every-frame every frame is drawn; docs/STUDY.md, "Figures").
    #[arg(long, value_enum, value_name = "GAME", conflicts_with_all = ["demo", "rules", "position", "vs", "bare_frames"])]
    review_bench: Option<GameChoice>,
}

impl Options {
    /// What a page starts with, having no command line: the defaults above (a test checks
    /// that they are the parser's). Written out rather than parsed, so that the browser's
    /// download carries none of the command-line parser.
    #[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
    fn page() -> Options {
        Options {
            game: GameChoice::Chogo,
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
            review_bench: chogo::game::page_review_bench().map(|go| {
                if go {
                    GameChoice::Go
                } else {
                    GameChoice::Chogo
                }
            }),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameChoice {
    Chogo,
    Go,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MenuScreen {
    Title,
    Rules,
}

#[derive(Clone, Copy, Debug)]
enum Opponent {
    Bot(Level),
    Human,
}

fn parse_opponent(text: &str) -> Result<Opponent, String> {
    match text {
        "human" => Ok(Opponent::Human),
        level => level.parse().map(Opponent::Bot).map_err(|e| e.to_string()),
    }
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

/// Reads both levels of `--demo` for one game.
fn demo_levels<L: std::str::FromStr>(names: &[String; 2]) -> Result<[L; 2], String>
where
    L::Err: std::fmt::Display,
{
    let level = |n: &String| n.parse::<L>().map_err(|e| format!("--demo: {e}"));
    Ok([level(&names[0])?, level(&names[1])?])
}

/// The review bench's start: its 60-move game between people, played at once, with no
/// files read or written.
fn bench_launch(kind: GameChoice) -> Result<Launch, String> {
    let people = BySide::new(PlayerKind::Human, PlayerKind::Human);
    let game = match kind {
        GameChoice::Chogo => {
            let record = chogo::rules::Record::parse(CHOGO_60).map_err(|e| e.to_string())?;
            let bridge = Bridge::resume(chogo::save::SavedGame {
                game: record.to_game().map_err(|e| e.to_string())?,
                players: people,
                series: None,
            });
            Given::new(GameKind::Chogo, bridge)
        }
        GameChoice::Go => {
            let record = chogo::go::Record::parse(GO_60).map_err(|e| e.to_string())?;
            let bridge = GoBridge::resume(chogo::save::GoSavedGame {
                game: record.to_game().map_err(|e| e.to_string())?,
                players: BySide::new(GoPlayer::Human, GoPlayer::Human),
            });
            Given::new(GameKind::Go, bridge)
        }
    };
    Ok(Launch {
        store: None,
        game: Some(game),
        start: Start::Play,
    })
}

/// The game of Go with chess pieces the command line asks for.
fn go_bridge(options: &Options) -> Result<GoBridge, String> {
    let board = options.board.unwrap_or_default();
    let mut rules = chogo::go::Rules {
        board,
        pieces: options.pieces.unwrap_or_default(),
        moving: options.moving,
        superko: options.moving,
        komi: suggested_komi(u32::from(board.files().max(board.ranks()))),
    };
    if let Some(komi) = options.komi {
        if !komi.is_finite() {
            return Err(format!("--komi {komi} is not a number of points"));
        }
        rules.komi = komi;
    }
    let players = match (&options.demo, options.vs) {
        (Some(names), _) => {
            let [b, w] = demo_levels::<chogo::go::bot::Level>(names)?;
            BySide::new(GoPlayer::Bot(b), GoPlayer::Bot(w))
        }
        (None, Some(Opponent::Human)) => BySide::new(GoPlayer::Human, GoPlayer::Human),
        (None, Some(Opponent::Bot(level))) => {
            // The second game's levels have Chogo's names, but for beginner.
            let level = level
                .to_string()
                .parse()
                .map_err(|e| format!("--vs with --game go: {e}"))?;
            BySide::new(GoPlayer::Human, GoPlayer::Bot(level))
        }
        (None, None) => BySide::new(
            GoPlayer::Human,
            GoPlayer::Bot(chogo::go::bot::Level::Medium),
        ),
    };
    Ok(GoBridge::new(GoSetup { rules, players }))
}

fn main() -> ExitCode {
    // A page has no command line: the browser build starts as `chogo` alone.
    #[cfg(not(target_arch = "wasm32"))]
    let options = Options::parse();
    #[cfg(target_arch = "wasm32")]
    let options = Options::page();
    let go = options.game == GameChoice::Go;
    let chogo_only = options.rules.is_some() || options.position.is_some();
    let go_only = options.board.is_some()
        || options.pieces.is_some()
        || options.moving
        || options.komi.is_some();
    if go && chogo_only || !go && go_only {
        eprintln!(
            "chogo: --rules and --position are Chogo's; --board, --pieces, --moving and --komi are for --game go"
        );
        return ExitCode::from(2);
    }
    let rules = options.rules.unwrap_or_default();
    let chogo_demo = match (&options.demo, go) {
        (Some(names), false) => match demo_levels::<Level>(names) {
            Ok(levels) => Some(levels),
            Err(e) => {
                eprintln!("chogo: {e}");
                return ExitCode::from(2);
            }
        },
        _ => None,
    };
    let go_game = if go {
        match go_bridge(&options) {
            Ok(bridge) => Some(bridge),
            Err(e) => {
                eprintln!("chogo: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        None
    };
    let players = match (chogo_demo, options.vs) {
        (Some([b, w]), _) => BySide::new(PlayerKind::Bot(b), PlayerKind::Bot(w)),
        (None, Some(Opponent::Human)) => BySide::new(PlayerKind::Human, PlayerKind::Human),
        (None, Some(Opponent::Bot(level))) => {
            BySide::new(PlayerKind::Human, PlayerKind::Bot(level))
        }
        (None, None) => BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Medium)),
    };
    let setup = Setup {
        rules,
        players,
        series: None,
    };
    let bridge = match &options.position {
        Some(text) => match Position::from_text(text, rules) {
            Ok(start) => Bridge::from_position(setup, start),
            Err(e) => {
                eprintln!("chogo: bad position: {e}");
                return ExitCode::from(2);
            }
        },
        None => Bridge::new(setup),
    };
    let demo = options.demo.is_some();
    // A game given on the command line is played at once.
    let direct =
        options.rules.is_some() || options.position.is_some() || options.vs.is_some() || go;
    let launch = Launch {
        // The demo must not touch a player's files.
        store: match (demo, &options.data_dir) {
            (true, _) => None,
            (false, Some(dir)) => Some(Store::at(dir)),
            (false, None) => Store::default_dir().map(Store::at),
        },
        game: Some(match go_game {
            Some(go) => Given::new(GameKind::Go, go),
            None => Given::new(GameKind::Chogo, bridge),
        }),
        start: if demo || direct {
            Start::Play
        } else {
            Start::Menu(match options.screen {
                MenuScreen::Title => Screen::Title,
                MenuScreen::Rules => Screen::Rules,
            })
        },
    };

    // The review bench: its game, in a store of its own (none), played at once.
    let bench = options.review_bench;
    let launch = match bench {
        Some(kind) => match bench_launch(kind) {
            Ok(launch) => launch,
            Err(e) => {
                eprintln!("chogo: the bench game: {e}");
                return ExitCode::from(2);
            }
        },
        None => launch,
    };

    let mut app = App::new();
    let window = Window {
        title: "Chogo".into(),
        resolution: WindowResolution::new(options.size.0, options.size.1),
        // In the browser: the page's canvas, following the window's size, with the keys
        // (arrows, F1, Backspace) kept for the game.
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            // Bevy's notices about GPU features a flat 2D game does not use (order-independent
            // transparency, background motion vectors, egui's texture arrays), printed on
            // every start in a browser, are left out.
            .set(LogPlugin {
                filter: format!(
                    "{},bevy_core_pipeline::oit=error,\
                     bevy_core_pipeline::prepass::background_motion_vectors=error,\
                     bevy_egui::render=error",
                    bevy::log::DEFAULT_FILTER
                ),
                ..default()
            })
            // Pipelines compile within the frame that needs them: the game draws only when
            // something changes, so nothing would bring the frame that shows a shape whose
            // pipeline finished compiling in the background.
            .set(RenderPlugin {
                synchronous_pipeline_compilation: true,
                ..default()
            })
            // The assets have no .meta files (a web server answers those with errors).
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    );
    app.add_plugins((EguiPlugin::default(), AudioPlugin));
    app.insert_resource(CameraSamples(options.msaa));
    if let Some(frames) = options.bare_frames {
        app.insert_resource(FrameStats::new(30, Some(frames)));
        app.add_plugins(chogo::game::bare_plugin);
    } else {
        // Frames only when something changes: input, window events, or the game asking
        // for them while something moves, thinks or settles (chogo::game's pace module);
        // otherwise none (an hour is Bevy's longest wait here). In the browser too
        // (`?every-frame` in the page's address, read by the game's plugin, overrides it).
        let rest = Duration::from_secs(3600);
        app.insert_resource(if options.every_frame {
            WinitSettings::continuous()
        } else {
            WinitSettings {
                focused_mode: UpdateMode::reactive(rest),
                unfocused_mode: UpdateMode::reactive_low_power(rest),
            }
        });
        app.add_plugins((chogo::game::plugin, launch));
        app.insert_resource(BotPlay {
            seed: options.seed,
            ply_limit: demo.then_some(options.plies),
            time: options.time_ms.map(Duration::from_millis),
        });
        if demo {
            app.insert_resource(DemoConfig {
                plies: options.plies,
                screenshot: options.screenshot,
                burst: options.burst,
            });
        }
        if options.frame_stats || bench.is_some() {
            app.insert_resource(FrameStats::new(30, None));
        }
        if bench.is_some() {
            app.insert_resource(ReviewBench::default());
        }
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
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
