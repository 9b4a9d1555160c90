//! Invariants and round trips over random legal games (proptest).

use chogo::rules::*;
use proptest::prelude::*;

const RULES: [&str; 15] = [
    "chogo-44",
    "chogo-large",
    "neto",
    "8x8",
    "10x8",
    "12x10",
    "chogo-44,start=fixed,tandem=one-cell,king=rook",
    // RULES §10, each option and some of their combinations.
    "chogo-44,trap=line",
    "chogo-44,fortress=knight",
    "neto,fortress=reposition",
    "chogo-44,fortress=no-hiding,hopeless=resign",
    "chogo-44,opening=drops",
    "chogo-44,opening=drops,men=5,kings=none,drop-captures=no,capture=suicide",
    "neto,opening=drops,men=12,trap=line,fortress=knight",
    "chogo-44,start=facing,hopeless=resign",
];

/// A small deterministic generator so each case replays from its seed.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random legal game: its rules' preset index, seed and length pick the moves.
fn random_game(rules: RuleSet, seed: u64, plies: usize) -> Game {
    let mut rng = Xorshift(seed | 1);
    let mut game = Game::new(rules);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.play(mv).expect("generated moves play");
    }
    game
}

fn total_men(pos: &Position) -> u32 {
    pos.occupied().count()
}

