//! A literal, slow transcription of RULES.md §4, for the tests only: every
//! group, region and obstruction is recomputed from the stones each time it
//! is needed, with no shortcut. The fast game is compared with it.

use crate::board::{Board, Point};
use crate::core::{Colour, EMPTY};
use crate::games::Action;

/// An Anda game kept as stones and counters only.
#[derive(Clone, Debug)]
pub struct Naive {
    pub board: &'static Board,
    pub komi: i64,
    pub cells: Vec<u8>,
    pub to_move: Colour,
    pub prisoners: [u32; 2],
    pub first_pass: Option<Colour>,
    pub passes: u8,
    pub first_turn_done: [bool; 2],
    pub pending: Option<Point>,
}

/// The points connected to `start` through points for which `inside` holds
/// (`start` included).
fn flood(board: &Board, start: Point, inside: impl Fn(Point) -> bool) -> Vec<Point> {
    let mut seen = vec![false; board.points()];
    let mut out = vec![start];
    seen[start as usize] = true;
    let mut i = 0;
    while i < out.len() {
        for &q in board.neighbours(out[i]) {
            if !seen[q as usize] && inside(q) {
                seen[q as usize] = true;
                out.push(q);
            }
        }
        i += 1;
    }
    out
}

/// The group holding stone `p`.
pub fn group(board: &Board, cells: &[u8], p: Point) -> Vec<Point> {
    flood(board, p, |q| cells[q as usize] == cells[p as usize])
}

/// The region holding empty point `p`.
pub fn region(board: &Board, cells: &[u8], p: Point) -> Vec<Point> {
    flood(board, p, |q| cells[q as usize] == EMPTY)
}

/// The distinct groups of `colour` touching `points`, each named by its
/// smallest stone.
pub fn touching_groups(
    board: &Board,
    cells: &[u8],
    points: &[Point],
    colour: Colour,
) -> Vec<Point> {
    let mut out = Vec::new();
    for &p in points {
        for &q in board.neighbours(p) {
            if cells[q as usize] == colour.stone() {
                let name = *group(board, cells, q).iter().min().unwrap();
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
    }
    out
}

/// The liberties of the group holding stone `p`.
pub fn liberties(board: &Board, cells: &[u8], p: Point) -> Vec<Point> {
    let mut out = Vec::new();
    for s in group(board, cells, p) {
        for &q in board.neighbours(s) {
            if cells[q as usize] == EMPTY && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// Ruling (smothered), literally: every liberty obstructed by exactly one
/// enemy group, or no liberty at all.
pub fn smothered(board: &Board, cells: &[u8], p: Point) -> bool {
    let enemy = Colour::of_cell(cells[p as usize]).unwrap().opponent();
    liberties(board, cells, p).into_iter().all(|l| {
        let region = region(board, cells, l);
        touching_groups(board, cells, &region, enemy).len() == 1
    })
}

/// Ruling (placement), literally: place, then look at the stone's group.
pub fn placement_ok(board: &Board, cells: &[u8], p: Point, colour: Colour) -> bool {
    let mut after = cells.to_vec();
    after[p as usize] = colour.stone();
    !smothered(board, &after, p)
}

impl Naive {
    /// A game from the start, or from stones already set with both first
    /// turns done.
    pub fn new(
        board: &'static Board,
        komi: i64,
        cells: Vec<u8>,
        to_move: Colour,
        started: bool,
    ) -> Naive {
        Naive {
            board,
            komi,
            cells,
            to_move,
            prisoners: [0; 2],
            first_pass: None,
            passes: 0,
            first_turn_done: [started; 2],
            pending: None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    fn first_stone(&self) -> bool {
        !self.first_turn_done[self.to_move.index()] && self.pending.is_none()
    }

    /// Whether `p` (empty) may take a stone now.
    pub fn placement_legal(&self, p: Point) -> bool {
        let board = self.board;
        let colour = self.to_move;
        if let Some(first) = self.pending {
            if board.neighbours(first).contains(&p) {
                return false;
            }
        }
        if !placement_ok(board, &self.cells, p, colour) {
            return false;
        }
        if !self.first_stone() {
            return true;
        }
        let mut after = self.cells.clone();
        after[p as usize] = colour.stone();
        (0..board.points() as Point).any(|q| {
            after[q as usize] == EMPTY
                && !board.neighbours(p).contains(&q)
                && placement_ok(board, &after, q, colour)
        })
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        let n = self.board.points() as Point;
        let mut out: Vec<Action> = (0..n)
            .filter(|&p| self.cells[p as usize] == EMPTY && self.placement_legal(p))
            .collect();
        if self.pending.is_none() {
            out.push(n);
        }
        out
    }

    pub fn apply(&mut self, action: Action) {
        let colour = self.to_move;
        if action as usize >= self.board.points() {
            self.first_pass.get_or_insert(colour);
            self.first_turn_done[colour.index()] = true;
            self.passes += 1;
            self.to_move = colour.opponent();
            return;
        }
        self.cells[action as usize] = colour.stone();
        self.passes = 0;
        if !self.first_turn_done[colour.index()] {
            if self.pending.is_none() {
                self.pending = Some(action);
                return;
            }
            self.pending = None;
            self.first_turn_done[colour.index()] = true;
        }
        self.remove_smothered();
        self.to_move = colour.opponent();
    }

    /// Every smothered group of the board, found first, then removed.
    pub fn remove_smothered(&mut self) {
        let board = self.board;
        let doomed: Vec<Point> = (0..board.points() as Point)
            .filter(|&p| self.cells[p as usize] != EMPTY && smothered(board, &self.cells, p))
            .collect();
        for p in doomed {
            let colour = Colour::of_cell(self.cells[p as usize]).unwrap();
            self.prisoners[colour.opponent().index()] += 1;
            self.cells[p as usize] = EMPTY;
        }
    }

    pub fn territory(&self) -> [u32; 2] {
        let board = self.board;
        let mut out = [0; 2];
        for p in 0..board.points() as Point {
            if self.cells[p as usize] != EMPTY {
                continue;
            }
            let region = region(board, &self.cells, p);
            let black = touching_groups(board, &self.cells, &region, Colour::Black).len();
            let white = touching_groups(board, &self.cells, &region, Colour::White).len();
            if black > 0 && white == 0 {
                out[0] += 1;
            } else if white > 0 && black == 0 {
                out[1] += 1;
            }
        }
        out
    }

    pub fn scores(&self) -> [f64; 2] {
        let territory = self.territory();
        let half = |c: Colour| if self.first_pass == Some(c) { 0.5 } else { 0.0 };
        [
            territory[0] as f64 + self.prisoners[0] as f64 + half(Colour::Black),
            territory[1] as f64 + self.prisoners[1] as f64 + self.komi as f64 + half(Colour::White),
        ]
    }
}
