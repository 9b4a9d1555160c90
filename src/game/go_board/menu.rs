//! The parts of the shared screens and dialogs ([`crate::game::app::boards`]) for Go with
//! chess pieces: its line and small board on the title, its new-game form (the opponent
//! and side, the board, the piece set, moving pieces, the ko rule and komi), its reading of
//! an SGF file, a record or a position in the load dialog, and its rule book.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::bridge::{GoBridge, GoCommand, GoSetup, suggested_komi};
use super::describe::{board_label, go_rules_line};
use super::rule_book::{self, GoRuleBook};
use super::{Figures, outcome_text};
use crate::game::app::boards::{self, Loadable};
use crate::game::app::dialogs::{LoadForm, opponent_form};
use crate::game::app::screen::{GameKind, MenuAction};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::theme::Theme;
use crate::game::go_board::small_board::paint_go_position;
use crate::go::bot::Level as GoLevel;
use crate::go::{Bits, Board as GoBoard, Kind, Move, PieceSet, Rules as GoRules, number_text};
use crate::rules::{Board, BySide, Side};
use crate::save::{self, GoPlayer, GoSavedGame};

/// The choices for a game of Go with chess pieces.
#[derive(Resource, Debug, Clone, Copy)]
pub struct GoForm {
    pub rules: GoRules,
    /// `None`: two people.
    pub level: Option<GoLevel>,
    /// The person's side against a bot.
    pub side: Side,
}

impl Default for GoForm {
    fn default() -> GoForm {
        GoForm::of(&GoSetup::default())
    }
}

impl GoForm {
    pub fn of(setup: &GoSetup) -> GoForm {
        let (level, side) = match (setup.players.black, setup.players.white) {
            (GoPlayer::Human, GoPlayer::Bot(level)) => (Some(level), Side::Black),
            (GoPlayer::Bot(level), GoPlayer::Human) => (Some(level), Side::White),
            _ => (None, Side::Black),
        };
        GoForm {
            rules: setup.rules,
            level,
            side,
        }
    }

    pub fn setup(&self) -> GoSetup {
        let players = match self.level {
            None => BySide::new(GoPlayer::Human, GoPlayer::Human),
            Some(level) => {
                let mut p = BySide::new(GoPlayer::Bot(level), GoPlayer::Bot(level));
                p[self.side] = GoPlayer::Human;
                p
            }
        };
        GoSetup {
            rules: self.rules,
            players,
        }
    }
}

/// What each preset set makes of the game, in a line.
pub fn set_line(set: &str) -> &'static str {
    match set {
        "R" => "Go itself: a piece lives while its group has an empty neighbour",
        "B" => "on the light cells only; life runs along the diagonals",
        "K" => "steps in all eight directions: groups connect diagonally too",
        "N" => "knights live by their jumps: shapes no Go player knows",
        "P" => "pawns move and defend one way: forward for each side",
        "M" => "Chinese knights: a jump blocked by a piece on its leg",
        "RB" => "rooks and bishops together: choose each drop's kind",
        "D" => "dabbabas jump two cells along a line: Go on a lattice of every other cell",
        "A" => "alfils (elephants) jump two cells diagonally: Go on a sparse lattice",
        _ => "a set of your own",
    }
}

/// The game-of-Go part of the form: the board, the pieces and the scoring rules.
fn go_form(ui: &mut egui::Ui, form: &mut GoForm) {
    go_opponent_form(ui, form);
    ui.separator();
    go_rules_form(ui, form);
}

