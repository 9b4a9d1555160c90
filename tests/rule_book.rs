//! The project's rule book, `docs/RULES.md`: its sections are the ones the code and the
//! tests cite as `RULES §n`, and every ruling gives its reason.

const BOOK: &str = include_str!("../docs/RULES.md");

#[test]
fn the_rule_book_has_the_sections_the_code_cites() {
    let headings: Vec<&str> = BOOK.lines().filter(|l| l.starts_with("## ")).collect();
    let expected = [
        "## 1. Board and men",
        "## 2. Turn order and the opening drop",
        "## 3. Trapping",
        "## 4. Moves",
        "## 5. Capture by co-enclosure",
        "## 6. End of the game",
        "## 7. Secure structures, cities and the mole drop",
        "## 8. Notation",
        "## 9. Variants (rule options)",
    ];
    assert_eq!(headings, expected);
}

#[test]
fn every_ruling_gives_its_reason() {
    // The introduction explains the mark; the rulings are in the sections.
    let body = &BOOK[BOOK.find("## 1.").expect("section 1")..];
    let parts: Vec<&str> = body.split("**[ruling]**").collect();
    assert!(parts.len() > 8, "only {} rulings", parts.len() - 1);
    for (n, after) in parts.iter().enumerate().skip(1) {
        assert!(
            after.contains("*Why:*"),
            "ruling {n} gives no reason: {}",
            after.lines().next().unwrap_or_default()
        );
        // The reason belongs to this ruling: it comes before the next section.
        let why = after.find("*Why:*").unwrap_or(usize::MAX);
        let section = after.find("\n## ").unwrap_or(usize::MAX);
        assert!(why < section, "ruling {n}'s reason is in another section");
    }
}
