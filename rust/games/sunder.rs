//! Sunder (RULES.md §3): make a group whose every cut is at most half the
//! board (less komi for Black, more for White).
//!
//! The win test runs after every placement, so it is incremental. Each group
//! keeps a lower bound on its largest cut (the largest connected part of the
//! board minus the group) and whether the board minus it may be split. A
//! placement merges the new stone with its friendly neighbours; when the stone
//! closes no loop (see `closes_loop`) and at most one merged group splits the
//! board, no part can split, so
//! the bound carries over and a flood fill is needed only when the bound
//! reaches the winning limit. `tests` holds a naive reference that checks this
//! on every placement of many random games.

use std::borrow::Cow;

use super::{Action, Detail, Game, Special};
use crate::board::{Board, Point, NO_POINT};
use crate::core::{Colour, Marks, Rng, UnionFind, EMPTY};
use crate::error::Error;
use crate::options::{halves_value, OptionValue, Options};

/// A Sunder position.
#[derive(Clone, Debug)]
pub struct Sunder {
    board: &'static Board,
    komi_halves: i64,
    pie: bool,
    cells: Vec<u8>,
    groups: UnionFind,
    /// Per group root: a lower bound on the group's largest cut.
    largest_cut: Vec<u16>,
    /// Per group root: false only when the board minus the group is known to
    /// be connected.
    may_split: Vec<bool>,
    /// Per group root: whether the group touches the edge of the board.
    on_edge: Vec<bool>,
    to_move: Colour,
    swapped: bool,
    plies: u32,
    winner: Option<Colour>,
    /// The empty points in no particular order, and each point's slot in it,
    /// so a random placement is O(1).
    empties: Vec<Point>,
    slot: Vec<u16>,
    marks: Marks,
    stack: Vec<Point>,
}

/// What a placement merged: a group's root, size, and cut bookkeeping.
#[derive(Clone, Copy, Default)]
struct Merged {
    root: Point,
    size: usize,
    largest_cut: usize,
    may_split: bool,
}

impl Sunder {
    /// The komi in half points (`komi = 1.5` gives 3).
    pub fn komi_halves(&self) -> i64 {
        self.komi_halves
    }

    /// Ruling (cuts): the largest cut a winning group of `colour` may have.
    /// Black needs every cut to be at most `N/2 - k`, White at most `N/2 + k`;
    /// in half points so that an odd `N` and a half-point komi stay exact.
    fn cut_limit(&self, colour: Colour) -> usize {
        let n = self.board.points() as i64;
        let doubled = match colour {
            Colour::Black => n - self.komi_halves,
            Colour::White => n + self.komi_halves,
        };
        (doubled.max(0) / 2) as usize
    }

    /// Whether a stone of `stone` at `p` closes a loop: whether two of the
    /// closed runs around `p` (friendly stones or off-board steps, between
    /// the open arcs of its ring) are already connected without `p`, through
    /// one group or through the outside of the board. On the hex grid only
    /// then can the board minus the new group gain a part: a part is cut off
    /// exactly by a loop of the group, or a chain from edge to edge.
    fn closes_loop(&mut self, p: Point, stone: u8) -> bool {
        const OUTSIDE: Point = NO_POINT;
        let mut ring = [NO_POINT; 6];
        ring.copy_from_slice(self.board.adjacency().steps(p));
        let open = |q: Point| q != NO_POINT && self.cells[q as usize] != stone;
        let Some(first_open) = ring.iter().position(|&q| open(q)) else {
            return false; // closed all round: there is no arc to separate
        };
        let mut runs = [OUTSIDE; 6];
        let mut count = 0;
        let mut current: Option<Point> = None;
        for k in 1..=6 {
            let q = ring[(first_open + k) % 6];
            if open(q) {
                if let Some(key) = current.take() {
                    runs[count] = key;
                    count += 1;
                }
                continue;
            }
            let key = if q == NO_POINT {
                OUTSIDE
            } else {
                let root = self.groups.find(q);
                if self.on_edge[root as usize] {
                    OUTSIDE
                } else {
                    root
                }
            };
            // Stones of one run touch each other, so they share a group; a
            // run holding an off-board step or an edge group is the outside.
            current = Some(match current {
                Some(OUTSIDE) => OUTSIDE,
                _ => key,
            });
        }
        (0..count).any(|i| runs[i + 1..count].contains(&runs[i]))
    }

