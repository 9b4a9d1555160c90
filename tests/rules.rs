//! Hand-made positions for every rule of the rule book (docs/RULES.md).

mod common;

use chogo::rules::*;
use common::*;

const B: Side = Side::Black;
const W: Side = Side::White;

// ---- §1, §2, §8: start, drops, position text --------------------------------------

#[test]
fn start_position_text_is_the_rule_books() {
    let start = Position::new(RuleSet::default());
    assert_eq!(
        start.to_string(),
        "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1"
    );
    let (after, _) = play(&start, "b3");
    assert_eq!(
        after.to_string(),
        "##PPPP##/#P4P#/P6P/8/pk5p/#p4p#/##pppp##[K] w 1 1"
    );
}

#[test]
fn drop_zones_are_each_sides_half_sharing_rank_4() {
    let start = Position::new(RuleSet::default());
    let drops = move_texts(&start);
    assert_eq!(drops.len(), 18);
    assert!(drops.contains(&"h4".to_string()) && !drops.iter().any(|d| d.ends_with('5')));
    assert_eq!(
        refusal(&start, "c5"),
        "Black may drop its king only on ranks 1–4"
    );
    assert_eq!(refusal(&start, "c1"), "c1 is occupied");
    assert_eq!(refusal(&start, "c1-c4"), "Black must drop its king first");
    let (after, _) = play(&start, "d4");
    // White may drop on rank 4 too, but not on Black's king.
    assert!(move_texts(&after).contains(&"e4".to_string()));
    assert_eq!(refusal(&after, "d4"), "d4 is occupied");
    assert_eq!(
        refusal(&after, "d3"),
        "White may drop its king only on ranks 4–7"
    );
}

#[test]
fn a_king_drop_counts_as_a_move_and_may_capture() {
    // White drops its king on a4 among Black's a3, a5 and b4: its own move, so the
    // self-enclosed king is not captured.
    let rules = RuleSet::default();
    let pos =
        Position::from_text("##PPPP##/#P4P#/p6P/1p5k/p6p/#p4p#/##ppp1##[K] w 0 1", rules).unwrap();
    let (after, captured) = play(&pos, "a4");
    assert!(captured.is_empty());
    assert_eq!(after.king(W), Some(cell("a4")));
    assert_eq!(after.halfmoves(), 1);
    assert_eq!(after.fullmoves(), 2);
    // Black's drop on b4 completes the enclosure of White's a4 and captures it.
    let pos =
        Position::from_text("##PPPP##/#P4P#/p5KP/P7/p6p/#p4p#/##pppp##[k] b 0 1", rules).unwrap();
    assert!(pos.is_drop_phase());
    let (after, captured) = play(&pos, "b4");
    assert_eq!(captured, cells("a4"));
    assert_eq!(pos.move_text(mv("b4")), "b4xa4");
    assert_eq!(after.halfmoves(), 0);
}

#[test]
fn position_text_errors_are_explained() {
    let rules = RuleSet::default();
    for (text, message) in [
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp## b 0",
            "position text needs 4 fields",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p# b 0 1",
            "the board has 7 ranks but the placement has 6",
        ),
        (
            "##PPPP##/#P4P#/P6P/9/p6p/#p4p#/##pppp## b 0 1",
            "rank 4 has 9 cells",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/#pppp### b 0 1",
            "b1 does not exist on this board",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp#1 b 0 1",
            "h1 does not exist",
        ),
        (
            "##PPPP##/#P4P#/P6P/7#/p6p/#p4p#/##pppp## b 0 1",
            "h4 is a cell of this board",
        ),
        (
            "##PPPP##/#P4P#/P6P/3x4/p6p/#p4p#/##pppp## b 0 1",
            "'x' in rank 4",
        ),
        (
            "##PPPP##/#P4P#/P6P/2kk4/p6p/#p4p#/##pppp## b 0 1",
            "Black has more than one king",
        ),
        (
            "##PPPP##/#P4P#/P6P/2k5/p6p/#p4p#/##pppp##[k] b 0 1",
            "Black's king is both on the board and in hand",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Q] b 0 1",
            "bad men-in-hand field",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] x 0 1",
            "side to move must be b or w",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b -1 1",
            "plies since the last capture",
        ),
        (
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 0",
            "not a move number",
        ),
    ] {
        let err = Position::from_text(text, rules)
            .expect_err(text)
            .to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
    let fixed: RuleSet = "chogo-44,start=fixed".parse().unwrap();
    let err = Position::from_text("##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1", fixed)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "these rules have no king drop, so no king can be in hand"
    );
}

