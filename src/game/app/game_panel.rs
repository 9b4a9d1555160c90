//! A game's side panel, written once for every board: the game's name and rules, the
//! players with their captures (and Go's score), a compact row of the actions a player
//! reaches for most (each with its tooltip and key), a block of a steady height for whose
//! turn it is (or how the game ended, with what to do next), the notice, the move list
//! taking the height the rest leaves, and a menu with the record's exports and the way to
//! the dialogs and screens. The board fills in what only it knows: its status block, what
//! goes under the actions (Go's drop palette, the question before an ending), its tools
//! and record entries. Also the small window's bar and drawer, and the keys help.
//!
//! The layout holds still: the actions sit above everything that comes and goes, and
//! the menu at the bottom; a line appearing only moves the move list's top.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::common::Side;
use crate::game::app::screen::{Dialog, MenuAction};
use crate::game::app::ui::{self, MoveRow, palette};

/// A player's line: the side, who plays it, what it has captured.
pub struct PlayerRow {
    pub side: Side,
    pub name: String,
    pub captured: u32,
}

/// The status block's least height: the turn, a line under it (thinking, Polis, a past
/// position, a pass), the last move and its words.
const STATUS_HEIGHT: f32 = 96.0;

/// The status block's least height while the study is shown: the turn and the last move.
const STATUS_HEIGHT_STUDYING: f32 = 56.0;

/// The window height from which the score's explanation has its own lines in the panel.
const COUNTS_LEAST_HEIGHT: f32 = 760.0;

/// The move list's least height, three moves: below it the part of the panel above the
/// list scrolls.
const LIST_LEAST: f32 = 110.0;

/// The least room the part of the panel above a move list of its own keeps (the players,
/// the tools, the status); in a shorter panel the list scrolls with the rest.
const LEAST_ABOVE_LIST: f32 = 240.0;

/// A player as the panel names them, short so that "captured N" keeps its place: "You"
/// against a bot, "Player" between people, "Easy bot" (the level's name, capitalised).
pub fn player_name<L: std::fmt::Display>(
    kind: crate::common::Player<L>,
    other: &crate::common::Player<L>,
) -> String {
    use crate::common::Player;
    match (kind, other) {
        (Player::Human, Player::Bot(_)) => "You".into(),
        (Player::Human, Player::Human) => "Player".into(),
        (Player::Bot(level), _) => {
            let name = level.to_string();
            let mut chars = name.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            format!("{}{} bot", first.unwrap_or(' '), chars.as_str())
        }
    }
}

/// A button of the compact action row: a short symbol, its name and key on hover.
#[derive(Clone, Copy, Debug)]
pub struct Tool<A> {
    pub id: A,
    /// What the button shows: a symbol both the desktop's and the browser's fonts have,
    /// or a short word.
    pub icon: &'static str,
    pub name: &'static str,
    /// The key that does the same (shown on hover), if any.
    pub key: &'static str,
    pub enabled: bool,
    /// Drawn lit: a view that is on.
    pub lit: bool,
    /// A picture instead of the symbol (a texture, on a square of this colour).
    pub image: Option<(egui::TextureId, egui::Color32)>,
    /// A word beside the symbol (the study's tools, last in the row: the review's symbol
    /// alone on a row of its own, where the row wrapped before it, said nothing).
    pub word: Option<&'static str>,
}

impl<A> Tool<A> {
    pub fn new(id: A, icon: &'static str, name: &'static str, key: &'static str) -> Tool<A> {
        Tool {
            id,
            icon,
            name,
            key,
            enabled: true,
            lit: false,
            image: None,
            word: None,
        }
    }

    /// The button shows `word` beside its symbol.
    pub fn word(mut self, word: &'static str) -> Tool<A> {
        self.word = Some(word);
        self
    }

    /// The button shows `texture` on a square of `fill` instead of its symbol.
    pub fn image(mut self, texture: egui::TextureId, fill: egui::Color32) -> Tool<A> {
        self.image = Some((texture, fill));
        self
    }

