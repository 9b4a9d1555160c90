//! Chogo's rule book on the rules screen: the rules in plain words, with small boards on
//! which the player makes the move each section describes and sees what the rules make
//! of it.
//!
//! The words are data (`assets/rules/chogo.txt`, read at build time); the small boards are
//! drawn in the player's theme from the same rules engine as the game: every move offered
//! and every result shown comes from [`crate::rules`].

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::boards::RulePage;
use crate::game::app::theme::Theme;
use crate::game::app::ui::palette;
use crate::game::chogo_board::picking::{
    Selection, city_tint, destinations, pickable, selection_moves, why_stuck,
};
use crate::game::chogo_board::small_board::{self, Marks};
use crate::game::chogo_board::words::{hands_line, polis_words};
use crate::rules::{Bitboard, Cell, Game, Move, MoveReport, Position, Role, RuleSet};

/// The rule book's text (see the file's head for its form).
const TEXT: &str = include_str!("../../../assets/rules/chogo.txt");

/// One diagram: a position to play on (under its rules), what to try, and what happened.
struct Diagram {
    title: String,
    /// What to try on the board.
    task: String,
    start: String,
    rules: RuleSet,
    /// The options its `rules:` line names (`trap=line`): the New game dialog shows the
    /// diagram beside the option's value.
    options: Vec<String>,
    game: Game,
    selection: Selection,
    last: Option<MoveReport>,
    /// Why the last click did nothing.
    problem: Option<String>,
}

impl Diagram {
    fn new(
        title: String,
        task: String,
        start: String,
        rules: RuleSet,
        options: Vec<String>,
    ) -> Diagram {
        let position = Position::from_text(&start, rules).unwrap_or_else(|_| Position::new(rules));
        Diagram {
            title,
            task,
            start,
            rules,
            options,
            game: Game::from_position(position),
            selection: Selection::default(),
            last: None,
            problem: None,
        }
    }

