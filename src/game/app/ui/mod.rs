//! The UI layer shared by every screen and dialog: one palette, egui's style and fonts,
//! the small widgets the menus are made of, the notice line, and the small-board painter.

pub mod mini_board;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::app::reports::Refused;
use crate::rules::Side;

/// The palette of the panels, menus and dialogs (the board has its own: [`crate::game::app::theme`]).
pub mod palette {
    use bevy_egui::egui::Color32;

    /// Warm gold for titles and results.
    pub const GOLD: Color32 = Color32::from_rgb(240, 205, 120);
    /// Soft orange for problems, notices and questions.
    pub const WARN: Color32 = Color32::from_rgb(240, 170, 120);
    /// The background of panels and full-screen menus.
    pub const PANEL: Color32 = Color32::from_rgb(34, 29, 26);
    /// Dialog windows.
    pub const WINDOW: Color32 = Color32::from_rgb(44, 37, 32);
    /// The Polis badge.
    pub const POLIS: Color32 = Color32::from_rgb(52, 86, 170);
    /// A hint's text.
    pub const HINT: Color32 = Color32::from_rgb(120, 200, 235);
    /// Black's and White's swatches: fill and edge.
    pub const BLACK_SIDE: (Color32, Color32) =
        (Color32::from_rgb(30, 28, 28), Color32::from_gray(90));
    pub const WHITE_SIDE: (Color32, Color32) =
        (Color32::from_rgb(245, 240, 228), Color32::from_gray(150));
    /// The square of the board the swatches stand on.
    pub const SQUARE: Color32 = Color32::from_rgb(222, 186, 135);
}

/// The side panel's width beside the board in a roomy window, in logical pixels.
pub const PANEL_WIDTH: f32 = 300.0;
/// The height of the bar across the top of a small window (the drawer's handle).
pub const BAR_HEIGHT: f32 = 40.0;

/// Where the game's panel goes in a window of a given size, so that the board and every
/// control stay usable from a large monitor down to 400 × 300 and on a phone held
/// upright.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub enum PanelPlace {
    /// Beside the board on the right, this wide.
    Right(f32),
    /// Below the board, this high (windows taller than wide).
    Below(f32),
    /// A bar across the top with the essentials; the whole panel slides in over the
    /// board from the right when asked for (small windows).
    Drawer,
}

impl Default for PanelPlace {
    fn default() -> PanelPlace {
        PanelPlace::Right(PANEL_WIDTH)
    }
}

impl PanelPlace {
    /// The place for a window of this size (logical pixels).
    pub fn for_window(window: Vec2) -> PanelPlace {
        if window.y > window.x * 1.15 {
            // The board takes the width (its height is about 0.85 of it) but at most 60 %
            // of the height; the panel the rest.
            let board = (window.x * 0.85).min(window.y * 0.6);
            PanelPlace::Below((window.y - board).floor())
        } else if window.y >= 560.0 && window.x >= 1000.0 {
            PanelPlace::Right(PANEL_WIDTH)
        } else if window.y >= 560.0 && window.x >= 760.0 {
            PanelPlace::Right(260.0)
        } else {
            PanelPlace::Drawer
        }
    }

    /// The part of the window the board has: its size, and its centre's offset from the
    /// window's centre in world coordinates (y up).
    pub fn board_area(self, window: Vec2) -> (Vec2, Vec2) {
        match self {
            PanelPlace::Right(width) => (
                Vec2::new(window.x - width, window.y),
                Vec2::new(-width / 2.0, 0.0),
            ),
            PanelPlace::Below(height) => (
                Vec2::new(window.x, window.y - height),
                Vec2::new(0.0, height / 2.0),
            ),
            PanelPlace::Drawer => (
                Vec2::new(window.x, window.y - BAR_HEIGHT),
                Vec2::new(0.0, -BAR_HEIGHT / 2.0),
            ),
        }
    }

