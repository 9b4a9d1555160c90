//! The position editor of Go with chess pieces: the set-up lives in the bridge
//! (`GoBridge::edit`), shown on the board instead of the game; clicks on the board put
//! pieces or empty cells, and the shared editor panel (`app::editor`) sets the side to
//! move, the rules and the text, and starts a game from the set-up.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::GoOn;
use super::bridge::{GoBridge, GoCommand, GoEdit};
use crate::game::app::editor::{Brush, EditAsk, EditBrush, EditorFields, EditorView, editor_panel};
use crate::game::app::game_panel;
use crate::game::app::reports::Refused;
use crate::game::app::ui::{DrawerOpen, Notice, PanelPlace, UiLayer};
use crate::go::bot::Level;
use crate::go::{Piece, Position, Rules};
use crate::rules::Side;

/// Whether the position editor is open.
pub fn editing(bridge: Res<GoBridge>) -> bool {
    bridge.edit.is_some()
}

/// The brushes for these rules (each kind of the set for each side, then "empty"), with
/// the piece each puts.
pub fn brushes(rules: &Rules) -> Vec<(Brush, Option<Piece>)> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        for kind in rules.pieces.kinds() {
            out.push((
                Brush {
                    name: kind.name().into(),
                    side: Some(side),
                },
                Some(Piece::new(side, kind)),
            ));
        }
    }
    out.push((
        Brush {
            name: "empty".into(),
            side: None,
        },
        None,
    ));
    out
}

/// The piece a click with the chosen brush puts on a cell that holds `there` (the same
/// piece again takes it off).
pub fn put_by_brush(rules: &Rules, brush: EditBrush, there: Option<Piece>) -> Option<Piece> {
    let chosen = brushes(rules).get(brush.0).and_then(|(_, piece)| *piece);
    if chosen == there { None } else { chosen }
}

/// The bots a game from the set-up may be played against.
const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<GoBridge>,
    notice: Res<Notice>,
    mut brush: ResMut<EditBrush>,
    mut fields: ResMut<EditorFields>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut commands: MessageWriter<GoCommand>,
    mut refused: MessageWriter<Refused>,
) -> Result {
    let Some(setup) = bridge.edit else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let rules = *setup.rules();
    let kinds = brushes(&rules);
    let shown: Vec<Brush> = kinds.iter().map(|(b, _)| b.clone()).collect();
    // Capitalised, as the new game dialog names them.
    let names = ["Easy", "Medium", "Hard", "Master"];
    let view = EditorView {
        id: "go",
        brushes: &shown,
        brush: brush.0.min(shown.len() - 1),
        turn: setup.turn(),
        switches: &[],
        rules: rules.to_string(),
        rules_help: "The board (5 to 19, or a Chogo board such as chogo-44), then options: \
                     pieces=RB, moving, superko, komi=6.5",
        text: setup.to_string(),
        problem: setup.check_setup().err().map(|e| e.to_string()),
        levels: &names[..LEVELS.len()],
        notice: notice.0.as_deref(),
    };
    let mut asked = Vec::new();
    let bar = (
        Some(setup.turn()),
        bevy_egui::egui::RichText::new("Setting up a position"),
    );
    game_panel::place_panel::<()>(ctx, *place, &mut drawer, None, bar, &[], |ui| {
        asked = editor_panel(ui, &view, &mut fields);
    });
    for ask in asked {
        let edit = match ask {
            EditAsk::Brush(i) => {
                brush.0 = i;
                continue;
            }
            EditAsk::Turn(side) => GoEdit::Turn(side),
            // The game has no switches beside its pieces.
            EditAsk::Switch(_) => continue,
            EditAsk::Rules(text) => match text.parse::<Rules>() {
                Ok(rules) => GoEdit::Replace(Box::new(Position::new(rules))),
                Err(e) => {
                    refused.write(Refused(e.to_string()));
                    continue;
                }
            },
            EditAsk::Text(text) => match Position::from_text(&text, rules) {
                Ok(position) => GoEdit::Replace(Box::new(position)),
                Err(e) => {
                    refused.write(Refused(format!("the position text: {e}")));
                    continue;
                }
            },
            EditAsk::Clear | EditAsk::Start => GoEdit::Replace(Box::new(setup.cleared())),
            EditAsk::Play { .. } | EditAsk::Analyse => match ask.game(&LEVELS) {
                Some((players, analyse)) => GoEdit::Play { players, analyse },
                None => continue,
            },
            EditAsk::Cancel => GoEdit::Close,
        };
        commands.write(GoCommand::Edit(edit));
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel
            .run_if(in_state(GoOn).and_then(editing))
            .in_set(UiLayer::Panel),
    );
}
