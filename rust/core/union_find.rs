use super::{copy_entries, Width};

/// Union-find over a board's points, with component sizes, for games whose
/// stones never leave the board (groups only ever merge), in tables of
/// width `W` (indexed with no bounds test).
#[derive(Debug)]
pub struct UnionFind<W: Width> {
    parent: W::Table<W::Point>,
    size: W::Table<u16>,
    /// The points in use, which a copy copies.
    points: usize,
}

impl<W: Width> Clone for UnionFind<W> {
    fn clone(&self) -> Self {
        UnionFind {
            parent: self.parent.clone(),
            size: self.size.clone(),
            points: self.points,
        }
    }

    /// Copies the entries of the points only, into the existing tables.
    fn clone_from(&mut self, source: &Self) {
        self.points = source.points;
        copy_entries(&mut self.parent, &source.parent, source.points);
        copy_entries(&mut self.size, &source.size, source.points);
    }
}

impl<W: Width> UnionFind<W> {
    /// Every point its own component of size 1 (`points` below
    /// [`Width::MAX_POINTS`]).
    pub fn new(points: usize) -> Self {
        assert!(points < W::MAX_POINTS, "{points} points fit the width");
        let mut parent = W::table(W::NONE);
        for p in 0..points {
            parent[W::point(p as u32)] = W::point(p as u32);
        }
        UnionFind {
            parent,
            size: W::table(1),
            points,
        }
    }

    /// The representative of `p`'s component. Union by size keeps trees
    /// shallow, so two steps up nearly always reach it: they are taken
    /// without a test between them, as a loop's exit after zero, one or two
    /// steps would be a mispredicted branch about every other call. Deeper
    /// paths are halved.
    #[inline]
    pub fn find(&mut self, p: W::Point) -> W::Point {
        let grand = self.parent[self.parent[p]];
        if self.parent[grand] == grand {
            grand
        } else {
            self.find_deep(grand)
        }
    }

    /// [`UnionFind::find`] past the first two steps (path halving).
    #[cold]
    fn find_deep(&mut self, mut p: W::Point) -> W::Point {
        while self.parent[p] != p {
            let grand = self.parent[self.parent[p]];
            self.parent[p] = grand;
            p = grand;
        }
        p
    }

    /// Joins the components of roots `a` and `b` (union by size) and returns
    /// the new root.
    #[inline]
    pub fn union_roots(&mut self, a: W::Point, b: W::Point) -> W::Point {
        if a == b {
            return a;
        }
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small] = big;
        self.size[big] += self.size[small];
        big
    }

    /// Joins the single point `p` (its own component) to the component of
    /// root `root`, which stays the root.
    #[inline]
    pub fn attach(&mut self, p: W::Point, root: W::Point) {
        self.parent[p] = root;
        self.size[root] += 1;
    }

    /// The size of the component whose root is `root`.
    #[inline]
    pub fn size(&self, root: W::Point) -> usize {
        usize::from(self.size[root])
    }
}