    /// The button, at least `size`: its picture, or its symbol or word.
    fn button(&self, size: egui::Vec2) -> egui::Button<'static> {
        match self.image {
            Some((texture, fill)) => {
                let side = size.y - 8.0;
                egui::Button::image(egui::Image::new((texture, egui::vec2(side, side))))
                    .fill(fill)
                    .min_size(size)
            }
            None => match self.word {
                Some(word) => egui::Button::new(format!("{} {word}", self.icon))
                    .min_size(egui::vec2(0.0, size.y)),
                None => egui::Button::new(icon_text(self.icon)).min_size(size),
            },
        }
    }

    pub fn enabled(mut self, enabled: bool) -> Tool<A> {
        self.enabled = enabled;
        self
    }

    pub fn lit(mut self, lit: bool) -> Tool<A> {
        self.lit = lit;
        self
    }
}

/// The two buttons of the study, for a board's action row: the analysis switch (A) and
/// the review.
pub fn study_tools<A: Copy>(
    analysis: A,
    review_act: A,
    source: Option<&super::study::Source>,
    board: &super::study::AnalysisBoard,
    review: &super::study::GameReview,
) -> [Tool<A>; 2] {
    let on = source.is_some_and(|s| board.is_on(s));
    let reviewing = source.is_some_and(|s| review.progress(s).is_some());
    let reviewed = source.is_some_and(|s| review.of(s).is_some());
    let has_moves = source.is_some_and(|s| !s.played.is_empty());
    [
        Tool::new(
            analysis,
            "±",
            if on {
                "Analysis: hide the engine's judgement"
            } else {
                "Analysis: the engine's win chance and best moves"
            },
            "A",
        )
        .word("Analysis")
        .lit(on),
        Tool::new(
            review_act,
            "▤",
            "Review the game: every move judged by the engine",
            "",
        )
        .word("Review")
        .enabled(has_moves && !reviewing && !reviewed)
        .lit(reviewing),
    ]
}

/// An entry of the panel's menu that the board answers (the record's exports).
#[derive(Clone, Copy, Debug)]
pub struct Entry<A> {
    pub id: A,
    pub name: &'static str,
    pub tip: &'static str,
    pub enabled: bool,
}

/// What a click in the panel asks the board for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked<A> {
    Tool(A),
    Entry(A),
    /// Show the position after this many moves (`None`: the live game).
    View(Option<usize>),
    /// Take back the side line's last move.
    LineUndo,
    /// Learn from the mistakes the review found.
    Practice(super::study::PracticeAsk),
    /// Play the analysis's candidate (its index) and this many moves of its line as a
    /// side line.
    Line(usize, usize),
}

/// Everything a board tells the panel.
pub struct GamePanel<'a, A> {
    /// The board's name for egui's ids: `chogo`, `go`.
    pub id: &'a str,
    /// Changes with every new or loaded game: the panel then starts at its top.
    pub game: u64,
    pub title: &'a str,
    pub rules: &'a str,
    /// The top player first (White, unless the board is seen from White's side).
    pub players: [PlayerRow; 2],
    /// The score as it stands, and what it counts, under the players (Go).
    pub score: Option<(String, &'a str)>,
    pub notice: Option<&'a str>,
    pub tools: Vec<Tool<A>>,
    pub moves: &'a [MoveRow],
    pub viewing: Option<usize>,
    pub record: Vec<Entry<A>>,
    /// What the record's entries last did ("The record is on the clipboard").
    pub note: Option<&'a str>,
    /// How to play, in a line or two at the bottom.
    pub help: &'a str,
    /// The analysis board and the review of the shown game.
    pub study: Option<super::study::StudyView<'a>>,
    /// The game is over: the status (its result, or a past position's turn) comes
    /// above the study, under the action row and `extra`, so that the result's buttons
    /// (rematch, new game) are in sight however much the study (once asked for)
    /// shows, and browsing the finished game does not move the study under the pointer.
    pub result_first: bool,
}

/// How the panel's height is shared (see [`GamePanel::show`]): the room above the menu,
/// the move list's block, a separator's and the list header's heights, and whether the
/// list is kept apart from the scrolling part.
#[derive(Clone, Copy)]
struct Fit {
    room: f32,
    list_block: f32,
    separator: f32,
    header: f32,
    list_apart: bool,
}

