//! The position editor's panel, written once for both boards: the brushes (what a click on
//! the board puts there), the side to move, the board's own switches (Chogo's kings in
//! hand), the rules as a line of text, the position text (read back, copied), what is
//! wrong with the set-up, and the buttons that play from it or analyse it.
//!
//! The board keeps the set-up being edited in its bridge and answers the asks this panel
//! returns; this layer never asks which game it is.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::common::{BySide, Player, Side};
use crate::game::app::game_panel;
use crate::game::app::reports::Refused;
use crate::game::app::session::{Command, Edit, Session, SessionGame};
use crate::game::app::ui::{DrawerOpen, Notice, PanelPlace, UiLayer, palette};

/// What the position editor needs of a board's game beyond its session: the set-up's
/// texts, its brushes and switches, and how the board reads new rules and positions.
pub trait EditedBoard: SessionGame {
    /// The board's name for egui's ids: `chogo`, `go`.
    const ID: &'static str;
    /// How the board reads a rules line (the field's hover text).
    const RULES_HELP: &'static str;
    /// The bots a game from the set-up may be played against, weakest first, each with
    /// its name as the new game dialog gives it.
    fn levels() -> Vec<(Self::Level, String)>;
    /// The brushes, in the panel's order, each with the piece it puts (`None`: empties).
    fn brushes(set_up: &Self::Position) -> Vec<(Brush, Option<Self::Piece>)>;
    /// The board's own switches beside the pieces, each with whether it is on.
    fn switches(_set_up: &Self::Position) -> Vec<(String, bool)> {
        Vec::new()
    }
    /// The change switch `i` asks for.
    fn switch(_set_up: &Self::Position, _i: usize) -> Option<Edit<Self>> {
        None
    }
    fn to_move(set_up: &Self::Position) -> Side;
    /// The set-up's rules as a line of text.
    fn rules_text(set_up: &Self::Position) -> String;
    /// The set-up as position text.
    fn position_text(set_up: &Self::Position) -> String;
    /// The start of the rules `text` names, or why they cannot be played.
    fn read_rules(text: &str) -> Result<Self::Position, String>;
    /// The position `text` describes under the set-up's rules.
    fn read_position(text: &str, set_up: &Self::Position) -> Result<Self::Position, String>;
    /// The set-up with every piece taken off.
    fn cleared(set_up: &Self::Position) -> Self::Position;
    /// The start position of the set-up's rules.
    fn start_of(set_up: &Self::Position) -> Self::Position;
}

/// Whether the board's position editor is open.
pub fn editing<G: SessionGame>(session: Res<Session<G>>) -> bool {
    session.edit.is_some()
}

/// The editor's panel of board `G` while its editor is open, and the edits its clicks
/// ask for.
fn panel<G: EditedBoard>(
    mut contexts: EguiContexts,
    session: Res<Session<G>>,
    notice: Res<Notice>,
    mut brush: ResMut<EditBrush>,
    mut fields: ResMut<EditorFields>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut commands: MessageWriter<Command<G>>,
    mut refused: MessageWriter<Refused>,
) -> Result {
    let Some(set_up) = session.edit.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let shown: Vec<Brush> = G::brushes(set_up).into_iter().map(|(b, _)| b).collect();
    let switches = G::switches(set_up);
    let levels = G::levels();
    let names: Vec<&str> = levels.iter().map(|(_, name)| name.as_str()).collect();
    let view = EditorView {
        id: G::ID,
        brushes: &shown,
        brush: brush.0.min(shown.len().saturating_sub(1)),
        turn: G::to_move(set_up),
        switches: &switches,
        rules: G::rules_text(set_up),
        rules_help: G::RULES_HELP,
        text: G::position_text(set_up),
        problem: G::check_setup(set_up).err(),
        levels: &names,
        notice: notice.0.as_deref(),
    };
    let mut asked = Vec::new();
    let bar = (
        Some(G::to_move(set_up)),
        egui::RichText::new("Setting up a position"),
    );
    game_panel::place_panel::<()>(ctx, *place, &mut drawer, None, bar, &[], |ui| {
        asked = editor_panel(ui, &view, &mut fields);
    });
    let bots: Vec<G::Level> = levels.iter().map(|(level, _)| *level).collect();
    for ask in asked {
        let replaced = |read: Result<G::Position, String>| read.map(|p| Edit::Replace(Box::new(p)));
        let edit = match &ask {
            EditAsk::Brush(i) => {
                brush.0 = *i;
                continue;
            }
            EditAsk::Turn(side) => Ok(Edit::Turn(*side)),
            EditAsk::Switch(i) => match G::switch(set_up, *i) {
                Some(edit) => Ok(edit),
                None => continue,
            },
            EditAsk::Rules(text) => replaced(G::read_rules(text)),
            EditAsk::Text(text) => replaced(
                G::read_position(text, set_up).map_err(|e| format!("the position text: {e}")),
            ),
            EditAsk::Clear => Ok(Edit::Replace(Box::new(G::cleared(set_up)))),
            EditAsk::Start => Ok(Edit::Replace(Box::new(G::start_of(set_up)))),
            EditAsk::Play { .. } | EditAsk::Analyse => match ask.game(&bots) {
                Some((players, analyse)) => Ok(Edit::Play { players, analyse }),
                None => continue,
            },
            EditAsk::Cancel => Ok(Edit::Close),
        };
        match edit {
            Ok(edit) => {
                commands.write(Command::Edit(edit));
            }
            Err(why) => {
                refused.write(Refused(why));
            }
        }
    }
    Ok(())
}

