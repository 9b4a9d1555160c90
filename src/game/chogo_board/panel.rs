//! Chogo's side panel on the shared game panel: whose turn (or the result with a rematch),
//! the Polis, the bot thinking, what a special move did in words, the actions, the move
//! list, the record's exports; the bar of a small window; the keys help.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::app::game_panel::{self, Asked, Away, Entry, GamePanel, ShowHelp, Tool};
use crate::game::app::panel_parts::{self, BarLine, GameOrders, StudyParts};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::MenuAction;
use crate::game::app::session::SessionGame;
use crate::game::app::ui::{self, DrawerOpen, Ending, Notice, PanelPlace, UiLayer, palette};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bot_player::{BotThinking, DrawOffer, OfferDraw};
use crate::game::chogo_board::bridge::{Bridge, Command, PlayerKind, Setup, Viewing};
use crate::game::chogo_board::export::Export;
use crate::game::chogo_board::hint::{AskHint, Hint};
use crate::game::chogo_board::input::FlipBoard;
use crate::game::chogo_board::layout::BoardLayout;
use crate::game::chogo_board::words::{hands_line, hopeless_words, polis_badge, polis_how};
use crate::rules::{BySide, Fortress, Game, Move, Outcome, Ply, Position, Role, Series, Side};

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

/// What the panel sends: what every board's does, the flip and the record's exports.
#[derive(SystemParam)]
struct Orders<'w> {
    game: GameOrders<'w, Game, OfferDraw>,
    flip: MessageWriter<'w, FlipBoard>,
    exports: MessageWriter<'w, Export>,
}

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    thinking: Res<BotThinking>,
    notice: Res<Notice>,
    mut viewing: ResMut<Viewing>,
    mut orders: Orders,
    (offer, hint, layout): (Res<DrawOffer>, Res<Hint>, Res<BoardLayout>),
    mut help: ResMut<ShowHelp>,
    persistence: Res<Persistence>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut confirm: Local<Option<(Ending<crate::rules::Move>, u64)>>,
    mut study: StudyParts,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = &bridge.game;
    let pos = game.position();
    let person = panel_parts::acting_person(pos.turn(), |side| bridge.player(side));
    let live = game.outcome().is_none() && bridge.player(person) == PlayerKind::Human;
    let mut tools = tools(&bridge, &hint, &offer, live);
    tools.extend(study.tools(Act::Analysis, Act::Review));
    let moves = move_rows(&bridge);
    let players = panel_parts::player_rows(
        layout.flipped,
        |side| bridge.player(side),
        |side| {
            game.start()
                .men_held(!side)
                .saturating_sub(pos.men_held(!side))
        },
    );
    let rules = game.rules().describe();
    let mut asked = Vec::new();
    let mut after = None;
    let mut ended = None;
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
            record: record_entries(persistence.store.is_some()),
            note: None,
            help: game.how_to_play(),
            study: study.view(shown.turn()),
            result_first: game.outcome().is_some(),
        };
        asked = panel.show(
            ui,
            |ui| after = status(ui, &bridge, &thinking, *viewing),
            |ui| ended = under_tools(ui, &mut confirm, &bridge, &offer, &hint),
            &mut orders.game.actions,
            &mut help,
        );
    };
    let bar_tools = [
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(can_undo(&bridge)),
        Tool::new(Act::Hint, "◎", "Hint", "H").enabled(can_hint(&bridge, &hint)),
    ];
    let from_bar = game_panel::place_panel(
        ctx,
        *place,
        &mut drawer,
        notice.0.as_deref(),
        bar_line(&bridge, viewing.0, &thinking).text(),
        &bar_tools,
        body,
    );
    asked.extend(from_bar.map(Asked::Tool));
    if let Some(ending) = ended {
        orders.game.end(ending, OfferDraw);
    }
    if let Some(after) = after {
        after_game(after, &bridge, &mut orders);
    }
    for ask in asked {
        if study.answer(&ask, Act::Analysis, Act::Review) {
            continue;
        }
        if let Some(ending) = answer(ask, &bridge, &mut viewing, &mut orders, person) {
            // Ending the game asks first: a slip of the mouse must not end it.
            *confirm = Some((ending, bridge.version));
        }
    }
    Ok(())
}

/// The action row: undo, redo, flip, hint, and the draw offer and resignation (while
/// the person may end the game: `live`).
fn tools(bridge: &Bridge, hint: &Hint, offer: &DrawOffer, live: bool) -> Vec<Tool<Act>> {
    let game = &bridge.game;
    vec![
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(can_undo(bridge)),
        // A finished game (a resignation, an agreed draw) has nothing to redo into.
        Tool::new(Act::Redo, "↷", "Redo", "R").enabled(game.can_redo() && game.outcome().is_none()),
        Tool::new(Act::Flip, "⇅", "Flip the board", "F"),
        Tool::new(Act::Hint, "◎", "Hint: the computer's move is marked", "H")
            .enabled(can_hint(bridge, hint))
            .lit(hint.is_searching()),
        Tool::new(Act::Draw, "½", "Offer a draw", "").enabled(live && !offer.is_pending()),
        Tool::new(Act::Resign, "Resign", "Resign the game", "").enabled(live),
    ]
}

