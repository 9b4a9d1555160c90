//! The rules screen: the rule book in plain words, with small boards on which the player
//! makes the move each section describes and sees what the rules make of it.
//!
//! The small boards are drawn with egui's painter from the same rules engine as the game:
//! every move offered and every result shown comes from [`crate::rules`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::input::{Selection, destinations, selection_moves, why_stuck};
use super::menus::{GOLD, MenuAction, WARN};
use super::screen::{RulesReturn, Screen};
use crate::rules::{Bitboard, Board, Cell, Game, MoveReport, Position, Role, RuleSet, Side};

/// Colours of the small boards (the wood theme).
const LIGHT: egui::Color32 = egui::Color32::from_rgb(222, 186, 135);
const DARK: egui::Color32 = egui::Color32::from_rgb(201, 161, 110);
const FRAME: egui::Color32 = egui::Color32::from_rgb(84, 54, 31);
const BLACK_MAN: egui::Color32 = egui::Color32::from_rgb(31, 28, 28);
const WHITE_MAN: egui::Color32 = egui::Color32::from_rgb(245, 240, 227);
const KING: egui::Color32 = egui::Color32::from_rgb(217, 168, 51);
const TRAP: egui::Color32 = egui::Color32::from_rgb(217, 31, 26);

/// What a small board marks on top of the men.
#[derive(Default, Clone, Copy)]
struct Marks {
    last: Bitboard,
    selected: Bitboard,
    targets: Bitboard,
    capture_targets: Bitboard,
    cities: Bitboard,
}

/// The cell under a point of a small board drawn in `rect`.
fn cell_at(board: Board, rect: egui::Rect, point: egui::Pos2) -> Option<Cell> {
    let size = rect.width() / board.files() as f32;
    let file = ((point.x - rect.left()) / size).floor();
    let rank = ((rect.bottom() - point.y) / size).floor();
    if file < 0.0 || rank < 0.0 || file >= board.files() as f32 || rank >= board.ranks() as f32 {
        return None;
    }
    let cell = Cell::new(file as u8, rank as u8);
    board.contains(cell).then_some(cell)
}

/// Draws a position on a small board (`width` points wide) and returns the response.
fn draw_board(ui: &mut egui::Ui, pos: &Position, width: f32, marks: Marks) -> egui::Response {
    let board = pos.rules().board;
    let size = width / board.files() as f32;
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(width, size * board.ranks() as f32),
        egui::Sense::click(),
    );
    let painter = ui.painter_at(rect.expand(size * 0.2));
    let cell_rect = |c: Cell| {
        let min = egui::pos2(
            rect.left() + c.file() as f32 * size,
            rect.bottom() - (c.rank() as f32 + 1.0) * size,
        );
        egui::Rect::from_min_size(min, egui::vec2(size, size))
    };
    for c in board.cells() {
        painter.rect_filled(cell_rect(c).expand(size * 0.1), 0.0, FRAME);
    }
    let trapped = pos.trapped(Side::Black) | pos.trapped(Side::White);
    for c in board.cells() {
        let r = cell_rect(c);
        let shade = if (c.file() + c.rank()) % 2 == 0 {
            DARK
        } else {
            LIGHT
        };
        painter.rect_filled(r, 0.0, shade);
        let tint = |color: egui::Color32| painter.rect_filled(r, 0.0, color);
        if marks.cities.contains(c) {
            tint(egui::Color32::from_rgba_unmultiplied(52, 90, 190, 90));
        }
        if marks.last.contains(c) {
            tint(egui::Color32::from_rgba_unmultiplied(242, 217, 64, 110));
        }
        if marks.selected.contains(c) {
            tint(egui::Color32::from_rgba_unmultiplied(89, 191, 77, 140));
        }
        let centre = r.center();
        if let Some(man) = pos.man_at(c) {
            let (body, rim) = match man.side {
                Side::Black => (BLACK_MAN, egui::Color32::from_gray(90)),
                Side::White => (WHITE_MAN, egui::Color32::from_gray(150)),
            };
            painter.circle_filled(
                centre + egui::vec2(size * 0.03, size * 0.05),
                size * 0.42,
                egui::Color32::from_black_alpha(80),
            );
            painter.circle(
                centre,
                size * 0.4,
                body,
                egui::Stroke::new(size * 0.05, rim),
            );
            if man.role == Role::King {
                painter.circle_stroke(centre, size * 0.2, egui::Stroke::new(size * 0.06, KING));
                painter.circle_filled(centre, size * 0.07, KING);
            }
            if trapped.contains(c) {
                let d = size * 0.22;
                let stroke = egui::Stroke::new(size * 0.08, TRAP);
                painter.line_segment(
                    [centre - egui::vec2(d, d), centre + egui::vec2(d, d)],
                    stroke,
                );
                painter.line_segment(
                    [centre + egui::vec2(-d, d), centre + egui::vec2(d, -d)],
                    stroke,
                );
            }
        }
        if marks.capture_targets.contains(c) {
            painter.circle_stroke(
                centre,
                size * 0.42,
                egui::Stroke::new(size * 0.07, egui::Color32::from_rgb(191, 38, 26)),
            );
        } else if marks.targets.contains(c) {
            painter.circle_filled(
                centre,
                size * 0.14,
                egui::Color32::from_rgba_unmultiplied(38, 77, 31, 160),
            );
        }
    }
    let font = egui::FontId::proportional((size * 0.28).clamp(8.0, 13.0));
    let ink = egui::Color32::from_rgb(237, 219, 189);
    for file in 0..board.files() {
        painter.text(
            egui::pos2(
                rect.left() + (file as f32 + 0.5) * size,
                rect.bottom() + size * 0.1,
            ),
            egui::Align2::CENTER_CENTER,
            ((b'a' + file) as char).to_string(),
            font.clone(),
            ink,
        );
    }
    for rank in 0..board.ranks() {
        painter.text(
            egui::pos2(
                rect.left() - size * 0.1,
                rect.bottom() - (rank as f32 + 0.5) * size,
            ),
            egui::Align2::CENTER_CENTER,
            (rank + 1).to_string(),
            font.clone(),
            ink,
        );
    }
    response
}

