//! The side panel of Go with chess pieces on the shared game panel: who plays, captures,
//! the score as it stands, whose turn (or the result with the score broken down and what
//! next), what a pass or a piece's move did in words, the kind palette, the actions, the
//! move list, the record's exports; the bar of a small window; the keys help.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};

use super::figures::Figures;
use super::play::{GoHint, GoThinking, OfferGoDraw};
use super::{DropKind, GoViewing, LifeView};
use crate::game::app::bot_turn::AskHint;
use crate::game::app::game_panel::{self, Asked, Entry, GamePanel, ShowHelp, Tool};
use crate::game::app::panel_parts::{self, BarLine, GameOrders, StudyParts};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, MenuAction};
use crate::game::app::session::SessionGame;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::{self, DrawerOpen, Ending, Notice, PanelPlace, UiLayer, palette};
use crate::game::go_board::bridge::{GoBridge, GoCommand, GoOwn};
use crate::game::go_board::describe::go_rules_line;
use crate::game::go_board::{GoFlipped, GoOn};
use crate::go::{Bits, EndReason, Game, Kind, Move, Position, Record, Rules, number_text, sgf};
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
    /// The next kind of piece to drop (the small window's bar).
    NextKind,
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
        // Whoever resigned, a person or the computer, is named.
        (EndReason::Resignation, Some(w)) => {
            let loser = outcome.winner.map_or(String::new(), |s| (!s).to_string());
            format!("{loser} resigned: {w} wins")
        }
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

/// What the panel sends.
type Orders<'w> = GameOrders<'w, Game, OfferGoDraw>;

/// How the board is seen: the position shown, the kind to drop, the life view, the
/// board turned round.
#[derive(SystemParam)]
struct Views<'w> {
    viewing: ResMut<'w, GoViewing>,
    kind: ResMut<'w, DropKind>,
    life: ResMut<'w, LifeView>,
    flipped: ResMut<'w, GoFlipped>,
}

/// What the panel can offer the person now.
struct Offers {
    /// The person may move: a pass, a hint.
    moves: bool,
    /// A pass goes into a side line (a past position or a finished game).
    line_open: bool,
    can_undo: bool,
    /// The person may end the game: a draw offer, a resignation.
    can_end: bool,
    /// The person who acts.
    person: Side,
    /// What a pass in the game would end, in words, when it may end the game: after the
    /// other side's pass, or against a bot, which may pass back at once.
    pass_ends: Option<&'static str>,
}

impl Offers {
    fn of(bridge: &GoBridge, viewing: Option<usize>) -> Offers {
        let game = &bridge.game;
        let live = game.outcome().is_none();
        let (board_game, in_line) = bridge.board_game(viewing);
        let line_open = in_line && board_game.outcome().is_none();
        let person = panel_parts::acting_person(game.position().turn(), |s| bridge.player(s));
        Offers {
            moves: bridge.human_to_move() && viewing.is_none() || line_open,
            line_open,
            can_undo: !game.moves().is_empty() || game.outcome().is_some(),
            can_end: live && bridge.player(person) == GoPlayer::Human,
            person,
            pass_ends: pass_question(bridge, person),
        }
    }
}

/// The P key asked for a pass that asks first (the panel holds the question).
#[derive(Message, Debug, Clone, Copy)]
pub struct AskPass;

