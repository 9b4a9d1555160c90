//! The player's settings as a resource: sound, animation speed, theme, markers and
//! coordinates follow it. The persist module reads and writes them.

use bevy::prelude::*;

use crate::save::Settings;

/// The player's settings.
#[derive(Resource, Debug, Clone, PartialEq, Default)]
pub struct PlayerSettings(pub Settings);
