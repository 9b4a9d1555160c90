//! The browser page's side of the game: the page is told when frames are drawn (its
//! loading screen and the browser test wait for that) and how many moves the game on the
//! screen has,
//! the canvas follows the page's render scale, and a resize wakes the game. A link with
//! `?join=CODE` joins that online game (`&server=` names its server). The bots' worker is
//! the shared layer's (`app::worker`).

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::game::app::screen::{GameKind, InGame};
use crate::game::app::session::OnScreen;

/// Counts drawn frames in `window.chogoFrames`, and tells the page which game is on the
/// screen (`window.chogoGame`, its id: `chogo`, `go`) and its moves (`window.chogoMoves`;
/// both undefined while no game is on the screen), and how a lesson or a puzzle stands
/// (`window.chogoCoach`), for the page's loading screen and the browser test.
fn count_frames(
    mut frames: Local<u32>,
    on_screen: Res<OnScreen>,
    in_game: Option<Res<State<InGame>>>,
    kind: Option<Res<State<GameKind>>>,
    coach: Option<Res<crate::game::app::learn::Coach>>,
    room: Option<Res<crate::game::app::online::Room>>,
) {
    *frames = frames.saturating_add(1);
    let Some(window) = web_sys::window() else {
        return;
    };
    let set = |name: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&window, &name.into(), &value);
    };
    set("chogoFrames", JsValue::from_f64(f64::from(*frames)));
    let shown = kind.filter(|_| in_game.is_some());
    set(
        "chogoGame",
        shown
            .as_ref()
            .map_or(JsValue::UNDEFINED, |k| k.get().id().into()),
    );
    set(
        "chogoMoves",
        shown.map_or(JsValue::UNDEFINED, |_| {
            JsValue::from_f64(on_screen.moves as f64)
        }),
    );
    // A lesson's or a puzzle's state as its panel words it ("Goal reached in one move…").
    if let Some(coach) = coach.filter(|c| c.is_changed()) {
        set("chogoCoach", coach.shown.status.as_str().into());
    }
    // The online room as the page sees it (`window.chogoOnline`, JSON): its code, this
    // player's side, the link, the moves and the result.
    if let Some(room) = room.filter(|r| r.is_changed()) {
        let state = room.state.as_ref();
        let words = serde_json::json!({
            "code": room.code,
            "side": room.side.map(|s| s.name()),
            "link": room.link.map(|l| format!("{l:?}")),
            "moves": state.map(|s| s.moves.clone()),
            "result": state.and_then(|s| s.result.as_ref()).map(|r| r.text.clone()),
            "problem": room.problem,
        });
        set("chogoOnline", words.to_string().into());
    }
}

/// The page's `?join=CODE&server=ws://…`: the online game of that code is joined at once
/// (the link the online panel copies in the browser); the server, when named, becomes the
/// settings' server.
fn join_from_page(
    mut done: Local<bool>,
    mut settings: ResMut<crate::game::app::settings::PlayerSettings>,
    mut asks: MessageWriter<crate::game::app::online::OnlineAsk>,
    mut actions: MessageWriter<crate::game::app::screen::MenuAction>,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    let Some(code) = page_option("join").filter(|c| !c.is_empty()) else {
        return;
    };
    let decode = |text: &str| {
        js_sys::decode_uri_component(text)
            .ok()
            .and_then(|t| t.as_string())
    };
    if let Some(server) = page_option("server").and_then(|s| decode(&s)) {
        settings.0.server = server;
    }
    let code: String = decode(&code)
        .unwrap_or(code)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    use crate::game::app::online::OnlineAsk;
    // The page reloaded in the middle of that game: its seat, kept in the settings.
    let ours = settings
        .0
        .online_seat
        .as_ref()
        .is_some_and(|s| s.code == code);
    actions.write(crate::game::app::screen::MenuAction::Online);
    asks.write(if ours {
        OnlineAsk::Rejoin
    } else {
        OnlineAsk::Join(code)
    });
}

/// Frames drawn after a new share: egui and the cameras take it up within four.
const RESCALE_FRAMES: u32 = 6;

/// The page draws the canvas at a share of the window's resolution on a software
/// renderer (`window.chogoRenderScale`, set by web/index.html, which scales the canvas up
/// to the window): the window's layout stays, in fewer pixels. The window's scale factor
/// (device pixels per layout point) follows that share. A new share reaches egui and the
/// cameras a few frames later (Bevy passes it on through messages), and no window event
/// brings those frames when the canvas keeps its pixels: they are asked for here.
fn follow_render_scale(
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut frames_left: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(page) = web_sys::window() else {
        return;
    };
    let scale = js_sys::Reflect::get(&page, &"chogoRenderScale".into())
        .ok()
        .and_then(|v| v.as_f64())
        // The page sets the limits; 1 (or nothing) is the device's own resolution.
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1.0);
    let wanted = scale.map(|s| (s * page.device_pixel_ratio()) as f32);
    for mut window in &mut windows {
        if window.resolution.scale_factor_override() != wanted {
            window.resolution.set_scale_factor_override(wanted);
            *frames_left = RESCALE_FRAMES;
        }
    }
    if *frames_left > 0 {
        *frames_left -= 1;
        redraw.write(RequestRedraw);
    }
}

/// The page's `?review-bench=chogo|go` (the review bench, `crate::game::bench`): the game
/// it names, as written; `None` without it.
pub fn page_review_bench() -> Option<String> {
    page_option("review-bench")
}

/// An option in the page's address (`?name=value&flag`): `Some("")` for a bare flag.
fn page_option(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search.trim_start_matches('?').split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then(|| value.to_string())
    })
}

/// A resized page may change the share of the resolution the game draws at without
/// changing the canvas's pixels (a big window drawn at half its resolution, then a window
/// of that smaller size drawn whole): no window event would bring the frame that follows
/// the new share, so the page's resize wakes the game.
fn wake_on_resize() {
    let Some(page) = web_sys::window() else {
        return;
    };
    let on_resize = Closure::<dyn FnMut()>::new(crate::game::app::wake::wake);
    if page
        .add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref())
        .is_ok()
    {
        // It listens for the page's whole life.
        on_resize.forget();
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, count_frames);
    app.add_systems(
        Update,
        join_from_page.in_set(crate::game::app::sets::Phase::Input),
    );
    app.add_systems(First, follow_render_scale);
    wake_on_resize();
    // For measuring what a frame costs (docs/PERFORMANCE.md, "Frame times"): `?msaa=4`
    // draws with Bevy's default multisampling, `?every-frame` draws every frame as Bevy
    // does by default, like chogo's --msaa and --every-frame.
    let samples = page_option("msaa").and_then(|n| n.parse().ok());
    if let Some(samples) = samples.filter(|n| [1, 4].contains(n)) {
        app.insert_resource(crate::game::app::camera::CameraSamples(samples));
    }
    if page_option("every-frame").is_some() {
        app.insert_resource(bevy::winit::WinitSettings::continuous());
    }
}