/// The rules part of the form: the board, the pieces and the scoring rules.
fn go_rules_form(ui: &mut egui::Ui, form: &mut GoForm) {
    let rules = &mut form.rules;
    let before = rules.board;
    ui.horizontal_wrapped(|ui| {
        ui.label("Board");
        for n in [9u8, 13, 19] {
            ui.radio_value(&mut rules.board, GoBoard::Square(n), format!("{n} × {n}"));
        }
        egui::ComboBox::from_id_salt("more boards")
            .selected_text(match rules.board {
                GoBoard::Square(9 | 13 | 19) => "more…".to_string(),
                b => board_label(b),
            })
            .show_ui(ui, |ui| {
                for n in GoBoard::MIN_SIZE..=GoBoard::MAX_SIZE {
                    if ![9, 13, 19].contains(&n) {
                        ui.selectable_value(
                            &mut rules.board,
                            GoBoard::Square(n),
                            board_label(GoBoard::Square(n)),
                        );
                    }
                }
                for b in Board::ALL {
                    ui.selectable_value(
                        &mut rules.board,
                        GoBoard::Chogo(b),
                        board_label(GoBoard::Chogo(b)),
                    );
                }
            });
    });
    if rules.board != before {
        // A new board suggests its komi.
        rules.komi = suggested_komi(u32::from(rules.board.files().max(rules.board.ranks())));
    }
    ui.label("Pieces");
    ui.horizontal_wrapped(|ui| {
        for preset in PieceSet::PRESETS {
            let set: PieceSet = preset.parse().unwrap_or_default();
            if ui
                .selectable_label(rules.pieces == set, preset)
                .on_hover_text(set_line(preset))
                .clicked()
            {
                rules.pieces = set;
            }
        }
    });
    // A set of one's own: any kinds (one at least).
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("or any kinds:").weak());
        for kind in Kind::ALL {
            let mut on = rules.pieces.contains(kind);
            if ui.checkbox(&mut on, kind.name()).changed() {
                let kinds = rules
                    .pieces
                    .kinds()
                    .filter(|k| *k != kind)
                    .chain(on.then_some(kind));
                if let Some(set) = PieceSet::new(kinds) {
                    rules.pieces = set;
                }
            }
        }
    });
    let preset = rules.pieces.to_string();
    ui.label(egui::RichText::new(set_line(&preset)).italics());
    ui.checkbox(
        &mut rules.moving,
        "Moving pieces: a turn may move a piece instead of dropping one",
    );
    ui.horizontal(|ui| {
        ui.label("Ko rule");
        let forced = rules.moving;
        ui.add_enabled_ui(!forced, |ui| {
            if forced {
                // Greyed out, showing the rule that applies: superko.
                let _ = ui.radio(false, "basic ko");
                let _ = ui.radio(true, "superko");
            } else {
                ui.radio_value(&mut rules.superko, false, "basic ko");
                ui.radio_value(&mut rules.superko, true, "superko");
            }
        });
        if forced {
            ui.label(egui::RichText::new("(superko with moving pieces)").weak());
        }
    });
    ui.horizontal(|ui| {
        ui.label("Komi");
        ui.add(
            egui::DragValue::new(&mut rules.komi)
                .range(-50.0..=50.0)
                .speed(0.5)
                .fixed_decimals(1),
        );
        let size = u32::from(rules.board.files().max(rules.board.ranks()));
        let suggested = suggested_komi(size);
        if rules.komi != suggested
            && ui
                .small_button(format!("suggested {}", number_text(suggested)))
                .clicked()
        {
            rules.komi = suggested;
        }
    });
}

/// The opponent and the person's side.
fn go_opponent_form(ui: &mut egui::Ui, form: &mut GoForm) {
    // Each level's strength in a few words (the match names every level).
    let strength = |l: GoLevel| match l {
        GoLevel::Random => "Random",
        GoLevel::Easy => "Easy (greedy)",
        GoLevel::Medium => "Medium (search, 0.5 s)",
        GoLevel::Hard => "Hard (search, 2 s)",
        GoLevel::Master => "Master (search, 5 s)",
    };
    opponent_form(
        ui,
        &mut form.level,
        &mut form.side,
        &GoLevel::ALL.map(|l| (l, strength(l))),
    );
}

/// Who plays whom, in a few words.
fn matchup(players: BySide<GoPlayer>) -> String {
    let title = |l: GoLevel| {
        let name = l.name();
        name[..1].to_ascii_uppercase() + &name[1..]
    };
    let players = players.map(|p| match p {
        GoPlayer::Bot(l) => Some(title(l)),
        GoPlayer::Human => None,
    });
    match (players.black, players.white) {
        (None, None) => "Two players".into(),
        (None, Some(l)) => format!("You (Black) against {l}"),
        (Some(l), None) => format!("You (White) against {l}"),
        (Some(b), Some(w)) => format!("{b} against {w}"),
    }
}

