//! Chogo's side panel on the shared game panel: whose turn (or the result with a rematch),
//! the Polis, the bot thinking, what a special move did in words, the actions, the move
//! list, the record's exports; the bar of a small window; the keys help.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::app::game_panel::{
    self, Asked, Away, Entry, GamePanel, PlayerRow, ShowHelp, Tool,
};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::MenuAction;
use crate::game::app::study::{
    AnalysisBoard, GameReview, PracticeAsk, StartReview, StudySource, StudyView, ToggleAnalysis,
};
use crate::game::app::ui::{
    self, DrawerOpen, Ending, Notice, PanelPlace, UiClick, UiLayer, palette,
};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bot_player::{BotThinking, DrawOffer, OfferDraw};
use crate::game::chogo_board::bridge::{Bridge, Command, PlayerKind, Setup, Viewing};
use crate::game::chogo_board::export::Export;
use crate::game::chogo_board::hint::{AskHint, Hint};
use crate::game::chogo_board::input::FlipBoard;
use crate::game::chogo_board::layout::BoardLayout;
use crate::game::chogo_board::words::{hands_line, hopeless_words, polis_badge, polis_how};
use crate::rules::{BySide, Fortress, Move, Ply, Role, Series, Side};

/// What the panel's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Undo,
    Redo,
    Flip,
    Hint,
    Draw,
    Resign,
    CopyRecord,
    CopyPosition,
    SaveRecord,
    SavePosition,
    Analysis,
    Review,
    Edit,
}

