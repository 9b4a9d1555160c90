//! Helpers of the windowless ECS tests of the game (both games): the app started as the
//! program starts it, frames run until every animation has finished, a frame's messages.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use chogo::game::{Animating, Launch};

/// An app started as the program starts it (the game's logic and its start-up plugin),
/// with 50 ms frames, settled.
pub fn launched(launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.add_plugins((chogo::game::logic_plugin, launch));
    settle(&mut app);
    app
}

/// Runs frames until every animation has finished.
pub fn settle(app: &mut App) {
    for _ in 0..300 {
        app.update();
        if !app.world().resource::<Animating>().0 {
            app.update();
            return;
        }
    }
    panic!("animations never finished");
}

/// The messages of this kind written in the last frame.
pub fn drain<M: Message + Clone>(app: &mut App) -> Vec<M> {
    let messages = app.world().resource::<Messages<M>>();
    messages
        .iter_current_update_messages()
        .cloned()
        .collect::<Vec<_>>()
}
