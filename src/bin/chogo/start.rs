//! What the command line asks the game to start with: the game given (its board reads
//! the flags that are its own), a demo's bots, the review bench's game, and where the game
//! starts ([`Launch`]).

use chogo::game::{Asked, AskedPlayers, Launch, Screen, Start};
use chogo::save::Store;

use crate::options::{MenuScreen, Opponent, Options};

/// The start the command line asks for, or why it cannot be had (a message for the
/// player; the program exits with 2).
pub fn launch(options: &Options) -> Result<Launch, String> {
    // The review bench: its game, in a store of its own (none), played at once.
    if let Some(kind) = options.review_bench {
        let asking = chogo::game::askings()
            .find(|a| a.kind == kind)
            .ok_or_else(|| format!("no board plays {}", kind.id()))?;
        let game = (asking.bench)().map_err(|e| format!("the bench game: {e}"))?;
        return Ok(Launch {
            store: None,
            game: Some(game),
            start: Start::Play,
        });
    }
    let asked = asked(options);
    let given = chogo::game::given(options.game, &asked)?;
    let demo = options.demo.is_some();
    // A game given on the command line is played at once; so is a game other than the
    // first one offered, unless a screen is asked for (`--screen learn --game go`: that
    // game's lessons).
    let direct = !asked.flags.is_empty()
        || options.vs.is_some()
        || options.game != chogo::game::GameKind::default()
            && matches!(options.screen, MenuScreen::Title);
    Ok(Launch {
        // The demo must not touch a player's files.
        store: match (demo, &options.data_dir) {
            (true, _) => None,
            (false, Some(dir)) => Some(Store::at(dir)),
            (false, None) => Store::default_dir().map(Store::at),
        },
        game: Some(given),
        start: if demo || direct {
            Start::Play
        } else {
            Start::Menu(match options.screen {
                MenuScreen::Title => Screen::Title,
                MenuScreen::Rules => Screen::Rules,
                MenuScreen::Learn => Screen::Learn,
            })
        },
    })
}

/// The game's flags as given, and who plays.
fn asked(options: &Options) -> Asked {
    let texts = [
        ("rules", options.rules.clone()),
        ("position", options.position.clone()),
        ("board", options.board.clone()),
        ("pieces", options.pieces.clone()),
        ("moving", options.moving.then(String::new)),
        ("komi", options.komi.clone()),
    ];
    Asked {
        flags: texts
            .into_iter()
            .filter_map(|(name, text)| Some((name, text?)))
            .collect(),
        players: match (&options.demo, options.vs) {
            (Some(levels), _) => AskedPlayers::Demo(levels.clone()),
            (None, Some(Opponent::Human)) => AskedPlayers::People,
            (None, Some(Opponent::Bot(level))) => AskedPlayers::Bot(level.to_string()),
            (None, None) => AskedPlayers::Usual,
        },
    }
}