/// The record menu: copy or save the record and the position; the position editor.
fn record_entries(can_save: bool) -> Vec<Entry<Act>> {
    vec![
        panel_parts::copy_record_entry(
            Act::CopyRecord,
            "The game record (RULES §8) to the clipboard",
        ),
        panel_parts::copy_position_entry(Act::CopyPosition),
        panel_parts::save_entry(Act::SaveRecord, "Save the record", can_save),
        panel_parts::save_entry(Act::SavePosition, "Save the position", can_save),
        panel_parts::set_up_entry(Act::Edit),
    ]
}

/// Under the action row: the question before an ending; without one, the computer
/// considering a draw offer, or the hint's move. Returns the ending confirmed.
fn under_tools(
    ui: &mut egui::Ui,
    confirm: &mut Option<(Ending<crate::rules::Move>, u64)>,
    bridge: &Bridge,
    offer: &DrawOffer,
    hint: &Hint,
) -> Option<Ending<crate::rules::Move>> {
    let confirmed = ui::ending_question(ui, confirm, bridge.version);
    if confirm.is_none() {
        let line = if offer.is_pending() {
            Some(egui::RichText::new("The computer considers your offer…").italics())
        } else {
            hint.words(bridge.version)
                .map(|words| egui::RichText::new(words).color(palette::HINT))
        };
        if let Some(line) = line {
            ui.label(line);
        }
    }
    confirmed
}

/// The small window's bar: with the drawer shut it is all there is, so a special move
/// is said there.
fn bar_line<'a>(bridge: &'a Bridge, viewing: Option<usize>, thinking: &BotThinking) -> BarLine<'a> {
    let game = &bridge.game;
    let pos = game.position();
    let shown = bridge.shown(viewing);
    BarLine {
        shown: (shown.turn(), turn_words(shown)),
        away: Away::of(bridge.line(viewing).is_some(), viewing),
        // The panel's words: "You win" against a bot, as the result's block says.
        result: game.outcome().map(|o| {
            let person = |s: Side| bridge.player(s) == PlayerKind::Human;
            game_panel::headline_for(o.winner, person, o.headline())
        }),
        turn: (pos.turn(), turn_words(pos)),
        thinking: thinking.is_thinking(),
        said: game
            .plies()
            .last()
            .and_then(|ply| move_words(!pos.turn(), ply)),
    }
}

/// What the result's buttons asked for: a rematch (against a bot the person changes
/// sides), the series' next game, the new game dialog.
fn after_game(after: AfterGame, bridge: &Bridge, orders: &mut Orders) {
    let players = bridge.setup.players;
    let swapped = BySide::new(players.white, players.black);
    match after {
        AfterGame::Rematch => orders.game.clicked(Command::NewGame(Setup {
            rules: bridge.setup.rules,
            players: swapped,
            series: None,
        })),
        AfterGame::Series => {
            // The next game of the series: colours change, the winner gives a pawn more.
            let series = bridge
                .setup
                .series
                .unwrap_or_default()
                .after(bridge.game.outcome().and_then(|o| o.winner));
            orders.game.clicked(Command::NewGame(Setup {
                rules: series.next_rules(bridge.setup.rules),
                players: swapped,
                series: Some(series),
            }));
        }
        AfterGame::NewGame => {
            orders
                .game
                .actions
                .write(MenuAction::Open(crate::game::app::screen::Dialog::NewGame));
        }
    }
}

