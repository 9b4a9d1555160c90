//! The rule options of RULES §10 (`docs/RULES.md` §10), each test on a position made by
//! hand from the sentence it names.

mod common;

use chogo::rules::*;
use common::*;

const B: Side = Side::Black;
const W: Side = Side::White;

fn rules(text: &str) -> RuleSet {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Why `text` is refused in `pos`.
fn refusal(pos: &Position, text: &str) -> String {
    pos.play_text(&text.parse().expect("move text"))
        .expect_err(text)
        .to_string()
}

/// White walls off c6–f7 behind b6, g6 and c5–f5, king inside; Black's pawns on b5 and
/// c4 touch c5 from outside: every White man is secure and White has a city (RULES §7).
const CITY: &str = "K:d7 P:b6 P:g6 P:c5 P:d5 P:e5 P:f5 p:b5 p:c4 k:e2";

// ---- §10.1 line traps ----------------------------------------------------------------

/// "A man is trapped when, along one orthogonal line, it belongs to an unbroken run of men
/// of its own side … whose two cells just beyond the run's ends hold enemy men."
#[test]
fn a_run_between_two_enemy_men_is_trapped() {
    let men = "p:c4 p:d4 p:e4 P:b4 P:f4 k:d2 K:d6";
    let line = setup_with(rules("chogo-44,trap=line"), men, B);
    assert_eq!(line.trapped(B), cells("c4 d4 e4"));
    assert_eq!(line.trappers(cell("d4")), Some((cell("b4"), cell("f4"))));
    assert_eq!(
        refusal(&line, "d4-d3"),
        "d4 is trapped between b4 and f4 and cannot move alone"
    );
    // "A tandem of trapped men moves only if not all its members are trapped."
    assert_eq!(
        refusal(&line, "cde4-cde5"),
        "every man of cde4 is trapped, so the block cannot move"
    );
    // The single trap of §3 holds none of them.
    let single = setup(men, B);
    assert!(single.trapped(B).is_empty());
    assert!(single.play(mv("d4-d3")).is_ok());
}

/// "the edge, a missing cell or an empty cell never traps and ends a run"
#[test]
fn an_edge_a_missing_cell_or_a_gap_never_traps() {
    let line = rules("chogo-44,trap=line");
    // a4 b4 c4 run from the edge: only one end is an enemy man.
    let edge = setup_with(line, "p:a4 p:b4 p:c4 P:d4 k:d2 K:d6", B);
    assert!(edge.trapped(B).is_empty());
    // c1 d1 e1 f1 run between two missing cells (b1, g1).
    let missing = setup_with(line, "p:c1 p:d1 p:e1 p:f1 k:d3 K:d6", W);
    assert!(missing.trapped(B).is_empty());
    // b4 c4 _ e4 f4 between a4 and g4: the gap on d4 breaks the run, and neither part
    // has an enemy man at both ends.
    let gap = setup_with(line, "P:a4 p:b4 p:c4 p:e4 p:f4 P:g4 k:d2 K:d6", B);
    assert!(gap.trapped(B).is_empty());
    // Along a file as well: d3 d4 d5 between d2 and d6.
    let file = setup_with(line, "p:d3 p:d4 p:d5 P:d2 P:d6 k:a3 K:h5", B);
    assert_eq!(file.trapped(B), cells("d3 d4 d5"));
}

/// "trapped men still trap and still enclose": a trapped run traps an enemy man in turn.
#[test]
fn trapped_men_still_trap() {
    let line = rules("chogo-44,trap=line");
    // White b4 and f4 trap Black's run c4–e4, and f4 is itself trapped by Black's f3
    // and f5.
    let pos = setup_with(line, "P:b4 p:c4 p:d4 p:e4 P:f4 p:f3 p:f5 k:a3 K:h5", W);
    assert_eq!(pos.trapped(B), cells("c4 d4 e4"));
    assert!(pos.trapped(W).contains(cell("f4")));
}

// ---- §10.2 fortress rules ---------------------------------------------------------------

/// "knight — … P may move one of its own untrapped men … by a chess knight's leap … to an
/// empty cell of a city of the opponent … written like a mole drop"
#[test]
fn the_knight_leaps_into_an_enemy_city() {
    let pos = setup_with(rules("chogo-44,fortress=knight"), CITY, B);
    assert!(pos.mole_available());
    assert_eq!(pos.analyze().fortress, Fortress::Knight);
    let leaps: Vec<String> = move_texts(&pos)
        .into_iter()
        .filter(|m| m.contains('>'))
        .collect();
    // b5 reaches c7 and d6, c4 reaches d6; the king on e2 reaches no city cell.
    assert_eq!(leaps, ["b5>c7", "b5>d6", "c4>d6"]);
    assert_eq!(refusal(&pos, "e2>c6"), "e2 to c6 is not a knight's leap");
    assert_eq!(refusal(&pos, "c4>a5"), "a5 is not in a city of White");
    let (after, captured) = play(&pos, "b5>d6");
    assert!(captured.is_empty());
    assert!(after.men(B).contains(cell("d6")) && !after.men(B).contains(cell("b5")));
    // Without the condition there is no leap, and the refusal says which move it is.
    let open = setup_with(
        rules("chogo-44,fortress=knight"),
        &format!("{CITY} P:h4"),
        B,
    );
    assert_eq!(
        refusal(&open, "b5>d6"),
        "no knight's leap: White's man on h4 is not secure"
    );
}

/// "as with the mole drop, the man it puts down is never removed by that move, even with
/// own-man capture"
#[test]
fn a_knight_leap_lands_enclosed_and_survives_suicide() {
    // c6 is an empty cell walled in by White's b6, d6, c5 and c7: a White city. Under
    // Neto's reading (mole=city, suicide captures) the city alone allows the leap.
    let men = "K:h5 P:b6 P:d6 P:c5 P:c7 p:d4 k:e2";
    let pos = setup_with(rules("neto,fortress=knight"), men, B);
    assert!(pos.cities(W).contains(cell("c6")));
    assert!(pos.mole_available());
    let (after, captured) = play(&pos, "d4>c6");
    assert!(captured.is_empty());
    assert!(after.men(B).contains(cell("c6")));
    assert!(after.enclosed().contains(cell("c6")));
    // The same man walking in by an ordinary move would be taken by suicide captures:
    // the leap's landing man is spared, nothing else.
    assert_eq!(after.men(W).count(), pos.men(W).count());
}

/// "reposition — … P may take any one man of the opponent (pawn or king, trapped or not)
/// and put it on any empty cell of the board. [ruling] … nothing is captured by this move"
#[test]
fn a_reposition_moves_an_enemy_man_and_captures_nothing() {
    let pos = setup_with(rules("chogo-44,fortress=reposition"), CITY, B);
    assert!(pos.mole_available());
    let moves = pos.legal_moves();
    let repositions = moves
        .iter()
        .filter(|m| matches!(m, Move::MoleDrop { .. }))
        .count() as u32;
    // Every White man to every empty cell.
    assert_eq!(repositions, pos.men(W).count() * pos.empty().count());
    let (after, captured) = play(&pos, "d7>b4");
    assert!(captured.is_empty());
    assert_eq!(after.king(W), Some(cell("b4")));
    assert_eq!(after.turn(), W);
    assert_eq!(
        refusal(&pos, "c4>c3"),
        "a reposition moves an enemy man; the man on c4 is yours"
    );
    assert_eq!(refusal(&pos, "d7>d5"), "d5 is occupied");
}

/// A repositioned man "may land trapped or enclosed and is open to capture by P's next
/// move", and a reposition into a spot where §5 would capture captures nothing.
#[test]
fn a_repositioned_man_lands_enclosed_and_stays() {
    // Black men on c1's neighbours d1 and c2: a White man set on c1 is enclosed by two
    // Black men, yet not captured.
    let text = "K:d7 P:b6 P:g6 P:c5 P:d5 P:e5 P:f5 p:b5 p:c4 k:e2 p:d1 p:c2";
    let pos = setup_with(rules("chogo-44,fortress=reposition"), text, B);
    assert!(pos.mole_available());
    let (after, captured) = play(&pos, "g6>c1");
    assert!(captured.is_empty());
    assert!(after.men(W).contains(cell("c1")));
    assert!(after.enclosed().contains(cell("c1")));
}

/// "no-hiding — an ordinary move by side S is illegal when every man of S is secure in
/// the position before it and every man of S is still secure in the position after it";
/// "There is no mole drop."
#[test]
fn no_hiding_refuses_moves_that_stay_hidden() {
    let rules = rules("chogo-44,fortress=no-hiding");
    let pos = setup_with(rules, CITY, W);
    assert_eq!(pos.secure(W), pos.men(W));
    assert_eq!(
        refusal(&pos, "d7-d6"),
        "no-hiding: every man of yours is secure before and after this move"
    );
    let legal = pos.legal_moves();
    assert!(!legal.is_empty());
    for &m in &legal {
        let (after, _) = pos.play(m).unwrap();
        assert_ne!(after.secure(W), after.men(W), "{m} keeps every man secure");
    }
    // Black, whose men are not all secure, moves freely, and has no mole drop.
    let black = setup_with(rules, CITY, B);
    assert!(!black.mole_available());
    assert_eq!(
        refusal(&black, "e2>c6"),
        "no fortress move: the rules have none (fortress=no-hiding)"
    );
    assert_eq!(black.analyze().fortress, Fortress::NoHiding);
    assert_eq!(
        black.legal_moves().len(),
        setup(CITY, B)
            .legal_moves()
            .iter()
            .filter(|m| !matches!(m, Move::MoleDrop { .. }))
            .count()
    );
}

/// "a side left with no legal move by it loses (§6.2)"
#[test]
fn a_side_with_every_move_refused_by_no_hiding_loses() {
    // White's king on c1 is hemmed in by Black's d1 and c2 and cannot move; Black's men
    // are all secure. Black's king on h3 may step, but h3-h4 leaves everything as secure
    // as before: refused. Only moves that free White's king are legal.
    let hiding = rules("chogo-44,fortress=no-hiding");
    let pos = setup_with(hiding, "K:c1 p:d1 p:c2 k:h3", B);
    assert_eq!(pos.secure(B), pos.men(B));
    assert_eq!(
        refusal(&pos, "h3-h4"),
        "no-hiding: every man of yours is secure before and after this move"
    );
    let legal = move_texts(&pos);
    assert!(!legal.is_empty());
    for m in legal {
        let (after, _) = play(&pos, &m);
        assert!(after.with_turn(W).has_move(), "{m} frees the White king");
    }
    // With every move refused, the side has no legal move and loses. Here White has no
    // man at all (kings=none), so Black's last pawn is secure whatever it does: every move
    // of it is refused.
    let bare = rules("chogo-44,opening=drops,men=1,kings=none,fortress=no-hiding");
    let alone = Position::from_text("##4##/#6#/8/4p3/8/#6#/##4## b 0 9", bare).unwrap();
    assert!(alone.legal_moves().is_empty());
    assert_eq!(
        alone.outcome(),
        Some(Outcome::win(W, EndReason::NoLegalMove))
    );
}

// ---- §10.3 the drop opening -------------------------------------------------------------

/// "The board starts empty. Each side has men=N pawns in hand … and its king";
/// "[8PK8pk] at the start of opening=drops on Chogo-44".
#[test]
fn the_drop_opening_starts_with_full_hands() {
    let start = Position::new(rules("chogo-44,opening=drops"));
    assert_eq!(start.to_string(), "##4##/#6#/8/8/8/#6#/##4##[8PK8pk] b 0 1");
    assert!(start.occupied().is_empty());
    assert_eq!(
        start.hand(B),
        Hand {
            pawns: 8,
            king: true
        }
    );
    // "any empty cell of the board (no half-board limit)"
    assert_eq!(start.legal_moves().len(), 44);
    let five = Position::new(rules("chogo-44,opening=drops,men=5,kings=none"));
    assert_eq!(five.to_string(), "##4##/#6#/8/8/8/#6#/##4##[5P5p] b 0 1");
    let one = Position::new(rules("chogo-44,opening=drops,men=1"));
    assert_eq!(one.to_string(), "##4##/#6#/8/8/8/#6#/##4##[PKpk] b 0 1");
    for text in [
        "##4##/#6#/8/8/8/#6#/##4##[8PK8pk] b 0 1",
        "##4##/#6#/8/8/8/#6#/##4##[PKpk] b 0 1",
        "##4##/#6#/8/8/8/#6#/##3p##[8PK7pk] w 1 1",
    ] {
        let pos = Position::from_text(text, rules("chogo-44,opening=drops")).unwrap();
        assert_eq!(pos.to_string(), text);
    }
}

/// "pawns while the side has any in hand, then its king (kings=last)"
#[test]
fn pawns_are_dropped_before_the_king() {
    let rules = rules("chogo-44,opening=drops,men=2");
    let mut game = Game::new(rules);
    for cell in ["c1", "c7", "d1", "d7"] {
        game.play(mv(cell)).unwrap();
    }
    let pos = *game.position();
    assert_eq!(pos.kings(), Bitboard::EMPTY);
    assert_eq!(
        pos.hand(B),
        Hand {
            pawns: 0,
            king: true
        }
    );
    game.play(mv("e4")).unwrap();
    assert_eq!(game.position().king(B), Some(cell("e4")));
    game.play(mv("e5")).unwrap();
    // "White's last drop ends it and Black makes the first ordinary move"
    let pos = *game.position();
    assert!(!pos.is_drop_phase());
    assert_eq!(pos.turn(), B);
    assert_eq!(pos.to_string(), "##PP2##/#6#/4K3/4k3/8/#6#/##pp2## b 6 4");
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| !matches!(m, Move::Drop { .. }))
    );
}

