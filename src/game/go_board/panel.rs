//! The side panel of Go with chess pieces on the shared game panel: who plays, captures,
//! the score as it stands, whose turn (or the result with the score broken down and what
//! next), what a pass or a piece's move did in words, the kind palette, the actions, the
//! move list, the record's exports; the bar of a small window; the keys help.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};

use super::figures::Figures;
use super::play::{GoHint, GoThinking, OfferGoDraw};
use super::{DropKind, GoViewing, LifeView};
use crate::game::app::bot_turn::AskHint;
use crate::game::app::game_panel::{self, Asked, Entry, GamePanel, PlayerRow, ShowHelp, Tool};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, MenuAction};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::study::{
    AnalysisBoard, GameReview, PracticeAsk, StartReview, StudySource, StudyView, ToggleAnalysis,
};
use crate::game::app::ui::{
    self, DrawerOpen, Ending, Notice, PanelPlace, UiClick, UiLayer, palette,
};
use crate::game::go_board::bridge::{GoBridge, GoCommand, GoOwn};
use crate::game::go_board::describe::go_rules_line;
use crate::game::go_board::{GoFlipped, GoOn};
use crate::go::{Bits, EndReason, Kind, Move, Position, Record, number_text, sgf};
use crate::rules::Side;
use crate::save::GoPlayer;

/// What the panel's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Pass,
    Undo,
    Redo,
    Flip,
    Hint,
    Life,
    Draw,
    Resign,
    CopyRecord,
    CopyPosition,
    CopySgf,
    SaveRecord,
    Analysis,
    Review,
    Edit,
}

/// What a move that is not a plain drop did, in words (a pass, a piece's move, captures):
/// the panel says it, so that a bot's move never happens unexplained.
pub fn move_words(side: Side, mv: Move, captured: Bits, before: &Position) -> Option<String> {
    let what = match mv {
        Move::Pass => Some(format!("{side} passed")),
        Move::Step { from, to } => {
            let piece = before.piece_at(from).map_or("a piece", |p| p.kind.name());
            Some(format!("{side} moved its {piece} from {from} to {to}"))
        }
        Move::Drop { .. } => None,
    };
    game_panel::move_in_words(side, what, captured.count(), ("piece", "pieces"))
}

/// The score as it stands, per side: captures, controlled cells, komi, total.
pub fn score_parts(position: &Position) -> [(u32, u32, f64, f64); 2] {
    let controlled = position.controlled();
    let komi = position.rules().komi;
    let score = position.score();
    [Side::Black, Side::White].map(|side| {
        let i = side.index();
        let k = if side == Side::White { komi } else { 0.0 };
        (position.captures(side), controlled[i].count(), k, score[i])
    })
}

/// How the game ended, in a line (`None` while it goes on).
pub fn outcome_text(bridge: &GoBridge) -> Option<String> {
    let outcome = bridge.game.outcome()?;
    let winner = outcome.winner.map(|s| s.to_string());
    Some(match (outcome.reason, winner) {
        (EndReason::Passes, Some(w)) => format!("{w} wins on the score"),
        (EndReason::Passes, None) => "A draw on the score".into(),
        (EndReason::Resignation, Some(w)) => format!("{w} wins by resignation"),
        (EndReason::Agreement, _) => "Drawn by agreement".into(),
        (EndReason::Repetition, _) => "Drawn: the same position a third time".into(),
        (_, None) => "A draw".into(),
    })
}

