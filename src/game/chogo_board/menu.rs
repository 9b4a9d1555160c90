//! Chogo's parts of the shared screens and dialogs ([`crate::game::app::boards`]): its
//! line and small board on the title, its new-game form (the opponent and side, a preset,
//! then every option of RULES §9 and the handicap), its reading of a record or position in
//! the load dialog, and its rule book.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use super::bridge::{Bridge, Command, PlayerKind, Setup};
use super::rule_book::{self, ChogoRuleBook};
use crate::bot::Level;
use crate::game::app::boards::{self, Loadable};
use crate::game::app::dialogs::{LoadForm, opponent_form};
use crate::game::app::screen::{GameKind, MenuAction};
use crate::game::app::theme::Theme;
use crate::game::app::ui;
use crate::game::chogo_board::small_board;
use crate::rules::{
    Bitboard, Board, BySide, DropCaptures, DropKings, Fortress, Handicap, KingStart, Opening,
    Preset, RuleOption, RuleSet, Side,
};
use crate::save::{self, Imported, SavedGame};

/// Who plays whom in the next game (new or loaded).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opponent {
    /// `None`: two people.
    pub level: Option<Level>,
    /// The person's side against a bot.
    pub side: Side,
}

impl Default for Opponent {
    fn default() -> Opponent {
        Opponent {
            level: Some(Level::Medium),
            side: Side::Black,
        }
    }
}

impl Opponent {
    pub fn players(self) -> BySide<PlayerKind> {
        match self.level {
            None => BySide::new(PlayerKind::Human, PlayerKind::Human),
            Some(level) => {
                let mut p = BySide::new(PlayerKind::Bot(level), PlayerKind::Bot(level));
                p[self.side] = PlayerKind::Human;
                p
            }
        }
    }

    fn of(players: BySide<PlayerKind>) -> Opponent {
        match (players.black, players.white) {
            (PlayerKind::Human, PlayerKind::Bot(level)) => Opponent {
                level: Some(level),
                side: Side::Black,
            },
            (PlayerKind::Bot(level), PlayerKind::Human) => Opponent {
                level: Some(level),
                side: Side::White,
            },
            _ => Opponent {
                level: None,
                side: Side::Black,
            },
        }
    }

    fn form(&mut self, ui: &mut egui::Ui) {
        // Each level's strength in a few words (the match names every level).
        let strength = |l: Level| match l {
            Level::Random => "Random",
            Level::Beginner => "Beginner (random, likes captures)",
            Level::Easy => "Easy (greedy)",
            Level::Medium => "Medium (search, 0.2 s)",
            Level::Hard => "Hard (search, 1 s)",
            Level::Master => "Master (search, 5 s)",
        };
        opponent_form(
            ui,
            &mut self.level,
            &mut self.side,
            &Level::ALL.map(|l| (l, strength(l))),
        );
    }
}

/// Who plays, in a few words: "You (Black) against Medium".
pub fn matchup(players: BySide<PlayerKind>) -> String {
    match (players.black, players.white) {
        (PlayerKind::Human, PlayerKind::Human) => "Two players".into(),
        (PlayerKind::Human, PlayerKind::Bot(l)) => format!("You (Black) against {}", l.title()),
        (PlayerKind::Bot(l), PlayerKind::Human) => format!("You (White) against {}", l.title()),
        (PlayerKind::Bot(b), PlayerKind::Bot(w)) => format!("{} against {}", b.title(), w.title()),
    }
}

/// The next game's choices, kept between openings of the dialogs: who plays (a new game or
/// one loaded), and the rules of a new game (also those a position text is read under).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct ChogoForm {
    pub opponent: Opponent,
    /// A preset, then any option (RULES §9).
    pub rules: RuleSet,
}

/// The forms start from the game in hand.
fn init_form(bridge: Res<Bridge>, mut form: ResMut<ChogoForm>) {
    form.rules = *bridge.game.rules();
    form.opponent = Opponent::of(bridge.setup.players);
}

/// The game in hand, in a line for the title.
fn summary(bridge: Res<Bridge>) -> String {
    let pos = bridge.game.position();
    let state = match bridge.game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => format!("move {}, {} to move", pos.fullmoves(), pos.turn()),
    };
    format!(
        "{} · {} · {state}",
        matchup(bridge.setup.players),
        bridge.game.rules().describe()
    )
}

fn small_board(InMut(ui): InMut<egui::Ui>, bridge: Res<Bridge>, theme: Res<Theme>) {
    let height = ui.available_height();
    small_board::paint_position(ui, &theme, bridge.game.position(), height);
}

/// The rule book's diagrams, shown in the form under the option values they play out.
struct Examples<'a> {
    book: &'a mut ChogoRuleBook,
    theme: &'a Theme,
}