/// What a move that is not a plain slide did, in words (a mole drop, a tandem, the king's
/// drop, captures): the panel says it, so that a bot's move never happens unexplained.
pub fn move_words(side: Side, ply: &Ply) -> Option<String> {
    let what = match ply.mv {
        Move::MoleDrop { from, to } => Some(match ply.position.rules().fortress {
            Fortress::Knight => format!(
                "{side} leapt like a knight from {from} into {}'s city at {to}",
                !side
            ),
            Fortress::Reposition => format!("{side} set {}'s man from {from} down on {to}", !side),
            Fortress::Mole | Fortress::NoHiding => format!(
                "{side} made a mole drop: the man from {from} into {}'s city at {to}",
                !side
            ),
        }),
        Move::Tandem { from, .. } => Some(format!(
            "{side} slid a tandem of {} men",
            from.cells().count()
        )),
        Move::Drop { to } => Some(match ply.position.man_at(to).map(|m| m.role) {
            Some(Role::Pawn) => format!("{side} dropped a man on {to}"),
            _ => format!("{side} dropped its king on {to}"),
        }),
        Move::Single { .. } => None,
    };
    game_panel::move_in_words(side, what, ply.captured.count(), ("man", "men"))
}

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    thinking: Res<BotThinking>,
    notice: Res<Notice>,
    mut viewing: ResMut<Viewing>,
    (mut commands, mut offers, mut clicks, mut flip, mut hints, mut actions, mut exports): (
        MessageWriter<Command>,
        MessageWriter<OfferDraw>,
        MessageWriter<UiClick>,
        MessageWriter<FlipBoard>,
        MessageWriter<AskHint>,
        MessageWriter<MenuAction>,
        MessageWriter<Export>,
    ),
    (offer, hint, layout): (Res<DrawOffer>, Res<Hint>, Res<BoardLayout>),
    mut help: ResMut<ShowHelp>,
    persistence: Res<Persistence>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut confirm: Local<Option<(Ending, u64)>>,
    (source, analysis, review, mut toggles, mut reviews, mut practice): (
        Res<StudySource>,
        Res<AnalysisBoard>,
        Res<GameReview>,
        MessageWriter<ToggleAnalysis>,
        MessageWriter<StartReview>,
        MessageWriter<PracticeAsk>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = &bridge.game;
    let pos = game.position();
    let outcome = game.outcome();
    // The person who acts: the one to move between people, else the person.
    let person = if bridge.player(pos.turn()) == PlayerKind::Human {
        pos.turn()
    } else {
        !pos.turn()
    };
    let live = outcome.is_none() && bridge.player(person) == PlayerKind::Human;
    let tools = vec![
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(can_undo(&bridge)),
        // A finished game (a resignation, an agreed draw) has nothing to redo into.
        Tool::new(Act::Redo, "↷", "Redo", "R").enabled(game.can_redo() && outcome.is_none()),
        Tool::new(Act::Flip, "⇅", "Flip the board", "F"),
        Tool::new(Act::Hint, "◎", "Hint: the computer's move is marked", "H")
            .enabled(can_hint(&bridge, &hint))
            .lit(hint.is_searching()),
        Tool::new(Act::Draw, "½", "Offer a draw", "").enabled(live && !offer.is_pending()),
        Tool::new(Act::Resign, "Resign", "Resign the game", "").enabled(live),
    ];
    let mut tools = tools;
    tools.extend(game_panel::study_tools(
        Act::Analysis,
        Act::Review,
        source.0.as_ref(),
        &analysis,
        &review,
    ));
    let can_save = persistence.store.is_some();
    let record = vec![
        Entry {
            id: Act::CopyRecord,
            name: "Copy the record",
            tip: "The game record (RULES §8) to the clipboard",
            enabled: true,
        },
        Entry {
            id: Act::CopyPosition,
            name: "Copy the position",
            tip: "The position on the board as position text",
            enabled: true,
        },
        Entry {
            id: Act::SaveRecord,
            name: "Save the record",
            tip: "Into the records folder (Load lists it)",
            enabled: can_save,
        },
        Entry {
            id: Act::SavePosition,
            name: "Save the position",
            tip: "Into the records folder (Load lists it)",
            enabled: can_save,
        },
        Entry {
            id: Act::Edit,
            name: "Set up a position…",
            tip: "The position editor, from the position on the board",
            enabled: true,
        },
    ];
    let moves = move_rows(&bridge);
    let players = {
        let row = |side: Side| PlayerRow {
            side,
            name: game_panel::player_name(bridge.player(side), &bridge.player(!side)),
            captured: game
                .start()
                .men_held(!side)
                .saturating_sub(pos.men_held(!side)),
        };
        // The side at the top of the board first.
        if layout.flipped {
            [row(Side::Black), row(Side::White)]
        } else {
            [row(Side::White), row(Side::Black)]
        }
    };
    let rules = game.rules().describe();
    let mut asked = Vec::new();
    let mut result_asked = None;
    // The position the board shows (the game's, a past one or a side line's).
    let shown = bridge.shown(viewing.0);
    let body = |ui: &mut egui::Ui| {
        let panel = GamePanel {
            id: "chogo",
            game: bridge.game_id,
            title: "Chogo",
            rules: &rules,
            players,
            score: None,
            notice: notice.0.as_deref(),
            tools,
            moves: &moves,
            viewing: viewing.0,
            record,
            note: None,
            help: "Click a man, then a cell — or drag it. Shift-click adds men to a block. Esc clears. ? for all keys.",
            study: source.0.as_ref().map(|source| StudyView {
                board: &analysis,
                review: &review,
                source,
                to_move: shown.turn(),
            }),
            result_first: outcome.is_some(),
        };
        asked = panel.show(
            ui,
            |ui| result_asked = status(ui, &bridge, &thinking, *viewing),
            |ui| {
                let question = ui::ending_question(ui, &mut confirm, bridge.version);
                match question {
                    Some(Ending::Resign(side)) => {
                        clicks.write(UiClick);
                        commands.write(Command::Resign(side));
                    }
                    Some(Ending::OfferDraw(side)) => {
                        clicks.write(UiClick);
                        offers.write(OfferDraw(side));
                    }
                    None => {}
                }
                if confirm.is_none() {
                    let line = if offer.is_pending() {
                        Some(egui::RichText::new("The computer considers your offer…").italics())
                    } else {
                        hint.current(bridge.version).map(|mv| {
                            egui::RichText::new(format!("Hint: {}", pos.move_text(mv)))
                                .color(palette::HINT)
                        })
                    };
                    if let Some(line) = line {
                        ui.label(line);
                    }
                }
            },
            &mut actions,
            &mut help,
        );
    };
    let bar_tools = [
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(can_undo(&bridge)),
        Tool::new(Act::Hint, "◎", "Hint", "H").enabled(can_hint(&bridge, &hint)),
    ];
    let away = Away::of(bridge.line(viewing.0).is_some(), viewing.0);
    let bar = game_panel::away_bar(shown.turn(), turn_words(shown), away);
    let (swatch, text) = bar.unwrap_or_else(|| match game.outcome() {
        Some(o) => (None, egui::RichText::new(o.headline()).color(palette::GOLD)),
        None => {
            let dots = if thinking.is_thinking() { " …" } else { "" };
            // With the drawer shut the bar is all there is: a special move is said there.
            let words = game
                .plies()
                .last()
                .and_then(|ply| move_words(!pos.turn(), ply))
                .map_or(String::new(), |w| format!(" · {w}"));
            (
                Some(pos.turn()),
                egui::RichText::new(format!("{} {}{dots}{words}", pos.turn(), turn_words(pos))),
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
    match result_asked {
        Some(AfterGame::Rematch) => {
            clicks.write(UiClick);
            // Against a bot the person changes sides.
            let players = bridge.setup.players;
            commands.write(Command::NewGame(Setup {
                rules: bridge.setup.rules,
                players: BySide::new(players.white, players.black),
                series: None,
            }));
        }
        Some(AfterGame::Series) => {
            clicks.write(UiClick);
            // The next game of the series: colours change, the winner gives a pawn more.
            let players = bridge.setup.players;
            let series = bridge
                .setup
                .series
                .unwrap_or_default()
                .after(bridge.game.outcome().and_then(|o| o.winner));
            commands.write(Command::NewGame(Setup {
                rules: series.next_rules(bridge.setup.rules),
                players: BySide::new(players.white, players.black),
                series: Some(series),
            }));
        }
        Some(AfterGame::NewGame) => {
            actions.write(MenuAction::Open(crate::game::app::screen::Dialog::NewGame));
        }
        None => {}
    }
    for ask in asked {
        match ask {
            Asked::View(view) => {
                viewing.set_if_neq(Viewing::of(view));
                if bridge.has_tried() {
                    commands.write(Command::LeaveLine);
                }
            }
            Asked::LineUndo => {
                clicks.write(UiClick);
                commands.write(Command::LineUndo);
            }
            Asked::Tool(Act::Undo) => {
                clicks.write(UiClick);
                // In a side line, its last move is taken back (as the U key does).
                commands.write(if bridge.line(viewing.0).is_some() {
                    Command::LineUndo
                } else {
                    Command::Undo
                });
            }
            Asked::Tool(Act::Redo) => {
                clicks.write(UiClick);
                commands.write(Command::Redo);
            }
            Asked::Tool(Act::Flip) => {
                flip.write(FlipBoard);
            }
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
            Asked::Entry(Act::Edit) => {
                commands.write(Command::Edit(crate::game::chogo_board::bridge::Edit::Open));
            }
            // Ending the game asks first: a slip of the mouse must not end it.
            Asked::Tool(Act::Draw) => *confirm = Some((Ending::OfferDraw(person), bridge.version)),
            Asked::Tool(Act::Resign) => *confirm = Some((Ending::Resign(person), bridge.version)),
            Asked::Entry(Act::CopyRecord) => {
                exports.write(Export::CopyRecord);
            }
            Asked::Entry(Act::CopyPosition) => {
                exports.write(Export::CopyPosition);
            }
            Asked::Entry(Act::SaveRecord) => {
                exports.write(Export::SaveRecord);
            }
            Asked::Entry(Act::SavePosition) => {
                exports.write(Export::SavePosition);
            }
            Asked::Tool(_) | Asked::Entry(_) => {}
        }
    }
    Ok(())
}

/// "to move", or "drops its king" in the drop phase.
fn turn_words(pos: &crate::rules::Position) -> &'static str {
    match pos.hand(pos.turn()).next() {
        Some(Role::King) => "drops its king",
        Some(Role::Pawn) => "drops a man",
        None => "to move",
    }
}

/// What the result's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AfterGame {
    Rematch,
    /// The next game of the inventor's handicap series.
    Series,
    NewGame,
}

/// The handicap series' standing, for the panel: "Handicap series, game 3: You 2, Medium 0;
/// White gives a5 h5".
fn series_line(bridge: &Bridge) -> Option<String> {
    let series = bridge.setup.series?;
    // The player who had Black in the series' first game, and the other.
    let first = Series::first_side(series.games);
    let name = |side: Side| game_panel::player_name(bridge.player(side), &bridge.player(!side));
    // Two people (or two bots of one level) are told apart by who began the series.
    let (first_name, second_name) = match (name(first), name(!first)) {
        (a, b) if a == b => (
            format!("{a} who began as Black"),
            format!("{b} who began as White"),
        ),
        names => names,
    };
    let mut line = format!(
        "Handicap series, game {}: {} {}, {} {}",
        series.games + 1,
        first_name,
        series.first_wins,
        second_name,
        series.second_wins
    );
    if series.draws() > 0 {
        line.push_str(&format!(
            " ({})",
            crate::common::counted(series.draws() as usize, "draw", "draws")
        ));
    }
    match bridge.setup.rules.handicap {
        Some(h) => line.push_str(&format!(
            "; {} gives {}",
            h.side,
            h.pawns.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
        )),
        None => line.push_str("; even"),
    }
    Some(line)
}

/// The status block: whose turn and what is under way, or the result with a rematch.
fn status(
    ui: &mut egui::Ui,
    bridge: &Bridge,
    thinking: &BotThinking,
    viewing: Viewing,
) -> Option<AfterGame> {
    let mut asked = None;
    let game = &bridge.game;
    let shown = bridge.shown(viewing.0);
    if let Some(line) = series_line(bridge) {
        ui.label(egui::RichText::new(line).small().color(palette::GOLD));
    }
    let line = bridge.line(viewing.0);
    match (game.outcome(), viewing.0) {
        (Some(outcome), None) if line.is_none() => {
            // "You win" / "You lose" when a person plays a bot.
            let person = |s: Side| bridge.player(s) == PlayerKind::Human;
            let headline = game_panel::headline_for(outcome.winner, person, outcome.headline());
            game_panel::result_block(ui, &headline, &outcome.explanation(), |ui| {
                if ui
                    .button("Rematch")
                    .on_hover_text("The same rules; against a bot you change sides")
                    .clicked()
                {
                    asked = Some(AfterGame::Rematch);
                }
                let series = ui
                    .add_enabled(
                        Series::possible(game.rules()),
                        egui::Button::new("Rematch with a handicap"),
                    )
                    .on_hover_text(
                        "The inventor's series: colours change, and the winner starts the \
                         next game with a pawn less (1 to 3)",
                    )
                    .on_disabled_hover_text(
                        "No handicap series with the drop opening: both sides start with \
                         the same men in hand and no pawn on the board to give",
                    );
                if series.clicked() {
                    asked = Some(AfterGame::Series);
                }
                if ui.button("New game…").clicked() {
                    asked = Some(AfterGame::NewGame);
                }
            });
        }
        (_, past) => {
            game_panel::turn_header(
                ui,
                shown.turn(),
                turn_words(shown),
                thinking.is_thinking(),
                Away::of(line.is_some(), past),
            );
            if (past.is_none() || line.is_some()) && shown.mole_available() {
                egui::Frame::new()
                    .fill(palette::POLIS)
                    .corner_radius(6.0)
                    .inner_margin(egui::Margin::symmetric(10, 2))
                    .show(ui, |ui| {
                        let what = polis_badge(shown);
                        ui.label(
                            egui::RichText::new(format!("POLIS — {what} is available"))
                                .strong()
                                .color(egui::Color32::WHITE),
                        );
                    });
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(polis_how(shown))
                            .small()
                            .color(palette::HINT),
                    )
                    .wrap(),
                );
            }
            if let Some(words) = hopeless_words(shown) {
                ui.add(
                    egui::Label::new(egui::RichText::new(words).small().color(palette::WARN))
                        .wrap(),
                );
            }
            if let Some(hands) = hands_line(shown) {
                ui.label(egui::RichText::new(hands).color(palette::HINT));
            }
            let n = viewing.0.unwrap_or(game.plies().len());
            if let Some(ply) = bridge.shown_move(viewing.0) {
                ui::last_move_line(ui, &ply.mv.with_captures(ply.captured).to_string());
                let (game, n) = match line {
                    Some(line) => (&line.game, line.game.plies().len()),
                    None => (game, n),
                };
                let mover = game
                    .position_at(n.saturating_sub(1))
                    .map_or(!shown.turn(), |p| p.turn());
                if let Some(words) = move_words(mover, ply) {
                    ui.add(
                        egui::Label::new(egui::RichText::new(words).small().color(palette::GOLD))
                            .wrap(),
                    );
                }
            }
            let quiet = crate::common::counted(shown.halfmoves() as usize, "ply", "plies");
            ui.label(
                egui::RichText::new(format!(
                    "Move {} · {quiet} without a capture",
                    shown.fullmoves()
                ))
                .small()
                .weak(),
            );
        }
    }
    asked
}

