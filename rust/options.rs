//! Game options: each game declares its options once, as a table of
//! [`OptionSpec`] (name, kind, default, range, one-line doc), as OpenSpiel's
//! `GameType` parameter specification does. The constructor, the records,
//! the Python signatures and docstrings, the command line and the adapters
//! all read that one table.

use crate::board::Board;
use crate::error::{cut, quoted, Error};

/// One option value, as Python or a record gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionValue {
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Int(v) => write!(f, "{v}"),
            OptionValue::Float(v) => write!(f, "{v}"),
            OptionValue::Bool(v) => write!(f, "{v}"),
        }
    }
}

/// What values an option takes, with its default and its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A count from `min` to `max`: an integer, never a float.
    Int { default: i64, min: i64, max: i64 },
    /// A whole number of points from `min` to `max`; a float with no
    /// fraction (`2.0`) is read as the integer.
    Whole { default: i64, min: i64, max: i64 },
    /// A multiple of 0.5 from `min / 2` to `max / 2`; every number here is
    /// in halves (`3` is 1.5).
    Halves { default: i64, min: i64, max: i64 },
    /// True or false.
    Flag { default: bool },
}

/// One option of a game: the single place its name, kind, default, range
/// and documentation are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name (`"size"`), as in records and keyword arguments.
    pub name: &'static str,
    /// Its kind, default and range.
    pub kind: OptionKind,
    /// One line for docstrings and `--help`.
    pub doc: &'static str,
}

impl OptionSpec {
    /// `"int"`, `"halves"` or `"flag"`.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            OptionKind::Int { .. } | OptionKind::Whole { .. } => "int",
            OptionKind::Halves { .. } => "halves",
            OptionKind::Flag { .. } => "flag",
        }
    }

    /// The default value, in its canonical form.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Int { default, .. } | OptionKind::Whole { default, .. } => {
                OptionValue::Int(default)
            }
            OptionKind::Halves { default, .. } => halves_value(default),
            OptionKind::Flag { default } => OptionValue::Bool(default),
        }
    }

    /// The smallest and largest values, for numeric options.
    pub fn bounds(&self) -> Option<(OptionValue, OptionValue)> {
        match self.kind {
            OptionKind::Int { min, max, .. } | OptionKind::Whole { min, max, .. } => {
                Some((OptionValue::Int(min), OptionValue::Int(max)))
            }
            OptionKind::Halves { min, max, .. } => Some((halves_value(min), halves_value(max))),
            OptionKind::Flag { .. } => None,
        }
    }

    /// What values the option takes, as a phrase for messages and help:
    /// "a whole number from 2 to 25", "true or false".
    pub fn takes(&self) -> String {
        match (self.kind, self.bounds()) {
            (OptionKind::Int { .. } | OptionKind::Whole { .. }, Some((min, max))) => {
                format!("a whole number from {min} to {max}")
            }
            (OptionKind::Halves { .. }, Some((min, max))) => {
                format!("a multiple of 0.5 from {min} to {max}")
            }
            _ => "true or false".to_string(),
        }
    }

    /// The error for `got`, a value this option does not take: out of range
    /// (`what` None) or not of its kind (`what`: "a whole number"...).
    fn refuse(&self, what: Option<&str>, got: impl std::fmt::Display) -> Error {
        let takes = match (what, self.bounds()) {
            (_, None) => "true or false".to_string(),
            (None, Some((min, max))) => format!("from {min} to {max}"),
            (Some(what), Some((min, max))) => format!("{what} from {min} to {max}"),
        };
        Error::OptionValue {
            option: self.name,
            message: format!("{} must be {takes}, got {got}", self.name),
        }
    }

    /// `value` in the kind's own unit (halves for [`OptionKind::Halves`], 0
    /// or 1 for a flag), or why not: `Err(None)` out of range, `Err(Some(what))`
    /// not of the option's kind.
    fn unit(&self, value: OptionValue) -> Result<i64, Option<&'static str>> {
        let (number, min, max, what) = match (self.kind, value) {
            (OptionKind::Flag { .. }, OptionValue::Bool(v)) => return Ok(i64::from(v)),
            (OptionKind::Flag { .. }, _) => return Err(None),
            (_, OptionValue::Bool(_)) => return Err(Some("a number")),
            (
                OptionKind::Int { min, max, .. } | OptionKind::Whole { min, max, .. },
                OptionValue::Int(v),
            ) => (Some(v), min, max, "a whole number"),
            (OptionKind::Int { min, max, .. }, OptionValue::Float(_)) => {
                (None, min, max, "a whole number")
            }
            (OptionKind::Whole { min, max, .. }, OptionValue::Float(v)) => {
                (whole(v), min, max, "a whole number")
            }
            (OptionKind::Halves { min, max, .. }, OptionValue::Int(v)) => {
                (v.checked_mul(2), min, max, "a multiple of 0.5")
            }
            (OptionKind::Halves { min, max, .. }, OptionValue::Float(v)) => {
                (whole(v * 2.0), min, max, "a multiple of 0.5")
            }
        };
        match number {
            Some(n) if (min..=max).contains(&n) => Ok(n),
            Some(_) => Err(None),
            // Too large for 64 bits, but of the right kind.
            None if matches!(value, OptionValue::Int(_))
                || (is_whole(value) && !matches!(self.kind, OptionKind::Int { .. })) =>
            {
                Err(None)
            }
            None => Err(Some(what)),
        }
    }

    /// Checks `value` and returns it in the kind's own unit: the number
    /// (halves for [`OptionKind::Halves`]), or 0/1 for a flag.
    ///
    /// # Errors
    /// [`Error::OptionValue`] naming the option and its range.
    pub fn check(&self, value: OptionValue) -> Result<i64, Error> {
        self.unit(value).map_err(|what| self.refuse(what, value))
    }

    /// The error for a whole number too large for 64 bits, as the caller
    /// wrote it.
    pub fn too_large(&self, shown: &str) -> Error {
        self.refuse(None, cut(shown))
    }

    /// Reads a value as a record writes it: `true`/`false`, a whole number
    /// or a decimal.
    ///
    /// # Errors
    /// [`Error::OptionValue`] naming the option and what it takes, quoting
    /// the text.
    pub fn parse(&self, text: &str) -> Result<OptionValue, Error> {
        let value = match text.to_ascii_lowercase().as_str() {
            "true" => Some(OptionValue::Bool(true)),
            "false" => Some(OptionValue::Bool(false)),
            _ => match text.parse::<i64>() {
                Ok(v) => Some(OptionValue::Int(v)),
                // A decimal, or a whole number too large for 64 bits.
                Err(_) => text
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && text.bytes().all(|b| b.is_ascii_graphic()))
                    .map(OptionValue::Float),
            },
        };
        let kind_word = match self.kind {
            OptionKind::Int { .. } | OptionKind::Whole { .. } => Some("a whole number"),
            OptionKind::Halves { .. } => Some("a number"),
            OptionKind::Flag { .. } => None,
        };
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && kind_word.is_some() {
            // A whole number, too large for 64 bits: out of range.
            if !matches!(value, Some(OptionValue::Int(_))) {
                return Err(self.refuse(None, quoted(text)));
            }
        }
        let Some(value) = value else {
            return Err(self.refuse(kind_word, quoted(text)));
        };
        self.unit(value)
            .map(|_| value)
            .map_err(|what| self.refuse(what, quoted(text)))
    }
}