/// "drop-captures=yes (default): a drop captures by §5 like any move … the mover's own men
/// are never captured by a drop of this phase, even with own-man capture"
#[test]
fn drops_capture_enemy_men_only() {
    // White's c1 has two neighbours (b1 does not exist): d1 Black, c2 empty.
    let text = "##4##/#6#/8/8/8/#6#/##Pp2##[7PK7pk] b 0 2";
    let pos = Position::from_text(text, rules("chogo-44,opening=drops")).unwrap();
    let (after, captured) = play(&pos, "c2");
    assert_eq!(captured, cells("c1"));
    assert_eq!(pos.move_text(mv("c2")), "c2xc1");
    assert_eq!(after.halfmoves(), 0);
    // A Black man dropped on c1 between White's d1 and c2 is enclosed with two enemy
    // neighbours: suicide captures would take it after an ordinary move, never after a
    // drop of this phase.
    let suicide = rules("chogo-44,opening=drops,capture=suicide");
    let pos =
        Position::from_text("##4##/#6#/7p/7p/8/#1P4#/##1P2##[6PK6pk] b 0 3", suicide).unwrap();
    let (after, captured) = play(&pos, "c1");
    assert!(after.enclosed().contains(cell("c1")));
    assert!(
        captured.is_empty(),
        "Black's c1 is never taken by its own drop"
    );
    assert!(after.men(B).contains(cell("c1")));
    // "With drop-captures=no nothing is captured during the drop phase."
    let quiet = rules("chogo-44,opening=drops,drop-captures=no");
    let pos = Position::from_text(text, quiet).unwrap();
    let (_, captured) = play(&pos, "c2");
    assert!(captured.is_empty());
}

