//! Both games through the game interface (`chogo::common::Playable`): random games played
//! by its legal moves end, every move's text names a legal move, the record it writes
//! replays to the same end, and the match runner judges the games as the engines do.

use std::sync::atomic::AtomicBool;

use chogo::common::arena::{Contender, game_line, play_game};
use chogo::common::{BySide, Playable};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Plays random legal moves through the interface until the game ends or `plies` are
/// played; every move's text and name are checked on the way.
fn random_game<G: Playable>(mut game: G, seed: u64, plies: usize) -> G {
    let mut rng = SmallRng::seed_from_u64(seed);
    while !game.is_over() && game.ply_count() < plies {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "a game that goes on has a move");
        let mv = moves[rng.random_range(0..moves.len())];
        assert!(!game.move_text(mv).is_empty() && !game.move_name(mv).is_empty());
        let turn = game.turn();
        let before = game.ply_count();
        game.play(mv)
            .unwrap_or_else(|e| panic!("{}: {e}", game.move_name(mv)));
        assert_eq!(game.ply_count(), before + 1);
        assert!(game.is_over() || game.turn() != turn, "the turn passes");
    }
    game
}

#[test]
fn random_chogo_games_through_the_interface_replay_from_their_records() {
    for seed in 0..6 {
        let game = random_game(chogo::rules::Game::new(Default::default()), seed, 400);
        let text = game.record_text(&[("Black", "a"), ("White", "b")]);
        let replayed = chogo::rules::Record::parse(&text)
            .unwrap()
            .to_game()
            .unwrap();
        assert_eq!(replayed.position(), game.position(), "seed {seed}");
        assert_eq!(replayed.ply_count(), game.ply_count());
        // Chogo judges only a game that has ended.
        assert_eq!(game.verdict().is_some(), game.is_over(), "seed {seed}");
    }
}

#[test]
fn random_go_games_through_the_interface_replay_from_their_records() {
    for (seed, set) in [(1, "R"), (2, "K"), (3, "RB"), (4, "N")] {
        let rules = chogo::go::Rules {
            pieces: set.parse().unwrap(),
            ..Default::default()
        };
        let start = chogo::go::Game::from_position(chogo::go::Position::new(rules));
        let game = random_game(start, seed, 60);
        let text = game.record_text(&[]);
        let replayed = chogo::go::Record::parse(&text).unwrap().to_game().unwrap();
        assert_eq!(replayed.position(), game.position(), "{set}");
        // Go with chess pieces judges a game stopped short by its score as it stands.
        let verdict = game.verdict().expect("always judged");
        if !game.is_over() {
            assert_eq!(verdict.winner, game.position().score_winner());
            assert!(
                verdict.how.ends_with("after the move limit"),
                "{}",
                verdict.how
            );
        }
    }
}

/// A player that always takes the first legal move, or none at all.
struct First(bool);

impl<G: Playable> Contender<G> for First {
    fn name(&self) -> String {
        "first".into()
    }

    fn choose(&mut self, game: &G, _: u64, _: &AtomicBool) -> Option<G::Move> {
        self.0.then(|| game.legal_moves()[0])
    }
}

#[test]
fn the_match_runner_plays_to_the_limit_and_reports_a_player_without_a_move() {
    let stop = AtomicBool::new(false);
    let start = chogo::go::Game::from_position(chogo::go::Position::new(Default::default()));
    let (mut a, mut b) = (First(true), First(true));
    let game = play_game(
        start.clone(),
        BySide::new(&mut a as &mut dyn Contender<_>, &mut b),
        1,
        1,
        Some(10),
        &stop,
    )
    .unwrap();
    assert_eq!(game.ply_count(), 10);
    let line = game_line(3, BySide::new("x", "y"), &game);
    assert!(line.starts_with("game 3: "), "{line}");
    assert!(line.contains(" in 5 moves: "), "{line}");
    // One move is one move.
    let mut short = chogo::rules::Game::new(chogo::rules::RuleSet::default());
    short.play("e3".parse().unwrap()).unwrap();
    short.resign(chogo::rules::Side::White);
    let line = game_line(1, BySide::new("x", "y"), &short);
    assert!(line.contains(" in 1 move: "), "{line}");
    let (mut a, mut b) = (First(true), First(false));
    let failed = play_game(
        start,
        BySide::new(&mut a as &mut dyn Contender<_>, &mut b),
        1,
        1,
        None,
        &stop,
    )
    .unwrap_err();
    assert!(failed.starts_with("first found no move in "), "{failed}");
    // A raised stop flag ends the game at once.
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let game = chogo::rules::Game::new(Default::default());
    let (mut a, mut b) = (First(true), First(true));
    let stopped = play_game(
        game,
        BySide::new(&mut a as &mut dyn Contender<_>, &mut b),
        1,
        1,
        None,
        &stop,
    );
    assert_eq!(stopped.unwrap_err(), "stopped");
}
