//! The online screens, drawn once for every board: the lobby (the server, a new game to
//! create with a board's own rules form, a code to join or watch, the seat to rejoin), and
//! the panel beside the board while an online game is on it (the code, both players with
//! their clocks and connections, the offers and their answers, the moves).

use bevy::prelude::*;
use bevy_egui::egui;
use web_time::Instant;

use super::{OnlineAsk, OnlineShown, Room, RoomAsk};
use crate::common::Side;
use crate::game::app::boards::{self, Boards};
use crate::game::app::screen::{self, GameKind, MenuAction, Screen};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::{self, DrawerOpen, PanelPlace, palette};
use crate::online::client::Link;
use crate::online::protocol::{
    ClockSpec, GameKind as RoomKind, GameSpec, Presence, State as RoomState,
};

/// The clocks a new game may have: minutes for each side, seconds added a move.
const CLOCKS: [Option<(u64, u64)>; 6] = [
    None,
    Some((3, 2)),
    Some((5, 3)),
    Some((10, 5)),
    Some((15, 10)),
    Some((30, 20)),
];

/// The lobby's form.
#[derive(Resource, Debug, Clone)]
pub struct OnlineForm {
    pub game: GameKind,
    /// The creator's side (none: the server draws it).
    pub side: Option<Side>,
    pub clock: Option<(u64, u64)>,
    /// The code typed to join or watch.
    pub code: String,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            game: GameKind::default(),
            side: None,
            clock: Some((10, 5)),
            code: String::new(),
        }
    }
}

/// A clock in words: "10 + 5".
fn clock_words(clock: Option<(u64, u64)>) -> String {
    match clock {
        None => "No clock".into(),
        Some((minutes, seconds)) => format!("{minutes} + {seconds}"),
    }
}

/// Time left as a clock shows it: 4:05, and tenths under ten seconds (0:07.3).
pub fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    if seconds < 10 {
        format!("0:{seconds:02}.{}", (ms % 1000) / 100)
    } else if seconds >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// A code as typed: letters and digits only, upper case, at most 12.
fn clean_code(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .take(12)
        .collect()
}

/// A heading of the lobby's sections.
fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(8.0);
    ui.label(egui::RichText::new(text).size(19.0).strong());
}

fn lobby(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let boards = world.resource::<Boards>().clone();
    let room = world.resource::<Room>().clone();
    let mut form = world.resource::<OnlineForm>().clone();
    let mut server = world.resource::<PlayerSettings>().0.server.clone();
    let seat = world.resource::<PlayerSettings>().0.online_seat.clone();
    let mut ask = None;
    let back = ui::own_screen(&ctx, "Play online", |ui| {
        let words = "Play a friend on another machine: one creates a game and gets a code, \
            the other joins with it. Anyone with the code may watch.";
        ui.label(egui::RichText::new(words).weak());
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                server_section(ui, world, &room, &mut server, seat.as_ref(), &mut ask);
                join_section(ui, &mut form, &mut ask);
                create_section(ui, world, &boards, &mut form, &mut ask);
            });
    });
    if back {
        world.write_message(MenuAction::Title);
    }
    *world.resource_mut::<OnlineForm>() = form;
    if world.resource::<PlayerSettings>().0.server != server {
        world.resource_mut::<PlayerSettings>().0.server = server.trim().to_string();
    }
    if let Some(ask) = ask {
        world.write_message(ask);
    }
}

/// The lobby's server: its address, the connection, a way back to the game held or to
/// the last one.
fn server_section(
    ui: &mut egui::Ui,
    world: &mut World,
    room: &Room,
    server: &mut String,
    seat: Option<&crate::save::OnlineSeat>,
    ask: &mut Option<OnlineAsk>,
) {
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        ui.label("Server");
        ui.add(
            egui::TextEdit::singleline(server)
                .desired_width(260.0)
                .hint_text("ws://host:port"),
        )
        .on_hover_text("The game server's address, ws://HOST:PORT (chogo-server --listen)");
        if ui.small_button("Default").clicked() {
            *server = crate::save::Settings::DEFAULT_SERVER.to_string();
        }
    });
    status(ui, room);
    let held = room.state.is_some() && room.link != Some(Link::GaveUp);
    if held {
        if ui.button("Back to the game").clicked() {
            // The room's own board (another game may have been shown since).
            if let Some(kind) = room.kind() {
                world.resource_mut::<NextState<GameKind>>().set(kind);
            }
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::OnlineGame);
        }
    } else if room.is_open()
        && ui
            .button("Cancel")
            .on_hover_text("Stop connecting; nothing is asked of the server")
            .clicked()
    {
        *ask = Some(OnlineAsk::Leave);
    }
    if let Some(seat) = seat
        && !held
        && room.link != Some(Link::Connecting)
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Your last online game: {} on {}",
                seat.code, seat.server
            ));
            if ui.button("Rejoin").clicked() {
                *ask = Some(OnlineAsk::Rejoin);
            }
        });
    }
}

