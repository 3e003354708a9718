//! The empty points of a row of cells, listed eight cells at a time or
//! marked in a mask: a legal-move list asks for them every turn of a Python
//! loop and at every expansion of a search, a batched environment's mask at
//! every step, and a loop of one branch per point mispredicts on a board half
//! full of stones at random.

use super::EMPTY;
use crate::board::Point;

/// For each 8-bit mask, the indices of its set bits in increasing order
/// (the rest of the row unused): the eight cells of a word are listed with
/// one table read, one vector add and one write of eight points. Kept as
/// points, not bytes, so that no widening is needed on the way out.
static SET_BITS: [[Point; 8]; 256] = {
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
static COUNTS: [u8; 256] = {
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
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let high_if_nonzero = ((word & LOW) + LOW) | word;
    let high_if_zero = !(high_if_nonzero | LOW);
    // Gathers the eight high bits into the top byte, byte i to bit i.
    ((high_if_zero.wrapping_mul(0x0002_0408_1020_4081)) >> 56) as u32
}

/// Appends the point of every empty cell of `cells` to `out`, in
/// increasing order.
pub fn push_empty_points(cells: &[u8], out: &mut Vec<Point>) {
    const _: () = assert!(EMPTY == 0, "empty_bytes finds zero bytes");
    let start = out.len();
    // Every word writes eight points and keeps those that are empty, so
    // the list has room for a whole word past its last point.
    out.resize(start + cells.len() + 8, 0);
    let mut kept = start;
    let mut base: Point = 0;
    let mut words = cells.chunks_exact(8);
    let mut put = |word: u64, base: Point, kept: &mut usize| {
        let mask = empty_bytes(word);
        let bits = &SET_BITS[mask as usize];
        let row = &mut out[*kept..*kept + 8];
        for i in 0..8 {
            row[i] = base + bits[i];
        }
        *kept += usize::from(COUNTS[mask as usize]);
    };
    for word in &mut words {
        put(
            u64::from_le_bytes(word.try_into().expect("eight cells")),
            base,
            &mut kept,
        );
        base += 8;
    }
    // The last cells, padded with cells that are not empty.
    let mut last = [u8::MAX; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    put(u64::from_le_bytes(last), base, &mut kept);
    out.truncate(kept);
}

/// Writes into `mask` whether each cell of `cells` is empty (`mask` may be
/// longer: the rest is left as it is). With `in_play` false every entry is
/// false, as for a finished game.
pub fn mark_empty_points(cells: &[u8], in_play: bool, mask: &mut [bool]) {
    for (legal, &cell) in mask[..cells.len()].iter_mut().zip(cells) {
        *legal = in_play && cell == EMPTY;
    }
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
