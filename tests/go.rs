//! Go with chess pieces (GO_RULES): Go with rooks against an independent Go board, each
//! kind's movement, alive/dead, ko, superko, repetition, moving pieces, scoring, perft
//! data files and round trips.

use std::collections::HashSet;
use std::fs;

use chogo::go::fast::{FastGo, READ_DEPTH, Shapes, Tactics, is_shape_at};
use chogo::go::playout::{Rng, playout};
use chogo::go::sgf::{self, SgfGame};
use chogo::go::{
    Bits, Board, Cell, EndReason, Game, IllegalMove, Kind, Move, MoveText, Piece, PieceSet,
    Position, Record, Rules, perft,
};
use chogo::rules::Side;

mod common;

fn rules(pieces: &str, board: &str) -> Rules {
    Rules {
        board: board.parse().unwrap(),
        pieces: pieces.parse().unwrap(),
        ..Rules::default()
    }
}

fn pos(text: &str, r: Rules) -> Position {
    Position::from_text(text, r).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn names(b: Bits) -> Vec<String> {
    b.iter().map(|c| c.to_string()).collect()
}

fn play(p: &Position, text: &str) -> Result<(Position, Bits), IllegalMove> {
    let mv: MoveText = text.parse().unwrap();
    p.play_text(&mv)
        .map(|(_, played)| (played.position, played.captured))
}

// ---------------------------------------------------------------------------------------
// An independent Go board: plain vectors, flood-fill liberties, ko by comparing boards.

#[derive(Clone, PartialEq)]
struct SimpleGo {
    exists: Vec<bool>,
    /// 0 empty, 1 Black, 2 White; indexed like the engine's cells (rank × 19 + file).
    stones: Vec<u8>,
}

impl SimpleGo {
    fn new(board: Board) -> SimpleGo {
        let mut exists = vec![false; 361];
        for c in board.cells() {
            exists[c.index()] = true;
        }
        SimpleGo {
            exists,
            stones: vec![0; 361],
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (f, r) = ((i % 19) as i32, (i / 19) as i32);
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .filter_map(|(df, dr)| {
                let (nf, nr) = (f + df, r + dr);
                ((0..19).contains(&nf) && (0..19).contains(&nr))
                    .then(|| (nr * 19 + nf) as usize)
                    .filter(|&j| self.exists[j])
            })
            .collect()
    }

    /// The group of the stone on `i` and its number of liberties.
    fn group(&self, i: usize) -> (Vec<usize>, usize) {
        let colour = self.stones[i];
        let mut seen = vec![i];
        let mut libs = HashSet::new();
        let mut k = 0;
        while k < seen.len() {
            for j in self.neighbours(seen[k]) {
                if self.stones[j] == 0 {
                    libs.insert(j);
                } else if self.stones[j] == colour && !seen.contains(&j) {
                    seen.push(j);
                }
            }
            k += 1;
        }
        (seen, libs.len())
    }

    /// Plays `colour` on `i`: Ok(captured cells) or Err(reason), with basic ko against
    /// `before_last` (the board before the opponent's last turn).
    fn play(
        &mut self,
        colour: u8,
        i: usize,
        before_last: Option<&SimpleGo>,
    ) -> Result<Vec<usize>, &'static str> {
        if self.stones[i] != 0 {
            return Err("occupied");
        }
        let mut next = self.clone();
        next.stones[i] = colour;
        let mut captured = Vec::new();
        for j in next.neighbours(i) {
            if next.stones[j] == 3 - colour {
                let (g, libs) = next.group(j);
                if libs == 0 {
                    for s in g {
                        if !captured.contains(&s) {
                            captured.push(s);
                        }
                    }
                }
            }
        }
        for &s in &captured {
            next.stones[s] = 0;
        }
        if next.group(i).1 == 0 {
            return Err("suicide");
        }
        if before_last.is_some_and(|b| b.stones == next.stones) {
            return Err("ko");
        }
        *self = next;
        captured.sort();
        Ok(captured)
    }

    /// The cells of groups with at least one liberty.
    fn alive(&self, colour: u8) -> Vec<usize> {
        (0..361)
            .filter(|&i| self.stones[i] == colour && self.group(i).1 > 0)
            .collect()
    }
}

fn engine_stones(p: &Position) -> Vec<u8> {
    (0..361)
        .map(|i| {
            let c = Cell::new(i % 19, i / 19).unwrap();
            match p.piece_at(c) {
                None => 0,
                Some(x) if x.side == Side::Black => 1,
                Some(_) => 2,
            }
        })
        .collect()
}

#[test]
fn go_with_rooks_is_go_on_random_games() {
    let mut counts = [0usize; 4]; // captures, suicides refused, kos refused, moves
    for (board, seeds) in [
        ("5", 0..150u64),
        ("7", 0..20),
        ("9", 0..12),
        ("chogo-44", 0..20),
        ("13", 0..3),
    ] {
        for seed in seeds {
            let r = rules("R", board);
            let mut p = Position::new(r);
            let mut simple = SimpleGo::new(r.board);
            let mut history: Vec<SimpleGo> = vec![simple.clone()];
            let mut rng = Rng::new(seed * 7 + 1);
            let cells: Vec<Cell> = r.board.cells().iter().collect();
            for _ in 0..cells.len() * 4 {
                let c = cells[rng.below(cells.len())];
                let colour = if p.turn() == Side::Black { 1 } else { 2 };
                // The board before the opponent's last turn.
                let before_last = history.len().checked_sub(2).map(|i| history[i].clone());
                let mut trial = simple.clone();
                let expected = trial.play(colour, c.index(), before_last.as_ref());
                let got = p.play(Move::Drop {
                    kind: Kind::Rook,
                    cell: c,
                });
                // The fast legality test agrees with playing.
                assert_eq!(p.is_legal_drop(Kind::Rook, c), got.is_ok(), "{p} {c}");
                match (&expected, &got) {
                    (Ok(caps), Ok(played)) => {
                        let mine: Vec<usize> = played.captured.iter().map(|c| c.index()).collect();
                        assert_eq!(&mine, caps, "{p}: {c}");
                        if !caps.is_empty() {
                            counts[0] += 1;
                        }
                        counts[3] += 1;
                        p = played.position;
                        simple = trial;
                        history.push(simple.clone());
                        assert_eq!(engine_stones(&p), simple.stones, "{p}");
                    }
                    (Err(why), Err(e)) => match *why {
                        "suicide" => {
                            counts[1] += 1;
                            assert!(matches!(e, IllegalMove::DropDead(_)), "{e}");
                        }
                        "ko" => {
                            counts[2] += 1;
                            assert_eq!(e, &IllegalMove::Ko(c));
                        }
                        _ => assert_eq!(e, &IllegalMove::Occupied(c)),
                    },
                    _ => panic!("{board} {p}: {c}: independent {expected:?}, engine {got:?}"),
                }
            }
        }
    }
    let [caps, suicides, kos, moves] = counts;
    assert!(
        caps > 500 && suicides > 200 && kos > 5 && moves > 5000,
        "{counts:?}"
    );
}

#[test]
fn the_fast_board_plays_as_the_rules_engine() {
    // The playout board of Monte Carlo search, driven by its own policy (captures,
    // saves, 3 × 3 shapes, random drops), agrees with the rules engine after every move:
    // the same drop is legal there, and the placement, captures and ko are the same.
    // Bishops alone are Go on the light cells joined diagonally.
    let mut moves = [0; 2];
    let mut captures = [0; 2];
    for (set, board, seeds) in [
        ("R", "9", 0..30u64),
        ("R", "5", 0..30),
        ("R", "13", 0..4),
        ("R", "chogo-44", 0..10),
        ("B", "9", 0..30),
        ("B", "6", 0..30),
        ("B", "13", 0..4),
        ("B", "19", 0..2),
        ("B", "chogo-44", 0..10),
    ] {
        let bishops = usize::from(set == "B");
        for seed in seeds {
            let r = rules(set, board);
            let mut p = Position::new(r);
            let mut fast = FastGo::from_position(&p).unwrap();
            let mut rng = Rng::new(seed + 1);
            let mut last = None;
            for _ in 0..400 {
                if fast.is_over() {
                    break;
                }
                let shapes = [Shapes::Off, Shapes::Mogo, Shapes::Learnt][seed as usize % 3];
                if seed % 5 == 0 {
                    // The search's priors see the shapes the playouts see, on every cell
                    // (edges, missing cells, bishops' dark cells).
                    for c in p.geometry().cells {
                        if p.piece_at(c).is_none() {
                            assert_eq!(
                                is_shape_at(&p, c),
                                fast.is_shape_move(FastGo::index(c)),
                                "{board} {p} {c}"
                            );
                        }
                    }
                }
                let before = fast.captures(p.turn());
                // Odd seeds with the rule for groups of two liberties, seeds 2 and 3 modulo 4 with
                // the nakade rules, 4 to 7 modulo 8 with the capture anywhere, multiples of 3
                // with no self-atari of two stones.
                let played = fast.policy_move_tactics(
                    &mut rng,
                    last,
                    shapes,
                    None,
                    Tactics {
                        ladders: false,
                        two_libs: seed % 2 == 1,
                        nakade: seed % 4 >= 2,
                        capture_any: seed % 8 >= 4,
                        self_atari2: seed % 3 == 0,
                    },
                );
                let mv = match played {
                    Some(v) => Move::Drop {
                        kind: fast.kind(),
                        cell: Cell::new(i32::from(v % 19), i32::from(v / 19)).unwrap(),
                    },
                    None => Move::Pass,
                };
                let next = p
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{board} {p}: the fast board's {mv:?}: {e}"));
                assert_eq!(
                    next.captured.count(),
                    fast.captures(p.turn()) - before,
                    "{p} {mv:?}"
                );
                captures[bishops] += usize::from(next.captured.any());
                p = next.position;
                assert!(fast.placement_matches(&p), "{board} {p} after {mv:?}");
                assert_eq!(fast.ko(), p.ko().map(|(_, c)| c), "{p}");
                last = played;
                moves[bishops] += 1;
            }
            assert_eq!(fast.score(), p.score(), "{p}");
        }
    }
    assert!(
        moves[0] > 5000 && captures[0] > 200,
        "rooks: {moves:?} {captures:?}"
    );
    assert!(
        moves[1] > 2500 && captures[1] > 100,
        "bishops: {moves:?} {captures:?}"
    );
}

#[test]
fn shape_moves_are_the_classic_patterns() {
    let r = rules("R", "9");
    let at = |text: &str, cell_name: &str| {
        let fast = FastGo::from_position(&pos(text, r)).unwrap();
        fast.is_shape_move(FastGo::index(cell(cell_name)))
    };
    // MoGo's hane "XO. / ... / ?.?": under White's e5, beside Black's d5; and the same
    // seen from White (mirrored, colours swapped) under Black's d5.
    let hane = "9/9/9/9/3rR4/9/9/9/9 b 0 0 0 - 1";
    assert!(at(hane, "e4"));
    assert!(at(hane, "d4"));
    // Nothing near: no shape.
    assert!(!at(hane, "h8"));
    assert!(!at("9/9/9/9/9/9/9/9/9 b 0 0 0 - 1", "e5"));
    // The unprotected cut "XO? / O.o / ?o?": e4 cuts White's e5 from d4.
    let cut = "9/9/9/9/3rR4/3R5/9/9/9 b 0 0 0 - 1";
    assert!(at(cut, "e4"));
    // With Black also on f4 and e3 the hane shapes no longer fit there, but the cut does
    // not need them to be empty of Black: still a shape.
    assert!(at("9/9/9/9/3rR4/3R1r3/4r4/9/9 b 0 0 0 - 1", "e4"));
}

#[test]
fn the_playouts_save_a_group_from_the_cut_with_the_shape_move() {
    // Black's d5 and e4 stand diagonally; White's last drop, e5, threatens the cut at d4,
    // after which e4 dies (Black e3, then White d3 takes both). No Black group is in
    // atari and White's e5 is not either, so of the playouts' rules only the 3 × 3
    // shapes answer e5: d4 connects the two stones into a group of five liberties.
    let r = rules("R", "9");
    let text = |turn: &str| format!("9/9/9/9/3rR4/4rR3/5R3/4R4/9 {turn} 0 0 0 - 1");
    let (cut, _) = play(&pos(&text("w"), r), "d4").unwrap();
    let (run, _) = play(&cut, "e3").unwrap();
    let (_, taken) = play(&run, "d3").unwrap();
    assert_eq!(
        taken,
        Bits::from_cell(cell("e3")) | Bits::from_cell(cell("e4"))
    );
    let p = pos(&text("b"), r);
    let (joined, _) = play(&p, "d4").unwrap();
    let adj = chogo::go::Adjacency::Orthogonal;
    let group = Bits::from_cell(cell("d4")).flood_by(joined.pieces(Side::Black), adj);
    assert_eq!(group.count(), 3);
    assert_eq!(
        (group.adjacent(adj) & joined.empty()).count(),
        5,
        "{joined}"
    );
    let fast = FastGo::from_position(&p).unwrap();
    let d4 = FastGo::index(cell("d4"));
    assert!(fast.is_shape_move(d4));
    let last = Some(FastGo::index(cell("e5")));
    let mut rng = Rng::new(11);
    let mut hits = |shapes: Shapes| {
        (0..2000)
            .filter(|_| fast.clone().policy_move(&mut rng, last, shapes) == Some(d4))
            .count()
    };
    // With the shapes d4 is one of a few local answers; without them one of 75 cells.
    let (with, without) = (hits(Shapes::Mogo), hits(Shapes::Off));
    assert!(
        with >= 300 && without <= 100,
        "d4 played {with} and {without} times of 2000"
    );
}

#[test]
fn bishops_shapes_are_the_patterns_turned_by_45_degrees() {
    // Bishops alone play Go on the light cells joined diagonally: the board's up is
    // up-left and its right up-right. The hane under White's e6, beside Black's d5: on
    // f5 and e4 (the rook hane's e4 and d4 turned); nothing far away; and the search's
    // priors see the same shapes as the playouts.
    let r = rules("B", "9");
    let hane = pos("9/9/9/4B4/3b5/9/9/9/9 b 0 0 0 - 1", r);
    let fast = FastGo::from_position(&hane).unwrap();
    for (name, shape) in [("f5", true), ("e4", true), ("h7", false), ("b1", false)] {
        let c = cell(name);
        assert_eq!(fast.is_shape_move(FastGo::index(c)), shape, "{name}");
        assert_eq!(is_shape_at(&hane, c), shape, "{name}");
    }
}

#[test]
fn the_local_drop_shortcut_judges_as_the_whole_board() {
    // Every drop tried on random games of every general-engine set (and the bishops'
    // light cells, the maos' legs, the pawns' one-way defence) gives the same captures,
    // position and errors as the whole-board alive search of GO_RULES §2. Both share the
    // engine's capture code, so each legal or dead-on-arrival drop is also judged by the
    // definitions written plainly here (plain_drop).
    // Captures, refused, moves, refused as dead on arrival, judged by the plain reference.
    let mut counts = [0usize; 5];
    for set in ["B", "K", "N", "P", "M", "RB", "QNP", "MPB"] {
        for (board, seeds) in [("5", 0..40u64), ("9", 0..6), ("chogo-44", 0..6)] {
            for seed in seeds {
                let r = rules(set, board);
                let kinds: Vec<Kind> = r.pieces.kinds().collect();
                let cells: Vec<Cell> = r.board.cells().iter().collect();
                let mut p = Position::new(r);
                let mut rng = Rng::new(seed * 13 + 5);
                for _ in 0..cells.len() * 3 {
                    let mv = Move::Drop {
                        kind: kinds[rng.below(kinds.len())],
                        cell: cells[rng.below(cells.len())],
                    };
                    let fast = p.play(mv);
                    let whole = p.play_whole_board(mv);
                    // The rule book's definitions, written plainly in this file, judge
                    // the drops on an empty playable cell (ko aside) as well.
                    if let Move::Drop { kind, cell } = mv
                        && p.geometry().playable.contains(cell)
                        && p.piece_at(cell).is_none()
                        && !matches!(fast, Err(IllegalMove::Ko(_)))
                    {
                        let plain = plain_drop(&p, kind, cell);
                        assert_eq!(
                            fast.as_ref().ok().map(|a| a.captured),
                            plain,
                            "{set} {p} {mv:?}: {fast:?}"
                        );
                        counts[4] += 1;
                    }
                    match (fast, whole) {
                        (Ok(a), Ok(b)) => {
                            assert_eq!(a.captured, b.captured, "{set} {p} {mv:?}");
                            assert_eq!(a.position, b.position, "{set} {p} {mv:?}");
                            counts[0] += usize::from(a.captured.any());
                            counts[2] += 1;
                            p = a.position;
                        }
                        (Err(a), Err(b)) => {
                            assert_eq!(a, b, "{set} {p} {mv:?}");
                            counts[1] += 1;
                            counts[3] += usize::from(matches!(a, IllegalMove::DropDead(_)));
                        }
                        (a, b) => panic!("{set} {p} {mv:?}: shortcut {a:?}, whole board {b:?}"),
                    }
                }
            }
        }
    }
    // Quiet drops refused as dead on arrival are the shortcut's own refusals: they must
    // be many, or the shortcut's judgment was hardly tried.
    let [caps, refused, moves, dead, plain] = counts;
    assert!(
        caps > 300 && refused > 1000 && moves > 5000 && dead > 1000 && plain > 5000,
        "{counts:?}"
    );
}

#[test]
fn alive_set_is_groups_with_a_liberty_on_random_placements() {
    let mut rng = Rng::new(99);
    for board in ["5", "9", "19", "chogo-44", "12x10"] {
        for fill in [30, 60, 80, 95] {
            for _ in 0..20 {
                for set in ["R", "W", "RW"] {
                    let r = rules(set, board);
                    let mut p = Position::new(r);
                    let mut simple = SimpleGo::new(r.board);
                    for c in r.board.cells() {
                        if rng.below(100) < fill {
                            let side = if rng.below(2) == 0 {
                                Side::Black
                            } else {
                                Side::White
                            };
                            let kind = if set == "RW" && rng.below(2) == 0 {
                                Kind::Wazir
                            } else {
                                r.pieces.kinds().next().unwrap()
                            };
                            p.set_piece(c, Some(Piece::new(side, kind)));
                            simple.stones[c.index()] = 1 + (side == Side::White) as u8;
                        }
                    }
                    for side in [Side::Black, Side::White] {
                        let expected: Vec<usize> = simple.alive(1 + (side == Side::White) as u8);
                        let general: Vec<usize> =
                            p.alive_general(side).iter().map(|c| c.index()).collect();
                        let fast: Vec<usize> = p.alive(side).iter().map(|c| c.index()).collect();
                        assert_eq!(general, expected, "{set} {p}");
                        assert_eq!(fast, expected, "{set} {p}");
                    }
                }
            }
        }
    }
}

#[test]
fn kings_and_queens_are_alive_with_their_eight_way_groups() {
    let mut rng = Rng::new(5);
    for set in ["K", "Q", "KQ"] {
        for _ in 0..200 {
            let r = rules(set, "7");
            let mut p = Position::new(r);
            for c in r.board.cells() {
                if rng.below(100) < 75 {
                    let side = if rng.below(2) == 0 {
                        Side::Black
                    } else {
                        Side::White
                    };
                    let kinds: Vec<Kind> = r.pieces.kinds().collect();
                    p.set_piece(c, Some(Piece::new(side, kinds[rng.below(kinds.len())])));
                }
            }
            for side in [Side::Black, Side::White] {
                let own = p.pieces(side);
                let empty = p.empty();
                let around = |c: Cell| -> Vec<Cell> {
                    (-1..=1)
                        .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
                        .filter(|d| *d != (0, 0))
                        .filter_map(|(df, dr)| c.offset(df, dr))
                        .filter(|n| r.board.cells().contains(*n))
                        .collect()
                };
                let mut expected = Bits::EMPTY;
                for c in own {
                    let mut group = vec![c];
                    let mut k = 0;
                    let mut free = false;
                    while k < group.len() {
                        for n in around(group[k]) {
                            free |= empty.contains(n);
                            if own.contains(n) && !group.contains(&n) {
                                group.push(n);
                            }
                        }
                        k += 1;
                    }
                    if free {
                        expected.insert(c);
                    }
                }
                assert_eq!(p.alive(side), expected, "{set} {p}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Each kind's destinations.

fn dests(text: &str, set: &str, board: &str, at: &str) -> Vec<String> {
    let p = pos(text, rules(set, board));
    let piece = p.piece_at(cell(at)).expect("a piece there");
    names(
        p.geometry()
            .moves(piece.kind, piece.side, cell(at), &p.occupied()),
    )
}

#[test]
fn each_kind_moves_as_the_rule_book_says() {
    // A rook slides through empty cells and stops before the first piece.
    assert_eq!(
        dests("5/5/r1R2/5/5 b 0 0 0 - 1", "R", "5", "c3"),
        ["c1", "c2", "b3", "d3", "e3", "c4", "c5"]
    );
    // Bishops on the light cells (a1 is dark: b1 is light).
    assert_eq!(
        dests("5/5/5/5/1b3 b 0 0 0 - 1", "B", "5", "b1"),
        ["a2", "c2", "d3", "e4"]
    );
    // A queen: both.
    assert_eq!(dests("5/5/5/5/q4 b 0 0 0 - 1", "Q", "5", "a1").len(), 12);
    // King and wazir: one step.
    assert_eq!(
        dests("5/5/2k2/5/5 b 0 0 0 - 1", "K", "5", "c3"),
        ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    );
    assert_eq!(
        dests("5/5/2w2/5/5 b 0 0 0 - 1", "W", "5", "c3"),
        ["c2", "b3", "d3", "c4"]
    );
    // A knight jumps over anything.
    assert_eq!(
        dests("5/1RRR1/1RnR1/1RRR1/5 b 0 0 0 - 1", "RN", "5", "c3"),
        ["b1", "d1", "a2", "e2", "a4", "e4", "b5", "d5"]
    );
    // A mao: unblocked, all eight; with d4 occupied, not c5/e5 (leg d4) … on a 7×7 board.
    assert_eq!(
        dests("7/7/7/3m3/7/7/7 b 0 0 0 - 1", "M", "7", "d4").len(),
        8
    );
    assert_eq!(
        dests("7/7/3R3/3m3/7/7/7 b 0 0 0 - 1", "RM", "7", "d4"),
        ["c2", "e2", "b3", "f3", "b5", "f5"]
    );
    // The leg belongs to the mao's own cell: a piece beside the target blocks nothing.
    assert_eq!(
        dests("7/7/2R1R2/3m3/7/7/7 b 0 0 0 - 1", "RM", "7", "d4").len(),
        8
    );
    // Pawns step diagonally forward: Black up, White down.
    assert_eq!(
        dests("5/5/2p2/5/5 b 0 0 0 - 1", "P", "5", "c3"),
        ["b4", "d4"]
    );
    assert_eq!(
        dests("5/5/2P2/5/5 b 0 0 0 - 1", "P", "5", "c3"),
        ["b2", "d2"]
    );
    // Missing cells: nothing lands on them (Chogo-44's cut corner a1, b1, a2).
    assert_eq!(
        dests(
            "##4##/#6#/8/8/8/#6#/##r3## b 0 0 0 - 1",
            "R",
            "chogo-44",
            "c1"
        ),
        ["d1", "e1", "f1", "c2", "c3", "c4", "c5", "c6", "c7"]
    );
    // A knight on b3 of Chogo-44 cannot land on the missing a1.
    assert!(
        !dests(
            "##4##/#6#/8/8/1n6/#6#/##4## b 0 0 0 - 1",
            "N",
            "chogo-44",
            "b3"
        )
        .contains(&"a1".to_string())
    );
}

#[test]
fn bishops_alone_play_on_the_light_cells() {
    let r = rules("B", "5");
    let p = Position::new(r);
    assert_eq!(
        play(&p, "a1").unwrap_err(),
        IllegalMove::NotPlayable(cell("a1"), r.pieces)
    );
    assert!(play(&p, "b1").is_ok());
    // With another kind in the set every cell is playable.
    assert!(play(&Position::new(rules("RB", "5")), "B@a1").is_ok());
    assert!(Position::from_text("5/5/5/5/b4 b 0 0 0 - 1", r).is_err());
}

#[test]
fn errors_read_well() {
    let r = rules("R", "9");
    let p = Position::new(r);
    let (p1, _) = play(&p, "e5").unwrap();
    assert_eq!(play(&p1, "e5").unwrap_err().to_string(), "e5 is occupied");
    assert_eq!(
        play(&p1, "B@d4").unwrap_err().to_string(),
        "bishops are not in this game's set"
    );
    assert_eq!(
        play(&p1, "j9").unwrap_err().to_string(),
        "j9 is not on the board"
    );
    assert!(matches!(
        play(&p1, "e5-e6").unwrap_err(),
        IllegalMove::MovingOff
    ));
    let rb = Position::new(rules("RB", "9"));
    assert!(
        play(&rb, "e5")
            .unwrap_err()
            .to_string()
            .contains("name the kind")
    );
    // A pawn on its own last rank is dead.
    let pawns = Position::new(rules("P", "9"));
    assert_eq!(
        play(&pawns, "c9").unwrap_err().to_string(),
        "the drop at c9 would be dead"
    );
    assert!(play(&pawns, "c1").is_ok());
    // Captures named must be exactly the set captured, in any order.
    let ko = pos("5/2rR1/1rR1R/2rR1/5 b 0 0 0 - 1", r5());
    assert!(play(&ko, "d3xc3").is_ok());
    assert_eq!(
        play(&ko, "d3xc4").unwrap_err().to_string(),
        "the move captures c3, not c4"
    );
    assert!(play(&ko, "d3").is_ok());
}

fn r5() -> Rules {
    rules("R", "5")
}

#[test]
fn defence_is_one_way_with_pawns_and_mixed_sets() {
    // Black pawns c3 and d4: c3 defends d4 (diagonally forward), d4 cannot defend c3.
    // White holds b4, c5 and e5: d4 cannot move, c3 can only defend.
    let r = rules("P", "5");
    let p = pos("2P1P/1P1p1/2p2/5/5 b 0 0 0 - 1", r);
    assert_eq!(names(p.dead(Side::Black)), ["c3", "d4"]);
    // Free e5: d4 can move, so c3 (which defends it) lives too.
    let p = pos("2P2/1P1p1/2p2/5/5 b 0 0 0 - 1", r);
    assert!(p.dead(Side::Black).is_empty());
    // Free b4 instead: c3 can move, but d4 does not defend it and stays dead.
    let p = pos("2P1P/3p1/2p2/5/5 b 0 0 0 - 1", r);
    assert_eq!(names(p.dead(Side::Black)), ["d4"]);
}

#[test]
fn bishop_defends_rook_but_not_the_reverse() {
    let r = rules("RB", "5");
    // Black rook a1 walled in by White a2 and b1; Black bishop b2 has a1 on its diagonal
    // and can move to c1. The bishop defends the rook, the rook (no line to b2) does not
    // defend the bishop: a1 is dead.
    let p = pos("5/5/R4/Rb3/rR3 b 0 0 0 - 1", r);
    assert_eq!(names(p.dead(Side::Black)), ["a1"]);
    // A Black rook on a2 instead of White's defends the bishop beside it on its rank, and
    // the rook on a1 defends a2 on its file: all live.
    let p = pos("5/5/R1R2/rb3/rR3 b 0 0 0 - 1", r);
    assert!(p.dead(Side::Black).is_empty());
}

#[test]
fn a_capturing_drop_that_stays_dead_is_illegal() {
    // Rooks and knights: the White rook a1 dies when a knight fills b1, but the knight's
    // jumps a3, c3, d2 hold White pieces and a1 is not a knight's jump from b1.
    let r = rules("RN", "5");
    let p = pos("5/5/R1R2/r2R1/R4 b 0 0 0 - 1", r);
    assert!(p.dead(Side::White).is_empty() && p.dead(Side::Black).is_empty());
    assert_eq!(
        play(&p, "N@b1").unwrap_err().to_string(),
        "the drop at b1 would be dead"
    );
    // A rook there captures a1 and lives (a1 is its neighbour).
    let (after, captured) = play(&p, "R@b1").unwrap();
    assert_eq!(names(captured), ["a1"]);
    assert_eq!(after.captures(Side::Black), 1);
}

#[test]
fn simple_ko_and_its_ban_field() {
    let p = pos("5/2rR1/1rR1R/2rR1/5 b 0 0 0 - 1", r5());
    let (p1, captured) = play(&p, "d3").unwrap();
    assert_eq!(names(captured), ["c3"]);
    assert_eq!(p1.to_string(), "5/2rR1/1r1rR/2rR1/5 w 1 0 0 c3 1");
    assert_eq!(
        play(&p1, "c3").unwrap_err().to_string(),
        "c3 retakes the ko at once"
    );
    assert_eq!(p1.ko(), Some((Kind::Rook, cell("c3"))));
    // The field reads back; a pass clears it; elsewhere, then the retake is legal.
    assert_eq!(pos(&p1.to_string(), r5()), p1);
    let (p2, _) = play(&p1, "a1").unwrap();
    assert_eq!(p2.ko(), None);
    let (p3, _) = play(&p2, "e1").unwrap();
    let (p4, captured) = play(&p3, "c3").unwrap();
    assert_eq!(names(captured), ["d3"]);
    assert_eq!(p4.ko(), Some((Kind::Rook, cell("d3"))));
    let (p5, _) = play(&p4, "pass").unwrap();
    assert_eq!(p5.ko(), None);
    // Readers refuse a ko on an occupied cell or after a pass.
    assert!(Position::from_text("5/2rR1/1r1rR/2rR1/5 w 1 0 0 d3 1", r5()).is_err());
    assert!(Position::from_text("5/2rR1/1r1rR/2rR1/5 w 1 0 1 c3 1", r5()).is_err());
    // With two kinds the field names the kind.
    let rb = rules("RB", "5");
    let p = pos("5/2rR1/1rR1R/2rR1/5 b 0 0 0 - 1", rb);
    let (p1, _) = play(&p, "R@d3").unwrap();
    assert_eq!(p1.ko_text().as_deref(), Some("R@c3"));
    assert_eq!(play(&p1, "R@c3").unwrap_err(), IllegalMove::Ko(cell("c3")));
    // Retaking with another kind makes another placement: no ko.
    let (_, captured) = play(&p1, "B@c3").unwrap();
    assert_eq!(names(captured), ["d3"]);
}

/// Three kos on a 9×9 board (GO_RULES §4): a cycle of six plies that basic ko does not
/// stop. Returns the start and the cycle's moves.
fn triple_ko() -> (Position, Vec<String>) {
    let r = rules("R", "9");
    let mut p = Position::new(r);
    let x = 3;
    let at = |f: i32, r: i32| Cell::new(f, r).unwrap();
    let mut cycle = [Vec::new(), Vec::new()];
    for (unit, y) in [1, 4, 7].into_iter().enumerate() {
        for (f, rk, side) in [
            (x - 1, y, Side::Black),
            (x, y - 1, Side::Black),
            (x, y + 1, Side::Black),
            (x + 2, y, Side::White),
            (x + 1, y - 1, Side::White),
            (x + 1, y + 1, Side::White),
        ] {
            p.set_piece(at(f, rk), Some(Piece::new(side, Kind::Rook)));
        }
        // Units 0 and 2: a White stone in Black's mouth; unit 1: the reverse.
        if unit == 1 {
            p.set_piece(at(x + 1, y), Some(Piece::new(Side::Black, Kind::Rook)));
        } else {
            p.set_piece(at(x, y), Some(Piece::new(Side::White, Kind::Rook)));
        }
        cycle[0].push((at(x + 1, y), at(x, y)));
    }
    let p = pos(&p.to_string(), r);
    let [(b1, w1), (b2, w2), (b3, w3)] = [cycle[0][0], cycle[0][1], cycle[0][2]];
    let moves = [
        b1.to_string(),
        w2.to_string(),
        b3.to_string(),
        w1.to_string(),
        b2.to_string(),
        w3.to_string(),
    ];
    (p, moves.to_vec())
}

#[test]
fn third_occurrence_draws_a_triple_ko() {
    let (start, cycle) = triple_ko();
    let mut game = Game::from_position(start);
    for (i, m) in cycle.iter().chain(&cycle).enumerate() {
        assert!(game.outcome().is_none(), "ply {i}");
        game.play_text(&m.parse().unwrap())
            .unwrap_or_else(|e| panic!("ply {i}: {m}: {e}"));
    }
    // Start, after 6 and after 12 plies: the third occurrence.
    let o = game.outcome().expect("a draw");
    assert_eq!((o.winner, o.reason), (None, EndReason::Repetition));
    // Two passes at the end of the game are scored instead.
    let mut game = Game::from_position(start);
    assert!(game.play(Move::Pass).is_ok());
    assert_eq!(game.play(Move::Pass).map(|b| b.count()), Ok(0));
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Passes));
}

#[test]
fn superko_forbids_any_earlier_placement() {
    let (start, cycle) = triple_ko();
    let superko = Rules {
        superko: true,
        ..*start.rules()
    };
    let mut game = Game::from_position(pos(&start.to_string(), superko));
    for m in &cycle[..5] {
        game.play_text(&m.parse().unwrap()).unwrap();
    }
    let err = game.play_text(&cycle[5].parse().unwrap()).unwrap_err();
    assert!(matches!(err, IllegalMove::Superko(_)), "{err}");
    assert!(err.to_string().contains("repeats an earlier position"));
    // Moving pieces imply superko: a rook that goes and comes back.
    let moving = Rules {
        moving: true,
        ..r5()
    };
    let mut game = Game::from_position(pos("R4/5/5/5/r4 b 0 0 0 - 1", moving));
    for m in ["a1-b1", "a5-b5", "b1-a1"] {
        game.play_text(&m.parse().unwrap()).unwrap();
    }
    assert!(matches!(
        game.play_text(&"b5-a5".parse().unwrap()),
        Err(IllegalMove::Superko(_))
    ));
}

#[test]
fn moving_pieces() {
    let moving = Rules {
        moving: true,
        ..r5()
    };
    let p = pos("5/5/5/5/r4 b 0 0 0 - 1", moving);
    let (p1, _) = play(&p, "a1-a5").unwrap();
    assert_eq!(p1.to_string(), "r4/5/5/5/5 w 0 0 0 - 1");
    assert_eq!(
        play(&p, "a1-b2").unwrap_err().to_string(),
        "the rook on a1 cannot move to b2"
    );
    assert_eq!(
        play(&p1, "a5-a4").unwrap_err().to_string(),
        "there is no piece of the side to move on a5"
    );
    // A move captures: Black closes White's last liberty by moving.
    let p = pos("5/5/5/r4/R1r2 b 0 0 0 - 1", moving);
    let (_, captured) = play(&p, "c1-b1").unwrap();
    assert_eq!(names(captured), ["a1"]);
    // A move that leaves the mover dead is illegal: a pawn that cannot come back.
    let pawns = Rules {
        moving: true,
        ..rules("P", "7")
    };
    let p = pos("7/7/7/2P1P2/7/2p4/7 b 0 0 0 - 1", pawns);
    assert_eq!(
        play(&p, "c2-d3").unwrap_err().to_string(),
        "the piece moved to d3 would be dead"
    );
    // Moves are listed with drops.
    let game = Game::from_position(pos("5/5/5/5/r4 b 0 0 0 - 1", moving));
    let all = game.legal_moves();
    assert_eq!(
        all.iter()
            .filter(|m| matches!(m, Move::Step { .. }))
            .count(),
        8
    );
}

#[test]
fn scoring() {
    // Shared reach: a cell both sides reach counts for nobody.
    let r = r5();
    let p = pos("5/5/5/5/r3R b 0 0 0 - 1", r);
    assert_eq!(p.controlled(), [Bits::EMPTY, Bits::EMPTY]);
    assert_eq!(p.score(), [0.0, 0.0]);
    // A wall: Black owns the left side, White the right.
    let p = pos("1r1R1/1r1R1/1r1R1/1r1R1/1r1R1 b 0 0 0 - 1", r);
    let [b, w] = p.controlled();
    assert_eq!(names(b), ["a1", "a2", "a3", "a4", "a5"]);
    assert_eq!(names(w), ["e1", "e2", "e3", "e4", "e5"]);
    // c-file: both reach it: nobody's.
    assert_eq!(p.score(), [5.0, 5.0]);
    // Komi and captures.
    let komi = Rules { komi: 6.5, ..r };
    let p = pos("1r1R1/1r1R1/1r1R1/1r1R1/1r1R1 b 3 1 2 - 20", komi);
    assert_eq!(p.score(), [8.0, 12.5]);
    let game = Game::from_position(p);
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(Side::White));
    // A dead-looking White stone left on Black's side spoils Black's area around it.
    let p = pos("1r1R1/1r1R1/Rr1R1/1r1R1/1r1R1 b 0 0 0 - 1", r);
    let [b, _] = p.controlled();
    assert!(b.is_empty(), "{b:?}");
    // A piece reaches through the cell it left (knight's tour of a corner).
    let n = rules("N", "5");
    let p = pos("5/5/5/5/n4 b 0 0 0 - 1", n);
    assert_eq!(p.controlled()[0].count(), 24);
    // Pawns reach only forward.
    let pw = rules("P", "5");
    let p = pos("5/5/5/5/2p2 b 0 0 0 - 1", pw);
    assert_eq!(
        names(p.controlled()[0]),
        ["b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5"]
    );
}

// ---------------------------------------------------------------------------------------
// Perft data files.

fn rules_field(field: &str) -> Rules {
    let mut r = Rules::default();
    for word in field.split_whitespace() {
        match word {
            "moving" => r.moving = true,
            "superko" => r.superko = true,
            w if w.starts_with("komi=") => r.komi = w[5..].parse().unwrap(),
            w if w.chars().next().is_some_and(|c| c.is_ascii_digit()) || w.contains('-') => {
                r.board = w.parse().unwrap()
            }
            w => r.pieces = w.parse().unwrap(),
        }
    }
    r
}

#[test]
fn perft_data_files() {
    let mut cases = 0;
    let mut presets = HashSet::new();
    let mut files: Vec<_> = fs::read_dir("tests/go_perft")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    for path in files {
        for (n, line) in fs::read_to_string(&path).unwrap().lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split(" ; ").map(str::trim).collect();
            let at = format!("{}:{}", path.display(), n + 1);
            assert_eq!(fields.len(), 4, "{at}: rules ; position ; depth ; count");
            let r = rules_field(fields[0]);
            let p = if fields[1] == "start" {
                Position::new(r)
            } else {
                pos(fields[1], r)
            };
            let depth: u32 = fields[2].parse().unwrap();
            let expected: u64 = fields[3].parse().unwrap();
            let mut game = Game::from_position(p);
            assert_eq!(perft(&mut game, depth), expected, "{at}");
            presets.insert((r.pieces.to_string(), r.board.to_string()));
            cases += 1;
        }
    }
    for set in PieceSet::PRESETS {
        for board in ["5x5", "9x9"] {
            assert!(
                presets.contains(&(set.to_string(), board.to_string())),
                "no perft for {set} on {board}"
            );
        }
    }
    assert!(cases >= 20, "{cases}");
}

/// Perft of Go with rooks on the independent board (basic ko, no repetition draw within
/// these depths).
fn simple_perft(
    b: &SimpleGo,
    colour: u8,
    before_last: Option<&SimpleGo>,
    passes: u8,
    depth: u32,
) -> u64 {
    if depth == 0 || passes >= 2 {
        return 1;
    }
    let mut total = simple_perft(b, 3 - colour, None, passes + 1, depth - 1);
    for i in 0..361 {
        if b.exists[i] && b.stones[i] == 0 {
            let mut next = b.clone();
            if next.play(colour, i, before_last).is_ok() {
                total += simple_perft(&next, 3 - colour, Some(b), 0, depth - 1);
            }
        }
    }
    total
}

#[test]
fn rook_perft_agrees_with_the_independent_board() {
    // Every rook count of the data files, on the independent board.
    let data = fs::read_to_string("tests/go_perft/presets.perft").unwrap();
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| l.starts_with("R ") && !l.contains("moving"))
    {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let r = rules_field(fields[0]);
        let p = if fields[1] == "start" {
            Position::new(r)
        } else {
            pos(fields[1], r)
        };
        let mut simple = SimpleGo::new(r.board);
        simple.stones = engine_stones(&p);
        let colour = if p.turn() == Side::Black { 1 } else { 2 };
        let depth: u32 = fields[2].parse().unwrap();
        assert_eq!(
            simple_perft(&simple, colour, None, 0, depth).to_string(),
            fields[3],
            "{line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 4);
    for (board, text, depth) in [
        ("5", "start", 3),
        ("5", "5/2rR1/1rR1R/2rR1/5 b 0 0 0 - 1", 3),
        ("5", "r1R2/R4/5/3r1/2rR1 w 0 0 0 - 4", 3),
        ("chogo-44", "start", 2),
    ] {
        let r = rules("R", board);
        let p = if text == "start" {
            Position::new(r)
        } else {
            pos(text, r)
        };
        let mut simple = SimpleGo::new(r.board);
        simple.stones = engine_stones(&p);
        let colour = if p.turn() == Side::Black { 1 } else { 2 };
        let expected = simple_perft(&simple, colour, None, 0, depth);
        assert_eq!(
            perft(&mut Game::from_position(p), depth),
            expected,
            "{board} {text}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Playouts, records, SGF.

#[test]
fn random_playouts_end_and_leave_no_dead_piece() {
    for (set, board) in [
        ("R", "9"),
        ("R", "19"),
        ("RB", "9"),
        ("N", "9"),
        ("P", "9"),
        ("M", "9"),
        ("K", "9"),
        ("B", "9"),
        ("R", "chogo-44"),
    ] {
        let r = rules(set, board);
        let mut rng = Rng::new(3);
        let cap = 3 * r.board.cells().count() as usize;
        let mut ended = 0;
        for _ in 0..10 {
            // Basic ko does not stop every cycle (several kos at once): playouts stop at a
            // cap; most end by two passes.
            let (end, n) = playout(&Position::new(r), &mut rng, cap);
            assert!(end.is_over() || n == cap, "{set} {board}: {n} moves");
            ended += end.is_over() as usize;
            assert!(end.dead(Side::Black).is_empty() && end.dead(Side::White).is_empty());
        }
        if set == "R" {
            assert!(ended >= 7, "{set} {board}: {ended} of 10 ended");
        }
    }
}

fn random_game(r: Rules, seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::from_position(Position::new(r));
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let mut moves = game.legal_moves();
        // Passes are rare in these games.
        if moves.len() > 1 && rng.below(20) != 0 {
            moves.retain(|m| *m != Move::Pass);
        }
        let mv = moves[rng.below(moves.len())];
        game.play(mv).unwrap();
    }
    game
}

mod round_trips {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn position_text(seed in 0u64..10_000, set in 0usize..PieceSet::PRESETS.len(), board in prop::sample::select(vec!["5", "9", "13", "chogo-44", "12x10", "19"]), plies in 0usize..40) {
            let r = rules(PieceSet::PRESETS[set], board);
            let game = random_game(r, seed, plies);
            let text = game.position().to_string();
            let back = Position::from_text(&text, r).unwrap();
            prop_assert_eq!(back.to_string(), text);
            prop_assert_eq!(&back, game.position());
        }

        #[test]
        fn record(seed in 0u64..10_000, set in 0usize..PieceSet::PRESETS.len(), moving in any::<bool>(), superko in any::<bool>(), plies in 0usize..60) {
            let r = Rules { moving, superko, komi: 2.5, ..rules(PieceSet::PRESETS[set], "7") };
            let game = random_game(r, seed, plies);
            let text = Record::from_game(&game, &[("Black", "a"), ("White", "b")]).to_string();
            let record = Record::parse(&text).unwrap();
            // Moving pieces imply superko: their records never say "basic".
            prop_assert_eq!(text.contains("[Ko "), !moving || superko);
            prop_assert!(!(moving && text.contains("[Ko \"basic\"]")));
            prop_assert_eq!(record.rules, r);
            let replayed = record.to_game().unwrap();
            prop_assert_eq!(replayed.position(), game.position());
            prop_assert_eq!(replayed.outcome(), game.outcome());
        }

        #[test]
        fn save(seed in 0u64..10_000, set in 0usize..PieceSet::PRESETS.len(), moving in any::<bool>(), superko in any::<bool>(), plies in 0usize..40) {
            use chogo::save::{GoPlayer, GoSavedGame};
            // A saved game resumes with the very rules it was played with, ko rule included.
            let r = Rules { moving, superko, ..rules(PieceSet::PRESETS[set], "7") };
            let game = random_game(r, seed, plies);
            let players = chogo::rules::BySide { black: GoPlayer::Human, white: GoPlayer::Human };
            let text = GoSavedGame { game: game.clone(), players }.to_text();
            let back = GoSavedGame::from_text(&text).unwrap();
            prop_assert_eq!(back.game.start(), game.start());
            prop_assert_eq!(back.game.position(), game.position());
        }

        #[test]
        fn sgf(seed in 0u64..10_000, size in 5u8..=19, plies in 0usize..150, komi in 0u8..20) {
            let r = Rules { komi: komi as f64 / 2.0, ..rules("R", &size.to_string()) };
            let game = random_game(r, seed, plies);
            let text = sgf::write(&game, "B", "W").unwrap();
            let back = SgfGame::parse(&text).unwrap();
            prop_assert_eq!(back.rules, r);
            let replayed = back.to_game().unwrap();
            prop_assert!(replayed.position().same_placement(game.position()));
            prop_assert_eq!(replayed.position().to_string(), game.position().to_string());
        }
    }
}

#[test]
fn sgf_from_other_programs() {
    // Variations, comments, unknown properties, a handicap setup, `tt` passes.
    let text = "(;GM[1]FF[4]SZ[9]KM[0.5]PB[x\\]y]PW[z]AB[cc][gg]C[setup]XX[ignored]
        ;W[ee]C[comment [with\\] brackets];B[ec](;W[tt];B[])(;W[dd]))";
    let g = SgfGame::parse(text).unwrap();
    assert_eq!(g.black.as_deref(), Some("x]y"));
    assert_eq!(g.start.turn(), Side::White);
    assert_eq!(g.rules.komi, 0.5);
    let game = g.to_game().unwrap();
    assert_eq!(game.moves().len(), 4);
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Passes));
    // Rows count from the top: cc is c7 on 9×9, gg is g3; ee is e5; ec is e7.
    let p = game.position();
    for (c, side) in [
        ("c7", Side::Black),
        ("g3", Side::Black),
        ("e5", Side::White),
        ("e7", Side::Black),
    ] {
        assert_eq!(p.piece_at(cell(c)).map(|x| x.side), Some(side), "{c}");
    }
    assert!(SgfGame::parse("(;GM[3]SZ[9])").is_err());
    assert!(SgfGame::parse("(;SZ[25])").is_err());
    assert!(SgfGame::parse("(;SZ[9];B[zz])").is_err());
    assert!(SgfGame::parse("(;SZ[9];B[aa]").is_err());
    assert!(SgfGame::parse("").is_err());
    // What the load dialog says of a broken file names SGF once, and the stray word.
    let said = chogo::save::import_go("(;GM[1]SZ[9];B[cc]junk;W[dd])", Rules::default());
    assert_eq!(
        said.map(|r| r.map(|_| ())),
        Some(Err("SGF: 'junk' is not a property name".to_string()))
    );
    // A game of another set is not SGF.
    let rb = Game::from_position(Position::new(rules("RB", "9")));
    assert!(sgf::write(&rb, "a", "b").is_err());
}

#[test]
fn gnugo_printsgf_setup_reads_as_a_position() {
    // GNU Go's `printsgf` writes the board as AB/AW setup over several lines, with its own
    // properties (IL, GN, AP …): this is the same position as the end of its self-play.
    let text = fs::read_to_string("tests/go_records/gnugo-printsgf-setup.sgf").unwrap();
    let expected = fs::read_to_string("tests/go_records/gnugo-selfplay-9x9.final").unwrap();
    let g = SgfGame::parse(&text).unwrap();
    assert_eq!(g.start.placement_text(), expected.trim());
    assert_eq!(g.start.turn(), Side::Black);
    assert_eq!(g.rules.komi, 4.5);
    assert!(g.moves.is_empty());
}

#[test]
fn real_sgf_games_replay_to_their_final_positions() {
    // GNU Go 3.8 playing itself (level 1, Chinese rules, capture all dead) on 9×9 and
    // 19×19; each final placement is the board GNU Go's `showboard` printed at the end of
    // its game, so our captures, suicide and ko agree with GNU Go's on every move.
    for (name, min_moves) in [("9x9", 60), ("19x19", 250)] {
        let text =
            fs::read_to_string(format!("tests/go_records/gnugo-selfplay-{name}.sgf")).unwrap();
        let expected =
            fs::read_to_string(format!("tests/go_records/gnugo-selfplay-{name}.final")).unwrap();
        let game = SgfGame::parse(&text).unwrap().to_game().unwrap();
        assert_eq!(game.position().placement_text(), expected.trim(), "{name}");
        assert!(game.moves().len() >= min_moves, "{name}");
        assert_eq!(
            game.outcome().map(|o| o.reason),
            Some(EndReason::Passes),
            "{name}"
        );
    }
}

#[test]
fn the_fast_board_equals_the_rules_move_for_move() {
    use chogo::go::fast::FastGo;
    let mut checked = 0;
    for (board, set, games) in [
        ("9", "R", 30),
        ("5", "R", 60),
        ("13", "W", 4),
        ("chogo-44", "R", 20),
        ("12x10", "R", 5),
        ("9", "B", 30),
        ("5", "B", 60),
        ("chogo-44", "B", 20),
        ("12x8", "B", 5),
        ("9", "D", 30),
        ("13", "D", 10),
        ("chogo-44", "D", 20),
        ("12x10", "D", 5),
        ("9", "A", 30),
        ("19", "A", 5),
        ("chogo-44", "A", 20),
        ("10x8", "A", 10),
    ] {
        let r = rules(set, board);
        let mut rng = Rng::new(17);
        for _ in 0..games {
            let mut p = Position::new(r);
            let mut fast = FastGo::from_position(&p).unwrap();
            let cap = 3 * r.board.cells().count() as usize;
            for _ in 0..cap {
                if p.is_over() {
                    break;
                }
                for c in r.board.cells() {
                    assert_eq!(
                        fast.is_legal(FastGo::index(c)),
                        p.play(Move::Drop {
                            kind: fast.kind(),
                            cell: c
                        })
                        .is_ok(),
                        "{p}: {c}"
                    );
                }
                let mv = match fast.random_move(&mut rng) {
                    Some(v) => Move::Drop {
                        kind: fast.kind(),
                        cell: r
                            .board
                            .cells()
                            .iter()
                            .find(|c| c.index() == v as usize)
                            .unwrap(),
                    },
                    None => Move::Pass,
                };
                p = p.play(mv).unwrap().position;
                assert!(fast.placement_matches(&p), "{p}");
                assert_eq!(fast.ko(), p.ko().map(|(_, c)| c), "{p}");
                assert_eq!(fast.turn(), p.turn());
                for side in [Side::Black, Side::White] {
                    assert_eq!(fast.captures(side), p.captures(side));
                }
                checked += 1;
            }
            assert_eq!(fast.score(), p.score(), "{p}");
            // And from a position text with a ko.
            let again = FastGo::from_position(&pos(&p.to_string(), r)).unwrap();
            assert!(again.placement_matches(&p));
        }
    }
    assert!(checked > 10_000, "{checked}");
}

mod no_panics {
    use super::*;
    use chogo::go::gtp::Engine;
    use proptest::prelude::*;

    fn texty() -> impl Strategy<Value = String> {
        prop::string::string_regex(r"[ -~\n\[\]();@#/xX0-9a-tA-T\\-]{0,80}").unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn readers_never_panic(text in texty(), set in 0usize..PieceSet::PRESETS.len()) {
            let r = rules(PieceSet::PRESETS[set], "9");
            reads_back(&text, r)?;
            if let Ok(m) = text.parse::<MoveText>() {
                let _ = Position::new(r).play_text(&m);
            }
            // Every command line gets a whole GTP reply: success or failure, blank line.
            let mut engine = Engine::new(Rules::default(), 1);
            for line in text.lines() {
                if let Some((reply, _)) = engine.handle(line) {
                    prop_assert!(
                        (reply.starts_with('=') || reply.starts_with('?'))
                            && reply.ends_with("\n\n"),
                        "{:?}: {:?}", line, reply
                    );
                } else {
                    let words = line.split('#').next().unwrap_or("");
                    prop_assert!(
                        words.split_whitespace().all(|w| w.bytes().all(|b| b.is_ascii_digit())),
                        "no reply to {:?}", line
                    );
                }
            }
        }

        /// A text each reader accepts (a position, a record, an SGF game, a move, from a
        /// random game), edited at up to three places with the notation's characters:
        /// unedited, its reader accepts it; edited, whatever still reads is written back
        /// to the same thing and refusals say why on one line.
        #[test]
        fn edited_texts_read_back_or_are_refused(
            set in 0usize..PieceSet::PRESETS.len(),
            seed in 0u64..10_000,
            plies in 0usize..40,
            edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(EDIT_CHARS.chars().collect::<Vec<_>>())), 0..4),
        ) {
            let r = rules(PieceSet::PRESETS[set], "9");
            let game = random_game(r, seed, plies);
            let move_text = match game.moves().last() {
                Some(&(mv, _)) => game.positions()[game.positions().len() - 2].move_text(mv),
                None => "pass".to_string(),
            };
            let mut texts = vec![
                game.position().to_string(),
                Record::from_game(&game, &[]).to_string(),
                move_text,
            ];
            texts.extend(sgf::write(&game, "Black", "White").ok());
            for (kind, text) in texts.iter().enumerate() {
                let edited = edit(text, &edits);
                if edits.is_empty() {
                    let reads = match kind {
                        0 => Position::from_text(&edited, r).map(drop).map_err(|e| e.to_string()),
                        1 => Record::parse(&edited).map_err(|e| e.to_string())
                            .and_then(|rec| rec.to_game().map(drop).map_err(|e| e.to_string())),
                        2 => edited.parse::<MoveText>().map(drop).map_err(|e| e.to_string()),
                        _ => SgfGame::parse(&edited).map_err(|e| e.to_string())
                            .and_then(|g| g.to_game().map(drop).map_err(|e| e.to_string())),
                    };
                    prop_assert_eq!(reads, Ok(()), "{}", edited);
                }
                reads_back(&edited, r)?;
            }
        }

        /// Move texts in the notation's shape (drops, moves, capture lists) print back
        /// as they read.
        #[test]
        fn move_texts_round_trip(
            text in r"pass|(([RBNPKQWM]@)?[a-k](1[0-9]?|[2-9])|[a-k][1-9]-[a-k][1-9])(x[a-k][1-9]){0,3}"
        ) {
            let parsed = text.parse::<MoveText>();
            // A capture list names each cell once (it is exactly the captured set).
            let listed: Vec<&str> = text.split('x').skip(1).collect();
            let twice = listed.iter().enumerate().any(|(i, c)| listed[..i].contains(c));
            if twice {
                prop_assert!(
                    matches!(parsed, Err(chogo::go::ParseMoveError::CapturedTwice(..))),
                    "{} reads: {:?}", text, parsed
                );
                return Ok(());
            }
            prop_assert!(parsed.is_ok(), "{} does not read: {:?}", text, parsed);
            let m = parsed.unwrap();
            prop_assert_eq!(m.to_string().parse::<MoveText>().unwrap(), m);
        }

        #[test]
        fn position_fields_never_panic(
            placement in prop::string::string_regex(r"[rRbBnNpP1-9#/]{0,40}").unwrap(),
            rest in prop::string::string_regex(r"[bw] [0-9]{1,3} [0-9]{1,3} [0-3] (-|[a-k][0-9]{1,2}|R@[a-k][0-9]) [0-9]{1,3}").unwrap(),
        ) {
            for board in ["5", "9", "chogo-44"] {
                for set in ["R", "RBNP"] {
                    let r = rules(set, board);
                    let text = format!("{placement} {rest}");
                    reads_back(&text, r)?;
                    if let Ok(p) = Position::from_text(&text, r) {
                        let _ = p.score();
                    }
                }
            }
        }

        #[test]
        fn sgf_never_panics(body in prop::collection::vec(
            (prop::sample::select(vec!["B", "W", "AB", "AW", "AE", "SZ", "KM", "C", "PL", "GM"]),
             prop::string::string_regex(r"[a-u]{0,2}|[0-9.]{1,3}|:|[BW]").unwrap()), 0..20)) {
            let mut text = String::from("(;");
            for (k, v) in body {
                text.push_str(&format!("{k}[{v}];"));
            }
            text.push(')');
            reads_back(&text, Rules::default())?;
        }
    }

    /// The characters the edits of `edited_texts_read_back_or_are_refused` put in.
    const EDIT_CHARS: &str = "abcdjs0159#/[];()RBNP@x- \"\n";

    use crate::common::edit;

    /// Every reader given `text` under `r`: none panics; each refusal is a message in
    /// words on one line; whatever one accepts is written back to a text that reads the
    /// same (a position's moves can be listed, a record's and an SGF game's game replayed).
    fn reads_back(text: &str, r: Rules) -> Result<(), TestCaseError> {
        let explained = |e: String| -> Result<(), TestCaseError> {
            prop_assert!(
                e.chars().any(char::is_alphabetic) && !e.contains('\n'),
                "{:?} for {:?}",
                e,
                text
            );
            Ok(())
        };
        match Position::from_text(text, r) {
            Ok(p) => {
                prop_assert_eq!(Position::from_text(&p.to_string(), r).ok(), Some(p));
                let _ = Game::from_position(p).legal_moves();
            }
            Err(e) => explained(e.to_string())?,
        }
        match text.parse::<MoveText>() {
            Ok(m) => prop_assert_eq!(m.to_string().parse::<MoveText>().ok(), Some(m)),
            Err(e) => explained(e.to_string())?,
        }
        match Record::parse(text).map(|rec| rec.to_game()) {
            Ok(Ok(game)) => assert_same_game(&record_round_trip(&game), &game),
            Ok(Err(e)) => explained(e.to_string())?,
            Err(e) => explained(e.to_string())?,
        }
        match SgfGame::parse(text).map(|g| g.to_game()) {
            Ok(Ok(game)) => sgf_round_trip(&game),
            Ok(Err(e)) => explained(e.to_string())?,
            Err(e) => explained(e.to_string())?,
        }
        Ok(())
    }

    /// The game written as a record (GO_RULES §5) and read back.
    fn record_round_trip(game: &Game) -> Game {
        let text = Record::from_game(game, &[]).to_string();
        Record::parse(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_game()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn assert_same_game(a: &Game, b: &Game) {
        assert_eq!(a.start(), b.start());
        assert_eq!(a.moves(), b.moves());
        assert_eq!(a.position(), b.position());
        assert_eq!(a.outcome(), b.outcome());
    }

    /// A game read from SGF, written as SGF (when it is a game SGF can hold) and read
    /// back, is the same game; its record round trip too.
    fn sgf_round_trip(game: &Game) {
        assert_same_game(&record_round_trip(game), game);
        let Ok(text) = sgf::write(game, "Black", "White") else {
            return;
        };
        let again = SgfGame::parse(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_game()
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(again.start(), game.start(), "{text}");
        assert_eq!(again.moves(), game.moves(), "{text}");
    }
}

/// Each kind's targets written again, plainly, for the definition tests below: the cells it
/// would move to if they were empty (sliders stop at the first piece).
fn plain_targets(
    kind: Kind,
    side: Side,
    from: (i32, i32),
    exists: &dyn Fn(i32, i32) -> bool,
    occupied: &dyn Fn(i32, i32) -> bool,
) -> Vec<(i32, i32)> {
    let (f, r) = from;
    let mut out = Vec::new();
    let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let jumps = [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (-2, 1),
        (2, -1),
        (-2, -1),
    ];
    let slide = |dirs: &[(i32, i32)], out: &mut Vec<(i32, i32)>| {
        for (df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while exists(x, y) {
                out.push((x, y));
                if occupied(x, y) {
                    break;
                }
                x += df;
                y += dr;
            }
        }
    };
    match kind {
        Kind::Rook => slide(&orth, &mut out),
        Kind::Bishop => slide(&diag, &mut out),
        Kind::Queen => {
            slide(&orth, &mut out);
            slide(&diag, &mut out);
        }
        Kind::King => out.extend(orth.iter().chain(&diag).map(|(a, b)| (f + a, r + b))),
        Kind::Wazir => out.extend(orth.iter().map(|(a, b)| (f + a, r + b))),
        Kind::Knight => out.extend(jumps.iter().map(|(a, b)| (f + a, r + b))),
        Kind::Mao => {
            for (a, b) in jumps {
                // The leg: one step from the mao along the jump's longer side.
                let leg = if a.abs() == 2 {
                    (f + a / 2, r)
                } else {
                    (f, r + b / 2)
                };
                if exists(leg.0, leg.1) && !occupied(leg.0, leg.1) {
                    out.push((f + a, r + b));
                }
            }
        }
        Kind::Pawn => {
            let fwd = if side == Side::Black { 1 } else { -1 };
            out.extend([(f - 1, r + fwd), (f + 1, r + fwd)]);
        }
        // Jumps of exactly two: whatever lies between (a piece, a missing cell) is
        // jumped over.
        Kind::Dabbaba => {
            out.extend([(2, 0), (-2, 0), (0, 2), (0, -2)].map(|(a, b)| (f + a, r + b)))
        }
        Kind::Alfil => {
            out.extend([(2, 2), (-2, 2), (2, -2), (-2, -2)].map(|(a, b)| (f + a, r + b)))
        }
    }
    out.retain(|&(x, y)| exists(x, y));
    out
}

/// The side's alive pieces as GO_RULES §2 defines them: the least fixed point, by plain
/// iteration over [`plain_targets`].
fn plain_alive(p: &Position, side: Side) -> Bits {
    let geo = *p.geometry();
    let at = |x: i32, y: i32| Cell::new(x, y).filter(|c| geo.cells.contains(*c));
    let exists = |x: i32, y: i32| at(x, y).is_some();
    let occ = p.occupied();
    let occupied = |x: i32, y: i32| at(x, y).is_some_and(|c| occ.contains(c));
    let playable_empty =
        |x: i32, y: i32| at(x, y).is_some_and(|c| geo.playable.contains(c) && !occ.contains(c));
    let own: Vec<(Cell, Kind)> = p
        .pieces(side)
        .iter()
        .map(|c| (c, p.piece_at(c).unwrap().kind))
        .collect();
    let xy = |c: Cell| (c.file() as i32, c.rank() as i32);
    let mut alive: HashSet<Cell> = own
        .iter()
        .filter(|(c, k)| {
            plain_targets(*k, side, xy(*c), &exists, &occupied)
                .iter()
                .any(|&(x, y)| playable_empty(x, y))
        })
        .map(|(c, _)| *c)
        .collect();
    loop {
        let before = alive.len();
        for (c, k) in &own {
            if !alive.contains(c)
                && plain_targets(*k, side, xy(*c), &exists, &occupied)
                    .iter()
                    .any(|&(x, y)| at(x, y).is_some_and(|t| alive.contains(&t)))
            {
                alive.insert(*c);
            }
        }
        if alive.len() == before {
            break;
        }
    }
    alive.into_iter().collect()
}

/// A drop as GO_RULES §3 says, judged with [`plain_alive`] alone: the opponent's dead
/// pieces are removed, then the drop is refused if any of the dropper's is dead. The
/// captured cells, or None when it is refused so (ko is not judged here).
fn plain_drop(p: &Position, kind: Kind, cell: Cell) -> Option<Bits> {
    let me = p.turn();
    let mut q = *p;
    q.set_piece(cell, Some(Piece::new(me, kind)));
    let captured = q.pieces(!me) & !plain_alive(&q, !me);
    for c in captured {
        q.set_piece(c, None);
    }
    (q.pieces(me) & !plain_alive(&q, me))
        .is_empty()
        .then_some(captured)
}

#[test]
fn alive_and_reach_follow_the_definitions_for_every_kind() {
    let mut rng = Rng::new(2024);
    let sets = [
        "B",
        "K",
        "N",
        "P",
        "M",
        "Q",
        "RB",
        "NP",
        "MP",
        "RBNP",
        "QKWM",
        "RBQKWNMP",
        "D",
        "A",
        "RD",
        "NA",
        "KD",
        "DA",
        "BA",
        "PD",
        "RBQKWNMPDA",
    ];
    let mut dead_seen = 0;
    for round in 0..1200 {
        let set = sets[round % sets.len()];
        let board = ["7", "chogo-44", "6"][round % 3];
        let r = rules(set, board);
        let mut p = Position::new(r);
        let kinds: Vec<Kind> = r.pieces.kinds().collect();
        let fill = 20 + rng.below(70);
        for c in p.geometry().playable {
            if rng.below(100) < fill {
                let side = if rng.below(2) == 0 {
                    Side::Black
                } else {
                    Side::White
                };
                p.set_piece(c, Some(Piece::new(side, kinds[rng.below(kinds.len())])));
            }
        }
        let geo = *p.geometry();
        let at = |x: i32, y: i32| Cell::new(x, y).filter(|c| geo.cells.contains(*c));
        let exists = |x: i32, y: i32| at(x, y).is_some();
        let occ = p.occupied();
        let occupied = |x: i32, y: i32| at(x, y).is_some_and(|c| occ.contains(c));
        for side in [Side::Black, Side::White] {
            let own: Vec<(Cell, Kind)> = p
                .pieces(side)
                .iter()
                .map(|c| (c, p.piece_at(c).unwrap().kind))
                .collect();
            let xy = |c: Cell| (c.file() as i32, c.rank() as i32);
            let expected = plain_alive(&p, side);
            assert_eq!(p.alive(side), expected, "{set} {side:?} {p}");
            dead_seen += (p.pieces(side).count() - expected.count()) as usize;
            // Reach: every empty playable cell a piece gets to, moving through empty cells
            // (its own cell empty once it has left).
            let mut reach = Bits::EMPTY;
            for (c, k) in &own {
                let mut seen = vec![xy(*c)];
                let mut i = 0;
                let occupied_but_me = |x: i32, y: i32| (x, y) != xy(*c) && occupied(x, y);
                while i < seen.len() {
                    for t in plain_targets(*k, side, seen[i], &exists, &occupied_but_me) {
                        let free = at(t.0, t.1).is_some_and(|tc| geo.playable.contains(tc))
                            && !occupied_but_me(t.0, t.1);
                        if free && !seen.contains(&t) {
                            seen.push(t);
                        }
                    }
                    i += 1;
                }
                for &(x, y) in &seen[1..] {
                    if let Some(t) = at(x, y).filter(|t| !occ.contains(*t)) {
                        reach.insert(t);
                    }
                }
            }
            assert_eq!(p.reach(side), reach, "{set} {side:?} {p}");
        }
    }
    assert!(dead_seen > 1000, "{dead_seen}");
}

#[test]
fn undo_takes_back_a_resignation_or_an_agreement_alone() {
    let rules = Rules::default();
    let mut game = Game::from_position(Position::new(rules));
    // Before any move.
    game.resign(Side::Black);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::Resignation)
    );
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 0);
    // Later: the ending goes, the moves stay.
    game.play_text(&"e5".parse().unwrap()).unwrap();
    game.agree_draw();
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 1);
    assert!(game.undo());
    assert_eq!(game.moves().len(), 0);
    assert!(!game.undo());
}

