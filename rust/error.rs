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
    /// An unknown option or an option value out of range.
    Option(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Illegal(m) | Error::Notation(m) | Error::Option(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}
