//! Invariants and round trips over random legal games (proptest).

mod common;

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

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The cells beside `cell` that exist on the board.
fn beside(pos: &Position, cell: Cell) -> Vec<Cell> {
    DIRECTIONS
        .iter()
        .filter_map(|&(df, dr)| cell.offset(df, dr))
        .filter(|&c| pos.board().contains(c))
        .collect()
}

fn holds(pos: &Position, cell: Option<Cell>, side: Side) -> bool {
    cell.is_some_and(|c| pos.board().contains(c) && pos.men(side).contains(c))
}

/// RULES §3 and §10.1 written plainly: a man is trapped when, along a rank or a file, the
/// run of men of its side it stands in (itself alone under single traps) has an enemy man
/// on each of the two cells just beyond the run's ends.
fn plain_trapped(pos: &Position, side: Side) -> Bitboard {
    let line = pos.rules().trap == TrapRule::Line;
    pos.men(side)
        .filter(|&man| {
            [(1, 0), (0, 1)].into_iter().any(|(df, dr)| {
                let beyond = |sign: i32| {
                    let mut cell = man.offset(sign * df, sign * dr);
                    while line && holds(pos, cell, side) {
                        cell = cell.and_then(|c| c.offset(sign * df, sign * dr));
                    }
                    cell
                };
                holds(pos, beyond(1), !side) && holds(pos, beyond(-1), !side)
            })
        })
        .collect()
}

/// The regions of RULES §7: the empty cells, grouped by walking from each to the empty
/// cells beside it.
fn regions(pos: &Position) -> Vec<Bitboard> {
    let empty = |c: Cell| !pos.occupied().contains(c);
    let mut found: Vec<Bitboard> = Vec::new();
    for start in pos.board().cells().filter(|&c| empty(c)) {
        if found.iter().any(|r| r.contains(start)) {
            continue;
        }
        let mut region = Bitboard::EMPTY;
        let mut todo = vec![start];
        while let Some(cell) = todo.pop() {
            if !region.contains(cell) {
                region.insert(cell);
                todo.extend(beside(pos, cell).into_iter().filter(|&c| empty(c)));
            }
        }
        found.push(region);
    }
    found
}

/// RULES §7's mole drops for the side to move, P, from the rule book's words, in
/// (from, to) order. P's reach is read off its legal single and tandem moves (P is the
/// side to move); regions, security and cities are worked out here cell by cell. All the
/// opponent's men are secure exactly when the fixed point's first round finds none of them
/// vulnerable (the set V then stays empty), so that round alone is computed.
fn plain_mole_drops(pos: &Position) -> Vec<(Cell, Cell)> {
    let p = pos.turn();
    let s = !p;
    if !pos.hand(p).is_empty() {
        return Vec::new();
    }
    let (mut reached, mut functional) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for mv in pos.legal_moves() {
        match mv {
            Move::Single { from, to } => {
                reached.insert(to);
                functional.insert(from);
            }
            Move::Tandem { from, to } => {
                reached |= to.cells();
                functional |= from.cells();
            }
            _ => {}
        }
    }
    let regions = regions(pos);
    let accessible = |cell: Cell| {
        regions
            .iter()
            .any(|r| r.contains(cell) && r.intersects(reached))
    };
    let vulnerable = |man: Cell| {
        let around = beside(pos, man);
        let empties: Vec<Cell> = around
            .iter()
            .copied()
            .filter(|&c| !pos.occupied().contains(c))
            .collect();
        let enemies: Vec<Cell> = around
            .iter()
            .copied()
            .filter(|&c| pos.men(p).contains(c))
            .collect();
        empties.iter().all(|&c| accessible(c))
            && if empties.is_empty() {
                enemies.len() >= 2 && enemies.iter().any(|&c| functional.contains(c))
            } else {
                empties.len() + enemies.len() >= 2
            }
    };
    let all_secure = !Iterator::any(&mut pos.men(s), vulnerable);
    if pos.rules().mole_condition == MoleCondition::SecureAndCity && !all_secure {
        return Vec::new();
    }
    let cities: Vec<Cell> = regions
        .iter()
        .filter(|r| !r.intersects(reached))
        .filter(|&&r| {
            Iterator::any(&mut { r }, |c| {
                beside(pos, c).iter().any(|&n| pos.men(s).contains(n))
            })
        })
        .flat_map(|r| *r)
        .collect();
    let movers = pos.men(p) - plain_trapped(pos, p);
    let mut drops: Vec<(Cell, Cell)> = movers
        .flat_map(|from| cities.iter().map(move |&to| (from, to)))
        .collect();
    drops.sort();
    drops
}

