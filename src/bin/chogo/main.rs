//! `chogo`: the desktop game. It reads the command line ([`options`]), works out what to
//! start with ([`start`]) and assembles Bevy's plugins, the game's plugins and the
//! start-up plugin; everything else is in [`chogo::game`].

mod options;
mod start;

use std::process::ExitCode;
use std::time::Duration;

use bevy::asset::AssetMetaCheck;
use bevy::log::LogPlugin;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::WindowResolution;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;
use bevy_kira_audio::AudioPlugin;
use chogo::game::{BotPlay, CameraSamples, DemoConfig, FrameStats, ReviewBench};
#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;

use options::Options;

fn main() -> ExitCode {
    // A page has no command line: the browser build starts as `chogo` alone.
    #[cfg(not(target_arch = "wasm32"))]
    let options = Options::parse();
    #[cfg(target_arch = "wasm32")]
    let options = Options::page();
    let launch = match start::launch(&options) {
        Ok(launch) => launch,
        Err(e) => {
            eprintln!("chogo: {e}");
            return ExitCode::from(2);
        }
    };
    let demo = options.demo.is_some();
    let bench = options.review_bench;

    let mut app = App::new();
    let window = Window {
        title: "Chogo".into(),
        resolution: WindowResolution::new(options.size.0, options.size.1),
        // In the browser: the page's canvas, following the window's size, with the keys
        // (arrows, F1, Backspace) kept for the game.
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            // Bevy's notices about GPU features a flat 2D game does not use (order-independent
            // transparency, background motion vectors, egui's texture arrays), printed on
            // every start in a browser, are left out.
            .set(LogPlugin {
                filter: format!(
                    "{},bevy_core_pipeline::oit=error,\
                     bevy_core_pipeline::prepass::background_motion_vectors=error,\
                     bevy_egui::render=error",
                    bevy::log::DEFAULT_FILTER
                ),
                ..default()
            })
            // Pipelines compile within the frame that needs them: the game draws only when
            // something changes, so nothing would bring the frame that shows a shape whose
            // pipeline finished compiling in the background.
            .set(RenderPlugin {
                synchronous_pipeline_compilation: true,
                ..default()
            })
            // The assets have no .meta files (a web server answers those with errors).
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    );
    app.add_plugins((EguiPlugin::default(), AudioPlugin));
    app.insert_resource(CameraSamples(options.msaa));
    if let Some(frames) = options.bare_frames {
        app.insert_resource(FrameStats::new(30, Some(frames)));
        app.add_plugins(chogo::game::bare_plugin);
    } else {
        // Frames only when something changes: input, window events, or the game asking
        // for them while something moves, thinks or settles (chogo::game's pace module);
        // otherwise none (an hour is Bevy's longest wait here). In the browser too
        // (`?every-frame` in the page's address, read by the game's plugin, overrides it).
        let rest = Duration::from_secs(3600);
        app.insert_resource(if options.every_frame {
            WinitSettings::continuous()
        } else {
            WinitSettings {
                focused_mode: UpdateMode::reactive(rest),
                unfocused_mode: UpdateMode::reactive_low_power(rest),
            }
        });
        app.add_plugins((chogo::game::plugin, launch));
        app.insert_resource(BotPlay {
            seed: options.seed,
            ply_limit: demo.then_some(options.plies),
            time: options.time_ms.map(Duration::from_millis),
            paced: !demo,
        });
        if demo {
            app.insert_resource(DemoConfig {
                plies: options.plies,
                screenshot: options.screenshot,
                burst: options.burst,
            });
        }
        if options.frame_stats || bench.is_some() {
            app.insert_resource(FrameStats::new(30, None));
        }
        if bench.is_some() {
            app.insert_resource(ReviewBench::default());
        }
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