    /// Places a stone of the mover at `p`, merges its group, and decides the
    /// win (Ruling (cuts), tested on the group of the stone just placed only).
    fn place(&mut self, p: Point) {
        let colour = self.to_move;
        let stone = colour.stone();
        let loop_closed = self.closes_loop(p, stone);
        self.cells[p as usize] = stone;
        self.take_empty(p);

        let mut merged = [Merged::default(); 6];
        let mut count = 0;
        for &q in self.board.neighbours(p) {
            if self.cells[q as usize] == stone {
                let root = self.groups.find(q);
                if !merged[..count].iter().any(|m| m.root == root) {
                    merged[count] = Merged {
                        root,
                        size: self.groups.size(root),
                        largest_cut: self.largest_cut[root as usize] as usize,
                        may_split: self.may_split[root as usize],
                    };
                    count += 1;
                }
            }
        }
        let mut root = p;
        let mut on_edge = self.board.is_edge(p);
        for m in &merged[..count] {
            on_edge |= self.on_edge[m.root as usize];
            root = self.groups.union_roots(root, m.root);
        }
        self.on_edge[root as usize] = on_edge;
        let size = self.groups.size(root);
        let rest = self.board.points() - size;
        let limit = self.cut_limit(colour);
        let mut splitting = merged[..count].iter().filter(|m| m.may_split);

        let (largest, may_split) = match (!loop_closed, splitting.next(), splitting.next()) {
            // No new enclosure and no old split: the rest stays one part.
            (true, None, _) => (rest, false),
            // One old split, no new one: parts only shrink by what was added.
            (true, Some(m), None) if m.largest_cut.saturating_sub(size - m.size) > limit => {
                (m.largest_cut - (size - m.size), true)
            }
            _ => self.measure_cuts(
                p,
                limit,
                loop_closed,
                merged[..count].iter().any(|m| m.may_split),
            ),
        };
        self.largest_cut[root as usize] = largest as u16;
        self.may_split[root as usize] = may_split;
        if largest <= limit {
            self.winner = Some(colour);
        }
    }

    /// Measures the parts of the board minus the group holding the new
    /// stone `p`, as far as the win test needs. Returns a lower bound on
    /// the largest part (exact when no part exceeds `limit`) and whether the
    /// board minus the group may be split.
    ///
    /// Parts are filled from the points around `p`; one larger than `limit`
    /// settles the test. Each is filled whole all the same: its exact size
    /// is the bound later placements build on, and a loose bound would cost
    /// more fills than it saves. Parts away from `p` exist only
    /// when a merged group already split the board (`far_parts`), and are
    /// filled only when everything near `p` is small enough to win.
    fn measure_cuts(
        &mut self,
        p: Point,
        limit: usize,
        loop_closed: bool,
        far_parts: bool,
    ) -> (usize, bool) {
        let stone = self.cells[p as usize];
        self.marks.clear();
        // Mark the group first, so the fills stop at it for free.
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(p);
        self.marks.mark(p);
        while let Some(q) = stack.pop() {
            for &r in self.board.neighbours(q) {
                if self.cells[r as usize] == stone && self.marks.mark(r) {
                    stack.push(r);
                }
            }
        }
        self.stack = stack;
        let mut largest = 0;
        let mut parts = 0;
        let may_split = |parts: usize| loop_closed || far_parts || parts > 1;
        for d in 0..self.board.adjacency().directions() {
            let q = self.board.adjacency().step(p, d);
            if q == NO_POINT || !self.marks.mark(q) {
                continue;
            }
            parts += 1;
            largest = largest.max(self.fill_from(q));
            if largest > limit {
                return (largest, may_split(parts));
            }
        }
        if far_parts {
            for start in 0..self.board.points() as Point {
                if !self.marks.mark(start) {
                    continue;
                }
                parts += 1;
                largest = largest.max(self.fill_from(start));
                if largest > limit {
                    break;
                }
            }
        }
        (largest, may_split(parts))
    }

    /// The size of the unmarked part holding `start` (already marked).
    fn fill_from(&mut self, start: Point) -> usize {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(start);
        let mut size = 0;
        while let Some(q) = stack.pop() {
            size += 1;
            for &r in self.board.neighbours(q) {
                if self.marks.mark(r) {
                    stack.push(r);
                }
            }
        }
        self.stack = stack;
        size
    }

    fn take_empty(&mut self, p: Point) {
        let slot = self.slot[p as usize] as usize;
        let last = self.empties.pop().expect("an empty point was taken");
        if slot < self.empties.len() {
            self.empties[slot] = last;
            self.slot[last as usize] = slot as u16;
        }
    }

    fn swap_available(&self) -> bool {
        self.pie && self.plies == 1
    }

