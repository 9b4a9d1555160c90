//! The browser's side of the game: the bots think in a Web Worker (`web/worker.js` loading
//! the small `chogo_worker` module built from `web/worker`), so the page never freezes;
//! and the page is told when frames are drawn (its loading screen and the browser test
//! wait for that).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

struct WorkerState {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

thread_local! {
    static WORKER: RefCell<Option<WorkerState>> = const { RefCell::new(None) };
    /// Jobs by id: `None` while the worker is on it, then its answer's JSON (empty when
    /// there will be none: the worker was stopped).
    static ANSWERS: RefCell<HashMap<u64, Option<String>>> = RefCell::new(HashMap::new());
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
}

fn log(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
}

fn start_worker() -> Result<WorkerState, JsValue> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options("worker.js", &options)?;
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
            let data = event.data();
            let id = js_sys::Reflect::get(&data, &"id".into())
                .ok()
                .and_then(|v| v.as_f64())
                .map(|v| v as u64);
            let answer = js_sys::Reflect::get(&data, &"answer".into())
                .ok()
                .and_then(|v| v.as_string());
            let (Some(id), Some(answer)) = (id, answer) else {
                log("chogo: the bot worker sent a message without an id or an answer");
                return;
            };
            ANSWERS.with(|a| {
                if let Some(slot) = a.borrow_mut().get_mut(&id) {
                    *slot = Some(answer);
                }
            });
            super::wake::wake();
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Ok(WorkerState {
        worker,
        _on_message: on_message,
    })
}

/// Sends a job (of either game, as JSON) to the worker (started on first use) and
/// returns its id. Without a worker the job runs at once on the page: slower to answer,
/// but the game goes on.
pub fn ask_worker_json(json: String) -> u64 {
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    ANSWERS.with(|a| a.borrow_mut().insert(id, None));
    let sent = WORKER.with(|w| {
        let mut w = w.borrow_mut();
        if w.is_none() {
            *w = start_worker()
                .map_err(|e| log(&format!("chogo: no bot worker: {e:?}")))
                .ok();
        }
        let state = w.as_ref()?;
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"id".into(), &JsValue::from_f64(id as f64)).ok()?;
        js_sys::Reflect::set(&message, &"job".into(), &JsValue::from_str(&json)).ok()?;
        state.worker.post_message(&message).ok()
    });
    if sent.is_some() {
        // For the browser test: how many jobs went to the worker.
        if let Some(window) = web_sys::window() {
            let jobs = js_sys::Reflect::get(&window, &"chogoWorkerJobs".into())
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0);
            let _ = js_sys::Reflect::set(
                &window,
                &"chogoWorkerJobs".into(),
                &JsValue::from_f64(jobs + 1.0),
            );
        }
    } else {
        let answer = crate::bot::job::answer_json(&json);
        ANSWERS.with(|a| a.borrow_mut().insert(id, Some(answer)));
        super::wake::wake();
    }
    id
}

/// A job's answer (JSON; empty when there will be none) once the worker has sent it.
pub fn worker_answer_json(id: u64) -> Option<String> {
    ANSWERS.with(|a| {
        let mut answers = a.borrow_mut();
        let answer = answers.get(&id).cloned().flatten()?;
        answers.remove(&id);
        Some(answer)
    })
}

/// Nobody waits for this job any more. If the worker is still on it, it is stopped (a
/// search may run for seconds) and a fresh worker takes the next job; other jobs it had
/// are answered with no move and asked again by their owners.
pub fn forget(id: u64) {
    let pending = ANSWERS.with(|a| a.borrow_mut().remove(&id).is_some_and(|x| x.is_none()));
    if !pending {
        return;
    }
    WORKER.with(|w| {
        if let Some(state) = w.borrow_mut().take() {
            state.worker.terminate();
        }
    });
    ANSWERS.with(|a| {
        for slot in a.borrow_mut().values_mut() {
            if slot.is_none() {
                *slot = Some(String::new());
            }
        }
    });
    super::wake::wake();
}

/// Counts drawn frames in `window.chogoFrames`, the game's plies in `window.chogoPlies`
/// and the moves of the game of Go with chess pieces in `window.chogoGoMoves`, for the
/// page's loading screen and the browser test.
fn count_frames(
    mut frames: Local<u32>,
    bridge: Option<Res<super::bridge::Bridge>>,
    go: Option<Res<super::go_bridge::GoBridge>>,
    go_on: Option<Res<State<super::screen::GoOn>>>,
) {
    *frames = frames.saturating_add(1);
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(
            &window,
            &"chogoFrames".into(),
            &JsValue::from_f64(f64::from(*frames)),
        );
        if let Some(bridge) = &bridge {
            let _ = js_sys::Reflect::set(
                &window,
                &"chogoPlies".into(),
                &JsValue::from_f64(bridge.game.plies().len() as f64),
            );
        }
        // The moves of the game of Go with chess pieces while its board is on the screen.
        let moves = go
            .filter(|_| go_on.is_some())
            .map_or(JsValue::UNDEFINED, |go| {
                JsValue::from_f64(go.game.moves().len() as f64)
            });
        let _ = js_sys::Reflect::set(&window, &"chogoGoMoves".into(), &moves);
    }
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
    let on_resize = Closure::<dyn FnMut()>::new(super::wake::wake);
    if page
        .add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref())
        .is_ok()
    {
        // It listens for the page's whole life.
        on_resize.forget();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, count_frames);
    app.add_systems(First, follow_render_scale);
    wake_on_resize();
    // For measuring what a frame costs (docs/PERFORMANCE.md, "Frame times"): `?msaa=4`
    // draws with Bevy's default multisampling, `?every-frame` draws every frame as Bevy
    // does by default, like chogo's --msaa and --every-frame.
    let samples = page_option("msaa").and_then(|n| n.parse().ok());
    if let Some(samples) = samples.filter(|n| [1, 4].contains(n)) {
        app.insert_resource(super::board::CameraSamples(samples));
    }
    if page_option("every-frame").is_some() {
        app.insert_resource(bevy::winit::WinitSettings::continuous());
    }
}
