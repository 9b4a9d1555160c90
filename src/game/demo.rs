//! Demo and screenshot mode: bots play a number of plies with normal animations in a
//! real window; then the window is saved to a PNG and the app exits.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::animation::Animating;
use super::bridge::{Bridge, Played};

/// `chogo --demo BLACK:WHITE --plies N --screenshot FILE`.
#[derive(Resource, Debug, Clone)]
pub struct DemoConfig {
    pub plies: usize,
    pub screenshot: Option<PathBuf>,
}

#[derive(Default, Debug, PartialEq, Eq, Clone, Copy)]
enum Stage {
    #[default]
    Playing,
    /// Waiting a few frames for the last animation to be drawn.
    Settling(u32),
    Capturing,
    Done,
}

fn run(
    mut commands: Commands,
    config: Option<Res<DemoConfig>>,
    bridge: Res<Bridge>,
    animating: Res<Animating>,
    mut played: MessageReader<Played>,
    mut stage: Local<Stage>,
    mut exit: MessageWriter<AppExit>,
    captured: Query<(), With<Screenshot>>,
) {
    let Some(config) = config else {
        return;
    };
    played.clear();
    match *stage {
        Stage::Playing => {
            let enough = bridge.game.plies().len() >= config.plies;
            if (enough || bridge.game.outcome().is_some()) && !animating.0 {
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
            exit.write(AppExit::Success);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run.after(super::GameSet::React));
}
