//! The title screen: the game in hand on a small board, Continue, New game, Load, Rules,
//! Settings, Quit; problems with the saved files, and where they are kept.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::app::persist::Persistence;
use crate::game::app::screen::GameKind;
use crate::game::app::screen::{Dialog, MenuAction, Resumable, ResumableGames, Screen};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::theme::Theme;
use crate::game::app::ui::{self, UiLayer, mini_board, palette};
use crate::game::chogo_board::bridge::Bridge;
use crate::game::dialogs::{NewGameForm, go_rules_line, matchup};
use crate::game::go_board::Figures;
use crate::game::go_board::bridge::GoBridge;
use crate::save::GoPlayer;
use bevy_egui::EguiTextureHandle;

/// Who plays whom in a game of Go with chess pieces, in a few words.
fn go_matchup(players: crate::rules::BySide<GoPlayer>) -> String {
    let title = |l: crate::go::bot::Level| {
        let name = l.name();
        name[..1].to_ascii_uppercase() + &name[1..]
    };
    let players = players.map(|p| match p {
        GoPlayer::Bot(l) => Some(title(l)),
        GoPlayer::Human => None,
    });
    match (players.black, players.white) {
        (None, None) => "Two players".into(),
        (None, Some(l)) => format!("You (Black) against {l}"),
        (Some(l), None) => format!("You (White) against {l}"),
        (Some(b), Some(w)) => format!("{b} against {w}"),
    }
}

