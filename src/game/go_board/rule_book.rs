//! The rule book of Go with chess pieces on the rules screen: the rules in plain words
//! (`assets/rules/go.txt`, read at build time) with small boards on which the player makes
//! the move each section describes and sees what the rules make of it (every result comes
//! from [`crate::go`]). Each diagram shows why its pieces live: a green line to a piece's
//! escape, a blue one to the friend it defends.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::app::boards::RulePage;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::theme::Theme;
use crate::game::app::ui::mini_board;
use crate::game::app::ui::palette;
use crate::game::go_board::small_board::{go_cell_at, go_cell_centre, paint_go_position};
use crate::game::go_board::{Figures, judge, life_links, refusal};
use crate::go::{Bits, Board, Game, Kind, Move, Piece, Position, Rules};
use crate::rules::Side;

/// The rule book's text (see the file's head for its form).
pub const TEXT: &str = include_str!("../../../assets/rules/go.txt");

/// A diagram's rules line: `<board> <set> [moving] [komi=X]`.
pub fn parse_rules(line: &str) -> Result<Rules, String> {
    let mut words = line.split_whitespace();
    let board: Board = words
        .next()
        .ok_or("no board")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let pieces = words
        .next()
        .ok_or("no piece set")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let mut rules = Rules {
        board,
        pieces,
        ..Rules::default()
    };
    for word in words {
        match word.split_once('=') {
            None if word == "moving" => {
                rules.moving = true;
                rules.superko = true;
            }
            Some(("komi", x)) => rules.komi = x.parse().map_err(|_| format!("bad komi {x}"))?,
            _ => return Err(format!("unknown word '{word}'")),
        }
    }
    Ok(rules)
}

/// One diagram: a position to play on, what to try, and what happened.
pub struct GoDiagram {
    pub title: String,
    pub task: String,
    start: Position,
    pub game: Game,
    kind: Kind,
    /// The last move with what it captured.
    pub last: Option<(Move, Bits)>,
    /// Why the last click did nothing.
    pub problem: Option<String>,
}

impl GoDiagram {
    fn new(title: String, task: String, start: Position) -> GoDiagram {
        let kind = start.rules().pieces.kinds().next().unwrap_or(Kind::Rook);
        GoDiagram {
            title,
            task,
            start,
            game: Game::from_position(start),
            kind,
            last: None,
            problem: None,
        }
    }

    pub fn reset(&mut self) {
        self.game = Game::from_position(self.start);
        self.last = None;
        self.problem = None;
    }

    fn play(&mut self, mv: Move) {
        match judge(&self.game, mv).and_then(|_| self.game.play(mv)) {
            Ok(captured) => {
                self.last = Some((mv, captured));
                self.problem = None;
            }
            Err(e) => self.problem = Some(refusal(&e)),
        }
    }

    /// A click on a cell drops the chosen kind there.
    pub fn click(&mut self, cell: crate::go::Cell) {
        if self.game.outcome().is_some() {
            self.problem = Some("The game is over: press Again to replay.".into());
            return;
        }
        self.play(Move::Drop {
            kind: self.kind,
            cell,
        });
    }

    pub fn pass(&mut self) {
        if self.game.outcome().is_none() {
            self.play(Move::Pass);
        }
    }

    /// What the last move did, in words.
    pub fn explain(&self) -> Vec<String> {
        let pos = self.game.position();
        let set = pos.rules().pieces;
        let mut lines = Vec::new();
        if let Some((mv, captured)) = self.last {
            lines.push(format!("Played {}.", mv.text_with_captures(set, captured)));
            if captured.any() {
                let before = &self.game.positions()[self.game.positions().len() - 2];
                let names: Vec<String> = captured
                    .iter()
                    .filter_map(|c| {
                        before
                            .piece_at(c)
                            .map(|p| format!("{}'s {} on {c}", p.side, p.kind))
                    })
                    .collect();
                lines.push(format!("Captured: {}.", names.join(", ")));
            }
        }
        if let Some(outcome) = self.game.outcome() {
            let [b, w] = pos.score();
            let [cb, cw] = pos.controlled();
            lines.push(format!(
                "The game is over. Black: {} captured + {} cells = {}. White: {} captured + {} cells + komi {} = {}.",
                pos.captures(Side::Black),
                cb.count(),
                crate::go::number_text(b),
                pos.captures(Side::White),
                cw.count(),
                crate::go::number_text(pos.rules().komi),
                crate::go::number_text(w),
            ));
            lines.push(match outcome.winner {
                Some(side) => format!("{side} wins."),
                None => "A draw.".into(),
            });
        }
        lines
    }

