//! Game records: plain text that rebuilds a game exactly, written and read
//! here.
//!
//! A record is the game's name, its options as `name=value`, a `;`, then the
//! moves in notation, all separated by white space; `#` starts a comment that
//! runs to the end of its line. A line ends only at `\n` (a form feed or a
//! Unicode line separator is white space within the line), and `;` needs no
//! space around it. A UTF-8 byte order mark at the start is skipped.
//!
//! Reading is lazy: the words are found one at a time as the moves are
//! played, so a record fails at its first bad move, and the memory it takes
//! grows with the moves actually played, never with the text.

use std::fmt;

use crate::error::{quoted, Error};
use crate::games::{option_specs, Action, AnyPosition, Position, GAME_NAMES};
use crate::options::{OptionValue, Options};

/// Where a record broke, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// The move's number (from 1), for an error in the moves.
    pub move_number: Option<usize>,
    /// The word where it broke (a move, or an option's `name=value`),
    /// quoted and cut to a few dozen characters.
    pub word: Option<String>,
    /// What was wrong, without the position.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match (self.move_number, &self.word) {
            (Some(number), Some(word)) => write!(f, "move {number} {word}: ")?,
            (None, Some(word)) => write!(f, "{word}: ")?,
            _ => {}
        }
        f.write_str(&self.reason)
    }
}

impl std::error::Error for RecordError {}

/// A word of a record and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

/// The words of a record, found one at a time: runs of characters that are
/// neither white space nor `;` nor `#`, and each `;` on its own.
#[derive(Clone, Debug)]
pub struct Words<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Words<'a> {
    /// The words of `text`, past a byte order mark.
    pub fn new(text: &'a str) -> Self {
        Words {
            rest: text.strip_prefix('\u{feff}').unwrap_or(text),
            line: 1,
            column: 1,
        }
    }

    /// Moves past `len` bytes holding `chars` characters and no `\n`.
    fn advance(&mut self, len: usize, chars: usize) {
        self.rest = &self.rest[len..];
        self.column += chars;
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = Word<'a>;

    fn next(&mut self) -> Option<Word<'a>> {
        loop {
            let c = self.rest.chars().next()?;
            if c == '\n' {
                self.rest = &self.rest[1..];
                self.line += 1;
                self.column = 1;
            } else if c == '#' {
                // A comment runs to the end of its line.
                let end = self.rest.find('\n').unwrap_or(self.rest.len());
                self.rest = &self.rest[end..];
            } else if c.is_whitespace() {
                self.advance(c.len_utf8(), 1);
            } else {
                break;
            }
        }
        let (line, column) = (self.line, self.column);
        let len = if self.rest.starts_with(';') {
            1
        } else {
            self.rest
                .find(|c: char| c.is_whitespace() || c == ';' || c == '#')
                .unwrap_or(self.rest.len())
        };
        let text = &self.rest[..len];
        self.advance(len, text.chars().count());
        Some(Word { text, line, column })
    }
}

/// The error at `word`.
fn at(word: &Word<'_>, reason: impl Into<String>) -> RecordError {
    RecordError {
        line: word.line,
        column: word.column,
        move_number: None,
        word: None,
        reason: reason.into(),
    }
}

/// A record whose header has been read: the start position, and the moves
/// still to read.
#[derive(Debug)]
pub struct Reader<'a> {
    /// The start position of the record's game and options.
    pub start: AnyPosition,
    moves: Words<'a>,
    played: usize,
}

/// Reads a record's header: the game, its options and the `;` (a record
/// without moves may leave the `;` out).
///
/// # Errors
/// [`RecordError`] at the word that broke: an empty record, an unknown game
/// or option, an option given twice, or a value the option does not take.
pub fn read(text: &str) -> Result<Reader<'_>, RecordError> {
    let mut words = Words::new(text);
    let Some(name) = words.next() else {
        return Err(RecordError {
            line: 1,
            column: 1,
            move_number: None,
            word: None,
            reason: "empty record: expected a game name, options, ';' and moves".into(),
        });
    };
    let game = name.text.to_ascii_lowercase();
    let specs = option_specs(&game).ok_or_else(|| {
        at(
            &name,
            format!(
                "unknown game {} (games: {})",
                quoted(name.text),
                GAME_NAMES.join(", ")
            ),
        )
    })?;
    let mut given: Vec<(&'static str, OptionValue, Word<'_>)> = Vec::new();
    for word in words.by_ref() {
        if word.text == ";" {
            break;
        }
        let Some((key, value)) = word.text.split_once('=') else {
            return Err(at(
                &word,
                format!(
                    "{} is not an option (expected name=value, e.g. size=7)",
                    quoted(word.text)
                ),
            ));
        };
        let Some(spec) = specs.iter().find(|s| s.name.eq_ignore_ascii_case(key)) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            return Err(at(
                &word,
                format!(
                    "unknown option {} for {game} (it has: {})",
                    quoted(key),
                    known.join(", ")
                ),
            ));
        };
        if let Some((_, _, first)) = given.iter().find(|(name, _, _)| *name == spec.name) {
            return Err(at(
                &word,
                format!(
                    "{} is given twice (first at line {}, column {})",
                    spec.name, first.line, first.column
                ),
            ));
        }
        let value = spec.parse(value).map_err(|error| RecordError {
            word: Some(quoted(word.text)),
            ..at(&word, error.to_string())
        })?;
        given.push((spec.name, value, word));
    }
    let mut options = Options::new(given.iter().map(|&(name, value, _)| (name, value)));
    let start = AnyPosition::new(&game, &mut options).map_err(|error| {
        // A value that fits its range alone but not with the others (komi
        // and size): point at the option the game refused.
        let word = match &error {
            Error::OptionValue { option, .. } => given
                .iter()
                .find(|(name, _, _)| name == option)
                .map_or(name, |(_, _, word)| *word),
            _ => name,
        };
        at(&word, error.to_string())
    })?;
    Ok(Reader {
        start,
        moves: words,
        played: 0,
    })
}