/// The `size` option of a game on the hex board: the side of the hexagon,
/// 2 to 25, with the game's own default.
pub const fn hex_size(default: i64) -> OptionSpec {
    OptionSpec {
        name: "size",
        kind: OptionKind::Int {
            default,
            min: 2,
            max: 25,
        },
        doc: "the side of the hexagon",
    }
}

/// The `komi` option of a game scored in whole points (Anda, Esgrad): 0
/// unless given, and at most a billion either way; `doc` says whose points
/// it is.
pub const fn whole_komi(doc: &'static str) -> OptionSpec {
    OptionSpec {
        name: "komi",
        kind: OptionKind::Whole {
            default: 0,
            min: -MAX_WHOLE_KOMI,
            max: MAX_WHOLE_KOMI,
        },
        doc,
    }
}

/// The largest whole komi either way: far beyond any score, far from
/// overflow, and small enough that every score stays exact in an `f64`.
const MAX_WHOLE_KOMI: i64 = 1_000_000_000;

/// The `pie` option of a game with the swap (RULES.md §2), on unless turned
/// off.
pub const PIE: OptionSpec = OptionSpec {
    name: "pie",
    kind: OptionKind::Flag { default: true },
    doc: "whether White may swap on its first turn",
};

/// Whether `value` is a whole number (a float with no fraction counts).
fn is_whole(value: OptionValue) -> bool {
    matches!(value, OptionValue::Float(v) if v.is_finite() && v.fract() == 0.0)
}

/// `v` as a whole number, if it is one within `i64`.
fn whole(v: f64) -> Option<i64> {
    (v.is_finite() && v.fract() == 0.0 && v.abs() < 9.0e18).then_some(v as i64)
}

/// The options a caller gave, read one by one by a game's constructor; any
/// left unread at [`Options::finish`] is an unknown option.
#[derive(Debug, Default)]
pub struct Options {
    given: Vec<(String, OptionValue, bool)>,
}