/// The question a pass asks first, when it may end the game.
pub fn pass_question(bridge: &GoBridge, person: Side) -> Option<&'static str> {
    let game = &bridge.game;
    if game.outcome().is_some() {
        return None;
    }
    // The position's own count: a game set up (or loaded) just after a pass has no moves.
    if game.position().passes() > 0 {
        Some("Pass? It is the second pass in a row: the game ends and is counted.")
    } else if matches!(bridge.player(!person), GoPlayer::Bot(_)) {
        Some("Pass? If the computer passes too, the game ends and is counted.")
    } else {
        None
    }
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
    mut views: Views,
    mut orders: Orders,
    persistence: Res<Persistence>,
    (place, mut drawer, mut help): (Res<PanelPlace>, ResMut<DrawerOpen>, ResMut<ShowHelp>),
    (mut confirm, mut pass_keys): (Local<Option<(Ending<Move>, u64)>>, MessageReader<AskPass>),
    mut exported: Local<Option<(String, u64)>>,
    mut study: StudyParts,
) -> Result {
    let icons = drop_icons(&mut contexts, &bridge, &figures, settings.0.rooks_as_stones);
    let wood = crate::game::app::ui::mini_board::paint(theme.light);
    let ctx = contexts.ctx_mut()?;
    let viewing = views.viewing.0;
    let kind_now = views.kind.0;
    let offers = Offers::of(&bridge, viewing);
    // A question is about the game as it was shown: another view drops it (a pass
    // confirmed then would go to the live game from a past position).
    let asked_at = bridge.version ^ viewing.map_or(0, |n| (n as u64 + 1) << 40);
    if pass_keys.read().count() > 0
        && let Some(question) = offers.pass_ends
    {
        let pass = Ending::Play(Move::Pass, question);
        ask_first(&mut confirm, pass, asked_at, *place, &mut drawer);
    }
    let mut tools = tools(&bridge, &offers, &hint, views.life.0);
    tools.extend(study.tools(Act::Analysis, Act::Review));
    // The counts of the position on the board: a past one while browsing the moves.
    let shown = bridge.shown(viewing);
    let parts = score_parts(shown);
    let players = panel_parts::player_rows(
        views.flipped.0,
        |side| bridge.player(side),
        |side| parts[side.index()].0,
    );
    let moves = move_rows(&bridge);
    let rules_line = go_rules_line(bridge.game.position().rules());
    let counts = score_counts(bridge.game.position().rules());
    let note = exported
        .as_ref()
        .filter(|(_, v)| *v == bridge.version)
        .map(|(t, _)| t.clone());
    let mut asked = Vec::new();
    let (mut after, mut ended) = (None, None);
    let body = |ui: &mut egui::Ui| {
        let panel = GamePanel {
            id: "go",
            game: bridge.game_id,
            title: "Go with chess pieces",
            rules: &rules_line,
            players,
            score: Some((score_line(&parts, viewing, shown), &counts)),
            notice: notice.0.as_deref(),
            tools,
            moves: &moves,
            viewing,
            record: record_entries(bridge.game.position().rules(), persistence.store.is_some()),
            note: note.as_deref(),
            help: bridge.game.how_to_play(),
            study: study.view(shown.turn()),
            result_first: bridge.game.outcome().is_some(),
        };
        asked = panel.show(
            ui,
            |ui| after = status(ui, &bridge, &thinking, viewing),
            |ui| {
                // The kind palette (keys 1–9 and 0) when the set has several kinds.
                if icons.len() > 1 {
                    ui.horizontal_wrapped(|ui| kind_palette(ui, &icons, &mut views.kind, wood));
                }
                ended = ui::ending_question(ui, &mut confirm, asked_at);
            },
            &mut orders.actions,
            &mut help,
        );
    };
    let bar_tools = bar_tools(&offers, &icons, kind_now, wood);
    let from_bar = game_panel::place_panel(
        ctx,
        *place,
        &mut drawer,
        notice.0.as_deref(),
        bar_line(&bridge, viewing, &thinking).text(),
        &bar_tools,
        body,
    );
    asked.extend(from_bar.map(Asked::Tool));
    if let Some(ending) = ended {
        orders.end(ending, OfferGoDraw);
    }
    if let Some(after) = after {
        after_game(after, &bridge, &mut orders);
    }
    for ask in asked {
        if study.answer(&ask, Act::Analysis, Act::Review) {
            continue;
        }
        if let Asked::Entry(act) = ask
            && let Some(said) = export(act, ctx, &bridge, views.viewing.0, &persistence)
        {
            *exported = Some((said, bridge.version));
        } else if let Some(ending) = answer(ask, &bridge, &mut views, &mut orders, &offers) {
            // Ending the game asks first: a slip of the mouse must not end it.
            ask_first(&mut confirm, ending, asked_at, *place, &mut drawer);
        }
    }
    Ok(())
}