/// A position on a small board, for show (the title screen).
pub fn paint_position(ui: &mut egui::Ui, pos: &Position, height: f32) {
    let board = pos.rules().board;
    let width = height * board.files() as f32 / board.ranks() as f32;
    draw_board(ui, pos, width, Marks::default());
}

/// One diagram: a position to play on, what to try, and what happened.
struct Diagram {
    title: &'static str,
    /// What to try on the board.
    task: &'static str,
    start: &'static str,
    game: Game,
    selection: Selection,
    last: Option<MoveReport>,
    /// Why the last click did nothing.
    problem: Option<String>,
}

impl Diagram {
    fn new(title: &'static str, task: &'static str, start: &'static str) -> Diagram {
        let position = Position::from_text(start, RuleSet::default())
            .unwrap_or_else(|_| Position::new(RuleSet::default()));
        Diagram {
            title,
            task,
            start,
            game: Game::from_position(position),
            selection: Selection::default(),
            last: None,
            problem: None,
        }
    }

    fn reset(&mut self) {
        *self = Diagram::new(self.title, self.task, self.start);
    }

    /// A click on a cell: pick a man (shift adds to a block), or play the move to it.
    fn click(&mut self, cell: Cell, shift: bool) {
        let pos = *self.game.position();
        if self.game.outcome().is_some() {
            self.problem = Some("The game is over: press Again to replay.".into());
            return;
        }
        let moves = selection_moves(&pos, &self.selection);
        if let Some(&(_, mv)) = moves.iter().find(|(c, _)| *c == cell) {
            if let Ok(report) = self.game.play(mv) {
                self.last = Some(report);
                self.selection = Selection::default();
                self.problem = None;
            }
            return;
        }
        match pos.man_at(cell) {
            Some(man) if man.side == pos.turn() => {
                let mut cells = if shift {
                    self.selection.cells
                } else {
                    Bitboard::EMPTY
                };
                if shift && cells.contains(cell) {
                    cells.remove(cell);
                } else {
                    cells.insert(cell);
                }
                let anchor = cells.contains(cell).then_some(cell).or(cells.first());
                self.selection = Selection::of(cells, anchor);
                self.problem = (cells.count() == 1)
                    .then(|| why_stuck(&pos, cell))
                    .flatten();
            }
            Some(man) => {
                self.problem = Some(format!("It is {}'s move, not {}'s.", pos.turn(), man.side));
            }
            None => {
                self.selection = Selection::default();
                self.problem = None;
            }
        }
    }

