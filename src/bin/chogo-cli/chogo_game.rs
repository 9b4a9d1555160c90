//! The commands of Chogo: moves, apply, analyze, replay, bestmove, play, bench and
//! fit-win-chance.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chogo::bot::arena::{Nodes, play_game_with};
use chogo::bot::{Budget, Level, Request};
use chogo::common::{BySide, Side};
use chogo::rules::{
    Analysis, Bitboard, EndReason, Fortress, Game, Position, Record, ReplayError, RuleSet,
};
use serde::Serialize;

use super::matches::{Match, MatchGame, run_match};
use super::{Failure, usage};

pub(super) fn moves(pos: &Position) -> String {
    let mut list: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    list.sort();
    list.iter().map(|m| format!("{m}\n")).collect()
}

pub(super) fn result_name(game: &Game) -> &'static str {
    game.outcome().map_or("ongoing", |o| o.result_name())
}

pub(super) fn apply(start: Position, moves: &[String]) -> Result<String, Failure> {
    let mut game = Game::from_position(start);
    for text in moves {
        let mv = text.parse().map_err(|e| usage(format!("{e}")))?;
        let before = *game.position();
        game.play_text(&mv).map_err(|e| {
            Failure(
                format!(
                    "move {} ({}): {text}: {}",
                    before.fullmoves(),
                    before.turn().name(),
                    e
                ),
                1,
            )
        })?;
    }
    Ok(format!(
        "{}\nresult: {}\n",
        game.position(),
        result_name(&game)
    ))
}

#[derive(Serialize)]
struct AnalyzeOutput {
    to_move: Side,
    trapped: Bitboard,
    functional: BySide<Bitboard>,
    secure: BySide<Bitboard>,
    cities: BySide<Bitboard>,
    mole_available: bool,
    /// The rules' fortress move that `mole_available` is about (RULES §10.2).
    fortress: Fortress,
    result: &'static str,
}

pub(super) fn analyze(pos: &Position) -> String {
    let a: Analysis = pos.analyze();
    let out = AnalyzeOutput {
        to_move: pos.turn(),
        trapped: a.trapped,
        functional: a.functional,
        secure: a.secure,
        cities: a.cities,
        mole_available: a.mole_available,
        fortress: a.fortress,
        result: a.outcome.map_or("ongoing", |o| o.result_name()),
    };
    format!(
        "{}\n",
        serde_json::to_string(&out).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    )
}

/// Replays a record. `--rules` gives the rules of a record without a `Rules` tag, and
/// must agree with the tag of one that has it.
pub(super) fn replay(path: &str, rules: Option<&str>) -> Result<String, Failure> {
    let (_, game) = load(path, rules)?;
    Ok(format!(
        "{}\nresult: {}\n",
        game.position(),
        result_name(&game)
    ))
}

/// Reads and replays a record ([`replay`]'s rules for `--rules`).
pub(super) fn load(path: &str, rules: Option<&str>) -> Result<(Record, Game), Failure> {
    let bytes = std::fs::read(path).map_err(|e| usage(format!("cannot read {path}: {e}")))?;
    let mut text = String::from_utf8(bytes)
        .map_err(|_| usage(format!("{path} is not text (a game record is UTF-8 text)")))?;
    text = chogo::common::without_bom(&text).to_string();
    if let Some(wanted) = rules {
        let wanted: RuleSet = wanted.parse().map_err(|e| usage(format!("{e}")))?;
        // Whether the record names its rules, read from its tag lines alone: reading the
        // whole record first would read its set-up under the default rules.
        let named = text
            .lines()
            .map(str::trim)
            .take_while(|l| l.is_empty() || l.starts_with('['))
            .any(|l| {
                l.get(..7)
                    .is_some_and(|t| t.eq_ignore_ascii_case("[Rules "))
            });
        if named {
            let tagged = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
            if tagged.rules != wanted {
                return Err(usage(format!(
                    "{path} is a record of {}, not of --rules {wanted}",
                    tagged.rules
                )));
            }
        } else {
            text = format!("[Rules \"{wanted}\"]\n{text}");
        }
    }
    let record = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
    match record.to_game() {
        Ok(game) => Ok((record, game)),
        Err(e @ ReplayError::Illegal(_)) => Err(Failure(e.to_string(), 1)),
        Err(e) => Err(Failure(format!("{path}: {e}"), 1)),
    }
}

