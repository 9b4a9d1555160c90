//! A room's game on a board, written once over the session: the online game is one more
//! driver of the board's game (as a lesson's stage and a puzzle are). The driver plays
//! the opponent's side with the moves the server reports; the person plays theirs on the
//! board, and each move the session played for them goes to the server.
//!
//! The board follows the server: a state that adds the opponent's move to the game on the
//! board is played as that move (it animates); a state that says the board's last move
//! was the person's, sent and now confirmed, changes nothing; any other state (a
//! take-back, a declared ending, playing on, a rematch, a move the server refused, a
//! reconnection after the game moved on) puts the server's game on the board as it is.

use std::marker::PhantomData;

use bevy::prelude::*;

use super::{OnlineAsk, OnlineShown, Room, SendMove};
use crate::common::taught::Taught;
use crate::game::app::screen::Screen;
use crate::game::app::session::{Command, Drive, Played, Session, SessionGame};
use crate::game::app::sets::Phase;
use crate::online::game::RoomGame;

/// What a board's driver knows of the room's game it put on the board.
#[derive(Resource, Debug)]
pub struct OnlineRun<G> {
    /// The room's stamp last followed (none: the board shows no room's game).
    seen: Option<u64>,
    /// The room's refusals counted when last followed.
    refused: u64,
    /// The number of moves after a move of the person's that went to the server and is
    /// not in a state yet.
    sent: Option<usize>,
    /// The driver played a move of the room's, on a board of this many moves: the next
    /// frame compares again (an ending the room declared comes with the move that led to
    /// it); a board that did not take the move is replaced by the room's game.
    again: Option<usize>,
    _game: PhantomData<fn() -> G>,
}

impl<G> Default for OnlineRun<G> {
    fn default() -> OnlineRun<G> {
        OnlineRun {
            seen: None,
            refused: 0,
            sent: None,
            again: None,
            _game: PhantomData,
        }
    }
}

impl<G> OnlineRun<G> {
    /// Whether a room's game is on the board.
    pub fn is_on(&self) -> bool {
        self.seen.is_some()
    }
}

/// How the board's game stands against the room's.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// The same game.
    Same,
    /// The room's game is the board's and one move more: that move.
    Next(String),
    /// The board's game is the room's and the person's move sent: the server has not
    /// answered yet.
    Sent,
    /// Anything else: the room's game replaces the board's.
    Replace,
}

/// Compares the board's game with the room's (`moves`: the room's moves as the server
/// wrote them).
fn step<G: SessionGame>(board: &G, room: &G, moves: &[String], sent: Option<usize>) -> Step {
    let (b, r) = (board.ply_count(), room.ply_count());
    let same_at = |n: usize, game: &G, pos: &G::Position| {
        game.position_after(n).map(ToString::to_string) == Some(pos.to_string())
    };
    if b == r {
        if board.is_over() == room.is_over() && same_at(r, board, room.position()) {
            return Step::Same;
        }
        return Step::Replace;
    }
    if r == b + 1 && !board.is_over() && same_at(b, room, board.position()) {
        return match moves.get(b) {
            Some(text) if moves.len() == r => Step::Next(text.clone()),
            _ => Step::Replace,
        };
    }
    if b == r + 1 && sent == Some(b) && same_at(r, board, room.position()) {
        return Step::Sent;
    }
    Step::Replace
}

