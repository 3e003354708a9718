//! Which groups are smothered on a board: king-regions, supergroups, and the
//! breaths they obstruct (RULES.md §5), computed for the whole board at once.
//!
//! The board is copied into a grid with a one-point border of `OFF` cells, so
//! every neighbour is a fixed offset and no step needs a table or a bounds
//! test. One raster pass labels every king-connected component of equal
//! cells: those of empty points are the king-regions, those of stones the
//! supergroups. Roots are always the smallest cell of their component, so a
//! second forward pass compresses every label to its root. A region's root
//! then counts the distinct supergroups of each colour that touch it (0, 1, or
//! 2 for "two or more"), and a stone with a breath in a region that the enemy
//! does not obstruct is free; a group lives when any of its stones is free.

use crate::board::Point;
use crate::core::{Colour, EMPTY};

/// The border value: equal to no cell, so components never cross it.
const OFF: u8 = 3;

/// Reusable scratch for the smothering test; owns no position.
#[derive(Clone, Debug)]
pub(super) struct Smother {
    side: usize,
    /// Grid width: the side plus the border on either hand.
    width: usize,
    grid: Vec<u8>,
    /// Per grid cell: the root (smallest cell) of its king-connected
    /// component of equal cells.
    label: Vec<u16>,
    /// Per region root and colour: how many distinct supergroups of that
    /// colour touch the region, capped at 2.
    touching: Vec<[u8; 2]>,
    /// Per region root and colour: the first supergroup seen touching it.
    first: Vec<[u16; 2]>,
    /// Per grid cell: whether the stone there is in a group with an
    /// unobstructed breath.
    alive: Vec<bool>,
    stack: Vec<u16>,
}

impl Smother {
    pub(super) fn new(side: usize) -> Self {
        let width = side + 2;
        let cells = width * width;
        let mut grid = vec![OFF; cells];
        for r in 0..side {
            grid[(r + 1) * width + 1..(r + 1) * width + 1 + side].fill(EMPTY);
        }
        Smother {
            side,
            width,
            grid,
            label: vec![0; cells],
            touching: vec![[0; 2]; cells],
            first: vec![[0; 2]; cells],
            alive: vec![false; cells],
            stack: Vec::with_capacity(cells),
        }
    }

    /// The grid cell of point `p`.
    #[inline]
    fn cell_of(&self, p: Point) -> usize {
        let (r, c) = (p as usize / self.side, p as usize % self.side);
        (r + 1) * self.width + c + 1
    }

    /// The eight king steps in the grid; the first four lead to smaller
    /// cells (W, SW, S, SE), the first and the third to orthogonal ones.
    #[inline]
    fn king_offsets(&self) -> [isize; 8] {
        let w = self.width as isize;
        [-1, -w - 1, -w, -w + 1, 1, w + 1, w, w - 1]
    }

    /// Evaluates `cells` (in point order): afterwards
    /// [`Smother::smothered`] lists the smothered groups of either colour.
    pub(super) fn evaluate(&mut self, cells: &[u8]) {
        for (r, row) in cells.chunks_exact(self.side).enumerate() {
            let start = (r + 1) * self.width + 1;
            self.grid[start..start + self.side].copy_from_slice(row);
        }
        self.label_components();
        self.count_touching();
        self.find_alive();
    }

    /// The interior cells, bottom row first.
    fn interior(&self) -> impl Iterator<Item = usize> {
        let (side, width) = (self.side, self.width);
        (1..=side).flat_map(move |r| r * width + 1..r * width + 1 + side)
    }