pub(super) fn bestmove(
    pos: Position,
    level: Level,
    budget: Budget,
    seed: u64,
    info: bool,
) -> Result<String, Failure> {
    let started = std::time::Instant::now();
    let game = Game::from_position(pos);
    let stop = AtomicBool::new(false);
    let request = Request {
        game: &game,
        budget,
        seed,
        stop: &stop,
    };
    match level.bot().choose(&request) {
        Some(choice) => {
            if info {
                let secs = started.elapsed().as_secs_f64();
                eprintln!(
                    "depth {} score {} nodes {} time {:.3}s ({:.0} nodes/s)",
                    choice.depth,
                    choice.score.map_or("-".into(), |s| s.to_string()),
                    choice.nodes,
                    secs,
                    choice.nodes as f64 / secs.max(1e-9)
                );
            }
            Ok(format!("{}\n", pos.move_text(choice.mv)))
        }
        None => Err(Failure(
            "the game is over: there is no move to choose".into(),
            1,
        )),
    }
}

pub(super) struct MatchSpec {
    pub(super) rules: RuleSet,
    pub(super) players: [Level; 2],
    /// The games, their names and records.
    pub(super) plan: Match,
    pub(super) seed: u64,
    pub(super) time: Option<Duration>,
    /// Search nodes a move, in place of the searching levels' time.
    pub(super) nodes: Option<Nodes>,
}

/// Plays the match, printing each game's line as soon as the games before it are done.
pub(super) fn play_match(spec: MatchSpec) -> Result<String, Failure> {
    let [first, second] = spec.players;
    run_match(
        &spec.plan,
        |n, swapped, stop| {
            let seats = if swapped {
                BySide::new(second, first)
            } else {
                BySide::new(first, second)
            };
            play_game_with(
                spec.rules,
                seats,
                (spec.time, spec.nodes),
                spec.seed,
                n,
                stop,
            )
        },
        |n, names, game| MatchGame {
            drawn_ahead: Some(drawn_ahead(game)),
            ..MatchGame::of(n, names, game)
        },
    )
}

/// Whether `game` was drawn by the 50-move rule with one side two men or more ahead (men
/// on the board and in hand, kings included): a won ending the stronger side did not
/// convert.
fn drawn_ahead(game: &Game) -> bool {
    let Some(outcome) = game.outcome() else {
        return false;
    };
    let pos = game.position();
    outcome.reason == EndReason::FiftyMoves
        && pos
            .men_held(Side::Black)
            .abs_diff(pos.men_held(Side::White))
            >= 2
}

/// The depth the search reaches in `time` on each suite position, and its speed.
pub(super) fn bench(time: Duration) -> String {
    let stop = AtomicBool::new(false);
    let mut out = String::new();
    let (mut nodes, mut secs, mut depths) = (0u64, 0f64, Vec::new());
    for (i, pos) in chogo::bot::suite::middlegames().into_iter().enumerate() {
        let game = Game::from_position(pos);
        let started = std::time::Instant::now();
        let choice = Level::Hard.bot().choose(&Request {
            game: &game,
            budget: Budget {
                time: Some(time),
                ..Budget::default()
            },
            seed: 1,
            stop: &stop,
        });
        let elapsed = started.elapsed().as_secs_f64();
        if let Some(c) = choice {
            out += &format!(
                "position {}: depth {}, {} nodes, {:.0} nodes/s, {}\n",
                i + 1,
                c.depth,
                c.nodes,
                c.nodes as f64 / elapsed.max(1e-9),
                pos.move_text(c.mv)
            );
            nodes += c.nodes;
            secs += elapsed;
            depths.push(c.depth);
        }
    }
    let min = depths.iter().min().copied().unwrap_or(0);
    let mean = depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64;
    out += &format!(
        "suite: depth min {min}, mean {mean:.1} in {} ms; {:.0} nodes/s\n",
        time.as_millis(),
        nodes as f64 / secs.max(1e-9)
    );
    out
}

/// The plies played at random before the search takes over in [`fit_win_chance`].
const RANDOM_PLIES: usize = 6;

