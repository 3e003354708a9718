//! Zobrist keys for hashing Anadil boards: one random 64-bit key per point
//! and colour, from a fixed seed per board side, built once and shared by
//! every state on that board (like the boards themselves).

use std::sync::OnceLock;

use crate::core::Rng;

/// Square sides run up to 25 (RULES.md §1.2).
const SIDES: usize = 26;

static TABLES: [OnceLock<Vec<[u64; 2]>>; SIDES] = [const { OnceLock::new() }; SIDES];

/// The keys of the square board of side `side`: `keys[p][colour.index()]`.
/// The hash of a board is the XOR of the keys of its stones.
pub(super) fn keys(side: usize) -> &'static [[u64; 2]] {
    TABLES[side].get_or_init(|| {
        let mut rng = Rng::new(0x414E_4144_494C_0000 ^ side as u64);
        (0..side * side)
            .map(|_| [rng.next_u64(), rng.next_u64()])
            .collect()
    })
}
