//! The values of both games' record tags, `[Name "value"]`: a backslash, a quote and the
//! line breaks are escaped (`\\`, `\"`, `\n`, `\r`), so that any value (a player's name
//! with a line break, from an SGF file) stays on its tag line and reads back the same.

/// A value as written between the quotes.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The value written between the quotes; None when it holds a bare quote or ends in a
/// lone backslash. Another escaped character stands for itself.
pub fn unescape(written: &str) -> Option<String> {
    let mut out = String::with_capacity(written.len());
    let mut chars = written.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(match chars.next()? {
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                c => c,
            }),
            '"' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_value_reads_back_as_written() {
        for value in [
            "Lee Sedol",
            "Lee\nSedol",
            "a \"quoted\" \\ name\r\n\tend",
            "",
            "\\",
        ] {
            let written = escape(value);
            assert!(
                !written.contains('\n') && !written.contains('\r'),
                "{written}"
            );
            assert_eq!(unescape(&written).as_deref(), Some(value), "{written}");
        }
        assert_eq!(unescape("a\"b"), None);
        assert_eq!(unescape("ends\\"), None);
    }
}
