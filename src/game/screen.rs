//! The screens and the dialog over them, as states: title, playing, game over and the
//! rules; new game, load and settings. The board, its men and its markers exist only while
//! a game is on the screen ([`InGame`]: playing or game over). Menu buttons on any screen
//! ask for a [`MenuAction`], which is carried out here.

use bevy::prelude::*;

use super::animation::Animating;
use super::bridge::{Bridge, Command, PlayerKind, Setup, Viewing};
use super::go_bridge::{GoBridge, GoCommand, GoSetup};
use super::layout::BoardLayout;
use super::sets::Phase;
use super::ui::{Notice, UiClick};
use crate::save::{GoPlayer, GoSavedGame, SavedGame};

/// Whether the board of Go with chess pieces is seen from White's side: so when a person
/// plays White against a bot (its pieces at the bottom), until Flip turns it.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct GoFlipped(pub bool);

impl GoFlipped {
    /// The side a game's players see it from.
    pub fn for_players(players: crate::rules::BySide<GoPlayer>) -> GoFlipped {
        GoFlipped(players.white == GoPlayer::Human && players.black != GoPlayer::Human)
    }
}

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

/// Which of the two games is played: Chogo, or Go with chess pieces. Each has its own
/// board module over its own rules bridge; the screens, dialogs, settings, saves and sounds
/// serve both.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameKind {
    #[default]
    Chogo,
    Go,
}

/// A Chogo game is on the screen: Chogo's board, men and panel exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChogoOn;

impl ComputedStates for ChogoOn {
    type SourceStates = (Screen, GameKind);
    fn compute((screen, kind): (Screen, GameKind)) -> Option<ChogoOn> {
        (InGame::compute(screen).is_some() && kind == GameKind::Chogo).then_some(ChogoOn)
    }
}

/// A game of Go with chess pieces is on the screen: its board, pieces and panel exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GoOn;

impl ComputedStates for GoOn {
    type SourceStates = (Screen, GameKind);
    fn compute((screen, kind): (Screen, GameKind)) -> Option<GoOn> {
        (InGame::compute(screen).is_some() && kind == GameKind::Go).then_some(GoOn)
    }
}

/// The dialog open over the screen, if any (one at a time).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialog {
    #[default]
    None,
    NewGame,
    Load,
    Settings,
}

/// The screen the rules screen goes back to.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct RulesReturn(pub Screen);

/// Whether "Continue" has a game to go back to (a save was found, or a game was played).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Resumable(pub bool);

/// Which of the two games can be continued (each has its own save): the title offers the
/// one played last, and the other beside it.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ResumableGames {
    pub chogo: bool,
    pub go: bool,
}

/// What the menus, dialogs and buttons ask for, carried out by [`act`].
#[derive(Message, Debug, Clone)]
pub enum MenuAction {
    /// Start (or resume) the game in the bridge.
    Play,
    NewGame(Setup),
    /// Play on from an imported record or position.
    Load(Box<SavedGame>),
    /// A new game of Go with chess pieces.
    NewGo(GoSetup),
    /// Play on from an imported game of Go with chess pieces.
    LoadGo(Box<GoSavedGame>),
    /// Open a dialog over the screen (or close it with `Dialog::None`).
    Open(Dialog),
    Rules,
    /// Leave the rules screen for the screen it was opened from.
    Back,
    Title,
    Quit,
}

