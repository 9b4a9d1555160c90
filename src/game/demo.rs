//! Demo and screenshot mode: bots play a number of plies with normal animations in a
//! real window; then the window is saved to a PNG and the app exits. The demo checks what
//! a player would see: every move must be animated on the screen (a man in flight after
//! it), or the demo fails. With frame statistics it also measures frame times, and the
//! same can be measured for an app of the plugins the game stands on alone
//! ([`bare_plugin`]).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::game::app::animation::{Animating, Busy, Motion};
use crate::game::app::session::{Moved, OnScreen};
use crate::game::app::sets::Phase;

/// `chogo --demo BLACK:WHITE --plies N [--screenshot FILE] [--burst DIR] [--frame-stats]`.
#[derive(Resource, Debug, Clone)]
pub struct DemoConfig {
    pub plies: usize,
    pub screenshot: Option<PathBuf>,
    /// Screenshots of the frames right after one move (`--burst DIR`): the move's
    /// animation as a player sees it, frame by frame.
    pub burst: Option<PathBuf>,
}

/// The move whose frames a burst shows (the first few moves are king drops), and how many
/// frames it takes.
const BURST_MOVE: u32 = 5;
const BURST_FRAMES: u32 = 8;

#[derive(Default, Debug, PartialEq, Eq, Clone, Copy)]
enum Stage {
    #[default]
    Playing,
    /// Waiting a few frames for the last animation to be drawn.
    Settling(u32),
    Capturing,
    Done,
}

/// How many moves were played, and how many of them were seen moving on the screen.
#[derive(Default, Debug, Clone, Copy)]
struct Seen {
    moves: u32,
    animated: u32,
    /// The last move has not been seen moving yet.
    waiting: bool,
}

fn run(
    mut commands: Commands,
    config: Option<Res<DemoConfig>>,
    on_screen: Res<OnScreen>,
    animating: Res<Animating>,
    mut played: MessageReader<Moved>,
    moving: Query<(), Or<(With<Motion>, With<Busy>)>>,
    mut stage: Local<Stage>,
    mut seen: Local<Seen>,
    mut burst: Local<Option<(u32, f64)>>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
    captured: Query<(), With<Screenshot>>,
) {
    let Some(config) = config else {
        return;
    };
    // Every drop and move of the game is seen landing (a pass shows nothing).
    for moved in played.read().filter(|m| m.shows && !m.in_line) {
        seen.moves += 1;
        seen.waiting = true;
        if seen.moves == BURST_MOVE && config.burst.is_some() {
            println!("demo: frames after {}", moved.text);
            *burst = Some((0, time.elapsed_secs_f64()));
        }
    }
    if let (Some(dir), Some((frame, start))) = (&config.burst, *burst) {
        let ms = (time.elapsed_secs_f64() - start) * 1e3;
        let path = dir.join(format!("frame-{frame}-{ms:04.0}ms.png"));
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
        *burst = (frame + 1 < BURST_FRAMES).then_some((frame + 1, start));
    }
    if seen.waiting && !moving.is_empty() {
        seen.animated += 1;
        seen.waiting = false;
    }
    match *stage {
        Stage::Playing => {
            let OnScreen { moves, over } = *on_screen;
            if (moves >= config.plies || over) && !animating.0 && burst.is_none() {
                *stage = Stage::Settling(10);
            }
        }
        Stage::Settling(0) => match &config.screenshot {
            Some(path) => {
                commands
                    .spawn(Screenshot::primary_window())
                    .observe(save_to_disk(path.clone()));
                *stage = Stage::Capturing;
            }
            None => *stage = Stage::Done,
        },
        Stage::Settling(n) => *stage = Stage::Settling(n - 1),
        Stage::Capturing => {
            // The screenshot entity is gone once the image was captured and saved.
            if captured.is_empty() {
                *stage = Stage::Done;
            }
        }
        Stage::Done => {
            println!(
                "demo: {} moves played, {} of them seen moving on the screen",
                seen.moves, seen.animated
            );
            if seen.animated < seen.moves {
                eprintln!("demo: a move was not animated");
                exit.write(AppExit::error());
            } else {
                exit.write(AppExit::Success);
            }
            *stage = Stage::Playing;
            *seen = Seen::default();
        }
    }
}

/// Frame times (real time between frames), kept when `--frame-stats` asks for them and
/// printed on exit: mean, 95th percentile and worst.
#[derive(Resource, Debug, Default)]
pub struct FrameStats {
    /// Frames at the start left out (pipelines and fonts are prepared then).
    pub skip: u32,
    /// Stop the app after this many measured frames (the bare app has no end of its own).
    pub limit: Option<usize>,
    frames: Vec<Duration>,
    /// Time in the game's own systems per frame: its `Update` phases and its egui layers
    /// (rendering and Bevy's own plugins are the rest of the frame).
    systems: Vec<Duration>,
    /// When the game's systems of this frame began (`Update`, then the egui pass).
    began: Option<web_time::Instant>,
    this_frame: Duration,
}

