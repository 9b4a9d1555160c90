//! What the command line asks the game to start with: its flags checked, the game given
//! (Chogo's or Go with chess pieces', a demo's bots, the review bench's game), and where
//! the game starts ([`Launch`]).

use chogo::bot::Level;
use chogo::game::{
    Bridge, CHOGO_60, GO_60, GameKind, Given, GoBridge, GoSetup, Launch, PlayerKind, Screen, Setup,
    Start, suggested_komi,
};
use chogo::rules::{BySide, Position};
use chogo::save::{GoPlayer, Store};

use crate::options::{GameChoice, MenuScreen, Opponent, Options, demo_levels};

/// The start the command line asks for, or why it cannot be had (a message for the
/// player; the program exits with 2).
pub fn launch(options: &Options) -> Result<Launch, String> {
    let go = options.game == GameChoice::Go;
    let chogo_only = options.rules.is_some() || options.position.is_some();
    let go_only = options.board.is_some()
        || options.pieces.is_some()
        || options.moving
        || options.komi.is_some();
    if go && chogo_only || !go && go_only {
        return Err(
            "--rules and --position are Chogo's; --board, --pieces, --moving and --komi are for --game go"
                .into(),
        );
    }
    let rules = options.rules.unwrap_or_default();
    let chogo_demo = match (&options.demo, go) {
        (Some(names), false) => Some(demo_levels::<Level>(names)?),
        _ => None,
    };
    let go_game = if go { Some(go_bridge(options)?) } else { None };
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
        Some(text) => {
            let start =
                Position::from_text(text, rules).map_err(|e| format!("bad position: {e}"))?;
            Bridge::from_position(setup, start)
        }
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
    match options.review_bench {
        Some(kind) => bench_launch(kind).map_err(|e| format!("the bench game: {e}")),
        None => Ok(launch),
    }
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