    /// Where a window over the game is centred: over the board beside a panel on the
    /// right, else over the middle of the window, which a tall dialog needs (egui points
    /// from the window's centre).
    pub fn dialog_offset(self) -> [f32; 2] {
        match self {
            PanelPlace::Right(width) => [-width / 2.0, 0.0],
            PanelPlace::Below(_) | PanelPlace::Drawer => [0.0, 0.0],
        }
    }

    /// The centre of the board's part of the window, for a small card over the board
    /// (egui points from the window's centre, y down).
    pub fn board_offset(self) -> [f32; 2] {
        match self {
            PanelPlace::Right(width) => [-width / 2.0, 0.0],
            PanelPlace::Below(height) => [0.0, -height / 2.0],
            PanelPlace::Drawer => [0.0, BAR_HEIGHT / 2.0],
        }
    }
}

/// Whether a small window's drawer (the whole panel over the board) is open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawerOpen(pub bool);

/// A button of the interface was pressed (the click's sound).
#[derive(Message, Debug, Clone, Copy)]
pub struct UiClick;

/// One line for the player: why a man cannot move, why a command was refused, what an
/// export did.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

/// The notice line's rule on a board, each frame (both boards): any notice goes when the
/// game or the side line shown moved on (`moved`), and the last refusal (`refused`) takes
/// the line. Returns the notice to show.
pub fn next_notice(now: &Notice, moved: bool, refused: Option<&Refused>) -> Notice {
    if let Some(Refused(why)) = refused {
        return Notice(Some(why.clone()));
    }
    if moved {
        return Notice(None);
    }
    now.clone()
}

/// A `Ui` over the whole window, behind windows, for panels to be shown in (egui 0.36).
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A full screen of its own (learning, online play) over the whole window: a heading
/// with a button back to the title and the screen's `name`, then what `add` draws.
/// True when the button was clicked.
pub fn own_screen(ctx: &egui::Context, name: &str, add: impl FnOnce(&mut egui::Ui)) -> bool {
    let mut back = false;
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(palette::PANEL).inner_margin(16))
        .show(&mut root_ui(ctx), |ui| {
            ui.horizontal(|ui| {
                back = ui.button("← Title").clicked();
                ui.label(egui::RichText::new(name).size(28.0).color(palette::GOLD));
            });
            add(ui);
        });
    back
}

/// A game's side panel in its place: on the right, below the board, or (a small window)
/// a bar across the top with `bar` in it and, when the drawer is open, the whole panel over
/// the board's right part; with the drawer shut the notice shows under the bar. Returns
/// what the bar returned (in a drawer layout).
pub fn side_panel<R>(
    root: &mut egui::Ui,
    ctx: &egui::Context,
    place: PanelPlace,
    drawer_open: bool,
    notice: Option<&str>,
    bar: impl FnOnce(&mut egui::Ui) -> R,
    body: impl FnOnce(&mut egui::Ui),
) -> Option<R> {
    let window = ctx.content_rect().size();
    match place {
        PanelPlace::Right(width) => {
            egui::Panel::right("hud")
                .resizable(false)
                .exact_size(width)
                .show(root, body);
            None
        }
        PanelPlace::Below(height) => {
            egui::Panel::bottom("hud")
                .resizable(false)
                .exact_size(height)
                .show(root, body);
            None
        }
        PanelPlace::Drawer => {
            let asked = egui::Panel::top("bar")
                .resizable(false)
                .exact_size(BAR_HEIGHT)
                .show(root, bar)
                .inner;
            if drawer_open {
                egui::Panel::right("hud")
                    .resizable(false)
                    .exact_size(PANEL_WIDTH.min(window.x))
                    .show(root, body);
            } else if let Some(text) = notice {
                // The notice line lives in the panel: with the drawer shut it shows under
                // the bar, over the board's top-left corner.
                egui::Area::new("notice".into())
                    .anchor(egui::Align2::LEFT_TOP, [8.0, BAR_HEIGHT + 6.0])
                    .interactable(false)
                    .show(ctx, |ui| {
                        egui::Frame::new()
                            .fill(palette::WINDOW)
                            .corner_radius(6.0)
                            .inner_margin(egui::Margin::symmetric(10, 5))
                            .show(ui, |ui| {
                                ui.set_max_width((window.x - 40.0).max(160.0));
                                ui.label(egui::RichText::new(text).color(palette::WARN));
                            });
                    });
            }
            Some(asked)
        }
    }
}

