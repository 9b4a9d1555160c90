//! Diagnosis: how the playouts end a position of a game. Plays `K` policy playouts (2,000
//! unless given) from the position before move `N` of an SGF file (rooks, 9 × 9), or from
//! a position's text with `N` naming the last drop's cell, and prints, per cell, the share
//! of playouts that ended with it Black's, Black's share of wins and the playouts' length.
//! `RULES`, a comma-separated list of `two_libs`, `nakade`, `capture_any` and
//! `self_atari2` (`both`: the first two), turns those rules of the policy on
//! ([`chogo::go::fast::Tactics`]).
//!
//!     cargo run --release --no-default-features --example go-owners -- FILE N [K] [RULES]
//!     cargo run --release --no-default-features --example go-owners -- "POSITION" d1 4000 nakade

use chogo::go::fast::{FastGo, Shapes, Tactics};
use chogo::go::playout::Rng;
use chogo::go::sgf::SgfGame;
use chogo::go::{Cell, Move, Position, Rules};

const USAGE: &str = "usage: go-owners FILE.sgf N [PLAYOUTS] [RULE,...]\n       \
                     go-owners \"POSITION\" LAST-CELL [PLAYOUTS] [RULE,...]\n\
                     RULE: two_libs, nakade, both (the two), capture_any, self_atari2";

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("go-owners: {message}\n{USAGE}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(source), Some(which)) = (args.get(1), args.get(2)) else {
        return Err("a position and a move are needed".into());
    };
    // For a position's text, N may name the cell of the last drop instead.
    let n: usize = which.parse().unwrap_or(1);
    let named_last = which.parse::<Cell>().ok().map(FastGo::index);
    let k: usize = match args.get(3) {
        None => 2000,
        Some(text) => match text.parse() {
            Ok(k) if k > 0 => k,
            _ => return Err(format!("{text} is not a number of playouts")),
        },
    };
    let mut tactics = Tactics::default();
    for rule in args.get(4).map_or("", String::as_str).split(',') {
        match rule {
            "" => {}
            "two_libs" => tactics.two_libs = true,
            "nakade" => tactics.nakade = true,
            "both" => (tactics.two_libs, tactics.nakade) = (true, true),
            "capture_any" => tactics.capture_any = true,
            "self_atari2" => tactics.self_atari2 = true,
            _ => return Err(format!("{rule} is not one of the policy's rules")),
        }
    }
    // A file, or a position's text (9 × 9 rooks).
    let (pos, last) = match std::fs::read_to_string(source) {
        Ok(text) => {
            let game = SgfGame::parse(&text)
                .map_err(|e| format!("{source}: {e}"))?
                .to_game()
                .map_err(|e| format!("{source}: {e}"))?;
            let positions = game.positions();
            if n == 0 || n > positions.len() {
                return Err(format!(
                    "the game has positions before moves 1 to {}",
                    positions.len()
                ));
            }
            let last = match n.checked_sub(2).map(|i| game.moves()[i].0) {
                Some(Move::Drop { cell, .. }) => Some(FastGo::index(cell)),
                _ => None,
            };
            (positions[n - 1], last)
        }
        Err(_) => (
            Position::from_text(source, Rules::default())
                .map_err(|e| format!("{source}: neither a file nor a position ({e})"))?,
            named_last,
        ),
    };
    let start = FastGo::from_position(&pos)
        .ok_or("the fast board cannot play this position (one kind of piece, no dead stones)")?;
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
            last = b.policy_move_tactics(&mut rng, last, Shapes::Mogo, None, tactics);
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
    Ok(())
}