/// "the drop phase: only drops until both hands are empty"
#[test]
fn only_drops_while_a_hand_holds_men() {
    let text = "##4##/#6#/8/8/8/#6#/##1p2##[8PK7pk] w 1 1";
    let pos = Position::from_text(text, rules("chogo-44,opening=drops")).unwrap();
    let black = Position::from_text(
        "##4##/#6#/8/8/8/#6#/##Pp2##[7PK7pk] b 2 2",
        rules("chogo-44,opening=drops"),
    )
    .unwrap();
    assert_eq!(
        refusal(&black, "d1-d5"),
        "the drop phase: only drops until both hands are empty"
    );
    assert_eq!(refusal(&pos, "d1"), "d1 is occupied");
    // "Security, cities and fortress moves are not computed during the drop phase."
    assert!(!black.mole_available());
    let analysis = black.analyze();
    assert!(analysis.secure.black.is_empty() && analysis.secure.white.is_empty());
    assert!(analysis.cities.black.is_empty() && analysis.cities.white.is_empty());
}

/// "Drops count for the 50-move counter like king drops, except that with
/// `drop-captures=no` the counter does not run during the drop phase … it starts at 0 with
/// the first ordinary move." The longest drop phase there is (`men=58` on 12 × 10: 118
/// drops) is not drawn; after it, the count runs again.
#[test]
fn without_drop_captures_the_fifty_move_count_waits_for_the_first_ordinary_move() {
    let mut pos = Position::new(rules("12x10,opening=drops,men=58,drop-captures=no"));
    for ply in 0..118 {
        assert!(pos.is_drop_phase(), "ply {ply}");
        assert_eq!(pos.outcome(), None, "ply {ply}");
        assert_eq!(pos.halfmoves(), 0, "ply {ply}");
        // Black fills the board from a1 on, White from l10 down: the two empty cells end
        // up between them, on rank 5, where Black's first move captures nothing.
        let drops = pos.legal_moves();
        let mut drops = drops.iter().copied();
        let drop = match pos.turn() {
            B => drops.next(),
            W => drops.last(),
        };
        pos = pos.play(drop.expect("a drop")).expect("a legal drop").0;
    }
    assert!(!pos.is_drop_phase());
    assert_eq!(pos.halfmoves(), 0);
    assert_eq!(pos.outcome(), None);
    // The first ordinary move without a capture is the count's first ply.
    let quiet = pos
        .legal_moves()
        .iter()
        .map(|&mv| pos.play(mv).expect("a legal move"))
        .find(|(_, captured)| !captured.any())
        .expect("a move that captures nothing")
        .0;
    assert_eq!(quiet.halfmoves(), 1);
    // A position text that says otherwise is refused.
    let quiet_drops = rules("chogo-44,opening=drops,drop-captures=no");
    assert_eq!(
        Position::from_text("##4##/#6#/8/8/8/#6#/##Pp2##[7PK7pk] b 2 2", quiet_drops)
            .unwrap_err()
            .to_string(),
        "with drop-captures=no the 50-move count does not run during the drop phase, so its \
         plies since the last capture are 0, not 2"
    );
}