impl<A: Copy> GamePanel<'_, A> {
    /// Draws the panel into `ui` (the panel's place, from [`ui::side_panel`]): the header,
    /// the players, the action row, `extra` (a palette, a question), the study, then
    /// `status` (whose turn, or the result; above the study once the game is over), the
    /// notice, the move list and the menu. Everything that
    /// comes and goes sits below the action row, so a line appearing never moves a button
    /// under the pointer: only the move list's top moves, and the list gives up the room.
    /// Menu entries of the app (new game, load, settings, rules, title) are written into
    /// `actions`.
    pub fn show<S: FnOnce(&mut egui::Ui)>(
        self,
        ui: &mut egui::Ui,
        status: S,
        extra: impl FnOnce(&mut egui::Ui),
        actions: &mut MessageWriter<MenuAction>,
        help: &mut ShowHelp,
    ) -> Vec<Asked<A>> {
        let mut asked = Vec::new();
        let total = ui.available_height();
        let below_key = format!("{} panel below the moves", self.id);
        // Solid bars: a bar that floats over the panel on hover hid its right edge.
        let fade = ui.spacing().scroll.fade;
        ui.spacing_mut().scroll = egui::style::ScrollStyle {
            bar_width: 5.0,
            bar_inner_margin: 3.0,
            fade,
            ..egui::style::ScrollStyle::solid()
        };
        // The menu and the help stay at the bottom, out of the scrolling part, so that
        // they are there however much the study shows (measured on the frame before).
        let below = ui::room_below(ui, &below_key, 90.0);
        let room = (total - below).max(120.0);
        // The move list stays out of the scrolling part too, with at least three whole
        // moves, however much the study shows: the part above it scrolls when the room is
        // short (its header is its Back button's height, and a separator above it).
        let header = ui.spacing().interact_size.y + 2.0 + ui.spacing().item_spacing.y;
        // A separator's height with the spacing on both sides of it.
        let separator = 6.0 + 2.0 * ui.spacing().item_spacing.y;
        let list_block = header + LIST_LEAST + separator + ui.spacing().item_spacing.y;
        // In a very short window (a 640 × 400 drawer) the list scrolls with the rest
        // instead: kept apart, it would leave the tools above it a strip of a few lines.
        let list_apart = room - list_block >= LEAST_ABOVE_LIST;
        // The content keeps the width it has beside a scroll bar, shown or not: the
        // action row does not wrap differently when the bar comes and goes.
        let width = ui.available_width() - ui.spacing().scroll.allocated_width();
        let area_height = if list_apart { room - list_block } else { room };
        let mut area = egui::ScrollArea::vertical()
            .id_salt((self.id, "panel"))
            .max_height(area_height)
            .auto_shrink([false, list_apart]);
        // A new game starts at the top of the panel, not where the last one was left.
        let seen = egui::Id::new((self.id, "panel game"));
        if ui.data(|d| d.get_temp::<u64>(seen)) != Some(self.game) {
            ui.data_mut(|d| d.insert_temp(seen, self.game));
            area = area.vertical_scroll_offset(0.0);
        }
        let fit = Fit {
            room,
            list_block,
            separator,
            header,
            list_apart,
        };
        area.show(ui, |ui| {
            ui.set_max_width(width);
            self.upper(ui, status, extra, fit, &mut asked);
        });
        // The list takes what the part above leaves, so the panel fits the window without
        // scrolling when it can; when it cannot, the list keeps three moves.
        if list_apart {
            ui.separator();
            // What is left once the part above, the separator and the list's header are
            // placed, less the menu below (measured on the frame before) and the spacing
            // before it.
            let spacing = ui.spacing().item_spacing.y;
            let height = (ui.available_height() - below - header - spacing).max(LIST_LEAST);
            asked.extend(self.moves_section(ui, height));
        }
        let below_top = ui.cursor().top();
        ui.separator();
        asked.extend(self.menu_row(ui, actions, help));
        ui::measure_below(ui, &below_key, below_top);
        asked
    }
    /// The scrolling part: the heading, the tools, `extra`, the study, the status and the
    /// notice (and the move list, when it is not kept apart: `fit`).
    fn upper<S: FnOnce(&mut egui::Ui)>(
        &self,
        ui: &mut egui::Ui,
        status: S,
        extra: impl FnOnce(&mut egui::Ui),
        fit: Fit,
        asked: &mut Vec<Asked<A>>,
    ) {
        let Fit {
            room,
            list_block,
            separator,
            header,
            list_apart,
        } = fit;
        let top = ui.cursor().top();
        self.heading(ui);
        if let Some(id) = tool_row(ui, &self.tools) {
            asked.push(Asked::Tool(id));
        }
        extra(ui);
        // The status keeps a height that holds its usual lines, so that one coming
        // or going (thinking…, a past position) does not move the move list under
        // the pointer.
        // With the study shown the room goes to the moves: the block holds less.
        // So does a panel too short for the three moves with the full block (seen on
        // the frame before: Go's at 900 × 700 kept a blank band over a cut list).
        let short_key = egui::Id::new((self.id, "panel short"));
        let short = ui.data(|d| d.get_temp::<bool>(short_key)).unwrap_or(false);
        let least = if short || self.study.as_ref().is_some_and(|s| s.shows_anything()) {
            STATUS_HEIGHT_STUDYING
        } else {
            STATUS_HEIGHT
        };
        // The block's spare room beyond its lines, which a full block would have.
        let mut spare = 0.0;
        let mut status = Some(status);
        if self.result_first
            && let Some(status) = status.take()
        {
            ui.separator();
            spare = (STATUS_HEIGHT - status_block(ui, least, status)).max(0.0);
            ui.separator();
        }
        if let Some(study) = &self.study {
            match study.show(ui) {
                Some(super::study::StudyClick::View(n)) => {
                    let live = n >= study.source.played.len();
                    asked.push(Asked::View((!live).then_some(n)));
                }
                Some(super::study::StudyClick::Practice(ask)) => {
                    asked.push(Asked::Practice(ask));
                }
                Some(super::study::StudyClick::Line(i, n)) => {
                    asked.push(Asked::Line(i, n));
                }
                None => {}
            }
        }
        if let Some(status) = status {
            ui.separator();
            spare = (STATUS_HEIGHT - status_block(ui, least, status)).max(0.0);
        }
        if let Some(text) = self.notice {
            notice_line(ui, text);
        }
        let above = ui.cursor().top() - top;
        let full = above + spare + list_block;
        if (full > room) != short {
            ui.data_mut(|d| d.insert_temp(short_key, full > room));
            ui.ctx()
                .request_discard("the status block's height follows the room");
        }
        if !list_apart {
            ui.separator();
            let height = (room - above - separator - header).max(LIST_LEAST);
            asked.extend(self.moves_section(ui, height));
        }
    }

    /// The game's title, its rules, the players and the score.
    fn heading(&self, ui: &mut egui::Ui) {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(self.title).size(22.0));
        ui.add(egui::Label::new(egui::RichText::new(self.rules).weak()).wrap());
        ui.separator();
        for row in &self.players {
            ui::player_line(ui, row.side, &row.name, row.captured);
        }
        if let Some((line, counts)) = &self.score {
            ui.label(egui::RichText::new(line).weak())
                .on_hover_text(*counts);
            // What it counts, under it while the window is tall enough; in a shorter
            // one (900 × 700) its lines pushed whose turn it is out of view, and it is
            // the score's tip alone.
            if ui.ctx().content_rect().height() >= COUNTS_LEAST_HEIGHT {
                ui.add(egui::Label::new(egui::RichText::new(*counts).small().weak()).wrap());
            }
        }
        ui.separator();
    }

    /// The move list, `height` tall, with the review's marks and the side line tried.
    fn moves_section(&self, ui: &mut egui::Ui, height: f32) -> Option<Asked<A>> {
        // The review's marks after the moves it judged.
        let marks = self
            .study
            .as_ref()
            .map(|s| super::study::marks(s.review, Some(s.source)))
            .unwrap_or_default();
        let marked: Vec<MoveRow>;
        let rows = if marks.iter().any(|m| !m.is_empty()) {
            marked = self
                .moves
                .iter()
                .enumerate()
                .map(|(i, row)| MoveRow {
                    text: format!("{}{}", row.text, marks.get(i).copied().unwrap_or("")),
                    number: row.number,
                    side: row.side,
                })
                .collect();
            &marked[..]
        } else {
            self.moves
        };
        let variation = self.study.as_ref().and_then(|s| {
            let line = s.source.line.as_ref()?;
            let from = s.source.shown;
            // The line's first move is numbered as the game's move there would be.
            let (first_number, first) = match (self.moves.get(from), self.moves.last()) {
                (Some(r), _) => (r.number, r.side),
                (None, Some(r)) => (r.number + u32::from(r.side == Side::White), !r.side),
                (None, None) => (1, s.source.first),
            };
            Some(ui::Variation {
                first_number,
                first,
                moves: &line.moves,
            })
        });
        match ui::move_list(
            ui,
            &format!("{} moves", self.id),
            rows,
            self.viewing,
            variation.as_ref(),
            height,
        ) {
            Some(ui::ListAsk::View(view)) => Some(Asked::View(view)),
            Some(ui::ListAsk::LineUndo) => Some(Asked::LineUndo),
            None => None,
        }
    }

    /// The bottom row: the menu (its entries of the app written into `actions`), the
    /// keys' help and the note; then the help's text.
    fn menu_row(
        &self,
        ui: &mut egui::Ui,
        actions: &mut MessageWriter<MenuAction>,
        help: &mut ShowHelp,
    ) -> Vec<Asked<A>> {
        let mut asked = Vec::new();
        ui.horizontal(|ui| {
            let menu = ui.menu_button(egui::RichText::new("≡ Menu").strong(), |ui| {
                ui.set_min_width(190.0);
                let mut open = |ui: &mut egui::Ui, text: &str, action: MenuAction| {
                    if ui.button(text).clicked() {
                        actions.write(action);
                        ui.close();
                    }
                };
                open(ui, "New game…", MenuAction::Open(Dialog::NewGame));
                open(ui, "Load…", MenuAction::Open(Dialog::Load));
                ui.separator();
                for entry in &self.record {
                    let button = ui
                        .add_enabled(entry.enabled, egui::Button::new(entry.name))
                        .on_hover_text(entry.tip);
                    if button.clicked() {
                        asked.push(Asked::Entry(entry.id));
                        ui.close();
                    }
                }
                ui.separator();
                open(ui, "Settings", MenuAction::Open(Dialog::Settings));
                open(ui, "Rules", MenuAction::Rules);
                open(ui, "Title screen", MenuAction::Title);
            });
            menu.response
                .on_hover_text("New game, load, the record, settings, rules, title");
            let keys_button = egui::Button::new("?").selected(help.0);
            if ui
                .add(keys_button)
                .on_hover_text("Keys and mouse (?)")
                .clicked()
            {
                help.0 = !help.0;
            }
            if let Some(note) = self.note {
                ui.add(egui::Label::new(egui::RichText::new(note).small().weak()).truncate());
            }
        });
        ui.add(egui::Label::new(egui::RichText::new(self.help).small().weak()).wrap());
        asked
    }
}

