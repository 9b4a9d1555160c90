//! Bots: king puzzles, legality over many self-play games, determinism, cancellation.

use std::sync::atomic::AtomicBool;

use chogo::bot::Bot;
use chogo::bot::arena::play_game;
use chogo::bot::tactics::king_capturable;
use chogo::bot::{Budget, Choice, Level, Request, Search};
use chogo::rules::*;

fn ask(bot: &mut dyn Bot, game: &Game, budget: Budget, seed: u64) -> Option<Choice> {
    let stop = AtomicBool::new(false);
    bot.choose(&Request {
        game,
        budget,
        seed,
        stop: &stop,
    })
}

fn depth(d: u32) -> Budget {
    Budget {
        depth: Some(d),
        ..Budget::default()
    }
}

fn takes_king(pos: &Position, mv: Move) -> bool {
    let mut next = *pos;
    next.play_unchecked(mv);
    next.king_captured(!pos.turn()) && !next.king_captured(pos.turn())
}

fn keeps_king(pos: &Position, mv: Move) -> bool {
    let mut next = *pos;
    next.play_unchecked(mv);
    !next.king_captured(pos.turn()) && !king_capturable(&next, pos.turn())
}

fn puzzles() -> Vec<(Position, String)> {
    let text = std::fs::read_to_string("tests/puzzles/king.puzzle").unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split(" ; ").map(str::trim).collect();
            let rules: RuleSet = f[0].parse().unwrap();
            let pos = Position::from_text(f[1], rules).unwrap_or_else(|e| panic!("{line}: {e}"));
            (pos, f[2].to_string())
        })
        .collect()
}

#[test]
fn puzzles_are_real() {
    let all = puzzles();
    assert!(all.len() >= 20);
    for (pos, kind) in &all {
        let moves = pos.legal_moves();
        let winning = moves.iter().filter(|&&m| takes_king(pos, m)).count();
        let safe = moves.iter().filter(|&&m| keeps_king(pos, m)).count();
        match kind.as_str() {
            "take-king" => assert!(winning > 0 && winning < moves.len(), "{pos}"),
            "keep-king" => assert!(winning == 0 && safe > 0 && safe < moves.len(), "{pos}"),
            other => panic!("unknown puzzle kind {other}"),
        }
    }
}

#[test]
fn search_and_greedy_solve_every_king_puzzle() {
    for (pos, kind) in puzzles() {
        let game = Game::from_position(pos);
        let bots: Vec<(&str, Box<dyn Bot>, Budget)> = vec![
            ("search depth 2", Box::new(Search::new(0)), depth(2)),
            ("search depth 3", Box::new(Search::new(0)), depth(3)),
            ("medium", Level::Medium.bot(), depth(3)),
            ("greedy", Level::Easy.bot(), Budget::default()),
        ];
        for (name, mut bot, budget) in bots {
            let choice = ask(bot.as_mut(), &game, budget, 7).expect("a move");
            let ok = match kind.as_str() {
                "take-king" => takes_king(&pos, choice.mv),
                _ => keeps_king(&pos, choice.mv),
            };
            assert!(ok, "{name} played {} in {kind} puzzle {pos}", choice.mv);
        }
    }
}

/// Checks that a finished bot game ended by a rule of RULES §6 that really holds on its
/// last position, and that its record replays to the same end (every move legal).
fn assert_ended_by_the_rules(game: &Game) -> EndReason {
    let outcome = game.outcome().expect("the game is over");
    let pos = game.position();
    let loser = outcome.winner.map(|w| !w);
    match outcome.reason {
        EndReason::KingCaptured => {
            let loser = loser.expect("a king capture has a winner");
            assert!(pos.king_captured(loser), "{pos}");
            assert_eq!(pos.outcome(), Some(outcome));
        }
        EndReason::NoLegalMove => {
            assert_eq!(loser, Some(pos.turn()), "{pos}");
            assert!(!pos.has_move() && pos.legal_moves().is_empty(), "{pos}");
        }
        EndReason::FiftyMoves => {
            assert!(
                pos.halfmoves() >= FIFTY_MOVE_PLIES && pos.has_move(),
                "{pos}"
            );
        }
        EndReason::Repetition => assert!(game.repetitions() >= 3, "{pos}"),
        EndReason::Hopeless => {
            assert_eq!(pos.hopeless_side(), loser, "{pos}");
            assert_eq!(pos.outcome(), Some(outcome));
        }
        other => panic!("a bot game cannot end by {other:?}"),
    }
    let text = Record::from_game(game, &[]).to_string();
    let record = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let replayed = record.to_game().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(replayed.position(), pos);
    assert_eq!(replayed.outcome(), Some(outcome));
    outcome.reason
}