/// With captures allowed while dropping, a drop that captures nothing counts towards the
/// 50-move rule like a king drop.
#[test]
fn with_drop_captures_every_quiet_drop_counts() {
    let mut pos = Position::new(rules("chogo-44,opening=drops"));
    for ply in 1..=4 {
        let (after, captured) = play(&pos, ["d4", "e5", "c2", "f6"][ply - 1]);
        assert!(captured.is_empty());
        assert_eq!(after.halfmoves(), ply as u32);
        pos = after;
    }
}

/// "1 ≤ N ≤ the board's cells / 2 − 2, so that at least two cells stay empty when the
/// drops are done": with the most men the board allows and kings dropped last, two cells
/// are left when Black makes the first ordinary move; one more man each is refused.
#[test]
fn the_most_men_leave_two_cells_empty() {
    for (board, cells, most) in [("chogo-44", 44, 20), ("8x8", 64, 30), ("12x10", 120, 58)] {
        let text = format!("{board},opening=drops,men={most},drop-captures=no");
        let mut pos = Position::new(rules(&text));
        for _ in 0..2 * (most + 1) {
            assert_eq!(pos.outcome(), None, "{text}");
            let first = pos.legal_moves().iter().next().copied().expect("a drop");
            pos = pos.play(first).expect("a legal drop").0;
        }
        assert!(!pos.is_drop_phase(), "{text}");
        assert_eq!(pos.empty().count(), 2, "{text}");
        assert_eq!(pos.board().cells().count(), cells, "{text}");
        let more = format!("{board},opening=drops,men={}", most + 1);
        assert_eq!(
            more.parse::<RuleSet>().unwrap_err().to_string(),
            format!(
                "men={} does not fit a {cells}-cell board (1 to {most} men each)",
                most + 1
            )
        );
    }
}