    fn show(&mut self, ui: &mut egui::Ui, width: f32) {
        let pos = *self.game.position();
        let mut marks = Marks {
            selected: self.selection.cells,
            last: self
                .game
                .plies()
                .last()
                .map_or(Bitboard::EMPTY, |p| p.mv.origins() | p.mv.destinations()),
            ..Marks::default()
        };
        if self.game.outcome().is_none() {
            (marks.targets, marks.capture_targets) = destinations(&pos, &self.selection);
            if let Ok(cities) = pos.mole_drop_cells() {
                marks.cities = cities;
            }
        }
        ui.horizontal_top(|ui| {
            ui.add_space(16.0);
            let response = draw_board(ui, &pos, width, marks);
            if response.clicked()
                && let Some(point) = response.interact_pointer_pos()
                && let Some(cell) = cell_at(pos.rules().board, response.rect, point)
            {
                let shift = ui.input(|i| i.modifiers.shift);
                self.click(cell, shift);
            }
            ui.add_space(12.0);
            ui.vertical(|ui| {
                ui.set_max_width(330.0);
                ui.label(egui::RichText::new(self.title).strong().color(GOLD));
                ui.label(self.task);
                ui.add_space(4.0);
                if pos.mole_available() && self.game.outcome().is_none() {
                    ui.label(
                        egui::RichText::new(format!(
                            "Polis: {} may drop a mole (blue cells).",
                            pos.turn()
                        ))
                        .color(egui::Color32::from_rgb(140, 170, 240)),
                    );
                }
                if let Some(report) = &self.last {
                    ui.label(egui::RichText::new(format!("Played {}", report.text)).strong());
                    for line in explain(report) {
                        ui.label(line);
                    }
                } else {
                    ui.label(egui::RichText::new(format!("{} to move.", pos.turn())).weak());
                }
                if let Some(problem) = &self.problem {
                    ui.label(egui::RichText::new(problem).color(WARN));
                }
                if ui.button("Again").clicked() {
                    self.reset();
                }
            });
        });
    }
}

/// What a move did, in words.
fn explain(report: &MoveReport) -> Vec<String> {
    let mut lines = Vec::new();
    let cells = |b: Bitboard| {
        b.into_iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !report.captured.is_empty() {
        let names: Vec<String> = report
            .captured
            .iter()
            .map(|(c, m)| {
                let what = if m.role == Role::King { "king" } else { "man" };
                format!("the {} {what} on {c}", m.side)
            })
            .collect();
        lines.push(format!("Captured: {}.", names.join(", ")));
    }
    if report.trapped.any() {
        lines.push(format!("Now trapped: {}.", cells(report.trapped)));
    }
    if report.freed.any() {
        lines.push(format!("Freed: {}.", cells(report.freed)));
    }
    if let Some(outcome) = report.outcome {
        lines.push(format!("{outcome}."));
    }
    if lines.is_empty() {
        lines.push("Nothing was captured or trapped.".into());
    }
    lines
}

/// One section of the rule book: paragraphs, then diagrams.
struct Section {
    title: &'static str,
    text: &'static [&'static str],
    diagrams: Vec<Diagram>,
}

/// The rule book as shown in the game, following RULES.md (Chogo-44 and its rulings).
#[derive(Resource)]
pub struct RuleBook {
    sections: Vec<Section>,
    current: usize,
}

