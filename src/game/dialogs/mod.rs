//! The dialogs over any screen, one at a time ([`Dialog`]): new game, load a record or
//! position, settings. Their forms live here between openings.

mod load;
mod new_game;
mod settings;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::bot::Level;
use crate::game::app::screen::{Dialog, GameKind, InGame, MenuAction};
use crate::game::app::ui::{PanelPlace, UiLayer};
use crate::game::chogo_board::bridge::{Bridge, Command, PlayerKind, Setup};
use crate::game::go_board::bridge::{GoBridge, GoCommand, GoSetup};
use crate::rules::{BySide, Side};
use crate::save::{GoSavedGame, SavedGame};

pub use crate::game::go_board::describe::go_rules_line;
pub use load::LoadForm;
pub use new_game::NewGameForm;

/// What the menus ask for: a [`MenuAction`], or a game to start on a board (its bridge
/// gets the new or loaded game, and the screen shows that board).
#[derive(SystemParam)]
pub struct Menu<'w> {
    actions: MessageWriter<'w, MenuAction>,
    chogo: MessageWriter<'w, Command>,
    go: MessageWriter<'w, GoCommand>,
}

impl Menu<'_> {
    pub fn write(&mut self, action: MenuAction) {
        self.actions.write(action);
    }

    /// A new game of Chogo.
    pub fn new_chogo(&mut self, setup: Setup) {
        self.chogo.write(Command::NewGame(setup));
        self.actions.write(MenuAction::Show(GameKind::Chogo));
    }

    /// Play on from an imported record or position of Chogo.
    pub fn load_chogo(&mut self, saved: SavedGame) {
        self.chogo.write(Command::Load(Box::new(saved)));
        self.actions.write(MenuAction::Show(GameKind::Chogo));
    }

    /// A new game of Go with chess pieces.
    pub fn new_go(&mut self, setup: GoSetup) {
        self.go.write(GoCommand::NewGame(setup));
        self.actions.write(MenuAction::Show(GameKind::Go));
    }

    /// Play on from an imported game of Go with chess pieces.
    pub fn load_go(&mut self, saved: GoSavedGame) {
        self.go.write(GoCommand::Load(Box::new(saved)));
        self.actions.write(MenuAction::Show(GameKind::Go));
    }
}

/// Who plays whom in the next game (new or loaded).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opponent {
    /// `None`: two people.
    pub level: Option<Level>,
    /// The person's side against a bot.
    pub side: Side,
}

impl Default for Opponent {
    fn default() -> Opponent {
        Opponent {
            level: Some(Level::Medium),
            side: Side::Black,
        }
    }
}

impl Opponent {
    pub fn players(self) -> BySide<PlayerKind> {
        match self.level {
            None => BySide::new(PlayerKind::Human, PlayerKind::Human),
            Some(level) => {
                let mut p = BySide::new(PlayerKind::Bot(level), PlayerKind::Bot(level));
                p[self.side] = PlayerKind::Human;
                p
            }
        }
    }

    fn of(players: BySide<PlayerKind>) -> Opponent {
        match (players.black, players.white) {
            (PlayerKind::Human, PlayerKind::Bot(level)) => Opponent {
                level: Some(level),
                side: Side::Black,
            },
            (PlayerKind::Bot(level), PlayerKind::Human) => Opponent {
                level: Some(level),
                side: Side::White,
            },
            _ => Opponent {
                level: None,
                side: Side::Black,
            },
        }
    }

    fn form(&mut self, ui: &mut egui::Ui) {
        egui::ComboBox::from_label("Opponent")
            .selected_text(self.level.map_or("Another person".to_string(), |l| {
                format!("Computer: {}", l.title())
            }))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.level, None, "Another person");
                for level in Level::ALL {
                    ui.selectable_value(
                        &mut self.level,
                        Some(level),
                        format!("Computer: {}", level.title()),
                    );
                }
            });
        if self.level.is_some() {
            ui.horizontal(|ui| {
                ui.label("You play");
                ui.radio_value(&mut self.side, Side::Black, "Black (moves first)");
                ui.radio_value(&mut self.side, Side::White, "White");
            });
        }
    }
}

/// Who plays, in a few words: "You (Black) against Medium".
pub fn matchup(players: BySide<PlayerKind>) -> String {
    match (players.black, players.white) {
        (PlayerKind::Human, PlayerKind::Human) => "Two players".into(),
        (PlayerKind::Human, PlayerKind::Bot(l)) => format!("You (Black) against {}", l.title()),
        (PlayerKind::Bot(l), PlayerKind::Human) => format!("You (White) against {}", l.title()),
        (PlayerKind::Bot(b), PlayerKind::Bot(w)) => format!("{} against {}", b.title(), w.title()),
    }
}

/// The panel's place when a game is on the screen (a dialog then sits over the board,
/// beside a panel on the right).
fn over_game(state: &Option<Res<State<InGame>>>, place: &PanelPlace) -> Option<PanelPlace> {
    state.as_ref().map(|_| *place)
}

/// Esc closes the dialog (when no text field has the keys).
fn close_on_escape(
    mut contexts: bevy_egui::EguiContexts,
    mut actions: MessageWriter<crate::game::app::screen::MenuAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !ctx.text_edit_focused() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        actions.write(crate::game::app::screen::MenuAction::Open(Dialog::None));
    }
    Ok(())
}

/// Dialogs start from the game on the board.
fn init_forms(
    bridge: Res<Bridge>,
    go: Res<GoBridge>,
    kind: Res<State<GameKind>>,
    mut form: ResMut<NewGameForm>,
    mut load: ResMut<LoadForm>,
) {
    form.game = *kind.get();
    form.go = new_game::GoForm::of(&go.setup);
    form.rules = *bridge.game.rules();
    form.opponent = Opponent::of(bridge.setup.players);
    load.opponent = form.opponent;
}

/// The new-game dialog opened over a game offers that game (the title screen's buttons
/// choose it themselves).
fn offer_the_game_on_screen(
    kind: Res<State<GameKind>>,
    in_game: Option<Res<State<InGame>>>,
    mut form: ResMut<NewGameForm>,
) {
    if in_game.is_some() {
        form.game = *kind.get();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Dialog::NewGame), offer_the_game_on_screen);
    app.init_resource::<NewGameForm>();
    app.init_resource::<LoadForm>();
    app.add_systems(Startup, init_forms);
    app.add_systems(OnExit(Dialog::Load), load::forget_files);
    #[cfg(not(target_arch = "wasm32"))]
    {
        app.add_message::<FileDragAndDrop>();
        app.add_systems(
            Update,
            load::dropped_files.in_set(crate::game::app::sets::Phase::Input),
        );
    }
    app.add_systems(
        EguiPrimaryContextPass,
        (
            new_game::dialog.run_if(in_state(Dialog::NewGame)),
            load::dialog.run_if(in_state(Dialog::Load)),
            settings::dialog.run_if(in_state(Dialog::Settings)),
            close_on_escape.run_if(not(in_state(Dialog::None))),
        )
            .in_set(UiLayer::Dialogs),
    );
}
