//! The root's choice: the pass rules, and the clean-up that captures dead pieces
//! before passing.

use super::*;

/// The root's pass rules: the move to play among the root's moves `ranked` (the search's
/// choice first: the most visited), before the clean-up. `opponent_passed`: a pass now
/// ends the game.
///
/// Area-scored playouts cannot tell a drop in one's own area from a pass, and GO_RULES
/// §4 counts that drop a point against its side (three such fills lost a game to GNU Go
/// by 1.5 points; a side behind that filled its own area turned a 6.5-point loss into
/// 13.5). So the pass and the other moves are compared by their real playouts (the
/// priors' virtual games left out), in mean points (the final margin, komi included) and
/// in win rate, each gain with its standard error:
/// - the search chose a move: the pass is played instead when the move's gain over the
///   pass, even two standard errors above what was measured, is under one point and
///   under 5 % in win rate (2 % when the opponent has passed), and the pass has had 100
///   playouts and a tenth of the move's;
/// - the search chose the pass: the first other move in `ranked` whose gain, even two
///   standard errors below what was measured, is one point or more (its win rate not
///   clearly lower), or 5 % (2 %) in win rate or more, is played instead; if none, the
///   pass.
///
/// A pass most played with fewer playouts than [`pass_judged_at`] the most played other
/// move's is not the search's choice: that move is played.
///
/// Whoever leads: a side behind plays on only with a move that beats the pass so (not
/// with any move), and a losing side whose pass would end the game lost plays on when a
/// move can still change the result (2 % more of its playouts won, two standard errors
/// below the measure).
pub fn pass_or_play(ranked: &[RootMove], opponent_passed: bool) -> Option<RootMove> {
    let mut chosen = *ranked.first()?;
    let Some(&pass) = ranked.iter().find(|m| m.mv == Move::Pass) else {
        return Some(chosen);
    };
    let wins_margin = pass_wins_margin(opponent_passed);
    // A pass most played on fewer playouts than any verdict on it needs is no choice: a
    // short search (a deadline gone at once) spreads its few playouts over every drop,
    // whose values the AMAF statistics smooth, while the pass's value is its own few
    // playouts alone; on an empty board it was then the most played in about one search
    // of fifteen (9 to 15 of 64 playouts), and a move would have needed 30 playouts to
    // overturn it. The most played move is played instead. The bar is the one
    // [`pass_due`] judges the pass by ([`MIN_PLAYOUTS`] at a small budget), not the
    // higher one that lets a pass replace a move: a settled board's pass at 300
    // playouts must stay the choice.
    if chosen.mv == Move::Pass
        && let Some(&other) = ranked.iter().find(|m| m.mv != Move::Pass)
        && pass.playouts < pass_judged_at(other.playouts)
    {
        chosen = other;
    }
    if chosen.mv == Move::Pass {
        return Some(
            ranked
                .iter()
                .find(|m| m.mv != Move::Pass && m.clearly_beats_pass(&pass, wins_margin))
                .copied()
                .unwrap_or(pass),
        );
    }
    if pass.playouts >= pass_trusted_at(chosen.playouts)
        && chosen.clearly_no_better_than_pass(&pass, wins_margin)
    {
        return Some(pass);
    }
    Some(chosen)
}

/// What a move must gain over the pass in win rate ([`PASS_WINS`], or
/// [`PASS_WINS_FINAL`] when the opponent has passed and a pass ends the game).
pub(super) fn pass_wins_margin(opponent_passed: bool) -> f64 {
    if opponent_passed {
        PASS_WINS_FINAL
    } else {
        PASS_WINS
    }
}

/// The playouts the pass needs before a verdict on it (the search's choice of it, or a
/// move found clearly better) against a move that had `playouts`: [`PASS_TRUSTED`], or a
/// tenth of the move's when that is less (a small budget), and [`MIN_PLAYOUTS`].
pub(super) fn pass_judged_at(playouts: u64) -> u64 {
    PASS_TRUSTED.min(playouts / 10).max(MIN_PLAYOUTS)
}

