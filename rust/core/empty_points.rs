//! The empty points of a row of cells, listed, marked in a mask or packed
//! as bits, eight cells at a time: a Python loop asks for the legal moves
//! every turn, a search at every expansion and a batched environment's mask
//! at every step, and a loop of one branch per point mispredicts on a board
//! half full of stones at random.

use super::EMPTY;
use crate::board::Point;

/// For each 8-bit mask, the indices of its set bits in increasing order
/// (the rest of the row unused): the eight cells of a word are listed with
/// one table read, one vector add and one write of eight points. Kept as
/// points, not bytes, so that no widening is needed on the way out.
pub static SET_BITS: [[Point; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut bit, mut kept) = (0, 0);
        while bit < 8 {
            if mask & (1 << bit) != 0 {
                table[mask][kept] = bit as Point;
                kept += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// The number of set bits of each 8-bit mask: `count_ones` is a dozen
/// instructions on the portable x86-64 target, which has no `popcnt`.
pub static COUNTS: [u8; 256] = {
    let mut table = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// A mask with bit `i` set where byte `i` (little-endian) of `word` is
/// [`EMPTY`] (zero): exact, with no carries between bytes.
fn empty_bytes(word: u64) -> u32 {
    const _: () = assert!(EMPTY == 0, "empty_bytes finds zero bytes");
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let high_if_nonzero = ((word & LOW) + LOW) | word;
    let high_if_zero = !(high_if_nonzero | LOW);
    // Gathers the eight high bits into the top byte, byte i to bit i.
    ((high_if_zero.wrapping_mul(0x0002_0408_1020_4081)) >> 56) as u32
}

/// A mask with bit `i` set where `cells[i]` is [`EMPTY`]: one compare of
/// sixteen bytes and one gather of their high bits with SSE2, which every
/// x86-64 processor has.
#[cfg(target_arch = "x86_64")]
#[inline]
fn empty_sixteen(cells: &[u8; 16]) -> u16 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 target, and the unaligned load
    // reads exactly the sixteen bytes of `cells`.
    unsafe {
        let cells = _mm_loadu_si128(cells.as_ptr().cast());
        _mm_movemask_epi8(_mm_cmpeq_epi8(cells, _mm_setzero_si128())) as u16
    }
}

/// A mask with bit `i` set where `cells[i]` is [`EMPTY`], eight cells at a
/// time where there is no SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn empty_sixteen(cells: &[u8; 16]) -> u16 {
    let half = |i: usize| empty_bytes(u64::from_le_bytes(cells[i..i + 8].try_into().expect("8")));
    (half(0) | half(8) << 8) as u16
}

/// The last cells of a row (fewer than `N`), padded with cells that are
/// not empty.
#[inline]
fn padded<const N: usize>(rest: &[u8]) -> [u8; N] {
    let mut last = [u8::MAX; N];
    last[..rest.len()].copy_from_slice(rest);
    last
}

/// Writes `base + i` for each set bit `i` of `mask`, lowest first, into
/// the first slots of `row`, and returns how many there are (the other
/// slots get scratch): one table read and eight writes, with no branch
/// per bit.
#[inline]
fn write_set_bits(mask: u8, base: Point, row: &mut [Point; 8]) -> usize {
    let bits = &SET_BITS[usize::from(mask)];
    for (slot, &bit) in row.iter_mut().zip(bits) {
        *slot = base + bit;
    }
    usize::from(COUNTS[usize::from(mask)])
}

/// The legal actions of a game whose legal points are its empty ones: the
/// points of `cells` that are empty, and one more action after the last
/// point (a swap, a pass) when `extra` holds; none once the game is over.
/// A game states its rule once, by making one of these, and lists, marks
/// or packs its legal actions from it.
pub struct EmptyPoints<'a> {
    /// The board's cells, one per point.
    pub cells: &'a [u8],
    /// Whether the game is still going.
    pub in_play: bool,
    /// Whether the action after the last point is legal (while in play).
    pub extra: bool,
}

impl EmptyPoints<'_> {
    /// Writes the legal actions, in increasing order, into `out` (cleared
    /// first).
    pub fn list(&self, out: &mut Vec<Point>) {
        out.clear();
        if !self.in_play {
            return;
        }
        push_empty_points(self.cells, out);
        if self.extra {
            out.push(self.cells.len() as Point);
        }
    }

    /// [`EmptyPoints::list`] from `before`, the list of the position that
    /// `played` led here from, with no read of the cells: a placement fills
    /// its own point alone and any other action none, so the empty points
    /// are those before but the one played (a search lists each leaf's
    /// actions this way, from its parent's).
    pub fn list_after(&self, before: &[Point], played: Point, out: &mut Vec<Point>) {
        out.clear();
        if !self.in_play {
            return;
        }
        let n = self.cells.len() as Point;
        let points = &before[..before.partition_point(|&a| a < n)];
        match points.binary_search(&played) {
            Ok(at) => {
                out.extend_from_slice(&points[..at]);
                out.extend_from_slice(&points[at + 1..]);
            }
            Err(_) => out.extend_from_slice(points),
        }
        if self.extra {
            out.push(n);
        }
    }

    /// Writes into `mask`, one entry per action, whether each is legal.
    pub fn mark(&self, mask: &mut [bool]) {
        let (points, in_play) = (self.cells.len(), self.in_play);
        for (legal, &cell) in mask[..points].iter_mut().zip(self.cells) {
            *legal = in_play && cell == EMPTY;
        }
        mask[points..].fill(in_play && self.extra);
    }

    /// Writes into `words`, bit `a % 64` of word `a / 64` for action `a`,
    /// whether each action is legal: sixteen cells per step.
    pub fn pack(&self, words: &mut [u64]) {
        words.fill(0);
        if !self.in_play {
            return;
        }
        // A word of bits per 64 cells, built in a register from four
        // groups of sixteen cells: unrolled for whole words.
        let word_of = |cells: &[u8]| {
            let (mut bits, mut groups) = (0, cells.chunks_exact(16));
            for (i, sixteen) in (&mut groups).enumerate() {
                bits |= u64::from(empty_sixteen(sixteen.try_into().expect("16 cells"))) << (16 * i);
            }
            let rest = groups.remainder();
            if !rest.is_empty() {
                bits |= u64::from(empty_sixteen(&padded(rest))) << (cells.len() / 16 * 16);
            }
            bits
        };
        let mut whole = self.cells.chunks_exact(64);
        for (word, cells) in words.iter_mut().zip(&mut whole) {
            let cells: &[u8; 64] = cells.try_into().expect("64 cells");
            *word = word_of(cells);
        }
        if !whole.remainder().is_empty() {
            words[self.cells.len() / 64] = word_of(whole.remainder());
        }
        if self.extra {
            let a = self.cells.len();
            words[a / 64] |= 1 << (a % 64);
        }
    }
}

