//! The claim of docs/PERFORMANCE.md that move generation allocates nothing, checked with a
//! counting global allocator: generating, counting, checking and playing moves, the end-of-game
//! test and the mole-drop check make no heap allocation on any board.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use chogo::rules::*;

/// The system allocator, counting the allocations of threads that ask it to.
struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn note_allocation() {
    // `try_with`: the thread's locals may already be gone while it shuts down.
    let _ = COUNTING.try_with(|on| {
        if on.get() {
            let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_allocation();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// How many allocations `f` makes on this thread (other test threads are not counted).
fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    ALLOCATIONS.with(|n| n.set(0));
    COUNTING.with(|on| on.set(true));
    let value = f();
    COUNTING.with(|on| on.set(false));
    (value, ALLOCATIONS.with(Cell::get))
}

#[test]
fn the_counter_sees_an_allocation() {
    let (v, n) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1, "the counting allocator is not counting");
}

/// Positions along random legal games under every kind of rule set, drop phases, mole
/// drops and game ends included.
fn positions() -> Vec<Position> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut out = Vec::new();
    for rules in [
        "chogo-44",
        "neto",
        "chogo-large",
        "8x8",
        "12x10",
        "chogo-44,start=fixed,capture=suicide",
        // RULES §10: line traps, every fortress move, the drop opening, the hopeless side.
        "chogo-44,trap=line,fortress=knight,hopeless=resign",
        "neto,fortress=reposition,start=facing",
        "chogo-44,fortress=no-hiding",
        "chogo-44,opening=drops",
        "neto,opening=drops,men=6,kings=none,capture=suicide",
    ] {
        let rules: RuleSet = rules.parse().unwrap();
        for _ in 0..20 {
            let mut game = Game::new(rules);
            while game.outcome().is_none() && game.plies().len() < 200 {
                let moves = game.legal_moves();
                game.play(moves[below(moves.len())]).unwrap();
                out.push(*game.position());
            }
        }
    }
    // Positions with mole drops available (RULES §7).
    for text in [
        "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## b 10 20",
        "##4##/#6#/8/3k3p/6pP/#6#/##pKp1## w 100 50",
    ] {
        for rules in [
            "chogo-44",
            "chogo-44,fortress=knight",
            "chogo-44,fortress=reposition",
            "chogo-44,fortress=no-hiding",
        ] {
            out.push(Position::from_text(text, rules.parse().unwrap()).unwrap());
            out.push(
                Position::from_text(text, rules.parse().unwrap())
                    .unwrap()
                    .with_turn(Side::White),
            );
        }
    }
    out
}

#[test]
fn move_generation_allocates_nothing() {
    let positions = positions();
    assert!(positions.len() > 1000);
    assert!(positions.iter().any(|p| p.mole_drop_cells().is_ok()));
    for pos in &positions {
        let (count, n) = allocations(|| {
            let mut count = 0;
            pos.for_each_legal_move(|mv| {
                count += 1;
                let mut next = *pos;
                next.play_unchecked(mv);
                // The end-of-game test runs the mole-drop check of the next side.
                std::hint::black_box(next.outcome());
            });
            count
        });
        assert_eq!(n, 0, "generating and playing the moves of {pos} allocated");
        let ((list, checked, has_move, counted), n) = allocations(|| {
            let list = pos.legal_moves();
            let checked = list.iter().all(|&mv| pos.check(mv).is_ok());
            (list, checked, pos.has_move(), pos.count_legal_moves())
        });
        assert!(checked && counted == count && list.len() == count);
        assert!(has_move || list.is_empty());
        // A list longer than its 256 inline moves moves to the heap: only mole drops on
        // the large boards can make one that long.
        if list.len() <= 256 {
            assert_eq!(n, 0, "listing the moves of {pos} allocated");
        }
    }
    let start = Position::new(RuleSet::default());
    let (leaves, n) = allocations(|| perft(&start, 3));
    assert_eq!(leaves, 19_530);
    assert_eq!(n, 0, "perft allocated");
}

/// Go with chess pieces: drops and moves, with their alive/dead updates and captures, and
/// the fast rook board, allocate nothing (docs/PERFORMANCE.md, "Go with chess pieces' rules
/// engine").
#[test]
fn go_playouts_allocate_nothing() {
    use chogo::go::playout::{Rng, playout};
    use chogo::go::{Position as GoPosition, Rules as GoRules};
    // Dabbabas and alfils on boards whose lattice holds long enough playouts.
    let cases = ["R", "B", "K", "N", "P", "M", "RB"]
        .into_iter()
        .flat_map(|set| [(set, "9"), (set, "19")])
        .chain([
            ("D", "13"),
            ("D", "19"),
            ("A", "19"),
            ("DA", "13"),
            ("RD", "9"),
        ]);
    for (pieces, board) in cases {
        let rules = GoRules {
            pieces: pieces.parse().unwrap(),
            board: board.parse().unwrap(),
            ..GoRules::default()
        };
        let start = GoPosition::new(rules);
        let mut rng = Rng::new(7);
        let ((end, moves), n) = allocations(|| playout(&start, &mut rng, 400));
        assert!(moves > 20, "{pieces} on {board}: {moves} moves");
        assert_eq!(n, 0, "{pieces} on {board}: {n} allocations, ending {end:?}");
        // Legal move generation in the middle of a game, with each move's result.
        let (middle, _) = playout(&start, &mut rng, 30);
        let (count, n) = allocations(|| {
            let mut count = 0;
            middle.for_each_legal_move(|_, _| count += 1);
            count
        });
        assert!(count > 0);
        assert_eq!(n, 0, "{pieces} on {board}: legal moves allocate");
    }
}
