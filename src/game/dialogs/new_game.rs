//! The new-game dialog: which game (Chogo, or Go with chess pieces), the opponent and side,
//! the rules (for Chogo a preset, then every option of RULES §9 and the handicap; for the
//! second game the board, the piece set, moving pieces, the ko rule and komi), and the
//! rules in one line.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Opponent;
use crate::game::app::screen::{Dialog, GameKind, InGame, MenuAction};
use crate::game::app::ui::{self, PanelPlace, palette};
use crate::game::chogo_board::bridge::Setup;
use crate::game::go_board::bridge::{GoSetup, suggested_komi};
use crate::game::go_board::describe::{board_label, go_rules_line};
use crate::go::bot::Level as GoLevel;
use crate::go::{Board as GoBoard, Kind, PieceSet, Rules as GoRules, number_text};
use crate::rules::{Bitboard, Board, BySide, Handicap, Preset, RuleOption, RuleSet, Side};
use crate::save::GoPlayer;

/// The new-game choices being edited.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct NewGameForm {
    /// Which game the next one is.
    pub game: GameKind,
    pub opponent: Opponent,
    /// The rules of the next game: a preset, then any option (RULES §9).
    pub rules: RuleSet,
    /// The next game of Go with chess pieces.
    pub go: GoForm,
}

/// The choices for a game of Go with chess pieces.
#[derive(Debug, Clone, Copy)]
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
        _ => "a set of your own",
    }
}

/// The game-of-Go part of the form: the board, the pieces and the scoring rules.
fn go_form(ui: &mut egui::Ui, form: &mut GoForm) {
    let level_title = |l: GoLevel| match l {
        GoLevel::Random => "Random",
        GoLevel::Easy => "Easy (greedy)",
        GoLevel::Medium => "Medium (search, 0.5 s)",
        GoLevel::Hard => "Hard (search, 2 s)",
        GoLevel::Master => "Master (search, 5 s)",
    };
    egui::ComboBox::from_label("Opponent")
        .selected_text(form.level.map_or("Another person".to_string(), |l| {
            format!("Computer: {}", level_title(l))
        }))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut form.level, None, "Another person");
            for level in GoLevel::ALL {
                ui.selectable_value(
                    &mut form.level,
                    Some(level),
                    format!("Computer: {}", level_title(level)),
                );
            }
        });
    if form.level.is_some() {
        ui.horizontal(|ui| {
            ui.label("You play");
            ui.radio_value(&mut form.side, Side::Black, "Black (moves first)");
            ui.radio_value(&mut form.side, Side::White, "White");
        });
    }
    ui.separator();
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

/// One rule option's row: its title, then a radio button for each value (the rules
/// engine's own names and labels).
fn option_choice<T: RuleOption>(ui: &mut egui::Ui, value: &mut T) {
    ui::choice(ui, T::TITLE, value, T::ALL.iter().map(|&v| (v, v.label())));
}

/// Every rule option of RULES §9, with the presets and the handicap.
fn rules_form(ui: &mut egui::Ui, rules: &mut RuleSet) {
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
    option_choice(ui, &mut rules.king_power);
    option_choice(ui, &mut rules.part_trapped_tandem);
    option_choice(ui, &mut rules.king_start);
    option_choice(ui, &mut rules.own_man_capture);
    option_choice(ui, &mut rules.mole_condition);
    // Handicap: tick 1–3 start pawns of one side.
    let mut side = rules.handicap.map_or(Side::White, |h| h.side);
    let mut pawns = rules.handicap.map_or(Bitboard::EMPTY, |h| h.pawns);
    ui.label("Handicap (1–3 pawns removed)");
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

pub(super) fn dialog(
    mut contexts: EguiContexts,
    mut form: ResMut<NewGameForm>,
    in_game: Option<Res<State<InGame>>>,
    place: Res<PanelPlace>,
    mut actions: super::Menu,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    ui::dialog(
        "New game",
        &mut open,
        super::over_game(&in_game, &place),
        ctx,
    )
    .default_width(420.0)
    .show(ctx, |ui| {
        ui::scrolling(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("Game");
                ui.selectable_value(&mut form.game, GameKind::Chogo, "Chogo");
                ui.selectable_value(&mut form.game, GameKind::Go, "Go with chess pieces");
            });
            ui.separator();
            if form.game == GameKind::Go {
                ui.label(
                    egui::RichText::new(format!("Rules: {}", go_rules_line(&form.go.rules)))
                        .strong(),
                );
                go_form(ui, &mut form.go);
            } else {
                form.opponent.form(ui);
                ui.separator();
                ui.label(egui::RichText::new(format!("Rules: {}", form.rules.describe())).strong());
                rules_form(ui, &mut form.rules);
            }
            let problem = (form.game == GameKind::Chogo)
                .then(|| form.rules.validate().err().map(|e| e.to_string()))
                .flatten();
            if let Some(problem) = &problem {
                ui.label(egui::RichText::new(problem).color(palette::WARN));
            }
            ui.separator();
            ui.horizontal(|ui| {
                // Enter starts too (when no text field has the keys).
                let enter =
                    !ui.ctx().text_edit_focused() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui
                    .add_enabled(problem.is_none(), egui::Button::new("Start (Enter)"))
                    .clicked()
                    || enter && problem.is_none()
                {
                    match form.game {
                        GameKind::Chogo => actions.new_chogo(Setup {
                            rules: form.rules,
                            players: form.opponent.players(),
                        }),
                        GameKind::Go => actions.new_go(form.go.setup()),
                    }
                }
                if ui.button("Cancel").clicked() {
                    actions.write(MenuAction::Open(Dialog::None));
                }
            });
        })
    });
    if !open {
        actions.write(MenuAction::Open(Dialog::None));
    }
    Ok(())
}
