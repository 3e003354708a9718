//! Anadil's teaching views: why a group lives or dies, seen by people
//! rather than by the rules' hot path.

use super::Anadil;
use crate::board::Point;
use crate::core::{Colour, Flood, EMPTY};

/// How a finished game ended; the loser is the player with no legal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The loser has no stone left.
    Annihilated,
    /// No empty point is left.
    FullBoard,
    /// The loser has stones and the board has empty points, but no legal
    /// action.
    Blocked,
}

impl Ending {
    /// The ending as people read it: `"annihilated"`, `"full board"`,
    /// `"blocked"`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Annihilated => "annihilated",
            Ending::FullBoard => "full board",
            Ending::Blocked => "blocked",
        }
    }
}

impl Anadil {
    /// Stones on the board per colour, `[black, white]`.
    pub fn stones(&self) -> [usize; 2] {
        self.stones
    }

    /// The stones of the smothered groups on the board as it stands, per
    /// colour `[black, white]`, each in point order.
    pub fn smothered_stones(&mut self) -> [Vec<Point>; 2] {
        [Colour::Black, Colour::White].map(|colour| {
            let mut out = Vec::new();
            self.regions.smothered(colour, &mut out);
            out.sort_unstable();
            out
        })
    }

    /// The stones orthogonally connected to the stone at `p`, in point
    /// order; `None` when `p` is empty.
    pub fn group(&self, p: Point) -> Option<Vec<Point>> {
        (self.cells[p as usize] != EMPTY).then(|| self.component_points(p, false))
    }

    /// The stones connected to the stone at `p` orthogonally or diagonally
    /// (king adjacency), in point order; `None` when `p` is empty.
    pub fn supergroup(&self, p: Point) -> Option<Vec<Point>> {
        (self.cells[p as usize] != EMPTY).then(|| self.component_points(p, true))
    }

    /// The king-region of the empty point `p`, in point order; `None` when
    /// `p` holds a stone.
    pub fn region(&self, p: Point) -> Option<Vec<Point>> {
        (self.cells[p as usize] == EMPTY).then(|| self.component_points(p, true))
    }

    /// The breaths of the group at `p` (the empty points king-adjacent to
    /// it), in point order, each with whether it is obstructed on the board
    /// as it stands; `None` when `p` is empty.
    pub fn breaths(&self, p: Point) -> Option<Vec<(Point, bool)>> {
        let colour = Colour::of_cell(self.cells[p as usize])?;
        let group = self.component_points(p, false);
        let king = self.board.king().expect("square board");
        let mut breaths: Vec<Point> = group
            .iter()
            .flat_map(|&q| king.neighbours(q))
            .copied()
            .filter(|&e| self.cells[e as usize] == EMPTY)
            .collect();
        breaths.sort_unstable();
        breaths.dedup();
        Some(
            breaths
                .into_iter()
                .map(|e| (e, self.regions.breath_obstructed(e, colour)))
                .collect(),
        )
    }

    /// How a finished game ended; `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        self.turn.winner()?;
        let loser = self.turn.to_move();
        Some(if self.stones[loser.index()] == 0 {
            Ending::Annihilated
        } else if self.open.is_empty() {
            Ending::FullBoard
        } else {
            Ending::Blocked
        })
    }

    /// The points holding `p`'s cell value and connected to it, through king
    /// adjacency or orthogonally, in point order.
    fn component_points(&self, p: Point, king: bool) -> Vec<Point> {
        let value = self.cells[p as usize];
        let adjacency = if king {
            self.board.king().expect("square board")
        } else {
            self.board.adjacency()
        };
        // A view, not a hot path: a fresh flood is fine.
        let mut found = Flood::new(self.cells.len())
            .fill(p, |q| {
                adjacency
                    .neighbours(q)
                    .iter()
                    .copied()
                    .filter(|&r| self.cells[r as usize] == value)
            })
            .to_vec();
        found.sort_unstable();
        found
    }
}