/// The playouts the pass needs before [`pass_or_play`] trusts it against a move that
/// had `playouts`: [`PASS_TRUSTED`], and a tenth of the move's.
pub(super) fn pass_trusted_at(playouts: u64) -> u64 {
    PASS_TRUSTED.max(playouts / 10)
}

/// The root's pass, when the search must try it now: the pass rules of
/// [`pass_or_play`] read its real playouts, which the tree's choice alone starves. A
/// pass is worth a point more than a drop in one's own area under GO_RULES §4 and the
/// same in area-scored playouts, so on a settled board every move looks as good as the
/// pass and the pass, once behind, was seldom tried again (and never with the policy's
/// 0.1 prior, which a tree kept from the last move carries to its root): the games
/// against GNU Go lost by half a point filled the winner's own area instead of passing.
/// So the pass is tried until it has the playouts the pass rules trust against the
/// root's most played move, unless that move already clearly beats it in enough
/// playouts of the pass; never to more than half that move's playouts, so that the
/// tries alone do not make the pass the most played move.
pub(super) fn pass_due(tree: &Tree) -> Option<usize> {
    let root = tree.nodes[0];
    let children = root.first as usize..(root.first + root.count) as usize;
    let pass = children.clone().find(|&i| tree.nodes[i].mv == Move::Pass)?;
    let best = children
        .filter(|&i| i != pass)
        .max_by_key(|&i| tree.nodes[i].real)?;
    let (pass_move, best_move) = (
        RootMove::of(&tree.nodes[pass]),
        RootMove::of(&tree.nodes[best]),
    );
    let margin = pass_wins_margin(tree.root.passes() == 1);
    let short = pass_move.playouts < pass_trusted_at(best_move.playouts);
    // A few playouts of the pass can look clearly worse by chance (one large loss
    // among them): the verdict waits for [`PASS_TRUSTED`] playouts of the pass, or a
    // tenth of the move's when that is less (a small budget), and [`MIN_PLAYOUTS`].
    let enough = pass_judged_at(best_move.playouts);
    let judged = pass_move.playouts >= enough && best_move.clearly_beats_pass(&pass_move, margin);
    (short && 2 * (pass_move.playouts + 1) <= best_move.playouts && !judged).then_some(pass)
}

/// Cleans up before passing (GO_RULES §4 removes nothing by agreement): enemy pieces
/// standing where the playouts say the area is ours (in 60 % of them or more) must be
/// captured on the board. Only with a move that goes at them (captures, or stands next
/// to them) and that the search does not find clearly worse than passing (win rate
/// within 0.1 of the pass's, mean points within two points and the noise): forcing any
/// other move fills one's own area and can kill one's own groups. Every such move is
/// tried, in the order of `ranked` (the most visited first).
pub(super) fn cleanup(
    pos: &Position,
    stats: &RootStats,
    ranked: &[RootMove],
    pass: RootMove,
) -> Option<RootMove> {
    let me = pos.turn();
    let eyes = Eyes::new(pos);
    let dead: Vec<Cell> = pos
        .pieces(!me)
        .iter()
        .filter(|c| stats.mine[c.index()] >= 0.6)
        .collect();
    if dead.is_empty() {
        return None;
    }
    let near = dead
        .iter()
        .fold(Bits::EMPTY, |acc, &c| acc | eyes.around(c));
    let at_them = |m: Move| match m {
        Move::Drop { cell, .. } | Move::Step { to: cell, .. } => {
            near.contains(cell) || pos.play(m).is_ok_and(|p| p.captured.any())
        }
        Move::Pass => false,
    };
    let (pass_rate, _) = pass.win_rate();
    let (pass_points, pass_se) = pass.mean_points();
    ranked
        .iter()
        .find(|m| {
            let (rate, _) = m.win_rate();
            let (points, se) = m.mean_points();
            m.playouts >= 10
                && at_them(m.mv)
                && rate >= pass_rate - 0.1
                && points
                    >= pass_points
                        - 2.0 * PASS_POINTS
                        - NOISE * (se * se + pass_se * pass_se).sqrt()
        })
        .copied()
}