#[test]
fn capture_lists_name_each_cell_once_and_counters_cannot_wrap() {
    // Exactly the captured set: a cell named twice is refused (GO_RULES §5).
    let repeated = "c9xa9xb9xa9".parse::<MoveText>();
    assert_eq!(
        repeated.map_err(|e| e.to_string()),
        Err("'c9xa9xb9xa9' names a9 twice among its captures".to_string())
    );
    assert!("c9xa9xb9".parse::<MoveText>().is_ok());
    // An error repeats only an excerpt of a long input.
    let long = "z".repeat(100_000);
    let message = long.parse::<MoveText>().unwrap_err().to_string();
    assert!(message.len() < 120, "{message}");
    assert!(message.contains('…'), "{message}");
    // Counters a game could not add to are refused rather than wrapped.
    let rules = Rules::default();
    for text in [
        "Rr7/9/9/9/9/9/9/9/9 b 4294967295 0 0 - 1",
        "Rr7/9/9/9/9/9/9/9/9 b 0 1000001 0 - 1",
        "Rr7/9/9/9/9/9/9/9/9 b 0 0 0 - 4294967295",
    ] {
        assert!(Position::from_text(text, rules).is_err(), "{text}");
    }
    let most = Position::from_text("Rr7/9/9/9/9/9/9/9/9 b 1000000 0 0 - 1000000", rules).unwrap();
    let mut game = Game::from_position(most);
    // The drop on a8 takes the last escape of the rook on a9.
    let (_, captured) = game.play_text(&"a8".parse().unwrap()).unwrap();
    assert!(captured.any(), "the drop captures");
    assert_eq!(
        game.position().captures(Side::Black),
        1_000_000 + captured.count()
    );
}