/// The lobby's "Join a game": a code to join or to watch.
fn join_section(ui: &mut egui::Ui, form: &mut OnlineForm, ask: &mut Option<OnlineAsk>) {
    heading(ui, "Join a game");
    ui.horizontal_wrapped(|ui| {
        ui.label("Code");
        let edit = ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .desired_width(120.0)
                .hint_text("ABC234"),
        );
        form.code = clean_code(&form.code);
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let has_code = !form.code.is_empty();
        if ui
            .add_enabled(has_code, egui::Button::new("Join"))
            .clicked()
            || enter && has_code
        {
            *ask = Some(OnlineAsk::Join(form.code.clone()));
        }
        if ui
            .add_enabled(has_code, egui::Button::new("Watch"))
            .clicked()
        {
            *ask = Some(OnlineAsk::Watch(form.code.clone()));
        }
    });
}

/// The lobby's "Create a game": the board, its rules, the side and the clock.
fn create_section(
    ui: &mut egui::Ui,
    world: &mut World,
    boards: &Boards,
    form: &mut OnlineForm,
    ask: &mut Option<OnlineAsk>,
) {
    heading(ui, "Create a game");
    ui.horizontal(|ui| {
        ui.label("Game");
        for board in boards.all() {
            ui.selectable_value(&mut form.game, board.kind, board.name);
        }
    });
    let problem = boards
        .get(form.game)
        .map(|board| boards::draw(world, board.rules_form, ui));
    if let Some(Some(problem)) = &problem {
        ui.label(egui::RichText::new(problem).color(palette::WARN));
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("You play");
        ui.radio_value(&mut form.side, None, "Either (drawn)");
        ui.radio_value(&mut form.side, Some(Side::Black), "Black (moves first)");
        ui.radio_value(&mut form.side, Some(Side::White), "White");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Clock");
        for clock in CLOCKS {
            ui.radio_value(&mut form.clock, clock, clock_words(clock))
                .on_hover_text(match clock {
                    None => "No clock: take your time".to_string(),
                    Some((m, s)) => {
                        format!("{m} minutes each, and {s} seconds more with every move")
                    }
                });
        }
    });
    let ready = matches!(problem, Some(None));
    if ui
        .add_enabled(
            ready,
            egui::Button::new(egui::RichText::new("Create and get a code").size(17.0)),
        )
        .clicked()
        && let Some(board) = boards.get(form.game)
    {
        let rules = boards::ask(world, board.rules_text);
        *ask = Some(OnlineAsk::Create(GameSpec {
            game: RoomKind::from_name(board.kind.id()),
            rules: Some(rules),
            side: form.side,
            clock: form.clock.map(|(m, s)| ClockSpec {
                initial_ms: m * 60_000,
                increment_ms: s * 1000,
            }),
            ..GameSpec::default()
        }));
    }
}

/// The connection in words, and what went wrong last.
fn status(ui: &mut egui::Ui, room: &Room) {
    let words = match room.link {
        None => return problem_line(ui, room),
        Some(Link::Connecting) => format!("Connecting to {}…", room.server),
        Some(Link::Open) => match &room.code {
            Some(code) if room.state.is_some() => format!("In room {code} on {}", room.server),
            _ => format!("Connected to {}", room.server),
        },
        Some(Link::Down) => "The connection dropped: reconnecting…".into(),
        Some(Link::GaveUp) => "The server cannot be reached.".into(),
    };
    ui.label(egui::RichText::new(&words).color(palette::GOLD));
    if room.problem.as_deref() != Some(words.as_str()) {
        problem_line(ui, room);
    }
}

fn problem_line(ui: &mut egui::Ui, room: &Room) {
    if let Some(problem) = &room.problem {
        ui.add(egui::Label::new(egui::RichText::new(problem).color(palette::WARN)).wrap());
    }
}

/// What a seat's player is doing, in words.
fn presence_words(presence: Presence) -> &'static str {
    match presence {
        Presence::Empty => "not here yet",
        Presence::Connected => "connected",
        Presence::Gone => "connection lost",
    }
}