/// "With kings=none there are no kings at all: §6.1 never applies, and a side loses when
/// it has no legal move (§6.2), which includes having no men left."
#[test]
fn without_kings_a_side_with_no_men_loses() {
    let none = rules("chogo-44,opening=drops,men=1,kings=none");
    let pos = Position::from_text("##4##/#6#/8/8/8/#6#/##P3## b 0 3", none).unwrap();
    assert!(!pos.king_captured(B));
    assert_eq!(pos.outcome(), Some(Outcome::win(W, EndReason::NoLegalMove)));
    assert_eq!(
        Position::from_text("##4##/#6#/8/8/8/#6#/##Pk2## b 0 3", none)
            .unwrap_err()
            .to_string(),
        "these rules have no kings (kings=none)"
    );
    // A game to the end: men=1, each drops its pawn, and play goes on without kings.
    let mut game = Game::new(none);
    for m in ["e4", "e5", "e4-e1"] {
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.outcome(), None);
}

/// Position text: "the brackets of §8 list the men in hand, a number before a letter
/// repeating it"; hands that alternate drops cannot give are refused.
#[test]
fn bad_hands_are_refused_with_their_reason() {
    let drops = rules("chogo-44,opening=drops");
    let board = "##4##/#6#/8/8/8/#6#/##4##";
    for (hand, turn, message) in [
        (
            "[8PK7pk]",
            "b",
            "with Black to move, Black cannot hold 8 men and White 9",
        ),
        (
            "[9PK9pk]",
            "b",
            "Black holds 9 men in hand; these rules give each side 8",
        ),
        ("[8P8pk]", "b", "White holds men in hand but not its king"),
        ("[Kk8P8p]", "b", "bad men-in-hand field"),
        ("[1PK1pk]", "b", "bad men-in-hand field"),
        ("[PPKpk]", "b", "bad men-in-hand field"),
        ("[]", "b", "bad men-in-hand field"),
        ("[8QK8pk]", "b", "bad men-in-hand field"),
    ] {
        let err = Position::from_text(&format!("{board}{hand} {turn} 0 1"), drops)
            .expect_err(hand)
            .to_string();
        assert!(err.contains(message), "{hand}: {err}");
    }
    let err = Position::from_text(&format!("{board}[8PK8pk] b 0 1"), RuleSet::default())
        .unwrap_err()
        .to_string();
    assert_eq!(err, "only the drop opening (opening=drops) has men in hand");
    let kings = "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[2PKk] b 0 1";
    assert_eq!(
        Position::from_text(kings, RuleSet::default())
            .unwrap_err()
            .to_string(),
        "only the drop opening (opening=drops) has men in hand"
    );
}

