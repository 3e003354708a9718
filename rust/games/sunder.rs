//! Sunder (RULES.md §3): make a group whose every cut is at most half the
//! board (less komi for Black, more for White).
//!
//! The win test runs after every placement, so it is incremental. Each group
//! keeps a lower bound on its largest cut (the largest connected part of the
//! board minus the group) and whether the board minus it may be split. A
//! placement merges the new stone with its friendly neighbours; when the stone
//! is not a local cut point (its non-group neighbours form one arc of its
//! ring) and at most one merged group splits the board, no part can split, so
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

    /// The number of separate arcs of non-`stone` points around `p`: the
    /// stone is a local cut point of the board minus its group when it is 2 or
    /// more. Off-board steps close arcs like friendly stones do.
    fn open_arcs(&self, p: Point, stone: u8) -> usize {
        let steps = self.board.adjacency().steps(p);
        let open = |q: Point| q != NO_POINT && self.cells[q as usize] != stone;
        let mut arcs = 0;
        let mut previous = open(steps[steps.len() - 1]);
        for &q in steps {
            let now = open(q);
            if now && !previous {
                arcs += 1;
            }
            previous = now;
        }
        if arcs == 0 && previous {
            1 // open all round
        } else {
            arcs
        }
    }

    /// Places a stone of the mover at `p`, merges its group, and decides the
    /// win (Ruling (cuts), tested on the group of the stone just placed only).
    fn place(&mut self, p: Point) {
        let colour = self.to_move;
        let stone = colour.stone();
        let arcs = self.open_arcs(p, stone);
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
        for m in &merged[..count] {
            root = self.groups.union_roots(root, m.root);
        }
        let size = self.groups.size(root);
        let rest = self.board.points() - size;
        let limit = self.cut_limit(colour);
        let mut splitting = merged[..count].iter().filter(|m| m.may_split);

        let (largest, may_split) = match (arcs <= 1, splitting.next(), splitting.next()) {
            // No new enclosure and no old split: the rest stays one part.
            (true, None, _) => (rest, false),
            // One old split, no new one: parts only shrink by what was added.
            (true, Some(m), None) if m.largest_cut.saturating_sub(size - m.size) > limit => {
                (m.largest_cut - (size - m.size), true)
            }
            _ => self.measure_cuts(p, rest, limit),
        };
        self.largest_cut[root as usize] = largest as u16;
        self.may_split[root as usize] = may_split;
        if largest <= limit {
            self.winner = Some(colour);
        }
    }

    /// Flood-fills the board minus the group holding `p`. Returns the
    /// size of a part larger than `limit` if there is one (a lower bound on
    /// the largest cut), else the largest part; and whether there are two
    /// parts or more.
    fn measure_cuts(&mut self, p: Point, rest: usize, limit: usize) -> (usize, bool) {
        let stone = self.cells[p as usize];
        self.marks.clear();
        // Mark the group first, so the parts' fills stop at it for free.
        self.stack.clear();
        self.stack.push(p);
        self.marks.mark(p);
        while let Some(q) = self.stack.pop() {
            for &r in self.board.neighbours(q) {
                if self.cells[r as usize] == stone && self.marks.mark(r) {
                    self.stack.push(r);
                }
            }
        }
        let mut largest = 0;
        let mut seen = 0;
        // Start beside the stone: the part most likely to be large.
        let starts = self.board.neighbours(p).iter().copied().chain(0..self.board.points() as Point);
        for start in starts {
            if seen == rest || !self.marks.mark(start) {
                continue;
            }
            let part = self.fill_from(start);
            seen += part;
            largest = largest.max(part);
            if largest > limit {
                return (largest, part < rest);
            }
        }
        (largest, largest < rest)
    }

    /// The size of the unmarked part holding `start` (already marked).
    fn fill_from(&mut self, start: Point) -> usize {
        self.stack.clear();
        self.stack.push(start);
        let mut size = 0;
        while let Some(q) = self.stack.pop() {
            size += 1;
            for &r in self.board.neighbours(q) {
                if self.marks.mark(r) {
                    self.stack.push(r);
                }
            }
        }
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
        let points = |ps: &[Point]| Detail::List(ps.iter().map(|&q| Detail::Int(q as i64)).collect());
        Detail::map([
            ("group", points(&group)),
            ("parts", Detail::List(parts.iter().map(|part| points(part)).collect())),
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
            _ => Err(Error::Notation(format!("sunder has no '{what}' (it has: cuts at a point, swapped)"))),
        }
    }
}

#[cfg(test)]
mod tests;