#[test]
fn a_captured_king_ends_the_game_in_the_position_text() {
    // No White king on the board and none in hand: it has been captured.
    let pos = Position::from_text(
        "##PPPP##/#P4P#/P6P/8/pk5p/#p4p#/##pppp## w 0 3",
        RuleSet::default(),
    )
    .unwrap();
    assert!(pos.king_captured(W));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::win(B, EndReason::KingCaptured))
    );
    assert!(pos.legal_moves().is_empty());
}

// ---- §3: trapping -------------------------------------------------------------------

#[test]
fn passing_between_two_enemies_is_free_but_stopping_there_traps() {
    let pos = setup("k:e2 p:d2 P:c4 P:e4 K:f6", B);
    // d2 may slide through the gap at d4 to d5 and beyond.
    let moves = move_texts(&pos);
    for to in ["d3", "d4", "d5", "d6", "d7"] {
        assert!(moves.contains(&format!("d2-{to}")), "d2-{to}");
    }
    let (through, _) = play(&pos, "d2-d6");
    assert!(through.trapped(B).is_empty());
    let (stopped, _) = play(&pos, "d2-d4");
    assert_eq!(stopped.trapped(B), cells("d4"));
    // Trapped is a property of the position: White's next move does not change it, and
    // the man cannot move alone.
    let (later, _) = play(&stopped, "f6-f5");
    assert_eq!(later.trapped(B), cells("d4"));
    assert_eq!(
        refusal(&later, "d4-d3"),
        "d4 is trapped between c4 and e4 and cannot move alone"
    );
}

#[test]
fn the_edge_and_missing_cells_never_trap() {
    // b2 has missing cells on its left (a2) and below (b1): c2 alone cannot trap it.
    let pos = setup("p:b2 k:e2 P:c2 P:b3 K:f6", B);
    assert!(pos.trapped(B).is_empty());
    // A man between two enemies along a file is trapped; trapped men still trap.
    let pos = setup("p:d4 k:a3 P:d3 P:d5 p:c5 p:e5 K:h4", W);
    assert_eq!(pos.trapped(B), cells("d4"));
    assert_eq!(pos.trapped(W), cells("d5"));
}

#[test]
fn a_move_may_trap_and_free_several_men_at_once() {
    // d1 slides to d4 between White's c4 and e4, which Black's b4 and f4 flank: three men
    // are trapped by one move, the mover among them.
    let mut game = Game::from_position(setup("P:c4 P:e4 p:b4 p:f4 p:d1 k:g2 K:g6", B));
    let report = game.play(mv("d1-d4")).unwrap();
    assert_eq!(report.trapped, cells("c4 d4 e4"));
    assert!(report.freed.is_empty());
    // White's e-line slides away and frees both Black men it was trapping.
    let mut game = Game::from_position(setup("p:d3 p:d5 P:c3 P:e3 P:c5 P:e5 P:e4 K:g6 k:a3", W));
    assert_eq!(game.position().trapped(B), cells("d3 d5"));
    let report = game.play(mv("e345-f345")).unwrap();
    assert_eq!(report.freed, cells("d3 d5"));
    assert!(report.trapped.is_empty());
    assert_eq!(report.paths.len(), 3);
}

// ---- §4: moves ------------------------------------------------------------------------

#[test]
fn pawns_slide_like_rooks_and_kings_step_alone() {
    let pos = setup("k:d3 p:b3 K:e6", B);
    let moves = move_texts(&pos);
    let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("d3-")).collect();
    assert_eq!(king, ["d3-c3", "d3-d2", "d3-d4", "d3-e3"]);
    let pawn: Vec<&String> = moves.iter().filter(|m| m.starts_with("b3-")).collect();
    assert_eq!(pawn, ["b3-a3", "b3-b2", "b3-b4", "b3-b5", "b3-b6", "b3-c3"]);
    assert_eq!(refusal(&pos, "d3-d5"), "a king moving alone steps one cell");
    assert_eq!(refusal(&pos, "b3-d3"), "the way is blocked at d3");
    assert_eq!(
        refusal(&pos, "b3-c4"),
        "men move along a file or a rank, not from b3 to c4"
    );
    assert_eq!(
        refusal(&pos, "b3-b3"),
        "a move of zero cells does not exist"
    );
    assert_eq!(refusal(&pos, "a4-a5"), "there is no man on a4");
    assert_eq!(
        refusal(&pos, "e6-e5"),
        "the man on e6 is White's; it is Black's move"
    );
    assert_eq!(refusal(&pos, "b3-b7"), "b7 is not on this board");
}