/// What the result's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AfterGame {
    PlayOn,
    Rematch,
    NewGame,
}

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<GoBridge>,
    thinking: Res<GoThinking>,
    hint: Res<GoHint>,
    notice: Res<Notice>,
    (figures, settings, theme): (
        Res<Figures>,
        Res<PlayerSettings>,
        Res<crate::game::app::theme::Theme>,
    ),
    mut viewing: ResMut<GoViewing>,
    mut kind: ResMut<DropKind>,
    mut life: ResMut<LifeView>,
    mut flipped: ResMut<GoFlipped>,
    (mut commands, mut offers, mut clicks, mut hints, mut actions): (
        MessageWriter<GoCommand>,
        MessageWriter<OfferGoDraw>,
        MessageWriter<UiClick>,
        MessageWriter<AskHint>,
        MessageWriter<MenuAction>,
    ),
    persistence: Res<Persistence>,
    (place, mut drawer, mut help): (Res<PanelPlace>, ResMut<DrawerOpen>, ResMut<ShowHelp>),
    mut confirm: Local<Option<(Ending, u64)>>,
    mut exported: Local<Option<(String, u64)>>,
    (source, analysis, review, mut toggles, mut reviews, mut practice): (
        Res<StudySource>,
        Res<AnalysisBoard>,
        Res<GameReview>,
        MessageWriter<ToggleAnalysis>,
        MessageWriter<StartReview>,
        MessageWriter<PracticeAsk>,
    ),
) -> Result {
    let stones = settings.0.rooks_as_stones;
    let icons: Vec<(Kind, egui::TextureId)> = {
        let set = bridge.game.position().rules().pieces;
        let side = bridge.game.position().turn();
        set.kinds()
            .map(|k| {
                (
                    k,
                    contexts.add_image(EguiTextureHandle::Weak(figures.of(side, k, stones).id())),
                )
            })
            .collect()
    };
    let wood = crate::game::app::ui::mini_board::paint(theme.light);
    let ctx = contexts.ctx_mut()?;
    let game = &bridge.game;
    let pos = game.position();
    let live = game.outcome().is_none();
    // A pass on a past position or a finished game is tried in a side line.
    let (board_game, in_line) = bridge.board_game(viewing.0);
    let line_open = in_line && board_game.outcome().is_none();
    let person_moves = bridge.human_to_move() && viewing.0.is_none() || line_open;
    let person = if bridge.player(pos.turn()) == GoPlayer::Human {
        pos.turn()
    } else {
        !pos.turn()
    };
    let can_end = live && bridge.player(person) == GoPlayer::Human;
    let can_undo = !game.moves().is_empty() || game.outcome().is_some();
    let tools = vec![
        Tool::new(Act::Pass, "Pass", "Pass", "P").enabled(person_moves),
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(can_undo),
        // A finished game (a resignation, an agreed draw) has nothing to redo into.
        Tool::new(Act::Redo, "↷", "Redo", "R")
            .enabled(game.can_redo() && game.outcome().is_none()),
        Tool::new(Act::Flip, "⇅", "Flip the board", "F"),
        Tool::new(Act::Hint, "◎", "Hint: the computer's move is shown", "H")
            .enabled(person_moves && !hint.is_searching())
            .lit(hint.is_searching()),
        Tool::new(
            Act::Life,
            "Life",
            "Life view: each piece's escape (green), the defences that keep pieces alive (blue), controlled cells",
            "L",
        )
        .lit(life.0),
        Tool::new(Act::Draw, "½", "Offer a draw", "").enabled(can_end),
        Tool::new(Act::Resign, "Resign", "Resign the game", "").enabled(can_end),
    ];
    let mut tools = tools;
    tools.extend(game_panel::study_tools(
        Act::Analysis,
        Act::Review,
        source.0.as_ref(),
        &analysis,
        &review,
    ));
    // SGF holds Go: one kind moving like a rook (or a wazir), on a square board, pieces
    // that do not move.
    let rules = pos.rules();
    let sgf_game = rules.board.square_size().is_some()
        && rules
            .pieces
            .single()
            .is_some_and(|k| matches!(k, Kind::Rook | Kind::Wazir))
        && !rules.moving;
    let mut record = vec![
        Entry {
            id: Act::CopyRecord,
            name: "Copy the record",
            tip: "The game record (GO_RULES §5) to the clipboard",
            enabled: true,
        },
        Entry {
            id: Act::CopyPosition,
            name: "Copy the position",
            tip: "The position on the board as position text",
            enabled: true,
        },
    ];
    if sgf_game {
        record.push(Entry {
            id: Act::CopySgf,
            name: "Copy as SGF",
            tip: "For any Go program",
            enabled: true,
        });
    }
    record.push(Entry {
        id: Act::SaveRecord,
        name: "Save the record",
        tip: "Into the records folder (Load lists it)",
        enabled: persistence.store.is_some(),
    });
    record.push(Entry {
        id: Act::Edit,
        name: "Set up a position…",
        tip: "The position editor, from the position on the board",
        enabled: true,
    });
    // The counts of the position on the board: a past one while browsing the moves.
    let shown = bridge.shown(viewing.0);
    let parts = score_parts(shown);
    let when = if viewing.0.is_some() { "then" } else { "now" };
    let score = format!(
        "Score {when}: Black {} · White {}",
        number_text(parts[0].3),
        number_text(parts[1].3)
    );
    let players = {
        let row = |side: Side| PlayerRow {
            side,
            name: game_panel::player_name(bridge.player(side), &bridge.player(!side)),
            captured: parts[side.index()].0,
        };
        if flipped.0 {
            [row(Side::Black), row(Side::White)]
        } else {
            [row(Side::White), row(Side::Black)]
        }
    };
    let moves = move_rows(&bridge);
    let rules_line = go_rules_line(pos.rules());
    let how = if pos.rules().moving {
        "Click an empty cell to drop a piece, or click (or drag) one of yours to a marked cell. ? for all keys."
    } else {
        "Click an empty cell to drop a piece: a ghost shows it, red rings what it captures. ? for all keys."
    };
    let note = exported
        .as_ref()
        .filter(|(_, v)| *v == bridge.version)
        .map(|(t, _)| t.clone());
    let mut asked = Vec::new();
    let mut after = None;
    // The side to move in the position the board shows.
    let shown_turn = bridge.shown(viewing.0).turn();
    let body = |ui: &mut egui::Ui| {
        let panel = GamePanel {
            id: "go",
            game: bridge.game_id,
            title: "Go with chess pieces",
            rules: &rules_line,
            players,
            score: Some((
                score,
                "captures + the cells only its pieces reach (+ komi for White)",
            )),
            notice: notice.0.as_deref(),
            tools,
            moves: &moves,
            viewing: viewing.0,
            record,
            note: note.as_deref(),
            help: how,
            study: source.0.as_ref().map(|source| StudyView {
                board: &analysis,
                review: &review,
                source,
                to_move: shown_turn,
            }),
            result_first: bridge.game.outcome().is_some(),
        };
        asked = panel.show(
            ui,
            |ui| after = status(ui, &bridge, &thinking, viewing.0),
            |ui| {
                // The kind palette (keys 1–9 and 0) when the set has several kinds.
                if icons.len() > 1 {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Drop");
                        for (i, (k, texture)) in icons.iter().enumerate() {
                            // On the board's wood, where both sides' figures are seen; the
                            // chosen kind is ringed.
                            let image = egui::Image::new((*texture, egui::vec2(30.0, 30.0)));
                            let ring = if kind.0 == *k {
                                egui::Stroke::new(2.5, palette::GOLD)
                            } else {
                                egui::Stroke::new(1.0, egui::Color32::from_gray(90))
                            };
                            let button = egui::Button::image(image).fill(wood).stroke(ring);
                            if ui
                                .add(button)
                                .on_hover_text(format!("{} (key {})", k.name(), i + 1))
                                .clicked()
                            {
                                kind.0 = *k;
                            }
                        }
                    });
                }
                match ui::ending_question(ui, &mut confirm, bridge.version) {
                    Some(Ending::Resign(side)) => {
                        clicks.write(UiClick);
                        commands.write(GoCommand::Resign(side));
                    }
                    Some(Ending::OfferDraw(side)) => {
                        clicks.write(UiClick);
                        offers.write(OfferGoDraw(side));
                    }
                    None => {}
                }
            },
            &mut actions,
            &mut help,
        );
    };
    let bar_tools = [
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(can_undo),
        Tool::new(Act::Pass, "Pass", "Pass", "P").enabled(person_moves),
    ];
    let away = game_panel::Away::of(bridge.line(viewing.0).is_some(), viewing.0);
    let bar = game_panel::away_bar(shown_turn, "to move", away);
    let (swatch, text) = bar.unwrap_or_else(|| match outcome_text(&bridge) {
        Some(t) => (None, egui::RichText::new(t).color(palette::GOLD)),
        None => {
            let dots = if thinking.is_thinking() { " …" } else { "" };
            // With the drawer shut the bar is all there is: a pass or a piece's move is
            // said there.
            let words = bridge
                .shown_move(None)
                .zip(game.positions().len().checked_sub(2))
                .and_then(|((mv, captured), i)| {
                    let before = game.positions()[i];
                    move_words(before.turn(), mv, captured, &before)
                })
                .map_or(String::new(), |w| format!(" · {w}"));
            (
                Some(pos.turn()),
                egui::RichText::new(format!("{} to move{dots}{words}", pos.turn())),
            )
        }
    });
    let from_bar = game_panel::place_panel(
        ctx,
        *place,
        &mut drawer,
        notice.0.as_deref(),
        (swatch, text),
        &bar_tools,
        body,
    );
    asked.extend(from_bar.map(Asked::Tool));
    match after {
        Some(AfterGame::PlayOn) => {
            clicks.write(UiClick);
            commands.write(GoCommand::Own(GoOwn::PlayOn));
        }
        Some(AfterGame::Rematch) => {
            clicks.write(UiClick);
            // Against a bot the person changes sides.
            let players = bridge.setup.players;
            commands.write(GoCommand::NewGame(crate::game::go_board::bridge::GoSetup {
                rules: bridge.setup.rules,
                players: crate::common::BySide::new(players.white, players.black),
            }));
        }
        Some(AfterGame::NewGame) => {
            actions.write(MenuAction::Open(Dialog::NewGame));
        }
        None => {}
    }
    let players = [
        ("Black", bridge.player(Side::Black).to_string()),
        ("White", bridge.player(Side::White).to_string()),
    ];
    let tags: Vec<(&str, &str)> = players.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for ask in asked {
        let mut send = |command: GoCommand| {
            clicks.write(UiClick);
            commands.write(command);
        };
        match ask {
            Asked::View(view) => {
                viewing.set_if_neq(GoViewing::of(view));
                if bridge.line(viewing.0).is_some() {
                    commands.write(GoCommand::LeaveLine);
                }
            }
            Asked::LineUndo => send(GoCommand::LineUndo),
            Asked::Tool(Act::Pass) if line_open => send(GoCommand::TryMove(Move::Pass)),
            Asked::Tool(Act::Pass) => send(GoCommand::Play(Move::Pass)),
            // In a side line, its last move is taken back (as the U key does).
            Asked::Tool(Act::Undo) if bridge.line(viewing.0).is_some() => send(GoCommand::LineUndo),
            Asked::Tool(Act::Undo) => send(GoCommand::Undo),
            Asked::Tool(Act::Redo) => send(GoCommand::Redo),
            Asked::Tool(Act::Flip) => flipped.0 = !flipped.0,
            Asked::Tool(Act::Hint) => {
                hints.write(AskHint);
            }
            Asked::Tool(Act::Analysis) => {
                toggles.write(ToggleAnalysis);
            }
            Asked::Tool(Act::Review) => {
                reviews.write(StartReview);
            }
            Asked::Practice(ask) => {
                practice.write(ask);
            }
            Asked::Tool(Act::Life) => life.0 = !life.0,
            // Ending the game asks first: a slip of the mouse must not end it.
            Asked::Tool(Act::Draw) => *confirm = Some((Ending::OfferDraw(person), bridge.version)),
            Asked::Tool(Act::Resign) => *confirm = Some((Ending::Resign(person), bridge.version)),
            Asked::Entry(Act::CopyRecord) => {
                ctx.copy_text(Record::from_game(game, &tags).to_string());
                *exported = Some(("The record is on the clipboard".into(), bridge.version));
            }
            Asked::Entry(Act::CopyPosition) => {
                ctx.copy_text(bridge.shown(viewing.0).to_string());
                *exported = Some(("The position is on the clipboard".into(), bridge.version));
            }
            Asked::Entry(Act::CopySgf) => match sgf::write(game, &players[0].1, &players[1].1) {
                Ok(text) => {
                    ctx.copy_text(text);
                    *exported = Some(("The SGF is on the clipboard".into(), bridge.version));
                }
                Err(e) => *exported = Some((format!("No SGF: {e}"), bridge.version)),
            },
            Asked::Entry(Act::Edit) => {
                commands.write(GoCommand::Edit(super::bridge::GoEdit::Open));
            }
            Asked::Entry(Act::SaveRecord) => {
                *exported = Some((save_record(&persistence, &bridge, &tags), bridge.version));
            }
            Asked::Tool(_) | Asked::Entry(_) => {}
        }
    }
    Ok(())
}