/// The status (whose turn, or the result) in a block at least `least` tall.
/// Returns the block's height: `least`, or its lines' where they are taller.
fn status_block(ui: &mut egui::Ui, least: f32, status: impl FnOnce(&mut egui::Ui)) -> f32 {
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, least),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            // (Before the lines: egui counts a least height from the cursor.)
            ui.set_min_size(egui::vec2(width, least));
            status(ui);
        },
    )
    .response
    .rect
    .height()
}

/// The notice, two lines at most (the whole notice on hover), so that a long one does
/// not push the panel past the window.
fn notice_line(ui: &mut egui::Ui, text: &str) {
    let job = egui::WidgetText::from(egui::RichText::new(text).color(palette::WARN))
        .into_layout_job(ui.style(), egui::FontSelection::Default, ui.text_valign());
    let mut job = std::sync::Arc::unwrap_or_clone(job);
    job.wrap.max_rows = 2;
    let label = ui.add(egui::Label::new(job).wrap());
    if label
        .intrinsic_size()
        .is_some_and(|s| s.y > label.rect.height() + 0.5)
    {
        label.on_hover_text(text);
    }
}

/// The compact action row: small buttons in one or two rows, each named (and its key
/// given) on hover. Returns the tool clicked.
fn tool_row<A: Copy>(ui: &mut egui::Ui, tools: &[Tool<A>]) -> Option<A> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        // Six of them in one row in the narrowest panel beside the board (Chogo's at
        // 900 × 700: Resign on its own row was the new player's find).
        // (Tight enough that they keep that with the scroll bar's width set aside.)
        ui.spacing_mut().button_padding = egui::vec2(6.0, 4.0);
        ui.spacing_mut().item_spacing.x = 3.0;
        let worded = tools.iter().position(|t| t.word.is_some());
        for (i, tool) in tools.iter().enumerate() {
            // The worded tools (last) keep to one row: where they do not all fit in what
            // is left of this one, they start the next (Go's at 900 × 700 left "▤ Review"
            // alone on a third row).
            if Some(i) == worded && i > 0 {
                let wanted = words_width(ui, &tools[i..]);
                if wanted > ui.available_size_before_wrap().x {
                    ui.end_row();
                }
            }
            let button = tool.button(egui::vec2(32.0, 30.0)).selected(tool.lit);
            let tip = if tool.key.is_empty() {
                tool.name.to_string()
            } else {
                format!("{} ({})", tool.name, tool.key)
            };
            if ui
                .add_enabled(tool.enabled, button)
                .on_hover_text(&tip)
                .on_disabled_hover_text(tip)
                .clicked()
            {
                clicked = Some(tool.id);
            }
        }
    });
    clicked
}