fn arbitrary_move(rng: &mut Xorshift, board: Board) -> Move {
    let cell = |rng: &mut Xorshift| {
        Cell::new(
            rng.below(board.files() as usize) as u8,
            rng.below(board.ranks() as usize) as u8,
        )
    };
    match rng.below(4) {
        0 => Move::Drop { to: cell(rng) },
        1 => Move::Single {
            from: cell(rng),
            to: cell(rng),
        },
        2 => Move::MoleDrop {
            from: cell(rng),
            to: cell(rng),
        },
        _ => {
            let from = Rect::spanning(cell(rng), cell(rng));
            let to = Rect::spanning(cell(rng), cell(rng));
            Move::Tandem { from, to }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_obey_the_invariants(preset in 0..RULES.len(), seed in any::<u64>(), plies in 0usize..70) {
        let rules: RuleSet = RULES[preset].parse().unwrap();
        let game = random_game(rules, seed, plies);
        let pos = *game.position();
        let mover = pos.turn();
        let suicide = rules.own_man_capture == OwnManCapture::Suicide;
        let legal = pos.legal_moves();
        for &mv in &legal {
            prop_assert_eq!(pos.check(mv), Ok(()), "{} in {}", mv, pos);
            let (after, captured) = pos.play(mv).unwrap();
            let dropped = matches!(mv, Move::Drop { .. }) as u32;
            // Men are never created: only a king drop adds one.
            prop_assert_eq!(total_men(&after) + captured.count(), total_men(&pos) + dropped);
            // The mover never loses a man to its own move (unless suicide captures apply).
            if !suicide {
                prop_assert_eq!(after.men(mover).count(), pos.men(mover).count() + dropped);
            }
            // A mole drop or knight's leap never removes the man it puts down, suicide or
            // not (RULES §9, §10.2); a reposition moves an enemy man and captures nothing.
            if let Move::MoleDrop { to, .. } = mv {
                if rules.fortress == Fortress::Reposition {
                    prop_assert!(after.men(!mover).contains(to), "{} in {}", mv, pos);
                    prop_assert!(captured.is_empty(), "{} in {}", mv, pos);
                } else {
                    prop_assert!(after.men(mover).contains(to), "{} in {}", mv, pos);
                }
            }
            // A drop of the drop opening never takes the dropper's men (RULES §10.3).
            if pos.hand(mover).pawns > 0 || (rules.opening == Opening::Drops && dropped == 1) {
                prop_assert!(!captured.intersects(pos.men(mover)), "{} in {}", mv, pos);
                if rules.drop_captures == DropCaptures::No {
                    prop_assert!(captured.is_empty(), "{} in {}", mv, pos);
                }
            }
            // Move text round trip, captures included.
            let text = pos.move_text(mv);
            let parsed: MoveText = text.parse().unwrap();
            prop_assert_eq!(parsed.mv, mv);
            prop_assert_eq!(parsed.captures.unwrap_or_default(), captured);
            prop_assert_eq!(parsed.mv.with_captures(captured), text);
        }
        // Moves are distinct in text and in effect (RULES §4: one physical result, one move).
        let mut texts: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
        texts.sort();
        texts.dedup();
        prop_assert_eq!(texts.len(), legal.len());
        // The fortress move is announced exactly when one is legal (RULES §7, §10.2), and a
        // side has a move exactly when it has a legal one.
        if pos.outcome().is_none() {
            prop_assert_eq!(
                pos.mole_available(),
                legal.iter().any(|m| matches!(m, Move::MoleDrop { .. })),
                "{}", pos
            );
            prop_assert!(!legal.is_empty(), "{}", pos);
        }
        if pos.outcome().is_some() {
            prop_assert!(legal.is_empty(), "{}", pos);
        }
        // The count without the list agrees with the list.
        prop_assert_eq!(pos.count_legal_moves(), legal.len(), "{}", pos);
        // Mole drops go exactly to the cells RULES §7's full analysis names.
        if rules.fortress == Fortress::Mole
            && pos.outcome().is_none()
            && (pos.men(mover) - pos.trapped(mover)).any()
        {
            let targets = legal
                .iter()
                .filter_map(|m| match m {
                    Move::MoleDrop { to, .. } => Some(Bitboard::from_cell(*to)),
                    _ => None,
                })
                .fold(Bitboard::EMPTY, |a, b| a | b);
            prop_assert_eq!(targets, pos.mole_drop_cells().unwrap_or_default(), "{}", pos);
        }
        // Line traps hold every single trap, and a man held only by a line trap has a man
        // of its side beside it (RULES §10.1: a run of one is the single trap).
        let single = pos.men(mover) & {
            let enemy = pos.men(!mover);
            (enemy.east() & enemy.west()) | (enemy.north() & enemy.south())
        };
        let trapped = pos.trapped(mover);
        match rules.trap {
            TrapRule::Single => prop_assert_eq!(trapped, single),
            TrapRule::Line => {
                prop_assert!(single.is_subset(trapped));
                prop_assert!((trapped - single).is_subset(pos.men(mover).neighbours()));
            }
        }
        // check() accepts exactly the generated moves.
        let mut rng = Xorshift(seed.rotate_left(17) | 1);
        for _ in 0..300 {
            let mv = arbitrary_move(&mut rng, rules.board);
            prop_assert_eq!(pos.check(mv).is_ok(), legal.contains(&mv), "{} in {}", mv, pos);
        }
    }

    #[test]
    fn texts_round_trip(preset in 0..RULES.len(), seed in any::<u64>(), plies in 0usize..90) {
        let rules: RuleSet = RULES[preset].parse().unwrap();
        let game = random_game(rules, seed, plies);
        // Position text: print → parse → print.
        for n in 0..=game.plies().len() {
            let pos = game.position_at(n).unwrap();
            let text = pos.to_string();
            let back = Position::from_text(&text, rules).unwrap();
            prop_assert_eq!(&back, pos);
            prop_assert_eq!(back.to_string(), text);
            prop_assert_eq!(back.hash(), pos.hash());
            // serde: through the text.
            let json = serde_json::to_string(pos).unwrap();
            let de: Position = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(de.to_string(), pos.to_string());
        }
        // Record: print → parse → replay → print.
        let record = Record::from_game(&game, &[("Black", "Random A"), ("White", "Random \"B\"")]);
        let text = record.to_string();
        let parsed = Record::parse(&text).unwrap();
        let replayed = parsed.to_game().unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.plies().len(), game.plies().len());
        prop_assert_eq!(replayed.outcome(), game.outcome());
        prop_assert_eq!(Record::from_game(&replayed, &[("Black", "Random A"), ("White", "Random \"B\"")]).to_string(), text);
        prop_assert_eq!(parsed.tag("White"), Some("Random \"B\""));
    }

    #[test]
    fn undo_and_redo_restore_every_position(seed in any::<u64>(), plies in 1usize..60, back in 1usize..20) {
        let game = random_game(RuleSet::default(), seed, plies);
        let mut g = game.clone();
        let n = back.min(g.plies().len());
        for _ in 0..n {
            g.undo().unwrap();
        }
        prop_assert_eq!(g.position(), game.position_at(game.plies().len() - n).unwrap());
        for _ in 0..n {
            g.redo().unwrap();
        }
        prop_assert_eq!(g.position(), game.position());
        prop_assert_eq!(g.position().to_string(), game.position().to_string());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// No text given to a parser can make it panic; what parses prints back unchanged.
    #[test]
    fn parsers_never_panic(text in "\\PC{0,60}", rules in 0..RULES.len()) {
        let rules: RuleSet = RULES[rules].parse().unwrap();
        let _ = text.parse::<MoveText>();
        let _ = text.parse::<Cell>();
        let _ = text.parse::<RuleSet>();
        let _ = Record::parse(&text).map(|r| r.to_game());
        if let Ok(pos) = Position::from_text(&text, rules) {
            prop_assert_eq!(Position::from_text(&pos.to_string(), rules).unwrap(), pos);
            let _ = pos.legal_moves();
            let _ = pos.analyze();
        }
    }

    /// Move texts in the notation's shape (drops, single moves, mole drops, capture lists
    /// of cells and rectangles) print back as they read.
    #[test]
    fn move_texts_round_trip(
        text in "[a-l](1[0-2]?|[2-9])([->][a-l][1-9](x[a-l][1-9](:[a-l][1-9])?){0,3})?"
    ) {
        if let Ok(mt) = text.parse::<MoveText>() {
            prop_assert_eq!(mt.to_string().parse::<MoveText>(), Ok(mt));
        }
    }

    /// Text built from the notation's own alphabet reaches deeper into the parsers; what
    /// they accept is written back to the same thing.
    #[test]
    fn notation_like_text_never_panics(text in "[a-l0-9#pkPK/\\[\\]:>x -]{0,70}") {
        let start = Position::new(RuleSet::default());
        if let Ok(mt) = text.parse::<MoveText>() {
            prop_assert_eq!(mt.to_string().parse::<MoveText>(), Ok(mt));
            let _ = start.play_text(&mt);
            let _ = start.check(mt.mv);
        }
        if let Ok(pos) = Position::from_text(&text, RuleSet::default()) {
            prop_assert_eq!(Position::from_text(&pos.to_string(), RuleSet::default()), Ok(pos));
            let _ = pos.legal_moves();
            let _ = pos.outcome();
        }
        let record = format!("[Rules \"chogo-44\"]\n\n{text}");
        if let Ok(Ok(game)) = Record::parse(&record).map(|r| r.to_game()) {
            let written = Record::from_game(&game, &[]).to_string();
            let again = Record::parse(&written)
                .unwrap_or_else(|e| panic!("{written}: {e}"))
                .to_game()
                .unwrap_or_else(|e| panic!("{written}: {e}"));
            prop_assert_eq!(Record::from_game(&again, &[]).to_string(), written);
            prop_assert_eq!(again.position(), game.position());
            prop_assert_eq!(again.outcome(), game.outcome());
        }
    }
}