/// The status block: whose turn and what is under way, or the result with the score
/// broken down and what next (play on by taking the passes back, a new game).
fn status(
    ui: &mut egui::Ui,
    bridge: &GoBridge,
    thinking: &GoThinking,
    viewing: Option<usize>,
) -> Option<AfterGame> {
    let mut asked = None;
    let game = &bridge.game;
    let pos = game.position();
    let shown = bridge.shown(viewing);
    let line = bridge.line(viewing);
    match (outcome_text(bridge), viewing) {
        (Some(_), None) if line.is_none() => {
            let outcome = game.outcome();
            let scored = outcome.is_some_and(|o| o.reason == EndReason::Passes);
            let person = |s: Side| bridge.player(s) == GoPlayer::Human;
            let winner = outcome.and_then(|o| o.winner);
            let words = match winner {
                Some(w) => format!("{w} wins"),
                None => "A draw".into(),
            };
            let title = game_panel::headline_for(winner, person, words);
            let [b, w] = pos.score();
            let reason = match outcome.map(|o| o.reason) {
                Some(EndReason::Passes) if winner.is_some() => {
                    format!("on the score, by {}", number_text((b - w).abs()))
                }
                Some(EndReason::Passes) => "on the score".into(),
                Some(EndReason::Resignation) => "by resignation".into(),
                Some(EndReason::Agreement) => "by agreement".into(),
                Some(EndReason::Repetition) | None => "the same position came a third time".into(),
            };
            game_panel::result_block(ui, &title, &reason, |ui| {
                if scored
                    && ui
                        .button("Play on")
                        .on_hover_text("Take the passes back and go on: capture what is dead")
                        .clicked()
                {
                    asked = Some(AfterGame::PlayOn);
                }
                if ui
                    .button("Rematch")
                    .on_hover_text("The same rules; against a bot you change sides")
                    .clicked()
                {
                    asked = Some(AfterGame::Rematch);
                }
                if ui.button("New game…").clicked() {
                    asked = Some(AfterGame::NewGame);
                }
            });
            if scored {
                let parts = score_parts(pos);
                egui::Grid::new("go-score")
                    .num_columns(5)
                    .spacing([12.0, 2.0])
                    .show(ui, |ui| {
                        for h in ["", "captures", "cells", "komi", "total"] {
                            ui.label(egui::RichText::new(h).small().weak());
                        }
                        ui.end_row();
                        for side in [Side::Black, Side::White] {
                            let (c, cells, komi, total) = parts[side.index()];
                            ui.label(egui::RichText::new(side.to_string()).strong());
                            ui.label(c.to_string());
                            ui.label(cells.to_string());
                            ui.label(number_text(komi));
                            ui.label(egui::RichText::new(number_text(total)).strong());
                            ui.end_row();
                        }
                    });
                ui.label(
                    egui::RichText::new(
                        "Dead pieces are not taken off by agreement: capture them on the board.",
                    )
                    .small()
                    .weak(),
                );
            }
        }
        (_, past) => {
            game_panel::turn_header(
                ui,
                shown.turn(),
                "to move",
                thinking.is_thinking(),
                game_panel::Away::of(line.is_some(), past),
            );
            if (past.is_none() || line.is_some()) && shown.passes() == 1 {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new("The last move was a pass: another pass ends the game")
                            .color(palette::GOLD),
                    )
                    .wrap(),
                );
            }
            let (game, n) = match line {
                Some(line) => (&line.game, line.game.moves().len()),
                None => (game, viewing.unwrap_or(game.moves().len())),
            };
            if let Some((mv, captured)) = bridge.shown_move(viewing) {
                let set = pos.rules().pieces;
                ui::last_move_line(ui, &mv.text_with_captures(set, captured));
                if let Some(before) = game.positions().get(n.saturating_sub(1))
                    && let Some(words) = move_words(before.turn(), mv, captured, before)
                {
                    ui.add(
                        egui::Label::new(egui::RichText::new(words).small().color(palette::GOLD))
                            .wrap(),
                    );
                }
            }
        }
    }
    asked
}

