//! Cell names as both rule books write them: a file letter and a rank number from 1,
//! `e4` (RULES §8, GO_RULES §5). Each game's `Cell` checks the pair against its own
//! boards and says in its error which names it takes.

/// The file and rank (both from 0) a name gives, if it is a letter followed by a rank
/// of one or two digits without a leading zero (`E4` reads as `e4`).
pub fn parse(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase()
        || digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    Some((letter as i32 - 'a' as i32, rank - 1))
}

/// The cell a name gives, made by `make` from its file and rank (`None`: off the board);
/// else an excerpt of the name, for the error that quotes it.
pub fn cell_of<C>(name: &str, make: impl FnOnce(i32, i32) -> Option<C>) -> Result<C, String> {
    parse(name)
        .and_then(|(file, rank)| make(file, rank))
        .ok_or_else(|| crate::common::excerpt(name))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_name_is_a_letter_and_a_rank() {
        assert_eq!(parse("a1"), Some((0, 0)));
        assert_eq!(parse("E4"), Some((4, 3)));
        assert_eq!(parse("s19"), Some((18, 18)));
        for bad in ["", "e", "4", "a0", "a01", "e4x", "ä1", "a123", "-1"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
