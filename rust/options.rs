//! Game options as given by a caller, checked and consumed by each game.

use crate::error::Error;

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

/// What values an option takes, as its game reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number.
    Int,
    /// A multiple of 0.5 (a whole number is one too).
    Halves,
    /// True or false.
    Flag,
}

impl OptionKind {
    /// `"int"`, `"halves"` or `"flag"`.
    pub fn name(self) -> &'static str {
        match self {
            OptionKind::Int => "int",
            OptionKind::Halves => "halves",
            OptionKind::Flag => "flag",
        }
    }
}

/// The options a caller gave, read one by one by a game's constructor; any
/// left unread at [`Options::finish`] is an unknown option.
#[derive(Debug, Default)]
pub struct Options {
    given: Vec<(String, OptionValue, bool)>,
    known: Vec<(&'static str, OptionKind)>,
}

impl Options {
    /// Options from `(name, value)` pairs.
    pub fn new<S: Into<String>>(pairs: impl IntoIterator<Item = (S, OptionValue)>) -> Self {
        Options {
            given: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v, false))
                .collect(),
            known: Vec::new(),
        }
    }

    fn take(&mut self, name: &'static str, kind: OptionKind) -> Option<OptionValue> {
        self.known.push((name, kind));
        let entry = self.given.iter_mut().find(|(k, _, _)| k == name)?;
        entry.2 = true;
        Some(entry.1)
    }

    /// A whole-number option in `range`, or `default` when absent.
    ///
    /// # Errors
    /// [`Error::Option`] when the value is not a whole number or out of range.
    pub fn int(
        &mut self,
        name: &'static str,
        default: i64,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<i64, Error> {
        let value = match self.take(name, OptionKind::Int) {
            None => default,
            Some(OptionValue::Int(v)) => v,
            Some(other) => {
                return Err(Error::Option(format!(
                    "{name} must be a whole number, got {other}"
                )))
            }
        };
        if !range.contains(&value) {
            return Err(Error::Option(format!(
                "{name} must be from {} to {}, got {value}",
                range.start(),
                range.end()
            )));
        }
        Ok(value)
    }

    /// A multiple of 0.5, returned doubled (so `1.5` gives `3`).
    ///
    /// # Errors
    /// [`Error::Option`] when the value is not a multiple of 0.5.
    pub fn halves(&mut self, name: &'static str, default_halves: i64) -> Result<i64, Error> {
        match self.take(name, OptionKind::Halves) {
            None => Ok(default_halves),
            Some(OptionValue::Int(v)) => Ok(v.saturating_mul(2)),
            Some(OptionValue::Float(v)) => {
                let doubled = v * 2.0;
                if doubled.is_finite() && doubled.fract() == 0.0 && doubled.abs() < 1e9 {
                    Ok(doubled as i64)
                } else {
                    Err(Error::Option(format!(
                        "{name} must be a multiple of 0.5, got {v}"
                    )))
                }
            }
            Some(OptionValue::Bool(v)) => {
                Err(Error::Option(format!("{name} must be a number, got {v}")))
            }
        }
    }

    /// A true/false option.
    ///
    /// # Errors
    /// [`Error::Option`] when the value is not a boolean.
    pub fn flag(&mut self, name: &'static str, default: bool) -> Result<bool, Error> {
        match self.take(name, OptionKind::Flag) {
            None => Ok(default),
            Some(OptionValue::Bool(v)) => Ok(v),
            Some(other) => Err(Error::Option(format!(
                "{name} must be true or false, got {other}"
            ))),
        }
    }

    /// The options the game has read so far, with their kinds, in the order
    /// it read them.
    pub fn kinds(&self) -> &[(&'static str, OptionKind)] {
        &self.known
    }

    /// Refuses any option the game did not read.
    ///
    /// # Errors
    /// [`Error::Option`] naming the first unknown option and the known ones.
    pub fn finish(&self, game: &str) -> Result<(), Error> {
        match self.given.iter().find(|(_, _, used)| !used) {
            None => Ok(()),
            Some((name, _, _)) => Err(Error::Option(format!(
                "unknown option '{name}' for {game} (it has: {})",
                self.known
                    .iter()
                    .map(|(known, _)| *known)
                    .collect::<Vec<_>>()
                    .join(", ")
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

    #[test]
    fn options_remember_the_kind_each_was_read_as() {
        let mut options = Options::new([("komi", OptionValue::Float(1.5))]);
        options.int("size", 7, 2..=25).unwrap();
        assert_eq!(options.halves("komi", 0), Ok(3));
        options.flag("pie", true).unwrap();
        assert_eq!(
            options.kinds(),
            [
                ("size", OptionKind::Int),
                ("komi", OptionKind::Halves),
                ("pie", OptionKind::Flag)
            ]
        );
    }
}