pub(super) fn act(
    mut actions: MessageReader<MenuAction>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<Command>,
    mut go_commands: MessageWriter<GoCommand>,
    mut kind: ResMut<NextState<GameKind>>,
    mut rules_return: ResMut<RulesReturn>,
    mut viewing: ResMut<Viewing>,
    mut layout: ResMut<BoardLayout>,
    mut go_flipped: ResMut<GoFlipped>,
    mut exit: MessageWriter<AppExit>,
    mut clicks: MessageWriter<UiClick>,
) {
    for action in actions.read() {
        clicks.write(UiClick);
        let in_game = matches!(screen.get(), Screen::Playing | Screen::GameOver);
        let mut play = |next: &mut NextState<Screen>| {
            if !in_game {
                next.set(Screen::Playing);
            }
            viewing.set_if_neq(Viewing(None));
        };
        match action {
            MenuAction::Play => play(&mut next),
            MenuAction::NewGame(setup) => {
                commands.write(Command::NewGame(*setup));
                kind.set(GameKind::Chogo);
                // A person playing White against a bot sees its men at the bottom.
                let white = setup.players.white == PlayerKind::Human
                    && setup.players.black != PlayerKind::Human;
                if layout.flipped != white {
                    layout.flipped = white;
                }
                dialog.set(Dialog::None);
                play(&mut next);
            }
            MenuAction::Load(saved) => {
                commands.write(Command::Load(saved.clone()));
                kind.set(GameKind::Chogo);
                dialog.set(Dialog::None);
                play(&mut next);
            }
            MenuAction::NewGo(setup) => {
                go_commands.write(GoCommand::NewGame(*setup));
                kind.set(GameKind::Go);
                go_flipped.set_if_neq(GoFlipped::for_players(setup.players));
                dialog.set(Dialog::None);
                play(&mut next);
            }
            MenuAction::LoadGo(saved) => {
                go_commands.write(GoCommand::Load(saved.clone()));
                go_flipped.set_if_neq(GoFlipped::for_players(saved.players));
                kind.set(GameKind::Go);
                dialog.set(Dialog::None);
                play(&mut next);
            }
            MenuAction::Open(which) => dialog.set(*which),
            MenuAction::Rules => {
                if *screen.get() != Screen::Rules {
                    rules_return.0 = *screen.get();
                }
                dialog.set(Dialog::None);
                next.set(Screen::Rules);
            }
            MenuAction::Back => next.set(match rules_return.0 {
                Screen::Rules => Screen::Title,
                screen => screen,
            }),
            MenuAction::Title => {
                dialog.set(Dialog::None);
                next.set(Screen::Title);
            }
            MenuAction::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// A game's rules bridge, as the screens follow it.
pub trait Ends: Resource {
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
}

impl Ends for Bridge {
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }
}

impl Ends for GoBridge {
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }
}

/// Playing ↔ game over, following the game on the screen once its last move has been
/// shown (each game's bridge, while its board is on the screen).
fn follow_outcome<B: Ends>(
    bridge: Res<B>,
    animating: Res<Animating>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let over = bridge.is_over();
    match screen.get() {
        Screen::Playing if over && !animating.0 => next.set(Screen::GameOver),
        Screen::GameOver if !over => next.set(Screen::Playing),
        _ => {}
    }
}

/// A game was started or resumed: "Continue" has somewhere to go.
fn remember_game(
    mut resumable: ResMut<Resumable>,
    mut games: ResMut<ResumableGames>,
    kind: Res<State<GameKind>>,
) {
    resumable.0 = true;
    match kind.get() {
        GameKind::Chogo => games.chogo = true,
        GameKind::Go => games.go = true,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_state::<Dialog>();
    app.init_state::<GameKind>();
    app.add_computed_state::<InGame>();
    app.add_computed_state::<ChogoOn>();
    app.add_computed_state::<GoOn>();
    app.init_resource::<GoFlipped>();
    app.init_resource::<RulesReturn>();
    app.init_resource::<Resumable>();
    app.init_resource::<ResumableGames>();
    app.add_message::<MenuAction>();
    app.add_message::<UiClick>();
    app.add_systems(OnEnter(InGame), remember_game);
    // A notice belongs to the game it was given in: a board coming on screen (a new game,
    // Continue, the other game) starts without one.
    let clear_notice = |mut notice: ResMut<Notice>| notice.0 = None;
    app.add_systems(OnEnter(ChogoOn), clear_notice);
    app.add_systems(OnEnter(GoOn), clear_notice);
    app.add_systems(Update, act.in_set(Phase::Input));
    app.add_systems(
        Update,
        (
            follow_outcome::<Bridge>.run_if(in_state(ChogoOn)),
            follow_outcome::<GoBridge>.run_if(in_state(GoOn)),
        )
            .in_set(Phase::Screens),
    );
}