#[test]
fn records_refuse_what_chogo_records_refuse() {
    // The text's shape is read by the reader both games share (GO_RULES §5: "the
    // PGN-like text of Chogo's records"), so a Go record is refused for the same
    // mistakes, with the line and a typed problem.
    use chogo::common::record::{TagFault, TextProblem};
    use chogo::go::{RecordProblem, TagProblem};
    let head = "[Game \"go-with-pieces\"]\n[Board \"9x9\"]\n";
    let problem = |body: &str| {
        let text = format!("{head}{body}");
        let e = Record::parse(&text).unwrap_err();
        (e.line, e.problem)
    };
    let text = |p: TextProblem| RecordProblem::Text(p);
    assert_eq!(
        problem("\n1. e5 d5\n[Komi \"6.5\"]\n2. c3\n"),
        (5, text(TextProblem::TagAfterMoves))
    );
    assert_eq!(
        problem("[Komi \"6.5\"]\n[KOMI \"7.5\"]\n\n1. e5\n"),
        (4, text(TextProblem::TagTwice("Komi".into())))
    );
    assert_eq!(
        problem("[Board \"13\"]\n\n1. e5\n"),
        (3, text(TextProblem::TagTwice("Board".into())))
    );
    assert_eq!(
        problem("[Result \"1-0\"]\n[Result \"1-0\"]\n\n1. e5 1-0\n"),
        (4, text(TextProblem::TagTwice("Result".into())))
    );
    assert_eq!(
        problem("\n1. e5 d5 *\n2. c3\n"),
        (5, text(TextProblem::AfterResult("2.".into())))
    );
    assert_eq!(
        problem("\n1. e5 d5 1-0 0-1\n"),
        (4, text(TextProblem::AfterResult("0-1".into())))
    );
    assert_eq!(
        problem("[Result \"1-0\"]\n\n1. e5 d5 0-1\n"),
        (
            5,
            text(TextProblem::ResultConflict {
                moves: "0-1".into(),
                tag: "1-0".into()
            })
        )
    );
    assert_eq!(
        problem("[Komi 6.5]\n"),
        (
            3,
            text(TextProblem::BadTag {
                text: "[Komi 6.5]".into(),
                fault: TagFault::Unquoted
            })
        )
    );
    // A comment never closed is pointed at where it opens, not at the last line.
    assert_eq!(
        problem("\n1. e5 {from here\nd5\n2. c3\n"),
        (4, text(TextProblem::UnclosedComment))
    );
    // Go's own tags keep their own problems.
    assert_eq!(
        problem("[Ko \"none\"]\n").1,
        RecordProblem::Tag(TagProblem::Ko("none".into()))
    );
    // A tag no rule reads may stand twice, and the written result of a game that goes
    // on is none.
    let record = Record::parse(&format!(
        "{head}[Black \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e5 d5 *\n"
    ))
    .unwrap();
    assert_eq!(record.result, None);
    assert_eq!(record.moves.len(), 2);
}

