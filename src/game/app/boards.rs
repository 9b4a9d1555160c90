//! The boards on offer, each registered by its own module: what the screens and dialogs
//! every board shares (the title, new game, load, the rules) need of a board.
//!
//! The shared screens draw their frame and hand a board an `egui::Ui` to draw its own part
//! in, through one-shot systems the board registered ([`UiSystem`]): the shared layer
//! never names a board, and a board's part reads and changes that board's own resources.

use std::sync::Arc;

use bevy::ecs::system::SystemId;
use bevy::prelude::*;
use bevy_egui::egui;

use super::screen::GameKind;

/// A board's drawing into a `Ui` the shared layer hands it, answering `O`.
pub type UiSystem<O = ()> = SystemId<InMut<'static, egui::Ui>, O>;

/// What one board offers the shared screens and dialogs.
#[derive(Clone)]
pub struct BoardEntry {
    pub kind: GameKind,
    /// The game's name: "Chogo".
    pub name: &'static str,
    /// The title screen's key for a new game of it.
    pub key: egui::Key,
    /// The game in hand in one line, for the title: who plays, the rules, how it stands.
    pub summary: SystemId<(), String>,
    /// The game in hand as a small board, as tall as the `Ui`'s available height.
    pub small_board: UiSystem,
    /// The new-game form; answers why the game cannot start yet, if it cannot.
    pub new_game_form: UiSystem<Option<String>>,
    /// Start the game the form describes, and show it.
    pub start: SystemId,
    /// The new-game form's rules alone, without the opponent (an online game's opponent
    /// is a person elsewhere); answers why they cannot be played, if they cannot.
    pub rules_form: UiSystem<Option<String>>,
    /// The rules the form describes, in their canonical text: what a game server is asked
    /// to create (`online::protocol::GameSpec::rules`).
    pub rules_text: SystemId<(), String>,
    /// The load dialog's part for the text in its form
    /// ([`crate::game::app::dialogs::LoadForm`]): nothing drawn when the text is not this
    /// board's; otherwise what it holds (or why it cannot be played) and who is to play it.
    pub load_part: UiSystem<Loadable>,
    /// Play on from the text the load dialog holds, when its part answered
    /// [`Loadable::Ready`].
    pub play_loaded: SystemId,
    /// The board reads any text, showing why it cannot when it is not its own: it is
    /// asked last.
    pub reads_any_text: bool,
    /// The titles of its rule book's sections.
    pub rule_titles: Arc<Vec<String>>,
    /// One section of its rule book ([`RulePage`] says which).
    pub rule_section: UiSystem,
    /// Its own rows in the settings dialog's grid (a label, a control, `end_row`), which
    /// change [`super::settings::PlayerSettings`] themselves.
    pub settings: Option<UiSystem>,
}

/// A board's [`BoardEntry`], its systems those of the calling module that bear the
/// fields' names (`summary`, `small_board`, `new_game_form`, `start`, `online_rules_form`,
/// `rules_text`, `load_part`, `play_loaded`, `rule_book::rule_section`): a board's menu
/// module writes them, and the entry is the same for every board.
macro_rules! board_entry {
    ($app:expr, $kind:expr, $name:expr, $key:expr, $titles:expr, $reads_any:expr, $settings:expr) => {
        $crate::game::app::boards::BoardEntry {
            kind: $kind,
            name: $name,
            key: $key,
            summary: $app.register_system(summary),
            small_board: $app.register_system(small_board),
            new_game_form: $app.register_system(new_game_form),
            start: $app.register_system(start),
            rules_form: $app.register_system(online_rules_form),
            rules_text: $app.register_system(rules_text),
            load_part: $app.register_system(load_part),
            play_loaded: $app.register_system(play_loaded),
            reads_any_text: $reads_any,
            rule_titles: $titles,
            rule_section: $app.register_system(rule_book::rule_section),
            settings: $settings,
        }
    };
}
pub(crate) use board_entry;

/// Every board, in the order they are offered.
#[derive(Resource, Default, Clone)]
pub struct Boards(Vec<BoardEntry>);

impl Boards {
    pub fn all(&self) -> &[BoardEntry] {
        &self.0
    }

    pub fn get(&self, kind: GameKind) -> Option<&BoardEntry> {
        self.0.iter().find(|b| b.kind == kind)
    }

    /// The boards in the order the load dialog asks them whether a text is theirs.
    pub fn readers(&self) -> impl Iterator<Item = &BoardEntry> {
        let (any, own): (Vec<_>, Vec<_>) = self.0.iter().partition(|b| b.reads_any_text);
        own.into_iter().chain(any)
    }
}

/// Offer a board in the shared screens.
pub fn register(app: &mut App, entry: BoardEntry) {
    app.init_resource::<Boards>();
    let mut boards = app.world_mut().resource_mut::<Boards>();
    boards.0.retain(|b| b.kind != entry.kind);
    boards.0.push(entry);
}

/// What a board makes of the load dialog's text.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Loadable {
    /// Not this board's: another board is asked.
    #[default]
    NotMine,
    /// This board's, but it cannot be played (the board said why).
    Refused,
    /// This board's, ready to play on from.
    Ready,
}