/// The form starts from the game in hand.
fn init_form(go: Res<GoBridge>, mut form: ResMut<GoForm>) {
    *form = GoForm::of(&go.setup);
}

/// The game in hand, in a line for the title.
fn summary(go: Res<GoBridge>) -> String {
    let pos = go.game.position();
    let state = outcome_text(&go)
        .unwrap_or_else(|| format!("move {}, {} to move", pos.fullmoves(), pos.turn()));
    format!(
        "Go with chess pieces · {} · {} · {state}",
        matchup(go.setup.players),
        go_rules_line(pos.rules())
    )
}

/// The game in hand on a small board, its last move marked.
fn small_board(
    InMut(ui): InMut<egui::Ui>,
    mut contexts: EguiContexts,
    go: Res<GoBridge>,
    figures: Res<Figures>,
    settings: Res<PlayerSettings>,
    theme: Res<Theme>,
) {
    let textures = figures.textures(
        &mut contexts,
        go.game.position().rules().pieces.kinds(),
        settings.0.rooks_as_stones,
    );
    let figure = |p: crate::go::Piece| textures.of(p);
    let last = go.shown_move(None).map_or(Bits::EMPTY, |(mv, _)| match mv {
        Move::Drop { cell, .. } | Move::Step { to: cell, .. } => Bits::from_cell(cell),
        Move::Pass => Bits::EMPTY,
    });
    let height = ui.available_height();
    paint_go_position(ui, &theme, go.game.position(), height, &figure, last, false);
}

/// The new-game form: the rules in one line, the opponent, the board, the pieces and the
/// scoring rules.
fn new_game_form(InMut(ui): InMut<egui::Ui>, mut form: ResMut<GoForm>) -> Option<String> {
    rules_heading(ui, &form);
    go_form(ui, &mut form);
    None
}

/// The rules the form describes, in one line over it.
fn rules_heading(ui: &mut egui::Ui, form: &GoForm) {
    ui.label(egui::RichText::new(format!("Rules: {}", go_rules_line(&form.rules))).strong());
}

fn online_rules_form(InMut(ui): InMut<egui::Ui>, mut form: ResMut<GoForm>) -> Option<String> {
    rules_heading(ui, &form);
    go_rules_form(ui, &mut form);
    None
}

fn rules_text(form: Res<GoForm>) -> String {
    form.rules.to_string()
}

fn start(
    form: Res<GoForm>,
    mut commands: MessageWriter<GoCommand>,
    mut actions: MessageWriter<MenuAction>,
) {
    commands.write(GoCommand::NewGame(form.setup()));
    actions.write(MenuAction::Show(GameKind::Go));
}

/// The load dialog's text as read by this game, kept while the text and the rules it is
/// read under stay the same.
#[derive(Resource, Debug, Default)]
pub struct GoReading {
    read: Option<Reading>,
}

/// One reading: the text and rules it was read under, the game, and its summary.
#[derive(Debug)]
struct Reading {
    text: String,
    rules: GoRules,
    game: Option<Result<crate::go::Game, String>>,
    summary: Option<Result<String, String>>,
}

impl GoReading {
    /// Reads the text again only when it or the rules changed.
    fn refresh(&mut self, text: &str, rules: GoRules) -> &Reading {
        let stale = self
            .read
            .as_ref()
            .is_none_or(|r| r.text != text || r.rules != rules);
        if stale {
            let game = save::import_go(text, rules);
            let summary = game.as_ref().map(|g| {
                g.as_ref()
                    .map(|game| summary_of(text, game))
                    .map_err(Clone::clone)
            });
            self.read = Some(Reading {
                text: text.to_string(),
                rules,
                game,
                summary,
            });
        }
        self.read.as_ref().expect("read just above")
    }

