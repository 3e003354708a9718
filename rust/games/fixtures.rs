//! Positions the unit tests start from, written once for every test module.

use crate::games::{AnyPosition, Position};
use crate::options::{OptionValue, Options};

/// A fresh Sunder position of side `size`, with or without the swap.
pub(crate) fn sunder(size: i64, pie: bool) -> AnyPosition {
    AnyPosition::new(
        "sunder",
        &mut Options::new([
            ("size", OptionValue::Int(size)),
            ("pie", OptionValue::Bool(pie)),
        ]),
    )
    .unwrap()
}

/// Plays `moves`, given in notation, on `state`; each must be legal.
pub(crate) fn play(state: &mut AnyPosition, moves: &[&str]) {
    for m in moves {
        let a = state.parse_action(m).unwrap();
        state.apply(a).unwrap();
    }
}