#[test]
fn the_king_has_rook_power_inside_a_tandem() {
    let pos = setup("k:d2 p:e2 K:a5", B);
    let moves = move_texts(&pos);
    for m in [
        "de2-de3", "de2-de7", "de2-cd2", "de2-ef2", "de2-fg2", "de2-de1",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(moves.contains(&"de2-bc2".to_string()));
    assert!(!moves.contains(&"de2-ab2".to_string()), "a2 does not exist");
    let (after, _) = play(&pos, "de2-de6");
    assert_eq!(after.king(B), Some(cell("d6")));
}

#[test]
fn blocks_of_two_by_two_move_as_one_body() {
    let pos = setup("k:c2 p:d2 p:c3 p:d3 K:a5 P:d6", B);
    let moves = move_texts(&pos);
    for m in [
        "cd23-cd34",
        "cd23-cd45",
        "cd23-de23",
        "cd23-fg23",
        "cd23-cd12",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    // d6 stops the block below it; to the left it goes one cell (a2 does not exist).
    assert!(!moves.contains(&"cd23-cd56".to_string()));
    assert!(moves.contains(&"cd23-bc23".to_string()) && !moves.contains(&"cd23-ab23".to_string()));
    // Parts of a larger body move too: lines of two, the 2x1 columns, and the rows.
    for m in ["cd2-cd1", "c23-b23", "d23-e23", "cd3-cd4"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert_eq!(
        refusal(&pos, "cd34-cd45"),
        "cd34 is not a solid block of Black's men: c4 is not one"
    );
}

#[test]
fn a_trapped_man_moves_only_inside_a_tandem_and_not_all_may_be_trapped() {
    let pos = setup("p:c4 p:c3 k:g2 P:b4 P:d4 K:h5", B);
    assert_eq!(pos.trapped(B), cells("c4"));
    assert_eq!(
        refusal(&pos, "c4-c5"),
        "c4 is trapped between b4 and d4 and cannot move alone"
    );
    let moves = move_texts(&pos);
    assert!(moves.contains(&"c34-c12".to_string()));
    assert!(moves.contains(&"c34-c45".to_string()));
    assert!(moves.contains(&"c34-c67".to_string()));
    // Both men trapped: the tandem may not move.
    let pos = setup("p:c4 p:c3 k:g2 P:b4 P:d4 P:b3 P:d3 K:h5", B);
    assert_eq!(pos.trapped(B), cells("c3 c4"));
    assert!(!move_texts(&pos).iter().any(|m| m.starts_with("c34")));
    assert_eq!(
        refusal(&pos, "c34-c23"),
        "every man of c34 is trapped, so the block cannot move"
    );
}

#[test]
fn tandem_paths_must_be_clear_for_every_member() {
    let pos = setup("p:c3 p:d3 k:g2 P:d5 K:h5", B);
    let moves = move_texts(&pos);
    assert!(moves.contains(&"cd3-cd4".to_string()));
    assert!(!moves.contains(&"cd3-cd5".to_string()));
    assert_eq!(refusal(&pos, "cd3-cd6"), "the way is blocked at d5");
    // Along its own axis the line only needs the cells ahead.
    assert!(moves.contains(&"cd3-gh3".to_string()));
}

// ---- §5: capture by co-enclosure --------------------------------------------------------

#[test]
fn corner_edge_and_centre_captures() {
    // Corner-like cell c1 (b1 is missing): two neighbours, d1 and c2.
    let pos = setup("P:c1 p:d1 p:c4 k:h3 K:g6", B);
    let (after, captured) = play(&pos, "c4-c2");
    assert_eq!(captured, cells("c1"));
    assert!(after.man_at(cell("c1")).is_none());
    // Edge a4: three neighbours a3, a5, b4.
    let pos = setup("P:a4 p:a3 p:a5 p:d4 k:h3 K:g6", B);
    let (_, captured) = play(&pos, "d4-b4");
    assert_eq!(captured, cells("a4"));
    // Only two of three neighbours occupied: no capture.
    let pos = setup("P:a4 p:a3 p:d4 k:h3 K:g6", B);
    let (_, captured) = play(&pos, "d4-b4");
    assert!(captured.is_empty());
    // Centre d4: four neighbours; one of them White's own man still encloses.
    let pos = setup("P:d4 P:d5 p:c4 p:d3 p:e1 k:h3 K:g6", B);
    let (after, captured) = play(&pos, "e1-e4");
    assert_eq!(captured, cells("d4"));
    assert!(after.man_at(cell("d5")).is_some());
}

#[test]
fn a_capture_needs_two_enemy_neighbours_and_an_arrival() {
    // d4 enclosed by White's own d5, e4 and d3: only one Black neighbour after c4 arrives.
    let pos = setup("P:d4 P:d5 P:e4 P:d3 p:b4 k:h3 K:g6", B);
    let (_, captured) = play(&pos, "b4-c4");
    assert!(captured.is_empty());
    // Enclosed already with two Black neighbours, but Black's move lands elsewhere.
    let pos = setup("P:d4 P:d5 p:c4 p:e4 p:d3 p:a3 k:h3 K:g6", B);
    assert!(pos.enclosed().contains(cell("d4")));
    let (_, captured) = play(&pos, "a3-a4");
    assert!(captured.is_empty());
}

#[test]
fn the_slide_capture_remakes_an_enclosure() {
    // d4 is enclosed by c4, e4, d3 and d5 already; the line c5-d5-e5 slides right,
    // vacating d5 and refilling it: d5 is a destination cell, so d4 is captured.
    let pos = setup("P:d4 p:c4 p:e4 p:d3 p:c5 p:d5 p:e5 k:h3 K:a5", B);
    let (after, captured) = play(&pos, "cde5-def5");
    assert_eq!(captured, cells("d4"));
    assert_eq!(pos.move_text(mv("cde5-def5")), "cde5-def5xd4");
    assert!(after.man_at(cell("d4")).is_none());
}

#[test]
fn self_enclosure_is_not_captured_until_the_enemy_remakes_it() {
    // White's pair e4-f4 slides left into the hole d4 among Black's c4, d3 and d5.
    let pos = setup("p:c4 p:d3 p:d5 P:e4 P:f4 K:g6 k:g2", W);
    let (after, captured) = play(&pos, "ef4-de4");
    assert!(
        captured.is_empty(),
        "the mover's own men are never captured by its move"
    );
    assert!(after.enclosed().contains(cell("d4")));
    // Black's move elsewhere does not capture it: no Black man arrived next to d4.
    let (after, captured) = play(&after, "g2-g3");
    assert!(captured.is_empty());
    assert!(after.men(W).contains(cell("d4")));
    // Black opens the enclosure and closes it again: that captures.
    let (after, _) = play(&after, "g6-g5");
    let (after, captured) = play(&after, "d3-d2");
    assert!(captured.is_empty());
    let (after, _) = play(&after, "g5-g6");
    let (after, captured) = play(&after, "d2-d3");
    assert_eq!(captured, cells("d4"));
    assert!(!after.men(W).contains(cell("d4")));
}

#[test]
fn one_move_may_capture_several_men() {
    // The slide capture of the rule book's example: fgh5-cde5xc6xd6xe6.
    let pos = setup(
        "P:c6 P:d6 P:e6 p:b6 p:f6 p:c7 p:d7 p:e7 p:f5 p:g5 p:h5 k:d2 K:a4",
        B,
    );
    let (after, captured) = play(&pos, "fgh5-cde5");
    assert_eq!(captured, cells("c6 d6 e6"));
    assert_eq!(pos.move_text(mv("fgh5-cde5")), "fgh5-cde5xc6xd6xe6");
    assert_eq!(after.men(W), cells("a4"));
}

#[test]
fn kings_are_captured_like_pawns_and_that_wins() {
    let mut game = Game::from_position(setup("K:a4 p:a3 p:a5 p:d4 k:h3 P:g6", B));
    let report = game.play(mv("d4-b4")).unwrap();
    assert_eq!(report.captured, vec![(cell("a4"), Man::new(W, Role::King))]);
    assert_eq!(
        report.outcome,
        Some(Outcome::win(B, EndReason::KingCaptured))
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Black wins: White's king is captured"
    );
    assert!(game.legal_moves().is_empty());
    assert!(matches!(game.play(mv("g6-g5")), Err(GameError::Over(_))));
}

#[test]
fn capture_lists_must_name_exactly_the_captured_men() {
    let pos = setup("P:a4 p:a3 p:a5 p:d4 k:h3 K:g6", B);
    assert!(pos.play_text(&"d4-b4xa4".parse().unwrap()).is_ok());
    assert!(pos.play_text(&"d4-b4".parse().unwrap()).is_ok());
    let err = pos.play_text(&"d4-b4xa5".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the move captures a4, not a5");
    let err = pos.play_text(&"d4-c4xa4".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the move captures nothing, not a4");
}

// ---- §6: end of the game --------------------------------------------------------------

#[test]
fn a_side_with_no_legal_move_loses() {
    // White's only man, its king, is trapped (c1 and e1) and hemmed in: no single, tandem
    // or mole move (a mole must be untrapped).
    let pos = setup("K:d1 p:c1 p:e1 p:d2 k:h3", W);
    assert!(!pos.has_move());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::win(B, EndReason::NoLegalMove)));
    // Reached by a move: f3-f4 traps White's lone king on e4.
    let mut game = Game::from_position(setup("K:e4 p:d4 p:f3 k:g2", B));
    let report = game.play(mv("f3-f4")).unwrap();
    assert!(report.captured.is_empty());
    assert_eq!(
        report.outcome,
        Some(Outcome::win(B, EndReason::NoLegalMove))
    );
    assert_eq!(
        report.outcome.unwrap().to_string(),
        "Black wins: White has no legal move"
    );
}

#[test]
fn fifty_moves_without_capture_draw() {
    let text = "##4##/#5K#/8/8/8/#k5#/##4## b 99 80";
    let pos = Position::from_text(text, RuleSet::default()).unwrap();
    assert_eq!(pos.outcome(), None);
    let mut game = Game::from_position(pos);
    let report = game.play(mv("b2-c2")).unwrap();
    assert_eq!(report.outcome, Some(Outcome::draw(EndReason::FiftyMoves)));
    assert_eq!(game.position().halfmoves(), 100);
    assert!(game.legal_moves().is_empty());
    // A capture restarts the count.
    let pos = setup("P:a4 p:a3 p:a5 p:d4 k:h3 K:g6", B);
    let pos = Position::from_text(
        &pos.to_string().replace(" 10 20", " 99 20"),
        RuleSet::default(),
    )
    .unwrap();
    let (after, _) = pos.play(mv("d4-b4")).unwrap();
    assert_eq!(after.halfmoves(), 0);
    assert_eq!(after.outcome(), None);
}

#[test]
fn mole_drops_count_as_moves_at_the_fifty_move_limit() {
    // RULES §6 asks "no legal move?" before the fifty-move draw. After d4-d5 the count
    // reaches 100 plies; White's king is trapped (c1, e1) and its pawn on h3 hemmed in,
    // but every Black man is secure and White may mole-drop: White has moves, so the game
    // is drawn, not lost by White.
    let text = "##4##/#6#/8/3k3p/6pP/#6#/##pKp1## b 99 50";
    let mut game = Game::from_position(Position::from_text(text, RuleSet::default()).unwrap());
    let report = game.play(mv("d4-d5")).unwrap();
    assert_eq!(report.outcome, Some(Outcome::draw(EndReason::FiftyMoves)));
    let pos = *game.position();
    assert_eq!(pos.halfmoves(), 100);
    assert!(pos.has_move(), "mole drops are moves");
    assert!(pos.mole_drop_cells().is_ok());
    // The game is over, so no move may be played, mole drops included.
    assert!(pos.legal_moves().is_empty());
    assert!(!pos.mole_available());
}

#[test]
fn resigning_or_agreeing_is_taken_back_alone() {
    // Before any move: undo takes back the resignation and nothing else.
    let mut game = Game::new(RuleSet::default());
    game.resign(B);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(W, EndReason::Resignation))
    );
    assert_eq!(
        game.undo(),
        Some(Undone::Ending(Outcome::win(W, EndReason::Resignation)))
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.undo(), None, "nothing is left to take back");
    // Later in a game: the agreed draw goes, the moves stay.
    for m in ["e3", "d5", "c1-c2"] {
        game.play(mv(m)).unwrap();
    }
    game.agree_draw();
    assert_eq!(
        game.undo(),
        Some(Undone::Ending(Outcome::draw(EndReason::Agreement)))
    );
    assert_eq!(game.plies().len(), 3);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.undo(), Some(Undone::Move(mv("c1-c2"))));
    assert_eq!(game.plies().len(), 2);
}

