//! The project's rule book, `docs/RULES.md`: its sections are the ones the code and the
//! tests cite as `RULES §n`, and every ruling gives its reason; the command line's page,
//! `docs/CLI.md`, lists every rule option the rules define.

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
        "## 10. More of the inventor's proposals",
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

/// The table of rule options in `docs/CLI.md` names every option and value the rules define.
#[test]
fn the_cli_page_lists_every_rule_option() {
    use chogo::rules::*;
    const CLI: &str = include_str!("../docs/CLI.md");
    fn listed<T: RuleOption>() {
        let row = CLI
            .lines()
            .find(|l| l.starts_with(&format!("| `{}`", T::KEY)))
            .unwrap_or_else(|| panic!("no docs/CLI.md row for option {}", T::KEY));
        for name in T::NAMES {
            assert!(row.contains(&format!("`{name}`")), "{row} lacks {name}");
        }
    }
    listed::<KingPower>();
    listed::<PartTrappedTandem>();
    listed::<KingStart>();
    listed::<OwnManCapture>();
    listed::<MoleCondition>();
    listed::<TrapRule>();
    listed::<Fortress>();
    listed::<Opening>();
    listed::<DropCaptures>();
    listed::<DropKings>();
    listed::<Hopeless>();
    for preset in Preset::ALL {
        assert!(CLI.contains(&format!("`{}`", preset.name())));
    }
}