    /// The diagram's board with its task and what happened beside it (below it in a
    /// `narrow` window).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        theme: &Theme,
        figure: &dyn Fn(Piece) -> egui::TextureId,
        height: f32,
        narrow: bool,
    ) {
        let pos = *self.game.position();
        let last = match self.last {
            Some((Move::Drop { cell, .. } | Move::Step { to: cell, .. }, _)) => {
                Bits::from_cell(cell)
            }
            _ => Bits::EMPTY,
        };
        RulePage::diagram_row(ui, narrow, |ui| {
            let response = paint_go_position(ui, theme, &pos, height, figure, last, true);
            let rect = response.rect;
            let board = pos.rules().board;
            let painter = ui.painter_at(rect.expand(2.0));
            let centre = |c| go_cell_centre(rect, board, c);
            let size = rect.height() / f32::from(board.ranks());
            // Why each piece lives, and at the end who controls which cell.
            let (escapes, defences) = life_links(&pos);
            let green = egui::Color32::from_rgba_unmultiplied(50, 190, 80, 220);
            let blue = egui::Color32::from_rgba_unmultiplied(60, 140, 240, 220);
            for (from, to) in escapes {
                painter.line_segment([centre(from), centre(to)], egui::Stroke::new(2.0, green));
                painter.circle_filled(centre(to), size * 0.1, green);
            }
            for (from, to) in defences {
                painter.line_segment([centre(from), centre(to)], egui::Stroke::new(2.5, blue));
            }
            if self.game.outcome().is_some() {
                for (cells, colour) in pos
                    .controlled()
                    .into_iter()
                    .zip([egui::Color32::BLACK, egui::Color32::WHITE])
                {
                    for c in cells {
                        painter.rect_filled(
                            egui::Rect::from_center_size(
                                centre(c),
                                egui::vec2(size * 0.34, size * 0.34),
                            ),
                            1.0,
                            colour,
                        );
                    }
                }
            }
            if let Some((_, cell)) = pos.ko() {
                let r =
                    egui::Rect::from_center_size(centre(cell), egui::vec2(size * 0.4, size * 0.4));
                painter.rect_stroke(
                    r,
                    2.0,
                    egui::Stroke::new(2.5, palette::WARN),
                    egui::StrokeKind::Middle,
                );
            }
            if response.clicked()
                && let Some(point) = response.interact_pointer_pos()
                && let Some(cell) = go_cell_at(rect, board, point)
            {
                self.click(cell);
            }
            ui.add_space(12.0);
            ui.vertical(|ui| {
                RulePage::diagram_heading(ui, &self.title, &self.task);
                let set = pos.rules().pieces;
                if set.len() > 1 {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Drop");
                        for k in set.kinds() {
                            ui.selectable_value(&mut self.kind, k, k.name());
                        }
                    });
                }
                if self.last.is_none() && self.game.outcome().is_none() {
                    ui.label(egui::RichText::new(format!("{} to move.", pos.turn())).weak());
                }
                for line in self.explain() {
                    ui.label(line);
                }
                if self.last.is_some() && self.game.outcome().is_none() {
                    ui.label(egui::RichText::new(format!("{} to move.", pos.turn())).weak());
                }
                if let Some(problem) = &self.problem {
                    ui.label(egui::RichText::new(problem).color(palette::WARN));
                }
                ui.horizontal(|ui| {
                    let live = self.game.outcome().is_none();
                    if ui.add_enabled(live, egui::Button::new("Pass")).clicked() {
                        self.pass();
                    }
                    if ui.button("Again").clicked() {
                        self.reset();
                    }
                });
            });
        });
    }
}

/// One section: paragraphs, the figures if asked for, diagrams.
pub struct GoSection {
    pub title: String,
    pub text: Vec<String>,
    pub figures: bool,
    pub diagrams: Vec<GoDiagram>,
}