#[test]
fn the_third_repetition_draws() {
    let mut game = Game::from_position(setup("k:b2 K:g6 p:d4 P:e6", B));
    let shuffle = ["b2-c2", "g6-g5", "c2-b2", "g5-g6"];
    for m in shuffle {
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    for (i, m) in shuffle.iter().enumerate() {
        let report = game.play(mv(m)).unwrap();
        if i < 3 {
            assert_eq!(report.outcome, None);
        } else {
            assert_eq!(report.outcome, Some(Outcome::draw(EndReason::Repetition)));
        }
    }
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Draw: the same position for the third time"
    );
    // Undo reopens the game.
    game.undo();
    assert_eq!(game.outcome(), None);
}

// ---- §7: security, cities, mole drop ----------------------------------------------------

/// White walls off c6–f7 behind b6, g6 and c5–f5, king inside; Black's pawns on b5 and
/// c4 touch c5 from outside.
const CITY: &str = "K:d7 P:b6 P:g6 P:c5 P:d5 P:e5 P:f5 p:b5 p:c4 k:e2";

#[test]
fn a_full_edge_line_is_a_redoubt() {
    let start = Position::new(RuleSet::default());
    assert_eq!(start.secure(B), cells("c1 d1 e1 f1"));
    assert_eq!(start.redoubts(B), cells("c1 d1 e1 f1"));
    assert_eq!(start.secure(W), cells("c7 d7 e7 f7"));
    assert!(start.cities(B).is_empty() && start.cities(W).is_empty());
}