/// The small window's bar: undo and pass, and the kind to drop when the set has several.
fn bar_tools(
    offers: &Offers,
    icons: &[(Kind, egui::TextureId)],
    kind_now: Kind,
    wood: egui::Color32,
) -> Vec<Tool<Act>> {
    let mut tools = vec![
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(offers.can_undo),
        Tool::new(Act::Pass, "Pass", "Pass", "P").enabled(offers.moves),
    ];
    // A set of several kinds: the kind to drop, a click for the next (keys 1–9 and 0).
    if let Some(&(_, texture)) = icons.iter().find(|(k, _)| *k == kind_now)
        && icons.len() > 1
    {
        let tool = Tool::new(
            Act::NextKind,
            "",
            "The kind to drop: a click for the next",
            "1–9, 0",
        );
        tools.insert(0, tool.image(texture, wood));
    }
    tools
}

/// A question before the game ends (a pass that may end it, a resignation, a draw
/// offer), held by the panel for the view it was asked in; a small window's drawer
/// opens to show it.
fn ask_first(
    confirm: &mut Option<(Ending<Move>, u64)>,
    ending: Ending<Move>,
    asked_at: u64,
    place: PanelPlace,
    drawer: &mut DrawerOpen,
) {
    *confirm = Some((ending, asked_at));
    if place == PanelPlace::Drawer {
        drawer.0 = true;
    }
}

/// The kind palette's figures, the side to move's, as egui textures.
fn drop_icons(
    contexts: &mut EguiContexts,
    bridge: &GoBridge,
    figures: &Figures,
    stones: bool,
) -> Vec<(Kind, egui::TextureId)> {
    let set = bridge.game.position().rules().pieces;
    let side = bridge.game.position().turn();
    set.kinds()
        .map(|k| {
            let handle = EguiTextureHandle::Weak(figures.of(side, k, stones).id());
            (k, contexts.add_image(handle))
        })
        .collect()
}