/// Reads the rule book's text (see the file's head for its form). A diagram whose position
/// or rules cannot be read is an error (the tests read the real file).
pub fn sections(text: &str) -> Result<Vec<GoSection>, String> {
    let mut sections: Vec<GoSection> = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut diagram: Option<(String, Option<String>, Option<String>, Vec<&str>)> = None;
    let end = |sections: &mut Vec<GoSection>,
               paragraph: &mut Vec<&str>,
               diagram: &mut Option<(String, Option<String>, Option<String>, Vec<&str>)>|
     -> Result<(), String> {
        let Some(section) = sections.last_mut() else {
            paragraph.clear();
            return Ok(());
        };
        if let Some((title, position, rules, task)) = diagram.take() {
            let rules = parse_rules(&rules.unwrap_or_default())
                .map_err(|e| format!("{title}: rules: {e}"))?;
            let start = Position::from_text(&position.unwrap_or_default(), rules)
                .map_err(|e| format!("{title}: position: {e}"))?;
            section
                .diagrams
                .push(GoDiagram::new(title, task.join(" "), start));
        } else if !paragraph.is_empty() {
            section.text.push(paragraph.join(" "));
        }
        paragraph.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim_end();
        if line.starts_with("# ") {
            continue;
        }
        if let Some(title) = line.strip_prefix("## ") {
            end(&mut sections, &mut paragraph, &mut diagram)?;
            sections.push(GoSection {
                title: title.to_string(),
                text: Vec::new(),
                figures: false,
                diagrams: Vec::new(),
            });
        } else if let Some(title) = line.strip_prefix("### ") {
            end(&mut sections, &mut paragraph, &mut diagram)?;
            diagram = Some((title.to_string(), None, None, Vec::new()));
        } else if line.is_empty() {
            end(&mut sections, &mut paragraph, &mut diagram)?;
        } else if line == "[figures]" {
            if let Some(section) = sections.last_mut() {
                section.figures = true;
            }
        } else if let Some((_, position, rules, task)) = &mut diagram {
            if let (Some(text), None) = (line.strip_prefix("position: "), &position) {
                *position = Some(text.to_string());
            } else if let (Some(text), None) = (line.strip_prefix("rules: "), &rules) {
                *rules = Some(text.to_string());
            } else {
                task.push(line);
            }
        } else {
            paragraph.push(line);
        }
    }
    end(&mut sections, &mut paragraph, &mut diagram)?;
    Ok(sections)
}

/// The rule book of Go with chess pieces as shown in the game.
#[derive(Resource, Default)]
pub struct GoRuleBook {
    sections: Vec<GoSection>,
}

impl GoRuleBook {
    /// The book read from its text. The text is the program's own (its tests read it): a
    /// problem is a broken build, shown as an empty book rather than a crash.
    pub fn read() -> GoRuleBook {
        GoRuleBook {
            sections: sections(TEXT).unwrap_or_default(),
        }
    }

    pub fn titles(&self) -> Vec<String> {
        self.sections.iter().map(|s| s.title.clone()).collect()
    }
}

