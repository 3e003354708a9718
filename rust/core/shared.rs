//! Tables that depend on the board alone, built once per board and kind of
//! table and shared by every position on that board: a position holds its
//! table by reference, so a copy of the position copies a pointer.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::{Mutex, PoisonError};

use crate::board::Board;

/// A table of type `T` built from a board, shared (see the module).
pub struct Shared<T: 'static>(&'static T);

impl<T> Shared<T> {
    /// The table, for as long as the program runs.
    #[inline(always)]
    pub fn get(self) -> &'static T {
        self.0
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Shared<T> {}

impl<T> Deref for Shared<T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        self.0
    }
}

impl<T> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shared<{}>", std::any::type_name::<T>())
    }
}

/// The tables built so far, by type and board. Boards are built once each
/// and never freed, so there are at most a few per type.
type Tables = HashMap<(TypeId, usize), &'static (dyn Any + Send + Sync)>;

/// The table of type `T` for `board`: built by `build` the first time it is
/// asked for, the same one afterwards.
pub fn shared<T: Any + Send + Sync>(
    board: &'static Board,
    build: impl FnOnce(&Board) -> T,
) -> Shared<T> {
    static TABLES: Mutex<Option<Tables>> = Mutex::new(None);
    let key = (TypeId::of::<T>(), std::ptr::from_ref(board) as usize);
    // A build that panicked inserted nothing, so the map is whole.
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    let table = *tables
        .get_or_insert_with(HashMap::new)
        .entry(key)
        .or_insert_with(|| Box::leak(Box::new(build(board))));
    Shared(
        table
            .downcast_ref::<T>()
            .expect("a table is stored under its own type"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn a_table_is_built_once_per_board_and_type() {
        let (five, seven) = (Board::hex(5).unwrap(), Board::hex(7).unwrap());
        let a = shared(five, |b| vec![b.points(); 3]);
        let b = shared(five, |_| -> Vec<usize> { unreachable!("built once") });
        assert!(std::ptr::eq(&*a, &*b));
        assert_eq!(*a, vec![61; 3]);
        let c = shared(seven, |b| vec![b.points(); 3]);
        assert_eq!(*c, vec![127; 3]);
        let d = shared(five, |b| b.points() as u8);
        assert_eq!(*d, 61);
    }
}
