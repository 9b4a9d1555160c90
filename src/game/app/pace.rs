//! When frames are drawn. The window updates only on input, window events and what asks
//! for a frame (Bevy's reactive update mode, set by the binary): a still board costs
//! nothing. While something moves, every frame asks for the next one; and for a moment
//! after the start and after the picture changed (a screen, a dialog, the layout, the
//! theme), so that it is shown whole. A bot thinking draws nothing: its answer wakes the
//! frame loop (the thinker module), and a frame more follows when the search is over.

use bevy::prelude::*;
use bevy::render::view::screenshot::Screenshot;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::game::app::animation::{Animating, Pop};
use crate::game::app::screen::{Dialog, Screen};
use crate::game::app::sets::Phase;
use crate::game::app::study::{AnalysisBoard, GameReview};
use crate::game::app::theme::Theme;

/// Work away from the frame loop that the pace waits for: its answer wakes the loop, and
/// one frame more follows its end (what it brought may have been drawn by a system that
/// ran before it arrived).
pub trait Searching: Resource {
    fn searching(&self) -> bool;
    /// Waiting on the clock (a pause before a bot's move, a puzzle's reply shown for a
    /// moment): nothing wakes the loop for that, so frames keep coming meanwhile.
    fn waiting(&self) -> bool {
        false
    }
}

/// What the pace watches besides the shared screens, as the parts of the game registered
/// it ([`watch_search`], [`watch_picture`], [`watch_motion`], [`watch_presence`]): set
/// anew every frame.
#[derive(Resource, Default)]
pub struct Watched {
    /// One flag a kind of search, in the order they were registered.
    searches: Vec<bool>,
    /// A picture the game draws changed (a board's layout).
    changed: bool,
    /// Something moves that the shared animation does not count (a board's splinters,
    /// the demo).
    moving: bool,
}

impl Watched {
    /// The searches under way, one bit each.
    fn search_bits(&self) -> u64 {
        self.searches
            .iter()
            .enumerate()
            .fold(0, |bits, (i, on)| bits | (u64::from(*on) << (i % 64)))
    }
}

/// The frame pace waits for a search `R` (a board's bot, its hint, the analysis …).
pub fn watch_search<R: Searching>(app: &mut App) {
    let slot = {
        let mut watched = app
            .world_mut()
            .get_resource_or_insert_with(Watched::default);
        watched.searches.push(false);
        watched.searches.len() - 1
    };
    app.add_systems(
        Update,
        (move |search: Option<Res<R>>, mut watched: ResMut<Watched>| {
            let on = search.as_ref().is_some_and(|s| s.searching());
            if let Some(flag) = watched.searches.get_mut(slot) {
                *flag = on;
            }
            if search.is_some_and(|s| s.waiting()) {
                watched.moving = true;
            }
        })
        .in_set(Phase::Persist)
        .before(keep_drawing),
    );
}

/// A change of `R` changes the picture (a board's layout): frames come for a moment.
pub fn watch_picture<R: Resource>(app: &mut App) {
    app.init_resource::<Watched>();
    app.add_systems(
        Update,
        (|picture: Option<Res<R>>, mut watched: ResMut<Watched>| {
            if picture.is_some_and(|p| p.is_changed()) {
                watched.changed = true;
            }
        })
        .in_set(Phase::Persist)
        .before(settle),
    );
}

/// Frames come while an entity with `C` exists (a board's splinters flying).
pub fn watch_motion<C: Component>(app: &mut App) {
    app.init_resource::<Watched>();
    app.add_systems(
        Update,
        (|moving: Query<(), With<C>>, mut watched: ResMut<Watched>| {
            if !moving.is_empty() {
                watched.moving = true;
            }
        })
        .in_set(Phase::Persist)
        .before(keep_drawing),
    );
}

/// Frames come while a resource `R` exists (the demo).
pub fn watch_presence<R: Resource>(app: &mut App) {
    app.init_resource::<Watched>();
    app.add_systems(
        Update,
        (|there: Option<Res<R>>, mut watched: ResMut<Watched>| {
            if there.is_some() {
                watched.moving = true;
            }
        })
        .in_set(Phase::Persist)
        .before(keep_drawing),
    );
}

impl Searching for AnalysisBoard {
    fn searching(&self) -> bool {
        self.is_thinking()
    }
}

impl Searching for GameReview {
    fn searching(&self) -> bool {
        self.is_working()
    }
}

