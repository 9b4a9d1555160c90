//! Colours and sizes of the board and men.

use bevy::prelude::*;

use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::save::ThemeName;

/// The look of the board and men: wood, or high contrast (see [`ThemeName`]).
#[derive(Resource, Clone, Debug)]
pub struct Theme {
    pub name: ThemeName,
    pub background: Color,
    pub frame: Color,
    pub light: Color,
    pub dark: Color,
    pub coordinates: Color,
    pub black_man: Color,
    pub black_rim: Color,
    pub white_man: Color,
    pub white_rim: Color,
    /// A ring on White's men (the high-contrast theme): sides differ by marking too.
    pub side_mark: Option<Color>,
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
        Theme::of(ThemeName::Wood)
    }
}

impl Theme {
    pub fn of(name: ThemeName) -> Theme {
        match name {
            ThemeName::Wood => Theme {
                name,
                background: Color::srgb(0.16, 0.14, 0.13),
                frame: Color::srgb(0.33, 0.21, 0.12),
                light: Color::srgb(0.87, 0.73, 0.53),
                dark: Color::srgb(0.79, 0.63, 0.43),
                coordinates: Color::srgb(0.93, 0.86, 0.74),
                black_man: Color::srgb(0.12, 0.11, 0.11),
                black_rim: Color::srgb(0.30, 0.28, 0.27),
                white_man: Color::srgb(0.96, 0.94, 0.89),
                white_rim: Color::srgb(0.70, 0.66, 0.58),
                side_mark: None,
                king_mark: Color::srgb(0.85, 0.66, 0.20),
                shadow: Color::srgba(0.0, 0.0, 0.0, 0.35),
                last_move: Color::srgba(0.95, 0.85, 0.25, 0.45),
                target: Color::srgba(0.15, 0.30, 0.12, 0.55),
                capture_target: Color::srgba(0.75, 0.15, 0.10, 0.6),
                city: Color::srgba(0.20, 0.35, 0.75, 0.35),
                selected: Color::srgba(0.35, 0.75, 0.30, 0.55),
                hint: Color::srgba(0.25, 0.70, 0.90, 0.55),
                trap: Color::srgb(0.85, 0.12, 0.10),
            },
            // Strong contrast, and markers from the Okabe–Ito palette (told apart with any
            // colour vision): blue targets, vermilion capture rings and trap marks, yellow
            // last move, bluish-green cities, reddish-purple hints. White men carry a black
            // ring, so the sides differ by shape as well as colour.
            ThemeName::HighContrast => Theme {
                name,
                background: Color::srgb(0.05, 0.05, 0.07),
                frame: Color::srgb(0.0, 0.0, 0.0),
                light: Color::srgb(0.86, 0.86, 0.86),
                dark: Color::srgb(0.66, 0.66, 0.68),
                coordinates: Color::srgb(1.0, 1.0, 1.0),
                black_man: Color::srgb(0.02, 0.02, 0.02),
                black_rim: Color::srgb(0.94, 0.89, 0.26),
                white_man: Color::srgb(1.0, 1.0, 1.0),
                white_rim: Color::srgb(0.0, 0.0, 0.0),
                side_mark: Some(Color::srgb(0.0, 0.0, 0.0)),
                king_mark: Color::srgb(0.90, 0.62, 0.0),
                shadow: Color::srgba(0.0, 0.0, 0.0, 0.5),
                last_move: Color::srgba(0.94, 0.89, 0.26, 0.6),
                target: Color::srgba(0.0, 0.45, 0.70, 0.9),
                capture_target: Color::srgba(0.84, 0.37, 0.0, 0.95),
                city: Color::srgba(0.0, 0.62, 0.45, 0.45),
                selected: Color::srgba(0.34, 0.71, 0.91, 0.7),
                hint: Color::srgba(0.80, 0.47, 0.65, 0.7),
                trap: Color::srgb(0.84, 0.37, 0.0),
            },
        }
    }
}

/// The theme follows the player's settings.
fn follow_settings(
    settings: Res<PlayerSettings>,
    mut theme: ResMut<Theme>,
    mut clear: ResMut<ClearColor>,
) {
    if settings.0.theme != theme.name {
        *theme = Theme::of(settings.0.theme);
    }
    if clear.0 != theme.background {
        clear.0 = theme.background;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Theme>();
    app.add_systems(Update, follow_settings.in_set(Phase::Settings));
}