impl Options {
    /// Options from `(name, value)` pairs.
    pub fn new<S: Into<String>>(pairs: impl IntoIterator<Item = (S, OptionValue)>) -> Self {
        Options {
            given: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v, false))
                .collect(),
        }
    }

    fn take(&mut self, name: &str) -> Option<OptionValue> {
        let entry = self.given.iter_mut().find(|(k, _, _)| k == name)?;
        entry.2 = true;
        Some(entry.1)
    }

    fn read(&mut self, spec: &OptionSpec) -> Result<i64, Error> {
        let value = self.take(spec.name).unwrap_or(spec.default_value());
        spec.check(value)
    }

    /// A whole-number option ([`OptionKind::Int`] or [`OptionKind::Whole`]).
    ///
    /// # Errors
    /// [`Error::OptionValue`] when the value is not a whole number in range.
    pub fn int(&mut self, spec: &OptionSpec) -> Result<i64, Error> {
        debug_assert!(matches!(
            spec.kind,
            OptionKind::Int { .. } | OptionKind::Whole { .. }
        ));
        self.read(spec)
    }

    /// The board of the side that `size` gives, of the shape `shape` makes
    /// ([`Board::hex`] or [`Board::square`]).
    ///
    /// # Errors
    /// [`Error::OptionValue`] when the side is not a whole number in range,
    /// or one the shape refuses.
    pub fn board(
        &mut self,
        size: &OptionSpec,
        shape: fn(usize) -> Result<&'static Board, Error>,
    ) -> Result<&'static Board, Error> {
        shape(self.int(size)? as usize)
    }

    /// A multiple of 0.5, returned doubled (so `1.5` gives `3`).
    ///
    /// # Errors
    /// [`Error::OptionValue`] when the value is not a multiple of 0.5 in range.
    pub fn halves(&mut self, spec: &OptionSpec) -> Result<i64, Error> {
        debug_assert!(matches!(spec.kind, OptionKind::Halves { .. }));
        self.read(spec)
    }

    /// A true/false option.
    ///
    /// # Errors
    /// [`Error::OptionValue`] when the value is not a boolean.
    pub fn flag(&mut self, spec: &OptionSpec) -> Result<bool, Error> {
        debug_assert!(matches!(spec.kind, OptionKind::Flag { .. }));
        Ok(self.read(spec)? == 1)
    }

    /// Refuses any option the game did not read.
    ///
    /// # Errors
    /// [`Error::Option`] naming the first unknown option and the known ones.
    pub fn finish(&self, game: &str, specs: &[OptionSpec]) -> Result<(), Error> {
        match self.given.iter().find(|(_, _, used)| !used) {
            None => Ok(()),
            Some((name, _, _)) => Err(Error::Option(format!(
                "unknown option '{name}' for {game} (it has: {})",
                specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            ))),
        }
    }
}

/// The canonical value of a half-point option such as komi: whole values as
/// integers, so records read `komi=2`, not `komi=2.0`.
pub fn halves_value(halves: i64) -> OptionValue {
    if halves % 2 == 0 {
        OptionValue::Int(halves / 2)
    } else {
        OptionValue::Float(halves as f64 / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: OptionSpec = OptionSpec {
        name: "size",
        kind: OptionKind::Int {
            default: 7,
            min: 2,
            max: 25,
        },
        doc: "the side",
    };
    const KOMI: OptionSpec = OptionSpec {
        name: "komi",
        kind: OptionKind::Halves {
            default: 0,
            min: -20,
            max: 20,
        },
        doc: "komi",
    };
    const PIE: OptionSpec = OptionSpec {
        name: "pie",
        kind: OptionKind::Flag { default: true },
        doc: "pie",
    };

    #[test]
    fn options_are_read_by_their_spec() {
        let mut options = Options::new([("komi", OptionValue::Float(1.5))]);
        assert_eq!(options.int(&SIZE), Ok(7));
        assert_eq!(options.halves(&KOMI), Ok(3));
        assert_eq!(options.flag(&PIE), Ok(true));
        assert_eq!(options.finish("test", &[SIZE, KOMI, PIE]), Ok(()));
    }

    #[test]
    fn every_refusal_says_the_range() {
        use OptionValue::{Bool, Float, Int};
        let refused = [
            (
                &SIZE,
                Int(i64::MIN),
                "size must be from 2 to 25, got -9223372036854775808",
            ),
            (
                &SIZE,
                Float(7.5),
                "size must be a whole number from 2 to 25, got 7.5",
            ),
            (
                &KOMI,
                Int(i64::MAX),
                "komi must be from -10 to 10, got 9223372036854775807",
            ),
            (
                &KOMI,
                Float(0.3),
                "komi must be a multiple of 0.5 from -10 to 10, got 0.3",
            ),
            (
                &KOMI,
                Bool(true),
                "komi must be a number from -10 to 10, got true",
            ),
            (&PIE, Int(1), "pie must be true or false, got 1"),
        ];
        for (spec, value, message) in refused {
            assert_eq!(spec.check(value).unwrap_err().to_string(), message);
        }
        assert!(SIZE.check(OptionValue::Float(7.0)).is_err());
    }

    #[test]
    fn record_values_are_parsed_by_their_kind() {
        assert_eq!(PIE.parse("False"), Ok(OptionValue::Bool(false)));
        assert_eq!(KOMI.parse("-1.5"), Ok(OptionValue::Float(-1.5)));
        assert_eq!(
            PIE.parse("no").unwrap_err().to_string(),
            "pie must be true or false, got 'no'"
        );
        assert_eq!(
            SIZE.parse("99999999999999999999").unwrap_err().to_string(),
            "size must be from 2 to 25, got '99999999999999999999'"
        );
        assert_eq!(
            SIZE.parse("seven").unwrap_err().to_string(),
            "size must be a whole number from 2 to 25, got 'seven'"
        );
        assert!(KOMI.parse("nan").is_err() && KOMI.parse("inf").is_err());
    }
}