impl Default for RuleBook {
    fn default() -> RuleBook {
        let sections = vec![
            Section {
                title: "The board and the men",
                text: &[
                    "Chogo-44 is played on 8 files (a–h) by 7 ranks (1–7) with three cells cut from each corner: 44 cells. A missing cell is like the edge of the board.",
                    "Each side has 8 men and a king. Black starts at the bottom and moves first; White at the top. The men start on the end cell of every file; the kings start off the board.",
                ],
                diagrams: vec![],
            },
            Section {
                title: "The opening drop",
                text: &[
                    "Each side's first move puts its king on any empty cell of its own half: Black on ranks 1–4, White on ranks 4–7 (rank 4 belongs to both). The drop counts as a move.",
                    "Players then take turns; passing is not allowed.",
                ],
                diagrams: vec![Diagram::new(
                    "Drop the king",
                    "Black's king waits off the board. Click any marked cell to drop it.",
                    "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1",
                )],
            },
            Section {
                title: "Trapping",
                text: &[
                    "A man is trapped while two enemy men stand on opposite sides of it (left and right, or above and below). The edge of the board never traps.",
                    "A trapped man cannot move on its own, but it still traps others and still counts for enclosing. A man may pass through a gap between two enemies; if it stops there, it is trapped.",
                ],
                diagrams: vec![Diagram::new(
                    "Trap a man",
                    "Move Black's man from c1 to c4: White's d4 is then caught between c4 and e4. Then try to move it as White.",
                    "##4##/#4K1#/8/3Pp3/8/#5k#/##p3## b 0 10",
                )],
            },
            Section {
                title: "Moving: single men and tandems",
                text: &[
                    "A man slides like a chess rook: any number of empty cells in a straight line, no jumping. A king moving alone steps one cell.",
                    "Any solid rectangle of two or more of your men (a line, or a block such as 2×2) may slide as one body, like a rook, even with the king inside. Members may be trapped, but not all of them.",
                    "On the board: click a man, then a marked cell. Shift-click adds men to a block; the block follows the man clicked last.",
                ],
                diagrams: vec![Diagram::new(
                    "A tandem frees a trapped man",
                    "c3 is trapped between c2 and c4 and cannot move alone. Shift-click c3 and d3, then click a marked cell to the right: the pair slides together.",
                    "##4##/#4K1#/8/2P5/2pp4/#1P3k#/##4## b 0 10",
                )],
            },
            Section {
                title: "Capture by co-enclosure",
                text: &[
                    "A man is enclosed when every neighbour cell it has (left, right, above, below; the edge does not count) holds a man of either side. A corner man needs 2, an edge man 3, a central man 4.",
                    "After your move, an enemy man is captured when it is enclosed, at least 2 of its neighbours are your men, and your move put one of your men next to it. All captures of a move happen together. Your own men are never captured by your own move. Kings are captured like men.",
                    "The slide capture: a tandem that leaves a contact cell and fills it again in the same move remakes the enclosure, and captures.",
                ],
                diagrams: vec![
                    Diagram::new(
                        "Co-enclosure",
                        "White's e1 has three neighbours: d1 (Black), f1 (White) and e2. Move Black's e4 down to e2: e1 is enclosed by men of both sides, two of them Black.",
                        "##4##/#4K1#/8/4p3/8/#5k#/##1pPP## b 0 10",
                    ),
                    Diagram::new(
                        "The slide capture",
                        "White's c7 sits enclosed by d7 and c6 but was never captured. Shift-click b6 and c6 (c6 last), then click d6: the pair slides one cell, c6 is left and filled again, and c7 falls.",
                        "##Pp2##/#pp3K#/8/8/8/#5k#/##4## b 0 10",
                    ),
                ],
            },
            Section {
                title: "End of the game",
                text: &[
                    "The side whose king is captured loses. The side to move that has no legal move loses.",
                    "The game is drawn after 50 moves by each side without a capture, and when the same position comes back a third time with the same side to move. A player may resign, or both may agree a draw.",
                ],
                diagrams: vec![Diagram::new(
                    "Capture the king",
                    "White's king on a4 is trapped between a5 and a3. Slide Black's e4 to b4 to enclose it and win.",
                    "##4##/#6#/p7/K3p3/p7/#5k#/##4## b 0 10",
                )],
            },
            Section {
                title: "Cities and the mole",
                text: &[
                    "A man is secure when the enemy could never capture it even if it never moved again. A city of a side is a region of empty cells that the enemy cannot reach with any move and that touches that side's men.",
                    "When every enemy man is secure and the enemy has a city, you may make a mole drop: take one of your untrapped men from anywhere and put it on any empty cell of an enemy city. The game announces it as Polis. Captures then follow as usual.",
                    "Walls stop being a hiding place: a side that shuts itself in gets visitors.",
                ],
                diagrams: vec![Diagram::new(
                    "Polis: drop a mole",
                    "White has walled itself in and every White man is secure. Click a Black man that is not trapped, then one of the blue cells inside White's city.",
                    "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## b 10 20",
                )],
            },
            Section {
                title: "Variants",
                text: &[
                    "The new game dialog offers every variant: larger boards (8×8, 10×8, 12×8, 12×10), kings with rook power, part-trapped tandems limited to one cell, kings dropped anywhere or placed from the start, handicaps of one to three men, suicide captures of the mover's own men, and the mole whenever the enemy has a city.",
                    "The presets: chogo-44 (the tournament game), chogo-large (12×8, rook kings, one-cell part-trapped tandems) and neto (drop anywhere, suicide captures, mole with any city).",
                ],
                diagrams: vec![],
            },
        ];
        RuleBook {
            sections,
            current: 0,
        }
    }
}