/// One rule option's row: its title, then a radio button for each value (the rules
/// engine's own names and labels), and under it what the chosen value does, with the rule
/// book's diagram of it folded below where the book has one.
fn option_choice<T: RuleOption>(ui: &mut egui::Ui, value: &mut T, examples: &mut Examples) {
    ui::choice(ui, T::TITLE, value, T::ALL.iter().map(|&v| (v, v.label())));
    let name = value.name();
    ui.indent(T::KEY, |ui| {
        ui.add(egui::Label::new(egui::RichText::new(value.explain()).small().weak()).wrap());
        examples.book.example_fold(ui, examples.theme, T::KEY, name);
    });
}

/// Every rule option of RULES §9, with the presets and the handicap.
fn rules_form(ui: &mut egui::Ui, rules: &mut RuleSet, examples: &mut Examples) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Preset");
        for preset in Preset::ALL {
            if ui.small_button(preset.label()).clicked() {
                *rules = preset.rules();
            }
        }
    });
    let board = rules.board;
    egui::ComboBox::from_label("Board")
        .selected_text(board.label())
        .show_ui(ui, |ui| {
            for b in Board::ALL {
                if ui.selectable_label(board == b, b.label()).clicked() && board != b {
                    // A new board brings its own defaults (RULES §9).
                    *rules = RuleSet::for_board(b);
                }
            }
        });
    option_choice(ui, &mut rules.king_power, examples);
    option_choice(ui, &mut rules.part_trapped_tandem, examples);
    // The drop opening drops the kings last, anywhere (RULES §10.3): no king start
    // applies, and the fixed starts cannot be played with it.
    let drops = rules.opening == Opening::Drops;
    if drops && matches!(rules.king_start, KingStart::Fixed | KingStart::Facing) {
        rules.king_start = RuleSet::for_board(rules.board).king_start;
    }
    ui.add_enabled_ui(!drops, |ui| {
        option_choice(ui, &mut rules.king_start, examples)
    })
    .response
    .on_disabled_hover_text(
        "The drop opening drops the kings last, on any empty cell: no king start applies",
    );
    option_choice(ui, &mut rules.own_man_capture, examples);
    // The mole drop's condition also decides when the knight's leap or the reposition is
    // allowed (RULES §10.2); with no hiding there is no such move.
    let fortress = rules.fortress;
    ui.add_enabled_ui(fortress != Fortress::NoHiding, |ui| {
        option_choice(ui, &mut rules.mole_condition, examples);
        if matches!(fortress, Fortress::Knight | Fortress::Reposition) {
            ui.indent("mole and fortress", |ui| {
                let words = format!(
                    "With {}, this decides when a {} is allowed instead.",
                    fortress.label(),
                    fortress.move_name()
                );
                ui.add(egui::Label::new(egui::RichText::new(words).small().weak()).wrap());
            });
        }
    })
    .response
    .on_disabled_hover_text("With no hiding there is no mole drop, nor any move in its place");
    proposals_form(ui, rules, examples);
    if rules.opening == Opening::Drops {
        // The drop opening has no handicap (RULES §10.3).
        rules.handicap = None;
        return;
    }
    // Handicap: tick 1–3 start pawns of one side.
    let mut side = rules.handicap.map_or(Side::White, |h| h.side);
    let mut pawns = rules.handicap.map_or(Bitboard::EMPTY, |h| h.pawns);
    ui.label("Handicap (1–3 men removed)");
    ui.horizontal_wrapped(|ui| {
        ui.label("from");
        if ui.radio_value(&mut side, Side::Black, "Black").changed()
            | ui.radio_value(&mut side, Side::White, "White").changed()
        {
            pawns = Bitboard::EMPTY;
        }
    });
    ui.horizontal_wrapped(|ui| {
        for cell in rules.board.start_pawns(side) {
            let mut on = pawns.contains(cell);
            if ui.checkbox(&mut on, cell.to_string()).changed() {
                pawns.set(cell, on);
            }
        }
    });
    rules.handicap = pawns.any().then_some(Handicap { side, pawns });
}

/// The options of RULES §10, folded under one heading so that the dialog stays short; open
/// when one of them is chosen.
fn proposals_form(ui: &mut egui::Ui, rules: &mut RuleSet, examples: &mut Examples) {
    let base = RuleSet::for_board(rules.board);
    let chosen = rules.trap != base.trap
        || rules.fortress != base.fortress
        || rules.opening != base.opening
        || rules.hopeless != base.hopeless;
    egui::CollapsingHeader::new("More of the inventor's proposals")
        .id_salt("chogo-proposals")
        .default_open(chosen)
        .show(ui, |ui| {
            option_choice(ui, &mut rules.trap, examples);
            option_choice(ui, &mut rules.fortress, examples);
            option_choice(ui, &mut rules.opening, examples);
            if rules.opening == Opening::Drops {
                let usual = rules.men_in_hand_default();
                let mut men = rules.men_in_hand();
                ui.add(
                    egui::Slider::new(&mut men, 1..=RuleSet::max_men(rules.board)).text("men each"),
                );
                rules.drop_men = (men != usual).then_some(men);
                option_choice(ui, &mut rules.drop_captures, examples);
                option_choice(ui, &mut rules.drop_kings, examples);
            } else {
                rules.drop_men = None;
                rules.drop_captures = DropCaptures::default();
                rules.drop_kings = DropKings::default();
            }
            option_choice(ui, &mut rules.hopeless, examples);
        });
}