/// Undo has something to take back: a move, or the game's ending.
fn can_undo(bridge: &Bridge) -> bool {
    !bridge.game.plies().is_empty() || bridge.game.outcome().is_some()
}

/// A hint can be asked for: a person is to move and no hint is being searched for.
fn can_hint(bridge: &Bridge, hint: &Hint) -> bool {
    bridge.human_to_move() && !hint.is_searching()
}

/// The moves in the rule book's notation, for the shared move list.
fn move_rows(bridge: &Bridge) -> Vec<ui::MoveRow> {
    let game = &bridge.game;
    game.plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let before = game.position_at(i).unwrap_or(game.start());
            ui::MoveRow {
                number: before.fullmoves(),
                side: before.turn(),
                text: ply.mv.with_captures(ply.captured).to_string(),
            }
        })
        .collect()
}

/// The keys and mouse, for the help (`?`, F1 or the panel's `?`).
const KEYS: &[(&str, &str)] = &[
    ("Click, click", "pick a man, then one of the marked cells"),
    ("Drag", "move a man (or one in hand) to a marked cell"),
    (
        "Shift-click",
        "add a man to a block: a solid rectangle moves as a tandem",
    ),
    ("Esc / right click", "drop the selection, cancel a drag"),
    ("U, Backspace", "undo (against a bot: back to your move)"),
    ("R", "redo"),
    ("H", "hint: the computer's choice is marked on the board"),
    (
        "A",
        "analysis: the engine's win chance, best moves and line",
    ),
    ("F", "flip the board"),
    ("C", "coordinates on or off"),
    ("Left, Right", "step through the moves"),
    ("Home, End", "the start, the game as it stands"),
    ("?, F1", "this help (Esc closes it)"),
    // The desktop's only: a browser keeps F12 for itself.
    ("F12", "save a screenshot in the data folder"),
];

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, game_panel::keys_help(KEYS))
            .chain()
            .run_if(in_state(ChogoOn).and_then(not(crate::game::chogo_board::editor::editing)))
            .in_set(UiLayer::Panel),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, RuleSet};

    #[test]
    fn a_move_that_is_not_a_plain_slide_is_said_in_words() {
        let mut game = Game::new(RuleSet::default());
        for mv in ["e3", "e5", "c1-c4"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let plies = game.plies();
        assert_eq!(
            move_words(Side::Black, &plies[0]).as_deref(),
            Some("Black dropped its king on e3")
        );
        assert_eq!(
            move_words(Side::White, &plies[1]).as_deref(),
            Some("White dropped its king on e5")
        );
        // A plain slide needs no words: the last move's text says it.
        assert_eq!(move_words(Side::Black, &plies[2]), None);
    }
}
