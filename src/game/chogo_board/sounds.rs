//! Chogo's sounds, played only in reaction to what its bridge reported: the move (a
//! slide, a tandem's block, a drop), its captures, the polis, and the game's end.

use bevy::prelude::*;

use crate::game::app::audio::Speaker;
use crate::game::app::sets::Phase;
use crate::game::chogo_board::bridge::{Bridge, Played};
use crate::rules::{Move, Role};

fn react(speaker: Speaker, bridge: Res<Bridge>, mut played: MessageReader<Played>) {
    let sounds = &speaker.sounds;
    // A side line's moves sound like the game's; the game's end only sounds in the game.
    for (report, in_game) in played.read().map(|p| (&p.report, !p.in_line)) {
        let movement = match report.mv {
            Move::Drop { .. } | Move::MoleDrop { .. } => &sounds.drop,
            Move::Tandem { .. } => &sounds.slide_block,
            Move::Single { .. } => &sounds.slide,
        };
        speaker.play(movement);
        if report
            .captured
            .iter()
            .any(|(_, man)| man.role == Role::King)
        {
            speaker.play(&sounds.capture_king);
        } else if !report.captured.is_empty() {
            speaker.play(&sounds.capture);
        }
        match report.outcome {
            Some(_) if !in_game => {}
            Some(outcome) => speaker.play_end(outcome.winner, bridge.players()),
            None if report.polis => speaker.play(&sounds.polis),
            None => {}
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, react.in_set(Phase::React));
}
