//! The browser's bot worker: the bots think in a Web Worker (`web/worker.js` loading the
//! small `chogo_worker` module built from `web/worker`), so the page never freezes. The
//! thinker sends it jobs and polls for their answers.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

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
            crate::game::app::wake::wake();
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
        let answer = crate::jobs::answer_json(&json);
        ANSWERS.with(|a| a.borrow_mut().insert(id, Some(answer)));
        crate::game::app::wake::wake();
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
    crate::game::app::wake::wake();
}