/// A board's answer in the load dialog, drawn the same way for every board: what the text
/// holds, or why it cannot be played (and that nothing changed).
pub fn show_reading(ui: &mut egui::Ui, reading: Result<String, &str>) -> Loadable {
    use super::ui::palette;
    match reading {
        Ok(summary) => {
            ui.label(egui::RichText::new(summary).color(palette::GOLD));
            Loadable::Ready
        }
        Err(problem) => {
            ui.label(egui::RichText::new(problem).color(palette::WARN));
            ui.label(egui::RichText::new("Nothing was changed.").weak());
            Loadable::Refused
        }
    }
}

/// The rule book's section a board's [`BoardEntry::rule_section`] draws, and whether the
/// window is narrow (its diagrams then put their words below the board).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct RulePage {
    pub section: usize,
    pub narrow: bool,
}

impl RulePage {
    /// A section's heading and paragraphs, as every rule book shows them.
    pub fn words(ui: &mut egui::Ui, title: &str, paragraphs: &[String]) {
        ui.label(egui::RichText::new(title).size(22.0).strong());
        ui.add_space(6.0);
        for paragraph in paragraphs {
            ui.label(egui::RichText::new(paragraph).size(16.0));
            ui.add_space(4.0);
        }
    }

    /// A diagram's row: its board and then its words, side by side (indented), or one
    /// above the other in a `narrow` window.
    pub fn diagram_row(ui: &mut egui::Ui, narrow: bool, contents: impl FnOnce(&mut egui::Ui)) {
        let layout = if narrow {
            egui::Layout::top_down(egui::Align::Min)
        } else {
            egui::Layout::left_to_right(egui::Align::Min)
        };
        ui.with_layout(layout, |ui| {
            if !narrow {
                ui.add_space(16.0);
            }
            contents(ui);
        });
    }

    /// The head of a diagram's words, beside or below its board: its title and what to
    /// try (the column is 330 points at most).
    pub fn diagram_heading(ui: &mut egui::Ui, title: &str, task: &str) {
        ui.set_max_width(330.0);
        ui.label(
            egui::RichText::new(title)
                .strong()
                .color(super::ui::palette::GOLD),
        );
        ui.label(task);
        ui.add_space(4.0);
    }

    /// The width of a diagram's board, at most `most`: beside its words (which take 380
    /// points, and the board at least `least`), or above them in a narrow window.
    pub fn diagram_width(self, ui: &egui::Ui, least: f32, most: f32) -> f32 {
        if self.narrow {
            (ui.available_width() - 8.0).clamp(160.0_f32.min(most), most)
        } else {
            (ui.available_width() - 380.0).clamp(least.min(most), most)
        }
    }
}

/// Run a board's part in `ui`. A part that cannot run (a board registered wrongly) is
/// logged and answers the default: the screen goes on without it.
pub fn draw<O: Default + 'static>(world: &mut World, part: UiSystem<O>, ui: &mut egui::Ui) -> O {
    world.run_system_with(part, ui).unwrap_or_else(|e| {
        error!("a board's part of the screen could not run: {e}");
        O::default()
    })
}

/// Run a board's system that takes no `Ui`, answering the default if it cannot run.
pub fn ask<O: Default + 'static>(world: &mut World, system: SystemId<(), O>) -> O {
    world.run_system(system).unwrap_or_else(|e| {
        error!("a board's system could not run: {e}");
        O::default()
    })
}

/// The primary window's egui context (cheap to clone), for exclusive systems that hand a
/// `Ui` on to the boards.
pub fn egui_context(world: &mut World) -> Option<egui::Context> {
    let mut query =
        world.query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>();
    query
        .iter_mut(world)
        .next()
        .map(|mut ctx| ctx.get_mut().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(world: &mut World, kind: GameKind, name: &'static str, any: bool) -> BoardEntry {
        let ui = world.register_system(|InMut(_): InMut<egui::Ui>| {});
        BoardEntry {
            kind,
            name,
            key: egui::Key::N,
            summary: world.register_system(String::new),
            small_board: ui,
            new_game_form: world.register_system(|InMut(_): InMut<egui::Ui>| None),
            start: world.register_system(|| {}),
            rules_form: world.register_system(|InMut(_): InMut<egui::Ui>| None),
            rules_text: world.register_system(String::new),
            load_part: world.register_system(|InMut(_): InMut<egui::Ui>| Loadable::NotMine),
            play_loaded: world.register_system(|| {}),
            reads_any_text: any,
            rule_titles: Arc::new(Vec::new()),
            rule_section: ui,
            settings: None,
        }
    }

    #[test]
    fn the_board_that_reads_any_text_is_asked_last_and_a_board_registers_once() {
        let mut app = App::new();
        let any = entry(app.world_mut(), GameKind::Chogo, "first", true);
        register(&mut app, any);
        let own = entry(app.world_mut(), GameKind::Go, "second", false);
        register(&mut app, own);
        let boards = app.world().resource::<Boards>();
        let order: Vec<&str> = boards.all().iter().map(|b| b.name).collect();
        assert_eq!(order, ["first", "second"]);
        let asked: Vec<&str> = boards.readers().map(|b| b.name).collect();
        assert_eq!(asked, ["second", "first"]);
        // Registering a kind again replaces it.
        let again = entry(app.world_mut(), GameKind::Chogo, "again", true);
        register(&mut app, again);
        let boards = app.world().resource::<Boards>();
        let names: Vec<&str> = boards.all().iter().map(|b| b.name).collect();
        assert_eq!(names, ["second", "again"]);
        assert_eq!(boards.get(GameKind::Chogo).map(|b| b.name), Some("again"));
    }
}
