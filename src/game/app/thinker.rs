//! A search that runs away from the frame loop, for either game's bots, the analysis board
//! and the review: a thread of its own on the desktop, a Web Worker in the browser (where
//! the page has one thread). Either way the game polls it in the frames it draws and never
//! waits; no frame is drawn just to ask (a still board with a bot thinking costs nothing):
//! the answer wakes the frame loop.

use std::sync::atomic::AtomicBool;

/// A question for a bot: how to answer it here (the desktop: `run` on a background task),
/// and the same question as JSON for the browser's worker with how to read its answer.
pub struct Job<T> {
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    run: Box<dyn FnOnce(&AtomicBool) -> T + Send>,
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    json: Box<dyn FnOnce() -> String + Send>,
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    read: Box<dyn Fn(&str) -> T + Send + Sync>,
}

impl<T> Job<T> {
    /// `run` answers with a stop flag; `json` writes the worker's job (only called in the
    /// browser); `read` reads the worker's answer.
    pub fn new(
        run: impl FnOnce(&AtomicBool) -> T + Send + 'static,
        json: impl FnOnce() -> String + Send + 'static,
        read: impl Fn(&str) -> T + Send + Sync + 'static,
    ) -> Job<T> {
        Job {
            run: Box::new(run),
            json: Box::new(json),
            read: Box::new(read),
        }
    }
}

impl<T: 'static> Job<T> {
    /// The same job, its answer read through `f` (on the desktop and from the worker).
    pub fn map<U>(self, f: impl Fn(T) -> U + Send + Sync + Clone + 'static) -> Job<U> {
        let Job { run, json, read } = self;
        let g = f.clone();
        Job {
            run: Box::new(move |stop| f(run(stop))),
            json,
            read: Box::new(move |answer| g(read(answer))),
        }
    }
}

/// A search under way, answering a `T`. Dropping it abandons the search.
pub struct Thinker<T> {
    inner: imp::Inner<T>,
}

impl<T: Send + 'static> Thinker<T> {
    pub fn spawn(job: Job<T>) -> Thinker<T> {
        Thinker {
            inner: imp::Inner::start(job),
        }
    }

    /// The answer, once there is one.
    pub fn poll(&mut self) -> Option<T> {
        self.inner.poll()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, PoisonError};

    use super::Job;

    pub struct Inner<T> {
        /// The answer, stored before the frame loop is woken.
        answer: Arc<Mutex<Option<T>>>,
        stop: Arc<AtomicBool>,
    }

    impl<T: Send + 'static> Inner<T> {
        /// Each search has a thread of its own: a bot's move never waits behind the
        /// analysis board's deepening or a review (Bevy's compute pool has one thread
        /// on a two-core machine). Dropping the thinker raises the stop flag, and the
        /// search ends promptly on its own.
        pub fn start(job: Job<T>) -> Inner<T> {
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let answer = Arc::new(Mutex::new(None));
            let slot = answer.clone();
            // The job is taken by the thread, or run here when no thread can be had (the
            // frame then waits for it, but an answer always comes).
            let run = Arc::new(Mutex::new(Some(job.run)));
            let taken = run.clone();
            let work = move || {
                let job = taken.lock().unwrap_or_else(PoisonError::into_inner).take();
                if let Some(run) = job {
                    let found = run(&flag);
                    *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(found);
                    crate::game::app::wake::wake();
                }
            };
            let spawned = std::thread::Builder::new()
                .name("chogo search".into())
                .spawn(work);
            if let Err(e) = spawned {
                bevy::log::error!("chogo: no thread for a search ({e}): searching in the frame");
                let job = run.lock().unwrap_or_else(PoisonError::into_inner).take();
                if let Some(run) = job {
                    let found = run(&stop);
                    *answer.lock().unwrap_or_else(PoisonError::into_inner) = Some(found);
                }
            }
            Inner { answer, stop }
        }

        pub fn poll(&mut self) -> Option<T> {
            self.answer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
        }
    }

    impl<T> Drop for Inner<T> {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::Job;

    pub struct Inner<T> {
        id: u64,
        json: String,
        read: Box<dyn Fn(&str) -> T + Send + Sync>,
    }

    impl<T> Inner<T> {
        pub fn start(job: Job<T>) -> Inner<T> {
            let json = (job.json)();
            Inner {
                id: crate::game::app::worker::ask_worker_json(json.clone()),
                json,
                read: job.read,
            }
        }

        pub fn poll(&mut self) -> Option<T> {
            let answer = crate::game::app::worker::worker_answer_json(self.id)?;
            if answer.is_empty() {
                // The worker was stopped for another job (web.rs, `forget`): ask again.
                self.id = crate::game::app::worker::ask_worker_json(self.json.clone());
                return None;
            }
            Some((self.read)(&answer))
        }
    }

    impl<T> Drop for Inner<T> {
        fn drop(&mut self) {
            crate::game::app::worker::forget(self.id);
        }
    }
}
