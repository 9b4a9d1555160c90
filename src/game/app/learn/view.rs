//! The learning screens, drawn once for every board: the path of lessons (each game's
//! lessons with the stars of every stage), and the panel beside the board while a
//! lesson's stage or a puzzle is on it.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Coach, CoachAsk, Course, Courses, Shown, stars_text};
use crate::game::app::boards::{self, Boards};
use crate::game::app::screen::{self, GameKind, MenuAction, Screen};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::{self, DrawerOpen, Notice, PanelPlace, palette};

/// A game's name as its board gives it (its id when no board is drawn).
fn name(boards: &Boards, course: &Course) -> String {
    boards
        .get(course.kind)
        .map_or_else(|| course.game.to_string(), |b| b.name.to_string())
}

/// The game chooser: one button a game; a click shows that game's board.
fn chooser(ui: &mut egui::Ui, world: &mut World, courses: &Courses, kind: GameKind) {
    let boards = world.resource::<Boards>().clone();
    ui.horizontal_wrapped(|ui| {
        for course in &courses.0 {
            let chosen = course.kind == kind;
            if ui
                .selectable_label(
                    chosen,
                    egui::RichText::new(name(&boards, course)).size(16.0),
                )
                .clicked()
                && !chosen
            {
                world.resource_mut::<NextState<GameKind>>().set(course.kind);
            }
        }
    });
}

/// The path of lessons of the game chosen.
/// Opens stage `at` (lesson, stage) of the path: the board's driver sets it up.
fn open_stage(world: &mut World, at: (usize, usize)) {
    world.resource_mut::<Coach>().open_stage = Some(at);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lesson);
}

fn learn_screen(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let courses = world.resource::<Courses>().clone();
    let kind = *world.resource::<State<GameKind>>().get();
    let course = courses.get(kind).or(courses.0.first()).cloned();
    let stars = course
        .as_ref()
        .and_then(|c| world.resource::<PlayerSettings>().0.learning.get(c.game))
        .map(|l| l.stars.clone())
        .unwrap_or_default();
    let back = ui::own_screen(&ctx, "Learn", |ui| {
        chooser(ui, world, &courses, kind);
        ui.separator();
        let Some(course) = course else {
            ui.label("No game has lessons.");
            return;
        };
        if let Some(problem) = &course.problem {
            ui.label(egui::RichText::new(problem).color(palette::WARN));
        }
        let total: usize = course.lessons.iter().map(|l| l.stages.len()).sum();
        let earned: u32 = stars.values().map(|s| u32::from(*s)).sum();
        ui.label(
            egui::RichText::new(format!(
                "{earned} of {} stars. Pick a stage: each is one small idea.",
                total * 3
            ))
            .weak(),
        );
        // The first stage without a star, a click (or Enter) away.
        let next = course.lessons.iter().enumerate().find_map(|(l, lesson)| {
            let s = lesson
                .stages
                .iter()
                .position(|(id, _)| !stars.contains_key(id))?;
            Some((l, s, &lesson.title))
        });
        if let Some((l, s, title)) = next {
            let words = format!("Next: {title}, stage {}  (Enter)", s + 1);
            // Enter on a focused button is that button's.
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter))
                && ui.memory(|m| m.focused().is_none());
            if ui.button(egui::RichText::new(words).size(17.0)).clicked() || enter {
                open_stage(world, (l, s));
            }
        }
        // The whole width scrolls (the wheel anywhere on the screen, not only over
        // the narrow column of lessons), its bar at the window's edge.
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (l, lesson) in course.lessons.iter().enumerate() {
                    ui.add_space(6.0);
                    ui.label(
                        egui::RichText::new(format!("{}. {}", l + 1, lesson.title))
                            .size(19.0)
                            .strong(),
                    );
                    ui.add(egui::Label::new(egui::RichText::new(&lesson.summary).weak()).wrap());
                    ui.horizontal_wrapped(|ui| {
                        for (s, (id, goal)) in lesson.stages.iter().enumerate() {
                            let got = stars.get(id).copied().unwrap_or(0);
                            let text =
                                egui::RichText::new(format!("{}  {}", s + 1, stars_text(got)))
                                    .size(16.0)
                                    .color(if got > 0 {
                                        palette::GOLD
                                    } else {
                                        egui::Color32::LIGHT_GRAY
                                    });
                            let button = egui::Button::new(text).min_size(egui::vec2(84.0, 32.0));
                            if ui.add(button).on_hover_text(goal).clicked() {
                                open_stage(world, (l, s));
                            }
                        }
                    });
                }
            });
    });
    if back {
        world.write_message(MenuAction::Title);
    }
}

