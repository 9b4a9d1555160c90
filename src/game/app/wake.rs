//! Waking the frame loop from outside a frame. The game draws only when something asks
//! for it (the pace module); a search that answers on another thread or in the browser's
//! worker, or a page that changes how it scales the game, is such a thing. The window's
//! event loop sets the waker at the start; without one (tests that run frames
//! themselves) nothing wakes.

use std::sync::{PoisonError, RwLock};

type Waker = Box<dyn Fn() + Send + Sync>;

static WAKE: RwLock<Option<Waker>> = RwLock::new(None);

/// Sets what wakes the frame loop (the latest call counts: one app runs at a time).
pub fn set_waker(wake: impl Fn() + Send + Sync + 'static) {
    *WAKE.write().unwrap_or_else(PoisonError::into_inner) = Some(Box::new(wake));
}

/// Wakes the frame loop: the next frame is drawn even if nothing else asks for it.
pub fn wake() {
    if let Some(wake) = WAKE.read().unwrap_or_else(PoisonError::into_inner).as_ref() {
        wake();
    }
}