/// The kind palette: a button a kind, its figure on the board's `wood` (where both
/// sides' figures are seen), the chosen kind ringed; a click chooses it. Laid out by
/// the caller's `ui` (a wrapped row in the panel, a row or a column over the board).
fn kind_palette(
    ui: &mut egui::Ui,
    icons: &[(Kind, egui::TextureId)],
    kind: &mut ResMut<DropKind>,
    wood: egui::Color32,
) {
    ui.label("Drop");
    for (i, (k, texture)) in icons.iter().enumerate() {
        let image = egui::Image::new((*texture, egui::vec2(30.0, 30.0)));
        // One ring width for all: the chosen kind is told by its colour, so choosing
        // one changes no button's size (a wider ring had pushed the row into two).
        let ring = if kind.0 == *k {
            egui::Stroke::new(2.5, palette::GOLD)
        } else {
            egui::Stroke::new(2.5, egui::Color32::from_gray(90))
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
}

/// The action row: pass, undo, redo, flip, hint, the life view (`life`: on), and the
/// draw offer and resignation.
fn tools(bridge: &GoBridge, offers: &Offers, hint: &GoHint, life: bool) -> Vec<Tool<Act>> {
    let game = &bridge.game;
    vec![
        Tool::new(Act::Pass, "Pass", "Pass", "P").enabled(offers.moves),
        Tool::new(Act::Undo, "↶", "Undo", "U").enabled(offers.can_undo),
        // A finished game (a resignation, an agreed draw) has nothing to redo into.
        Tool::new(Act::Redo, "↷", "Redo", "R")
            .enabled(game.can_redo() && game.outcome().is_none()),
        Tool::new(Act::Flip, "⇅", "Flip the board", "F"),
        Tool::new(Act::Hint, "◎", "Hint: the computer's move is shown", "H")
            .enabled(offers.moves && !hint.is_searching())
            .lit(hint.is_searching()),
        Tool::new(
            Act::Life,
            "Life",
            "Life view: each piece's escape (green), the defences that keep pieces alive (blue), controlled cells",
            "L",
        )
        .lit(life),
        Tool::new(Act::Draw, "½", "Offer a draw", "").enabled(offers.can_end),
        Tool::new(Act::Resign, "Resign", "Resign the game", "").enabled(offers.can_end),
    ]
}

/// The record menu: copy the record, the position and (for a game SGF holds) the SGF;
/// save the record; the position editor.
fn record_entries(rules: &Rules, can_save: bool) -> Vec<Entry<Act>> {
    // SGF holds Go: one kind moving like a rook (or a wazir), on a square board, pieces
    // that do not move.
    let sgf_game = rules.board.square_size().is_some()
        && rules
            .pieces
            .single()
            .is_some_and(|k| matches!(k, Kind::Rook | Kind::Wazir))
        && !rules.moving;
    let mut record = vec![
        panel_parts::copy_record_entry(
            Act::CopyRecord,
            "The game record (GO_RULES §5) to the clipboard",
        ),
        panel_parts::copy_position_entry(Act::CopyPosition),
    ];
    if sgf_game {
        record.push(Entry {
            id: Act::CopySgf,
            name: "Copy as SGF",
            tip: "For any Go program",
            enabled: true,
        });
    }
    record.push(panel_parts::save_entry(
        Act::SaveRecord,
        "Save the record",
        can_save,
    ));
    record.push(panel_parts::set_up_entry(Act::Edit));
    record
}

/// The score as it stands (`viewing`: of a past position), from [`score_parts`].
/// The count as the position stands. Before both sides have had a piece on the board it
/// says nothing (one piece reaches every empty cell: "Black 80 · White 5.5" after the
/// first drop), so it waits for them; a side whose pieces were all captured is counted.
fn score_line(
    parts: &[(u32, u32, f64, f64); 2],
    viewing: Option<usize>,
    shown: &Position,
) -> String {
    let never_on_board = |s: Side| shown.pieces(s).count() == 0 && shown.captures(!s) == 0;
    if !shown.is_over() && Side::BOTH.into_iter().any(never_on_board) {
        return "Score: counted once both sides have pieces on the board".into();
    }
    let when = if shown.is_over() {
        "Score"
    } else if viewing.is_some() {
        "Score had both passed then"
    } else {
        "Score if both pass now"
    };
    format!(
        "{when}: Black {} · White {}",
        number_text(parts[0].3),
        number_text(parts[1].3)
    )
}

/// What the score counts, in words: under it in a window tall enough for its two lines
/// (`game_panel`), its tip in any.
fn score_counts(rules: &Rules) -> String {
    let komi = if rules.komi != 0.0 {
        format!("; White also gets the komi, {}", number_text(rules.komi))
    } else {
        String::new()
    };
    format!("Each side: its captures + the empty cells only it can reach{komi}.")
}

/// The small window's bar: with the drawer shut it is all there is, so a pass or a
/// piece's move is said there.
fn bar_line<'a>(
    bridge: &'a GoBridge,
    viewing: Option<usize>,
    thinking: &GoThinking,
) -> BarLine<'a> {
    let game = &bridge.game;
    let said = bridge
        .shown_move(None)
        .zip(game.positions().len().checked_sub(2))
        .and_then(|((mv, captured), i)| {
            let before = game.positions()[i];
            move_words(before.turn(), mv, captured, &before)
        });
    BarLine {
        shown: (bridge.shown(viewing).turn(), "to move"),
        away: game_panel::Away::of(bridge.line(viewing).is_some(), viewing),
        // The panel's words: "You win" against a bot, as the result's block says.
        result: outcome_text(bridge).map(|words| {
            let person = |s: Side| bridge.player(s) == GoPlayer::Human;
            game_panel::headline_for(game.outcome().and_then(|o| o.winner), person, words)
        }),
        turn: (game.position().turn(), "to move"),
        thinking: thinking.is_thinking(),
        said,
    }
}