/// Self-play for the win-chance curve: `games` games of the search against itself (the
/// first plies at random, so that the games differ), each move searched with
/// `nodes` nodes; every position's score for the side to move is paired with that
/// side's result, and the curve's slope fitted on the pairs.
pub(super) fn fit_win_chance(
    rules: RuleSet,
    games: u64,
    nodes: u64,
    seed: u64,
    jobs: usize,
) -> Result<String, Failure> {
    use chogo::bot::analysis::{WIN_CHANCE_K, fit_k, log_loss, win_chance_with};
    use chogo::bot::{Bot, Search};
    use std::sync::atomic::{AtomicU64, Ordering};
    if games == 0 || jobs == 0 {
        return Err(usage("--games and --jobs must be at least 1"));
    }
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let play_one = |n: u64| -> Vec<(i32, f64)> {
        let mut game = Game::new(rules);
        let mut bot = Search::new(25);
        let mut opener = Level::Random.bot();
        let mut seen: Vec<(i32, Side)> = Vec::new();
        while game.outcome().is_none() && game.plies().len() < 600 {
            // The first plies at random: the search alone plays one game whatever the
            // seed (its noise rarely finds a second move close enough).
            if game.plies().len() < RANDOM_PLIES {
                let request = Request {
                    game: &game,
                    budget: Budget::default(),
                    seed: chogo::common::decision_seed(seed, n, game.plies().len()),
                    stop: &stop,
                };
                match opener.choose(&request) {
                    Some(c) if game.play(c.mv).is_ok() => continue,
                    _ => break,
                }
            }
            let request = Request {
                game: &game,
                budget: Budget {
                    nodes: Some(nodes),
                    ..Budget::default()
                },
                seed: chogo::common::decision_seed(seed, n, game.plies().len()),
                stop: &stop,
            };
            let Some(choice) = bot.choose(&request) else {
                break;
            };
            if let Some(score) = choice.score {
                seen.push((score, game.position().turn()));
            }
            if game.play(choice.mv).is_err() {
                break;
            }
        }
        let winner = game.outcome().map(|o| o.winner);
        seen.into_iter()
            .map(|(score, mover)| {
                let result = match winner {
                    Some(Some(w)) if w == mover => 1.0,
                    Some(Some(_)) => 0.0,
                    _ => 0.5,
                };
                (score, result)
            })
            .collect()
    };
    let mut samples: Vec<(i32, f64)> = Vec::new();
    let mut per_game: Vec<(u64, Vec<(i32, f64)>)> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs.min(64))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= games {
                            break;
                        }
                        mine.push((n, play_one(n)));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            per_game.extend(h.join().unwrap_or_default());
        }
    });
    per_game.sort_by_key(|(n, _)| *n);
    for (_, s) in &per_game {
        samples.extend(s);
    }
    let k = fit_k(&samples);
    let mut out = format!(
        "{games} games, {} positions ({} with a decided score left out), {nodes} nodes a move\n",
        samples.len(),
        samples
            .iter()
            .filter(|(s, _)| s.abs() > chogo::bot::MATE - 1000)
            .count()
    );
    out += &format!(
        "k = {k:.5} per hundredth of a man (log loss {:.4}; with the built-in k = {WIN_CHANCE_K}: {:.4}; a coin: 0.6931)\n",
        log_loss(&samples, k),
        log_loss(&samples, WIN_CHANCE_K)
    );
    out += "score range      positions  predicted  observed\n";
    for (lo, hi) in [
        (-3000, -400),
        (-400, -200),
        (-200, -100),
        (-100, -30),
        (-30, 30),
        (30, 100),
        (100, 200),
        (200, 400),
        (400, 3000),
    ] {
        let bucket: Vec<_> = samples
            .iter()
            .filter(|(s, _)| *s >= lo && *s < hi)
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let n = bucket.len() as f64;
        let predicted = bucket
            .iter()
            .map(|(s, _)| win_chance_with(*s, k))
            .sum::<f64>()
            / n;
        let observed = bucket.iter().map(|(_, r)| r).sum::<f64>() / n;
        out += &format!(
            "[{lo:>5}, {hi:>5})  {:>9}  {:>8.1}%  {:>7.1}%\n",
            bucket.len(),
            predicted * 100.0,
            observed * 100.0
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game after Black's `mv` from `text` (the 50-move count at 99).
    fn after(text: &str, mv: &str) -> Game {
        let pos = Position::from_text(text, RuleSet::default()).unwrap();
        let mut game = Game::from_position(pos);
        game.play(mv.parse().unwrap()).unwrap();
        game
    }

    #[test]
    fn a_fifty_move_draw_two_men_ahead_is_counted() {
        // Kings alone: drawn even.
        let even = after("##4##/#5K#/8/8/8/#k5#/##4## b 99 80", "b2-c2");
        assert_eq!(
            even.outcome().map(|o| o.reason),
            Some(EndReason::FiftyMoves)
        );
        assert!(!drawn_ahead(&even));
        // Black's king and two men against the king: two men ahead.
        let ahead = after("##4##/#5K#/8/7p/p7/#k5#/##4## b 99 80", "b2-c2");
        assert_eq!(
            ahead.outcome().map(|o| o.reason),
            Some(EndReason::FiftyMoves)
        );
        assert!(drawn_ahead(&ahead));
        // One man ahead is not counted.
        let one = after("##4##/#5K#/8/8/p7/#k5#/##4## b 99 80", "b2-c2");
        assert!(!drawn_ahead(&one));
    }
}
