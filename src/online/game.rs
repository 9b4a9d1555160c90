//! A room's game, of either game, as the server referees it and each client rebuilds it:
//! the rules from a `create`, and the game from the rules, its moves in notation and
//! whether it was played on ([`OnlineGame::replay`]). The server and every client build a
//! room's game the one same way, so their records agree.

use crate::common::{Playable, Side};
use crate::go;
use crate::rules;

use super::protocol::{GameKind, GameResult, GameSpec};

/// The rules of a room's game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Variant {
    Chogo(rules::RuleSet),
    Go(go::Rules),
}

impl Variant {
    /// The rules a `create` asks for, or why they are not rules.
    pub fn from_spec(spec: &GameSpec) -> Result<Variant, String> {
        match spec.game {
            None => Err("a new game needs \"game\": \"chogo\" or \"go\"".into()),
            Some(GameKind::Chogo) => {
                if spec.pieces.is_some()
                    || spec.board.is_some()
                    || spec.komi.is_some()
                    || spec.moving
                    || spec.superko
                {
                    return Err(
                        "pieces, board, komi, moving and superko are Go's; Chogo takes rules"
                            .into(),
                    );
                }
                let rules = match &spec.rules {
                    Some(text) => text.parse().map_err(|e| format!("{e}"))?,
                    None => rules::RuleSet::default(),
                };
                Ok(Variant::Chogo(rules))
            }
            Some(GameKind::Go) => {
                let mut rules = match &spec.rules {
                    Some(text) => text.parse().map_err(|e| format!("{e}"))?,
                    None => go::Rules::default(),
                };
                if let Some(pieces) = &spec.pieces {
                    rules.pieces = pieces.parse().map_err(|e| format!("{e}"))?;
                }
                if let Some(board) = &spec.board {
                    rules.board = board.parse().map_err(|e| format!("{e}"))?;
                }
                if let Some(komi) = spec.komi {
                    if !komi.is_finite() || komi.abs() > 1000.0 {
                        return Err(format!("komi {komi} is not a komi (-1000 to 1000)"));
                    }
                    rules.komi = komi;
                }
                rules.moving |= spec.moving;
                rules.superko |= spec.superko;
                Ok(Variant::Go(rules))
            }
        }
    }

    /// The rules of a state: its game and its canonical rules text.
    pub fn from_text(game: GameKind, text: &str) -> Result<Variant, String> {
        match game {
            GameKind::Chogo => text.parse().map(Variant::Chogo).map_err(|e| format!("{e}")),
            GameKind::Go => text.parse().map(Variant::Go).map_err(|e| format!("{e}")),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            Variant::Chogo(_) => GameKind::Chogo,
            Variant::Go(_) => GameKind::Go,
        }
    }

    /// The canonical text of the rules (what `from_text` reads back).
    pub fn text(&self) -> String {
        match self {
            Variant::Chogo(r) => r.to_string(),
            Variant::Go(r) => r.to_string(),
        }
    }
}

/// An ending the room declares rather than the rules: resignation, agreement, a flag
/// fall, a claim against a player gone too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declared {
    Resigned(Side),
    Agreed,
    /// The side whose time ran out.
    Flagged(Side),
    /// The side that left and was claimed against.
    Abandoned(Side),
}

/// A room's game of either game.
#[derive(Clone, Debug)]
pub enum OnlineGame {
    Chogo(rules::Game),
    Go(go::Game),
}

impl OnlineGame {
    pub fn new(variant: &Variant) -> OnlineGame {
        match variant {
            Variant::Chogo(r) => OnlineGame::Chogo(rules::Game::new(*r)),
            Variant::Go(r) => OnlineGame::Go(go::Game::from_position(go::Position::new(*r))),
        }
    }

    /// The game of these moves: a move after a Go game's end by passes or repetition is
    /// played on; `resumed` plays on from such an end with no move after it yet. Fails
    /// with the first move the rules refuse.
    pub fn replay(
        variant: &Variant,
        moves: &[String],
        resumed: bool,
    ) -> Result<OnlineGame, String> {
        let mut game = OnlineGame::new(variant);
        for (n, text) in moves.iter().enumerate() {
            game.resume_if_ended();
            game.play_text(text)
                .map_err(|e| format!("move {} ({text}): {e}", n + 1))?;
        }
        if resumed {
            game.resume_if_ended();
        }
        Ok(game)
    }