/// What the result's buttons asked for: play on (the passes taken back), a rematch
/// (against a bot the person changes sides), the new game dialog.
fn after_game(after: AfterGame, bridge: &GoBridge, orders: &mut Orders) {
    match after {
        AfterGame::PlayOn => orders.clicked(GoCommand::Own(GoOwn::PlayOn)),
        AfterGame::Rematch => {
            let players = bridge.setup.players;
            orders.clicked(GoCommand::NewGame(crate::game::go_board::bridge::GoSetup {
                rules: bridge.setup.rules,
                players: crate::common::BySide::new(players.white, players.black),
            }));
        }
        AfterGame::NewGame => {
            orders.actions.write(MenuAction::Open(Dialog::NewGame));
        }
    }
}

/// Answers a click of the panel that is neither the study's nor an export. An ending
/// asked for (by the acting person) is returned, to be confirmed first.
fn answer(
    ask: Asked<Act>,
    bridge: &GoBridge,
    views: &mut Views,
    orders: &mut Orders,
    offers: &Offers,
) -> Option<Ending<Move>> {
    match ask {
        Asked::View(view) => {
            views.viewing.set_if_neq(GoViewing::of(view));
            if bridge.line(views.viewing.0).is_some() {
                orders.commands.write(GoCommand::LeaveLine);
            }
        }
        Asked::LineUndo => orders.clicked(GoCommand::LineUndo),
        Asked::Tool(Act::Pass) if offers.line_open => {
            orders.clicked(GoCommand::TryMove(Move::Pass));
        }
        // A pass that may end the game asks first (from the bar too: the drawer opens).
        Asked::Tool(Act::Pass) => match offers.pass_ends {
            Some(question) => return Some(Ending::Play(Move::Pass, question)),
            None => orders.clicked(GoCommand::Play(Move::Pass)),
        },
        // In a side line, its last move is taken back (as the U key does).
        Asked::Tool(Act::Undo) if bridge.line(views.viewing.0).is_some() => {
            orders.clicked(GoCommand::LineUndo);
        }
        Asked::Tool(Act::Undo) => orders.clicked(GoCommand::Undo),
        Asked::Tool(Act::Redo) => orders.clicked(GoCommand::Redo),
        Asked::Tool(Act::Flip) => views.flipped.0 = !views.flipped.0,
        Asked::Tool(Act::Hint) => {
            orders.hints.write(AskHint);
        }
        Asked::Tool(Act::Life) => views.life.0 = !views.life.0,
        Asked::Tool(Act::NextKind) => {
            // The kind after the one chosen, round to the set's first.
            let set = bridge.game.position().rules().pieces;
            let now = views.kind.0;
            let next = set.kinds().skip_while(|k| *k != now).nth(1);
            if let Some(next) = next.or_else(|| set.kinds().next()) {
                views.kind.0 = next;
            }
        }
        Asked::Tool(Act::Draw) => return Some(Ending::OfferDraw(offers.person)),
        Asked::Tool(Act::Resign) => return Some(Ending::Resign(offers.person)),
        Asked::Entry(Act::Edit) => {
            orders
                .commands
                .write(GoCommand::Edit(super::bridge::GoEdit::Open));
        }
        Asked::Tool(_) | Asked::Entry(_) | Asked::Practice(_) | Asked::Line(..) => {}
    }
    None
}

