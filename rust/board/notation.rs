//! Point names: column letters `a`, `b`, … `z`, `aa`, `ab`, … then the row
//! number (RULES.md §1.1), parsed case-insensitively and printed lower case.

use crate::error::{quoted, Error};

/// The letters of column `c` (from 1): 1 → `a`, 26 → `z`, 27 → `aa`.
pub fn column_letters(mut c: usize) -> String {
    // Bijective base 26: there is no zero digit, so `aa` follows `z`.
    let mut letters = Vec::new();
    while c > 0 {
        c -= 1;
        letters.push(b'a' + (c % 26) as u8);
        c /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("letters are ASCII")
}

/// The column number of `letters` (case-insensitive), or `None` if they are
/// not all ASCII letters.
pub fn parse_column(letters: &str) -> Option<usize> {
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    letters.bytes().try_fold(0usize, |acc, b| {
        b.is_ascii_alphabetic()
            .then(|| acc * 26 + (b.to_ascii_lowercase() - b'a') as usize + 1)
    })
}

/// Splits `e12` into column 5 and row 12, with no board in mind.
pub(super) fn parse_coordinates(text: &str) -> Result<(usize, usize), Error> {
    let malformed = || {
        Error::Notation(format!(
            "{} is not a point: expected column letters then a row number, like 'e5'",
            quoted(text)
        ))
    };
    let split = text
        .find(|ch: char| !ch.is_ascii_alphabetic())
        .ok_or_else(malformed)?;
    let (letters, digits) = text.split_at(split);
    let column = parse_column(letters).ok_or_else(malformed)?;
    if digits.is_empty()
        || digits.len() > 3
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return Err(malformed());
    }
    let row = digits.parse().map_err(|_| malformed())?;
    Ok((column, row))
}