fn total_men(pos: &Position) -> u32 {
    pos.occupied().count()
}

/// The characters the edits of `edited_texts_read_back_or_are_refused` put in.
const EDIT_CHARS: &str = "abcdhl0123489#pkPK/[]:>x- \"\n";

use common::edit;

/// Every reader given `text`: none panics; each refusal is a message in words, on one line; whatever one
/// accepts, written back, reads to the same thing (and a position's moves and analysis, a
/// record's game, can be worked out).
fn reads_back(text: &str, rules: RuleSet) -> Result<(), TestCaseError> {
    let explained = |e: String| -> Result<(), TestCaseError> {
        prop_assert!(
            e.chars().any(char::is_alphabetic) && !e.contains('\n'),
            "{:?} for {:?}",
            e,
            text
        );
        Ok(())
    };
    match text.parse::<MoveText>() {
        Ok(mt) => prop_assert_eq!(mt.to_string().parse::<MoveText>().ok(), Some(mt)),
        Err(e) => explained(e.to_string())?,
    }
    match text.parse::<Cell>() {
        Ok(cell) => prop_assert_eq!(cell.to_string().parse::<Cell>().ok(), Some(cell)),
        Err(e) => explained(e.to_string())?,
    }
    match text.parse::<RuleSet>() {
        Ok(r) => prop_assert_eq!(r.to_string().parse::<RuleSet>().ok(), Some(r)),
        Err(e) => explained(e.to_string())?,
    }
    match Position::from_text(text, rules) {
        Ok(pos) => {
            prop_assert_eq!(Position::from_text(&pos.to_string(), rules).ok(), Some(pos));
            let _ = pos.legal_moves();
            let _ = pos.analyze();
        }
        Err(e) => explained(e.to_string())?,
    }
    match Record::parse(text).map(|r| r.to_game()) {
        Ok(Ok(game)) => {
            let written = Record::from_game(&game, &[]).to_string();
            let again = Record::parse(&written)
                .map_err(|e| e.to_string())
                .and_then(|r| r.to_game().map_err(|e| e.to_string()));
            prop_assert!(again.is_ok(), "{}: {:?}", written, again.as_ref().err());
            let again = again.unwrap();
            prop_assert_eq!(again.start(), game.start());
            prop_assert_eq!(again.plies().len(), game.plies().len());
            prop_assert_eq!(again.position(), game.position());
            prop_assert_eq!(again.outcome(), game.outcome());
            prop_assert_eq!(Record::from_game(&again, &[]).to_string(), written);
        }
        Ok(Err(e)) => explained(e.to_string())?,
        Err(e) => explained(e.to_string())?,
    }
    Ok(())
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

/// Random games seldom build a fortress, so the mole drops are also compared with the
/// rule book's words on positions that have cities, and on the positions a few random
/// moves lead to from them (RULES §7; §9's `mole=city` for Neto's reading).
#[test]
fn mole_drops_follow_the_rule_books_words_around_cities() {
    let neto = RuleSet::preset("neto").unwrap();
    let city = "K:d7 P:b6 P:g6 P:c5 P:d5 P:e5 P:f5 p:b5 p:c4 k:e2";
    let starts = [
        common::setup(city, Side::Black),
        common::setup(&format!("{city} P:h4"), Side::Black),
        common::setup_with(neto, &format!("{city} P:h4 p:a4 P:a3 P:a5"), Side::Black),
        common::setup("K:c1 p:d1 p:c2 k:h3", Side::White),
        // Black's e3 falls to White's g5-g6 tandem only: no mole drop (issue 48).
        Position::from_text(
            "##2P1##/#1PP2P#/5kPp/1PK1p2p/4p2p/#1pPpp1#/##4## w 54 31",
            RuleSet::default(),
        )
        .unwrap(),
        Position::from_text(
            "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap(),
    ];
    let (mut positions, mut with_drops) = (0, 0);
    for start in starts {
        for seed in 0..40u64 {
            let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
            let mut pos = start;
            for _ in 0..6 {
                if pos.outcome().is_some() {
                    break;
                }
                let mut moles: Vec<(Cell, Cell)> = pos
                    .legal_moves()
                    .iter()
                    .filter_map(|m| match *m {
                        Move::MoleDrop { from, to } => Some((from, to)),
                        _ => None,
                    })
                    .collect();
                moles.sort();
                let plain = plain_mole_drops(&pos);
                assert_eq!(moles, plain, "{pos}");
                positions += 1;
                with_drops += usize::from(!plain.is_empty());
                let moves = pos.legal_moves();
                pos = pos.play(moves[rng.below(moves.len())]).unwrap().0;
            }
        }
    }
    assert!(
        positions > 1000 && with_drops > 100,
        "{positions} positions, {with_drops} with mole drops"
    );
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
        // Mole drops are exactly those RULES §7's words allow, worked out plainly below.
        if rules.fortress == Fortress::Mole && pos.outcome().is_none() {
            let mut moles: Vec<(Cell, Cell)> = legal
                .iter()
                .filter_map(|m| match *m {
                    Move::MoleDrop { from, to } => Some((from, to)),
                    _ => None,
                })
                .collect();
            moles.sort();
            prop_assert_eq!(moles, plain_mole_drops(&pos), "{}", pos);
        }
        // Traps as RULES §3 and §10.1 say, cell by cell.
        for side in [Side::Black, Side::White] {
            prop_assert_eq!(pos.trapped(side), plain_trapped(&pos, side), "{:?} in {}", side, pos);
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

    /// No text given to a reader can make it panic; what reads is written back to a text
    /// that reads the same.
    #[test]
    fn parsers_never_panic(text in "\\PC{0,60}", rules in 0..RULES.len()) {
        let rules: RuleSet = RULES[rules].parse().unwrap();
        reads_back(&text, rules)?;
    }

    /// A text each reader accepts (a position, a record, a move, a rule set, from a random
    /// game), edited at up to three places with the notation's own characters: unedited,
    /// every reader accepts its text; edited, whatever still reads is written back to the
    /// same thing and refusals say why on one line.
    #[test]
    fn edited_texts_read_back_or_are_refused(
        preset in 0..RULES.len(),
        seed in any::<u64>(),
        plies in 0usize..60,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(EDIT_CHARS.chars().collect::<Vec<_>>())), 0..4),
    ) {
        let rules: RuleSet = RULES[preset].parse().unwrap();
        let game = random_game(rules, seed, plies);
        let pos = *game.position();
        let record = Record::from_game(&game, &[("Black", "a")]).to_string();
        let last = game.plies().last().map(|p| p.mv);
        let move_text = match last {
            Some(mv) => game.position_at(game.plies().len() - 1).unwrap().move_text(mv),
            None => "d4".to_string(),
        };
        let texts = [pos.to_string(), record, move_text, rules.to_string()];
        for (kind, text) in texts.iter().enumerate() {
            let edited = edit(text, &edits);
            if edits.is_empty() {
                let reads = match kind {
                    0 => Position::from_text(&edited, rules).map(drop).map_err(|e| e.to_string()),
                    1 => Record::parse(&edited).map_err(|e| e.to_string())
                        .and_then(|r| r.to_game().map(drop).map_err(|e| e.to_string())),
                    2 => edited.parse::<MoveText>().map(drop).map_err(|e| e.to_string()),
                    _ => edited.parse::<RuleSet>().map(drop).map_err(|e| e.to_string()),
                };
                prop_assert_eq!(reads, Ok(()), "{}", edited);
            }
            reads_back(&edited, rules)?;
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
        reads_back(&text, RuleSet::default())?;
        reads_back(&format!("[Rules \"chogo-44\"]\n\n{text}"), RuleSet::default())?;
        if let Ok(mt) = text.parse::<MoveText>() {
            let start = Position::new(RuleSet::default());
            let _ = start.play_text(&mt);
            let _ = start.check(mt.mv);
        }
    }
}
