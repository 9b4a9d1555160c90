//! Diagnosis: how the playouts end a position of a game. Plays `K` policy playouts from
//! the position before move `N` of an SGF file (rooks, 9 × 9) and prints, per cell, the
//! share of playouts that ended with it Black's, and Black's share of wins.
//!
//!     cargo run --release --no-default-features --example go-owners -- FILE N [K] [two_libs]

use chogo::go::fast::{FastGo, Shapes};
use chogo::go::playout::Rng;
use chogo::go::sgf::SgfGame;
use chogo::go::{Cell, Move};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read the file");
    let game = SgfGame::parse(&text)
        .expect("SGF")
        .to_game()
        .expect("replay");
    let n: usize = args[2].parse().expect("move number");
    let k: usize = args.get(3).map_or(2000, |s| s.parse().expect("playouts"));
    let two_libs = args.get(4).is_some_and(|s| s == "two_libs");
    let pos = game.positions()[n - 1];
    let last = match n.checked_sub(2).map(|i| game.moves()[i].0) {
        Some(Move::Drop { cell, .. }) => Some(FastGo::index(cell)),
        _ => None,
    };
    let start = FastGo::from_position(&pos).expect("a Go position");
    let mut rng = Rng::new(7);
    let mut black = [0u32; 361];
    let mut wins = 0;
    let mut owners = [0u8; 361];
    for _ in 0..k {
        let mut b = start.clone();
        let mut last = last;
        let mut moves = 0;
        while !b.is_over() && moves < 300 {
            last = b.policy_move_tactics(&mut rng, last, Shapes::Mogo, None, false, two_libs);
            moves += 1;
        }
        b.owners(&mut owners);
        let s = b.score();
        if s[0] > s[1] {
            wins += 1;
        }
        for (i, &o) in owners.iter().enumerate() {
            if o == 1 {
                black[i] += 1;
            }
        }
    }
    println!(
        "{} to move; Black won {:.1}%",
        if pos.turn() == chogo::common::Side::Black {
            "Black"
        } else {
            "White"
        },
        100.0 * wins as f64 / k as f64
    );
    for rank in (0..9).rev() {
        let mut line = format!("{} ", rank + 1);
        for file in 0..9 {
            let c = Cell::new(file, rank).expect("a cell");
            let stone = match pos.piece_at(c) {
                Some(p) if p.side == chogo::common::Side::Black => 'X',
                Some(_) => 'O',
                None => '.',
            };
            line += &format!(" {}{:3}", stone, 100 * black[c.index()] as usize / k);
        }
        println!("{line}");
    }
}
