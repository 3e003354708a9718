//! The one error type of the rules core. Each variant maps to its own Python
//! exception class in the bindings.

use std::fmt;

/// What went wrong, with a message that names the input and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A well-formed action that the rules forbid now: the message is the
    /// action's text, a colon, and the reason ("e5: the point is occupied").
    Illegal(String),
    /// Text or an action number that names no action of this game.
    Notation(String),
    /// An unknown game or option.
    Option(String),
    /// A position set up by hand that the rules cannot hold: the message
    /// names what is wrong.
    Position(String),
    /// A value the option `option` does not take (out of range, or of the
    /// wrong kind): the message names the option and its range.
    OptionValue {
        option: &'static str,
        message: String,
    },
}

/// How long quoted input may be in a message before it is cut.
const QUOTE_LIMIT: usize = 40;

/// `text` in single quotes for a message, cut to a few dozen characters
/// (with its full length said) so a huge input never makes a huge message.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => format!("'{text}'"),
        Some((end, _)) => format!(
            "'{}...' ({} characters)",
            &text[..end],
            text.chars().count()
        ),
    }
}

/// `text` for a message, cut as [`quoted`] cuts it, without the quotes.
pub fn cut(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((end, _)) => format!("{}... ({} characters)", &text[..end], text.chars().count()),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Illegal(m)
            | Error::Notation(m)
            | Error::Option(m)
            | Error::Position(m)
            | Error::OptionValue { message: m, .. } => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}