/// Board `G`'s position editor is drawn while its state `on` holds and the editor is
/// open.
pub fn register<G: EditedBoard, S: States>(app: &mut App, on: S) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel::<G>
            .run_if(in_state(on).and_then(editing::<G>))
            .in_set(UiLayer::Panel),
    );
}

/// What a click on the board puts on a cell while editing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brush {
    /// Its name on the button: "man", "king", "rook", "empty".
    pub name: String,
    /// Whose piece it puts (`None`: it empties the cell).
    pub side: Option<Side>,
}

/// A board's brushes: each side's pieces in turn (`pieces(side)`: each brush's name and
/// the piece it puts), then "empty", which empties the cell.
pub fn brush_list<P>(pieces: impl Fn(Side) -> Vec<(&'static str, P)>) -> Vec<(Brush, Option<P>)> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        for (name, piece) in pieces(side) {
            let brush = Brush {
                name: name.into(),
                side: Some(side),
            };
            out.push((brush, Some(piece)));
        }
    }
    let empty = Brush {
        name: "empty".into(),
        side: None,
    };
    out.push((empty, None));
    out
}

/// The piece a click with the chosen brush puts on a cell that holds `there` (the same
/// piece again takes it off).
pub fn brush_put<P: Copy + PartialEq>(
    brushes: &[(Brush, Option<P>)],
    brush: EditBrush,
    there: Option<P>,
) -> Option<P> {
    let chosen = brushes.get(brush.0).and_then(|(_, piece)| *piece);
    if chosen == there { None } else { chosen }
}

/// The brush chosen (an index into the board's brushes).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EditBrush(pub usize);

/// What the board tells the editor panel.
pub struct EditorView<'a> {
    /// The board's name for egui's ids: `chogo`, `go`.
    pub id: &'a str,
    pub brushes: &'a [Brush],
    pub brush: usize,
    pub turn: Side,
    /// The board's own switches beside the pieces, each with whether it is on.
    pub switches: &'a [(String, bool)],
    /// The rules of the set-up as a line of text, and how the board reads one.
    pub rules: String,
    pub rules_help: &'a str,
    /// The set-up as position text.
    pub text: String,
    /// What stops a game from starting here (`None`: a legal position).
    pub problem: Option<String>,
    /// The bots a game from here may be played against, weakest first.
    pub levels: &'a [&'a str],
    /// The last refusal (bad rules or text, a set-up that cannot start a game).
    pub notice: Option<&'a str>,
}