    /// The points of the group holding `p`, and the parts of the board minus
    /// it (the group's cuts that matter), largest first.
    fn cuts_of(&mut self, p: Point) -> Detail {
        let stone = self.cells[p as usize];
        if stone == EMPTY {
            return Detail::None;
        }
        self.marks.clear();
        let mut group = vec![p];
        self.marks.mark(p);
        let mut i = 0;
        while i < group.len() {
            for &r in self.board.neighbours(group[i]) {
                if self.cells[r as usize] == stone && self.marks.mark(r) {
                    group.push(r);
                }
            }
            i += 1;
        }
        let mut parts: Vec<Vec<Point>> = Vec::new();
        for start in 0..self.board.points() as Point {
            if !self.marks.mark(start) {
                continue;
            }
            let mut part = vec![start];
            let mut j = 0;
            while j < part.len() {
                for &r in self.board.neighbours(part[j]) {
                    if self.marks.mark(r) {
                        part.push(r);
                    }
                }
                j += 1;
            }
            parts.push(part);
        }
        parts.sort_by_key(|part| std::cmp::Reverse(part.len()));
        let points =
            |ps: &[Point]| Detail::List(ps.iter().map(|&q| Detail::Int(q as i64)).collect());
        Detail::map([
            ("group", points(&group)),
            (
                "parts",
                Detail::List(parts.iter().map(|part| points(part)).collect()),
            ),
        ])
    }
}

impl Game for Sunder {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let side = options.int("size", 7, 2..=25)? as usize;
        let komi_halves = options.halves("komi", 0)?;
        let pie = options.flag("pie", true)?;
        let board = Board::hex(side)?;
        let n = board.points();
        if komi_halves.unsigned_abs() as usize >= n {
            return Err(Error::Option(format!(
                "komi must be less than half the board ({}) in size, got {}",
                n as f64 / 2.0,
                komi_halves as f64 / 2.0
            )));
        }
        Ok(Sunder {
            board,
            komi_halves,
            pie,
            cells: vec![EMPTY; n],
            groups: UnionFind::new(n),
            largest_cut: vec![0; n],
            may_split: vec![false; n],
            on_edge: vec![false; n],
            to_move: Colour::Black,
            swapped: false,
            plies: 0,
            winner: None,
            empties: (0..n as Point).collect(),
            slot: (0..n as u16).collect(),
            marks: Marks::new(n),
            stack: Vec::with_capacity(n),
        })
    }

    fn name(&self) -> &'static str {
        "sunder"
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("size", OptionValue::Int(self.board.side() as i64)),
            ("komi", halves_value(self.komi_halves)),
            ("pie", OptionValue::Bool(self.pie)),
        ]
    }

    fn board(&self) -> &'static Board {
        self.board
    }

    fn specials(&self) -> &'static [Special] {
        if self.pie {
            &[Special::Swap]
        } else {
            &[]
        }
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn cell(&self, p: Point) -> u8 {
        self.cells[p as usize]
    }

    fn swapped(&self) -> bool {
        self.swapped
    }

    fn legal_actions(&mut self, out: &mut Vec<Action>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        out.extend((0..self.board.points() as Point).filter(|&p| self.cells[p as usize] == EMPTY));
        if self.swap_available() {
            out.push(self.board.points() as Action);
        }
    }

    fn check(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        if self.is_terminal() {
            return Err("the game is over".into());
        }
        if (action as usize) < self.board.points() {
            if self.cells[action as usize] != EMPTY {
                return Err("the point is occupied".into());
            }
        } else if !self.swap_available() {
            return Err("swap is offered only to the second player, on its first turn".into());
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        if (action as usize) < self.board.points() {
            self.place(action);
            self.to_move = self.to_move.opponent();
        } else {
            // Swap: the seats exchange colours; board and colour to move stay.
            self.swapped = !self.swapped;
        }
        self.plies += 1;
    }

    fn is_terminal(&self) -> bool {
        self.winner.is_some() || self.empties.is_empty()
    }

    fn winner(&self) -> Option<Colour> {
        self.winner
    }

    fn random_action(&mut self, rng: &mut Rng, _: &mut Vec<Action>) -> Option<Action> {
        // Every empty point is legal and swap is always declined (RULES.md §8).
        if self.is_terminal() {
            return None;
        }
        Some(self.empties[rng.below(self.empties.len())])
    }

    fn query(&mut self, what: &str, point: Option<Point>) -> Result<Detail, Error> {
        match (what, point) {
            ("cuts", Some(p)) => Ok(self.cuts_of(p)),
            ("swapped", _) => Ok(Detail::Bool(self.swapped)),
            _ => Err(Error::Notation(format!(
                "sunder has no '{what}' (it has: cuts at a point, swapped)"
            ))),
        }
    }
}

#[cfg(test)]
mod tests;
