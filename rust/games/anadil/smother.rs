//! Which groups are smothered on a board: king-regions, supergroups, and the
//! breaths they obstruct (RULES.md §5), computed for the whole board at once.
//!
//! One raster pass labels every king-connected component of equal cells:
//! those of empty points are the king-regions, those of stones the
//! supergroups. Roots are always the smallest point of their component, so a
//! second forward pass compresses every label to its root. A region's root
//! then counts the distinct supergroups of each colour that touch it (0, 1, or
//! 2 for "two or more"), and a stone with a breath in a region that the enemy
//! does not obstruct is free; a group lives when any of its stones is free.

use crate::board::{Board, Point, NO_POINT};
use crate::core::{Colour, Marks, EMPTY};

/// Reusable scratch for the smothering test; owns no position.
#[derive(Clone, Debug)]
pub(super) struct Smother {
    /// Per point: the root (smallest point) of its king-connected component
    /// of equal cells.
    label: Vec<Point>,
    /// Per region root and colour: how many distinct supergroups of that
    /// colour touch the region, capped at 2.
    touching: Vec<[u8; 2]>,
    /// Per region root and colour: the first supergroup seen touching it.
    first: Vec<[Point; 2]>,
    /// Stones of groups that have an unobstructed breath.
    alive: Marks,
    stack: Vec<Point>,
}

/// The king directions that lead to smaller points (W, SW, S, SE): the
/// square board's KING order puts them last.
const BACKWARD: std::ops::Range<usize> = 4..8;

impl Smother {
    pub(super) fn new(points: usize) -> Self {
        Smother {
            label: vec![0; points],
            touching: vec![[0; 2]; points],
            first: vec![[NO_POINT; 2]; points],
            alive: Marks::new(points),
            stack: Vec::with_capacity(points),
        }
    }

    /// Evaluates `cells`: afterwards [`Smother::smothered`] lists the
    /// smothered groups of either colour on this board.
    pub(super) fn evaluate(&mut self, board: &Board, cells: &[u8]) {
        self.label_components(board, cells);
        self.count_touching(board, cells);
        self.find_alive(board, cells);
    }

    /// Labels king-connected components of equal cells (regions and
    /// supergroups) by union-find in raster order, linking the larger root to
    /// the smaller so that every label points to a smaller point.
    fn label_components(&mut self, board: &Board, cells: &[u8]) {
        let king = board.king().expect("Anadil plays on a square board");
        let label = &mut self.label;
        for p in 0..cells.len() {
            let value = cells[p];
            let mut root = p as Point;
            for &q in &king.steps(p as Point)[BACKWARD] {
                if q == NO_POINT || cells[q as usize] != value {
                    continue;
                }
                let mut other = q;
                while label[other as usize] != other {
                    let grand = label[label[other as usize] as usize];
                    label[other as usize] = grand;
                    other = grand;
                }
                if other == root {
                    continue;
                }
                if other < root {
                    if root != p as Point {
                        label[root as usize] = other;
                    }
                    root = other;
                } else {
                    label[other as usize] = root;
                }
            }
            label[p] = root;
        }
        // Labels point to smaller points, so one forward pass reaches roots.
        for p in 0..cells.len() {
            label[p] = label[label[p] as usize];
        }
    }

    /// Ruling (reach): a supergroup reaches a breath when it is king-adjacent
    /// to the breath's king-region; counts, per region and colour, the
    /// distinct supergroups that reach it (0, 1, or 2 meaning two or more).
    /// A breath is obstructed for a group when exactly one enemy supergroup
    /// reaches it.
    fn count_touching(&mut self, board: &Board, cells: &[u8]) {
        let king = board.king().expect("Anadil plays on a square board");
        for e in 0..cells.len() {
            if cells[e] != EMPTY {
                continue;
            }
            let region = self.label[e] as usize;
            if region == e {
                // The root is the region's smallest point: met first.
                self.touching[region] = [0; 2];
            }
            for &s in king.neighbours(e as Point) {
                let value = cells[s as usize];
                if value == EMPTY {
                    continue;
                }
                let k = value as usize - 1;
                let supergroup = self.label[s as usize];
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

    /// Whether a breath in `region` (a root) is obstructed for a group of
    /// `colour`: exactly one enemy supergroup reaches it.
    #[inline]
    fn obstructed(&self, region: Point, colour: usize) -> bool {
        self.touching[region as usize][1 - colour] == 1
    }

    /// Marks every stone of a group with an unobstructed breath: the free
    /// stones, then their groups by orthogonal flood.
    fn find_alive(&mut self, board: &Board, cells: &[u8]) {
        let king = board.king().expect("Anadil plays on a square board");
        self.alive.clear();
        self.stack.clear();
        for e in 0..cells.len() {
            if cells[e] != EMPTY {
                continue;
            }
            let region = self.label[e];
            let open = [!self.obstructed(region, 0), !self.obstructed(region, 1)];
            if !open[0] && !open[1] {
                continue;
            }
            for &s in king.neighbours(e as Point) {
                let value = cells[s as usize];
                if value != EMPTY && open[value as usize - 1] && self.alive.mark(s) {
                    self.stack.push(s);
                }
            }
        }
        while let Some(s) = self.stack.pop() {
            let value = cells[s as usize];
            for &t in board.neighbours(s) {
                if cells[t as usize] == value && self.alive.mark(t) {
                    self.stack.push(t);
                }
            }
        }
    }

    /// Appends to `out` the stones of `colour` in smothered groups of the
    /// board last evaluated: every breath obstructed, or no breath at all.
    pub(super) fn smothered(&self, cells: &[u8], colour: Colour, out: &mut Vec<Point>) {
        let stone = colour.stone();
        for (p, &value) in cells.iter().enumerate() {
            if value == stone && !self.alive.is_marked(p as Point) {
                out.push(p as Point);
            }
        }
    }

    /// Whether a breath in the region holding empty point `e` is obstructed
    /// for a group of `colour`, on the board last evaluated.
    pub(super) fn breath_obstructed(&self, e: Point, colour: Colour) -> bool {
        self.obstructed(self.label[e as usize], colour.index())
    }
}
