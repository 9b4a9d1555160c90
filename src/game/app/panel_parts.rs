//! The parts every board's side panel fills in the same way, over what the board tells
//! them: the players' rows, the person who acts, the messages the panel sends, the
//! study's buttons and view, the record menu's common entries, the result's common
//! buttons and the small window's bar line. Each board's panel (its own folder) puts them together with what only it has.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::common::{Player, Side};
use crate::game::app::bot_turn::AskHint;
use crate::game::app::game_panel::{self, Asked, Away, Entry, PlayerRow, Tool};
use crate::game::app::screen::MenuAction;
use crate::game::app::session::{Command, SessionGame};
use crate::game::app::study::{
    AnalysisBoard, GameReview, PracticeAsk, StartReview, StudySource, StudyView, ToggleAnalysis,
    TryLine,
};
use crate::game::app::ui::{Ending, UiClick, palette};

/// The players' rows, the side at the top of the board first (White, unless the board is
/// `flipped`): each named as the panel names players, with what it has `captured`.
pub fn player_rows<L: std::fmt::Display>(
    flipped: bool,
    player: impl Fn(Side) -> Player<L>,
    captured: impl Fn(Side) -> u32,
) -> [PlayerRow; 2] {
    let row = |side: Side| PlayerRow {
        side,
        name: game_panel::player_name(player(side), &player(!side)),
        captured: captured(side),
    };
    if flipped {
        [row(Side::Black), row(Side::White)]
    } else {
        [row(Side::White), row(Side::Black)]
    }
}

/// The person who acts on the game (resigns, offers a draw): the side to move (`turn`)
/// between people, else the person playing the bot.
pub fn acting_person<L>(turn: Side, player: impl Fn(Side) -> Player<L>) -> Side {
    if matches!(player(turn), Player::Human) {
        turn
    } else {
        !turn
    }
}

/// What a board's panel sends: its game's commands, a draw offer (`O`, the board's own
/// message), the click's sound, a hint, the app's menu actions.
#[derive(SystemParam)]
pub struct GameOrders<'w, G: SessionGame, O: Message> {
    pub commands: MessageWriter<'w, Command<G>>,
    pub offers: MessageWriter<'w, O>,
    pub clicks: MessageWriter<'w, UiClick>,
    pub hints: MessageWriter<'w, AskHint>,
    pub actions: MessageWriter<'w, MenuAction>,
}

impl<G: SessionGame, O: Message> GameOrders<'_, G, O> {
    /// A command clicked for, with the click's sound.
    pub fn clicked(&mut self, command: Command<G>) {
        self.clicks.write(UiClick);
        self.commands.write(command);
    }

    /// An ending the person confirmed: a resignation, a draw offered (`offer` makes the
    /// board's message), or a move that may end the game.
    pub fn end(&mut self, ending: Ending<G::Move>, offer: impl FnOnce(Side) -> O) {
        self.clicks.write(UiClick);
        match ending {
            Ending::Resign(side) => {
                self.commands.write(Command::Resign(side));
            }
            Ending::OfferDraw(side) => {
                self.offers.write(offer(side));
            }
            Ending::Play(mv, _) => {
                self.commands.write(Command::Play(mv));
            }
        }
    }
}

/// The study in a board's panel: the game it studies, the analysis and the review, and
/// what the panel's clicks ask of them.
#[derive(SystemParam)]
pub struct StudyParts<'w> {
    source: Res<'w, StudySource>,
    analysis: Res<'w, AnalysisBoard>,
    review: Res<'w, GameReview>,
    toggles: MessageWriter<'w, ToggleAnalysis>,
    reviews: MessageWriter<'w, StartReview>,
    practice: MessageWriter<'w, PracticeAsk>,
    lines: MessageWriter<'w, TryLine>,
}

impl StudyParts<'_> {
    /// The analysis switch and the review, for the action row, with the board's ids.
    pub fn tools<A: Copy>(&self, analysis: A, review: A) -> [Tool<A>; 2] {
        game_panel::study_tools(
            analysis,
            review,
            self.source.0.as_ref(),
            &self.analysis,
            &self.review,
        )
    }

    /// What the panel shows of the study (`to_move`: the side to move in the shown
    /// position); nothing while no game is studied.
    pub fn view(&self, to_move: Side) -> Option<StudyView<'_>> {
        self.source.0.as_ref().map(|source| StudyView {
            board: &self.analysis,
            review: &self.review,
            source,
            to_move,
        })
    }

    /// Answers a click that is the study's (the analysis switch, the review, practice),
    /// given the board's ids of the two tools; whether it was.
    pub fn answer<A: PartialEq>(&mut self, asked: &Asked<A>, analysis: A, review: A) -> bool {
        match asked {
            Asked::Tool(act) if *act == analysis => {
                self.toggles.write(ToggleAnalysis);
            }
            Asked::Tool(act) if *act == review => {
                self.reviews.write(StartReview);
            }
            Asked::Practice(ask) => {
                self.practice.write(*ask);
            }
            Asked::Line(candidate, n) => {
                let line = self.source.0.as_ref().and_then(|source| {
                    let found = self.analysis.current(source)?;
                    let line = &found.analysis.best.get(*candidate)?.line;
                    Some(line[..(*n).min(line.len())].to_vec())
                });
                if let Some(line) = line {
                    self.lines.write(TryLine(line));
                }
            }
            _ => return false,
        }
        true
    }
}