    /// Go: a game ended by passes or repetition goes on (GO_RULES's play on).
    pub fn resume_if_ended(&mut self) {
        if let OnlineGame::Go(g) = self
            && g.outcome().is_some_and(|o| {
                matches!(o.reason, go::EndReason::Passes | go::EndReason::Repetition)
            })
        {
            *g = g.resumed();
        }
    }

    /// Whether the game may be played on (Go, ended by passes or repetition).
    pub fn can_play_on(&self) -> bool {
        match self {
            OnlineGame::Chogo(_) => false,
            OnlineGame::Go(g) => g.outcome().is_some_and(|o| {
                matches!(o.reason, go::EndReason::Passes | go::EndReason::Repetition)
            }),
        }
    }

    /// Plays a move written in the game's notation; answers it in canonical notation
    /// (with its captures), or says why not and changes nothing.
    pub fn play_text(&mut self, text: &str) -> Result<String, String> {
        match self {
            OnlineGame::Chogo(g) => {
                let mv: rules::MoveText = text.parse().map_err(|e| format!("{e}"))?;
                let before = *g.position();
                g.play_text(&mv).map_err(|e| format!("{e}"))?;
                Ok(before.move_text(mv.mv))
            }
            OnlineGame::Go(g) => {
                let mv: go::MoveText = text.parse().map_err(|e| format!("{e}"))?;
                let before = *g.position();
                let (mv, _) = g.play_text(&mv).map_err(|e| format!("{e}"))?;
                Ok(before.move_text(mv))
            }
        }
    }

    /// Every legal move now in notation (none once the game is over).
    pub fn legal_texts(&self) -> Vec<String> {
        match self {
            OnlineGame::Chogo(g) => {
                let pos = g.position();
                g.legal_moves()
                    .into_iter()
                    .map(|m| pos.move_text(m))
                    .collect()
            }
            OnlineGame::Go(g) => {
                let pos = g.position();
                Playable::legal_moves(g)
                    .into_iter()
                    .map(|m| pos.move_text(m))
                    .collect()
            }
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            OnlineGame::Chogo(_) => GameKind::Chogo,
            OnlineGame::Go(_) => GameKind::Go,
        }
    }

    pub fn turn(&self) -> Side {
        match self {
            OnlineGame::Chogo(g) => Playable::turn(g),
            OnlineGame::Go(g) => Playable::turn(g),
        }
    }

    pub fn ply_count(&self) -> usize {
        match self {
            OnlineGame::Chogo(g) => Playable::ply_count(g),
            OnlineGame::Go(g) => Playable::ply_count(g),
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            OnlineGame::Chogo(g) => Playable::is_over(g),
            OnlineGame::Go(g) => Playable::is_over(g),
        }
    }

    /// Ends the game as the room declared it (the record's result follows: a flag fall
    /// or an abandonment is written as the loser's resignation).
    pub fn declare(&mut self, ending: Declared) {
        let (resign, draw) = match ending {
            Declared::Resigned(s) | Declared::Flagged(s) | Declared::Abandoned(s) => {
                (Some(s), false)
            }
            Declared::Agreed => (None, true),
        };
        match self {
            OnlineGame::Chogo(g) => {
                if let Some(s) = resign {
                    g.resign(s);
                }
                if draw {
                    g.agree_draw();
                }
            }
            OnlineGame::Go(g) => {
                if let Some(s) = resign {
                    g.resign(s);
                }
                if draw {
                    g.agree_draw();
                }
            }
        }
    }

    /// The result for a state: the room's declared ending first, else the rules'.
    pub fn result(&self, declared: Option<Declared>) -> Option<GameResult> {
        if let Some(ending) = declared {
            let (winner, reason, text) = match ending {
                Declared::Resigned(s) => (Some(!s), "resignation", format!("{s} resigned")),
                Declared::Agreed => (None, "agreement", "drawn by agreement".to_string()),
                Declared::Flagged(s) => (Some(!s), "time", format!("{s}'s time ran out")),
                Declared::Abandoned(s) => (Some(!s), "abandoned", format!("{s} left the game")),
            };
            let head = winner.map_or("Draw".to_string(), |w| format!("{w} wins"));
            return Some(GameResult {
                winner,
                reason: reason.into(),
                text: format!("{head}: {text}"),
            });
        }
        match self {
            OnlineGame::Chogo(g) => g.outcome().map(|o| GameResult {
                winner: o.winner,
                reason: serde_json::to_value(o.reason)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                text: o.to_string(),
            }),
            OnlineGame::Go(g) => {
                let o = g.outcome()?;
                let how = Playable::verdict(g).map(|v| v.how).unwrap_or_default();
                let reason = match o.reason {
                    go::EndReason::Passes => "passes",
                    go::EndReason::Repetition => "repetition",
                    go::EndReason::Resignation => "resignation",
                    go::EndReason::Agreement => "agreement",
                };
                let head = o.winner.map_or("Draw".to_string(), |w| format!("{w} wins"));
                Some(GameResult {
                    winner: o.winner,
                    reason: reason.into(),
                    text: format!("{head}: {how}"),
                })
            }
        }
    }

