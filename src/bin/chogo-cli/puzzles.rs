//! `puzzles list | verify | generate | rate`, the same for both games (`chogo-cli puzzles …`
//! and `chogo-cli go puzzles …`): written against the engines' [`Puzzled`] games, never
//! asking which game they are given.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chogo::common::analysis::Effort;
use chogo::common::puzzled::Puzzled;
use chogo::learn::generate::{self, Budgets};
use chogo::learn::{Puzzle, read_puzzles, write_puzzles};

use super::{Failure, usage};

/// What a game's puzzles are made with by default.
pub struct Defaults {
    /// The rules of the bot games, in turn.
    pub variants: &'static [&'static str],
    /// The scan's budget (nodes or playouts); the deep one is four times it.
    pub scan: u64,
    /// The pairs of solver levels that play the bot games (indices into the solvers),
    /// in turn after each round of the variants.
    pub players: &'static [[usize; 2]],
    /// Plies at the start of a game where no puzzle is looked for.
    pub min_ply: usize,
    /// The longest bot game, in plies.
    pub max_plies: usize,
    /// The first letter of the game's puzzle ids.
    pub prefix: char,
}

/// The deep budget, as a multiple of the scan's.
const DEEP: u64 = 4;

#[derive(clap::Subcommand)]
pub enum PuzzlesCommand {
    /// one puzzle a line: id, rating, themes, rules, position, moves
    List {
        /// a puzzle file (default: the puzzles shipped with the game)
        #[arg(long)]
        file: Option<PathBuf>,
        /// only the puzzles of this theme
        #[arg(long)]
        theme: Option<String>,
    },
    /// check every puzzle (or a sample): its line is legal, and each of the solver's moves
    /// is still the engine's one clearly best move at the deep budget; each failure is a
    /// line on standard error, and the exit code is 1
    Verify {
        /// a puzzle file (default: the puzzles shipped with the game)
        #[arg(long)]
        file: Option<PathBuf>,
        /// check only N puzzles, spread over the file
        #[arg(long, value_name = "N")]
        sample: Option<usize>,
        /// the deep budget: search nodes (Chogo) or playouts (Go) a position
        #[arg(long)]
        work: Option<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// play bot games and keep the positions where one move is clearly best, checked at
    /// the deep budget and rated by the game's bots
    Generate {
        /// bot games to play
        #[arg(long, default_value_t = 10)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// the rules of the games, in turn (repeat the option; default: several of the
        /// game's rule sets or piece sets)
        #[arg(long = "variant", value_name = "RULES")]
        variants: Vec<String>,
        /// the scan's budget: search nodes (Chogo) or playouts (Go) a position; the deep
        /// check uses four times it
        #[arg(long)]
        work: Option<u64>,
        /// add the puzzles found to this file (created if missing; puzzles already in it
        /// are not added twice); without it, they are printed
        #[arg(long)]
        out: Option<PathBuf>,
        /// stop once the file (or the output) holds this many puzzles
        #[arg(long)]
        limit: Option<usize>,
        /// write each position's scan to standard error (for tuning)
        #[arg(long)]
        explain: bool,
    },
    /// rate each puzzle of a file again by the game's solver bots (the file is rewritten)
    Rate {
        #[arg(long)]
        file: PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn load<G: Puzzled>(file: Option<&Path>) -> Result<Vec<Puzzle>, Failure> {
    let text = match file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?,
        None => chogo::learn::shipped(G::GAME)
            .ok_or_else(|| usage(format!("no puzzles are shipped for {}", G::GAME)))?
            .to_string(),
    };
    let puzzles = read_puzzles(&text).map_err(|e| usage(format!("bad puzzle file: {e}")))?;
    if let Some(other) = puzzles.iter().find(|p| p.game != G::GAME) {
        return Err(usage(format!(
            "puzzle {} is of {}, not {}",
            chogo::common::excerpt(&other.id),
            chogo::common::excerpt(&other.game),
            G::GAME
        )));
    }
    Ok(puzzles)
}

/// Writes a puzzle file whole, through a temporary file, so that a failure never leaves
/// half a file.
fn save(path: &Path, puzzles: &[Puzzle]) -> Result<(), Failure> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, write_puzzles(puzzles))
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Failure(format!("cannot write {}: {e}", path.display()), 1))
}

fn effort(work: u64) -> Effort {
    Effort {
        work: Some(work.max(1)),
        ..Effort::default()
    }
}