impl FrameStats {
    pub fn new(skip: u32, limit: Option<usize>) -> FrameStats {
        FrameStats {
            skip,
            limit,
            ..FrameStats::default()
        }
    }

    /// "frames: N, mean X ms, p95 Y ms, worst Z ms", and the same for the game's own
    /// systems when they ran.
    pub fn summary(&self) -> String {
        let Some(frames) = Self::describe(&self.frames) else {
            return "frames: none measured".into();
        };
        let mut out = format!("frames: {}, {frames}", self.frames.len());
        if let Some(systems) = Self::describe(&self.systems) {
            let share = self.systems.iter().sum::<Duration>().as_secs_f64()
                / self.frames.iter().sum::<Duration>().as_secs_f64().max(1e-9);
            out.push_str(&format!(
                "\ngame systems: {systems} ({:.1}% of the frame time)",
                share * 100.0
            ));
        }
        out
    }

    /// Forgets the frames measured so far (a new period of measuring begins).
    pub fn restart(&mut self) {
        self.frames.clear();
        self.systems.clear();
    }

    /// "mean X ms, p95 Y ms, worst Z ms".
    fn describe(times: &[Duration]) -> Option<String> {
        let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        if ms.is_empty() {
            return None;
        }
        ms.sort_by(f64::total_cmp);
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        let p95 = ms[((ms.len() as f64 * 0.95).ceil() as usize).clamp(1, ms.len()) - 1];
        let worst = ms[ms.len() - 1];
        Some(format!(
            "mean {mean:.2} ms, p95 {p95:.2} ms, worst {worst:.2} ms"
        ))
    }
}

/// The game's systems of a frame begin (before the first phase, or the first egui layer).
fn systems_begin(stats: Option<ResMut<FrameStats>>) {
    if let Some(mut stats) = stats {
        stats.began = Some(web_time::Instant::now());
    }
}

/// …and end (after the last phase, or the last egui layer).
fn systems_end(stats: Option<ResMut<FrameStats>>) {
    if let Some(mut stats) = stats
        && let Some(began) = stats.began.take()
    {
        stats.this_frame += began.elapsed();
    }
}

fn measure(
    time: Res<Time<Real>>,
    stats: Option<ResMut<FrameStats>>,
    mut exits: MessageReader<AppExit>,
) {
    let Some(mut stats) = stats else {
        return;
    };
    let systems = std::mem::take(&mut stats.this_frame);
    if stats.skip > 0 {
        stats.skip -= 1;
    } else {
        stats.frames.push(time.delta());
        if !systems.is_zero() {
            stats.systems.push(systems);
        }
    }
    if exits.read().count() > 0 {
        println!("{}", stats.summary());
    }
}

/// The bare app ends after its frames (the game's apps end by themselves).
fn stop_when_measured(stats: Option<Res<FrameStats>>, mut exit: MessageWriter<AppExit>) {
    if stats.is_some_and(|s| s.limit.is_some_and(|n| s.frames.len() >= n)) {
        exit.write(AppExit::Success);
    }
}

/// The plugins the game stands on with nothing of the game: a camera, and an egui pass
/// with an empty panel. For comparing frame times (`chogo --bare-frames N`).
pub fn bare_plugin(app: &mut App) {
    use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
    app.init_resource::<crate::game::app::camera::CameraSamples>();
    app.add_systems(Startup, crate::game::app::camera::spawn_camera);
    app.add_systems(
        EguiPrimaryContextPass,
        |mut contexts: EguiContexts| -> Result {
            let ctx = contexts.ctx_mut()?;
            egui::Panel::right("bare").show(&mut crate::game::app::ui::root_ui(ctx), |ui| {
                ui.label("bare");
            });
            Ok(())
        },
    );
    app.add_systems(Last, (stop_when_measured, measure).chain());
}

/// The burst's folder is made when missing (a folder that cannot be made ends the demo
/// with a message); frames of an earlier burst in it would mix with this one's: they go
/// first.
fn clear_old_burst(config: Option<Res<DemoConfig>>, mut exit: MessageWriter<AppExit>) {
    let Some(dir) = config.as_ref().and_then(|c| c.burst.as_ref()) else {
        return;
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("chogo: --burst {}: {e}", dir.display());
        exit.write(AppExit::from_code(2));
        return;
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("frame-") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    // The demo draws every frame while it runs.
    crate::game::app::pace::watch_presence::<DemoConfig>(app);
    app.add_systems(Startup, clear_old_burst);
    use crate::game::app::ui::UiLayer;
    use bevy_egui::EguiPrimaryContextPass;
    app.add_systems(Update, run.in_set(Phase::Persist));
    app.add_systems(Update, systems_begin.before(Phase::Settings));
    app.add_systems(Update, systems_end.after(Phase::Persist));
    app.add_systems(EguiPrimaryContextPass, systems_begin.before(UiLayer::Style));
    app.add_systems(EguiPrimaryContextPass, systems_end.after(UiLayer::Dialogs));
    app.add_systems(Last, measure);
}