#[test]
fn cities_and_a_capturing_mole_drop() {
    let pos = setup(CITY, B);
    assert_eq!(pos.cities(W), cells("c6 d6 e6 f6 c7 e7 f7"));
    assert_eq!(pos.city_list(W).len(), 1);
    assert_eq!(pos.secure(W), pos.men(W));
    assert_eq!(pos.mole_drop_cells(), Ok(cells("c6 d6 e6 f6 c7 e7 f7")));
    let analysis = pos.analyze();
    assert!(analysis.mole_available);
    let moves = move_texts(&pos);
    // Three untrapped Black men × seven city cells.
    assert_eq!(moves.iter().filter(|m| m.contains('>')).count(), 21);
    // The king drops into c6: c5 (b5, c4, c6 Black; d5 White) and b6 (two neighbours,
    // b5 and c6) are enclosed with two or more Black neighbours.
    assert!(moves.contains(&"e2>c6xc5xb6".to_string()));
    assert!(
        moves.contains(&"c4>c6xb6".to_string()),
        "c4 leaving frees c5"
    );
    let (after, captured) = play(&pos, "e2>c6");
    assert_eq!(captured, cells("c5 b6"));
    assert_eq!(after.king(B), Some(cell("c6")));
    // Moles land only in cities, and only when the drop is available.
    assert_eq!(refusal(&pos, "e2>a4"), "a4 is not in a city of White");
    assert_eq!(
        refusal(&setup(CITY, W), "d7>d3").split(':').next(),
        Some("no mole drop")
    );
}