/// The record's exports: the record, the position shown (`viewing`) or the SGF to the
/// clipboard, or the record into the records folder. Returns what it did, in words
/// (`None`: `act` is not an export).
fn export(
    act: Act,
    ctx: &egui::Context,
    bridge: &GoBridge,
    viewing: Option<usize>,
    persistence: &Persistence,
) -> Option<String> {
    let game = &bridge.game;
    let players = [
        ("Black", bridge.player(Side::Black).to_string()),
        ("White", bridge.player(Side::White).to_string()),
    ];
    let tags: Vec<(&str, &str)> = players.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Some(match act {
        Act::CopyRecord => {
            ctx.copy_text(Record::from_game(game, &tags).to_string());
            "The record is on the clipboard".into()
        }
        Act::CopyPosition => {
            ctx.copy_text(bridge.shown(viewing).to_string());
            "The position is on the clipboard".into()
        }
        Act::CopySgf => match sgf::write(game, &players[0].1, &players[1].1) {
            Ok(text) => {
                ctx.copy_text(text);
                "The SGF is on the clipboard".into()
            }
            Err(e) => format!("No SGF: {e}"),
        },
        Act::SaveRecord => save_record(persistence, bridge, &tags),
        _ => return None,
    })
}

/// The status block: whose turn and what is under way, or the result with the score
/// broken down and what next (play on by taking the passes back, a new game).
fn status(
    ui: &mut egui::Ui,
    bridge: &GoBridge,
    thinking: &GoThinking,
    viewing: Option<usize>,
) -> Option<AfterGame> {
    let line = bridge.line(viewing);
    match (outcome_text(bridge), viewing) {
        (Some(_), None) if line.is_none() => return result(ui, bridge),
        (_, past) => {
            let shown = bridge.shown(viewing);
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
            last_move_lines(ui, bridge, viewing);
        }
    }
    None
}

/// The result ("You win" / "You lose" when a person plays a bot) with how it came, its
/// buttons (play on after the passes, a rematch, a new game), and a score's breakdown.
fn result(ui: &mut egui::Ui, bridge: &GoBridge) -> Option<AfterGame> {
    let mut asked = None;
    let pos = bridge.game.position();
    let outcome = bridge.game.outcome();
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
        if panel_parts::rematch_button(ui) {
            asked = Some(AfterGame::Rematch);
        }
        if panel_parts::new_game_button(ui) {
            asked = Some(AfterGame::NewGame);
        }
    });
    if scored {
        score_table(ui, pos);
    }
    asked
}