/// The width the worded tools among `tools` take in a row, with the spaces between them.
fn words_width<A>(ui: &egui::Ui, tools: &[Tool<A>]) -> f32 {
    let spacing = ui.spacing();
    tools
        .iter()
        .filter_map(|t| t.word.map(|w| format!("{} {w}", t.icon)))
        .map(|text| {
            let galley = egui::WidgetText::from(text).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Button,
            );
            galley.size().x + 2.0 * spacing.button_padding.x
        })
        .fold(-spacing.item_spacing.x, |width, button| {
            width + spacing.item_spacing.x + button
        })
}

/// A tool's label: a lone symbol drawn large enough to read, a word at the body's size.
fn icon_text(icon: &str) -> egui::RichText {
    if icon.chars().count() == 1 {
        egui::RichText::new(icon).size(22.0)
    } else {
        egui::RichText::new(icon)
    }
}

/// Whether the keys and mouse help is shown (`?`, F1, or the panel's `?` button).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ShowHelp(pub bool);

/// The keys and mouse help over the board: each row a key and what it does. Esc or the
/// window's cross closes it.
pub fn keys_window(
    ctx: &egui::Context,
    help: &mut ShowHelp,
    place: ui::PanelPlace,
    rows: &[(&str, &str)],
) {
    if !help.0 {
        return;
    }
    let mut open = true;
    // No wider than its rows need, so that it stands in the middle of the board's part.
    let width = (ctx.content_rect().width() - 24.0).clamp(200.0, 640.0);
    let window = ui::dialog("Keys and mouse", &mut open, Some(place), ctx).max_width(width);
    window.show(ctx, |ui| {
        ui::scrolling(ui, |ui| {
            egui::Frame::new()
                .inner_margin(egui::Margin::symmetric(14, 10))
                .show(ui, |ui| {
                    egui::Grid::new("keys")
                        .num_columns(2)
                        .spacing([18.0, 6.0])
                        .show(ui, |ui| {
                            for (key, what) in rows {
                                ui.label(egui::RichText::new(*key).strong());
                                ui.label(*what);
                                ui.end_row();
                            }
                        });
                });
        })
    });
    if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        help.0 = false;
    }
}