/// What the editor panel asks the board for.
#[derive(Clone, Debug, PartialEq)]
pub enum EditAsk {
    Brush(usize),
    Turn(Side),
    Switch(usize),
    /// New rules, as text: the set-up starts again from their start position.
    Rules(String),
    /// A position text to read into the set-up.
    Text(String),
    /// An empty board.
    Clear,
    /// The rules' start position.
    Start,
    /// A game from the set-up: the person plays `you`; the other side is a person
    /// (`None`) or the bot of that level (an index into the board's levels).
    Play {
        you: Side,
        bot: Option<usize>,
    },
    /// A game between people from the set-up, with the analysis on.
    Analyse,
    /// Back to the game, the set-up dropped.
    Cancel,
}

impl EditAsk {
    /// Who plays a game asked for from the set-up, and whether it is to be analysed:
    /// `levels` are the board's bots, as the panel listed them. `None` for any other ask.
    pub fn game<L: Copy>(&self, levels: &[L]) -> Option<(BySide<Player<L>>, bool)> {
        match *self {
            EditAsk::Play { you, bot } => {
                let other = bot
                    .and_then(|i| levels.get(i))
                    .map_or(Player::Human, |&l| Player::Bot(l));
                let players =
                    BySide::from_fn(|side| if side == you { Player::Human } else { other });
                Some((players, false))
            }
            EditAsk::Analyse => Some((BySide::new(Player::Human, Player::Human), true)),
            _ => None,
        }
    }
}

/// The editor's text fields and choices, kept between frames.
#[derive(Resource, Debug, Clone)]
pub struct EditorFields {
    /// What the fields were last filled from (the set-up's text and rules): a change from
    /// elsewhere fills them again; typing does not.
    filled: Option<(String, String)>,
    rules: String,
    text: String,
    /// The opponent: 0 a person, else the level at index − 1.
    opponent: usize,
    you: Side,
}

impl Default for EditorFields {
    fn default() -> EditorFields {
        EditorFields {
            filled: None,
            rules: String::new(),
            text: String::new(),
            opponent: 0,
            you: Side::Black,
        }
    }
}

/// Draws the editor panel; returns what its clicks asked for.
pub fn editor_panel(
    ui: &mut egui::Ui,
    view: &EditorView,
    fields: &mut EditorFields,
) -> Vec<EditAsk> {
    let mut asked = Vec::new();
    // The other board's choice may name a level this board lacks.
    fields.opponent = fields.opponent.min(view.levels.len());
    let seen = (view.text.clone(), view.rules.clone());
    if fields.filled.as_ref() != Some(&seen) {
        fields.text = view.text.clone();
        fields.rules = view.rules.clone();
        fields.filled = Some(seen);
    }
    egui::ScrollArea::vertical()
        .id_salt((view.id, "editor"))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(6.0);
            ui.label(egui::RichText::new("Set up a position").size(22.0));
            ui.label(
                egui::RichText::new(
                    "Click a cell to put the piece chosen; right click empties it.",
                )
                .small()
                .weak(),
            );
            ui.separator();
            placing(ui, view, &mut asked);
            ui.separator();
            texts(ui, view, fields, &mut asked);
            ui.separator();
            play_from_here(ui, view, fields, &mut asked);
        });
    asked
}

/// The brushes, the side to move, the board's switches, and clearing or restarting.
fn placing(ui: &mut egui::Ui, view: &EditorView, asked: &mut Vec<EditAsk>) {
    ui.horizontal_wrapped(|ui| {
        for (i, brush) in view.brushes.iter().enumerate() {
            if brush_label(ui, brush, i == view.brush).clicked() {
                asked.push(EditAsk::Brush(i));
            }
        }
    });
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("To move:");
        for side in Side::BOTH {
            if ui.radio(view.turn == side, side.to_string()).clicked() {
                asked.push(EditAsk::Turn(side));
            }
        }
    });
    for (i, (name, on)) in view.switches.iter().enumerate() {
        if ui.checkbox(&mut on.clone(), name.as_str()).clicked() {
            asked.push(EditAsk::Switch(i));
        }
    }
    ui.horizontal(|ui| {
        if ui.button("Clear the board").clicked() {
            asked.push(EditAsk::Clear);
        }
        if ui.button("Start position").clicked() {
            asked.push(EditAsk::Start);
        }
    });
}

