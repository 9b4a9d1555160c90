//! Chogo's sounds, played only in reaction to what its bridge reported: the move (a
//! slide, a tandem's block, a drop), its captures, the polis, and the game's end.

use bevy::prelude::*;
use bevy_kira_audio::prelude::Audio;

use crate::game::app::audio::{EndSounds, Sounds, play};
use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::game::chogo_board::bridge::{Bridge, Played, PlayerKind};
use crate::rules::{Move, Role};

fn react(
    audio: Res<Audio>,
    sounds: Res<Sounds>,
    settings: Res<PlayerSettings>,
    bridge: Res<Bridge>,
    mut played: MessageReader<Played>,
    ends: Option<Res<EndSounds>>,
) {
    let settings = &settings.0;
    // A side line's moves sound like the game's; the game's end only sounds in the game.
    for (report, in_game) in played.read().map(|p| (&p.report, !p.in_line)) {
        let movement = match report.mv {
            Move::Drop { .. } | Move::MoleDrop { .. } => &sounds.drop,
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
            Some(_) if !in_game => {}
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

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, react.in_set(Phase::React));
}
