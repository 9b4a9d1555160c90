//! Counts the leaves of chess's move tree from the initial position to the depth given
//! (default 6: 119,060,324 leaves) with shakmaty, and prints the count and the time taken.
//! Time it against `chogo-cli perft start 5` with farm-bench to compare leaves a second.

fn main() {
    let depth = match std::env::args().nth(1).map(|a| a.parse::<u32>()) {
        None => 6,
        Some(Ok(depth)) => depth,
        Some(Err(_)) => {
            eprintln!("usage: shakmaty-perft [DEPTH]");
            std::process::exit(2);
        }
    };
    let start = std::time::Instant::now();
    let leaves = shakmaty::perft(&shakmaty::Chess::default(), depth);
    println!("{leaves}");
    eprintln!("{leaves} leaves in {:.3} s", start.elapsed().as_secs_f64());
}
