//! Sound effects: the sounds both boards share, loaded at start, and the player's volume.
//! Each board plays them in reaction to what its bridge reported; the menus click.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_kira_audio::prelude::{Audio, AudioControl, AudioSource, Decibels};

use crate::common::{BySide, Player, Side};
use crate::game::app::screen::InGame;
use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::UiClick;
use crate::save::Settings;

/// The sound effects both games share (loaded at start).
#[derive(Resource)]
pub struct Sounds {
    pub click: Handle<AudioSource>,
    pub slide: Handle<AudioSource>,
    pub slide_block: Handle<AudioSource>,
    pub drop: Handle<AudioSource>,
    pub capture: Handle<AudioSource>,
    pub capture_king: Handle<AudioSource>,
    pub polis: Handle<AudioSource>,
}

/// The sounds of a game's end, loaded when a game is first shown (a browser does not
/// fetch them for the title screen).
#[derive(Resource)]
pub struct EndSounds {
    pub win: Handle<AudioSource>,
    pub lose: Handle<AudioSource>,
    pub draw: Handle<AudioSource>,
}

pub fn sound(assets: &AssetServer, name: &str) -> Handle<AudioSource> {
    assets.load(format!("sounds/{name}.wav"))
}

pub fn load_end_sounds(
    mut commands: Commands,
    assets: Res<AssetServer>,
    ends: Option<Res<EndSounds>>,
) {
    if ends.is_none() {
        commands.insert_resource(EndSounds {
            win: sound(&assets, "win"),
            lose: sound(&assets, "lose"),
            draw: sound(&assets, "draw"),
        });
    }
}

fn load(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Sounds {
        click: sound(&assets, "click"),
        slide: sound(&assets, "slide"),
        slide_block: sound(&assets, "slide_block"),
        drop: sound(&assets, "drop"),
        capture: sound(&assets, "capture"),
        capture_king: sound(&assets, "capture_king"),
        polis: sound(&assets, "polis"),
    });
}

/// Plays a sound at the player's volume.
pub fn play(audio: &Audio, settings: &Settings, sound: &Handle<AudioSource>) {
    play_at(audio, settings, sound, 1.0);
}

/// Plays a sound at `loudness` (0–1) of the player's volume.
pub fn play_at(audio: &Audio, settings: &Settings, sound: &Handle<AudioSource>, loudness: f32) {
    if settings.muted || settings.volume <= 0.0 {
        return;
    }
    let db = 20.0 * (settings.volume * loudness).clamp(0.001, 1.0).log10();
    audio.play(sound.clone()).with_volume(Decibels(db));
}

/// A board's sounds as its sound system plays them: the shared ones and the game's end,
/// at the player's volume.
#[derive(SystemParam)]
pub struct Speaker<'w> {
    audio: Res<'w, Audio>,
    pub sounds: Res<'w, Sounds>,
    ends: Option<Res<'w, EndSounds>>,
    settings: Res<'w, PlayerSettings>,
}

impl Speaker<'_> {
    /// Plays a sound at the player's volume.
    pub fn play(&self, sound: &Handle<AudioSource>) {
        play(&self.audio, &self.settings.0, sound);
    }

    /// Plays a sound at `loudness` (0–1) of the player's volume.
    pub fn play_at(&self, sound: &Handle<AudioSource>, loudness: f32) {
        play_at(&self.audio, &self.settings.0, sound, loudness);
    }

    /// The end of a game between `players`, won by `winner` (`None`: a draw): against a
    /// bot, the person's loss sounds like one; any other end sounds like a win. Silent
    /// until the end's sounds are loaded (on entering a game, which comes before any move).
    pub fn play_end<L>(&self, winner: Option<Side>, players: BySide<Player<L>>) {
        let Some(ends) = &self.ends else {
            return;
        };
        let human = |side: Side| matches!(players[side], Player::Human);
        let sound = match winner {
            None => &ends.draw,
            Some(winner) if !human(winner) && human(!winner) => &ends.lose,
            Some(_) => &ends.win,
        };
        self.play(sound);
    }
}

/// A button or menu action clicks.
fn click(
    audio: Res<Audio>,
    sounds: Res<Sounds>,
    settings: Res<PlayerSettings>,
    mut clicks: MessageReader<UiClick>,
) {
    if clicks.read().count() > 0 {
        play(&audio, &settings.0, &sounds.click);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load);
    app.add_systems(OnEnter(InGame), load_end_sounds);
    app.add_systems(Update, click.in_set(Phase::React));
}