/// The small window's bar of a driven screen's panel ([`side_panel`]'s `bar`): the
/// drawer's handle and one line of how it stands; whether the handle was clicked.
pub fn drawer_bar(ui: &mut egui::Ui, drawer_open: bool, text: &str) -> bool {
    let mut toggled = false;
    ui.horizontal_centered(|ui| {
        let handle = if drawer_open { "Close" } else { "≡ Panel" };
        toggled = ui.button(egui::RichText::new(handle).strong()).clicked();
        ui.add(egui::Label::new(egui::RichText::new(text).strong()).truncate());
    });
    toggled
}

/// Whether the pointer at `point` (logical window coordinates) is over the board rather
/// than the interface: no dialog is open, the drawer is shut, the point lies in the
/// board's part of the window, and no egui window, popup or card is there. It is judged
/// from the point itself: egui's own idea of the pointer lags a frame behind a click that
/// arrives together with its motion (a click on a new dialog went through to the board).
pub fn pointer_on_board(
    ctx: &egui::Context,
    point: Option<Vec2>,
    place: PanelPlace,
    drawer_open: bool,
    dialog_open: bool,
) -> bool {
    let Some(point) = point else {
        return false;
    };
    if dialog_open || place == PanelPlace::Drawer && drawer_open || ctx.egui_wants_pointer_input() {
        return false;
    }
    let window = ctx.content_rect().size();
    let in_panel = match place {
        PanelPlace::Right(width) => point.x > window.x - width,
        PanelPlace::Below(height) => point.y > window.y - height,
        PanelPlace::Drawer => point.y < BAR_HEIGHT,
    };
    let above = ctx
        .layer_id_at(egui::pos2(point.x, point.y))
        .is_some_and(|layer| layer.order != egui::Order::Background);
    !in_panel && !above
}

/// A way to end the game that the panel asks about before doing it: a slip of the mouse
/// must not end a game (both games' panels). `M` is the board's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending<M> {
    Resign(Side),
    OfferDraw(Side),
    /// A move that may end the game, with what it would do in words (Go's pass, when the
    /// other side may pass too: two passes end the game and count it).
    Play(M, &'static str),
}

/// The panel's question about an ending, in a row of its own while it is asked (what is
/// below moves down a row meanwhile; an empty row kept for it was a blank band under the
/// buttons). `asked` holds the question with the
/// game version it was asked in; a question the game has moved past is dropped. Returns
/// the ending the player confirmed.
pub fn ending_question<M: Copy>(
    ui: &mut egui::Ui,
    asked: &mut Option<(Ending<M>, u64)>,
    version: u64,
) -> Option<Ending<M>> {
    if asked.is_some_and(|(_, v)| v != version) {
        *asked = None;
    }
    let mut confirmed = None;
    // No question, no row: an empty one kept a blank band under the panel's buttons.
    let (question, _) = (*asked)?;
    ui.horizontal(|ui| {
        // A long question wraps beside the buttons (they come first, so that they stay
        // where they are) instead of widening the panel past the window.
        ui.set_min_height(26.0);
        ui.set_max_width(ui.available_width());
        let text = match question {
            Ending::Resign(_) => "Resign this game?",
            Ending::OfferDraw(_) => "Offer a draw?",
            Ending::Play(_, question) => question,
        };
        if ui.button("Yes").clicked() {
            confirmed = Some(question);
            *asked = None;
        }
        if ui.button("No").clicked() {
            *asked = None;
        }
        ui.add(egui::Label::new(egui::RichText::new(text).strong().color(palette::WARN)).wrap());
    });
    confirmed
}