/// The panel beside the board while a stage or a puzzle is on it.
fn coach_panel(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let screen = *world.resource::<State<Screen>>().get();
    let kind = *world.resource::<State<GameKind>>().get();
    let place = *world.resource::<PanelPlace>();
    let drawer = world.resource::<DrawerOpen>().0;
    let notice = world.resource::<Notice>().0.clone();
    let coach = world.resource::<Coach>().clone();
    let courses = world.resource::<Courses>().clone();
    let shown = coach.shown.clone();
    let mut root = ui::root_ui(&ctx);
    let bar_text = if shown.status.is_empty() {
        shown.heading.clone()
    } else {
        shown.status.clone()
    };
    let toggled = ui::side_panel(
        &mut root,
        &ctx,
        place,
        drawer,
        notice.as_deref(),
        |ui| ui::drawer_bar(ui, drawer, &bar_text),
        |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                let title = if screen == Screen::Lesson {
                    "Lesson"
                } else {
                    "Puzzles"
                };
                ui.label(egui::RichText::new(title).size(22.0));
                if screen == Screen::Puzzles {
                    chooser(ui, world, &courses, kind);
                    if let Some((rating, _)) = &shown.rating {
                        ui.label(
                            egui::RichText::new(format!("Your rating: {rating}"))
                                .size(17.0)
                                .color(palette::GOLD),
                        );
                    }
                }
                ui.separator();
                stage_or_puzzle(ui, world, &shown, screen);
                if let Some(text) = &notice {
                    ui::notice_line(ui, Some(text));
                }
                ui.separator();
                if screen == Screen::Puzzles {
                    themes(ui, world, &courses, kind, coach.theme);
                    history(ui, world, &courses, kind);
                    ui.separator();
                }
                ui.horizontal_wrapped(|ui| {
                    if screen == Screen::Lesson && ui.button("Lessons").clicked() {
                        world.write_message(MenuAction::Learn);
                    }
                    if ui.button("Title").clicked() {
                        world.write_message(MenuAction::Title);
                    }
                });
            });
        },
    );
    if toggled == Some(true) {
        world.resource_mut::<DrawerOpen>().0 = !drawer;
    }
}