#[test]
fn no_mole_drop_while_one_enemy_man_is_insecure() {
    let pos = setup(&format!("{CITY} P:h4"), B);
    assert!(!pos.secure(W).contains(cell("h4")));
    assert!(!pos.cities(W).is_empty());
    assert!(!pos.analyze().mole_available);
    assert!(!move_texts(&pos).iter().any(|m| m.contains('>')));
    assert_eq!(
        refusal(&pos, "e2>c6"),
        "no mole drop: White's man on h4 is not secure"
    );
}

/// Security counts every move of the mover, tandems included (RULES §7). Here White's g5
/// is trapped (f5, h5), so g6 cannot pass it alone and single moves leave every Black
/// man secure; but the g5-g6 tandem may move (not all its men are trapped) down to g2-g3,
/// from where f3 and d3 are reached and e3 can be enclosed. No mole drop, then.
#[test]
fn a_tandems_reach_makes_a_man_insecure() {
    let pos = Position::from_text(
        "##2P1##/#1PP2P#/5kPp/1PK1p2p/4p2p/#1pPpp1#/##4## w 54 31",
        RuleSet::default(),
    )
    .unwrap();
    assert!(pos.trapped(W).contains(cell("g5")));
    assert!(move_texts(&pos).contains(&"g56-g23".to_string()));
    assert!(!pos.secure(B).contains(cell("e3")));
    assert_eq!(
        pos.mole_drop_cells().map_err(|e| e.to_string()),
        Err("Black's man on e3 is not secure".to_string())
    );
    assert!(!pos.analyze().mole_available);
    assert!(!move_texts(&pos).iter().any(|m| m.contains('>')));
}

#[test]
fn a_trapped_man_cannot_be_a_mole() {
    // Under Neto's reading the city alone allows the drop; a4 is trapped all the same.
    let rules = RuleSet::preset("neto").unwrap();
    let pos = setup_with(rules, &format!("{CITY} p:a4 P:a3 P:a5"), B);
    assert!(pos.trapped(B).contains(cell("a4")));
    assert!(pos.mole_drop_cells().is_ok());
    assert_eq!(
        refusal(&pos, "a4>c6"),
        "a4 is trapped between a3 and a5 and cannot move alone"
    );
}

// ---- §9: rule options -------------------------------------------------------------------

#[test]
fn every_board_starts_with_a_pawn_on_each_file_end() {
    for (name, text) in [
        ("8x8", "PPPPPPPP/8/8/8/8/8/8/pppppppp[Kk] b 0 1"),
        ("10x8", "PPPPPPPPPP/10/10/10/10/10/10/pppppppppp[Kk] b 0 1"),
        (
            "12x8",
            "PPPPPPPPPPPP/12/12/12/12/12/12/pppppppppppp[Kk] b 0 1",
        ),
        (
            "12x10",
            "PPPPPPPPPPPP/12/12/12/12/12/12/12/12/pppppppppppp[Kk] b 0 1",
        ),
    ] {
        let rules = RuleSet::preset(name).unwrap();
        let start = Position::new(rules);
        assert_eq!(start.to_string(), text);
        assert_eq!(Position::from_text(text, rules).unwrap(), start);
        // Drops in the own half: an even number of ranks splits evenly.
        let files = rules.board.files() as usize;
        let half = rules.board.ranks() as usize / 2;
        assert_eq!(start.count_legal_moves(), files * half - files, "{name}");
    }
}