/// The rules and the position text, each with its field.
fn texts(
    ui: &mut egui::Ui,
    view: &EditorView,
    fields: &mut EditorFields,
    asked: &mut Vec<EditAsk>,
) {
    ui.label(egui::RichText::new("Rules").strong());
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut fields.rules)
                .desired_width((ui.available_width() - 64.0).max(80.0)),
        );
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        field.on_hover_text(view.rules_help);
        if ui.button("Apply").clicked() || enter {
            asked.push(EditAsk::Rules(fields.rules.trim().to_string()));
        }
    });
    ui.label(
        egui::RichText::new("New rules start again from their start position.")
            .small()
            .weak(),
    );
    ui.separator();
    ui.label(egui::RichText::new("Position text").strong());
    ui.add(
        egui::TextEdit::multiline(&mut fields.text)
            .desired_rows(2)
            .desired_width(ui.available_width())
            .font(egui::TextStyle::Monospace),
    );
    ui.horizontal(|ui| {
        if ui
            .button("Copy")
            .on_hover_text("The position text to the clipboard")
            .clicked()
        {
            ui.ctx().copy_text(view.text.clone());
        }
        if ui
            .button("Read")
            .on_hover_text("Set the board up from the text above")
            .clicked()
        {
            asked.push(EditAsk::Text(fields.text.trim().to_string()));
        }
    });
}

/// Who plays from the set-up, the buttons that start, and what stops a game.
fn play_from_here(
    ui: &mut egui::Ui,
    view: &EditorView,
    fields: &mut EditorFields,
    asked: &mut Vec<EditAsk>,
) {
    let legal = view.problem.is_none();
    ui.horizontal(|ui| {
        ui.label("You play");
        for side in Side::BOTH {
            if ui.radio(fields.you == side, side.to_string()).clicked() {
                fields.you = side;
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("against");
        let name = |i: usize| match i {
            0 => "a person".to_string(),
            // As the new game dialog names them.
            i => view
                .levels
                .get(i - 1)
                .map_or(String::new(), |l| format!("Computer: {l}")),
        };
        egui::ComboBox::from_id_salt((view.id, "editor opponent"))
            .selected_text(name(fields.opponent))
            .show_ui(ui, |ui| {
                for i in 0..=view.levels.len() {
                    ui.selectable_value(&mut fields.opponent, i, name(i));
                }
            });
    });
    // Wrapped: in a narrow panel (900 × 700) Cancel goes to a line of its own.
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(legal, egui::Button::new("Play from here"))
            .on_disabled_hover_text("The set-up is not a legal position yet")
            .clicked()
        {
            asked.push(EditAsk::Play {
                you: fields.you,
                bot: fields.opponent.checked_sub(1),
            });
        }
        if ui
            .add_enabled(legal, egui::Button::new("Analyse"))
            .on_hover_text("A game between people from here, with the engine's analysis")
            .on_disabled_hover_text("The set-up is not a legal position yet")
            .clicked()
        {
            asked.push(EditAsk::Analyse);
        }
        if ui
            .button("Cancel")
            .on_hover_text("Back to the game")
            .clicked()
        {
            asked.push(EditAsk::Cancel);
        }
    });
    // What stops a game, under the buttons: its length changes from one set-up to
    // the next, and the buttons stay under the pointer.
    if let Some(notice) = view.notice {
        ui.add(egui::Label::new(egui::RichText::new(notice).color(palette::WARN)).wrap());
    }
    match &view.problem {
        Some(why) => {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("Not yet a position to play: {why}"))
                        .color(palette::WARN),
                )
                .wrap(),
            );
        }
        None => {
            ui.label(egui::RichText::new("A legal position").color(palette::HINT));
        }
    }
}

/// A brush's button: its side and its name ("Black man", "empty").
fn brush_label(ui: &mut egui::Ui, brush: &Brush, chosen: bool) -> egui::Response {
    let text = match brush.side {
        Some(side) => format!("{side} {}", brush.name),
        None => brush.name.clone(),
    };
    ui.add(egui::Button::selectable(chosen, text))
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<EditBrush>();
    app.init_resource::<EditorFields>();
}