/// Follows the room on the board while the online game is on the screen.
#[allow(clippy::too_many_arguments)]
fn follow<G: SessionGame + Taught + RoomGame>(
    room: Res<Room>,
    session: Res<Session<G>>,
    mut run: ResMut<OnlineRun<G>>,
    mut played: MessageReader<Played<G>>,
    mut asks: MessageReader<OnlineAsk>,
    mut commands: MessageWriter<Command<G>>,
    mut out: MessageWriter<SendMove>,
    mut shown: ResMut<OnlineShown>,
) {
    if room.game.as_ref().is_none_or(|g| G::in_room(g).is_none()) {
        // The room plays the other game, or has no game yet (or none this client could
        // rebuild): a board it drove waits.
        played.clear();
        asks.clear();
        if run.seen.is_some() && session.driven.as_ref().is_some_and(|d| !d.held) {
            commands.write(Command::Drive(Drive::Hold(true)));
        }
        return;
    }
    let mine = room.side;
    let moves = room.state.as_ref().map_or(&[][..], |s| &s.moves[..]);
    let mut busy = false;
    // The person's moves, as the session played them, go to the server: those the room
    // does not have yet (a move of the person's that the driver replays from the room is
    // the room's already).
    for p in played.read() {
        if run.seen.is_some()
            && !p.in_line
            && Some(p.side) == mine
            && session.is_driven()
            && moves.len() < session.game.ply_count()
        {
            out.write(SendMove(G::played_text(p.mv, &p.before, &p.report)));
            run.sent = Some(session.game.ply_count());
            busy = true;
        }
    }
    for ask in asks.read() {
        if *ask == OnlineAsk::Pass
            && session.human_to_move()
            && let Some(pass) = session.game.pass_move()
        {
            commands.write(Command::Play(pass));
            busy = true;
        }
    }
    let fresh = run.seen != Some(room.stamp) || run.refused != room.refused || run.again.is_some();
    if fresh && let Some(game) = room.game.as_ref().and_then(G::of_room) {
        let refused = run.refused != room.refused;
        let refused_play = run.again.take() == Some(session.game.ply_count());
        busy = true;
        let start = run.seen.is_none()
            || refused && run.sent.is_some()
            || !session.is_driven()
            || match step(&session.game, &game, moves, run.sent) {
                Step::Same => {
                    run.sent = None;
                    false
                }
                Step::Sent => false,
                // (Not again on a board that refused it: the room's game then replaces it.)
                Step::Next(text) if !refused_play => match session.game.read_move(&text) {
                    Ok(mv) => {
                        commands.write(Command::Play(mv));
                        run.sent = None;
                        run.again = Some(session.game.ply_count());
                        false
                    }
                    Err(_) => true,
                },
                Step::Next(_) => true,
                Step::Replace => true,
            };
        if start {
            // The driver plays the side that is not the person's (a spectator plays
            // neither: the board is held).
            let side = mine.map_or(crate::common::Side::Black, |s| !s);
            commands.write(Command::Drive(Drive::Start {
                game: Box::new(game),
                side,
            }));
            run.sent = None;
        }
        run.seen = Some(room.stamp);
        run.refused = room.refused;
    }
    // What was asked here is carried out in the frames to come: the frame loop, which
    // sleeps while nothing changes, is woken for them.
    if busy {
        crate::game::app::wake::wake();
    }
    // The person waits while they cannot move: watching, the opponent's seat empty, the
    // connection down, the game over.
    let hold = !room.my_turn();
    if session.driven.as_ref().is_some_and(|d| d.held != hold) {
        commands.write(Command::Drive(Drive::Hold(hold)));
    }
    let next = OnlineShown {
        controls: session.game.how_to_play(),
        can_pass: session.game.pass_move().is_some() && room.my_turn() && run.sent.is_none(),
        sending: run.sent.is_some(),
    };
    shown.set_if_neq(next);
}

/// The board leaves the online game: the game played before comes back to it.
fn leave<G: SessionGame>(mut run: ResMut<OnlineRun<G>>, mut commands: MessageWriter<Command<G>>) {
    if run.seen.take().is_some() {
        commands.write(Command::Drive(Drive::Leave));
    }
    run.sent = None;
    run.again = None;
}

/// A board plays online games: its driver follows the room while the online game is on
/// the screen and the board's state `on` holds.
pub fn register<G: SessionGame + Taught + RoomGame, S: States>(app: &mut App, on: S) {
    app.init_resource::<OnlineRun<G>>();
    app.add_systems(OnExit(Screen::OnlineGame), leave::<G>);
    app.add_systems(OnExit(on.clone()), leave::<G>);
    app.add_systems(
        Update,
        follow::<G>
            .run_if(in_state(Screen::OnlineGame))
            .run_if(in_state(on))
            .in_set(Phase::React),
    );
}
