//! Colours and sizes of the board and men.

use bevy::prelude::*;

/// The look of the board: wood by default.
#[derive(Resource, Clone, Debug)]
pub struct Theme {
    pub background: Color,
    pub frame: Color,
    pub light: Color,
    pub dark: Color,
    pub coordinates: Color,
    pub black_man: Color,
    pub black_rim: Color,
    pub white_man: Color,
    pub white_rim: Color,
    pub king_mark: Color,
    pub shadow: Color,
    pub last_move: Color,
    pub target: Color,
    pub capture_target: Color,
    pub city: Color,
    pub selected: Color,
    pub hint: Color,
    pub trap: Color,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            background: Color::srgb(0.16, 0.14, 0.13),
            frame: Color::srgb(0.33, 0.21, 0.12),
            light: Color::srgb(0.87, 0.73, 0.53),
            dark: Color::srgb(0.79, 0.63, 0.43),
            coordinates: Color::srgb(0.93, 0.86, 0.74),
            black_man: Color::srgb(0.12, 0.11, 0.11),
            black_rim: Color::srgb(0.30, 0.28, 0.27),
            white_man: Color::srgb(0.96, 0.94, 0.89),
            white_rim: Color::srgb(0.70, 0.66, 0.58),
            king_mark: Color::srgb(0.85, 0.66, 0.20),
            shadow: Color::srgba(0.0, 0.0, 0.0, 0.35),
            last_move: Color::srgba(0.95, 0.85, 0.25, 0.45),
            target: Color::srgba(0.15, 0.30, 0.12, 0.55),
            capture_target: Color::srgba(0.75, 0.15, 0.10, 0.6),
            city: Color::srgba(0.20, 0.35, 0.75, 0.35),
            selected: Color::srgba(0.35, 0.75, 0.30, 0.55),
            hint: Color::srgba(0.25, 0.70, 0.90, 0.55),
            trap: Color::srgb(0.85, 0.12, 0.10),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Theme>();
    app.add_systems(
        Startup,
        |theme: Res<Theme>, mut clear: ResMut<ClearColor>| {
            clear.0 = theme.background;
        },
    );
}