#[test]
fn rook_kings_slide_alone() {
    let rules: RuleSet = "chogo-44,king=rook".parse().unwrap();
    let pos = setup_with(rules, "k:d3 K:e6", B);
    assert!(move_texts(&pos).contains(&"d3-d7".to_string()));
}

#[test]
fn part_trapped_tandems_may_be_limited_to_one_cell() {
    let rules: RuleSet = "chogo-44,tandem=one-cell".parse().unwrap();
    let pos = setup_with(rules, "p:c4 p:c3 k:g2 P:b4 P:d4 K:h5", B);
    let moves = move_texts(&pos);
    assert!(moves.contains(&"c34-c45".to_string()));
    assert!(!moves.contains(&"c34-c56".to_string()));
    assert_eq!(
        refusal(&pos, "c34-c56"),
        "a tandem with a trapped man moves one cell only"
    );
    // Untrapped blocks keep full power.
    let pos = setup_with(rules, "p:c4 p:c3 k:g2 K:h5", B);
    assert!(move_texts(&pos).contains(&"c34-c67".to_string()));
}

#[test]
fn kings_may_drop_anywhere_or_start_fixed() {
    let anywhere: RuleSet = "chogo-44,start=anywhere".parse().unwrap();
    assert_eq!(Position::new(anywhere).count_legal_moves(), 28);
    let fixed: RuleSet = "chogo-44,start=fixed".parse().unwrap();
    let start = Position::new(fixed);
    assert_eq!(
        start.to_string(),
        "##PPPP##/#P2K1P#/P6P/8/p6p/#p1k2p#/##pppp## b 0 1"
    );
    assert!(!start.is_drop_phase());
    assert!(
        !start
            .legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Drop { .. }))
    );
    assert!(move_texts(&start).contains(&"d2-d3".to_string()));
}

#[test]
fn handicap_removes_chosen_pawns() {
    let rules: RuleSet = "chogo-44,handicap=white:c7+f7".parse().unwrap();
    assert_eq!(
        Position::new(rules).to_string(),
        "##1PP1##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1"
    );
    assert_eq!(rules.describe(), "Chogo-44, White gives c7 f7");
}

#[test]
fn a_handicap_names_each_pawn_once() {
    assert_eq!(
        "chogo-44,handicap=white:c7+c7".parse::<RuleSet>(),
        Err(RuleSetError::HandicapRepeated(cell("c7")))
    );
    assert_eq!(
        "chogo-44,handicap=white:c7+d7+c7"
            .parse::<RuleSet>()
            .unwrap_err()
            .to_string(),
        "the handicap names c7 twice"
    );
}

#[test]
fn suicide_captures_take_the_movers_enclosed_men_too() {
    let rules = RuleSet::preset("neto").unwrap();
    // The pair d1-d2 steps up: d3 is then enclosed by White's c3, e3, d4 and Black's d2.
    let men = "p:d1 p:d2 P:c3 P:e3 P:d4 k:h3 K:g6";
    let (_, captured) = setup_with(rules, men, B).play(mv("d12-d23")).unwrap();
    assert_eq!(captured, cells("d3"), "the mover's man is removed");
    let (_, captured) = setup(men, B).play(mv("d12-d23")).unwrap();
    assert!(captured.is_empty(), "never under the default rules");
    // Both kings fall in one move: the mover wins. Black's b2-b3 pair (king on b3) steps
    // up; the king lands on b4 enclosed by White, while White's king on a4 is enclosed.
    let mut game = Game::from_position(setup_with(rules, "K:a4 p:a3 P:a5 P:c4 P:b5 p:b2 k:b3", B));
    let report = game.play(mv("b23-b34")).unwrap();
    assert_eq!(
        report.captured,
        vec![
            (cell("a4"), Man::new(W, Role::King)),
            (cell("b4"), Man::new(B, Role::King))
        ]
    );
    assert_eq!(
        report.outcome,
        Some(Outcome::win(B, EndReason::KingCaptured))
    );
}

#[test]
fn a_mole_drop_never_removes_the_man_it_puts_down() {
    // RULES §9, own-man capture: under suicide captures, the man a mole drop puts down is
    // not removed by its own drop, however it lands. Black's king drops into d4, enclosed
    // by four White pawns.
    let rules = RuleSet::preset("neto").unwrap();
    let text = "##4##/#6#/3P3K/2P1P3/k2P4/#p5#/##4## b 0 30";
    let pos = Position::from_text(text, rules).unwrap();
    let moves = move_texts(&pos);
    assert!(moves.contains(&"a3>d4".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("a3>d4x")), "{moves:?}");
    let (after, captured) = play(&pos, "a3>d4");
    assert!(captured.is_empty());
    assert_eq!(after.king(B), Some(cell("d4")));
    assert_eq!(after.outcome(), None);
}

