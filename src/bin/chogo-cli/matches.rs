//! A match between two players on several threads, as both games' `play` commands run
//! it: the games' lines in order as they finish, then the first player's score.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use chogo::common::{BySide, Side};

use super::{Failure, usage};

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A match between two players, as both games' `play` commands run it.
pub(crate) struct Match {
    /// The players as named on the command line (`greedy` stays `greedy`).
    pub(crate) names: [String; 2],
    pub(crate) games: u64,
    pub(crate) jobs: usize,
    pub(crate) swap: bool,
    /// Where each game's record is written (`game-0001.chogo` …).
    pub(crate) records: Option<std::path::PathBuf>,
}

/// What a finished game of a match says: its line, its winner, its record.
pub(crate) struct MatchGame {
    pub(crate) line: String,
    pub(crate) winner: Option<Side>,
    pub(crate) record: String,
    /// Chogo: whether the game was drawn by the 50-move rule while one side had two men
    /// or more than the other (a won ending not converted); `None` for Go.
    pub(crate) drawn_ahead: Option<bool>,
    /// The side that resigned, when the game ended so.
    pub(crate) resigned: Option<Side>,
}

impl MatchGame {
    /// Game `n`'s line, its winner and its record, its players named `names` (Black's
    /// first); nothing said of a draw ahead or a resignation.
    pub(crate) fn of<G: chogo::common::Playable>(n: u64, names: [&str; 2], game: &G) -> MatchGame {
        let tags = [("Black", names[0]), ("White", names[1])];
        MatchGame {
            line: chogo::common::arena::game_line(n, BySide::new(names[0], names[1]), game),
            winner: game.verdict().and_then(|v| v.winner),
            record: game.record_text(&tags),
            drawn_ahead: None,
            resigned: None,
        }
    }
}

/// Runs a match on `jobs` threads: `play(n, swapped, stop)` plays game `n` (the players
/// change sides in even games with `swap`), `finish` describes it. Lines are printed in
/// game order as soon as the games before them are done; the result is the final score
/// line of the first player.
pub(crate) fn run_match<G: Send>(
    spec: &Match,
    play: impl Fn(u64, bool, &AtomicBool) -> Result<G, String> + Sync,
    finish: impl Fn(u64, [&str; 2], &G) -> MatchGame,
) -> Result<String, Failure> {
    if spec.games == 0 {
        return Err(usage("--games 0: a match needs at least one game"));
    }
    if spec.jobs == 0 {
        return Err(usage("--jobs 0: a match needs at least one job"));
    }
    let jobs = spec.jobs.min(64);
    if let Some(dir) = &spec.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(1);
    let (tx, rx) = mpsc::channel::<(u64, Result<G, String>)>();
    let swapped = |n: u64| spec.swap && n.is_multiple_of(2);
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    // Games that say whether they were drawn ahead, and how many were.
    let (mut told, mut drawn_ahead) = (false, 0u64);
    // Resignations by the first player and by the second.
    let mut resigned = [0u64; 2];
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(usize::try_from(spec.games).unwrap_or(usize::MAX)) {
            let tx = tx.clone();
            let (stop, next, play) = (&stop, &next, &play);
            scope.spawn(move || {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n > spec.games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if tx.send((n, play(n, swapped(n), stop))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut expected = 1;
        for (n, result) in rx {
            pending.insert(n, result);
            while let Some(result) = pending.remove(&expected) {
                let n = expected;
                expected += 1;
                let game = match result {
                    Ok(game) => game,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        failure.get_or_insert(format!("game {n}: {e}"));
                        continue;
                    }
                };
                let [a, b] = [spec.names[0].as_str(), spec.names[1].as_str()];
                let names = if swapped(n) { [b, a] } else { [a, b] };
                let done = finish(n, names, &game);
                println!("{}", done.line);
                if let Some(ahead) = done.drawn_ahead {
                    told = true;
                    drawn_ahead += u64::from(ahead);
                }
                let first_side = if swapped(n) { Side::White } else { Side::Black };
                if let Some(side) = done.resigned {
                    resigned[usize::from(side != first_side)] += 1;
                }
                match done.winner {
                    None => draws += 1,
                    Some(w) if w == first_side => wins += 1,
                    Some(_) => losses += 1,
                }
                if let Some(dir) = &spec.records {
                    let path = dir.join(format!("game-{n:04}.chogo"));
                    if let Err(e) = std::fs::write(&path, done.record) {
                        failure.get_or_insert(format!("cannot write {}: {e}", path.display()));
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    if let Some(message) = failure {
        return Err(Failure(message, 1));
    }
    let played = wins + draws + losses;
    // At least one game was played: none is refused above and a failure returns early.
    let score = 100.0 * (wins as f64 + 0.5 * draws as f64) / played.max(1) as f64;
    let ahead = if told {
        format!(
            "; {} by the 50-move rule with a side two men or more ahead",
            plural(drawn_ahead, "draw", "draws")
        )
    } else {
        String::new()
    };
    let resignations = if resigned != [0, 0] {
        format!(
            "; resigned: {} {}, {} {}",
            spec.names[0], resigned[0], spec.names[1], resigned[1]
        )
    } else {
        String::new()
    };
    Ok(format!(
        "{} vs {}: {}, {}, {} ({score:.1}%){ahead}{resignations}\n",
        spec.names[0],
        spec.names[1],
        plural(wins, "win", "wins"),
        plural(draws, "draw", "draws"),
        plural(losses, "loss", "losses"),
    ))
}