#[test]
fn thousands_of_random_games_end_legally() {
    let stop = AtomicBool::new(false);
    let rules = [
        "chogo-44",
        "neto",
        "chogo-large",
        "8x8",
        "chogo-44,start=fixed,capture=suicide",
        // RULES §10.
        "chogo-44,trap=line,fortress=knight",
        "neto,fortress=reposition,hopeless=resign",
        "chogo-44,fortress=no-hiding,start=facing",
        "chogo-44,opening=drops",
        "chogo-44,opening=drops,men=6,kings=none,drop-captures=no",
    ];
    let mut reasons = Vec::new();
    for n in 0..2000u64 {
        let rules: RuleSet = rules[n as usize % rules.len()].parse().unwrap();
        let players = match n % 4 {
            0 => BySide::new(Level::Random, Level::Random),
            1 => BySide::new(Level::Beginner, Level::Random),
            2 => BySide::new(Level::Random, Level::Easy),
            _ => BySide::new(Level::Beginner, Level::Beginner),
        };
        let game = play_game(rules, players, None, 99, n, &stop).unwrap();
        reasons.push(assert_ended_by_the_rules(&game));
    }
    // The games really reach the main endings of RULES §6, not just one of them.
    for reason in [EndReason::KingCaptured, EndReason::FiftyMoves] {
        assert!(reasons.contains(&reason), "no game ended by {reason:?}");
    }
}

#[test]
fn search_levels_finish_games() {
    let stop = AtomicBool::new(false);
    for (n, rules) in [
        "chogo-44",
        "neto",
        "12x8",
        "chogo-44,trap=line,fortress=no-hiding,hopeless=resign",
        "chogo-44,opening=drops,fortress=knight",
        "neto,opening=drops,kings=none,fortress=reposition",
        "chogo-44,start=facing",
    ]
    .iter()
    .enumerate()
    {
        let rules: RuleSet = rules.parse().unwrap();
        let mut game = Game::new(rules);
        let mut bots = BySide::new(Search::new(10), Search::new(0));
        while game.outcome().is_none() {
            let side = game.position().turn();
            let budget = Budget {
                nodes: Some(3_000),
                depth: Some(3),
                time: None,
            };
            let choice = bots[side]
                .choose(&Request {
                    game: &game,
                    budget,
                    seed: n as u64,
                    stop: &stop,
                })
                .expect("a move while the game is on");
            game.play(choice.mv).expect("legal");
        }
        assert_ended_by_the_rules(&game);
    }
}

