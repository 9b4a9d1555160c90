//! Diagnosis: how the playouts end a position of a game. Plays `K` policy playouts (2,000
//! unless given) from the position before move `N` of an SGF file (rooks, 9 × 9), or from
//! a position's text with `N` naming the last drop's cell, and prints, per cell, the share
//! of playouts that ended with it Black's, Black's share of wins and the playouts' length.
//! With `two_libs`, `nakade` or `both`, the policy plays those rules
//! ([`chogo::go::fast::Tactics`]).
//!
//!     cargo run --release --no-default-features --example go-owners -- FILE N [K] [RULES]
//!     cargo run --release --no-default-features --example go-owners -- "POSITION" d1 4000 nakade

use chogo::go::fast::{FastGo, Shapes, Tactics};
use chogo::go::playout::Rng;
use chogo::go::sgf::SgfGame;
use chogo::go::{Cell, Move, Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // For a position's text, N may name the cell of the last drop instead.
    let n: usize = args[2].parse().unwrap_or(1);
    let named_last = args[2].parse::<Cell>().ok().map(FastGo::index);
    let k: usize = args.get(3).map_or(2000, |s| s.parse().expect("playouts"));
    let rule = args.get(4).map_or("", String::as_str);
    let (two_libs, nakade) = (
        rule == "two_libs" || rule == "both",
        rule == "nakade" || rule == "both",
    );
    // A file, or a position's text (9 × 9 rooks).
    let (pos, last) = match std::fs::read_to_string(&args[1]) {
        Ok(text) => {
            let game = SgfGame::parse(&text)
                .expect("SGF")
                .to_game()
                .expect("replay");
            let last = match n.checked_sub(2).map(|i| game.moves()[i].0) {
                Some(Move::Drop { cell, .. }) => Some(FastGo::index(cell)),
                _ => None,
            };
            (game.positions()[n - 1], last)
        }
        Err(_) => (
            Position::from_text(&args[1], Rules::default()).expect("a position"),
            named_last,
        ),
    };
    let start = FastGo::from_position(&pos).expect("a Go position");
    let mut rng = Rng::new(7);
    let mut black = [0u32; 361];
    let mut wins = 0;
    let mut total_moves = 0;
    let mut owners = [0u8; 361];
    for _ in 0..k {
        let mut b = start.clone();
        let mut last = last;
        let mut moves = 0;
        while !b.is_over() && moves < 300 {
            last = b.policy_move_tactics(
                &mut rng,
                last,
                Shapes::Mogo,
                None,
                Tactics {
                    ladders: false,
                    two_libs,
                    nakade,
                },
            );
            moves += 1;
        }
        total_moves += moves;
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
    println!("{:.1} moves a playout", total_moves as f64 / k as f64);
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