/// One player's lines: the swatch, who it is and the clock, then their connection.
fn player(ui: &mut egui::Ui, room: &Room, state: &RoomState, side: Side, now: Instant) {
    let who = match room.side {
        Some(mine) if mine == side => "You",
        Some(_) => "Opponent",
        None => "Player",
    };
    let presence = state.presence(side);
    ui.horizontal(|ui| {
        ui::side_swatch(ui, side);
        ui.label(egui::RichText::new(format!("{side}: {who}")).strong());
        if let Some(left) = room.clock_left(side, now) {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let running = state.clocks.and_then(|c| c.running) == Some(side);
                let low = left < 20_000;
                let text = egui::RichText::new(clock_text(left)).size(20.0).monospace();
                let text = match (running, low) {
                    (true, true) => text.color(palette::WARN).strong(),
                    (true, false) => text.color(palette::GOLD).strong(),
                    _ => text.weak(),
                };
                ui.label(text);
            });
        }
    });
    let colour = match presence {
        Presence::Connected => egui::Color32::from_rgb(150, 215, 140),
        Presence::Empty => egui::Color32::GRAY,
        Presence::Gone => palette::WARN,
    };
    ui.horizontal(|ui| {
        ui.add_space(18.0 + ui.spacing().item_spacing.x);
        ui.label(
            egui::RichText::new(presence_words(presence))
                .small()
                .color(colour),
        );
    });
}

/// The game's moves, numbered in pairs, the last in sight.
fn moves(ui: &mut egui::Ui, state: &RoomState, height: f32) {
    if state.moves.is_empty() {
        ui.label(egui::RichText::new("No move yet").weak());
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("online moves")
        .max_height(height)
        .auto_shrink([false, true])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (n, pair) in state.moves.chunks(2).enumerate() {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(format!("{:>3}.", n + 1))
                            .monospace()
                            .weak(),
                    );
                    for text in pair {
                        ui.label(egui::RichText::new(text).monospace());
                    }
                });
            }
        });
}

/// The line that says whose turn it is, or how the game ended.
fn turn_line(room: &Room, state: &RoomState, sending: bool) -> (String, egui::Color32) {
    if let Some(result) = &state.result {
        let won = match (result.winner, room.side) {
            (Some(w), Some(mine)) if w == mine => "You won. ",
            (Some(_), Some(_)) => "You lost. ",
            _ => "",
        };
        return (format!("{won}{}", result.text), palette::GOLD);
    }
    let empty = [Side::Black, Side::White]
        .into_iter()
        .find(|s| state.presence(*s) == Presence::Empty);
    if empty.is_some() {
        return (
            format!("Waiting for an opponent: give them the code {}", state.code),
            palette::GOLD,
        );
    }
    match room.side {
        Some(_) if sending => (
            "Your move is on its way to the server…".into(),
            egui::Color32::LIGHT_GRAY,
        ),
        Some(mine) if mine == state.turn => {
            ("Your move".into(), egui::Color32::from_rgb(150, 215, 140))
        }
        Some(_) => ("Your opponent's move".into(), egui::Color32::LIGHT_GRAY),
        None => (
            format!("{} to move (you are watching)", state.turn),
            egui::Color32::LIGHT_GRAY,
        ),
    }
}

/// The offers of the opponent's to answer, and the player's own that wait.
fn offers(ui: &mut egui::Ui, room: &Room, state: &RoomState, ask: &mut Option<OnlineAsk>) {
    let Some(mine) = room.side else { return };
    let theirs = |by: Option<Side>| by.is_some_and(|s| s != mine);
    let own = |by: Option<Side>| by == Some(mine);
    let mut answer = |ui: &mut egui::Ui, words: &str, yes: RoomAsk, no: Option<RoomAsk>| {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(words).color(palette::GOLD));
            if ui.button("Accept").clicked() {
                *ask = Some(OnlineAsk::Room(yes));
            }
            if let Some(no) = no
                && ui.button("Decline").clicked()
            {
                *ask = Some(OnlineAsk::Room(no));
            }
        });
    };
    if theirs(state.offers.draw) {
        answer(
            ui,
            "Your opponent offers a draw.",
            RoomAsk::AcceptDraw,
            Some(RoomAsk::DeclineDraw),
        );
    }
    if theirs(state.offers.takeback) {
        answer(
            ui,
            "Your opponent asks to take back their last move.",
            RoomAsk::AcceptTakeBack,
            Some(RoomAsk::DeclineTakeBack),
        );
    }
    if theirs(state.offers.play_on) {
        answer(ui, "Your opponent wants to play on.", RoomAsk::PlayOn, None);
    }
    if theirs(state.offers.rematch) {
        answer(ui, "Your opponent wants a rematch.", RoomAsk::Rematch, None);
    }
    for (by, words) in [
        (
            state.offers.draw,
            "You offered a draw: waiting for the answer.",
        ),
        (
            state.offers.takeback,
            "You asked to take back: waiting for the answer.",
        ),
        (
            state.offers.play_on,
            "You asked to play on: waiting for your opponent.",
        ),
        (
            state.offers.rematch,
            "You asked for a rematch: waiting for your opponent.",
        ),
    ] {
        if own(by) {
            ui.label(egui::RichText::new(words).weak());
        }
    }
}