    /// The record's text as the engine writes it, with the players' names.
    pub fn record(&self, black: &str, white: &str) -> String {
        let tags = [("Black", black), ("White", white)];
        match self {
            OnlineGame::Chogo(g) => Playable::record_text(g, &tags),
            OnlineGame::Go(g) => Playable::record_text(g, &tags),
        }
    }

    /// Go's record as SGF, where SGF can carry the game (GO_RULES: Go with rooks on a
    /// square board).
    pub fn sgf(&self, black: &str, white: &str) -> Option<String> {
        match self {
            OnlineGame::Chogo(_) => None,
            OnlineGame::Go(g) => go::sgf::write(g, black, white).ok(),
        }
    }
}

/// A game a room can play, as its engine's own game type: what a client that plays it
/// with that type (the app's board) takes from the room's game.
pub trait RoomGame: Sized + Clone {
    /// This game's part of a room's game (none: the room plays the other game).
    fn in_room(room: &OnlineGame) -> Option<&Self>;
    /// A copy of it.
    fn of_room(room: &OnlineGame) -> Option<Self> {
        Self::in_room(room).cloned()
    }
}

impl RoomGame for rules::Game {
    fn in_room(room: &OnlineGame) -> Option<&rules::Game> {
        match room {
            OnlineGame::Chogo(g) => Some(g),
            OnlineGame::Go(_) => None,
        }
    }
}

impl RoomGame for go::Game {
    fn in_room(room: &OnlineGame) -> Option<&go::Game> {
        match room {
            OnlineGame::Go(g) => Some(g),
            OnlineGame::Chogo(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(game: GameKind) -> GameSpec {
        GameSpec {
            game: Some(game),
            ..GameSpec::default()
        }
    }

    #[test]
    fn a_move_is_answered_in_canonical_notation_and_a_bad_one_changes_nothing() {
        let variant = Variant::from_spec(&spec(GameKind::Go)).unwrap();
        let mut game = OnlineGame::new(&variant);
        assert_eq!(game.play_text("e5").unwrap(), "e5");
        assert!(game.play_text("e5").is_err());
        assert!(game.play_text("zz").is_err());
        assert_eq!(game.ply_count(), 1);
        assert_eq!(game.turn(), Side::White);
    }

    #[test]
    fn two_passes_end_go_and_play_on_goes_on() {
        let variant = Variant::from_spec(&spec(GameKind::Go)).unwrap();
        let moves: Vec<String> = ["e5", "pass", "pass"].map(String::from).to_vec();
        let game = OnlineGame::replay(&variant, &moves, false).unwrap();
        assert!(game.is_over() && game.can_play_on());
        assert_eq!(game.result(None).unwrap().reason, "passes");
        let resumed = OnlineGame::replay(&variant, &moves, true).unwrap();
        assert!(!resumed.is_over());
        let mut more = moves.clone();
        more.push("c3".into());
        let on = OnlineGame::replay(&variant, &more, false).unwrap();
        assert_eq!(on.ply_count(), 4);
    }

    #[test]
    fn specs_are_read_or_refused() {
        let mut chogo = spec(GameKind::Chogo);
        chogo.rules = Some("chogo-44,king=rook".into());
        let v = Variant::from_spec(&chogo).unwrap();
        assert_eq!(Variant::from_text(GameKind::Chogo, &v.text()).unwrap(), v);
        chogo.pieces = Some("R".into());
        assert!(Variant::from_spec(&chogo).is_err());
        let mut go = spec(GameKind::Go);
        go.pieces = Some("RB".into());
        go.board = Some("13".into());
        go.komi = Some(5.5);
        let v = Variant::from_spec(&go).unwrap();
        assert_eq!(Variant::from_text(GameKind::Go, &v.text()).unwrap(), v);
        go.komi = Some(f64::NAN);
        assert!(Variant::from_spec(&go).is_err());
        assert!(Variant::from_spec(&GameSpec::default()).is_err());
    }
}
