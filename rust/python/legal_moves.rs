//! `LegalMoves`: the legal moves of a position as a read-only sequence of
//! texts, made without building a string list or even a list of actions: it
//! keeps one bit per action, so a Python loop that asks for the legal moves
//! every turn pays only for the moves it looks at.

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyString};

use super::names::ActionNames;
use crate::core::SET_BITS;
use crate::games::{Action, AnyPosition, Position};

/// The legal moves as texts, in action-index order: supports `len`,
/// indexing and slicing, iteration, `in`, and `==` with any sequence.
#[pyclass(module = "stonefield", sequence)]
pub struct LegalMoves {
    legal: ActionBits,
    names: &'static ActionNames,
}

impl LegalMoves {
    /// The legal moves of `position` now.
    pub fn of(
        position: &mut AnyPosition,
        buf: &mut Vec<Action>,
        names: &'static ActionNames,
    ) -> Self {
        LegalMoves {
            legal: ActionBits::of(position, buf),
            names,
        }
    }

    /// Makes this the legal moves of `position` now (of the same game).
    pub fn refill(&mut self, position: &mut AnyPosition, buf: &mut Vec<Action>) {
        self.legal = ActionBits::of(position, buf);
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.legal.iter().map(|a| self.names.text(py, a)))
    }
}

/// A set of actions as one bit per action, with its size.
#[derive(PartialEq)]
pub struct ActionBits {
    words: Words,
    len: usize,
}

/// The words of an [`ActionBits`]: inline up to 256 actions (every game's
/// default board), so that the usual snapshot allocates nothing.
#[derive(PartialEq)]
enum Words {
    Inline([u64; 4], usize),
    Heap(Box<[u64]>),
}

impl Words {
    fn zeroed(len: usize) -> Self {
        if len <= 4 {
            Words::Inline([0; 4], len)
        } else {
            Words::Heap(vec![0; len].into_boxed_slice())
        }
    }

    fn as_mut_slice(&mut self) -> &mut [u64] {
        match self {
            Words::Inline(words, len) => &mut words[..*len],
            Words::Heap(words) => words,
        }
    }
}

impl std::ops::Deref for Words {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        match self {
            Words::Inline(words, len) => &words[..*len],
            Words::Heap(words) => words,
        }
    }
}

impl ActionBits {
    /// The legal actions of `position` now.
    pub fn of(position: &mut AnyPosition, buf: &mut Vec<Action>) -> Self {
        let mut words = Words::zeroed(position.num_actions().div_ceil(64));
        position.legal_bits(words.as_mut_slice(), buf);
        let len = words.iter().map(|w| w.count_ones() as usize).sum();
        ActionBits { words, len }
    }

    fn contains(&self, a: Action) -> bool {
        let a = usize::from(a);
        self.words
            .get(a / 64)
            .is_some_and(|word| word >> (a % 64) & 1 == 1)
    }

    /// The `k`-th action of the set (`k < len`), in increasing order: a
    /// word at a time, then the byte that holds it by counting in parallel
    /// the bytes before it, and the bit by table, with no loop over bytes.
    fn nth(&self, mut k: usize) -> Action {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        for (w, &word) in self.words.iter().enumerate() {
            let counts = running_byte_counts(word);
            let here = (counts >> 56) as usize;
            if k >= here {
                k -= here;
                continue;
            }
            // A byte of `(k + 128) - counts` keeps its high bit where its
            // running count is at most k: those bytes come before the one
            // holding the bit (counts are at most 64, so no byte borrows).
            let before = ((k as u64 * ONES) | HIGHS).wrapping_sub(counts) & HIGHS;
            let byte = ((before >> 7).wrapping_mul(ONES) >> 56) as usize;
            let skipped = usize::from(((counts << 8) >> (8 * byte)) as u8);
            let bits = usize::from((word >> (8 * byte)) as u8);
            return (w * 64 + byte * 8) as Action + SET_BITS[bits][k - skipped];
        }
        unreachable!("an index past the end of the set")
    }

    /// How many actions of the set come before `a`.
    fn rank(&self, a: Action) -> usize {
        let a = usize::from(a);
        let below: u32 = self.words[..a / 64].iter().map(|w| w.count_ones()).sum();
        let part = self.words[a / 64] & ((1 << (a % 64)) - 1);
        (below + part.count_ones()) as usize
    }

    fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            std::iter::successors(Some(word).filter(|&x| x != 0), |&x| {
                Some(x & (x - 1)).filter(|&x| x != 0)
            })
            .map(move |x| (w * 64 + x.trailing_zeros() as usize) as Action)
        })
    }
}

/// Byte `i` of the result counts the set bits of bytes `0..=i` of `word`
/// (so the top byte counts the word's): bits summed in pairs, nibbles and
/// bytes, then the bytes' running sums by one multiply, with no `popcnt`
/// (see [`crate::core::COUNTS`]).
fn running_byte_counts(word: u64) -> u64 {
    let pairs = word - ((word >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    bytes.wrapping_mul(0x0101_0101_0101_0101)
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.legal.len
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return self.list(py)?.as_any().get_item(slice);
        }
        let i: isize = index
            .extract()
            .map_err(|_| PyTypeError::new_err("LegalMoves indices must be integers or slices"))?;
        let n = self.legal.len as isize;
        let k = if i < 0 { i + n } else { i };
        if !(0..n).contains(&k) {
            return Err(PyIndexError::new_err("LegalMoves index out of range"));
        }
        Ok(self.names.text(py, self.legal.nth(k as usize)).into_any())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        match item.cast::<PyString>() {
            Ok(text) => text
                .to_str()
                .ok()
                .and_then(|t| self.names.action(t))
                .is_some_and(|a| self.legal.contains(a)),
            Err(_) => false,
        }
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(other) = other.cast::<LegalMoves>() {
            let other = other.borrow();
            return Ok(other.legal == self.legal && std::ptr::eq(other.names, self.names));
        }
        let Ok(len) = other.len() else {
            return Ok(false);
        };
        if len != self.legal.len || other.is_instance_of::<PyString>() {
            return Ok(false);
        }
        for (item, a) in other.try_iter()?.zip(self.legal.iter()) {
            if !item?.eq(self.names.text(py, a))? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The position of a move's text in the sequence.
    fn index(&self, text: &str) -> PyResult<usize> {
        self.names
            .action(text)
            .filter(|&a| self.legal.contains(a))
            .map(|a| self.legal.rank(a))
            .ok_or_else(|| PyValueError::new_err(format!("'{text}' is not a legal move")))
    }

    /// The legal action indices.
    #[getter]
    fn actions(&self) -> Vec<Action> {
        self.legal.iter().collect()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("LegalMoves({})", self.list(py)?.repr()?))
    }
}