    /// The text as a game of Go with chess pieces (an SGF file, this game's record or
    /// position text): `None` when it is none of these.
    pub fn read(&mut self, text: &str, rules: GoRules) -> Option<&Result<crate::go::Game, String>> {
        self.refresh(text, rules).game.as_ref()
    }
}

/// What a game read from the load dialog's text holds, in a line.
fn summary_of(text: &str, game: &crate::go::Game) -> String {
    let pos = game.position();
    let state = match game.outcome() {
        Some(o) => match (o.winner, o.reason) {
            (Some(w), crate::go::EndReason::Resignation) => {
                format!("{} wins by resignation", w.title())
            }
            (Some(w), _) => format!("{} wins on the score", w.title()),
            (None, _) => "a draw".to_string(),
        },
        None => format!("{} to move", pos.turn()),
    };
    let sgf = crate::common::without_bom(text)
        .trim_start()
        .starts_with('(');
    let games = if sgf {
        crate::go::sgf::games_in(text)
    } else {
        1
    };
    let first = if games > 1 {
        format!(" (the first of the {games} games in this file)")
    } else {
        String::new()
    };
    format!(
        "Go with chess pieces: {}; {}; {state}{first}",
        crate::common::counted(game.moves().len(), "move", "moves"),
        go_rules_line(pos.rules()),
    )
}

/// The load dialog's part: what the text holds, or why it cannot be played, and who
/// plays it.
fn load_part(
    InMut(ui): InMut<egui::Ui>,
    load: Res<LoadForm>,
    mut form: ResMut<GoForm>,
    mut reading: ResMut<GoReading>,
) -> Loadable {
    let reading = match &reading.refresh(&load.text, form.rules).summary {
        None => return Loadable::NotMine,
        Some(Ok(summary)) => Ok(summary.clone()),
        Some(Err(problem)) => Err(problem.as_str()),
    };
    let loadable = boards::show_reading(ui, reading);
    go_opponent_form(ui, &mut form);
    loadable
}

fn play_loaded(
    load: Res<LoadForm>,
    form: Res<GoForm>,
    mut reading: ResMut<GoReading>,
    mut commands: MessageWriter<GoCommand>,
    mut actions: MessageWriter<MenuAction>,
) {
    if let Some(Ok(game)) = reading.read(&load.text, form.rules).cloned() {
        commands.write(GoCommand::Load(Box::new(GoSavedGame {
            game,
            players: form.setup().players,
        })));
        actions.write(MenuAction::Show(GameKind::Go));
    }
}

/// The settings dialog's rows for this game: its rooks may look like Go stones, its files
/// may be lettered as Go programs letter them.
fn settings_row(InMut(ui): InMut<egui::Ui>, mut settings: ResMut<PlayerSettings>) {
    ui.label("Go with chess pieces");
    let mut stones = settings.0.rooks_as_stones;
    if ui.checkbox(&mut stones, "rooks as Go stones").changed() {
        settings.0.rooks_as_stones = stones;
    }
    ui.end_row();
    ui.label("");
    let mut letters = settings.0.go_letters;
    if ui
        .checkbox(&mut letters, "board letters A–T without I")
        .on_hover_text(
            "The board's files lettered as Go programs write them (GTP); records keep the \
             rule book's a, b, c…",
        )
        .changed()
    {
        settings.0.go_letters = letters;
    }
    ui.end_row();
}

/// Offer Go with chess pieces on the shared screens.
pub(super) fn register(app: &mut App) {
    app.init_resource::<GoForm>();
    app.init_resource::<GoReading>();
    app.insert_resource(GoRuleBook::read());
    app.add_systems(Startup, init_form);
    let rule_titles = Arc::new(app.world().resource::<GoRuleBook>().titles());
    // Its own rows in the settings dialog, if any; then the entry (the sixth argument:
    // whether it reads any text, and so is asked last by the load dialog).
    let settings = Some(app.register_system(settings_row));
    let entry = boards::board_entry!(
        app,
        GameKind::Go,
        "Go with chess pieces",
        egui::Key::G,
        rule_titles,
        false,
        settings
    );
    boards::register(app, entry);
}
