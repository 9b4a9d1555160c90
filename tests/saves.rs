//! The files kept between runs, without the game's window: settings read back and
//! checked, saves of every earlier format of both games (`tests/saves/old`), and the
//! unusable saves of Go with chess pieces with their messages (`tests/saves/go-bad`; the
//! Chogo ones are played through the game in `tests/game.rs`).

use std::path::{Path, PathBuf};

use chogo::bot::{Level, PlayerKind};
use chogo::go;
use chogo::rules::{BySide, EndReason, Game, RuleSet, Series, Side};
use chogo::save::{
    self, GoPlayer, GoSavedGame, LastGame, Loaded, SavedGame, Settings, Store, ThemeName,
};

fn temp_store(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chogo-saves-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saves")
        .join(path)
}

fn read_fixture(path: &str) -> String {
    std::fs::read_to_string(fixture(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The files in `dir` whose names contain `part`.
fn files_like(dir: &Path, part: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains(part))
        .collect()
}

// ---- Settings -----------------------------------------------------------------------

#[test]
fn settings_read_back_as_saved() {
    let dir = temp_store("settings-back");
    let store = Store::at(&dir);
    assert!(matches!(save::load_settings(&store), Loaded::Missing));
    let changed = Settings {
        volume: 0.25,
        muted: true,
        animation_speed: 2.5,
        theme: ThemeName::HighContrast,
        show_legal_moves: false,
        show_coordinates: false,
        last_game: LastGame::new("go"),
        rooks_as_stones: true,
        go_letters: true,
        learning: std::collections::BTreeMap::new(),
        bot_pause_ms: 1200,
        server: "ws://127.0.0.1:9123".into(),
        online_seat: Some(save::OnlineSeat {
            server: "ws://127.0.0.1:9123".into(),
            code: "ABC234".into(),
            token: "0123456789abcdef0123456789abcdef".into(),
        }),
    };
    // The lessons' stars and the puzzles' rating and history come back too.
    let mut changed = changed;
    let learning = changed.learning.entry("chogo".into()).or_default();
    learning.reached("drop-king", 3);
    learning.tried(
        "p1",
        true,
        chogo::learn::Rating::default().after_puzzle(1500, true),
    );
    assert_ne!(changed, Settings::default());
    save::save_settings(&store, &changed).unwrap();
    match save::load_settings(&store) {
        Loaded::Found(read) => assert_eq!(read, changed),
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn older_settings_files_take_the_defaults_for_what_they_lack() {
    // The first settings file (six fields) and the one with the game played last: what
    // they hold is kept, the rest takes its default.
    let first = Settings::from_text(&read_fixture("old/settings-first-format.json")).unwrap();
    assert_eq!(
        first,
        Settings {
            volume: 0.4,
            muted: true,
            animation_speed: 2.0,
            theme: ThemeName::HighContrast,
            show_legal_moves: false,
            show_coordinates: false,
            ..Settings::default()
        }
    );
    assert_eq!(
        (&first.last_game, first.rooks_as_stones),
        (&LastGame::default(), false)
    );
    let later = Settings::from_text(&read_fixture("old/settings-with-last-game.json")).unwrap();
    assert_eq!(later.last_game, LastGame::new("go-with-pieces"));
    assert!(!later.rooks_as_stones);
    assert!(!later.go_letters, "the rule book's letters unless asked");
    // An empty object is all defaults.
    assert_eq!(Settings::from_text("{}").unwrap(), Settings::default());
}

#[test]
fn settings_out_of_range_are_refused_and_set_aside() {
    for (text, problem) in [
        (r#"{"volume": 1.5}"#, "volume 1.5 is not between 0 and 1"),
        (r#"{"volume": -0.1}"#, "volume -0.1 is not between 0 and 1"),
        (
            r#"{"animation_speed": 0.1}"#,
            "animation speed 0.1 is not between 0.5 and 3",
        ),
        (
            r#"{"animation_speed": 30}"#,
            "animation speed 30 is not between 0.5 and 3",
        ),
        (
            r#"{"theme": "neon"}"#,
            "not Chogo settings: unknown variant `neon`",
        ),
        (
            r#"{"sound": true}"#,
            "not Chogo settings: unknown field `sound`",
        ),
    ] {
        let err = Settings::from_text(text).unwrap_err().to_string();
        assert!(err.starts_with(problem), "{text}: {err}");
    }
    // The limits themselves are allowed.
    let edge = r#"{"volume": 0, "animation_speed": 3}"#;
    assert_eq!(Settings::from_text(edge).unwrap().animation_speed, 3.0);
}

#[test]
fn a_corrupt_settings_file_is_set_aside_and_never_overwritten() {
    let dir = temp_store("settings-corrupt");
    let store = Store::at(&dir);
    let bad = "{\"volume\": 7}\n";
    std::fs::write(dir.join(save::SETTINGS_FILE), bad).unwrap();
    let loaded = save::load_settings(&store);
    let Loaded::Corrupt {
        problem,
        moved_to: Some(aside),
    } = &loaded
    else {
        panic!("{loaded:?}");
    };
    assert_eq!(problem, "volume 7 is not between 0 and 1");
    assert!(!loaded.left_in_place());
    assert_eq!(
        loaded.problem("settings file").unwrap(),
        format!(
            "The settings file could not be read (volume 7 is not between 0 and 1). It was kept as {}.",
            aside.display()
        )
    );
    assert_eq!(std::fs::read_to_string(aside).unwrap(), bad);
    assert!(!dir.join(save::SETTINGS_FILE).exists());
    // New settings are written in its place; the kept copy stays as it was, and a second
    // bad file is kept beside the first, not over it.
    save::save_settings(&store, &Settings::default()).unwrap();
    assert!(matches!(save::load_settings(&store), Loaded::Found(_)));
    assert_eq!(std::fs::read_to_string(aside).unwrap(), bad);
    std::fs::write(dir.join(save::SETTINGS_FILE), "{").unwrap();
    let again = save::load_settings(&store);
    assert!(
        matches!(
            again,
            Loaded::Corrupt {
                moved_to: Some(_),
                ..
            }
        ),
        "{again:?}"
    );
    assert_eq!(std::fs::read_to_string(aside).unwrap(), bad);
    assert_eq!(files_like(&dir, "corrupt").len(), 2);
    // A settings file that cannot even be opened (a folder in its place) is left where it
    // is, and the game must not write over it.
    let blocked_dir = temp_store("settings-blocked");
    std::fs::create_dir(blocked_dir.join(save::SETTINGS_FILE)).unwrap();
    let blocked = save::load_settings(&Store::at(&blocked_dir));
    assert!(
        matches!(blocked, Loaded::Unreadable { .. }) && blocked.left_in_place(),
        "{blocked:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&blocked_dir);
}

// ---- Saves of earlier formats -----------------------------------------------------------

/// A save read from its text, written again and read back: the same game.
fn chogo_again(saved: &SavedGame) -> SavedGame {
    SavedGame::from_text(&saved.to_text()).unwrap()
}

#[test]
fn chogo_saves_of_every_earlier_format_load() {
    // The first format (19b6124): players, record and the moves taken back.
    let saved = SavedGame::from_text(&read_fixture("old/chogo-first-format.json")).unwrap();
    assert_eq!(
        saved.players,
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Medium))
    );
    assert_eq!(saved.game.plies().len(), 4);
    let redo: Vec<String> = saved.game.redo_moves().map(|m| m.to_string()).collect();
    assert_eq!(redo, ["d1-d3", "c7-c5"]);
    let mut redone = saved.game.clone();
    assert!(redone.redo().is_some());
    assert_eq!(redone.plies().len(), 5);
    let again = chogo_again(&saved);
    assert_eq!(again.game.position(), saved.game.position());
    assert_eq!(
        again.game.redo_moves().collect::<Vec<_>>(),
        saved.game.redo_moves().collect::<Vec<_>>()
    );
    // A save without the `redo` field: nothing to redo.
    let saved = SavedGame::from_text(&read_fixture("old/chogo-without-redo.json")).unwrap();
    assert_eq!(saved.game.plies().len(), 2);
    assert_eq!(saved.game.redo_moves().count(), 0);
    assert_eq!(saved.players.white, PlayerKind::Bot(Level::Hard));
    // A resigned game: the result comes back as declared, not replayed.
    let saved = SavedGame::from_text(&read_fixture("old/chogo-resigned.json")).unwrap();
    let outcome = saved.game.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::White), EndReason::Resignation)
    );
    assert_eq!(chogo_again(&saved).game.outcome(), Some(outcome));
}

fn go_again(saved: &GoSavedGame) -> GoSavedGame {
    GoSavedGame::from_text(&saved.to_text()).unwrap()
}

fn go_fixture(path: &str) -> GoSavedGame {
    GoSavedGame::from_text(&read_fixture(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn go_texts(saved: &GoSavedGame) -> Vec<String> {
    let set = saved.game.position().rules().pieces;
    // In the save file's order: the next move to redo last.
    let mut texts: Vec<String> = saved.game.redo_moves().map(|m| m.text(set)).collect();
    texts.reverse();
    texts
}

#[test]
fn go_saves_of_every_earlier_format_load() {
    // The first format (f560bf7 to 0bed14a): a Ko tag always.
    let saved = go_fixture("old/go-first-format.json");
    assert_eq!(
        saved.players,
        BySide::new(GoPlayer::Human, GoPlayer::Bot(go::bot::Level::Medium))
    );
    let rules = *saved.game.position().rules();
    assert_eq!(rules.board, go::Board::Square(9));
    assert!(!rules.moving && !rules.superko);
    assert_eq!(rules.komi, 6.5);
    assert_eq!(saved.game.moves().len(), 4);
    // The file lists the next move to redo last.
    assert_eq!(go_texts(&saved), ["g3", "d4"]);
    let mut game = saved.game.clone();
    game.redo().unwrap();
    assert_eq!(
        game.position()
            .piece_at("d4".parse().unwrap())
            .map(|p| p.side),
        Some(Side::Black)
    );
    let again = go_again(&saved);
    assert_eq!(again.game.position(), saved.game.position());
    assert_eq!(go_texts(&again), go_texts(&saved));
    // A moving game of that format said "Ko basic": moving pieces play under superko
    // whatever the tag (GO_RULES), and the game loads.
    let saved = go_fixture("old/go-first-format-moving.json");
    let rules = *saved.game.position().rules();
    assert!(rules.moving && rules.superko_on());
    assert_eq!(saved.game.moves().len(), 3);
    assert_eq!(go_again(&saved).game.position(), saved.game.position());
    // 0bed14a to 8ac0817: a moving game without a Ko tag, with a move to redo.
    let saved = go_fixture("old/go-moving-without-ko.json");
    assert!(saved.game.position().rules().superko_on());
    assert_eq!(go_texts(&saved), ["c3-c4"]);
    let again = go_again(&saved);
    assert_eq!(go_texts(&again), go_texts(&saved));
    assert_eq!(again.game.position(), saved.game.position());
    // Before 647c27e a resignation kept the moves to redo: the game loads, without them.
    let saved = go_fixture("old/go-resigned-with-redo.json");
    let outcome = saved.game.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Black), go::EndReason::Resignation)
    );
    assert!(!saved.game.can_redo());
    // No `redo` field.
    let saved = go_fixture("old/go-without-redo.json");
    assert_eq!(saved.game.moves().len(), 1);
    assert!(!saved.game.can_redo());
    assert_eq!(saved.players, BySide::new(GoPlayer::Human, GoPlayer::Human));
}

/// `expected.txt` of a folder of bad files: `file: message` for each.
fn expected(folder: &str) -> Vec<(String, String)> {
    read_fixture(&format!("{folder}/expected.txt"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (file, message) = l.split_once(": ").unwrap();
            (file.to_string(), message.to_string())
        })
        .collect()
}

#[test]
fn unusable_go_saves_are_reported_and_moved_aside_never_overwritten() {
    let cases = expected("go-bad");
    let files = std::fs::read_dir(fixture("go-bad"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert_eq!(cases.len(), files, "every bad save has its message");
    let mut wrong = Vec::new();
    for (file, message) in cases {
        let dir = temp_store(&format!("go-bad-{file}"));
        let store = Store::at(&dir);
        let content = std::fs::read(fixture("go-bad").join(&file)).unwrap();
        std::fs::write(dir.join(save::GO_SAVE_FILE), &content).unwrap();
        let loaded = save::load_go_game(&store);
        let Loaded::Corrupt {
            problem,
            moved_to: Some(aside),
        } = &loaded
        else {
            panic!("{file}: {loaded:?}");
        };
        if problem != &message {
            wrong.push(format!("{file}: {problem}"));
        }
        assert!(
            loaded.problem("saved game").unwrap().starts_with(&format!(
                "The saved game could not be read ({problem}). It was kept as "
            )),
            "{file}"
        );
        // Kept unchanged beside where the save was; the next save leaves it alone.
        assert_eq!(std::fs::read(aside).unwrap(), content, "{file}");
        assert!(!dir.join(save::GO_SAVE_FILE).exists(), "{file}");
        let fresh = go_fixture("old/go-without-redo.json");
        save::save_go_game(&store, &fresh).unwrap();
        assert!(
            matches!(save::load_go_game(&store), Loaded::Found(_)),
            "{file}"
        );
        assert_eq!(std::fs::read(aside).unwrap(), content, "{file}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(wrong.is_empty(), "other messages:\n{}", wrong.join("\n"));
}

/// The inventor's handicap series is saved with its game, and saves without one (every
/// earlier save) read as no series.
#[test]
fn a_handicap_series_is_saved_with_its_game() {
    let series = Series::default()
        .after(Some(Side::Black))
        .after(Some(Side::White));
    let rules = series.next_rules(RuleSet::default());
    assert_eq!(rules.to_string(), "chogo-44,handicap=black:a3+h3");
    let saved = SavedGame {
        game: Game::new(rules),
        players: BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Easy)),
        series: Some(series),
    };
    let text = saved.to_text();
    assert!(text.contains("\"series\""), "{text}");
    let back = chogo_again(&saved);
    assert_eq!(back.series, Some(series));
    assert_eq!(back.game.rules(), &rules);
    let plain = SavedGame {
        series: None,
        ..saved
    };
    assert!(!plain.to_text().contains("series"));
    assert_eq!(chogo_again(&plain).series, None);
    // A series that is not one is refused, never half read.
    let bad = text.replace("\"games\": 2", "\"games\": \"two\"");
    assert!(SavedGame::from_text(&bad).is_err());
    let more_wins = text.replace("\"games\": 2", "\"games\": 1");
    assert!(
        SavedGame::from_text(&more_wins)
            .unwrap_err()
            .to_string()
            .contains("the handicap series is not one")
    );
    let huge = text.replace("\"balance\": 2", "\"balance\": 100");
    assert_ne!(huge, text);
    assert!(SavedGame::from_text(&huge).is_err());
}
