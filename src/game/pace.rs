//! When frames are drawn. The window updates only on input, window events and what asks
//! for a frame (Bevy's reactive update mode, set by the binary): a still board costs
//! nothing. While something moves or somebody thinks, every frame asks for the next one;
//! and for a moment after the start and after the picture changed (a screen, a dialog,
//! the layout, the theme), so that it is shown whole.

use bevy::prelude::*;
use bevy::render::view::screenshot::Screenshot;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use super::animation::{Animating, Pop};
use super::bot_player::{BotThinking, DrawOffer};
use super::demo::DemoConfig;
use super::go_board::{GoHint, GoLayout, GoThinking};
use super::hint::Hint;
use super::layout::BoardLayout;
use super::pieces::Shard;
use super::screen::{Dialog, Screen};
use super::sets::Phase;
use super::theme::Theme;

/// Asks for the next frame while anything is under way: an animation (men, trap marks,
/// splinters), a search (a bot's move, a hint, a draw offer), a screen or dialog change,
/// or the demo.
fn keep_drawing(
    animating: Res<Animating>,
    (thinking, hint, offer): (Res<BotThinking>, Res<Hint>, Res<DrawOffer>),
    (go_thinking, go_hint): (Res<GoThinking>, Res<GoHint>),
    demo: Option<Res<DemoConfig>>,
    screen: Res<NextState<Screen>>,
    dialog: Res<NextState<Dialog>>,
    busy: Query<(), Or<(With<Pop>, With<Shard>, With<Screenshot>)>>,
    mut was_busy: Local<bool>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let changing = matches!(*screen, NextState::Pending(_) | NextState::PendingIfNeq(_))
        || matches!(*dialog, NextState::Pending(_) | NextState::PendingIfNeq(_));
    let is_busy = animating.0
        || thinking.is_thinking()
        || hint.is_searching()
        || offer.is_pending()
        || go_thinking.is_thinking()
        || go_hint.is_searching()
        || demo.is_some()
        || changing
        || !busy.is_empty();
    // One frame more when the work ends: what it brought (a bot's move, a hint) may be
    // shown by a system that ran before it arrived in this frame.
    if is_busy || *was_busy {
        redraw.write(RequestRedraw);
    }
    *was_busy = is_busy;
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

/// How long frames keep coming after the picture changed.
const SETTLE: f64 = 1.0;

/// Asks for frames for [`SETTLE`] seconds after the start (assets such as the shapes'
/// shader load in the background) and a change of screen, dialog, layout or theme.
/// Pipelines compile within the frame that first needs them (the binary asks Bevy's
/// renderer for that), so a new shape later on needs no more than its own frame.
fn settle(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    dialog: Res<State<Dialog>>,
    (layout, go_layout): (Res<BoardLayout>, Res<GoLayout>),
    theme: Res<Theme>,
    mut until: Local<Option<f64>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    if until.is_none()
        || screen.is_changed()
        || dialog.is_changed()
        || layout.is_changed()
        || go_layout.is_changed()
        || theme.is_changed()
    {
        *until = Some(now + SETTLE);
    }
    if until.is_some_and(|t| now < t) {
        redraw.write(RequestRedraw);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_repeated_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.add_systems(Update, (keep_drawing, settle).in_set(Phase::Persist));
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    use super::*;

    /// The pace systems alone, with frames 100 ms apart.
    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.init_state::<Screen>();
        app.init_state::<Dialog>();
        app.init_resource::<Animating>();
        app.init_resource::<BotThinking>();
        app.init_resource::<Hint>();
        app.init_resource::<DrawOffer>();
        app.init_resource::<BoardLayout>();
        app.init_resource::<GoLayout>();
        app.init_resource::<GoThinking>();
        app.init_resource::<GoHint>();
        app.init_resource::<Theme>();
        app.add_message::<RequestRedraw>();
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
        app.add_systems(Update, (keep_drawing, settle));
        app
    }

    /// Runs a frame; whether it asked for the next one.
    fn asks(app: &mut App) -> bool {
        app.update();
        let mut messages = app.world_mut().resource_mut::<Messages<RequestRedraw>>();
        messages.drain().count() > 0
    }

    fn frames_asked(app: &mut App, frames: usize) -> usize {
        (0..frames).filter(|_| asks(app)).count()
    }

    #[test]
    fn a_still_game_asks_for_no_frames_after_settling() {
        let mut app = app();
        // The start settles for a second (ten frames here), then nothing.
        assert!(frames_asked(&mut app, 12) >= 9);
        assert_eq!(frames_asked(&mut app, 30), 0);
        // A new layout (a resized window) settles again, once.
        app.world_mut().resource_mut::<BoardLayout>().flipped ^= true;
        assert!(frames_asked(&mut app, 12) >= 9);
        assert_eq!(frames_asked(&mut app, 30), 0);
    }

    #[test]
    fn work_under_way_asks_for_every_frame_and_one_more() {
        let mut app = app();
        frames_asked(&mut app, 30);
        app.world_mut().resource_mut::<Animating>().0 = true;
        assert_eq!(
            frames_asked(&mut app, 50),
            50,
            "every frame while a man moves"
        );
        app.world_mut().resource_mut::<Animating>().0 = false;
        assert!(asks(&mut app), "one frame more when the move has landed");
        assert_eq!(frames_asked(&mut app, 20), 0);
    }

    #[test]
    fn a_bot_of_go_with_chess_pieces_thinking_asks_for_every_frame() {
        let mut app = app();
        frames_asked(&mut app, 30);
        let bridge = crate::game::go_bridge::GoBridge::default();
        app.world_mut().resource_mut::<GoThinking>().think(
            &bridge,
            crate::go::bot::Level::Easy,
            None,
            1,
        );
        // Nothing polls the search here: it stays under way, and the frames must come
        // (without them the answer would wait for the player's next input).
        assert_eq!(frames_asked(&mut app, 20), 20);
        // A moved board of that game settles like Chogo's.
        *app.world_mut().resource_mut::<GoThinking>() = GoThinking::default();
        frames_asked(&mut app, 30);
        app.world_mut().resource_mut::<GoLayout>().flipped ^= true;
        assert!(frames_asked(&mut app, 12) >= 9);
    }
}
