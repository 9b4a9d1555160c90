//! The screens: title, playing, game over and the rules. The board, its men and its
//! markers exist only while a game is on the screen ([`InGame`]: playing or game over).

use bevy::prelude::*;

use super::animation::Animating;
use super::bridge::{Bridge, Resynced};

/// Which screen is shown.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// New game, continue, load, rules, settings, quit.
    #[default]
    Title,
    /// A game in progress.
    Playing,
    /// The game has ended: the board stays for review, with what to do next.
    GameOver,
    /// The rule book with its diagrams.
    Rules,
}

/// A game is on the screen (playing or over): the board and men exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;
    fn compute(screen: Screen) -> Option<InGame> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

/// The screen the rules screen goes back to.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct RulesReturn(pub Screen);

/// Playing ↔ game over, following the game once its last move has been shown.
fn follow_outcome(
    bridge: Res<Bridge>,
    animating: Res<Animating>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let over = bridge.game.outcome().is_some();
    match screen.get() {
        Screen::Playing if over && !animating.0 => next.set(Screen::GameOver),
        Screen::GameOver if !over => next.set(Screen::Playing),
        _ => {}
    }
}

/// Entering a game: the men are built from the rules.
fn enter_game(mut resynced: MessageWriter<Resynced>) {
    resynced.write(Resynced);
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_computed_state::<InGame>();
    app.init_resource::<RulesReturn>();
    app.add_systems(OnEnter(InGame), enter_game);
    app.add_systems(
        Update,
        follow_outcome
            .run_if(in_state(InGame))
            .after(super::GameSet::React),
    );
}
