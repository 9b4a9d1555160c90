//! Sound effects, played only in reaction to what the bridge reported.

use bevy::prelude::*;
use bevy_kira_audio::prelude::{Audio, AudioControl, AudioSource, Decibels};

use super::bridge::{Bridge, Played, PlayerKind};
use super::screen::InGame;
use super::sets::Phase;
use super::settings::PlayerSettings;
use super::ui::UiClick;
use crate::rules::{Move, Role};
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

fn react(
    audio: Res<Audio>,
    sounds: Res<Sounds>,
    settings: Res<PlayerSettings>,
    bridge: Res<Bridge>,
    mut played: MessageReader<Played>,
    mut clicks: MessageReader<UiClick>,
    ends: Option<Res<EndSounds>>,
) {
    let settings = &settings.0;
    if clicks.read().count() > 0 {
        play(&audio, settings, &sounds.click);
    }
    for Played(report) in played.read() {
        let movement = match report.mv {
            Move::KingDrop { .. } | Move::MoleDrop { .. } => &sounds.drop,
            Move::Tandem { .. } => &sounds.slide_block,
            Move::Single { .. } => &sounds.slide,
        };
        play(&audio, settings, movement);
        if report
            .captured
            .iter()
            .any(|(_, man)| man.role == Role::King)
        {
            play(&audio, settings, &sounds.capture_king);
        } else if !report.captured.is_empty() {
            play(&audio, settings, &sounds.capture);
        }
        match report.outcome {
            Some(outcome) => {
                // Loaded on entering the game (a game is always entered before it is played).
                let Some(ends) = &ends else { continue };
                let sound = match outcome.winner {
                    None => &ends.draw,
                    // Against a bot, the person's loss sounds like one.
                    Some(winner)
                        if bridge.player(winner) != PlayerKind::Human
                            && bridge.player(!winner) == PlayerKind::Human =>
                    {
                        &ends.lose
                    }
                    Some(_) => &ends.win,
                };
                play(&audio, settings, sound);
            }
            None if report.polis => play(&audio, settings, &sounds.polis),
            None => {}
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load);
    app.add_systems(OnEnter(InGame), load_end_sounds);
    app.add_systems(Update, react.in_set(Phase::React));
}