/// Whether the player asked for the keys help: `?` as the keyboard types it (on any
/// layout: the logical key, not Shift and the key where `/` is on some keyboards), or F1.
/// What the board shows, when it is not the live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Away {
    /// A past position of the game.
    Past,
    /// A side line tried from a position of the game.
    Line,
}

/// Whose turn it is, large (`words`: "to move", "drops its king"), with "thinking…"
/// while a bot thinks on the live game, and a note when the board shows a past position
/// or a side line.
pub fn turn_header(ui: &mut egui::Ui, side: Side, words: &str, thinking: bool, away: Option<Away>) {
    ui.horizontal(|ui| {
        ui::side_swatch(ui, side);
        ui.label(
            egui::RichText::new(format!("{side} {words}"))
                .size(18.0)
                .strong(),
        );
        if away.is_none() && thinking {
            ui.label(egui::RichText::new("thinking…").italics());
        }
    });
    let note = match away {
        None => return,
        Some(Away::Past) => "in a past position",
        Some(Away::Line) => "in a side line: the game is unchanged",
    };
    ui.label(egui::RichText::new(note).italics().color(palette::GOLD));
}

pub fn help_key(
    logical: &ButtonInput<bevy::input::keyboard::Key>,
    keys: &ButtonInput<KeyCode>,
) -> bool {
    logical.just_pressed(bevy::input::keyboard::Key::Character("?".into()))
        || keys.just_pressed(KeyCode::F1)
}

/// The result's headline: "You win" / "You lose" when a person played a bot (`person`
/// says whether a person plays a side), else the game's own words.
pub fn headline_for(winner: Option<Side>, person: impl Fn(Side) -> bool, words: String) -> String {
    let against_bot = |s: Side| person(s) && !person(!s);
    match winner {
        Some(w) if against_bot(w) => "You win".into(),
        Some(w) if against_bot(!w) => "You lose".into(),
        _ => words,
    }
}

