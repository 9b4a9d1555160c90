//! The screens and the dialog over them, as states: title, playing, game over and the
//! rules; new game, load and settings. The board, its men and its markers exist only while
//! a game is on the screen ([`InGame`]: playing or game over). Menu buttons on any screen
//! ask for a [`MenuAction`], which is carried out here.

use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::app::animation::Animating;
use crate::game::app::sets::Phase;
use crate::game::app::ui::{Notice, UiClick, UiLayer};

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
    /// The lessons of each game, with the stars earned.
    Learn,
    /// A lesson's stage on the board.
    Lesson,
    /// Rated puzzles on the board.
    Puzzles,
    /// Online play: the server, a new game to create or a code to join.
    Online,
    /// An online game on the board: the other side is played on another machine.
    OnlineGame,
}

impl Screen {
    /// A game driven from outside is on the board — a lesson's stage, a puzzle, an online
    /// game: its driver plays the other side.
    pub fn coaches(self) -> bool {
        matches!(self, Screen::Lesson | Screen::Puzzles | Screen::OnlineGame)
    }
}

/// Whether a game driven from outside (a lesson's stage, a puzzle, an online game) is on
/// the screen (a run condition: the board's own panel and saves then stand aside).
pub fn coaching(screen: Option<Res<State<Screen>>>) -> bool {
    screen.is_some_and(|s| s.get().coaches())
}

/// Draws a screen's view, `system`, on the screens' egui layer while `screen` is shown.
pub fn add_view<M>(
    app: &mut App,
    screen: Screen,
    system: impl IntoScheduleConfigs<ScheduleSystem, M>,
) {
    app.add_systems(
        EguiPrimaryContextPass,
        system.run_if(in_state(screen)).in_set(UiLayer::Screens),
    );
}

/// Draws a side panel, `system`, on the panels' egui layer while one of `screens` is
/// shown (beside a board driven from outside: a lesson, a puzzle, an online game).
pub fn add_panel<M>(
    app: &mut App,
    screens: &'static [Screen],
    system: impl IntoScheduleConfigs<ScheduleSystem, M>,
) {
    let shown =
        move |now: Option<Res<State<Screen>>>| now.is_some_and(|n| screens.contains(n.get()));
    app.add_systems(
        EguiPrimaryContextPass,
        system.run_if(shown).in_set(UiLayer::Panel),
    );
}

/// A board is on the screen (a game playing or over, a lesson's stage, a puzzle): the
/// board and men exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;
    fn compute(screen: Screen) -> Option<InGame> {
        matches!(
            screen,
            Screen::Playing
                | Screen::GameOver
                | Screen::Lesson
                | Screen::Puzzles
                | Screen::OnlineGame
        )
        .then_some(InGame)
    }
}

/// Which board is on the screen: Chogo's, or that of Go with chess pieces. Each board
/// module runs over its own rules bridge while its game is shown; the shared layer names
/// the kinds only to tell them apart, never to do one thing for one and another for the
/// other.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum GameKind {
    #[default]
    Chogo,
    Go,
}

impl GameKind {
    /// Every kind, in the order the boards are offered.
    pub const ALL: [GameKind; 2] = [GameKind::Chogo, GameKind::Go];

    /// How the command line (`--game`), the page and the settings file name the game.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Chogo => "chogo",
            GameKind::Go => "go",
        }
    }

    /// The kind named `id` (as [`GameKind::id`] writes it, or as the settings files of
    /// earlier versions wrote the game played last).
    pub fn from_id(id: &str) -> Option<GameKind> {
        let id = if id == "go-with-pieces" { "go" } else { id };
        GameKind::ALL.into_iter().find(|k| k.id() == id)
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

/// Which games can be continued (each board has its own save): the title offers the one
/// played last, and the others beside it.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct ResumableGames(pub std::collections::BTreeSet<GameKind>);

impl ResumableGames {
    pub fn contains(&self, kind: GameKind) -> bool {
        self.0.contains(&kind)
    }
}

/// What the menus, dialogs and buttons ask for, carried out by [`act`].
#[derive(Message, Debug, Clone)]
pub enum MenuAction {
    /// Go (back) to the game on the board last shown.
    Play,
    /// Show this board's game: its bridge has just been asked, by the same system, for
    /// a new game or a loaded one.
    Show(GameKind),
    /// Open a dialog over the screen (or close it with `Dialog::None`).
    Open(Dialog),
    Rules,
    /// The lessons (the path of each game's lessons).
    Learn,
    /// Rated puzzles.
    Puzzles,
    /// Online play (the lobby, or the online game when one is on).
    Online,
    /// Leave the rules screen for the screen it was opened from.
    Back,
    Title,
    Quit,
}

pub(crate) fn act(
    mut actions: MessageReader<MenuAction>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut kind: ResMut<NextState<GameKind>>,
    mut rules_return: ResMut<RulesReturn>,
    mut exit: MessageWriter<AppExit>,
    mut clicks: MessageWriter<UiClick>,
) {
    for action in actions.read() {
        clicks.write(UiClick);
        let in_game = matches!(screen.get(), Screen::Playing | Screen::GameOver);
        let play = |next: &mut NextState<Screen>| {
            if !in_game {
                next.set(Screen::Playing);
            }
        };
        match action {
            MenuAction::Play => play(&mut next),
            MenuAction::Show(which) => {
                kind.set(*which);
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
            MenuAction::Learn => {
                dialog.set(Dialog::None);
                next.set(Screen::Learn);
            }
            MenuAction::Puzzles => {
                dialog.set(Dialog::None);
                next.set(Screen::Puzzles);
            }
            MenuAction::Online => {
                dialog.set(Dialog::None);
                next.set(Screen::Online);
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

/// Playing ↔ game over, following the game on the screen once its last move has been
/// shown (each game's bridge, while its board is on the screen).
pub fn follow_outcome<B: Ends>(
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
    screen: Res<State<Screen>>,
) {
    // A lesson, a puzzle or an online game is no game to continue.
    if screen.get().coaches() {
        return;
    }
    resumable.0 = true;
    games.0.insert(*kind.get());
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_state::<Dialog>();
    app.init_state::<GameKind>();
    app.add_computed_state::<InGame>();
    app.init_resource::<RulesReturn>();
    app.init_resource::<Resumable>();
    app.init_resource::<ResumableGames>();
    app.add_message::<MenuAction>();
    app.add_message::<UiClick>();
    app.add_systems(OnEnter(InGame), remember_game);
    app.add_systems(Update, act.in_set(Phase::Input));
}

/// A board comes on the screen while its state `on` holds: it starts without the notice
/// of the game shown before (a notice belongs to the game it was given in), and the
/// screen follows its game between playing and game over.
pub fn register_board<B: Ends, S: States>(app: &mut App, on: S) {
    app.add_systems(
        OnEnter(on.clone()),
        |mut notice: ResMut<Notice>, mut drawer: ResMut<crate::game::app::ui::DrawerOpen>| {
            notice.0 = None;
            drawer.0 = false;
        },
    );
    app.add_systems(
        Update,
        follow_outcome::<B>
            .run_if(in_state(on))
            .in_set(Phase::Screens),
    );
}