/// Browsing a game's moves with the keys (both games): Left and Right one move, Home the
/// start, End the live position. Returns the view asked for (`Some(None)`: the live
/// game), given the number of moves and the view now.
pub fn browse_keys(
    keys: &ButtonInput<KeyCode>,
    moves: usize,
    viewing: Option<usize>,
) -> Option<Option<usize>> {
    let now = viewing.unwrap_or(moves);
    let target = if keys.just_pressed(KeyCode::ArrowLeft) {
        now.saturating_sub(1)
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        (now + 1).min(moves)
    } else if keys.just_pressed(KeyCode::Home) {
        0
    } else if keys.just_pressed(KeyCode::End) {
        moves
    } else {
        return None;
    };
    Some((target < moves).then_some(target))
}

/// One move of a game's move list: the full-move number and the side of the position it
/// was played from, and its text.
pub struct MoveRow {
    pub number: u32,
    pub side: Side,
    pub text: String,
}

/// A side line tried from the position shown, for the move list.
#[derive(Clone, Copy, Debug)]
pub struct Variation<'a> {
    /// The number of its first move, as the game would number it.
    pub first_number: u32,
    /// The side that plays its first move.
    pub first: Side,
    /// Its moves in the rule book's notation.
    pub moves: &'a [String],
}

impl Variation<'_> {
    /// The line as a record writes a variation: `12… e4-e5 13. f3-f4`.
    pub fn text(&self) -> String {
        let mut text = String::new();
        let (mut number, mut side) = (self.first_number, self.first);
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            if side == Side::Black {
                text.push_str(&format!("{number}. "));
            } else if i == 0 {
                text.push_str(&format!("{number}… "));
            }
            text.push_str(mv);
            if side == Side::White {
                number += 1;
            }
            side = !side;
        }
        text
    }
}

/// What a click in the move list asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListAsk {
    /// The position after this many moves (`None`: the live game).
    View(Option<usize>),
    /// Take back the side line's last move.
    LineUndo,
}

/// A game's moves, two to a numbered row (both games' panels). Clicking one asks for the
/// position after it; "Back" for the live game. `viewing` is the number of moves shown
/// (`None`: the live game); a side line tried from there shows above the list, as a
/// variation, with its own take-back. Returns what a click asked for.
pub fn move_list(
    ui: &mut egui::Ui,
    id: &str,
    rows: &[MoveRow],
    viewing: Option<usize>,
    variation: Option<&Variation>,
    height: f32,
) -> Option<ListAsk> {
    let mut asked = list_header(ui, viewing, variation);
    let before_variation = ui.cursor().top();
    if let Some(variation) = variation {
        asked = variation_line(ui, variation).or(asked);
    }
    // The variation's lines come out of the list's room.
    let height = (height - (ui.cursor().top() - before_variation)).max(44.0);
    let shown = viewing.unwrap_or(rows.len());
    // A past move shown from elsewhere (the review's graph, the practice, a key) is
    // scrolled into sight once, when it becomes the one shown; the list scrolls freely
    // after that.
    let seen = egui::Id::new((id, "shown"));
    let newly_shown = ui.data(|d| d.get_temp::<usize>(seen)) != Some(shown);
    ui.data_mut(|d| d.insert_temp(seen, shown));
    let mut area = egui::ScrollArea::vertical()
        .id_salt(id)
        .max_height(height)
        // The list keeps its height as it fills: what is below it does not move.
        .auto_shrink([true, false])
        .stick_to_bottom(viewing.is_none());
    // The start (Home) is above the first move: the list goes to its top.
    if newly_shown && shown == 0 {
        area = area.vertical_scroll_offset(0.0);
    }
    area.show(ui, |ui| {
        if rows.is_empty() {
            ui.label(egui::RichText::new("no moves yet").weak());
            return;
        }
        // The live game's last move too (End, Back): the list was left scrolled
        // wherever a past move had been shown, and sticking to the bottom holds
        // only a list that is there already.
        let scroll_to = newly_shown.then_some(shown);
        if let Some(ask) = move_grid(ui, id, rows, shown, scroll_to) {
            asked = Some(ask);
        }
    });
    asked
}

