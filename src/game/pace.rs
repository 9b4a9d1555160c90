//! When frames are drawn. The window updates only on input, window events and what asks
//! for a frame (Bevy's reactive update mode, set by the binary): a still board costs
//! nothing. While something moves or somebody thinks, every frame asks for the next one.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use super::animation::{Animating, Pop};
use super::bot_player::{BotThinking, DrawOffer};
use super::demo::DemoConfig;
use super::hint::Hint;
use super::pieces::Shard;
use super::screen::{Dialog, Screen};
use super::sets::Phase;

/// Asks for the next frame while anything is under way: an animation (men, trap marks,
/// splinters), a search (a bot's move, a hint, a draw offer), a screen or dialog change,
/// or the demo.
fn keep_drawing(
    animating: Res<Animating>,
    thinking: Res<BotThinking>,
    hint: Res<Hint>,
    offer: Res<DrawOffer>,
    demo: Option<Res<DemoConfig>>,
    screen: Res<NextState<Screen>>,
    dialog: Res<NextState<Dialog>>,
    busy: Query<(), Or<(With<Pop>, With<Shard>)>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let changing = matches!(*screen, NextState::Pending(_) | NextState::PendingIfNeq(_))
        || matches!(*dialog, NextState::Pending(_) | NextState::PendingIfNeq(_));
    if animating.0
        || thinking.is_thinking()
        || hint.is_searching()
        || offer.is_pending()
        || demo.is_some()
        || changing
        || !busy.is_empty()
    {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui tells egui the modifier keys every frame, and egui takes any input event as a
/// reason to draw the next frame: a still window would never rest. The same modifiers
/// again are no news, so that event is dropped.
fn drop_repeated_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let mut now = *last;
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) if now == Some(*m) => false,
            egui::Event::ModifiersChanged(m) => {
                now = Some(*m);
                true
            }
            _ => true,
        });
        *last = now;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_repeated_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.add_systems(Update, keep_drawing.in_set(Phase::Persist));
}