/// The best win rate among the root moves the search tried enough: a tenth of the most
/// played move's playouts, and [`MIN_PLAYOUTS`] (with fewer a move's rate says little).
/// 1 when none was: a search too small to tell is not taken for a lost game.
pub(super) fn best_win_rate(ranked: &[RootMove]) -> f64 {
    let most = ranked.iter().map(|m| m.playouts).max().unwrap_or(0);
    ranked
        .iter()
        .filter(|m| m.playouts >= MIN_PLAYOUTS.max(most / 10))
        .map(|m| m.win_rate().0)
        .reduce(f64::max)
        .unwrap_or(1.0)
}

/// The best mean margin in points of the root moves that [`best_win_rate`] reads.
pub(super) fn best_mean_points(ranked: &[RootMove]) -> f64 {
    let most = ranked.iter().map(|m| m.playouts).max().unwrap_or(0);
    ranked
        .iter()
        .filter(|m| m.playouts >= MIN_PLAYOUTS.max(most / 10))
        .map(|m| m.mean_points().0)
        .reduce(f64::max)
        .unwrap_or(0.0)
}

/// A side that is losing does not pass while the opponent can still capture its pieces:
/// now (some move of the opponent's captures) or in the playouts (a piece of its on a
/// cell they end the opponent's in 60 % of them or more). It plays instead the most
/// visited move that does not fill one of its own eyes (a pass then would watch the
/// opponent take the board: the games against GNU Go lost so were lost by 70 points
/// and more). `None`: the pass stands (no such threat, or no such move). The caller
/// asks only when the search's best win rate is under one half: a side ahead passes by
/// the pass rules, which measured that the capture does not change the result.
pub(super) fn play_on_while_eaten(
    pos: &Position,
    stats: &RootStats,
    ranked: &[RootMove],
) -> Option<RootMove> {
    let me = pos.turn();
    let doomed = pos.pieces(me).iter().any(|c| stats.mine[c.index()] <= 0.4);
    if !doomed && !opponent_can_capture(pos) {
        return None;
    }
    let eyes = Eyes::new(pos);
    ranked
        .iter()
        .find(|m| match m.mv {
            Move::Pass => false,
            Move::Drop { cell, .. } | Move::Step { to: cell, .. } => !eyes.is_eye(pos, me, cell),
        })
        .copied()
}

/// Whether the opponent of the side to move could capture some of its pieces with one
/// move, were it the opponent's turn.
pub(super) fn opponent_can_capture(pos: &Position) -> bool {
    let mut turned = *pos;
    turned.set_turn(!pos.turn());
    let mut capture = false;
    turned.for_each_legal_move(|_, played| capture |= played.captured.any());
    capture
}

/// How much lower a win rate the root accepts for a move its reading finds decides a
/// string ([`read_choice`]).
const READ_MARGIN: f64 = 0.05;

/// The root's tactical choice ([`MctsConfig::reading`]): random playouts seldom tell
/// whether a string of a few liberties lives, so where the reading finds moves that save
/// or take one ([`read_strings`]), the one at the largest stake (the most visited among
/// equals) is played instead of the search's `chosen` move when `chosen` decides no
/// string as large, and its win rate, over [`MIN_PLAYOUTS`] or more, is within
/// [`READ_MARGIN`] of `chosen`'s. `None`: `chosen` stands.
pub(super) fn read_choice(
    pos: &Position,
    ranked: &[RootMove],
    chosen: RootMove,
) -> Option<RootMove> {
    let reading = read_strings(pos);
    let stake = |m: Move| match m {
        Move::Drop { cell, .. } => reading
            .good
            .iter()
            .filter(|&&(c, _)| c == cell)
            .map(|&(_, size)| size)
            .max(),
        _ => None,
    };
    let own = stake(chosen.mv).unwrap_or(0);
    let (rate, _) = chosen.win_rate();
    ranked
        .iter()
        .filter(|m| m.playouts >= MIN_PLAYOUTS && m.win_rate().0 >= rate - READ_MARGIN)
        .filter_map(|m| stake(m.mv).filter(|&s| s > own).map(|s| (s, m)))
        .max_by_key(|&(s, m)| (s, m.playouts))
        .map(|(_, m)| *m)
}