#[test]
fn same_seed_and_node_budget_same_move() {
    let rules = RuleSet::default();
    let pos =
        Position::from_text("##1PPP##/#pP1pk1#/2PP3P/5p1K/p7/#4pP#/##p3## w 3 10", rules).unwrap();
    let game = Game::from_position(pos);
    let budget = Budget {
        nodes: Some(20_000),
        ..Budget::default()
    };
    for level in [Level::Medium, Level::Hard] {
        let a = ask(level.bot().as_mut(), &game, budget, 42).unwrap();
        let b = ask(level.bot().as_mut(), &game, budget, 42).unwrap();
        assert_eq!(a, b, "{level}");
        // The same bot asked twice answers the same too (nothing leaks between calls).
        let mut bot = level.bot();
        let c = ask(bot.as_mut(), &game, budget, 42).unwrap();
        let d = ask(bot.as_mut(), &game, budget, 42).unwrap();
        assert_eq!(c, d);
        assert_eq!(a.mv, c.mv);
    }
    for level in [Level::Random, Level::Beginner, Level::Easy] {
        let a = ask(level.bot().as_mut(), &game, Budget::default(), 5).unwrap();
        let b = ask(level.bot().as_mut(), &game, Budget::default(), 5).unwrap();
        assert_eq!(a.mv, b.mv, "{level}");
    }
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_once_with_a_legal_move() {
    let game = Game::from_position(
        Position::from_text(
            "##1P1P##/#2P1P1#/p4p2/2pKpk1p/1P1P1p2/#p3p1#/##4## w 8 18",
            RuleSet::default(),
        )
        .unwrap(),
    );
    let stop = AtomicBool::new(true);
    let mut bot = Level::Master.bot();
    let choice = bot
        .choose(&Request {
            game: &game,
            budget: Level::Master.budget(None),
            seed: 1,
            stop: &stop,
        })
        .unwrap();
    assert!(game.position().check(choice.mv).is_ok());
    assert!(
        choice.nodes < 50,
        "searched {} nodes after the stop",
        choice.nodes
    );
}

#[test]
fn no_move_once_the_game_is_over() {
    let mut game = Game::new(RuleSet::default());
    game.resign(Side::Black);
    for level in Level::ALL {
        assert!(
            ask(level.bot().as_mut(), &game, depth(2), 1).is_none(),
            "{level}"
        );
    }
}

#[test]
fn a_draw_is_worth_nothing_to_the_search() {
    // Black to move can only shuffle; the game is one ply from the 50-move draw and the
    // search must see every move as a draw (or a loss), never as a win.
    let pos =
        Position::from_text("##4##/#5K#/8/8/8/#k5#/##4## b 99 80", RuleSet::default()).unwrap();
    let game = Game::from_position(pos);
    let choice = ask(&mut Search::new(0), &game, depth(4), 3).unwrap();
    assert_eq!(choice.score, Some(0));
}

/// RULES §10.3: in the drop opening, where to drop is a real decision. Greedy and the
/// search never drop a man where the enemy's next drop captures it.
#[test]
fn bots_do_not_drop_into_an_immediate_capture() {
    let rules: RuleSet = "chogo-44,opening=drops".parse().unwrap();
    // White holds d1 and b2. A Black man dropped on c1 (two neighbours, d1 already
    // White's) is captured by White's drop on c2.
    let pos = Position::from_text("##4##/#6#/6p1/7p/8/#P5#/##1P2##[6PK6pk] b 0 3", rules).unwrap();
    let game = Game::from_position(pos);
    let doomed = |mv: Move| {
        let mut next = *game.position();
        next.play_unchecked(mv);
        let mut doomed = false;
        next.for_each_legal_move(|reply| {
            let mut after = next;
            doomed |= after
                .play_unchecked(reply)
                .intersects(next.men(Side::Black));
        });
        doomed
    };
    assert!(doomed(Move::Drop {
        to: "c1".parse().unwrap()
    }));
    for seed in 0..30 {
        let greedy = ask(&mut chogo::bot::Greedy, &game, Budget::default(), seed).unwrap();
        assert!(!doomed(greedy.mv), "greedy dropped on {}", greedy.mv);
        let search = ask(&mut Search::new(0), &game, depth(2), seed).unwrap();
        assert!(!doomed(search.mv), "the search dropped on {}", search.mv);
    }
}

/// Greedy counts the enemy men a move captures, judged on the position before the move
/// (after it they are gone): here Black's c4-c2 takes White's c1, the only capture, and
/// easy plays it whatever its seed.
#[test]
fn greedy_takes_the_one_capture_there_is() {
    let pos = Position::from_text(
        "##4##/#5K#/8/2p5/7k/#6#/##Pp2## b 10 20",
        RuleSet::default(),
    )
    .unwrap();
    let game = Game::from_position(pos);
    let captures: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|&&mv| pos.play(mv).expect("legal").1.any())
        .map(|&mv| pos.move_text(mv))
        .collect();
    assert_eq!(captures, ["c4-c2xc1"]);
    for seed in 0..20 {
        let mut easy = Level::Easy.bot();
        let choice = ask(easy.as_mut(), &game, Budget::default(), seed).expect("a move");
        assert_eq!(pos.move_text(choice.mv), "c4-c2xc1", "seed {seed}");
    }
}

/// The first plies of a game between two bots of `level`, by node budget.
fn opening(level: Level, seed: u64) -> Vec<Move> {
    let mut game = Game::new(RuleSet::default());
    let mut bot = level.bot();
    let budget = Budget {
        nodes: Some(3_000),
        ..Budget::default()
    };
    for ply in 0..chogo::bot::VARIETY_PLIES {
        let seed = chogo::common::decision_seed(seed, 0, ply);
        let Some(choice) = ask(bot.as_mut(), &game, budget, seed) else {
            break;
        };
        game.play(choice.mv).unwrap();
    }
    game.moves().collect()
}

#[test]
fn a_seed_varies_the_searching_levels_openings_and_repeats_them() {
    for level in [Level::Medium, Level::Hard, Level::Master] {
        let openings: std::collections::HashSet<Vec<Move>> =
            (0..8).map(|seed| opening(level, seed)).collect();
        assert!(
            openings.len() >= 3,
            "{level}: {} openings of 8",
            openings.len()
        );
        assert_eq!(opening(level, 5), opening(level, 5), "{level}");
    }
    // The plain search (hints, draw offers) plays its best move whatever the seed.
    let plain = |seed| {
        let game = Game::new(RuleSet::default());
        ask(&mut Search::new(0), &game, depth(3), seed).unwrap().mv
    };
    assert!((0..5).all(|seed| plain(seed) == plain(0)));
}