    fn reset(&mut self) {
        let (title, task, start, options) = (
            std::mem::take(&mut self.title),
            std::mem::take(&mut self.task),
            std::mem::take(&mut self.start),
            std::mem::take(&mut self.options),
        );
        *self = Diagram::new(title, task, start, self.rules, options);
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
            Some(_) if pickable(&pos, cell) => {
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
                // A man picked up and an empty cell it may not go to: the rules say why.
                self.problem = match self.selection.anchor {
                    Some(from) if self.selection.cells.count() == 1 => pos
                        .check(Move::Single { from, to: cell })
                        .err()
                        .map(|e| format!("{from}-{cell}: {e}.")),
                    _ => None,
                };
                self.selection = Selection::default();
            }
        }
    }

    /// The diagram's board, with its task and what happened beside it (or below it, in
    /// a `narrow` window).
    fn show(&mut self, ui: &mut egui::Ui, theme: &Theme, width: f32, narrow: bool) {
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
            marks.cities = city_tint(&pos);
        }
        RulePage::diagram_row(ui, narrow, |ui| {
            let drawn = small_board::draw_board(ui, theme, &pos, width, marks);
            if drawn.response.clicked()
                && let Some(point) = drawn.response.interact_pointer_pos()
                && let Some(cell) = small_board::cell_at(pos.rules().board, drawn.cells, point)
            {
                let shift = ui.input(|i| i.modifiers.shift);
                self.click(cell, shift);
            }
            ui.add_space(12.0);
            ui.vertical(|ui| {
                RulePage::diagram_heading(ui, &self.title, &self.task);
                if pos.mole_available() && self.game.outcome().is_none() {
                    ui.label(egui::RichText::new(polis_words(&pos)).color(palette::HINT));
                }
                // The drop opening's hands, which the small board does not draw.
                if let Some(hands) = hands_line(&pos) {
                    ui.label(egui::RichText::new(hands).color(palette::HINT));
                }
                if let Some(report) = &self.last {
                    ui.label(egui::RichText::new(format!("Played {}.", report.text)).strong());
                    for line in explain(report) {
                        ui.label(line);
                    }
                }
                // Whose turn it is, also after a move (the diagram can be played on).
                if self.game.outcome().is_none() {
                    ui.label(egui::RichText::new(format!("{} to move.", pos.turn())).weak());
                }
                if let Some(problem) = &self.problem {
                    ui.label(egui::RichText::new(problem).color(palette::WARN));
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

/// One section of the rule book: paragraphs, the start position if asked for, diagrams.
struct Section {
    title: String,
    text: Vec<String>,
    start_position: bool,
    diagrams: Vec<Diagram>,
}

/// Reads the rule book's text: `## ` sections, paragraphs between blank lines, `[start]`,
/// and `### ` diagrams with their `position:` line and task.
fn sections(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    // A diagram being read: title, position, rules and the options they name, task lines.
    type Reading<'a> = Option<(String, Option<String>, (RuleSet, Vec<String>), Vec<&'a str>)>;
    let mut diagram: Reading = None;
    let end_block =
        |sections: &mut Vec<Section>, paragraph: &mut Vec<&str>, diagram: &mut Reading| {
            let Some(section) = sections.last_mut() else {
                return;
            };
            if let Some((title, position, (rules, options), task)) = diagram.take() {
                section.diagrams.push(Diagram::new(
                    title,
                    task.join(" "),
                    position.unwrap_or_default(),
                    rules,
                    options,
                ));
            } else if !paragraph.is_empty() {
                section.text.push(paragraph.join(" "));
            }
            paragraph.clear();
        };
    for line in text.lines() {
        let line = line.trim_end();
        if line.starts_with("# ") {
            continue;
        }
        if let Some(title) = line.strip_prefix("## ") {
            end_block(&mut sections, &mut paragraph, &mut diagram);
            sections.push(Section {
                title: title.to_string(),
                text: Vec::new(),
                start_position: false,
                diagrams: Vec::new(),
            });
        } else if let Some(title) = line.strip_prefix("### ") {
            end_block(&mut sections, &mut paragraph, &mut diagram);
            diagram = Some((
                title.to_string(),
                None,
                (RuleSet::default(), Vec::new()),
                Vec::new(),
            ));
        } else if line.is_empty() {
            end_block(&mut sections, &mut paragraph, &mut diagram);
        } else if line == "[start]" {
            if let Some(section) = sections.last_mut() {
                section.start_position = true;
            }
        } else if let Some((_, position, rules, task)) = &mut diagram {
            if let Some(text) = line.strip_prefix("position: ")
                && position.is_none()
            {
                *position = Some(text.to_string());
            } else if let Some(text) = line.strip_prefix("rules: ")
                && task.is_empty()
            {
                *rules = (
                    text.parse().unwrap_or_default(),
                    text.split(',')
                        .filter(|part| part.contains('='))
                        .map(|part| part.trim().to_string())
                        .collect(),
                );
            } else {
                task.push(line);
            }
        } else {
            paragraph.push(line);
        }
    }
    end_block(&mut sections, &mut paragraph, &mut diagram);
    sections
}

/// Chogo's rule book as shown in the game, following the project's rule book (Chogo-44
/// and its rulings).
#[derive(Resource)]
pub struct ChogoRuleBook {
    sections: Vec<Section>,
}

impl Default for ChogoRuleBook {
    fn default() -> ChogoRuleBook {
        ChogoRuleBook {
            sections: sections(TEXT),
        }
    }
}

impl ChogoRuleBook {
    pub fn titles(&self) -> Vec<String> {
        self.sections.iter().map(|s| s.title.clone()).collect()
    }

    /// The diagram whose `rules:` line names the option's value (`key=name`).
    fn example(&mut self, key: &str, name: &str) -> Option<&mut Diagram> {
        let wanted = format!("{key}={name}");
        self.sections
            .iter_mut()
            .flat_map(|s| s.diagrams.iter_mut())
            .find(|d| d.options.contains(&wanted))
    }

    /// The diagram of the option's value, where the book has one: folded under the
    /// option in the New game dialog, playable, its words below its board.
    pub fn example_fold(&mut self, ui: &mut egui::Ui, theme: &Theme, key: &str, name: &str) {
        let Some(diagram) = self.example(key, name) else {
            return;
        };
        egui::CollapsingHeader::new(egui::RichText::new("See it on a board").small())
            .id_salt(("chogo-example", key, name))
            .show(ui, |ui| {
                let width = (ui.available_width() - 8.0).clamp(140.0, 200.0);
                diagram.show(ui, theme, width, true);
            });
    }
}

/// One section of the book, drawn into the rules screen ([`RulePage`] says which).
pub fn rule_section(
    InMut(ui): InMut<egui::Ui>,
    mut book: ResMut<ChogoRuleBook>,
    page: Res<RulePage>,
    theme: Res<Theme>,
) {
    let Some(section) = book.sections.get_mut(page.section) else {
        return;
    };
    RulePage::words(ui, &section.title, &section.text);
    if section.start_position {
        ui.add_space(10.0);
        small_board::paint_position(ui, &theme, &Position::new(RuleSet::default()), 240.0);
    }
    let width = page.diagram_width(ui, 200.0, 330.0);
    for diagram in &mut section.diagrams {
        ui.add_space(14.0);
        diagram.show(ui, &theme, width, page.narrow);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Side, TrapRule};

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
        let book = ChogoRuleBook::default();
        assert_eq!(book.sections.len(), 10);
        assert_eq!(book.sections[0].title, "How to win");
        assert!(book.sections[1].start_position);
        assert_eq!(
            book.sections
                .iter()
                .map(|s| s.diagrams.len())
                .sum::<usize>(),
            15
        );
        for section in book.sections {
            assert!(!section.text.is_empty(), "{}", section.title);
            for diagram in section.diagrams {
                assert!(!diagram.task.is_empty(), "{}", diagram.title);
                Position::from_text(&diagram.start, diagram.rules)
                    .unwrap_or_else(|e| panic!("{}: {e}", diagram.title));
                assert!(diagram.game.outcome().is_none(), "{}", diagram.title);
            }
        }
    }

    #[test]
    fn the_dialog_finds_the_diagram_of_an_option_value() {
        let mut book = ChogoRuleBook::default();
        // The diagrams the New game dialog offers, found by the option's key and name.
        for (key, name, title) in [
            ("trap", "line", "Line traps"),
            ("fortress", "reposition", "Reposition an enemy man"),
            ("tandem", "one-cell", "One-cell part-trapped tandems"),
            ("mole", "secure-city", "Polis: drop a mole"),
            ("opening", "drops", "The drop opening"),
        ] {
            let d = book
                .example(key, name)
                .unwrap_or_else(|| panic!("{key}={name}"));
            assert_eq!(d.title, title);
            assert!(d.options.contains(&format!("{key}={name}")));
        }
        // A value with no diagram: the dialog shows only its line.
        assert!(book.example("trap", "single").is_none());
        assert!(book.example("tandem", "full").is_none());
        // Every option a diagram names is one of the rule options, with a real value: the
        // rules line reads back to the diagram's rules.
        for section in &book.sections {
            for d in &section.diagrams {
                for option in &d.options {
                    let text = format!("chogo-44,{option}");
                    assert!(text.parse::<RuleSet>().is_ok(), "{}: {option}", d.title);
                }
            }
        }
    }

    #[test]
    fn each_diagram_does_what_its_text_says() {
        let mut book = ChogoRuleBook::default();
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
        // RULES §10, each diagram under its own rules.
        let mut d = find("Line traps");
        assert_eq!(d.rules.trap, TrapRule::Line);
        assert_eq!(play(&mut d, &[("h4", false), ("f4", false)]), "h4-f4");
        assert_eq!(
            d.last.as_ref().unwrap().trapped,
            "c4 d4 e4".split(' ').map(|c| c.parse().unwrap()).collect()
        );
        let mut d = find("No hiding");
        d.click("d7".parse().unwrap(), false);
        d.click("d6".parse().unwrap(), false);
        assert!(d.game.plies().is_empty(), "d7-d6 is refused");
        assert_eq!(
            d.problem.as_deref(),
            Some("d7-d6: no-hiding: every man of yours is secure before and after this move.")
        );
        assert_eq!(play(&mut d, &[("f5", false), ("f4", false)]), "f5-f4");
        let mut d = find("A knight's leap into the city");
        assert_eq!(play(&mut d, &[("b5", false), ("d6", false)]), "b5>d6");
        let mut d = find("Reposition an enemy man");
        assert_eq!(play(&mut d, &[("d7", false), ("b4", false)]), "d7>b4");
        assert_eq!(d.game.position().king(Side::White), "b4".parse().ok());
        let mut d = find("The drop opening");
        assert_eq!(play(&mut d, &[("c2", false)]), "c2xc1");
        let mut d = find("The hopeless side");
        assert_eq!(play(&mut d, &[("a4", false), ("b4", false)]), "a4-b4");
        assert_eq!(
            d.game.outcome(),
            Some(crate::rules::Outcome::win(
                Side::White,
                crate::rules::EndReason::Hopeless
            ))
        );
        let mut d = find("One-cell part-trapped tandems");
        d.click("c3".parse().unwrap(), false);
        d.click("d3".parse().unwrap(), true);
        d.click("f3".parse().unwrap(), false);
        assert!(d.game.plies().is_empty(), "cd3-ef3 is refused");
        assert_eq!(
            play(&mut d, &[("c3", false), ("d3", true), ("e3", false)]),
            "cd3-de3"
        );
        let mut d = find("Facing kings");
        assert_eq!(d.game.position().king(Side::White), "d6".parse().ok());
        assert_eq!(play(&mut d, &[("d2", false), ("d3", false)]), "d2-d3");
    }
}
