//! Positions the unit tests start from, written once for every test module.

use crate::core::Colour;
use crate::games::{AnyPosition, Position};
use crate::options::{OptionValue, Options};

/// A fresh position of a game whose options are a side and a whole komi
/// (Anda, Anadil, Esgrad).
pub(crate) fn sized<G: Position>(size: i64, komi: i64) -> G {
    G::from_options(&mut Options::new([
        ("size", OptionValue::Int(size)),
        ("komi", OptionValue::Int(komi)),
    ]))
    .unwrap()
}

/// The colour ahead on `[black, white]` scores: White unless Black is
/// higher (the games that score have half points, so no tie).
pub(crate) fn ahead([black, white]: [f64; 2]) -> Colour {
    if black > white {
        Colour::Black
    } else {
        Colour::White
    }
}

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