/// What a move did in words, from what was special about it and what it captured
/// (`side` played it): "White passed, and captured 2 pieces".
pub fn move_in_words(
    side: Side,
    what: Option<String>,
    captured: u32,
    thing: (&str, &str),
) -> Option<String> {
    let took = (captured > 0).then(|| {
        let word = if captured == 1 { thing.0 } else { thing.1 };
        format!("captured {captured} {word}")
    });
    match (what, took) {
        (Some(w), Some(t)) => Some(format!("{w}, and {t}")),
        (Some(w), None) => Some(w),
        (None, Some(t)) => Some(format!("{side} {t}")),
        (None, None) => None,
    }
}

/// The keys and mouse help of a board, as a system: its `rows` over the board while
/// [`ShowHelp`] is on (the desktop's F12 left out in the browser, which keeps it).
pub fn keys_help(
    rows: &'static [(&'static str, &'static str)],
) -> impl FnMut(bevy_egui::EguiContexts, ResMut<ShowHelp>, Res<ui::PanelPlace>) -> Result {
    move |mut contexts, mut help, place| {
        let ctx = contexts.ctx_mut()?;
        let rows: Vec<(&str, &str)> = rows
            .iter()
            .copied()
            .filter(|(key, _)| !cfg!(target_arch = "wasm32") || *key != "F12")
            .collect();
        keys_window(ctx, &mut help, *place, &rows);
        Ok(())
    }
}

impl Away {
    /// Where the board is: a side line when one is open, else a past position when one
    /// is viewed, else the game as it stands (`None`).
    pub fn of(line_open: bool, viewing: Option<usize>) -> Option<Away> {
        match (line_open, viewing) {
            (true, _) => Some(Away::Line),
            (false, Some(_)) => Some(Away::Past),
            (false, None) => None,
        }
    }
}

/// The small window's bar while the board shows a past position or a side line: that
/// position's side to move and where the board is (the bar is all a player sees with the
/// drawer shut). `None` when the board shows the game as it stands.
pub fn away_bar(
    side: Side,
    words: &str,
    away: Option<Away>,
) -> Option<(Option<Side>, egui::RichText)> {
    let note = match away? {
        Away::Past => "a past position",
        Away::Line => "a side line",
    };
    Some((
        Some(side),
        egui::RichText::new(format!("{side} {words} · {note}")).color(palette::GOLD),
    ))
}

/// The result in the status block: the headline, the reason, and a row of buttons the
/// board fills in.
pub fn result_block(
    ui: &mut egui::Ui,
    headline: &str,
    reason: &str,
    buttons: impl FnOnce(&mut egui::Ui),
) {
    ui.label(
        egui::RichText::new(headline)
            .size(22.0)
            .strong()
            .color(palette::GOLD),
    );
    ui.add(
        egui::Label::new(egui::RichText::new(reason).color(egui::Color32::from_gray(230))).wrap(),
    );
    ui.add_space(4.0);
    ui.horizontal_wrapped(buttons);
}

/// A board's panel in its place (beside the board, below it, or in a small window's
/// drawer under the bar): `body` draws the panel; the bar shows `swatch` (the side to
/// move) with `text` and the `bar_tools`. The bar's handle opens and shuts the drawer
/// here; returns the tool the bar asked for.
pub fn place_panel<A: Copy>(
    ctx: &egui::Context,
    place: ui::PanelPlace,
    drawer: &mut ui::DrawerOpen,
    notice: Option<&str>,
    (swatch, text): (Option<Side>, egui::RichText),
    bar_tools: &[Tool<A>],
    body: impl FnOnce(&mut egui::Ui),
) -> Option<A> {
    let mut root = ui::root_ui(ctx);
    let open = drawer.0;
    let asked = ui::side_panel(
        &mut root,
        ctx,
        place,
        open,
        notice,
        |ui| bar(ui, open, swatch, text, bar_tools),
        body,
    )
    .flatten();
    match asked {
        Some(BarAsked::Drawer) => {
            drawer.0 = !drawer.0;
            None
        }
        Some(BarAsked::Tool(id)) => Some(id),
        None => None,
    }
}

/// The drawer shuts when a menu action is taken, when another game is put on the board
/// (a new game, a rematch, a game loaded: the board in view), or when the window grows
/// out of the drawer's size.
fn shut_drawer(
    place: Res<ui::PanelPlace>,
    (mut actions, mut replaced): (
        MessageReader<MenuAction>,
        MessageReader<crate::game::app::reports::GameReplaced>,
    ),
    mut drawer: ResMut<ui::DrawerOpen>,
) {
    let asked = actions.read().count() > 0;
    if asked || replaced.read().count() > 0 || *place != ui::PanelPlace::Drawer {
        drawer.set_if_neq(ui::DrawerOpen(false));
    }
}

