//! Seeds for the bots' decisions, the same in both games.

/// A seed for one decision of one game, spread from the match seed (a SplitMix64 finish
/// over the three numbers), so that every game of a match and every move of a game draws
/// its own random numbers and a match replays exactly from its seed.
pub fn decision_seed(seed: u64, game: u64, ply: usize) -> u64 {
    let mut z = seed
        ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (ply as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
