//! Chogo's position editor: the set-up lives in the bridge (`Bridge::edit`), shown on the
//! board instead of the game; clicks on the board put men or empty cells, and the shared
//! editor panel (`app::editor`) sets the side to move, the kings in hand, the rules and
//! the text, and starts a game from the set-up.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::bot::Level;
use crate::game::app::editor::{Brush, EditAsk, EditBrush, EditorFields, EditorView, editor_panel};
use crate::game::app::game_panel;
use crate::game::app::reports::Refused;
use crate::game::app::ui::{DrawerOpen, Notice, PanelPlace, UiLayer};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Command, Edit};
use crate::rules::{Hand, Man, Position, Role, RuleSet, Side};

/// Whether the position editor is open.
pub fn editing(bridge: Res<Bridge>) -> bool {
    bridge.edit.is_some()
}

/// The brushes for these rules, with the man each puts (`None`: it empties the cell).
pub fn brushes(rules: &RuleSet) -> Vec<(Brush, Option<Man>)> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        let mut roles = vec![Role::Pawn];
        if rules.has_kings() {
            roles.push(Role::King);
        }
        for role in roles {
            let name = if role == Role::King { "king" } else { "man" };
            out.push((
                Brush {
                    name: name.into(),
                    side: Some(side),
                },
                Some(Man::new(side, role)),
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

/// The man a click with the chosen brush puts on a cell that holds `there` (the same man
/// again takes it off).
pub fn put_by_brush(rules: &RuleSet, brush: EditBrush, there: Option<Man>) -> Option<Man> {
    let chosen = brushes(rules).get(brush.0).and_then(|(_, man)| *man);
    if chosen == there { None } else { chosen }
}

/// The levels a game from the set-up may be played against (the title and new game
/// dialogs' list).
const LEVELS: [Level; 5] = [
    Level::Beginner,
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Master,
];

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    notice: Res<Notice>,
    mut brush: ResMut<EditBrush>,
    mut fields: ResMut<EditorFields>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut commands: MessageWriter<Command>,
    mut refused: MessageWriter<Refused>,
) -> Result {
    let Some(setup) = bridge.edit else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let rules = *setup.rules();
    let kinds = brushes(&rules);
    let shown: Vec<Brush> = kinds.iter().map(|(b, _)| b.clone()).collect();
    let switches: Vec<(String, bool)> = if rules.kings_dropped() && rules.has_kings() {
        Side::BOTH
            .iter()
            .map(|&s| (format!("{s}'s king in hand"), setup.hand(s).king))
            .collect()
    } else {
        Vec::new()
    };
    let names: Vec<&str> = LEVELS.iter().map(|l| l.title()).collect();
    let view = EditorView {
        id: "chogo",
        brushes: &shown,
        brush: brush.0.min(shown.len() - 1),
        turn: setup.turn(),
        switches: &switches,
        rules: rules.to_string(),
        rules_help: "A preset (chogo-44, chogo-large, neto) and options, as in \
                     chogo-44,king=rook or 12x10,opening=drops,men=8 (the rule book, §10)",
        text: setup.to_string(),
        problem: setup.check_setup().err().map(|e| e.to_string()),
        levels: &names,
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
            EditAsk::Turn(side) => Edit::Turn(side),
            EditAsk::Switch(i) => {
                let side = Side::BOTH[i.min(1)];
                let hand = setup.hand(side);
                Edit::Hand(
                    side,
                    Hand {
                        king: !hand.king,
                        ..hand
                    },
                )
            }
            EditAsk::Rules(text) => match text.parse::<RuleSet>() {
                Ok(rules) => match rules.validate() {
                    Ok(()) => Edit::Replace(Box::new(Position::new(rules))),
                    Err(e) => {
                        refused.write(Refused(e.to_string()));
                        continue;
                    }
                },
                Err(e) => {
                    refused.write(Refused(e.to_string()));
                    continue;
                }
            },
            EditAsk::Text(text) => match Position::from_text(&text, rules) {
                Ok(position) => Edit::Replace(Box::new(position)),
                Err(e) => {
                    refused.write(Refused(format!("the position text: {e}")));
                    continue;
                }
            },
            EditAsk::Clear => Edit::Replace(Box::new(setup.cleared())),
            EditAsk::Start => Edit::Replace(Box::new(Position::new(rules))),
            EditAsk::Play { .. } | EditAsk::Analyse => match ask.game(&LEVELS) {
                Some((players, analyse)) => Edit::Play { players, analyse },
                None => continue,
            },
            EditAsk::Cancel => Edit::Close,
        };
        commands.write(Command::Edit(edit));
    }
    Ok(())
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel
            .run_if(in_state(ChogoOn).and_then(editing))
            .in_set(UiLayer::Panel),
    );
}
