// The bots' Web Worker: the page posts {id, job} (a bot job in JSON, see
// src/jobs.rs); the worker answers {id, answer}. Searches run here, so the page never
// waits for them.
import init, { answer } from './chogo_worker.js';

const ready = init({ module_or_path: new URL('chogo_worker_bg.wasm', import.meta.url) });

self.onmessage = async (event) => {
  const { id, job } = event.data;
  let reply;
  try {
    // A module that failed to load is answered with its error too, so the game says the
    // computer found no move instead of thinking forever.
    await ready;
    reply = answer(job);
  } catch (error) {
    reply = JSON.stringify({ move: null, error: String(error) });
  }
  self.postMessage({ id, answer: reply });
};
