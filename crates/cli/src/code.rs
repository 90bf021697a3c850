//! String literals of programming languages, for `nonet generate --format code`: each puzzle
//! as a literal ready to paste into a program (as the original SudokuGenerator printed Java's),
//! one per line, or all of them as an array declaration (`--array NAME`).
//!
//! Puzzles are digits and dots, but escaping is complete for any text: each language's own
//! escapes for quotes, backslashes and control characters, so a literal always reads back as the
//! text it came from. Pitfalls avoided: Java turns `\uXXXX` into characters *before* lexing
//! (`\u000a` would end the line inside the literal), so Java gets octal escapes; C's `\x` escapes
//! run on over any following hex digit, so C gets three-digit octal ones (and non-ASCII text
//! as its UTF-8 bytes, whatever the compiler's source character set).

use std::fmt::Write;

use clap::ValueEnum;

/// The languages literals are written for.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Java: `"..."`; the array is a `static final String[]` field, to paste inside a class.
    Java,
    /// C: `"..."`; the array is a `static const char *const NAME[]`.
    C,
    /// Rust: `"..."`; the array is a `pub const NAME: &[&str]`.
    Rust,
    /// Python: `"..."`; the array is a list, `NAME = [...]`.
    Python,
}

/// Why an array name cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub enum NameError {
    /// Not a plain identifier (a letter or `_`, then letters, digits and `_`).
    NotIdentifier(String),
    /// One of the language's reserved words.
    Reserved(String, Lang),
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::NotIdentifier(n) => write!(
                f,
                "`{n}` is not an identifier (a letter or `_`, then letters, digits or `_`)"
            ),
            NameError::Reserved(n, lang) => write!(f, "`{n}` is a reserved word in {lang:?}"),
        }
    }
}

impl std::error::Error for NameError {}

const JAVA_RESERVED: &[&str] = &[
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "false",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "true",
    "try",
    "void",
    "volatile",
    "while",
    "_",
];
const C_RESERVED: &[&str] = &[
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "bool",
    "true",
    "false",
    "nullptr",
    "alignas",
    "alignof",
    "static_assert",
    "thread_local",
    "typeof",
];
const RUST_RESERVED: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "gen", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield", "_",
];
const PYTHON_RESERVED: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

impl Lang {
    fn reserved(self) -> &'static [&'static str] {
        match self {
            Lang::Java => JAVA_RESERVED,
            Lang::C => C_RESERVED,
            Lang::Rust => RUST_RESERVED,
            Lang::Python => PYTHON_RESERVED,
        }
    }

    /// Checks that `name` can name an array in this language.
    pub fn check_name(self, name: &str) -> Result<(), NameError> {
        let mut chars = name.chars();
        let first_ok = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(NameError::NotIdentifier(name.to_string()));
        }
        if self.reserved().contains(&name) {
            return Err(NameError::Reserved(name.to_string(), self));
        }
        Ok(())
    }

    /// `text` as a string literal of this language, quotes included.
    pub fn literal(self, text: &str) -> String {
        let mut s = String::with_capacity(text.len() + 2);
        s.push('"');
        for c in text.chars() {
            match (c, self) {
                ('"', _) => s.push_str("\\\""),
                ('\\', _) => s.push_str("\\\\"),
                ('\n', _) => s.push_str("\\n"),
                ('\r', _) => s.push_str("\\r"),
                ('\t', _) => s.push_str("\\t"),
                // `?` twice can start a trigraph in older C.
                ('?', Lang::C) => s.push_str("\\?"),
                (c, Lang::C) if !c.is_ascii() || c.is_ascii_control() => {
                    let mut buf = [0; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        let _ = write!(s, "\\{b:03o}");
                    }
                }
                // Java: octal, never `\u` (see the module's doc); control characters (Cc) all
                // lie below U+00A0, within octal's reach. Other characters, Unicode included,
                // are taken as they are by javac reading UTF-8 source.
                (c, Lang::Java) if c.is_control() => {
                    let _ = write!(s, "\\{:03o}", c as u32);
                }
                (c, Lang::Rust) if c.is_control() => {
                    let _ = write!(s, "\\u{{{:x}}}", c as u32);
                }
                (c, Lang::Python) if c.is_control() => {
                    let _ = write!(s, "\\x{:02x}", c as u32);
                }
                (c, _) => s.push(c),
            }
        }
        s.push('"');
        s
    }

    /// The line that opens an array declaration named `name`.
    pub fn array_open(self, name: &str) -> String {
        match self {
            Lang::Java => format!("static final String[] {name} = {{"),
            Lang::C => format!("static const char *const {name}[] = {{"),
            Lang::Rust => format!("pub const {name}: &[&str] = &["),
            Lang::Python => format!("{name} = ["),
        }
    }

    /// The line that closes the array declaration.
    pub fn array_close(self) -> &'static str {
        match self {
            Lang::Java | Lang::C => "};",
            Lang::Rust => "];",
            Lang::Python => "]",
        }
    }

    /// One element of the array: indented, with the comma every one of these languages accepts
    /// after the last element too.
    pub fn array_item(self, text: &str) -> String {
        format!("    {},", self.literal(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quotes, backslashes, a newline, a tab, a control character, a question mark and a
    /// non-ASCII letter: each language's escapes.
    #[test]
    fn literals_escape_what_each_language_needs() {
        let text = "a\"b\\c\nd\te\u{1}f?é";
        let cases = [
            (Lang::Java, "\"a\\\"b\\\\c\\nd\\te\\001f?é\""),
            (Lang::C, "\"a\\\"b\\\\c\\nd\\te\\001f\\?\\303\\251\""),
            (Lang::Rust, "\"a\\\"b\\\\c\\nd\\te\\u{1}f?é\""),
            (Lang::Python, "\"a\\\"b\\\\c\\nd\\te\\x01f?é\""),
        ];
        for (lang, want) in cases {
            assert_eq!(lang.literal(text), want, "{lang:?}");
        }
    }

    #[test]
    fn a_puzzle_needs_no_escape() {
        let p = ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";
        for lang in [Lang::Java, Lang::C, Lang::Rust, Lang::Python] {
            assert_eq!(lang.literal(p), format!("\"{p}\""));
        }
    }

    #[test]
    fn array_names_must_be_identifiers_and_not_reserved() {
        assert!(Lang::Java.check_name("PUZZLES").is_ok());
        assert!(Lang::Python.check_name("_hard_2").is_ok());
        assert_eq!(
            Lang::Java.check_name("class"),
            Err(NameError::Reserved("class".into(), Lang::Java))
        );
        assert!(Lang::Rust.check_name("fn").is_err());
        assert!(Lang::C.check_name("int").is_err());
        assert!(Lang::Python.check_name("lambda").is_err());
        for bad in ["", "2x", "a-b", "a b", "é"] {
            assert_eq!(
                Lang::C.check_name(bad),
                Err(NameError::NotIdentifier(bad.into())),
                "{bad:?}"
            );
        }
    }
}
