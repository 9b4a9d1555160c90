//! Animations: they only react to what the bridge reported, and input waits for them.

use bevy::prelude::*;

use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;

/// Animation speed: 1.0 is normal, 2.0 twice as fast (follows the player's settings).
#[derive(Resource, Clone, Copy, Debug)]
pub struct AnimationSpeed(pub f32);

fn follow_settings(settings: Res<PlayerSettings>, mut speed: ResMut<AnimationSpeed>) {
    let wanted = settings.0.animation_speed;
    if speed.0 != wanted {
        speed.0 = wanted;
    }
}

impl AnimationSpeed {
    /// The animation time of this frame: the frame's time at this speed, but never more
    /// than [`MAX_STEP`] a frame, so that on a slow or stalled frame a move is still seen
    /// on its way rather than already arrived.
    pub fn step(self, time: &Time) -> f32 {
        time.delta_secs().min(MAX_STEP) * self.0.max(0.1)
    }
}

/// The most animation time one frame may take: a slide (at least 0.15 s) is always shown
/// over three frames or more.
pub const MAX_STEP: f32 = 0.05;

impl Default for AnimationSpeed {
    fn default() -> AnimationSpeed {
        AnimationSpeed(1.0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MotionKind {
    /// Along the board (single moves and tandems).
    Slide,
    /// Lifted off, over the board, landing with a bounce (mole drop).
    Arc,
    /// Falling onto the cell from above (king drop).
    Fall,
    /// Picked straight up, carried level and set down (a reposition of an enemy man).
    Lift,
}

/// A man travelling to its new cell.
#[derive(Component, Clone, Debug)]
pub struct Motion {
    pub from: Vec2,
    pub to: Vec2,
    pub kind: MotionKind,
    pub elapsed: f32,
    pub duration: f32,
}

impl Motion {
    /// Slides take 150–350 ms depending on distance.
    pub fn new(from: Vec2, to: Vec2, kind: MotionKind, cells: u8) -> Motion {
        let duration = match kind {
            MotionKind::Slide => (0.15 + 0.04 * cells.saturating_sub(1) as f32).min(0.35),
            MotionKind::Arc => 0.6,
            MotionKind::Fall => 0.4,
            MotionKind::Lift => 0.8,
        };
        Motion {
            from,
            to,
            kind,
            elapsed: 0.0,
            duration,
        }
    }
}

/// A captured man shrinking and spinning away from its resting `size`.
#[derive(Component, Clone, Debug)]
pub struct Vanish {
    pub elapsed: f32,
    pub size: f32,
}

impl Vanish {
    pub fn new(size: f32) -> Vanish {
        Vanish { elapsed: 0.0, size }
    }
}

const VANISH_SECONDS: f32 = 0.45;

/// A captured man on its way out (it no longer counts as on the board).
#[derive(Component, Debug)]
pub struct Captured;

/// A marker popping in (trap marks).
#[derive(Component, Clone, Debug, Default)]
pub struct Pop {
    pub elapsed: f32,
}

/// Marks an entity still animating in a way of its own (the second game's flights and
/// settles): the board is not settled while one exists.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct Busy;

/// Whether anything is still moving: input and the bot wait for the board to settle.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Animating(pub bool);

fn ease_in_out(t: f32) -> f32 {
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// A landing with one small bounce.
fn bounce(t: f32) -> f32 {
    let n = 7.5625;
    if t < 1.0 / 2.75 {
        n * t * t
    } else if t < 2.0 / 2.75 {
        let t = t - 1.5 / 2.75;
        n * t * t + 0.75
    } else if t < 2.5 / 2.75 {
        let t = t - 2.25 / 2.75;
        n * t * t + 0.9375
    } else {
        let t = t - 2.625 / 2.75;
        n * t * t + 0.984375
    }
}

fn animate_motion(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut moving: Query<(Entity, &mut Motion, &mut Transform)>,
) {
    let dt = speed.step(&time);
    for (entity, mut motion, mut transform) in &mut moving {
        motion.elapsed += dt;
        let t = (motion.elapsed / motion.duration).min(1.0);
        let base = transform.scale.x.max(1.0);
        let (point, lift) = match motion.kind {
            MotionKind::Slide => (motion.from.lerp(motion.to, ease_in_out(t)), 0.0),
            MotionKind::Arc => {
                // Up and over the board, then a small hop on landing. The height is
                // drawn as a shift up the screen: at most 0.6 of a cell, so that a leap
                // towards the top does not seem to land on the man beyond its cell.
                use std::f32::consts::PI;
                let p = motion.from.lerp(motion.to, ease_in_out((t / 0.8).min(1.0)));
                let h = if t < 0.8 {
                    (PI * t / 0.8).sin() * 0.6
                } else {
                    (PI * (t - 0.8) / 0.2).sin() * 0.12
                };
                (p + Vec2::Y * h * base, h.min(1.0))
            }
            MotionKind::Fall => {
                let start = motion.to + Vec2::Y * base * 2.5;
                (start.lerp(motion.to, bounce(t)), 1.0 - t)
            }
            MotionKind::Lift => {
                // Up in place, across at that height, down in place.
                const HEIGHT: f32 = 0.45;
                let (along, h) = if t < 0.25 {
                    (0.0, HEIGHT * ease_in_out(t / 0.25))
                } else if t < 0.75 {
                    (ease_in_out((t - 0.25) / 0.5), HEIGHT)
                } else {
                    (1.0, HEIGHT * (1.0 - ease_in_out((t - 0.75) / 0.25)))
                };
                let p = motion.from.lerp(motion.to, along);
                (p + Vec2::Y * h * base, 1.0)
            }
        };
        transform.translation = point.extend(3.0 + lift);
        if t >= 1.0 {
            transform.translation = motion.to.extend(2.0);
            commands.entity(entity).remove::<Motion>();
        }
    }
}

fn animate_vanish(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut vanishing: Query<(Entity, &mut Vanish, &mut Transform), With<Captured>>,
    moving: Query<(), With<Motion>>,
) {
    // Captures wait for the capturing move to land.
    if !moving.is_empty() {
        return;
    }
    let dt = speed.step(&time);
    for (entity, mut vanish, mut transform) in &mut vanishing {
        vanish.elapsed += dt;
        let t = (vanish.elapsed / VANISH_SECONDS).min(1.0);
        // A little swell, then shrinking to nothing.
        let factor = if t < 0.2 {
            1.0 + t
        } else {
            1.2 * (1.0 - (t - 0.2) / 0.8)
        };
        let size = (vanish.size * factor).max(0.01);
        transform.scale = Vec3::new(size, size, 1.0);
        transform.rotate_z(dt * 6.0);
        transform.translation.z = 4.0;
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn animate_pop(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut popping: Query<(Entity, &mut Pop, &mut Transform)>,
) {
    let dt = speed.step(&time);
    for (entity, mut pop, mut transform) in &mut popping {
        pop.elapsed += dt;
        let t = (pop.elapsed / 0.25).min(1.0);
        let s = if t < 0.7 {
            t / 0.7 * 1.25
        } else {
            1.25 - (t - 0.7) / 0.3 * 0.25
        };
        transform.scale = Vec3::splat(s.max(0.01));
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Pop>();
        }
    }
}

pub(crate) fn track_animating(
    mut animating: ResMut<Animating>,
    busy: Query<(), Or<(With<Motion>, With<Vanish>, With<Busy>)>>,
) {
    let now = !busy.is_empty();
    if animating.0 != now {
        animating.0 = now;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSpeed>();
    app.init_resource::<Animating>();
    app.add_systems(Update, follow_settings.in_set(Phase::Settings));
    app.add_systems(
        Update,
        (animate_motion, animate_vanish, animate_pop, track_animating)
            .chain()
            .in_set(Phase::Animate),
    );
}