fn title_screen(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    (go, kind, figures, settings): (
        Res<GoBridge>,
        Res<State<GameKind>>,
        Res<Figures>,
        Res<PlayerSettings>,
    ),
    mut form: ResMut<NewGameForm>,
    persistence: Res<Persistence>,
    theme: Res<Theme>,
    dialog: Res<State<Dialog>>,
    mut actions: MessageWriter<MenuAction>,
    resumable: Res<Resumable>,
    (games, mut next_kind): (Res<ResumableGames>, ResMut<NextState<GameKind>>),
) -> Result {
    // The figures of the Go game on the title's small board, as egui textures.
    let stones = settings.0.rooks_as_stones;
    let mut textures = [[egui::TextureId::default(); 8]; 2];
    if *kind.get() == GameKind::Go {
        for side in [crate::rules::Side::Black, crate::rules::Side::White] {
            for k in go.game.position().rules().pieces.kinds() {
                let handle = figures.of(side, k, stones);
                textures[usize::from(side == crate::rules::Side::White)][k.index()] =
                    contexts.add_image(EguiTextureHandle::Weak(handle.id()));
            }
        }
    }
    let ctx = contexts.ctx_mut()?;
    let mut new_game = |game: GameKind, actions: &mut MessageWriter<MenuAction>| {
        form.game = game;
        actions.write(MenuAction::Open(Dialog::NewGame));
    };
    // Keys for the menu when no dialog is open: C continue, N new game, G new game of Go
    // with chess pieces, L load, R rules, S settings.
    if *dialog.get() == Dialog::None && !ctx.text_edit_focused() {
        let key = |k| ctx.input(|i| i.key_pressed(k));
        if key(egui::Key::C) && resumable.0 {
            actions.write(MenuAction::Play);
        } else if key(egui::Key::N) {
            new_game(GameKind::Chogo, &mut actions);
        } else if key(egui::Key::G) {
            new_game(GameKind::Go, &mut actions);
        } else if key(egui::Key::L) {
            actions.write(MenuAction::Open(Dialog::Load));
        } else if key(egui::Key::R) {
            actions.write(MenuAction::Rules);
        } else if key(egui::Key::S) {
            actions.write(MenuAction::Open(Dialog::Settings));
        }
    }
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(palette::PANEL))
        .show(&mut ui::root_ui(ctx), |ui| {
            let height = ui.available_height();
            // A short window gets a smaller title and buttons. The small board takes the
            // height the rest leaves (measured on the frame before), so that every button
            // is in the window; below 110 points it is left out, and what still does not
            // fit scrolls rather than being cut off.
            let compact = height < 560.0;
            let rest_key = egui::Id::new("title without the board");
            let rest: f32 = ui.data(|d| d.get_temp(rest_key)).unwrap_or(560.0);
            let board_height = (height - rest - 24.0).min(300.0);
            egui::ScrollArea::vertical().show(ui, |ui| {
                let top = ui.cursor().top();
                let mut drawn_board = 0.0;
                ui.add_space((height * 0.04).max(8.0));
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new("CHOGO")
                            .size(if compact { 40.0 } else { 64.0 })
                            .strong()
                            .color(palette::GOLD),
                    );
                    ui.label(
                    egui::RichText::new(
                        "Latrunculi, the Roman soldiers' game, as reconstructed by David Jagger",
                    )
                    .size(if compact { 14.0 } else { 17.0 })
                    .italics(),
                );
                    let go_game = *kind.get() == GameKind::Go;
                    if board_height >= 110.0 {
                        ui.add_space(14.0);
                        drawn_board = board_height + 14.0;
                        if go_game {
                            let figure = |p: crate::go::Piece| {
                                textures[usize::from(p.side == crate::rules::Side::White)]
                                    [p.kind.index()]
                            };
                            let last =
                                go.shown_move(None)
                                    .map_or(crate::go::Bits::EMPTY, |(mv, _)| match mv {
                                        crate::go::Move::Drop { cell, .. }
                                        | crate::go::Move::Step { to: cell, .. } => {
                                            crate::go::Bits::from_cell(cell)
                                        }
                                        crate::go::Move::Pass => crate::go::Bits::EMPTY,
                                    });
                            mini_board::paint_go_position(
                                ui,
                                &theme,
                                go.game.position(),
                                board_height,
                                &figure,
                                last,
                                false,
                            );
                        } else {
                            mini_board::paint_position(
                                ui,
                                &theme,
                                bridge.game.position(),
                                board_height,
                            );
                        }
                    }
                    ui.add_space(if compact { 8.0 } else { 14.0 });
                    if resumable.0 {
                        let line = if go_game {
                            let pos = go.game.position();
                            let state =
                                crate::game::go_board::outcome_text(&go).unwrap_or_else(|| {
                                    format!("move {}, {} to move", pos.fullmoves(), pos.turn())
                                });
                            format!(
                                "Go with chess pieces · {} · {} · {state}",
                                go_matchup(go.setup.players),
                                go_rules_line(pos.rules())
                            )
                        } else {
                            let pos = bridge.game.position();
                            let state = match bridge.game.outcome() {
                                Some(outcome) => outcome.to_string(),
                                None => format!("move {}, {} to move", pos.fullmoves(), pos.turn()),
                            };
                            format!(
                                "{} · {} · {state}",
                                matchup(bridge.setup.players),
                                bridge.game.rules().describe()
                            )
                        };
                        if ui::menu_button(ui, "Continue  (C)", true, compact) {
                            actions.write(MenuAction::Play);
                        }
                        ui.label(egui::RichText::new(line).weak());
                        // The other game's save waits beside it.
                        let (other, name) = match kind.get() {
                            GameKind::Chogo => (GameKind::Go, "Continue Go with chess pieces"),
                            GameKind::Go => (GameKind::Chogo, "Continue Chogo"),
                        };
                        let saved = games.contains(other);
                        if saved && ui.small_button(name).clicked() {
                            next_kind.set(other);
                            actions.write(MenuAction::Play);
                        }
                    }
                    if ui::menu_button(ui, "New game of Chogo  (N)", true, compact) {
                        new_game(GameKind::Chogo, &mut actions);
                    }
                    if ui::menu_button(ui, "New game of Go with chess pieces  (G)", true, compact) {
                        new_game(GameKind::Go, &mut actions);
                    }
                    if ui::menu_button(ui, "Load a record or position  (L)", true, compact) {
                        actions.write(MenuAction::Open(Dialog::Load));
                    }
                    if ui::menu_button(ui, "Rules  (R)", true, compact) {
                        actions.write(MenuAction::Rules);
                    }
                    if ui::menu_button(ui, "Settings  (S)", true, compact) {
                        actions.write(MenuAction::Open(Dialog::Settings));
                    }
                    // A page is closed by the browser, not by the game.
                    if !cfg!(target_arch = "wasm32") && ui::menu_button(ui, "Quit", true, compact) {
                        actions.write(MenuAction::Quit);
                    }
                    for problem in &persistence.problems {
                        ui.label(egui::RichText::new(problem).color(palette::WARN));
                    }
                    if let Some(store) = &persistence.store {
                        ui.add_space(8.0);
                        ui.label(
                            egui::RichText::new(format!(
                                "Games and settings are kept in {}",
                                store.location()
                            ))
                            .small()
                            .weak(),
                        );
                    }
                });
                let used = ui.cursor().top() - top - drawn_board;
                ui.data_mut(|d| d.insert_temp(rest_key, used));
            });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        title_screen
            .run_if(in_state(Screen::Title))
            .in_set(UiLayer::Screens),
    );
}
