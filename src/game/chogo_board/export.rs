//! Exporting the game: the record or the position text, to the clipboard or to a file in
//! the data folder (the browser's storage on the web).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::game::app::persist::Persistence;
use crate::game::app::ui::{Notice, UiLayer};
use crate::game::chogo_board::bridge::{Bridge, Viewing};
use crate::save;

/// What to export and how.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    CopyRecord,
    CopyPosition,
    SaveRecord,
    SavePosition,
}

/// The record of the game, or the text of the position on the board.
pub fn export_text(bridge: &Bridge, viewing: &Viewing, what: Export) -> String {
    match what {
        Export::CopyRecord | Export::SaveRecord => {
            save::export_record(&bridge.game, bridge.setup.players, save::now_unix())
        }
        Export::CopyPosition | Export::SavePosition => bridge.shown(viewing.0).to_string(),
    }
}

fn export(
    mut exports: MessageReader<Export>,
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    persistence: Res<Persistence>,
    mut notice: ResMut<Notice>,
) -> Result {
    for &what in exports.read() {
        let text = export_text(&bridge, &viewing, what);
        match what {
            Export::CopyRecord | Export::CopyPosition => {
                contexts.ctx_mut()?.copy_text(text);
                notice.0 = Some(match what {
                    Export::CopyRecord => "The game record is on the clipboard.".into(),
                    _ => "The position text is on the clipboard.".into(),
                });
            }
            Export::SaveRecord | Export::SavePosition => {
                let kind = if what == Export::SaveRecord {
                    "record"
                } else {
                    "position"
                };
                notice.0 = Some(crate::game::app::export::save_export(
                    &persistence,
                    "chogo",
                    kind,
                    &text,
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Export>();
    app.add_systems(EguiPrimaryContextPass, export.in_set(UiLayer::Dialogs));
}