fn rules_screen(
    mut contexts: EguiContexts,
    mut book: ResMut<RuleBook>,
    back: Res<RulesReturn>,
    mut actions: MessageWriter<MenuAction>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let book = &mut *book;
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(egui::Color32::from_rgb(34, 29, 26))
                .inner_margin(egui::Margin::same(18)),
        )
        .show(&mut super::hud::root_ui(ctx), |ui| {
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    match back.0 {
                        Screen::Title | Screen::Rules => actions.write(MenuAction::Title),
                        screen => {
                            next.set(screen);
                            actions.write(MenuAction::Play)
                        }
                    };
                }
                ui.label(
                    egui::RichText::new("The rules of Chogo")
                        .size(28.0)
                        .strong()
                        .color(GOLD),
                );
            });
            ui.separator();
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(230.0);
                    for (i, section) in book.sections.iter().enumerate() {
                        let label = format!("{}. {}", i + 1, section.title);
                        if ui.selectable_label(book.current == i, label).clicked() {
                            book.current = i;
                        }
                    }
                    ui.add_space(10.0);
                    let last = book.sections.len() - 1;
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(book.current > 0, egui::Button::new("Previous"))
                            .clicked()
                        {
                            book.current -= 1;
                        }
                        if ui
                            .add_enabled(book.current < last, egui::Button::new("Next"))
                            .clicked()
                        {
                            book.current += 1;
                        }
                    });
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.vertical(|ui| {
                            ui.set_max_width(ui.available_width().min(900.0));
                            let section = &mut book.sections[book.current];
                            ui.label(egui::RichText::new(section.title).size(22.0).strong());
                            ui.add_space(6.0);
                            for paragraph in section.text {
                                ui.label(egui::RichText::new(*paragraph).size(16.0));
                                ui.add_space(4.0);
                            }
                            if book.current == 0 {
                                ui.add_space(10.0);
                                paint_position(ui, &Position::new(RuleSet::default()), 240.0);
                            }
                            let width = (ui.available_width() - 380.0).clamp(200.0, 330.0);
                            for diagram in &mut section.diagrams {
                                ui.add_space(14.0);
                                diagram.show(ui, width);
                            }
                        });
                    });
            });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RuleBook>();
    app.add_systems(
        EguiPrimaryContextPass,
        rules_screen
            .run_if(in_state(Screen::Rules))
            .after(super::hud::HudSet),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(diagram: &mut Diagram, clicks: &[(&str, bool)]) -> String {
        for &(cell, shift) in clicks {
            diagram.click(cell.parse().unwrap(), shift);
        }
        diagram
            .last
            .as_ref()
            .map(|r| r.text.clone())
            .unwrap_or_default()
    }

    #[test]
    fn every_diagram_starts_from_a_valid_position() {
        for section in RuleBook::default().sections {
            for diagram in section.diagrams {
                Position::from_text(diagram.start, RuleSet::default())
                    .unwrap_or_else(|e| panic!("{}: {e}", diagram.title));
                assert!(diagram.game.outcome().is_none(), "{}", diagram.title);
            }
        }
    }

    #[test]
    fn each_diagram_does_what_its_text_says() {
        let mut book = RuleBook::default();
        let mut find = |title: &str| -> Diagram {
            for section in &mut book.sections {
                if let Some(i) = section.diagrams.iter().position(|d| d.title == title) {
                    return section.diagrams.remove(i);
                }
            }
            panic!("no diagram {title}");
        };
        let mut d = find("Drop the king");
        assert_eq!(play(&mut d, &[("d3", false)]), "d3");
        let mut d = find("Trap a man");
        assert_eq!(play(&mut d, &[("c1", false), ("c4", false)]), "c1-c4");
        assert!(
            d.last
                .as_ref()
                .unwrap()
                .trapped
                .contains("d4".parse().unwrap())
        );
        d.click("d4".parse().unwrap(), false);
        assert_eq!(
            d.problem.as_deref(),
            Some("d4 is trapped between c4 and e4 and cannot move alone")
        );
        let mut d = find("A tandem frees a trapped man");
        assert_eq!(
            play(&mut d, &[("c3", false), ("d3", true), ("f3", false)]),
            "cd3-ef3"
        );
        let mut d = find("Co-enclosure");
        assert_eq!(play(&mut d, &[("e4", false), ("e2", false)]), "e4-e2xe1");
        let mut d = find("The slide capture");
        assert_eq!(
            play(&mut d, &[("b6", false), ("c6", true), ("d6", false)]),
            "bc6-cd6xc7"
        );
        let mut d = find("Capture the king");
        assert_eq!(play(&mut d, &[("e4", false), ("b4", false)]), "e4-b4xa4");
        assert_eq!(d.game.outcome().and_then(|o| o.winner), Some(Side::Black));
        let mut d = find("Polis: drop a mole");
        assert!(d.game.position().mole_available());
        let text = play(&mut d, &[("e2", false), ("d6", false)]);
        assert!(text.starts_with("e2>d6"), "{text}");
        // Again puts the diagram back.
        d.reset();
        assert!(d.last.is_none() && d.game.plies().is_empty());
    }
}