#[test]
fn a_name_with_a_line_break_reads_back_from_a_record() {
    // SGF allows a line break in a name (PB); the record escapes it on its tag line.
    let sgf = SgfGame::parse("(;GM[1]SZ[9]PB[Lee\nSedol]PW[A \"quoted\" \\\\ one];B[ee])").unwrap();
    let name = sgf.black.clone().unwrap();
    assert_eq!(name, "Lee\nSedol");
    let white = sgf.white.clone().unwrap();
    let game = sgf.to_game().unwrap();
    let text = Record::from_game(&game, &[("Black", &name), ("White", &white)]).to_string();
    assert!(text.contains("[Black \"Lee\\nSedol\"]"), "{text}");
    let back = Record::parse(&text).unwrap();
    let tag = |n: &str| {
        back.tags
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(tag("Black").as_deref(), Some("Lee\nSedol"));
    assert_eq!(tag("White"), Some(white));
    assert_eq!(back.to_game().unwrap().moves().len(), 1);
}

#[test]
fn sgf_soft_breaks_komi_bounds_and_play_after_two_passes() {
    // A backslash before a line break is a soft break (SGF's rule): both go.
    let sgf = SgfGame::parse("(;GM[1]SZ[9]PB[soft\\\nbreak]PW[cr\\\r\nlf];B[ee])").unwrap();
    assert_eq!(sgf.black.as_deref(), Some("softbreak"));
    assert_eq!(sgf.white.as_deref(), Some("crlf"));
    // A komi no game uses is refused.
    assert!(SgfGame::parse("(;GM[1]SZ[9]KM[1e308];B[ee])").is_err());
    // Servers' files play on after two passes.
    let game = SgfGame::parse("(;GM[1]SZ[9];B[ee];W[];B[];W[dd];B[cc])")
        .unwrap()
        .to_game()
        .unwrap();
    assert_eq!(game.moves().len(), 5);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let sgf = "\u{feff}(;GM[1]SZ[9];B[ee];W[dd])";
    let read = chogo::save::import_go(sgf, Rules::default()).expect("read as this game's");
    assert_eq!(read.map(|g| g.moves().len()), Ok(2));
    let record = "\u{feff}[Game \"go-with-pieces\"]\n\n1. e5 d4\n";
    let read = chogo::save::import_go(record, Rules::default()).expect("read as this game's");
    assert_eq!(read.map(|g| g.moves().len()), Ok(2));
}

#[test]
fn an_sgf_of_millions_of_other_properties_keeps_only_what_the_game_reads() {
    // Three million unknown properties: read (the memory a reader keeps is bounded by
    // what the game uses, measured in docs/CLI.md), and the game is found.
    let mut text = String::from("(;GM[1]SZ[9]");
    for i in 0..3_000_000u32 {
        text.push_str(if i % 2 == 0 { "XX[a]" } else { "C[b]" });
    }
    text.push_str(";B[ee];W[dd])");
    let sgf = SgfGame::parse(&text).unwrap();
    assert_eq!(sgf.moves.len(), 2);
    // A property before the first node is still an error.
    assert!(SgfGame::parse("(XX[1];B[aa])").is_err());
}

#[test]
fn sgf_files_are_read_in_the_character_set_they_name() {
    // GB2312, as Chinese servers write; Shift_JIS; Latin-1 without CA (SGF's default).
    let names = [("GB2312", "李世石"), ("Shift_JIS", "井山裕太")];
    for (set, name) in names {
        let encoding = encoding_rs::Encoding::for_label(set.as_bytes()).unwrap();
        let text = format!("(;GM[1]CA[{set}]SZ[9]PB[{name}];B[ee])");
        let (bytes, _, bad) = encoding.encode(&text);
        assert!(!bad);
        assert!(
            std::str::from_utf8(&bytes).is_err(),
            "{set} differs from UTF-8"
        );
        let read = sgf::decode(&bytes).unwrap();
        assert_eq!(
            SgfGame::parse(&read).unwrap().black.as_deref(),
            Some(name),
            "{set}"
        );
    }
    let latin = b"(;GM[1]SZ[9]PB[Jos\xe9];B[ee])";
    let read = sgf::decode(latin).unwrap();
    assert_eq!(
        SgfGame::parse(&read).unwrap().black.as_deref(),
        Some("José")
    );
    // UTF-8 with a byte-order mark, and a character set nobody knows.
    let read = sgf::decode("\u{feff}(;GM[1]PB[Žofie];B[aa])".as_bytes()).unwrap();
    assert_eq!(
        SgfGame::parse(&read).unwrap().black.as_deref(),
        Some("Žofie")
    );
    // CA is read from the root node only, not from a comment further on.
    let read = sgf::decode(b"(;GM[1]SZ[9];B[ee]C[see CA[klingon\\]])").unwrap();
    assert!(SgfGame::parse(&read).is_ok());
    assert_eq!(
        sgf::decode(b"(;CA[klingon];B[aa])"),
        Err("SGF: CA[klingon] is not a character set this program reads".to_string())
    );
}

#[test]
fn a_colour_playing_twice_in_an_sgf_file_is_named_as_the_file_names_it() {
    let sgf = SgfGame::parse("(;GM[1]SZ[9];B[ee];B[dd])").unwrap();
    assert_eq!(
        sgf.to_game().map(|_| ()).map_err(|e| e.to_string()),
        Err("move 1 (black): d6: white is to move, not black".to_string())
    );
}

#[test]
fn errors_repeat_only_an_excerpt_of_a_huge_input() {
    let huge = "9".repeat(1_000_000);
    for text in [
        format!("9/9/9/9/9/9/9/9/9 {huge} 0 0 0 - 1"),
        format!("9/9/9/9/9/9/9/9/9 b {huge} 0 0 - 1"),
        format!("9/9/9/9/9/9/9/9/9 b 0 0 0 {huge} 1"),
        format!("9/9/9/9/9/9/9/9/9 b 0 0 0 - {huge}"),
    ] {
        let message = Position::from_text(&text, Rules::default())
            .unwrap_err()
            .to_string();
        assert!(
            message.len() < 200,
            "{}",
            &message[..200.min(message.len())]
        );
    }
    let sgf = format!("(;GM[1]SZ[9]KM[{huge}];B[ee])");
    assert!(SgfGame::parse(&sgf).unwrap_err().to_string().len() < 200);
    let record = format!("[{huge}\n\n1. e5\n");
    assert!(Record::parse(&record).unwrap_err().to_string().len() < 200);
}

/// The ladder of the reading tests: White's c4 with Black's b4, c5 and d5 around it;
/// Black's atari on c3 drives it down to the lower right edge. `breaker` adds White's
/// e2 on its path. GNU Go 3.8 agrees (`attack c4`: "1 C3" without e2, "0" with it).
fn ladder(breaker: bool) -> Position {
    let row2 = if breaker { "4R4" } else { "9" };
    pos(
        &format!("9/9/9/9/2rr5/1rR6/9/{row2}/9 b 0 0 0 - 1"),
        rules("R", "9"),
    )
}

#[test]
fn a_ladder_that_works_is_read_and_one_with_a_breaker_is_not() {
    let c4 = FastGo::index(cell("c4"));
    let plain = FastGo::from_position(&ladder(false)).unwrap();
    assert_eq!(
        plain.ladder_attack(c4, 40),
        Some(FastGo::index(cell("c3"))),
        "the atari on c3 catches c4 (d4 lets it out)"
    );
    assert_eq!(plain.ladder_attack(c4, 3), None, "too short a reading");
    let broken = FastGo::from_position(&ladder(true)).unwrap();
    assert_eq!(broken.ladder_attack(c4, 40), None, "e2 breaks the ladder");
    // After the atari, White cannot escape; with e2 it can.
    for (breaker, escapes) in [(false, false), (true, true)] {
        let (after, _) = play(&ladder(breaker), "c3").unwrap();
        let fast = FastGo::from_position(&after).unwrap();
        assert_eq!(fast.can_escape(c4, 40), escapes, "breaker {breaker}");
    }
}

#[test]
fn playouts_with_ladders_do_not_extend_into_a_ladder_that_works() {
    // White to move after Black's atari on c3: the playout policy's save extends to d4
    // unless it reads the ladder.
    let (after, _) = play(&ladder(false), "c3").unwrap();
    let (c3, d4) = (FastGo::index(cell("c3")), FastGo::index(cell("d4")));
    let extended = |ladders: bool| {
        (0..50)
            .filter(|&seed| {
                let mut fast = FastGo::from_position(&after).unwrap();
                let mv = fast.policy_move_with(
                    &mut Rng::new(seed),
                    Some(c3),
                    Shapes::Mogo,
                    None,
                    ladders,
                );
                mv == Some(d4)
            })
            .count()
    };
    assert_eq!(
        extended(false),
        50,
        "without reading, every playout extends"
    );
    assert_eq!(extended(true), 0, "reading, d4 is never played");
    // With the breaker the extension saves the stone, and is played.
    let (after, _) = play(&ladder(true), "c3").unwrap();
    let mut fast = FastGo::from_position(&after).unwrap();
    let mv = fast.policy_move_with(&mut Rng::new(1), Some(c3), Shapes::Mogo, None, true);
    assert_eq!(mv, Some(d4));
}

#[test]
fn playouts_reading_two_liberties_atari_what_cannot_escape_and_lengthen_their_own() {
    // Black to move each time. Which of `answers` the policy plays, in 50 seeds, with and
    // without the rule for groups of two liberties.
    let count = |text: &str, last: &str, answers: &[&str], two_libs: bool| {
        let p = pos(text, rules("R", "9"));
        let last = FastGo::index(cell(last));
        let answers: Vec<u16> = answers.iter().map(|a| FastGo::index(cell(a))).collect();
        (0..50)
            .filter(|&seed| {
                let mut fast = FastGo::from_position(&p).unwrap();
                let mv = fast.policy_move_tactics(
                    &mut Rng::new(seed),
                    Some(last),
                    Shapes::Mogo,
                    None,
                    Tactics {
                        ladders: false,
                        two_libs,
                        ..Tactics::default()
                    },
                );
                mv.is_some_and(|m| answers.contains(&m))
            })
            .count()
    };
    // White's b2 has two liberties, a2 and b1; an atari on either leaves the other no
    // way out (b1 gives it a1 and c1, a2 gives it a1).
    let attack = "9/9/9/9/9/9/rr7/1Rr6/9 b 0 0 0 - 1";
    assert_eq!(count(attack, "b2", &["a2", "b1"], true), 50);
    assert!(count(attack, "b2", &["a2", "b1"], false) < 40);
    // White's e3 leaves Black's c3-d3 with two liberties, c2 and d2: either gives three.
    let defend = "9/9/9/9/9/2RR5/1RrrR4/9/9 b 0 0 0 - 1";
    assert_eq!(count(defend, "e3", &["c2", "d2"], true), 50);
    assert!(count(defend, "e3", &["c2", "d2"], false) < 40);
    // An atari the group escapes from is not played for it: White's e5 (two liberties,
    // e4 and f5) gets three by either extension.
    let open = "9/9/9/4r4/3rR4/9/9/9/9 b 0 0 0 - 1";
    let fast = FastGo::from_position(&pos(open, rules("R", "9"))).unwrap();
    let e5 = FastGo::index(cell("e5"));
    for seed in 0..20 {
        let mut f = fast.clone();
        let mv = f.policy_move_tactics(
            &mut Rng::new(seed),
            Some(e5),
            Shapes::Off,
            None,
            Tactics {
                ladders: false,
                two_libs: true,
                ..Tactics::default()
            },
        );
        let mut g = fast.clone();
        let plain = g.policy_move_tactics(
            &mut Rng::new(seed),
            Some(e5),
            Shapes::Off,
            None,
            Tactics::default(),
        );
        assert_eq!(mv, plain, "seed {seed}: the rule has nothing to say here");
    }
}

#[test]
fn playouts_with_nakade_kill_a_dead_eye_space_and_leave_a_live_one() {
    // Black's corner groups, inside a White wall that lives. White to move after Black's
    // d1 (the cell the rule looks around). `black_kept` counts the playouts (of 200) that
    // end with Black's d2 still Black's.
    let wall = "R1R1R1R1R/RRRRRRRRR/R1R1R1R1R/RRRRRRRRR/RRRRRRRRR/RRRRRRRRR";
    let black_kept = |rows: &str, nakade: bool| {
        let p = pos(&format!("{wall}/{rows} w 0 0 0 - 1"), rules("R", "9"));
        let d1 = FastGo::index(cell("d1"));
        let d2 = FastGo::index(cell("d2"));
        let mut owners = [0u8; 361];
        (0..200u64)
            .filter(|&seed| {
                let mut fast = FastGo::from_position(&p).unwrap();
                let mut rng = Rng::new(seed);
                let mut last = Some(d1);
                for _ in 0..200 {
                    if fast.is_over() {
                        break;
                    }
                    last = fast.policy_move_tactics(
                        &mut rng,
                        last,
                        Shapes::Mogo,
                        None,
                        Tactics {
                            nakade,
                            ..Tactics::default()
                        },
                    );
                }
                fast.owners(&mut owners);
                owners[d2 as usize] == 1
            })
            .count()
    };
    // A straight three (a1, b1, c1): dead, White's b1 kills. Its first move is b1 with the
    // rule; without, the playouts mostly let the group live.
    let three = "RRRRRRRRR/rrrrRRRRR/3rR1R1R";
    let p = pos(&format!("{wall}/{three} w 0 0 0 - 1"), rules("R", "9"));
    let mut fast = FastGo::from_position(&p).unwrap();
    let first = fast.policy_move_tactics(
        &mut Rng::new(1),
        Some(FastGo::index(cell("d1"))),
        Shapes::Mogo,
        None,
        Tactics {
            nakade: true,
            ..Tactics::default()
        },
    );
    assert_eq!(first, Some(FastGo::index(cell("b1"))));
    assert_eq!(black_kept(three, true), 0);
    assert!(black_kept(three, false) > 150);
    // A bulky five (a1, b1, c1, a2, b2): dead too; its capture needs White's self-atari
    // of 4 stones, which the playouts play only as a nakade.
    let five = "rrrRRRRRR/2rrRRRRR/3rR1R1R";
    assert_eq!(black_kept(five, true), 0);
    assert!(black_kept(five, false) > 120);
    // A straight four (a1 to d1) lives whoever plays first: the rule leaves it alive.
    let four = "RRRRRRRRR/rrrrrRRRR/4rR1R1";
    assert!(black_kept(four, true) > 180);
}

/// In how many of the seeds `0..seeds` the playout policy, with `tactics`, answers the
/// opponent's drop on `last` (`None`: a pass) in `p` by a drop on `target`.
fn policy_plays(
    p: &Position,
    last: Option<&str>,
    tactics: Tactics,
    seeds: u64,
    target: &str,
) -> usize {
    let fast = FastGo::from_position(p).unwrap();
    let (last, target) = (
        last.map(|c| FastGo::index(cell(c))),
        FastGo::index(cell(target)),
    );
    (0..seeds)
        .filter(|&seed| {
            let mut f = fast.clone();
            f.policy_move_tactics(&mut Rng::new(seed), last, Shapes::Mogo, None, tactics)
                == Some(target)
        })
        .count()
}

#[test]
fn playouts_with_capture_any_take_a_group_in_atari_far_from_the_last_drop() {
    // White's a9 stands in atari (its last liberty a8), far from White's last drop on
    // e5, which leaves nothing to answer near it. Black to move; 50 seeds.
    let p = pos("Rr7/9/9/9/4R4/9/9/9/9 b 0 0 0 - 1", rules("R", "9"));
    let with = |capture_any| Tactics {
        capture_any,
        ..Tactics::default()
    };
    assert_eq!(policy_plays(&p, Some("e5"), with(true), 50, "a8"), 50);
    assert!(
        policy_plays(&p, Some("e5"), with(false), 50, "a8") < 5,
        "by chance only"
    );
    // The rules about the last drop still come first: White's e5, in atari, is taken
    // on f5 in every seed (the capture anywhere would take a9 half the time).
    let p = pos("Rr7/9/9/4r4/3rR4/4r4/9/9/9 b 0 0 0 - 1", rules("R", "9"));
    assert_eq!(policy_plays(&p, Some("e5"), with(true), 20, "f5"), 20);
}

#[test]
fn playouts_with_self_atari2_put_no_two_stones_in_atari() {
    // Black's b1 stands in atari (White's c1 and b2): a drop on a1 makes it two stones
    // with one liberty, a2. Black to move, after a pass (no rule about a last drop).
    let p = pos("9/9/9/9/9/9/9/1R7/1rR6 b 0 0 0 - 1", rules("R", "9"));
    let with = |self_atari2| Tactics {
        self_atari2,
        ..Tactics::default()
    };
    assert!(
        policy_plays(&p, None, with(false), 1000, "a1") > 0,
        "without the rule, a1 is one random move of many"
    );
    assert_eq!(policy_plays(&p, None, with(true), 1000, "a1"), 0);
}

/// A digest of the moves (and final scores and owners) of policy playouts in every
/// configuration of the policy, from the empty board and from a position with stones on it
/// (captures, ataris, ko). Speed-ups of the fast board must leave it unchanged: the search
/// with a fixed seed then plays the same games.
fn policy_digest(set: &str, board: &str, games: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    let r = rules(set, board);
    let empty = Position::new(r);
    let mut rng = Rng::new(99);
    // A position 30 random moves in, so that playouts start from a board with stones.
    let mut f = FastGo::from_position(&empty).unwrap();
    let mut game = Game::from_position(empty);
    for _ in 0..30 {
        let mv = match f.random_move(&mut rng) {
            Some(v) => Move::Drop {
                kind: f.kind(),
                cell: Cell::new(i32::from(v % 19), i32::from(v / 19)).unwrap(),
            },
            None => Move::Pass,
        };
        game.play(mv).unwrap();
    }
    let middle = *game.position();
    for start in [empty, middle] {
        let fast = FastGo::from_position(&start).unwrap();
        for g in 0..games {
            let shapes = [Shapes::Off, Shapes::Mogo, Shapes::Learnt][g as usize % 3];
            let ladders = g % 2 == 1;
            let mut f = fast.clone();
            let mut last = None;
            let mut prev = None;
            let mut moves = 0;
            while !f.is_over() && moves < 400 {
                // Every fourth game tries the move before the last as the "reply".
                let reply = if g % 4 == 3 { prev } else { None };
                let played = f.policy_move_with(&mut rng, last, shapes, reply, ladders);
                mix(played.map_or(1000, u64::from));
                prev = last;
                last = played;
                moves += 1;
            }
            let [b, w] = f.score();
            mix(b.to_bits());
            mix(w.to_bits());
            let mut owners = [0u8; 361];
            f.owners(&mut owners);
            for o in owners {
                mix(u64::from(o));
            }
        }
    }
    h
}

#[test]
fn the_policy_playouts_are_unchanged() {
    // Recorded at 495e385, before the fast board was made faster.
    for (set, board, games, want) in [
        ("R", "9", 120, 0xf334_291f_ae13_ff6b_u64),
        ("R", "19", 20, 0x5e0d_f44e_d565_bf1e),
        ("R", "chogo-44", 40, 0x7909_835d_9711_4691),
        ("B", "9", 40, 0xa23d_ae1c_07e1_5091),
        ("D", "13", 20, 0x0fe1_8453_dc61_93e0),
        ("W", "7", 40, 0x473b_9ab8_742e_558a),
    ] {
        let got = policy_digest(set, board, games);
        assert_eq!(got, want, "{set} {board}: {got:#018x}");
    }
}

#[test]
fn a_fast_board_loaded_from_the_empty_board_is_the_one_built() {
    // The search copies the empty board and drops the position's stones on it
    // (`FastGo::load`): every later move is the one `FastGo::from_position`'s board plays.
    for (set, board) in [("R", "9"), ("R", "19"), ("B", "9"), ("D", "13")] {
        let r = rules(set, board);
        let empty = FastGo::empty_board(&Position::new(r)).unwrap();
        let mut loaded = empty.clone();
        let mut game = Game::from_position(Position::new(r));
        let mut rng = Rng::new(5);
        for ply in 0..120 {
            let p = *game.position();
            let built = FastGo::from_position(&p).unwrap();
            assert!(loaded.load(&empty, &p), "{set} {board} {p}");
            assert!(loaded.placement_matches(&p), "{p}");
            assert_eq!(loaded.ko(), built.ko(), "{p}");
            assert_eq!(loaded.turn(), built.turn(), "{p}");
            assert_eq!(loaded.score(), built.score(), "{p}");
            let (mut a, mut b) = (loaded.clone(), built.clone());
            let (mut ra, mut rb) = (Rng::new(ply), Rng::new(ply));
            let (mut la, mut lb) = (None, None);
            // A basic-ko cycle can go on for ever: 400 moves.
            for _ in 0..400 {
                if a.is_over() {
                    break;
                }
                la = a.policy_move_with(&mut ra, la, Shapes::Mogo, None, true);
                lb = b.policy_move_with(&mut rb, lb, Shapes::Mogo, None, true);
                assert_eq!(la, lb, "{set} {board} {p}");
            }
            assert_eq!(a.captures(Side::Black), b.captures(Side::Black));
            assert_eq!(a.captures(Side::White), b.captures(Side::White));
            let mv = match built.clone().random_move(&mut rng) {
                Some(v) => Move::Drop {
                    kind: built.kind(),
                    cell: Cell::new(i32::from(v % 19), i32::from(v / 19)).unwrap(),
                },
                None => Move::Pass,
            };
            if game.play(mv).is_err() || game.position().is_over() {
                break;
            }
        }
        // A board for other rules is refused, and the board left as it was.
        let other = Position::new(Rules { komi: 6.5, ..r });
        let before = loaded.clone();
        assert!(!loaded.load(&empty, &other));
        assert!(
            before.placement_matches(game.position()) == loaded.placement_matches(game.position())
        );
    }
}

#[test]
fn the_trees_reading_captures_a_string_in_a_ladder_and_not_past_a_breaker() {
    // The same ladder read by the tree's reading ([`FastGo::captures_group`]): Black to
    // move captures c4 (two liberties), not with White's e2 on the path; White to move
    // keeps it either way (it extends first).
    let c4 = FastGo::index(cell("c4"));
    for (breaker, captured) in [(false, true), (true, false)] {
        let fast = FastGo::from_position(&ladder(breaker)).unwrap();
        assert_eq!(
            fast.captures_group(c4, READ_DEPTH),
            captured,
            "breaker {breaker}"
        );
        assert!(!fast.keeps_group(c4, READ_DEPTH), "not the mover's string");
        let mut white = fast.clone();
        white.pass();
        assert!(white.keeps_group(c4, READ_DEPTH), "breaker {breaker}");
    }
}
