//! Byte-level forms of the `str` methods the text readers call for every line with an ASCII
//! pattern (`trim_start_matches(' ')`, `starts_with('#')`, ...), `split('\n')` for the lines, and
//! [`capitalized`], the one of them the app calls too.
//!
//! The standard methods take a `char` pattern. In the size-optimised wasm builds they stay calls
//! that encode the pattern and decode the text a character at a time: a tenth of reading a large
//! CloudProfile there. An ASCII byte never occurs inside the encoding of another character, so
//! comparing bytes gives the same results.

/// The ASCII helpers, for `str`.
pub(crate) trait AsciiStr {
    /// `trim_start_matches(' ')`.
    fn trim_start_spaces(&self) -> &str;
    /// `trim_end_matches(' ')`.
    fn trim_end_spaces(&self) -> &str;
    /// The first byte, if any.
    fn first_byte(&self) -> Option<u8>;
    /// `starts_with(byte as char)`, for an ASCII `byte`.
    fn starts_with_byte(&self, byte: u8) -> bool;
    /// `strip_prefix(byte as char)`, for an ASCII `byte`.
    fn strip_byte(&self, byte: u8) -> Option<&str>;
}

impl AsciiStr for str {
    fn trim_start_spaces(&self) -> &str {
        let spaces = self.bytes().take_while(|byte| *byte == b' ').count();
        &self[spaces..]
    }

    fn trim_end_spaces(&self) -> &str {
        let spaces = self.bytes().rev().take_while(|byte| *byte == b' ').count();
        &self[..self.len() - spaces]
    }

    fn first_byte(&self) -> Option<u8> {
        self.as_bytes().first().copied()
    }

    fn starts_with_byte(&self, byte: u8) -> bool {
        debug_assert!(byte.is_ascii());
        self.first_byte() == Some(byte)
    }

    fn strip_byte(&self, byte: u8) -> Option<&str> {
        // The byte is ASCII, so one byte in is a character boundary.
        self.starts_with_byte(byte).then(|| &self[1..])
    }
}

/// `text` with its first letter in upper case, where that letter is ASCII (the engine's English
/// texts and a fix's description start with one; any other first character is left as it is).
/// Without Unicode's case tables, which the wasm modules would carry for this alone.
pub fn capitalized(text: &str) -> String {
    let mut capitalized = text.to_string();
    if let Some(first) = capitalized.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    capitalized
}

/// `text.split('\n')`, found by a plain loop: lines of YAML are short, and `split` sets up a
/// word-at-a-time search for each, a hundred instructions before the first byte.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.bytes().position(|byte| byte == b'\n') {
            Some(end) => {
                rest = Some(&text[end + 1..]);
                Some(&text[..end])
            }
            None => rest.take(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::AsciiStr;

    #[test]
    fn the_helpers_agree_with_the_standard_methods() {
        let texts = [
            "", " ", "   ", "a", " a ", "  a b  ", "\u{a0} x", "é ", " ü", "#", " #x", ":a", "𝄞 ",
        ];
        for text in texts {
            assert_eq!(
                text.trim_start_spaces(),
                text.trim_start_matches(' '),
                "{text:?}"
            );
            assert_eq!(
                text.trim_end_spaces(),
                text.trim_end_matches(' '),
                "{text:?}"
            );
            for byte in [b' ', b'#', b':', b'a'] {
                let c = char::from(byte);
                assert_eq!(text.starts_with_byte(byte), text.starts_with(c), "{text:?}");
                assert_eq!(text.strip_byte(byte), text.strip_prefix(c), "{text:?}");
            }
            assert_eq!(text.first_byte(), text.bytes().next());
        }
    }

    #[test]
    fn the_first_ascii_letter_is_raised_and_nothing_else() {
        assert_eq!(super::capitalized("set a timeout"), "Set a timeout");
        assert_eq!(super::capitalized("Already"), "Already");
        assert_eq!(super::capitalized("élan"), "élan");
        assert_eq!(super::capitalized(""), "");
    }

    #[test]
    fn lines_are_the_pieces_between_line_breaks() {
        for text in ["", "\n", "a", "a\n", "a\nb", "\n\na\n\nb\n", "é\nü"] {
            assert_eq!(
                super::lines(text).collect::<Vec<_>>(),
                text.split('\n').collect::<Vec<_>>()
            );
        }
    }
}