/// The player's buttons: what they may ask now.
fn buttons(
    ui: &mut egui::Ui,
    room: &Room,
    state: &RoomState,
    shown: &OnlineShown,
    ask: &mut Option<OnlineAsk>,
) {
    let Some(mine) = room.side else { return };
    let open = room.link == Some(Link::Open);
    let on = room.under_way();
    let over = state.result.is_some();
    let confirm = egui::Id::new(("online resign asked", state.code.as_str()));
    let mut asked_resign = ui.data(|d| d.get_temp::<bool>(confirm)).unwrap_or(false) && on;
    ui.horizontal_wrapped(|ui| {
        let room_ask = |ui: &mut egui::Ui, enabled: bool, text: &str, tip: &str, what: RoomAsk| {
            ui.add_enabled(open && enabled, egui::Button::new(text))
                .on_hover_text(tip)
                .clicked()
                .then_some(OnlineAsk::Room(what))
        };
        if on {
            if asked_resign {
                ui.label(egui::RichText::new("Resign this game?").color(palette::WARN));
                if ui.button("Yes, resign").clicked() {
                    *ask = Some(OnlineAsk::Room(RoomAsk::Resign));
                    asked_resign = false;
                }
                if ui.button("No").clicked() {
                    asked_resign = false;
                }
            } else if ui.add_enabled(open, egui::Button::new("Resign")).clicked() {
                asked_resign = true;
            }
            let no_offer = state.offers.draw.is_none();
            if let Some(a) = room_ask(
                ui,
                no_offer,
                "Offer a draw",
                "Your opponent is asked; both must agree",
                RoomAsk::OfferDraw,
            ) {
                *ask = Some(a);
            }
            // One's own move to take back: Black's first comes first, White's second.
            let moved = state.moves.len() > usize::from(mine == Side::White);
            if let Some(a) = room_ask(
                ui,
                moved && state.offers.takeback.is_none(),
                "Ask to take back",
                "Take back your last move (and the answer to it), if your opponent accepts",
                RoomAsk::TakeBack,
            ) {
                *ask = Some(a);
            }
            if shown.can_pass
                && ui
                    .add_enabled(open, egui::Button::new("Pass"))
                    .on_hover_text("Pass your turn (key P)")
                    .clicked()
            {
                *ask = Some(OnlineAsk::Pass);
            }
            if state.claimable
                && state.presence(!mine) == Presence::Gone
                && let Some(a) = room_ask(
                    ui,
                    true,
                    "Claim the win",
                    "Your opponent has been gone longer than the server waits",
                    RoomAsk::Claim,
                )
            {
                *ask = Some(a);
            }
        }
        if over {
            // A game that may be played on (Go's end by passes or repetition), as the
            // room's game says; the opponent's asking is answered above.
            let ended_by_count = room.game.as_ref().is_some_and(|g| g.can_play_on());
            if ended_by_count
                && state.offers.play_on.is_none()
                && let Some(a) = room_ask(
                    ui,
                    true,
                    "Play on",
                    "Disagree with the end: the game goes on once both ask",
                    RoomAsk::PlayOn,
                )
            {
                *ask = Some(a);
            }
            if state.offers.rematch.is_none()
                && let Some(a) = room_ask(
                    ui,
                    true,
                    "Rematch",
                    "A new game, the sides swapped",
                    RoomAsk::Rematch,
                )
            {
                *ask = Some(a);
            }
        }
    });
    ui.data_mut(|d| d.insert_temp(confirm, asked_resign));
}