    /// Labels king-connected components of equal cells (regions and
    /// supergroups) by union-find in raster order, linking the larger root to
    /// the smaller so that every label points to a smaller cell.
    fn label_components(&mut self) {
        let backward = &self.king_offsets()[..4];
        for g in self.interior() {
            let value = self.grid[g];
            let mut root = g as u16;
            for &o in backward {
                let q = g.wrapping_add_signed(o);
                if self.grid[q] != value {
                    continue;
                }
                let mut other = q as u16;
                while self.label[other as usize] != other {
                    let grand = self.label[self.label[other as usize] as usize];
                    self.label[other as usize] = grand;
                    other = grand;
                }
                if other < root {
                    if root != g as u16 {
                        self.label[root as usize] = other;
                    }
                    root = other;
                } else if other > root {
                    self.label[other as usize] = root;
                }
            }
            self.label[g] = root;
        }
        // Labels point to smaller cells, so one forward pass reaches roots.
        for g in self.interior() {
            self.label[g] = self.label[self.label[g] as usize];
        }
    }

    /// Ruling (reach): a supergroup reaches a breath when it is king-adjacent
    /// to the breath's king-region; counts, per region and colour, the
    /// distinct supergroups that reach it (0, 1, or 2 meaning two or more).
    /// A breath is obstructed for a group when exactly one enemy supergroup
    /// reaches it.
    fn count_touching(&mut self) {
        let king = self.king_offsets();
        for e in self.interior() {
            if self.grid[e] != EMPTY {
                continue;
            }
            let region = self.label[e] as usize;
            if region == e {
                // The root is the region's smallest cell: met first.
                self.touching[region] = [0; 2];
            }
            for &o in &king {
                let s = e.wrapping_add_signed(o);
                let value = self.grid[s];
                if value == EMPTY || value == OFF {
                    continue;
                }
                let k = value as usize - 1;
                let supergroup = self.label[s];
                let count = &mut self.touching[region][k];
                match *count {
                    0 => {
                        *count = 1;
                        self.first[region][k] = supergroup;
                    }
                    1 if self.first[region][k] != supergroup => *count = 2,
                    _ => {}
                }
            }
        }
    }

    /// Whether a breath in `region` (a root cell) is obstructed for a group
    /// of colour index `colour`: exactly one enemy supergroup reaches it.
    #[inline]
    fn obstructed(&self, region: usize, colour: usize) -> bool {
        self.touching[region][1 - colour] == 1
    }

    /// Marks every stone of a group with an unobstructed breath: the free
    /// stones, then their groups by orthogonal flood.
    fn find_alive(&mut self) {
        let king = self.king_offsets();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        self.alive.fill(false);
        self.stack.clear();
        for e in self.interior() {
            if self.grid[e] != EMPTY {
                continue;
            }
            let region = self.label[e] as usize;
            let open = [!self.obstructed(region, 0), !self.obstructed(region, 1)];
            if !open[0] && !open[1] {
                continue;
            }
            for &o in &king {
                let s = e.wrapping_add_signed(o);
                let value = self.grid[s];
                if (value == 1 && open[0] || value == 2 && open[1]) && !self.alive[s] {
                    self.alive[s] = true;
                    self.stack.push(s as u16);
                }
            }
        }
        while let Some(s) = self.stack.pop() {
            let value = self.grid[s as usize];
            for &o in &orthogonal {
                let t = (s as usize).wrapping_add_signed(o);
                if self.grid[t] == value && !self.alive[t] {
                    self.alive[t] = true;
                    self.stack.push(t as u16);
                }
            }
        }
    }

    /// Appends to `out` the stones of `colour` in smothered groups of the
    /// board last evaluated: every breath obstructed, or no breath at all.
    pub(super) fn smothered(&self, colour: Colour, out: &mut Vec<Point>) {
        let stone = colour.stone();
        for (p, g) in self.interior().enumerate() {
            if self.grid[g] == stone && !self.alive[g] {
                out.push(p as Point);
            }
        }
    }

    /// Whether a breath in the region holding empty point `e` is obstructed
    /// for a group of `colour`, on the board last evaluated.
    pub(super) fn breath_obstructed(&self, e: Point, colour: Colour) -> bool {
        self.obstructed(self.label[self.cell_of(e)] as usize, colour.index())
    }
}