/// The record with the players and the date, saved into the records folder.
fn save_record(persistence: &Persistence, bridge: &GoBridge, tags: &[(&str, &str)]) -> String {
    let date = crate::save::record_date(crate::save::now_unix());
    let mut all = tags.to_vec();
    all.push(("Date", &date));
    let text = Record::from_game(&bridge.game, &all).to_string();
    crate::game::app::export::save_export(persistence, "go", "record", &text)
}

/// The moves in the rule book's notation, for the shared move list.
fn move_rows(bridge: &GoBridge) -> Vec<ui::MoveRow> {
    let game = &bridge.game;
    let set = game.position().rules().pieces;
    game.moves()
        .iter()
        .zip(game.positions())
        .map(|((mv, captured), before)| ui::MoveRow {
            number: before.fullmoves(),
            side: before.turn(),
            text: mv.text_with_captures(set, *captured),
        })
        .collect()
}

/// The keys and mouse, for the help (`?`, F1 or the panel's `?`).
const KEYS: &[(&str, &str)] = &[
    (
        "Click",
        "drop a piece of the chosen kind on an empty cell (a ghost shows it first)",
    ),
    (
        "Click, click or drag",
        "with moving pieces: move one of yours to a marked cell",
    ),
    ("1–8", "the kind to drop, when the set has several"),
    ("P", "pass (two passes in a row end the game)"),
    ("U, Backspace", "undo (against a bot: back to your move)"),
    ("R", "redo"),
    ("H", "hint: the computer's move"),
    (
        "A",
        "analysis: the engine's win chance, best moves and line",
    ),
    ("L", "life view: escapes, defences and controlled cells"),
    ("F", "flip the board"),
    ("C", "coordinates on or off"),
    ("Left, Right", "step through the moves"),
    ("Home, End", "the start, the game as it stands"),
    ("Esc / right click", "put a picked piece back"),
    ("?, F1", "this help (Esc closes it)"),
    ("F12", "save a screenshot in the data folder"),
];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, game_panel::keys_help(KEYS))
            .chain()
            .run_if(in_state(GoOn).and_then(not(super::editor::editing)))
            .in_set(UiLayer::Panel),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Game, Rules};

    #[test]
    fn a_pass_and_a_capture_are_said_in_words() {
        let start =
            Position::from_text("Rr7/9/9/9/9/9/9/9/9 b 0 0 0 - 1", Rules::default()).unwrap();
        let mut game = Game::from_position(start);
        let captured = game
            .play(Move::Drop {
                kind: Kind::Rook,
                cell: "a8".parse().unwrap(),
            })
            .unwrap();
        let before = game.positions()[0];
        assert_eq!(
            move_words(
                Side::Black,
                Move::Drop {
                    kind: Kind::Rook,
                    cell: "a8".parse().unwrap()
                },
                captured,
                &before
            )
            .as_deref(),
            Some("Black captured 1 piece")
        );
        let before = *game.position();
        assert_eq!(
            move_words(Side::White, Move::Pass, Bits::EMPTY, &before).as_deref(),
            Some("White passed")
        );
        // A plain drop needs no words.
        assert_eq!(
            move_words(
                Side::White,
                Move::Drop {
                    kind: Kind::Rook,
                    cell: "e5".parse().unwrap()
                },
                Bits::EMPTY,
                &before
            ),
            None
        );
    }
}
