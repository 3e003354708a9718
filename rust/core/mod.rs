//! The few pieces every game shares: colours, the list of empty points,
//! visit marks and the flood fill built on them, point sets, union-find,
//! the split of a region at a filled point, the random number generator,
//! the flag that stops long work, point indices narrow or wide, and the
//! tables a board's positions share.

/// Implements `Clone` for a struct field by field, with a `clone_from` that
/// reuses each field's buffers: playouts reset a state from the start
/// position once per game, and the derived `clone_from` would allocate
/// every vector afresh.
macro_rules! clone_by_fields {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                $ty { $($field: self.$field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                $(self.$field.clone_from(&source.$field);)*
            }
        }
    };
}
pub(crate) use clone_by_fields;

mod colour;
mod empty_points;
mod fixed_table;
mod flood;
mod marks;
mod point_list;
mod point_set;
mod rng;
mod shared;
mod split;
mod stop;
mod union_find;
mod width;

pub use colour::{Colour, EMPTY};
pub use empty_points::{EmptyPoints, COUNTS, SET_BITS};
pub use fixed_table::FixedTable;
pub use flood::Flood;
pub use marks::Marks;
pub use point_list::PointList;
pub use point_set::{bits, GridSet, PointSets};
pub use rng::Rng;
pub use shared::{shared, Shared};
pub use split::{split, Floods, Pieces, MAX_PIECES};
pub use stop::Stop;
pub use union_find::UnionFind;
pub(crate) use width::on_width;
pub use width::{copy_entries, ByWidth, Entry, Narrow, NarrowTable, Wide, WideTable, Width};