impl Reader<'_> {
    /// The next move's action, parsed against `position` (the position it
    /// is played in), or `None` at the end of the record.
    ///
    /// # Errors
    /// [`RecordError`] at the move when its text names no action of the game,
    /// or the rules forbid it in `position`.
    pub fn next_move<P: Position>(
        &mut self,
        position: &mut P,
    ) -> Option<Result<Action, RecordError>> {
        let word = self.moves.next()?;
        self.played += 1;
        let fail = |error: Error| RecordError {
            move_number: Some(self.played),
            word: Some(quoted(word.text)),
            ..at(&word, error.to_string())
        };
        let checked = position.parse_action(word.text).and_then(|action| {
            let text = position.action_text(action)?;
            position
                .check(action)
                .map_err(|reason| Error::Illegal(format!("{text}: {reason}")))?;
            Ok(action)
        });
        Some(checked.map_err(fail))
    }
}

/// The record of a game: its name and every option, `;`, then the moves.
pub fn write<P: Position>(position: &P, history: &[Action]) -> String {
    let mut text = String::from(position.name());
    for (name, value) in position.options() {
        text.push_str(&format!(" {name}={value}"));
    }
    text.push_str(" ;");
    for &a in history {
        text.push(' ');
        text.push_str(position.action_text(a).unwrap_or("?"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(&str, usize, usize)> {
        Words::new(text)
            .map(|w| (w.text, w.line, w.column))
            .collect()
    }

    fn replay(text: &str) -> Result<(AnyPosition, Vec<Action>), RecordError> {
        let mut reader = read(text)?;
        let mut position = reader.start.clone();
        let mut played = Vec::new();
        while let Some(action) = reader.next_move(&mut position) {
            let action = action?;
            position.apply_unchecked(action);
            played.push(action);
        }
        Ok((position, played))
    }

    #[test]
    fn words_know_their_line_and_column() {
        assert_eq!(
            words("\u{feff}sunder size=3; b2 # note\n  a1"),
            [
                ("sunder", 1, 1),
                ("size=3", 1, 8),
                (";", 1, 14),
                ("b2", 1, 16),
                ("a1", 2, 3)
            ]
        );
    }

    #[test]
    fn a_comment_ends_only_at_a_newline() {
        assert_eq!(words("a # b\x0cc\u{2028}d\ne"), [("a", 1, 1), ("e", 2, 1)]);
        assert_eq!(
            words("a\x0cb\u{2028}c"),
            [("a", 1, 1), ("b", 1, 3), ("c", 1, 5)]
        );
    }

    #[test]
    fn a_record_replays_and_its_writing_reads_back() {
        let (position, played) = replay("Sunder size=3 pie=false;b2 a1").unwrap();
        assert_eq!(
            write(&position, &played),
            "sunder size=3 komi=0 pie=false ; b2 a1"
        );
        let (again, replayed) = replay(&write(&position, &played)).unwrap();
        assert_eq!(
            (again.board_string(), replayed),
            (position.board_string(), played)
        );
    }

    #[test]
    fn header_errors_name_line_and_column() {
        let error = |text| replay(text).unwrap_err().to_string();
        assert_eq!(
            error("sunder size=3 size=4 ; b2"),
            "line 1, column 15: size is given twice (first at line 1, column 8)"
        );
        assert_eq!(
            error("sunder\n  pie=no ;"),
            "line 2, column 3: 'pie=no': pie must be true or false, got 'no'"
        );
        assert_eq!(
            error("sunder size=2 komi=3.5 ;"),
            "line 1, column 15: komi must be less than half the board (3.5) in size, got 3.5"
        );
        assert_eq!(
            error("sunder sise=2 ;"),
            "line 1, column 8: unknown option 'sise' for sunder (it has: size, komi, pie)"
        );
        assert!(error("go ;").starts_with("line 1, column 1: unknown game 'go'"));
        assert!(error("").starts_with("line 1, column 1: empty record"));
    }

    #[test]
    fn move_errors_name_the_move_and_cut_long_words() {
        let error = replay("sunder size=3 ;\nb2 a1\nb2").unwrap_err();
        assert_eq!(
            (error.line, error.column, error.move_number),
            (3, 1, Some(3))
        );
        assert_eq!(
            error.to_string(),
            "line 3, column 1: move 3 'b2': b2: the point is occupied"
        );
        let long = format!("sunder ; {}", "x".repeat(100_000));
        let message = replay(&long).unwrap_err().to_string();
        assert!(message.len() < 300, "{message}");
    }

    #[test]
    fn a_huge_record_fails_at_its_first_bad_move() {
        let passes = format!("anda size=2 ; a1 {}", "pass ".repeat(10_000_000));
        let error = replay(&passes).unwrap_err();
        assert_eq!(error.move_number, Some(2));
    }
}
