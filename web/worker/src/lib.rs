//! The bots' Web Worker: one exported function, a bot job in JSON in (see
//! `chogo::jobs`), the answer in JSON out. `web/worker.js` calls it for every message.

use wasm_bindgen::prelude::*;

/// Answers one bot job.
#[wasm_bindgen]
pub fn answer(job: &str) -> String {
    chogo::jobs::answer_json(job)
}