/// The final score broken down per side: captures, cells, komi, total.
fn score_table(ui: &mut egui::Ui, pos: &Position) {
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

/// The shown position's last move, and what it did in words.
fn last_move_lines(ui: &mut egui::Ui, bridge: &GoBridge, viewing: Option<usize>) {
    let game = &bridge.game;
    let (game, n) = match bridge.line(viewing) {
        Some(line) => (&line.game, line.game.moves().len()),
        None => (game, viewing.unwrap_or(game.moves().len())),
    };
    if let Some((mv, captured)) = bridge.shown_move(viewing) {
        let set = bridge.game.position().rules().pieces;
        ui::last_move_line(ui, &mv.text_with_captures(set, captured));
        if let Some(before) = game.positions().get(n.saturating_sub(1))
            && let Some(words) = move_words(before.turn(), mv, captured, before)
        {
            ui.add(
                egui::Label::new(egui::RichText::new(words).small().color(palette::GOLD)).wrap(),
            );
        }
        // The move before it, when it did something worth saying.
        if let Some(i) = n.checked_sub(2)
            && let (Some(&(earlier, took)), Some(before)) =
                (game.moves().get(i), game.positions().get(i))
            && let Some(words) = move_words(before.turn(), earlier, took, before)
        {
            ui::earlier_move_words(ui, &words);
        }
    }
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

/// During a lesson's stage or a puzzle the game's panel stands aside for the coach's, so
/// the kind palette (when the set has several kinds) floats over the board's top left
/// corner: a puzzle of rooks and bishops needs a bishop chosen by a click too, not only
/// by its key.
fn coach_palette(
    mut contexts: EguiContexts,
    bridge: Res<GoBridge>,
    figures: Res<Figures>,
    settings: Res<PlayerSettings>,
    theme: Res<crate::game::app::theme::Theme>,
    mut kind: ResMut<DropKind>,
    place: Res<PanelPlace>,
) -> Result {
    let icons = drop_icons(&mut contexts, &bridge, &figures, settings.0.rooks_as_stones);
    if icons.len() < 2 {
        return Ok(());
    }
    let wood = crate::game::app::ui::mini_board::paint(theme.light);
    let ctx = contexts.ctx_mut()?;
    // Below the small window's bar, which holds the drawer's handle and the status.
    let top = if *place == PanelPlace::Drawer {
        ui::BAR_HEIGHT + 8.0
    } else {
        12.0
    };
    egui::Area::new(egui::Id::new("go-coach-palette"))
        .anchor(egui::Align2::LEFT_TOP, [12.0, top])
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                // In the small window a column, in the margin beside the board; else a
                // row that never wraps (an area sized by its last frame would wrap it).
                if *place == PanelPlace::Drawer {
                    ui.vertical(|ui| kind_palette(ui, &icons, &mut kind, wood));
                } else {
                    ui.horizontal(|ui| kind_palette(ui, &icons, &mut kind, wood));
                }
            });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AskPass>();
    app.add_systems(
        EguiPrimaryContextPass,
        coach_palette
            .run_if(in_state(GoOn).and_then(crate::game::app::screen::coaching))
            .in_set(UiLayer::Panel),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, game_panel::keys_help(KEYS))
            .chain()
            .run_if(
                in_state(GoOn)
                    .and_then(not(super::editor::editing))
                    .and_then(not(crate::game::app::screen::coaching)),
            )
            .in_set(UiLayer::Panel),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Game, Rules};

    #[test]
    fn the_score_waits_for_both_sides_on_the_board() {
        let mut game = Game::from_position(Position::new(Rules::default()));
        let line = |game: &Game| score_line(&score_parts(game.position()), None, game.position());
        assert_eq!(
            line(&game),
            "Score: counted once both sides have pieces on the board"
        );
        game.play_text(&"e5".parse().unwrap()).unwrap();
        // One rook reaches all 80 empty cells: no count to show yet.
        assert_eq!(
            line(&game),
            "Score: counted once both sides have pieces on the board"
        );
        game.play_text(&"c3".parse().unwrap()).unwrap();
        assert!(
            line(&game).starts_with("Score if both pass now: Black 0 · White "),
            "{}",
            line(&game)
        );
        // Browsing a past position, and the game over: said so.
        let parts = score_parts(game.position());
        assert!(
            score_line(&parts, Some(2), game.position())
                .starts_with("Score had both passed then: ")
        );
        game.play(Move::Pass).unwrap();
        game.play(Move::Pass).unwrap();
        let end = game.position();
        assert!(score_line(&score_parts(end), None, end).starts_with("Score: Black "));
    }

    #[test]
    fn what_the_score_counts_is_said_with_the_komi() {
        let with = Rules {
            komi: 6.5,
            ..Rules::default()
        };
        assert_eq!(
            score_counts(&with),
            "Each side: its captures + the empty cells only it can reach; White also gets the \
             komi, 6.5."
        );
        let without = Rules {
            komi: 0.0,
            ..Rules::default()
        };
        assert!(score_counts(&without).ends_with("only it can reach."));
    }

    #[test]
    fn the_result_line_names_the_side_that_resigned() {
        let mut bridge = GoBridge::default();
        assert_eq!(outcome_text(&bridge), None);
        bridge.game.resign(Side::Black);
        assert_eq!(
            outcome_text(&bridge).as_deref(),
            Some("Black resigned: White wins")
        );
    }

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