/// A game that ends in a small window opens the drawer: the result and what to do next
/// (a rematch, a new game) are in the panel.
fn open_drawer_at_the_end(place: Res<ui::PanelPlace>, mut drawer: ResMut<ui::DrawerOpen>) {
    if *place == ui::PanelPlace::Drawer {
        drawer.set_if_neq(ui::DrawerOpen(true));
    }
}

/// The drawer's systems; a board's coming on the screen shuts it
/// ([`crate::game::app::screen::register_board`]).
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShowHelp>();
    app.add_systems(
        Update,
        shut_drawer.in_set(crate::game::app::sets::Phase::Screens),
    );
    app.add_systems(
        OnEnter(crate::game::app::screen::Screen::GameOver),
        open_drawer_at_the_end,
    );
}

/// What the bar of a small window asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BarAsked<A> {
    /// Open or shut the drawer (the whole panel).
    Drawer,
    Tool(A),
}

/// The bar across the top of a small window: the drawer's handle, whose turn it is or how
/// the game ended (`swatch`: the side to move), and the tools a player reaches for most.
fn bar<A: Copy>(
    ui: &mut egui::Ui,
    open: bool,
    swatch: Option<Side>,
    text: egui::RichText,
    tools: &[Tool<A>],
) -> Option<BarAsked<A>> {
    let mut asked = None;
    ui.horizontal_centered(|ui| {
        let handle = if open { "Close" } else { "≡ Panel" };
        if ui
            .button(egui::RichText::new(handle).strong())
            .on_hover_text("The whole panel: moves, record, new game, settings")
            .clicked()
        {
            asked = Some(BarAsked::Drawer);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            for tool in tools.iter().rev() {
                let tip = if tool.key.is_empty() {
                    tool.name.to_string()
                } else {
                    format!("{} ({})", tool.name, tool.key)
                };
                let button = tool.button(egui::vec2(34.0, 28.0));
                if ui
                    .add_enabled(tool.enabled, button)
                    .on_hover_text(tip)
                    .clicked()
                {
                    asked = Some(BarAsked::Tool(tool.id));
                }
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                if let Some(side) = swatch {
                    ui::side_swatch(ui, side);
                }
                ui.add(egui::Label::new(text.strong()).truncate());
            });
        });
    });
    asked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::Player;

    #[test]
    fn players_are_named_short() {
        let bot = Player::Bot(crate::bot::Level::Medium);
        assert_eq!(player_name(bot, &Player::Human), "Medium bot");
        assert_eq!(player_name(Player::Human, &bot), "You");
        assert_eq!(player_name(Player::Human, &Player::<u8>::Human), "Player");
        let go_bot = Player::Bot(crate::go::bot::Level::Easy);
        assert_eq!(player_name(go_bot, &go_bot), "Easy bot");
    }

    #[test]
    fn a_move_in_words_names_its_captures() {
        let said = |what: Option<&str>, n| {
            move_in_words(Side::White, what.map(String::from), n, ("piece", "pieces"))
        };
        assert_eq!(said(None, 0), None);
        assert_eq!(said(None, 1).as_deref(), Some("White captured 1 piece"));
        assert_eq!(
            said(Some("White passed"), 2).as_deref(),
            Some("White passed, and captured 2 pieces")
        );
    }

    #[test]
    fn the_bar_says_where_the_board_is_when_it_is_not_the_game() {
        assert_eq!(Away::of(false, None), None);
        assert_eq!(Away::of(false, Some(4)), Some(Away::Past));
        assert_eq!(Away::of(true, Some(4)), Some(Away::Line));
        assert_eq!(Away::of(true, None), Some(Away::Line));
        assert!(away_bar(Side::White, "to move", None).is_none());
        let (swatch, text) = away_bar(Side::White, "to move", Some(Away::Past)).unwrap();
        assert_eq!(swatch, Some(Side::White));
        assert_eq!(text.text(), "White to move · a past position");
        let (_, text) = away_bar(Side::Black, "drops its king", Some(Away::Line)).unwrap();
        assert_eq!(text.text(), "Black drops its king · a side line");
    }
}
