//! `chogo`: the desktop game.
//!
//! `chogo` opens the title screen (continue the saved game, new game, load, rules,
//! settings). `--rules`, `--position` or `--vs` start a game at once. `chogo --demo
//! BLACK:WHITE --plies N --screenshot FILE [--seed S] [--rules RULES] [--size WxH]` lets
//! two bots play N plies with normal animations, saves a screenshot of the window and
//! exits; it neither reads nor writes saves.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use bevy_kira_audio::AudioPlugin;
use chogo::bot::Level;
use chogo::game::{
    BotPlay, Bridge, DemoConfig, Persistence, PlayerKind, PlayerSettings, Resumable, Screen, Setup,
};
use chogo::rules::{Position, RuleSet};
use chogo::save::Store;

const USAGE: &str =
    "usage: chogo [--rules RULES] [--size WxH] [--position \"<position text>\"] [--vs LEVEL|human]
             [--data-dir DIR] [--screen title|rules]
       chogo --demo BLACK:WHITE --plies N --screenshot FILE [--seed S] [--rules RULES]
             [--size WxH] [--time-ms T]
LEVEL (BLACK, WHITE): random, beginner, easy, medium, hard, master";

struct Options {
    rules: RuleSet,
    /// Start from this position text instead of the rules' start.
    position: Option<String>,
    /// The opponent of the person (Black): a bot level, or `None` for two people.
    opponent: Option<Level>,
    size: (u32, u32),
    demo: Option<[Level; 2]>,
    plies: usize,
    screenshot: Option<PathBuf>,
    seed: u64,
    time: Option<std::time::Duration>,
    /// A game was asked for on the command line: start playing it at once.
    direct: bool,
    data_dir: Option<PathBuf>,
    screen: Screen,
}

fn parse(args: Vec<String>) -> Result<Options, String> {
    let mut options = Options {
        rules: RuleSet::default(),
        position: None,
        opponent: Some(Level::Medium),
        size: (1280, 800),
        demo: None,
        plies: 20,
        screenshot: None,
        seed: 1,
        time: None,
        direct: false,
        data_dir: None,
        screen: Screen::Title,
    };
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        if arg == "--help" || arg == "-h" {
            return Err(USAGE.into());
        }
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--rules" => {
                options.rules = value()?.parse().map_err(|e| format!("{e}"))?;
                options.direct = true;
            }
            "--data-dir" => options.data_dir = Some(PathBuf::from(value()?)),
            "--screen" => {
                let v = value()?;
                options.screen = match v.as_str() {
                    "title" => Screen::Title,
                    "rules" => Screen::Rules,
                    _ => return Err(format!("--screen takes title or rules, not '{v}'")),
                };
            }
            "--size" => {
                let v = value()?;
                let (w, h) = v
                    .split_once('x')
                    .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                    .filter(|&(w, h): &(u32, u32)| {
                        (320..=8192).contains(&w) && (240..=8192).contains(&h)
                    })
                    .ok_or_else(|| format!("--size takes WIDTHxHEIGHT like 1280x800, not '{v}'"))?;
                options.size = (w, h);
            }
            "--demo" => {
                let v = value()?;
                let (b, w) = v.split_once(':').ok_or_else(|| {
                    format!("--demo takes BLACK:WHITE levels like hard:easy, not '{v}'")
                })?;
                options.demo = Some([
                    b.parse().map_err(|e| format!("{e}"))?,
                    w.parse().map_err(|e| format!("{e}"))?,
                ]);
            }
            "--plies" => {
                let v = value()?;
                options.plies = v
                    .parse()
                    .map_err(|_| format!("--plies takes a number, not '{v}'"))?;
            }
            "--position" => {
                options.position = Some(value()?);
                options.direct = true;
            }
            "--vs" => {
                options.direct = true;
                let v = value()?;
                options.opponent = match v.as_str() {
                    "human" => None,
                    level => Some(level.parse().map_err(|e| format!("{e}"))?),
                };
            }
            "--screenshot" => options.screenshot = Some(PathBuf::from(value()?)),
            "--seed" => {
                let v = value()?;
                options.seed = v
                    .parse()
                    .map_err(|_| format!("--seed takes a number, not '{v}'"))?;
            }
            "--time-ms" => {
                let v = value()?;
                let ms: u64 = v
                    .parse()
                    .map_err(|_| format!("--time-ms takes a number, not '{v}'"))?;
                options.time = Some(std::time::Duration::from_millis(ms));
            }
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    if options.demo.is_none() && options.screenshot.is_some() {
        return Err("--screenshot goes with --demo".into());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("chogo: {message}");
            return ExitCode::from(2);
        }
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
            // The assets have no .meta files (a web server answers those with errors).
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    );
    app.add_plugins((EguiPlugin::default(), AudioPlugin, chogo::game::plugin));
    let players = match (options.demo, options.opponent) {
        (Some([b, w]), _) => [PlayerKind::Bot(b), PlayerKind::Bot(w)],
        (None, Some(level)) => [PlayerKind::Human, PlayerKind::Bot(level)],
        (None, None) => [PlayerKind::Human, PlayerKind::Human],
    };
    let setup = Setup {
        rules: options.rules,
        players,
    };
    let bridge = match &options.position {
        Some(text) => match Position::from_text(text, options.rules) {
            Ok(start) => Bridge::from_position(setup, start),
            Err(e) => {
                eprintln!("chogo: bad position: {e}");
                return ExitCode::from(2);
            }
        },
        None => Bridge::new(setup),
    };
    // Saves and settings: never in demo mode (it must not touch a player's files).
    let store = match (&options.demo, &options.data_dir) {
        (Some(_), _) => None,
        (None, Some(dir)) => Some(Store::at(dir)),
        (None, None) => Store::default_dir().map(Store::at),
    };
    let mut persistence = Persistence::new(store);
    app.insert_resource(PlayerSettings(persistence.load_settings()));
    if options.demo.is_some() || options.direct {
        app.insert_resource(bridge);
        app.insert_state(Screen::Playing);
    } else {
        match persistence.load_game() {
            Some(saved) => {
                app.insert_resource(chogo::game::resumed(saved));
                app.insert_resource(Resumable(true));
            }
            None => {
                app.insert_resource(bridge);
            }
        }
        app.insert_state(options.screen);
    }
    app.insert_resource(persistence);
    app.insert_resource(BotPlay {
        seed: options.seed,
        ply_limit: options.demo.map(|_| options.plies),
        time: options.time,
    });
    if options.demo.is_some() {
        app.insert_resource(DemoConfig {
            plies: options.plies,
            screenshot: options.screenshot,
        });
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
