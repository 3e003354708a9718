//! Divide and conquer over rows: a batch's slices cut in halves and run on
//! rayon's pool with `join`, which needs no allocation (its jobs live on the
//! stack), down to a few envs per task.

/// Rows that can be cut in two at a row.
pub(super) trait Split: Send + Sized {
    /// The number of rows.
    fn len(&self) -> usize;
    /// The rows before `mid` and from `mid` on.
    fn split_at(self, mid: usize) -> (Self, Self);
}

impl<T: Send> Split for &mut [T] {
    fn len(&self) -> usize {
        <[T]>::len(self)
    }

    fn split_at(self, mid: usize) -> (Self, Self) {
        self.split_at_mut(mid)
    }
}

impl<T: Sync> Split for &[T] {
    fn len(&self) -> usize {
        <[T]>::len(self)
    }

    fn split_at(self, mid: usize) -> (Self, Self) {
        <[T]>::split_at(self, mid)
    }
}

impl<A: Split, B: Split> Split for (A, B) {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn split_at(self, mid: usize) -> (Self, Self) {
        let (a1, a2) = self.0.split_at(mid);
        let (b1, b2) = self.1.split_at(mid);
        ((a1, b1), (a2, b2))
    }
}

/// Runs `leaf(first, rows)` on pieces of at most `grain` rows (`first` is
/// the index of a piece's first row, counting from `offset`), in parallel
/// on the current rayon pool, and folds the results in row order with
/// `join`.
pub(super) fn par_split<S, R>(
    rows: S,
    offset: usize,
    grain: usize,
    leaf: &(impl Fn(usize, S) -> R + Sync),
    join: &(impl Fn(R, R) -> R + Sync),
) -> R
where
    S: Split,
    R: Send,
{
    let len = rows.len();
    if len <= grain {
        return leaf(offset, rows);
    }
    let mid = len / 2;
    let (left, right) = rows.split_at(mid);
    let (a, b) = rayon::join(
        || par_split(left, offset, grain, leaf, join),
        || par_split(right, offset + mid, grain, leaf, join),
    );
    join(a, b)
}