/// One section of the book, drawn into the rules screen ([`RulePage`] says which): its
/// words, the figures, its diagrams.
pub fn rule_section(
    InMut(ui): InMut<egui::Ui>,
    mut contexts: EguiContexts,
    mut book: ResMut<GoRuleBook>,
    page: Res<RulePage>,
    theme: Res<Theme>,
    figures: Res<Figures>,
    settings: Res<PlayerSettings>,
) {
    let textures = figures.textures(&mut contexts, Kind::ALL, settings.0.rooks_as_stones);
    let figure = |p: Piece| textures.of(p);
    let height = page.diagram_width(ui, 180.0, 300.0);
    let Some(section) = book.sections.get_mut(page.section) else {
        return;
    };
    RulePage::words(ui, &section.title, &section.text);
    if section.figures {
        ui.add_space(8.0);
        // As many figures a row as the width takes (egui does not wrap a row of child
        // layouts by itself).
        const SPAN: f32 = 104.0;
        let per_row = ((ui.available_width() + 8.0) / SPAN).floor().max(1.0) as usize;
        for row in Kind::ALL.chunks(per_row) {
            ui.horizontal(|ui| {
                for &kind in row {
                    ui.vertical(|ui| {
                        ui.set_width(96.0);
                        // On a piece of the board's wood, where the figures are seen.
                        egui::Frame::new()
                            .fill(mini_board::paint(theme.light))
                            .corner_radius(4.0)
                            .inner_margin(egui::Margin::same(3))
                            .show(ui, |ui| {
                                ui.horizontal(|ui| {
                                    for side in [Side::Black, Side::White] {
                                        let texture = figure(Piece::new(side, kind));
                                        ui.add(egui::Image::new((texture, egui::vec2(40.0, 40.0))));
                                    }
                                });
                            });
                        ui.label(format!("{} ({})", kind.name(), kind.letter()));
                    });
                }
            });
            ui.add_space(4.0);
        }
    }
    for diagram in &mut section.diagrams {
        ui.add_space(14.0);
        diagram.show(ui, &theme, &figure, height, page.narrow);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> Vec<GoSection> {
        sections(TEXT).expect("the rule book reads")
    }

    fn find(book: &mut [GoSection], title: &str) -> GoDiagram {
        for section in book.iter_mut() {
            if let Some(i) = section.diagrams.iter().position(|d| d.title == title) {
                return section.diagrams.remove(i);
            }
        }
        panic!("no diagram {title}");
    }

    fn cell(name: &str) -> crate::go::Cell {
        name.parse().unwrap()
    }

    #[test]
    fn every_section_has_words_and_every_diagram_a_live_start() {
        let book = book();
        assert_eq!(book.len(), 8);
        assert_eq!(book[0].title, "How to win");
        assert!(book[1].figures);
        assert_eq!(book.iter().map(|s| s.diagrams.len()).sum::<usize>(), 9);
        for section in &book {
            assert!(!section.text.is_empty(), "{}", section.title);
            for d in &section.diagrams {
                assert!(!d.task.is_empty(), "{}", d.title);
                let pos = d.game.position();
                // No dead piece stands at the start.
                for side in [Side::Black, Side::White] {
                    assert!(pos.dead(side).is_empty(), "{}: dead {side} pieces", d.title);
                }
            }
        }
    }

    #[test]
    fn each_diagram_does_what_its_text_says() {
        let mut book = book();
        let mut d = find(&mut book, "Take away the last liberty");
        d.click(cell("c2"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("c3"))));
        let mut d = find(&mut book, "A bishop shut in");
        d.click(cell("a1"));
        assert!(
            d.problem
                .as_deref()
                .is_some_and(|p| p.contains("dark cell")),
            "{:?}",
            d.problem
        );
        d.click(cell("c2"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("b1"))));
        let mut d = find(&mut book, "A mao blocked on its legs");
        d.click(cell("a2"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("a1"))));
        let mut d = find(&mut book, "A knight with nowhere to jump");
        d.click(cell("c2"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("a1"))));
        let mut d = find(&mut book, "A dabbaba caught from two cells away");
        d.click(cell("c1"));
        assert!(
            d.problem.as_deref().is_some_and(|p| p.contains("lattice")),
            "{:?}",
            d.problem
        );
        d.click(cell("b3"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("b1"))));
        let mut d = find(&mut book, "An alfil leaps over a piece");
        d.click(cell("c3"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("a1"))));
        let mut d = find(&mut book, "Defended, yet captured");
        d.click(cell("d3"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("c4"))));
        let mut d = find(&mut book, "Take the ko, then try to retake it");
        d.click(cell("d3"));
        assert_eq!(d.last.map(|(_, c)| c), Some(Bits::from_cell(cell("c3"))));
        d.click(cell("c3"));
        assert!(
            d.problem.as_deref().is_some_and(|p| p.starts_with("Ko")),
            "{:?}",
            d.problem
        );
        assert_eq!(d.game.moves().len(), 1, "the retake was refused");
        let mut d = find(&mut book, "Score a finished board");
        d.pass();
        d.pass();
        let outcome = d.game.outcome().expect("two passes end it");
        assert_eq!(outcome.winner, Some(Side::White));
        assert_eq!(d.game.position().score(), [5.0, 5.5]);
        assert!(d.explain().iter().any(|l| l.contains("White wins")));
        d.reset();
        assert!(d.game.moves().is_empty() && d.last.is_none());
    }

    #[test]
    fn bad_diagram_lines_are_reported() {
        assert!(parse_rules("9 R moving komi=6.5").is_ok_and(|r| r.moving && r.komi == 6.5));
        assert!(parse_rules("9").is_err());
        assert!(parse_rules("9 R sideways").is_err());
        let text = "## A\n\ntext\n\n### D\nposition: 9/9 b 0 0 0 - 1\nrules: 9 R\ntry\n";
        assert!(sections(text).is_err());
    }
}
