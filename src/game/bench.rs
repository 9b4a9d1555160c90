//! The review bench: a 60-move game of either game (`assets/bench/`) loaded, frames
//! measured for 8 s with nothing under way (every frame drawn), then the game
//! reviewed at the default budget with the frames measured again (the frames the review
//! asks for, as a player would see them; with `--every-frame`, every frame). `chogo --review-bench chogo|go` prints
//! the figures and exits; the page's `?review-bench=chogo|go` writes them into
//! `window.chogoReviewBench` for `web/review-bench.mjs` (docs/STUDY.md, "Figures").

use bevy::prelude::*;

use crate::game::app::sets::Phase;
use crate::game::app::study::{GameReview, StartReview, StudySource};
use crate::game::demo::FrameStats;

/// Seconds of frames measured before the review starts.
const BASELINE_SECS: f64 = 8.0;

/// The bench under way.
#[derive(Resource, Debug, Default)]
pub struct ReviewBench {
    stage: Stage,
    /// The figures without a review, once measured.
    baseline: Option<String>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq)]
enum Stage {
    #[default]
    Starting,
    /// Measuring frames with nothing under way, since this time.
    Baseline(f64),
    /// The review under way, since this time.
    Reviewing(f64),
    Done,
}

fn run(
    mut bench: ResMut<ReviewBench>,
    mut stats: ResMut<FrameStats>,
    time: Res<Time<Real>>,
    source: Res<StudySource>,
    review: Res<GameReview>,
    mut start: MessageWriter<StartReview>,
    mut exit: MessageWriter<AppExit>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    // Until the review starts nothing else asks for frames: the bench does (the review
    // then asks for its own, as it would for a player).
    if matches!(bench.stage, Stage::Starting | Stage::Baseline(_)) {
        redraw.write(bevy::window::RequestRedraw);
    }
    match bench.stage {
        // The first frames (the board being built) are left out by the stats' own skip.
        Stage::Starting if source.0.is_some() => bench.stage = Stage::Baseline(now),
        Stage::Starting | Stage::Done => {}
        Stage::Baseline(since) if now - since >= BASELINE_SECS => {
            bench.baseline = Some(stats.summary());
            stats.restart();
            start.write(StartReview);
            bench.stage = Stage::Reviewing(now);
        }
        Stage::Baseline(_) => {}
        Stage::Reviewing(since) => {
            let Some(source) = source.0.as_ref() else {
                return;
            };
            let failed = review.error.as_ref();
            let Some(done) = review.of(source) else {
                if let Some(e) = failed {
                    report(&format!("review-bench: the review failed: {e}"));
                    exit.write(AppExit::error());
                    bench.stage = Stage::Done;
                }
                return;
            };
            let text = format!(
                "review-bench: {} positions reviewed in {:.1} s\n\
                 without a review: {}\nwhile reviewing: {}",
                done.black_wins.len(),
                now - since,
                bench.baseline.as_deref().unwrap_or("-"),
                stats.summary()
            );
            report(&text);
            bench.stage = Stage::Done;
            // A page stays open for whoever reads the figures.
            if cfg!(not(target_arch = "wasm32")) {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// Prints the figures (the terminal; in the browser the console and the page).
fn report(text: &str) {
    println!("{text}");
    #[cfg(target_arch = "wasm32")]
    if let Some(page) = web_sys::window() {
        let _ = js_sys::Reflect::set(&page, &"chogoReviewBench".into(), &text.into());
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        run.run_if(resource_exists::<ReviewBench>)
            .in_set(Phase::Persist),
    );
}
