//! Game records (RULES §8): writing, reading, declared ends.

mod common;

use chogo::common::record::RefusedMove;
use chogo::rules::*;
use common::mv;

#[test]
fn a_record_is_written_as_the_rule_book_shows() {
    let mut game = Game::new(RuleSet::default());
    for m in ["e3", "a4", "b2-b4"] {
        game.play(mv(m)).unwrap();
    }
    let record = Record::from_game(&game, &[("Black", "Ann"), ("White", "Bo")]);
    assert_eq!(
        record.to_string(),
        "[Rules \"chogo-44\"]\n[Black \"Ann\"]\n[White \"Bo\"]\n[Result \"1-0\"]\n\n1. e3 a4 2. b2-b4xa4 1-0\n"
    );
}

#[test]
fn set_up_games_and_white_first_numbering() {
    let rules: RuleSet = "neto".parse().unwrap();
    let start =
        Position::from_text("##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## w 10 20", rules).unwrap();
    let mut game = Game::from_position(start);
    game.play(mv("d7-d6")).unwrap();
    let text = Record::from_game(&game, &[]).to_string();
    assert_eq!(
        text,
        "[Rules \"neto\"]\n[Result \"*\"]\n[SetUp \"##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## w 10 20\"]\n\n20... d7-d6 *\n"
    );
    let back = Record::parse(&text).unwrap().to_game().unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.rules(), &rules);
}

#[test]
fn resignation_and_agreement_survive_a_record() {
    let mut game = Game::new(RuleSet::default());
    game.play(mv("e3")).unwrap();
    game.resign(Side::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::Black, EndReason::Resignation))
    );
    let text = Record::from_game(&game, &[]).to_string();
    assert!(text.contains("[Result \"1-0\"]") && text.ends_with("1. e3 1-0\n"));
    let back = Record::parse(&text).unwrap().to_game().unwrap();
    assert_eq!(back.outcome(), game.outcome());
    let mut game = Game::new(RuleSet::default());
    game.agree_draw();
    let back = Record::parse(&Record::from_game(&game, &[]).to_string())
        .unwrap()
        .to_game()
        .unwrap();
    assert_eq!(back.outcome(), Some(Outcome::draw(EndReason::Agreement)));
}

#[test]
fn long_games_wrap_and_read_back() {
    let mut game = Game::new(RuleSet::default());
    let moves = [
        "d3", "e5", "b2-b3", "g6-g5", "c1-c2", "c7-c6", "g2-g3", "b6-b5", "h3-h4", "f7-f6",
        "f1-f2", "d7-d6", "e1-e2", "e7-e6", "c2-c3", "c6-c5",
    ];
    for m in moves {
        game.play(mv(m)).unwrap();
    }
    let text = Record::from_game(&game, &[]).to_string();
    assert!(text.lines().all(|l| l.len() <= 80));
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.moves.len(), moves.len());
    assert_eq!(back.to_game().unwrap().position(), game.position());
}

#[test]
fn a_tag_error_names_the_tags_own_line() {
    // Tags are found whatever their case; the error must point at the line that holds the
    // tag, not at line 1.
    let text = "[Black \"Ann\"]\n[White \"Bo\"]\n[rules \"x\"]\n\n1. b3 *\n";
    let err = Record::parse(text).unwrap_err();
    assert_eq!(err.line, 3, "{err}");
    let text = "[Rules \"chogo-44\"]\n[SETUP \"nonsense\"]\n\n*\n";
    assert_eq!(Record::parse(text).unwrap_err().line, 2);
    let text = "[Rules \"chogo-44\"]\n[Black \"Ann\"]\n[result \"2-0\"]\n\n*\n";
    assert_eq!(Record::parse(text).unwrap_err().line, 3);
}

#[test]
fn errors_carry_typed_values() {
    // A record's problem keeps the rule error, the replay error its side, move and reason.
    let err = Record::parse("[Rules \"chess\"]\n\n*\n").unwrap_err();
    assert!(matches!(
        err.problem,
        RecordProblem::Tag(RuleSetError::UnknownPreset(ref name)) if name == "chess"
    ));
    let record = Record::parse("[Rules \"chogo-44\"]\n\n1. e3 a4 2. b2-b4xa5 *\n").unwrap();
    match record.to_game().unwrap_err() {
        ReplayError::Illegal(RefusedMove {
            number,
            side,
            text,
            reason,
            ply,
        }) => {
            assert_eq!((number, side, ply), (2, Side::Black, 2));
            assert_eq!(text.to_string(), "b2-b4xa5");
            assert_eq!(
                reason,
                GameError::Illegal(IllegalMove::CaptureMismatch {
                    actual: "a4".parse::<Cell>().unwrap().into(),
                    written: "a5".parse::<Cell>().unwrap().into(),
                })
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_hand_written_record_with_comments_and_annotations_reads() {
    // tests/records/short-win.chogo: a comment in braces, annotations on moves, a comment
    // after ';', the result on its own line.
    let text = std::fs::read_to_string("tests/records/short-win.chogo").unwrap();
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.tag("Black"), Some("Ann"));
    let game = record.to_game().unwrap();
    assert_eq!(game.plies().len(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::Black, EndReason::KingCaptured))
    );
    // Written again, it is the plain record of the same game.
    assert_eq!(
        Record::from_game(&game, &[("Black", "Ann"), ("White", "Bo")]).to_string(),
        "[Rules \"chogo-44\"]\n[Black \"Ann\"]\n[White \"Bo\"]\n[Result \"1-0\"]\n\n1. e3 a4 2. b2-b4xa4 1-0\n"
    );
}
