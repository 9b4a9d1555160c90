//! The one camera both boards are drawn through.

use bevy::prelude::*;

/// Samples per pixel of the camera. One (no multisampling) unless measuring: the shapes
/// smooth their own edges (shapes.rs) and the board's squares are straight, so more
/// samples would only cost time (a software renderer's frame takes several times as long
/// with four: docs/PERFORMANCE.md, "Frame times").
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CameraSamples(pub u32);

impl Default for CameraSamples {
    fn default() -> CameraSamples {
        CameraSamples(1)
    }
}

pub(crate) fn spawn_camera(mut commands: Commands, samples: Res<CameraSamples>) {
    commands.spawn((Camera2d, Msaa::from_samples(samples.0)));
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CameraSamples>();
    app.add_systems(Startup, spawn_camera);
}
