//! The few pieces every game shares: colours, visit marks for flood fills,
//! point sets, union-find, and the random number generator.

mod colour;
mod marks;
mod point_set;
mod rng;
mod union_find;

pub use colour::{Colour, EMPTY};
pub use marks::Marks;
pub use point_set::{bits, PointSets};
pub use rng::Rng;
pub use union_find::UnionFind;