#[test]
fn the_neto_mole_drop_needs_only_a_city() {
    let rules = RuleSet::preset("neto").unwrap();
    let pos = setup_with(rules, &format!("{CITY} P:h4"), B);
    assert!(pos.mole_drop_cells().is_ok());
    assert!(move_texts(&pos).contains(&"e2>c6xc5xb6".to_string()));
}

// ---- Readings where the rule book leaves a choice ---------------------------------------

#[test]
fn functional_men_and_accessibility_ignore_the_drop_phase() {
    // White still has its king in hand: its only legal moves are drops, yet "as if it were
    // to move" its pawns' single and tandem moves count (RULES §7).
    let pos = Position::from_text(
        "##PPPP##/#P4P#/P6P/8/pk5p/#p4p#/##pppp##[K] w 1 1",
        RuleSet::default(),
    )
    .unwrap();
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Drop { .. }))
    );
    assert_eq!(pos.functional(W), pos.men(W));
    assert!(pos.accessible(W).contains(cell("d4")));
}

#[test]
fn an_immobile_side_may_still_mole_drop() {
    // White's only man, its king on c1, is hemmed in by d1 and c2 but not trapped (b1 does
    // not exist). White can move nothing, so no Black man is attackable: every Black man is
    // secure and the whole empty board is a Black city. The king may mole-drop into it.
    let pos = setup("K:c1 p:d1 p:c2 k:h3", W);
    assert_eq!(pos.secure(B), pos.men(B));
    assert!(pos.mole_available());
    assert!(pos.has_move());
    assert_eq!(pos.outcome(), None);
    let moles = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::MoleDrop { .. }))
        .count();
    assert_eq!(moles as u32, pos.empty().count());
}

#[test]
fn positions_from_parts_are_checked_like_text() {
    let rules = RuleSet::default();
    let king = |side| Man::new(side, Role::King);
    let pawn = |side| Man::new(side, Role::Pawn);
    let err = |placement: &[(Cell, Man)], hand| {
        Position::from_parts(rules, placement, hand, B, 0, 1)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&[(cell("a1"), pawn(B))], BySide::default()),
        "a1 is not on this board"
    );
    assert_eq!(
        err(
            &[(cell("c3"), pawn(B)), (cell("c3"), pawn(W))],
            BySide::default()
        ),
        "two men on c3"
    );
    assert_eq!(
        err(
            &[(cell("c3"), king(B)), (cell("d3"), king(B))],
            BySide::default()
        ),
        "Black has more than one king"
    );
    assert_eq!(
        err(
            &[(cell("c3"), king(B))],
            BySide::new(
                Hand {
                    pawns: 0,
                    king: true
                },
                Hand::default()
            )
        ),
        "Black's king is both on the board and in hand"
    );
    let pos = Position::from_parts(
        rules,
        &[(cell("c3"), king(B)), (cell("e5"), king(W))],
        BySide::default(),
        W,
        4,
        9,
    )
    .unwrap();
    assert_eq!(pos.to_string(), "##4##/#6#/4K3/8/2k5/#6#/##4## w 4 9");
}

#[test]
fn a_move_report_announces_polis_when_the_next_side_may_mole_drop() {
    // White closes its wall c5–f5 (RULES §7): after it, Black may mole-drop.
    let before = Position::from_text(
        "##1K2##/#PP3P#/1p1PPP2/2p5/8/#3k2#/##4## w 9 19",
        RuleSet::default(),
    )
    .unwrap();
    assert!(!before.mole_available());
    let mut game = Game::from_position(before);
    let report = game.play("c6-c5".parse().unwrap()).unwrap();
    assert!(report.polis, "{}", game.position());
    // Over whole games, a report announces polis exactly when the game goes on and the
    // side to move has a mole drop among its legal moves (counted from the move list, not
    // from the flag the report is computed from).
    let mut announced = 0;
    for seed in 1..40u64 {
        let mut game = Game::new(RuleSet::preset("neto").unwrap());
        let mut state = seed;
        while game.outcome().is_none() && game.plies().len() < 200 {
            let moves = game.position().legal_moves();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(state >> 33) as usize % moves.len()];
            let report = game.play(mv).unwrap();
            let mole_drop = game
                .position()
                .legal_moves()
                .iter()
                .any(|m| matches!(m, Move::MoleDrop { .. }));
            assert_eq!(
                report.polis,
                game.outcome().is_none() && mole_drop,
                "{}",
                game.position()
            );
            announced += usize::from(report.polis);
        }
    }
    // The games reach polis often enough for the check above to mean something.
    assert!(announced >= 400, "polis announced {announced} times");
}