/// Appends the point of every empty cell of `cells` to `out`, in
/// increasing order.
fn push_empty_points(cells: &[u8], out: &mut Vec<Point>) {
    let start = out.len();
    // Every word writes eight points and keeps those that are empty, so
    // the list has room for a whole word past its last point.
    out.resize(start + cells.len() + 8, 0);
    let mut kept = start;
    let mut base: Point = 0;
    let mut words = cells.chunks_exact(8);
    let mut put = |word: u64, base: Point, kept: &mut usize| {
        let row = (&mut out[*kept..*kept + 8])
            .try_into()
            .expect("eight slots");
        *kept += write_set_bits(empty_bytes(word) as u8, base, row);
    };
    for word in &mut words {
        put(
            u64::from_le_bytes(word.try_into().expect("eight cells")),
            base,
            &mut kept,
        );
        base += 8;
    }
    put(
        u64::from_le_bytes(padded(words.remainder())),
        base,
        &mut kept,
    );
    out.truncate(kept);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_points_are_the_zero_cells_in_order_for_every_length() {
        let mut rng = crate::core::Rng::new(7);
        for len in 0..100 {
            for _ in 0..20 {
                let cells: Vec<u8> = (0..len)
                    .map(|_| [0, 0, 1, 2, 0x80, 0xFF][rng.below(6)])
                    .collect();
                let mut out = vec![999];
                push_empty_points(&cells, &mut out);
                let expected: Vec<Point> = std::iter::once(999)
                    .chain((0..len as Point).filter(|&p| cells[p as usize] == EMPTY))
                    .collect();
                assert_eq!(out, expected, "cells {cells:?}");
            }
        }
    }

    #[test]
    fn the_list_the_mask_and_the_bits_name_the_same_actions() {
        let mut rng = crate::core::Rng::new(11);
        for len in 0..140 {
            let cells: Vec<u8> = (0..len).map(|_| [0, 1, 2][rng.below(3)]).collect();
            for (in_play, extra) in [(true, true), (true, false), (false, true)] {
                let legal = EmptyPoints {
                    cells: &cells,
                    in_play,
                    extra,
                };
                let mut listed = vec![7];
                legal.list(&mut listed);
                let mut mask = vec![true; len + 1];
                legal.mark(&mut mask);
                let mut words = vec![!0; (len + 1).div_ceil(64)];
                legal.pack(&mut words);
                let marked: Vec<Point> = (0..=len as Point).filter(|&a| mask[a as usize]).collect();
                let packed: Vec<Point> = (0..=len as Point)
                    .filter(|&a| words[a as usize / 64] >> (a % 64) & 1 == 1)
                    .collect();
                assert_eq!(listed, marked, "{len} cells, {in_play} {extra}");
                assert_eq!(listed, packed, "{len} cells, {in_play} {extra}");
            }
        }
    }

    #[test]
    fn sixteen_cells_give_the_masks_of_their_two_words() {
        let mut rng = crate::core::Rng::new(5);
        for _ in 0..1000 {
            let cells: [u8; 16] = std::array::from_fn(|_| [0, 0, 1, 2, 0x80, 0xFF][rng.below(6)]);
            let word = |i: usize| u64::from_le_bytes(cells[i..i + 8].try_into().expect("8"));
            let expected = empty_bytes(word(0)) | empty_bytes(word(8)) << 8;
            assert_eq!(
                u32::from(empty_sixteen(&cells)),
                expected,
                "cells {cells:?}"
            );
        }
    }

    #[test]
    fn a_mask_names_exactly_the_zero_bytes() {
        for i in 0..8 {
            for value in [1u64, 0x7F, 0x80, 0xFF] {
                let word = !0u64 ^ (0xFF << (8 * i)) | (value << (8 * i));
                assert_eq!(empty_bytes(word), 0, "byte {i} holds {value}");
                assert_eq!(empty_bytes(word & !(0xFF << (8 * i))), 1 << i);
            }
        }
        assert_eq!(empty_bytes(0), 0xFF);
    }
}