/// The list's header: "Moves", and Back when a past position or a side line is shown.
fn list_header(
    ui: &mut egui::Ui,
    viewing: Option<usize>,
    variation: Option<&Variation>,
) -> Option<ListAsk> {
    let mut asked = None;
    // The header keeps the Back button's height when it has none, so that the list does
    // not move under the pointer when a past move is clicked.
    let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y + 2.0);
    ui.allocate_ui_with_layout(
        row,
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(row);
            ui.label(egui::RichText::new("Moves").strong());
            let away = match (variation, viewing) {
                (Some(_), _) => Some("a side line"),
                (None, Some(_)) => Some("a past position"),
                (None, None) => None,
            };
            // Back before the words: it stays where it is whichever words follow.
            if let Some(away) = away {
                if ui
                    .small_button("Back")
                    .on_hover_text("Back to the game as it stands")
                    .clicked()
                {
                    asked = Some(ListAsk::View(None));
                }
                ui.label(egui::RichText::new(away).italics().color(palette::GOLD));
            }
        },
    );
    asked
}

/// The side line tried, with the button that takes its last move back.
fn variation_line(ui: &mut egui::Ui, variation: &Variation) -> Option<ListAsk> {
    let mut asked = None;
    // The button first: the line's text grows and shrinks after it, and the button
    // stays under the pointer.
    ui.horizontal_wrapped(|ui| {
        if ui
            .small_button("Take back")
            .on_hover_text("Take back the side line's last move")
            .clicked()
        {
            asked = Some(ListAsk::LineUndo);
        }
        ui.label(
            egui::RichText::new(format!("({})", variation.text()))
                .italics()
                .color(palette::GOLD),
        )
        .on_hover_text("Moves tried from the position marked in the list below");
    });
    asked
}

/// The moves in two columns after their numbers, the one after `shown` moves selected
/// (and scrolled into sight when it is `scroll_to`).
fn move_grid(
    ui: &mut egui::Ui,
    id: &str,
    rows: &[MoveRow],
    shown: usize,
    scroll_to: Option<usize>,
) -> Option<ListAsk> {
    let mut asked = None;
    // Two move columns share what the numbers leave; a long capture list is written
    // smaller, and cut short with "…" (whole on hover) if it still does not fit, instead
    // of widening the panel.
    let number =
        text_width(ui, "888.").max(ui.spacing().interact_size.x) + ui.spacing().item_spacing.x;
    let cell = ((ui.available_width() - number) / 2.0 - ui.spacing().item_spacing.x).max(48.0);
    egui::Grid::new(id)
        .num_columns(3)
        .striped(true)
        .max_col_width(cell)
        .show(ui, |ui| {
            let mut column = 0;
            for (i, row) in rows.iter().enumerate() {
                if row.side == Side::Black || i == 0 {
                    if column != 0 {
                        ui.end_row();
                    }
                    ui.label(egui::RichText::new(format!("{}.", row.number)).weak());
                    if row.side == Side::White {
                        ui.label("…");
                    }
                }
                let text = row.text.as_str();
                let padding = 2.0 * ui.spacing().button_padding.x;
                let words = if text_width(ui, text) + padding > cell {
                    egui::RichText::new(text).small()
                } else {
                    egui::RichText::new(text)
                };
                let mut button = ui.add(egui::Button::selectable(shown == i + 1, words).truncate());
                // A button cut short does not show its whole text by itself.
                if button
                    .intrinsic_size()
                    .is_some_and(|s| s.x > button.rect.width() + 0.5)
                {
                    button = button.on_hover_text(text);
                }
                if scroll_to == Some(i + 1) {
                    button.scroll_to_me(Some(egui::Align::Center));
                }
                if button.clicked() {
                    asked = Some(ListAsk::View((i + 1 < rows.len()).then_some(i + 1)));
                }
                column = if row.side == Side::White { 0 } else { 1 };
                if column == 0 {
                    ui.end_row();
                }
            }
            if column != 0 {
                ui.end_row();
            }
        });
    asked
}

