//! A search that runs away from the frame loop: a background task on the desktop, a Web
//! Worker in the browser (where the page has one thread). Either way the game polls it
//! once a frame and never waits.

use crate::bot::Budget;
use crate::bot::job::{Engine, Thought};
use crate::rules::Game;

/// A search under way. Dropping it abandons the search.
pub struct Thinker {
    inner: imp::Inner,
}

impl Thinker {
    pub fn start(game: &Game, engine: Engine, budget: Budget, seed: u64) -> Thinker {
        Thinker {
            inner: imp::Inner::start(game, engine, budget, seed),
        }
    }

    /// The answer, once there is one: `Some(None)` when the bot has no move.
    pub fn poll(&mut self) -> Option<Option<Thought>> {
        self.inner.poll()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use bevy::tasks::futures::check_ready;
    use bevy::tasks::{AsyncComputeTaskPool, Task};

    use super::*;
    use crate::bot::job::Job;

    pub struct Inner {
        task: Task<Option<Thought>>,
        stop: Arc<AtomicBool>,
    }

    impl Inner {
        pub fn start(game: &Game, engine: Engine, budget: Budget, seed: u64) -> Inner {
            let game = game.clone();
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let task = AsyncComputeTaskPool::get()
                .spawn(async move { Job::run_on(engine, &game, budget, seed, &flag) });
            Inner { task, stop }
        }

        pub fn poll(&mut self) -> Option<Option<Thought>> {
            check_ready(&mut self.task)
        }
    }

    impl Drop for Inner {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;
    use crate::bot::job::Job;

    pub struct Inner {
        id: u64,
    }

    impl Inner {
        pub fn start(game: &Game, engine: Engine, budget: Budget, seed: u64) -> Inner {
            let job = Job::new(game, engine, budget, seed);
            Inner {
                id: crate::game::web::ask_worker(&job),
            }
        }

        pub fn poll(&mut self) -> Option<Option<Thought>> {
            crate::game::web::worker_answer(self.id)
        }
    }

    impl Drop for Inner {
        fn drop(&mut self) {
            crate::game::web::forget(self.id);
        }
    }
}