// ---- §10.4 the hopeless side ------------------------------------------------------------

/// "a side that has its king and at most two pawns on the board (and nothing in hand)
/// loses when the opponent's king stands on a cell whose four neighbour cells all exist on
/// the board and none of them holds a man of the opponent's own side"
#[test]
fn the_hopeless_side_loses() {
    let resign = rules("chogo-44,hopeless=resign");
    let weak = "k:h3 p:c1 p:d1 K:d4 P:c7 P:f7 P:a5";
    let pos = setup_with(resign, weak, W);
    assert_eq!(pos.hopeless_side(), Some(B));
    assert_eq!(pos.outcome(), Some(Outcome::win(W, EndReason::Hopeless)));
    assert!(pos.legal_moves().is_empty());
    // Its two parts, as the game's panel and board show them.
    assert!(pos.in_hopeless_shape(B));
    assert!(!pos.in_hopeless_shape(W));
    let ring: Vec<String> = pos
        .safe_king_ring(W)
        .expect("d4 is safe")
        .into_iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(ring, ["d3", "c4", "e4", "d5"]);
    assert_eq!(pos.safe_king_ring(B), None, "h3 is on the edge");
    assert_eq!(
        Outcome::win(W, EndReason::Hopeless).to_string(),
        "White wins: Black has its king and at most two men against a safe king"
    );
    // Played on by default.
    assert_eq!(setup(weak, W).outcome(), None);
    // A White man beside the White king, an edge king, or a third Black pawn: no.
    assert_eq!(
        setup_with(resign, &format!("{weak} P:d5"), W).outcome(),
        None
    );
    assert_eq!(
        setup_with(resign, "k:h3 p:c1 p:d1 K:a4 P:c7 P:f7 P:a5", W).outcome(),
        None
    );
    assert_eq!(
        setup_with(resign, &format!("{weak} p:h4"), W).outcome(),
        None
    );
    // "If both sides meet this at once, the side to move loses."
    let both = "k:e4 p:a3 p:h3 K:d4 P:a5 P:h5";
    assert_eq!(setup_with(resign, both, W).hopeless_side(), Some(W));
    assert_eq!(setup_with(resign, both, B).hopeless_side(), Some(B));
    // "Checked … right after §6.1 and §6.2": a side to move without a legal move loses
    // first, even when the enemy is hopeless. White's king on d4, its only man, is
    // trapped between c4 and e4 and cannot move; Black has its king and two pawns and
    // none of d4's four neighbours holds a White man.
    let pos = setup_with(resign, "K:d4 p:c4 p:e4 k:h3", W);
    assert!(!pos.has_move());
    assert_eq!(pos.hopeless_side(), Some(B));
    assert_eq!(pos.outcome(), Some(Outcome::win(B, EndReason::NoLegalMove)));
}