/// The notice's own place in a panel, two lines high, so that a notice coming and going
/// never moves the buttons under the pointer.
pub fn notice_line(ui: &mut egui::Ui, notice: Option<&str>) {
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, 40.0),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(width, 40.0));
            if let Some(text) = notice {
                ui.label(egui::RichText::new(text).color(palette::WARN));
            }
        },
    );
}

/// A dialog window in the middle of the board area (beside a panel on the right during a
/// game; `over_game` gives the panel's place then), no taller than the window: a long form
/// scrolls in a small one.
pub fn dialog<'a>(
    title: &'a str,
    open: &'a mut bool,
    over_game: Option<PanelPlace>,
    ctx: &egui::Context,
) -> egui::Window<'a> {
    let [x, y] = over_game.map_or([0.0, 0.0], PanelPlace::dialog_offset);
    let room = ctx.content_rect().size();
    // The dialog opens centred, and then its top stays where it is while its content
    // grows or shrinks (a re-centred dialog moved a form under the pointer between two
    // clicks): it moves up only as far as a taller content needs to stay in the window.
    let id = egui::Id::new((title, "dialog"));
    let measured = ctx.memory(|m| m.area_rect(id)).map(|r| r.height());
    let height = measured.unwrap_or(room.y / 2.0);
    let centred = (room.y - height) / 2.0 + y;
    let kept = egui::Id::new((title, "dialog top"));
    let pass = ctx.cumulative_pass_nr();
    let top = match ctx.data(|d| d.get_temp::<(f32, u64)>(kept)) {
        // Shown on the pass before: the same opening of the dialog.
        Some((top, seen)) if seen + 1 >= pass => top,
        _ => centred,
    };
    let top = top.min(room.y - 10.0 - height).max(10.0);
    // Kept once the dialog's height is known (its first pass ever only guesses it).
    if measured.is_some() {
        ctx.data_mut(|d| d.insert_temp(kept, (top, pass)));
    }
    egui::Window::new(title)
        .id(id)
        .open(open)
        .collapsible(false)
        // Sized to the content, which scrolls past the window's height ([`scrolling`]).
        .auto_sized()
        .max_width((room.x - 24.0).max(200.0))
        .anchor(egui::Align2::CENTER_TOP, [x, top])
}

/// A dialog's content, scrolling when it is taller than the window leaves room for (a
/// window's own scrolling would keep egui's default height: a long form cut short in a tall
/// window, or a short one padded).
pub fn scrolling(ui: &mut egui::Ui, body: impl FnOnce(&mut egui::Ui)) {
    scrolling_leaving(ui, 0.0, body);
}

/// A dialog's content that scrolls above a row of buttons the caller draws after it (under
/// a separator): the row stays in sight however long the content grows.
pub fn scrolling_above_row<R>(ui: &mut egui::Ui, body: impl FnOnce(&mut egui::Ui) -> R) -> R {
    // A button's height (its text and padding, at least the interaction height), the
    // spacing around the row and the separator above it.
    let spacing = ui.spacing().clone();
    let text = ui.text_style_height(&egui::TextStyle::Button);
    let button = (text + 2.0 * spacing.button_padding.y).max(spacing.interact_size.y);
    let row = button + 2.0 * spacing.item_spacing.y + 6.0;
    scrolling_leaving(ui, row, body)
}

/// The content scrolls in the window's height less the dialog's frame and `below`.
fn scrolling_leaving<R>(ui: &mut egui::Ui, below: f32, body: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = ui.ctx().content_rect().height();
    egui::ScrollArea::vertical()
        .max_height((room - 110.0 - below).max(80.0))
        .auto_shrink([false, true])
        .show(ui, body)
        .inner
}

/// A big menu button (less tall in a short window: `compact`).
pub fn menu_button(ui: &mut egui::Ui, text: &str, enabled: bool, compact: bool) -> bool {
    let (size, height) = if compact { (17.0, 32.0) } else { (20.0, 44.0) };
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(text).size(size))
            .min_size(egui::vec2(300.0_f32.min(ui.available_width()), height)),
    )
    .clicked()
}