/// The new-game form: the opponent, the rules in one line, every option.
fn new_game_form(
    InMut(ui): InMut<egui::Ui>,
    mut form: ResMut<ChogoForm>,
    mut book: ResMut<ChogoRuleBook>,
    theme: Res<Theme>,
) -> Option<String> {
    form.opponent.form(ui);
    ui.separator();
    let mut examples = Examples {
        book: &mut book,
        theme: &theme,
    };
    rules_part(ui, &mut form, &mut examples)
}

/// The form's rules: their line, the options, and why they cannot be played.
fn rules_part(ui: &mut egui::Ui, form: &mut ChogoForm, examples: &mut Examples) -> Option<String> {
    ui.label(egui::RichText::new(format!("Rules: {}", form.rules.describe())).strong());
    rules_form(ui, &mut form.rules, examples);
    form.rules.validate().err().map(|e| e.to_string())
}

fn online_rules_form(
    InMut(ui): InMut<egui::Ui>,
    mut form: ResMut<ChogoForm>,
    mut book: ResMut<ChogoRuleBook>,
    theme: Res<Theme>,
) -> Option<String> {
    let mut examples = Examples {
        book: &mut book,
        theme: &theme,
    };
    rules_part(ui, &mut form, &mut examples)
}

fn rules_text(form: Res<ChogoForm>) -> String {
    form.rules.to_string()
}

fn start(
    form: Res<ChogoForm>,
    mut commands: MessageWriter<Command>,
    mut actions: MessageWriter<MenuAction>,
) {
    commands.write(Command::NewGame(Setup {
        rules: form.rules,
        players: form.opponent.players(),
        series: None,
    }));
    actions.write(MenuAction::Show(GameKind::Chogo));
}

/// The load dialog's text as read by Chogo, kept while the text and the rules it is read
/// under stay the same (a long record is replayed once, not every frame).
#[derive(Resource, Debug, Default)]
pub struct ChogoReading {
    read: Option<(String, RuleSet, Result<Imported, String>)>,
}

impl ChogoReading {
    /// What the text says under these rules (for a position text): `None` while it is
    /// empty.
    pub fn read(&mut self, text: &str, rules: RuleSet) -> Option<&Result<Imported, String>> {
        if text.trim().is_empty() {
            self.read = None;
            return None;
        }
        let stale = self
            .read
            .as_ref()
            .is_none_or(|(t, r, _)| t != text || *r != rules);
        if stale {
            self.read = Some((text.to_string(), rules, save::import(text, rules)));
        }
        self.read.as_ref().map(|(_, _, imported)| imported)
    }
}

/// The load dialog's part: Chogo reads any text (it is asked last), and says what the
/// text holds or why it is not a game of Chogo.
fn load_part(
    InMut(ui): InMut<egui::Ui>,
    load: Res<LoadForm>,
    mut form: ResMut<ChogoForm>,
    mut reading: ResMut<ChogoReading>,
) -> Loadable {
    let rules = form.rules;
    let reading = match reading.read(&load.text, rules) {
        None => return Loadable::NotMine,
        Some(Ok(what)) => Ok(match what {
            Imported::Record(game) => format!(
                "A game record: {}, {}; {}",
                crate::common::counted(game.plies().len(), "ply", "plies"),
                game.rules().describe(),
                game.outcome().map_or_else(
                    || format!("{} to move", game.position().turn()),
                    |o| o.to_string()
                )
            ),
            Imported::Position(p) => {
                format!("A position: {}, {} to move", p.rules().describe(), p.turn())
            }
        }),
        Some(Err(problem)) => Err(problem.as_str()),
    };
    let loadable = boards::show_reading(ui, reading);
    form.opponent.form(ui);
    loadable
}

fn play_loaded(
    load: Res<LoadForm>,
    form: Res<ChogoForm>,
    mut reading: ResMut<ChogoReading>,
    mut commands: MessageWriter<Command>,
    mut actions: MessageWriter<MenuAction>,
) {
    if let Some(Ok(what)) = reading.read(&load.text, form.rules).cloned() {
        commands.write(Command::Load(Box::new(SavedGame {
            game: what.into_game(),
            players: form.opponent.players(),
            series: None,
        })));
        actions.write(MenuAction::Show(GameKind::Chogo));
    }
}

/// Offer Chogo on the shared screens.
pub(super) fn register(app: &mut App) {
    app.init_resource::<ChogoForm>();
    app.init_resource::<ChogoReading>();
    app.init_resource::<ChogoRuleBook>();
    app.add_systems(Startup, init_form);
    let rule_titles = Arc::new(app.world().resource::<ChogoRuleBook>().titles());
    // Its own rows in the settings dialog, if any; then the entry (the sixth argument:
    // whether it reads any text, and so is asked last by the load dialog).
    let settings = None;
    let entry = boards::board_entry!(
        app,
        GameKind::Chogo,
        "Chogo",
        egui::Key::N,
        rule_titles,
        true,
        settings
    );
    boards::register(app, entry);
}