/// Answers a click of the panel that is not the study's. An ending asked for (by the
/// acting `person`) is returned, to be confirmed first.
fn answer(
    ask: Asked<Act>,
    bridge: &Bridge,
    viewing: &mut ResMut<Viewing>,
    orders: &mut Orders,
    person: Side,
) -> Option<Ending<crate::rules::Move>> {
    match ask {
        Asked::View(view) => {
            viewing.set_if_neq(Viewing::of(view));
            if bridge.has_tried() {
                orders.game.commands.write(Command::LeaveLine);
            }
        }
        Asked::LineUndo => orders.game.clicked(Command::LineUndo),
        // In a side line, its last move is taken back (as the U key does).
        Asked::Tool(Act::Undo) if bridge.line(viewing.0).is_some() => {
            orders.game.clicked(Command::LineUndo);
        }
        Asked::Tool(Act::Undo) => orders.game.clicked(Command::Undo),
        Asked::Tool(Act::Redo) => orders.game.clicked(Command::Redo),
        Asked::Tool(Act::Flip) => {
            orders.flip.write(FlipBoard);
        }
        Asked::Tool(Act::Hint) => {
            orders.game.hints.write(AskHint);
        }
        Asked::Entry(Act::Edit) => {
            orders
                .game
                .commands
                .write(Command::Edit(crate::game::chogo_board::bridge::Edit::Open));
        }
        Asked::Tool(Act::Draw) => return Some(Ending::OfferDraw(person)),
        Asked::Tool(Act::Resign) => return Some(Ending::Resign(person)),
        Asked::Entry(act) => {
            let export = match act {
                Act::CopyRecord => Export::CopyRecord,
                Act::CopyPosition => Export::CopyPosition,
                Act::SaveRecord => Export::SaveRecord,
                Act::SavePosition => Export::SavePosition,
                _ => return None,
            };
            orders.exports.write(export);
        }
        Asked::Tool(_) | Asked::Practice(_) | Asked::Line(..) => {}
    }
    None
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
    if let Some(line) = series_line(bridge) {
        ui.label(egui::RichText::new(line).small().color(palette::GOLD));
    }
    let line = bridge.line(viewing.0);
    match (bridge.game.outcome(), viewing.0) {
        (Some(outcome), None) if line.is_none() => return result(ui, bridge, outcome),
        (_, past) => {
            let shown = bridge.shown(viewing.0);
            game_panel::turn_header(
                ui,
                shown.turn(),
                turn_words(shown),
                thinking.is_thinking(),
                Away::of(line.is_some(), past),
            );
            if (past.is_none() || line.is_some()) && shown.mole_available() {
                polis(ui, shown);
            }
            position_lines(ui, bridge, viewing);
        }
    }
    None
}

/// The result ("You win" / "You lose" when a person plays a bot) and its buttons: a
/// rematch, a rematch with a handicap, a new game.
fn result(ui: &mut egui::Ui, bridge: &Bridge, outcome: Outcome) -> Option<AfterGame> {
    let mut asked = None;
    let person = |s: Side| bridge.player(s) == PlayerKind::Human;
    let headline = game_panel::headline_for(outcome.winner, person, outcome.headline());
    game_panel::result_block(ui, &headline, &outcome.explanation(), |ui| {
        if panel_parts::rematch_button(ui) {
            asked = Some(AfterGame::Rematch);
        }
        let series = ui
            .add_enabled(
                Series::possible(bridge.game.rules()),
                egui::Button::new("Rematch with a handicap"),
            )
            .on_hover_text(
                "The inventor's series: colours change, and the winner starts the \
                 next game with a man less (1 to 3)",
            )
            .on_disabled_hover_text(
                "No handicap series with the drop opening: both sides start with \
                 the same men in hand and no man on the board to give",
            );
        if series.clicked() {
            asked = Some(AfterGame::Series);
        }
        if panel_parts::new_game_button(ui) {
            asked = Some(AfterGame::NewGame);
        }
    });
    asked
}

/// The Polis badge (the fortress move is available) and how it is played.
fn polis(ui: &mut egui::Ui, shown: &Position) {
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

/// The shown position's lines under the turn: a hopeless side, the men in hand, the last
/// move (and what it did, in words), the move number and the plies without a capture.
fn position_lines(ui: &mut egui::Ui, bridge: &Bridge, viewing: Viewing) {
    let game = &bridge.game;
    let shown = bridge.shown(viewing.0);
    let line = bridge.line(viewing.0);
    if let Some(words) = hopeless_words(shown) {
        ui.add(egui::Label::new(egui::RichText::new(words).small().color(palette::WARN)).wrap());
    }
    if let Some(hands) = hands_line(shown) {
        ui.label(egui::RichText::new(hands).color(palette::HINT));
    }
    if let Some(ply) = bridge.shown_move(viewing.0) {
        ui::last_move_line(ui, &ply.mv.with_captures(ply.captured).to_string());
        let (game, n) = match line {
            Some(line) => (&line.game, line.game.plies().len()),
            None => (game, viewing.0.unwrap_or(game.plies().len())),
        };
        let mover = game
            .position_at(n.saturating_sub(1))
            .map_or(!shown.turn(), |p| p.turn());
        if let Some(words) = move_words(mover, ply) {
            ui.add(
                egui::Label::new(egui::RichText::new(words).small().color(palette::GOLD)).wrap(),
            );
        }
        // The move before it, when it did something worth saying.
        if let Some(earlier) = n.checked_sub(2).and_then(|i| game.plies().get(i))
            && let Some(words) = move_words(!mover, earlier)
        {
            ui::earlier_move_words(ui, &words);
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
            .run_if(
                in_state(ChogoOn)
                    .and_then(not(crate::game::chogo_board::editor::editing))
                    .and_then(not(crate::game::app::screen::coaching)),
            )
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