/// A row of radio buttons for one choice.
pub fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    options: impl IntoIterator<Item = (T, &'static str)>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        for (option, name) in options {
            ui.radio_value(value, option, name);
        }
    });
}

/// The height a panel's content below its move list took on the frame before (measured by
/// [`measure_below`] under `key`), or `guess` on the first frame.
pub fn room_below(ui: &egui::Ui, key: &str, guess: f32) -> f32 {
    ui.data(|d| d.get_temp(egui::Id::new(key))).unwrap_or(guess)
}

/// Records the height from `top` down to the cursor, for [`room_below`]; a height that
/// changed asks for another frame, so that what was laid out with the old one is redone
/// at once (the game draws only when something changes).
pub fn measure_below(ui: &egui::Ui, key: &str, top: f32) {
    let height = ui.cursor().top() - top;
    let id = egui::Id::new(key);
    let before = ui.data(|d| d.get_temp::<f32>(id));
    if before.is_none_or(|b| (b - height).abs() > 0.5) {
        ui.data_mut(|d| d.insert_temp(id, height));
        ui.ctx().request_repaint();
    }
}

/// The width of `text` in the body font, on one line.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    ui.painter()
        .layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
        .size()
        .x
}

/// A player's line in a side panel: the swatch, `Side: name` and, at the right edge,
/// `captured N`; in a panel too narrow for all of it, the count goes under the name, and
/// the name wraps rather than being cut short.
pub fn player_line(ui: &mut egui::Ui, side: Side, name: &str, captured: u32) {
    let words = format!("{side}: {name}");
    let count = format!("captured {captured}");
    // The strong text is a little wider than the body's measure: a margin for it.
    let needed = text_width(ui, &words) * 1.06
        + text_width(ui, &count)
        + 3.0 * ui.spacing().item_spacing.x
        + SWATCH;
    if needed <= ui.available_width() {
        ui.horizontal(|ui| {
            side_swatch(ui, side);
            ui.label(egui::RichText::new(words).strong());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(count);
            });
        });
        return;
    }
    ui.horizontal(|ui| {
        side_swatch(ui, side);
        ui.add(egui::Label::new(egui::RichText::new(words).strong()).wrap());
    });
    ui.horizontal(|ui| {
        ui.add_space(SWATCH + ui.spacing().item_spacing.x);
        ui.label(egui::RichText::new(count).weak());
    });
}

/// What the move before the last one did, in words, under the last move's: a move's
/// notice stays readable while the answer to it is played.
pub fn earlier_move_words(ui: &mut egui::Ui, words: &str) {
    // One line, cut short (whole on hover): the status block keeps its height.
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!("Before: {words}"))
                .small()
                .weak(),
        )
        .truncate(),
    );
}

/// `Last move: …` in at most two lines, broken anywhere (a capture list has no spaces) and
/// cut short with "…" (whole on hover), so that the block it sits in keeps its height.
pub fn last_move_line(ui: &mut egui::Ui, text: &str) {
    let job = egui::WidgetText::from(format!("Last move: {text}")).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        ui.text_valign(),
    );
    let mut job = std::sync::Arc::unwrap_or_clone(job);
    job.wrap.max_rows = 2;
    job.wrap.break_anywhere = true;
    ui.add(egui::Label::new(job).wrap());
}

/// The side swatch's width and height.
const SWATCH: f32 = 18.0;

/// A side's swatch: its man on a square of the board, so that Black's dark disc reads as
/// a man on the dark panel, not as an empty ring.
pub fn side_swatch(ui: &mut egui::Ui, side: Side) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(SWATCH, SWATCH), egui::Sense::hover());
    let (fill, edge) = match side {
        Side::Black => palette::BLACK_SIDE,
        Side::White => palette::WHITE_SIDE,
    };
    ui.painter().rect_filled(rect, 3.0, palette::SQUARE);
    ui.painter()
        .circle(rect.center(), 6.5, fill, egui::Stroke::new(1.0, edge));
}

