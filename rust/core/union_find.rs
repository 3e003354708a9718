use crate::board::Point;

/// Union-find over a board's points, with component sizes, for games whose
/// stones never leave the board (groups only ever merge).
#[derive(Debug)]
pub struct UnionFind {
    parent: Vec<Point>,
    size: Vec<u16>,
}

super::clone_by_fields!(UnionFind { parent, size });

impl UnionFind {
    /// Every point its own component of size 1.
    pub fn new(points: usize) -> Self {
        UnionFind {
            parent: (0..points as Point).collect(),
            size: vec![1; points],
        }
    }

    /// The representative of `p`'s component. Union by size keeps trees
    /// shallow, so two steps up nearly always reach it: they are taken
    /// without a test between them, as a loop's exit after zero, one or two
    /// steps would be a mispredicted branch about every other call. Deeper
    /// paths are halved.
    #[inline]
    pub fn find(&mut self, p: Point) -> Point {
        let grand = self.parent[self.parent[p as usize] as usize];
        if self.parent[grand as usize] == grand {
            grand
        } else {
            self.find_deep(grand)
        }
    }

    /// [`UnionFind::find`] past the first two steps (path halving).
    #[cold]
    fn find_deep(&mut self, mut p: Point) -> Point {
        while self.parent[p as usize] != p {
            let grand = self.parent[self.parent[p as usize] as usize];
            self.parent[p as usize] = grand;
            p = grand;
        }
        p
    }

    /// Joins the components of roots `a` and `b` (union by size) and returns
    /// the new root.
    #[inline]
    pub fn union_roots(&mut self, a: Point, b: Point) -> Point {
        if a == b {
            return a;
        }
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        big
    }

    /// Joins the single point `p` (its own component) to the component of
    /// root `root`, which stays the root.
    #[inline]
    pub fn attach(&mut self, p: Point, root: Point) {
        self.parent[p as usize] = root;
        self.size[root as usize] += 1;
    }

    /// The size of the component whose root is `root`.
    #[inline]
    pub fn size(&self, root: Point) -> usize {
        self.size[root as usize] as usize
    }
}