/// Asks for the next frame while anything moves: an animation (men, trap marks,
/// splinters), a screen or dialog change, a screenshot, or the demo; and one frame more
/// when that ends or a search (a bot's move, a hint, a draw offer, the analysis, the
/// review or the practice's judgement) is over.
fn keep_drawing(
    animating: Res<Animating>,
    mut watched: ResMut<Watched>,
    screen: Res<NextState<Screen>>,
    dialog: Res<NextState<Dialog>>,
    busy: Query<(), Or<(With<Pop>, With<Screenshot>)>>,
    mut was: Local<(bool, u64)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let changing = matches!(*screen, NextState::Pending(_) | NextState::PendingIfNeq(_))
        || matches!(*dialog, NextState::Pending(_) | NextState::PendingIfNeq(_));
    let moving = animating.0 || watched.moving || changing || !busy.is_empty();
    watched.moving = false;
    // One bit for each search under way.
    let searching = watched.search_bits();
    let (was_moving, was_searching) = *was;
    // One frame more when the work ends (any one search): what it brought (a bot's move,
    // a hint) may be shown by a system that ran before it arrived in this frame.
    if moving || was_moving || was_searching & !searching != 0 {
        redraw.write(RequestRedraw);
    }
    *was = (moving, searching);
}

/// Lets a search's answer wake the frame loop (nothing else would draw a frame for it).
fn install_waker(proxy: Option<Res<EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let proxy: EventLoopProxy<WinitUserEvent> = (**proxy).clone();
        crate::game::app::wake::set_waker(move || {
            // The loop is gone only when the app is closing: nothing to wake then.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        });
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

/// How long frames keep coming after the picture changed.
const SETTLE: f64 = 1.0;

/// Where the frames after a change stand.
#[derive(Default, Clone, Copy)]
enum Settling {
    /// Something changed in this frame (the start is a change): frames come, the deadline
    /// is set in the next one.
    #[default]
    Changed,
    /// Frames come until this time, and for this many frames at least.
    Until(f64, u32),
}

/// The fewest frames drawn after a change, whatever the clock says.
const SETTLE_FRAMES: u32 = 10;

/// Asks for frames for [`SETTLE`] seconds, and [`SETTLE_FRAMES`] frames at least, after
/// the start (assets such as the shapes' shader load in the background) and a change of
/// screen, dialog, layout or theme. Pipelines compile within the frame that first needs
/// them (the binary asks Bevy's renderer for that), so a new shape later on needs no more
/// than its own frame. The seconds count from the frame after the change: the first frame
/// after a rest reads the time at which the frame before it ended, which may be long ago
/// (and with rendering on its own thread the next one may too: hence the frames).
fn settle(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    dialog: Res<State<Dialog>>,
    mut watched: ResMut<Watched>,
    theme: Res<Theme>,
    mut settling: Local<Settling>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    let changed =
        screen.is_changed() || dialog.is_changed() || watched.changed || theme.is_changed();
    watched.changed = false;
    let (next, draw) = match *settling {
        _ if changed => (Settling::Changed, true),
        Settling::Changed => (Settling::Until(now + SETTLE, SETTLE_FRAMES - 1), true),
        Settling::Until(t, frames) => (
            Settling::Until(t, frames.saturating_sub(1)),
            now < t || frames > 0,
        ),
    };
    *settling = next;
    if draw {
        redraw.write(RequestRedraw);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Watched>();
    watch_search::<AnalysisBoard>(app);
    watch_search::<GameReview>(app);
    app.add_systems(
        PreUpdate,
        drop_repeated_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.add_systems(Startup, install_waker);
    app.add_systems(Update, (keep_drawing, settle).in_set(Phase::Persist));
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    use super::*;
    use crate::game::app::thinker::{Job, Thinker};

    /// A board's layout, as far as the pace knows it.
    #[derive(Resource, Default)]
    struct Layout(bool);

    /// A bot's search on the thinker.
    #[derive(Resource, Default)]
    struct Thinking(Option<Thinker<u32>>);

    impl Searching for Thinking {
        fn searching(&self) -> bool {
            self.0.is_some()
        }
    }

    /// Work that waits on the clock (a bot's pause, a puzzle's reply shown for a moment).
    #[derive(Resource, Default)]
    struct Pausing(bool);

    impl Searching for Pausing {
        fn searching(&self) -> bool {
            self.0
        }

        fn waiting(&self) -> bool {
            self.0
        }
    }

    /// The pace systems with a board's layout and search watched, frames 100 ms apart.
    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.init_state::<Screen>();
        app.init_state::<Dialog>();
        app.init_resource::<Animating>();
        app.init_resource::<Layout>();
        app.init_resource::<Thinking>();
        app.init_resource::<AnalysisBoard>();
        app.init_resource::<GameReview>();
        app.init_resource::<Theme>();
        app.add_message::<RequestRedraw>();
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
        app.configure_sets(Update, Phase::Persist);
        app.init_resource::<Watched>();
        watch_search::<AnalysisBoard>(&mut app);
        watch_search::<GameReview>(&mut app);
        watch_search::<Thinking>(&mut app);
        app.init_resource::<Pausing>();
        watch_search::<Pausing>(&mut app);
        watch_picture::<Layout>(&mut app);
        app.add_systems(Update, (keep_drawing, settle).in_set(Phase::Persist));
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
        app.world_mut().resource_mut::<Layout>().0 ^= true;
        assert!(frames_asked(&mut app, 12) >= 9);
        assert_eq!(frames_asked(&mut app, 30), 0);
    }

    #[test]
    fn frames_after_a_change_count_from_a_clock_that_is_right() {
        let mut app = app();
        let start = std::time::Instant::now();
        let at = |app: &mut App, t: Duration| {
            app.insert_resource(TimeUpdateStrategy::ManualInstant(start + t));
        };
        for k in 0..30 {
            at(&mut app, Duration::from_millis(100 * k));
            asks(&mut app);
        }
        // A long rest, then a change (a resized window): the first frame after the rest
        // reads the time the frame before it ended (2.9 s), the next one the real time.
        app.world_mut().resource_mut::<Layout>().0 ^= true;
        at(&mut app, Duration::from_millis(2901));
        assert!(asks(&mut app));
        let mut asked = 0;
        for k in 0..12 {
            at(&mut app, Duration::from_millis(60_000 + 100 * k));
            asked += usize::from(asks(&mut app));
        }
        assert!(
            asked >= 9,
            "frames for a second after the change: {asked} of 12"
        );
        at(&mut app, Duration::from_millis(62_000));
        assert!(!asks(&mut app));
    }

    #[test]
    fn a_wait_on_the_clock_asks_for_every_frame() {
        let mut app = app();
        frames_asked(&mut app, 30);
        // Nothing wakes the loop for a pause: without frames the move behind it would
        // wait for the next input (the puzzles' refutation did, unseen on the board).
        app.world_mut().resource_mut::<Pausing>().0 = true;
        assert_eq!(frames_asked(&mut app, 20), 20, "every frame while it waits");
        app.world_mut().resource_mut::<Pausing>().0 = false;
        assert!(asks(&mut app), "one frame more when it is over");
        assert_eq!(frames_asked(&mut app, 20), 0);
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
    fn a_bot_thinking_draws_nothing_until_its_answer_wakes_the_loop() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static WOKEN: AtomicUsize = AtomicUsize::new(0);
        crate::game::app::wake::set_waker(|| {
            WOKEN.fetch_add(1, Ordering::SeqCst);
        });
        let mut app = app();
        frames_asked(&mut app, 30);
        let before = WOKEN.load(Ordering::SeqCst);
        // A search that takes a moment, on its own thread.
        let search = Thinker::spawn(Job::new(
            |_| {
                std::thread::sleep(Duration::from_millis(50));
                7
            },
            String::new,
            |_| 0,
        ));
        app.world_mut().resource_mut::<Thinking>().0 = Some(search);
        // The search runs on a background task; no frame is drawn to wait for it.
        assert_eq!(frames_asked(&mut app, 5), 0, "no frames while a bot thinks");
        // Its answer is there to be polled once the loop is woken.
        let start = std::time::Instant::now();
        loop {
            let woken = WOKEN.load(Ordering::SeqCst) > before;
            let answer = app
                .world_mut()
                .resource_mut::<Thinking>()
                .0
                .as_mut()
                .and_then(Thinker::poll);
            if woken {
                assert_eq!(answer, Some(7), "the answer was there when the loop woke");
                break;
            }
            if answer.is_some() {
                // Stored just now: the wake follows.
                while WOKEN.load(Ordering::SeqCst) == before {
                    assert!(
                        start.elapsed().as_secs() < 30,
                        "the answer never woke the loop"
                    );
                    std::thread::yield_now();
                }
                break;
            }
            assert!(start.elapsed().as_secs() < 30, "the answer never came");
            std::thread::sleep(Duration::from_millis(5));
        }
        app.world_mut().resource_mut::<Thinking>().0 = None;
        // The search is over: one frame more (what it brought may have been drawn by a
        // system that ran before it arrived), then rest.
        assert!(asks(&mut app));
        assert_eq!(frames_asked(&mut app, 20), 0);
    }
}