/// egui's look for the game, set once.
fn style(mut contexts: EguiContexts, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    #[cfg(target_arch = "wasm32")]
    ctx.set_fonts(web_fonts());
    #[cfg(not(target_arch = "wasm32"))]
    ctx.set_fonts(desktop_fonts());
    // A scroll area's cut edge fades wholly into the background, so that a row cut by
    // it reads as "more this way" rather than as a broken row (the drawer of a 640 × 400
    // window cuts its rows so); egui fades it halfway by default.
    ctx.all_styles_mut(|style| {
        style.spacing.scroll.fade = egui::style::ScrollFadeStyle {
            strength: 1.0,
            size: 22.0,
        };
    });
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = palette::PANEL;
    visuals.window_fill = palette::WINDOW;
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(70, 52, 38);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(96, 70, 48);
    visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(120, 86, 56);
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 104, 52);
    ctx.set_visuals(visuals);
    let mut style = (*ctx.global_style()).clone();
    style.spacing.item_spacing = egui::vec2(8.0, 7.0);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    for (text_style, font) in style.text_styles.iter_mut() {
        font.size = match text_style {
            egui::TextStyle::Heading => 26.0,
            egui::TextStyle::Small => 12.0,
            _ => 15.0,
        };
    }
    ctx.set_global_style(style);
    *done = true;
}

/// The desktop's fonts: egui's own, with Hack behind the text font too, so that the
/// panel's symbols (↶ ↷ ⇅ ◎ ≡) are drawn as in the browser, whose fonts have them.
#[cfg(not(target_arch = "wasm32"))]
fn desktop_fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        family.push("Hack".into());
    }
    fonts
}

/// The browser build's fonts: egui's Ubuntu Light and Hack cut down to the characters the
/// game writes, and the lessons' two stars from its emoji icon font
/// (assets/fonts/make_fonts.sh), instead of egui's 1.4 MB of default fonts.
/// They take effect from the second frame; the first has no text.
#[cfg(target_arch = "wasm32")]
fn web_fonts() -> egui::FontDefinitions {
    use std::sync::Arc;
    let mut fonts = egui::FontDefinitions::empty();
    for (name, bytes) in [
        (
            "ubuntu",
            &include_bytes!("../../../../assets/fonts/ubuntu-light-derivative-chogo.ttf")[..],
        ),
        (
            "hack",
            &include_bytes!("../../../../assets/fonts/hack-chogo.ttf")[..],
        ),
        (
            "stars",
            &include_bytes!("../../../../assets/fonts/stars-chogo.ttf")[..],
        ),
    ] {
        let data = egui::FontData::from_static(bytes);
        fonts.font_data.insert(name.into(), Arc::new(data));
    }
    let family = |names: [&str; 3]| names.map(String::from).to_vec();
    fonts.families.insert(
        egui::FontFamily::Proportional,
        family(["ubuntu", "hack", "stars"]),
    );
    fonts.families.insert(
        egui::FontFamily::Monospace,
        family(["hack", "ubuntu", "stars"]),
    );
    fonts
}

/// The egui layers, in the order they are drawn each frame: the style, the board's
/// coordinates, the side panel, then screens, then dialogs on top.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiLayer {
    Style,
    Board,
    Panel,
    Screens,
    Dialogs,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
    app.init_resource::<DrawerOpen>();
    app.configure_sets(
        EguiPrimaryContextPass,
        (
            UiLayer::Style,
            UiLayer::Board,
            UiLayer::Panel,
            UiLayer::Screens,
            UiLayer::Dialogs,
        )
            .chain(),
    );
    // egui writes new glyphs into its font texture (an `Image` asset) after each pass.
    // The render world learns of a changed asset from that asset's events, which are
    // sent once per frame; unordered, they could be sent before the write, and the frame
    // that first shows a new word then drew it from the old texture, with letters missing
    // (seen in bursts after every move, desktop and browser). Writing the texture first
    // makes the same frame upload it.
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    );
    app.add_systems(EguiPrimaryContextPass, style.in_set(UiLayer::Style));
}