/// The rule ends a game as the move that makes it is played.
#[test]
fn a_game_ends_when_the_king_reaches_safety() {
    let resign = rules("chogo-44,hopeless=resign");
    // On a4 the king has three neighbour cells and a White pawn beside it.
    let pos = setup_with(resign, "k:h3 p:c1 p:d1 K:a4 P:c7 P:f7 P:a5", W);
    assert_eq!(pos.outcome(), None);
    let mut game = Game::from_position(pos);
    game.play(mv("a4-b4")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(W, EndReason::Hopeless)));
}

// ---- §10.5 facing kings -----------------------------------------------------------------

/// "both kings stand on the same file, the file left of centre: Black's in front of its
/// pawn (d2 on Chogo-44), White's in front of its pawn (d6)"
#[test]
fn facing_kings_start_on_d2_and_d6() {
    let pos = Position::new(rules("chogo-44,start=facing"));
    assert_eq!(pos.king(B), Some(cell("d2")));
    assert_eq!(pos.king(W), Some(cell("d6")));
    assert_eq!(
        pos.to_string(),
        "##PPPP##/#P1K2P#/P6P/8/p6p/#p1k2p#/##pppp## b 0 1"
    );
    assert!(!pos.is_drop_phase());
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| !matches!(m, Move::Drop { .. }))
    );
    let large = Position::new(rules("12x8,start=facing"));
    assert_eq!(large.king(B), Some(cell("f2")));
    assert_eq!(large.king(W), Some(cell("f7")));
}

// ---- records ----------------------------------------------------------------------------

/// Every option's game is written with its Rules tag and replays to the same end.
#[test]
fn records_of_every_option_replay() {
    for text in [
        "chogo-44,trap=line",
        "chogo-44,fortress=knight",
        "neto,fortress=reposition",
        "chogo-44,fortress=no-hiding",
        "chogo-44,opening=drops",
        "chogo-44,opening=drops,men=4,drop-captures=no,kings=none",
        "chogo-44,hopeless=resign",
        "chogo-44,start=facing",
    ] {
        let rules = rules(text);
        let mut game = Game::new(rules);
        let mut seed = 7u64;
        for _ in 0..120 {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            game.play(m).unwrap();
        }
        let record = Record::from_game(&game, &[]).to_string();
        assert!(record.contains(&format!("[Rules \"{text}\"]")), "{record}");
        let back = Record::parse(&record).unwrap().to_game().unwrap();
        assert_eq!(back.position(), game.position(), "{text}");
        assert_eq!(back.outcome(), game.outcome(), "{text}");
    }
}