/// The stage's text and goal or the puzzle's line, how it stands, and its buttons.
fn stage_or_puzzle(ui: &mut egui::Ui, world: &mut World, shown: &Shown, screen: Screen) {
    ui.label(egui::RichText::new(&shown.heading).strong());
    if !shown.text.is_empty() {
        ui.add(egui::Label::new(&shown.text).wrap());
    }
    if !shown.goal.is_empty() {
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("Goal: {}", shown.goal))
                    .size(16.0)
                    .color(palette::GOLD),
            )
            .wrap(),
        );
    }
    ui.add_space(4.0);
    let colour = if shown.failed {
        palette::WARN
    } else if shown.finished {
        egui::Color32::from_rgb(150, 215, 140)
    } else {
        egui::Color32::LIGHT_GRAY
    };
    ui.add(egui::Label::new(egui::RichText::new(&shown.status).size(16.0).color(colour)).wrap());
    if let Some(said) = &shown.said {
        ui.add(egui::Label::new(said).wrap());
    }
    if let Some(stars) = shown.stars {
        ui.label(
            egui::RichText::new(stars_text(stars))
                .size(34.0)
                .color(palette::GOLD),
        );
    }
    if let Some((_, Some(change))) = &shown.rating
        && shown.finished
    {
        let change = change.round() as i64;
        let (text, colour) = if change >= 0 {
            (
                format!("Rating +{change}"),
                egui::Color32::from_rgb(150, 215, 140),
            )
        } else {
            (format!("Rating {change}"), palette::WARN)
        };
        ui.label(egui::RichText::new(text).size(18.0).color(colour));
    }
    if let Some(hint) = &shown.hint {
        ui.label(egui::RichText::new(hint).color(palette::HINT));
    }
    ui.add_space(4.0);
    let idle = !shown.busy;
    ui.horizontal_wrapped(|ui| {
        let mut ask = None;
        let next = if screen == Screen::Lesson {
            "Next stage"
        } else {
            "Next puzzle"
        };
        if ui
            .add_enabled(
                shown.has_next && (idle || screen == Screen::Puzzles),
                egui::Button::new(next),
            )
            .clicked()
        {
            ask = Some(CoachAsk::Next);
        }
        if shown.take_back {
            // The refutation stays until it is read: one button takes it back.
            if ui
                .add(egui::Button::new(
                    egui::RichText::new("Take back and try again").color(palette::GOLD),
                ))
                .clicked()
            {
                ask = Some(CoachAsk::Retry);
            }
        } else {
            if ui.add_enabled(idle, egui::Button::new("Retry")).clicked() {
                ask = Some(CoachAsk::Retry);
            }
            if ui
                .add_enabled(idle && !shown.finished, egui::Button::new("Hint"))
                .clicked()
            {
                ask = Some(CoachAsk::Hint);
            }
            if screen == Screen::Puzzles
                && ui
                    .add_enabled(
                        idle && shown.can_show_solution,
                        egui::Button::new("Show solution"),
                    )
                    .clicked()
            {
                ask = Some(CoachAsk::Solution);
            }
        }
        // A game with passes: the board has no button for it (the key P passes too).
        // Last in the row: as it comes and goes, the buttons before it stay put.
        if shown.can_pass
            && ui
                .add_enabled(idle, egui::Button::new("Pass"))
                .on_hover_text("Pass your turn (key P)")
                .clicked()
        {
            ask = Some(CoachAsk::Pass);
        }
        if let Some(ask) = ask {
            world.write_message(ask);
        }
    });
    if !shown.controls.is_empty() {
        ui.add(egui::Label::new(egui::RichText::new(shown.controls).small().weak()).wrap());
    }
}

/// The puzzles' theme filter.
fn themes(
    ui: &mut egui::Ui,
    world: &mut World,
    courses: &Courses,
    kind: GameKind,
    theme: Option<&'static str>,
) {
    let Some(course) = courses.get(kind) else {
        return;
    };
    let mut chosen = theme;
    egui::ComboBox::from_label("Theme")
        .selected_text(chosen.unwrap_or("Any"))
        // Every theme in view at once: a list that scrolls hides some.
        .height(600.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, format!("Any ({})", course.puzzles));
            for &(t, n) in &course.themes {
                ui.selectable_value(&mut chosen, Some(t), format!("{t} ({n})"));
            }
        });
    if chosen != theme {
        world.resource_mut::<Coach>().theme = chosen;
    }
}

/// The last puzzles tried, newest first.
fn history(ui: &mut egui::Ui, world: &mut World, courses: &Courses, kind: GameKind) {
    let Some(course) = courses.get(kind) else {
        return;
    };
    let learning = world
        .resource::<PlayerSettings>()
        .0
        .learning
        .get(course.game)
        .cloned()
        .unwrap_or_default();
    if learning.history.is_empty() {
        ui.label(egui::RichText::new("No puzzle tried yet").weak());
        return;
    }
    ui.label(egui::RichText::new("Your last puzzles").strong());
    ui.label(
        egui::RichText::new(format!(
            "{} of the {} puzzles tried; each with your rating after it",
            learning.done.len(),
            course.puzzles
        ))
        .weak(),
    );
    for tried in learning.history.iter().rev().take(6) {
        // Words, not marks: the fonts have no ✗ (it drew as a box).
        let (word, colour) = if tried.solved {
            ("solved", egui::Color32::from_rgb(150, 215, 140))
        } else {
            ("missed", palette::WARN)
        };
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(word).color(colour));
            ui.label(egui::RichText::new(&tried.id).weak());
            ui.label(format!("→ {}", tried.rating.round() as i64));
        });
    }
}

pub(super) fn plugin(app: &mut App) {
    screen::add_view(app, Screen::Learn, learn_screen);
    screen::add_panel(app, &[Screen::Lesson, Screen::Puzzles], coach_panel);
}