/// The record menu's entry that copies the game record (`tip`: which record, where).
pub fn copy_record_entry<A>(id: A, tip: &'static str) -> Entry<A> {
    Entry {
        id,
        name: "Copy the record",
        tip,
        enabled: true,
    }
}

/// The record menu's entry that copies the position on the board.
pub fn copy_position_entry<A>(id: A) -> Entry<A> {
    Entry {
        id,
        name: "Copy the position",
        tip: "The position on the board as position text",
        enabled: true,
    }
}

/// A record menu's entry that saves into the records folder (`enabled` when there is
/// one).
pub fn save_entry<A>(id: A, name: &'static str, enabled: bool) -> Entry<A> {
    Entry {
        id,
        name,
        tip: "Into the records folder (Load lists it)",
        enabled,
    }
}

/// The record menu's entry that opens the position editor.
pub fn set_up_entry<A>(id: A) -> Entry<A> {
    Entry {
        id,
        name: "Set up a position…",
        tip: "The position editor, from the position on the board",
        enabled: true,
    }
}

/// The result's Rematch button; whether it was clicked.
pub fn rematch_button(ui: &mut egui::Ui) -> bool {
    ui.button("Rematch")
        .on_hover_text("The same rules; against a bot you change sides")
        .clicked()
}

/// The result's New game button; whether it was clicked.
pub fn new_game_button(ui: &mut egui::Ui) -> bool {
    ui.button("New game…").clicked()
}

/// What the bar of a small window says (with the drawer shut it is all a player sees):
/// where the board is when it is not the game as it stands; else the result; else whose
/// turn it is, "…" while a bot thinks, and what the last move did.
pub struct BarLine<'a> {
    /// The side to move in the position the board shows, and its words ("to move").
    pub shown: (Side, &'a str),
    pub away: Option<Away>,
    /// How the game ended, in a line.
    pub result: Option<String>,
    /// The side to move in the game, and its words.
    pub turn: (Side, &'a str),
    pub thinking: bool,
    /// What the game's last move did, in words, if it was more than a plain move.
    pub said: Option<String>,
}

impl BarLine<'_> {
    /// The side whose swatch the bar shows, if any, and the bar's words.
    pub fn text(self) -> (Option<Side>, egui::RichText) {
        if let Some(away) = game_panel::away_bar(self.shown.0, self.shown.1, self.away) {
            return away;
        }
        if let Some(result) = self.result {
            return (None, egui::RichText::new(result).color(palette::GOLD));
        }
        let dots = if self.thinking { " …" } else { "" };
        let said = self.said.map_or(String::new(), |w| format!(" · {w}"));
        let (side, words) = self.turn;
        (
            Some(side),
            egui::RichText::new(format!("{side} {words}{dots}{said}")),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Bot = Player<&'static str>;

    #[test]
    fn the_players_rows_put_the_top_side_first() {
        let players = |side: Side| -> Bot {
            match side {
                Side::White => Player::Bot("easy"),
                Side::Black => Player::Human,
            }
        };
        let captured = |side: Side| if side == Side::White { 3 } else { 1 };
        let rows = player_rows(false, players, captured);
        assert_eq!(rows[0].side, Side::White);
        assert_eq!(rows[0].name, "Easy bot");
        assert_eq!(rows[0].captured, 3);
        assert_eq!(rows[1].name, "You");
        let rows = player_rows(true, players, captured);
        assert_eq!(rows[0].side, Side::Black);
        assert_eq!(rows[0].captured, 1);
    }

    #[test]
    fn the_person_who_acts_is_the_one_playing_the_bot() {
        let people = |_: Side| -> Bot { Player::Human };
        assert_eq!(acting_person(Side::White, people), Side::White);
        assert_eq!(acting_person(Side::Black, people), Side::Black);
        let white_bot = |side: Side| -> Bot {
            if side == Side::White {
                Player::Bot("hard")
            } else {
                Player::Human
            }
        };
        assert_eq!(acting_person(Side::White, white_bot), Side::Black);
        assert_eq!(acting_person(Side::Black, white_bot), Side::Black);
    }

    #[test]
    fn the_bar_says_the_result_or_the_turn_with_the_last_move() {
        let line = |away, result: Option<&str>, thinking, said: Option<&str>| BarLine {
            shown: (Side::White, "to move"),
            away,
            result: result.map(String::from),
            turn: (Side::Black, "drops its king"),
            thinking,
            said: said.map(String::from),
        };
        let (swatch, text) = line(None, None, true, Some("White passed")).text();
        assert_eq!(swatch, Some(Side::Black));
        assert_eq!(text.text(), "Black drops its king … · White passed");
        let (_, text) = line(None, None, false, None).text();
        assert_eq!(text.text(), "Black drops its king");
        let (swatch, text) = line(None, Some("White wins"), false, None).text();
        assert_eq!((swatch, text.text()), (None, "White wins"));
        // Away from the game, the bar speaks of the shown position, result or not.
        let (swatch, text) = line(Some(Away::Past), Some("White wins"), false, None).text();
        assert_eq!(swatch, Some(Side::White));
        assert_eq!(text.text(), "White to move · a past position");
    }
}
