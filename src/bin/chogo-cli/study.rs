//! `review` and `analyze-line`, the same for both games: written against the engines'
//! [`Studied`] games, never asking which game they are given.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

use chogo::study::{Effort, Review, Studied, review_game};

use super::Failure;

/// The best moves of a position with their win chances and lines.
pub(super) fn analyze_line<G: Studied>(
    game: &G,
    effort: Effort,
    multipv: usize,
    seed: u64,
) -> String {
    let analysis = game.analyse(effort, multipv, seed, &AtomicBool::new(false));
    if analysis.over {
        return format!(
            "the game is over: the side to move {}\n",
            match analysis.win {
                w if w > 0.75 => "has won",
                w if w < 0.25 => "has lost",
                _ => "has drawn",
            }
        );
    }
    let mut out = if analysis.lead.is_some() {
        format!("{} playouts\n", analysis.work)
    } else {
        format!("depth {}, {} nodes\n", analysis.depth, analysis.work)
    };
    for (i, c) in analysis.best.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}. {}  win {:.1}%  {}  line: {}",
            i + 1,
            c.mv,
            c.win * 100.0,
            c.score,
            c.line.join(" ")
        );
    }
    out
}

/// Reviews a game; standard error follows the progress when it is a terminal.
pub(super) fn review<G: Studied>(game: &G, effort: Effort, seed: u64) -> Result<Review, Failure> {
    use std::io::IsTerminal;
    let tty = std::io::stderr().is_terminal();
    let review = review_game(
        game,
        effort,
        seed,
        &AtomicBool::new(false),
        |done, total| {
            if tty {
                eprint!("\rreviewed {done}/{total} positions");
            }
        },
    );
    if tty {
        eprintln!();
    }
    review.ok_or_else(|| Failure("the review was stopped".into(), 1))
}

/// The summary as comment lines that records' readers skip.
pub(super) fn summary_comment(review: &Review) -> String {
    review
        .summary()
        .lines()
        .map(|l| format!("; {l}\n"))
        .collect()
}