/// The page's address with `?join=CODE&server=…` (the browser only: elsewhere `None`).
fn page_link(code: &str, server: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        let base = format!("{}{}", location.origin().ok()?, location.pathname().ok()?);
        let server = js_sys::encode_uri_component(server).as_string()?;
        Some(format!("{base}?join={code}&server={server}"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (code, server);
        None
    }
}

/// The online panel's title with the room's code, to copy or to send as a link.
fn code_row(ui: &mut egui::Ui, room: &Room) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Online").size(22.0));
        if let Some(code) = &room.code {
            ui.label(
                egui::RichText::new(format!("code {code}"))
                    .size(22.0)
                    .monospace()
                    .color(palette::GOLD),
            );
            if ui
                .small_button("Copy")
                .on_hover_text("Copy the code, to send it to your opponent")
                .clicked()
            {
                ui.ctx().copy_text(code.clone());
            }
            // In the browser, a link that opens the game and joins this room.
            if let Some(link) = page_link(code, &room.server)
                && ui
                    .small_button("Copy link")
                    .on_hover_text(format!("A link that joins this game: {link}"))
                    .clicked()
            {
                ui.ctx().copy_text(link);
            }
        }
    });
}

/// The record to copy, the way back to the lobby, and leaving the room; whether the
/// lobby was asked for.
fn room_row(ui: &mut egui::Ui, state: &RoomState, ask: &mut Option<OnlineAsk>) -> bool {
    let mut to_lobby = false;
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Copy record")
            .on_hover_text("The game's record, as the engines write it")
            .clicked()
        {
            ui.ctx().copy_text(state.record.clone());
        }
        if ui
            .button("Lobby")
            .on_hover_text("The game stays open: come back to it from Play online")
            .clicked()
        {
            to_lobby = true;
        }
        if ui
            .button("Leave the room")
            .on_hover_text("Close the connection; your seat is kept by the server for a while")
            .clicked()
        {
            *ask = Some(OnlineAsk::Leave);
            to_lobby = true;
        }
    });
    to_lobby
}

/// The panel beside the board while an online game is on it.
fn game_panel(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    // Read in place, not copied each frame: the world is changed only after the panel.
    let room = world.resource::<Room>();
    let shown = world.resource::<OnlineShown>();
    let place = *world.resource::<PanelPlace>();
    let drawer = world.resource::<DrawerOpen>().0;
    let now = Instant::now();
    let mut ask = None;
    let mut to_lobby = false;
    let mut root = ui::root_ui(&ctx);
    let bar = room.state.as_ref().map_or_else(
        || "Online".to_string(),
        |s| turn_line(room, s, shown.sending).0,
    );
    let toggled = ui::side_panel(
        &mut root,
        &ctx,
        place,
        drawer,
        room.problem.as_deref(),
        |ui| ui::drawer_bar(ui, drawer, &bar),
        |ui| {
            egui::ScrollArea::vertical()
                .id_salt("online panel")
                .show(ui, |ui| {
                    ui.add_space(6.0);
                    code_row(ui, room);
                    let Some(state) = room.state.as_ref() else {
                        status(ui, room);
                        return;
                    };
                    ui.label(egui::RichText::new(&state.rules).weak().small());
                    ui.separator();
                    // The side to the top of the board's picture first: White, then Black.
                    player(ui, room, state, Side::White, now);
                    player(ui, room, state, Side::Black, now);
                    if state.spectators > 0 {
                        ui.label(
                            egui::RichText::new(format!("{} watching", state.spectators))
                                .weak()
                                .small(),
                        );
                    }
                    ui.separator();
                    let (words, colour) = turn_line(room, state, shown.sending);
                    ui.add(
                        egui::Label::new(egui::RichText::new(words).size(17.0).color(colour))
                            .wrap(),
                    );
                    if room.link != Some(Link::Open) || room.problem.is_some() {
                        status(ui, room);
                    }
                    // The buttons first: the lines of offers come and go below them, so that
                    // nothing moves under the pointer that has just asked.
                    buttons(ui, room, state, shown, &mut ask);
                    offers(ui, room, state, &mut ask);
                    if !shown.controls.is_empty() && room.seated() && state.result.is_none() {
                        ui.add(
                            egui::Label::new(egui::RichText::new(shown.controls).small().weak())
                                .wrap(),
                        );
                    }
                    ui.separator();
                    // The moves take a third of the window's height; the panel scrolls as a whole
                    // in a short window.
                    let height = (ui.ctx().content_rect().height() * 0.35).clamp(60.0, 320.0);
                    moves(ui, state, height);
                    ui.separator();
                    if room_row(ui, state, &mut ask) {
                        to_lobby = true;
                    }
                });
        },
    );
    if toggled == Some(true) {
        world.resource_mut::<DrawerOpen>().0 = !drawer;
    }
    if let Some(ask) = ask {
        world.write_message(ask);
    }
    if to_lobby {
        world.write_message(MenuAction::Online);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>();
    screen::add_view(app, Screen::Online, lobby);
    screen::add_panel(app, &[Screen::OnlineGame], game_panel);
}