pub fn run<G: Puzzled>(command: PuzzlesCommand, defaults: &Defaults) -> Result<String, Failure> {
    match command {
        PuzzlesCommand::List { file, theme } => {
            if let Some(t) = &theme
                && !G::THEMES.contains(&t.as_str())
            {
                return Err(usage(format!(
                    "unknown theme '{}' (themes: {})",
                    chogo::common::excerpt(t),
                    G::THEMES.join(", ")
                )));
            }
            let mut out = String::new();
            for p in load::<G>(file.as_deref())? {
                if theme.as_ref().is_some_and(|t| !p.themes.contains(t)) {
                    continue;
                }
                let _ = writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}",
                    p.id,
                    p.rating,
                    p.themes.join(","),
                    p.rules,
                    p.position,
                    p.moves.join(" ")
                );
            }
            Ok(out)
        }
        PuzzlesCommand::Verify {
            file,
            sample,
            work,
            seed,
        } => {
            let puzzles = load::<G>(file.as_deref())?;
            let chosen: Vec<&Puzzle> = match sample {
                Some(n) if n < puzzles.len() => {
                    // Spread over the file, starting where the seed says.
                    let step = puzzles.len() as f64 / n.max(1) as f64;
                    let offset = (seed as usize) % puzzles.len().max(1);
                    (0..n)
                        .map(|i| &puzzles[(offset + (i as f64 * step) as usize) % puzzles.len()])
                        .collect()
                }
                _ => puzzles.iter().collect(),
            };
            let deep = effort(work.unwrap_or(defaults.scan * DEEP));
            let tty = std::io::stderr().is_terminal();
            let mut failures = Vec::new();
            for (i, p) in chosen.iter().enumerate() {
                if tty {
                    eprint!("\rverified {i}/{}", chosen.len());
                }
                if let Err(f) = generate::verify::<G>(p, deep, seed) {
                    // Each failure whole on its own line; the last line sums them up.
                    if tty {
                        eprintln!();
                    }
                    eprintln!("puzzle {}: {}", f.id, f.why);
                    failures.push(f.id);
                }
            }
            if tty {
                eprintln!();
            }
            if failures.is_empty() {
                Ok(format!("{} puzzles verified\n", chosen.len()))
            } else {
                Err(Failure(
                    format!(
                        "{} of {} puzzles failed: {}",
                        failures.len(),
                        chosen.len(),
                        failures.join(", ")
                    ),
                    1,
                ))
            }
        }
        PuzzlesCommand::Generate {
            games,
            seed,
            variants,
            work,
            out,
            limit,
            explain,
        } => {
            let variants: Vec<String> = if variants.is_empty() {
                defaults.variants.iter().map(|v| v.to_string()).collect()
            } else {
                variants
            };
            // Every variant must be rules before any game is played.
            for v in &variants {
                G::set_up(v, "start").map_err(|e| usage(format!("--variant {v}: {e}")))?;
            }
            let scan = work.unwrap_or(defaults.scan);
            let budgets = Budgets {
                scan: effort(scan),
                deep: effort(scan * DEEP),
            };
            let mut puzzles = match &out {
                Some(path) if path.exists() => load::<G>(Some(path))?,
                _ => Vec::new(),
            };
            let mut seen: HashSet<(String, String)> = puzzles
                .iter()
                .map(|p| (p.rules.clone(), p.position.clone()))
                .collect();
            let mut next_id = puzzles.len() + 1;
            let stop = AtomicBool::new(false);
            let mut found = 0;
            for n in 0..games {
                if limit.is_some_and(|l| puzzles.len() >= l) {
                    break;
                }
                let variant = &variants[n as usize % variants.len()];
                let start = G::set_up(variant, "start").map_err(usage)?;
                let players =
                    defaults.players[(n as usize / variants.len()) % defaults.players.len()];
                let game = generate::bot_game(start, players, seed, n, defaults.max_plies);
                let source = format!("seed {seed} game {n}");
                let mut kept = 0;
                for mut p in generate::puzzles_of_game(
                    &game,
                    budgets,
                    defaults.min_ply,
                    seed ^ n,
                    &source,
                    explain,
                    &stop,
                ) {
                    if !seen.insert((p.rules.clone(), p.position.clone())) {
                        continue;
                    }
                    if generate::verify::<G>(&p, budgets.deep, seed.wrapping_add(n)).is_err() {
                        continue;
                    }
                    let Ok((solved, rating)) = generate::rate::<G>(&p, seed ^ n) else {
                        continue;
                    };
                    p.solved = solved;
                    p.rating = rating;
                    p.id = loop {
                        let id = format!("{}{next_id:04}", defaults.prefix);
                        next_id += 1;
                        if !puzzles.iter().any(|q| q.id == id) {
                            break id;
                        }
                    };
                    puzzles.push(p);
                    kept += 1;
                    if limit.is_some_and(|l| puzzles.len() >= l) {
                        break;
                    }
                }
                found += kept;
                eprintln!(
                    "game {}/{games} ({variant}, {}: {} moves): {kept} puzzles, {} in all",
                    n + 1,
                    players.map(|l| G::solvers()[l].name).join(" against "),
                    game.ply_count(),
                    puzzles.len()
                );
                if let Some(path) = &out {
                    save(path, &puzzles)?;
                }
            }
            match out {
                Some(path) => Ok(format!(
                    "{found} puzzles found; {} now holds {}\n",
                    path.display(),
                    puzzles.len()
                )),
                None => Ok(write_puzzles(&puzzles)),
            }
        }
        PuzzlesCommand::Rate { file, seed } => {
            let mut puzzles = load::<G>(Some(&file))?;
            for p in &mut puzzles {
                let (solved, rating) = generate::rate::<G>(p, seed).map_err(|e| Failure(e, 1))?;
                p.solved = solved;
                p.rating = rating;
            }
            save(&file, &puzzles)?;
            Ok(format!("{} puzzles rated\n", puzzles.len()))
        }
    }
}
