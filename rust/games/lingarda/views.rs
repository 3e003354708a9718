//! Lingarda's views for people and tools: which stones have a lifeline,
//! and what a placement would do (the enclosures' owners are in `score`).

use super::Lingarda;
use crate::board::{Point, NO_POINT};
use crate::core::{on_width, Colour, EMPTY};
use crate::error::Error;
use crate::games::Position;

/// What placing the mover's stone on an empty point would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// Per colour `[black, white]`, the stones with a lifeline once the
    /// stone is on the board, before any flip (the new stone among them if
    /// it has one), in point order.
    pub lifelines: [Vec<Point>; 2],
    /// The enemy stones that would flip, in point order.
    pub flips: Vec<Point>,
    /// Why the placement is illegal; `None` when it is legal.
    pub reason: Option<String>,
}

impl Lingarda {
    /// The stones that have a lifeline, as a flag per point: on the board as
    /// it stands (`p == NO_POINT`), or with a stone of the mover imagined on
    /// the empty point `p`, before any flip.
    pub(super) fn lifeline_flags(&self, p: Point) -> Vec<bool> {
        let p = (p != NO_POINT).then_some(p);
        let mover = self.turn.to_move();
        on_width!(&self.engine, e => e.lifeline_flags(p, mover))
    }

    /// The stones that have a lifeline, per colour `[black, white]`, in
    /// point order (between turns, every stone).
    pub fn lifelines(&self) -> [Vec<Point>; 2] {
        let flags = self.lifeline_flags(NO_POINT);
        let cells = self.cells();
        [Colour::Black, Colour::White].map(|colour| {
            (0..self.board.points() as Point)
                .filter(|&s| flags[s as usize] && cells[s as usize] == colour.stone())
                .collect()
        })
    }

    /// What placing the mover's stone on the empty point `p` would do.
    ///
    /// # Errors
    /// [`Error::Notation`] when `p` holds a stone.
    pub fn preview(&mut self, p: Point) -> Result<Preview, Error> {
        if self.cells()[p as usize] != EMPTY {
            return Err(Error::Notation(format!(
                "lifelines at {}: the point is occupied",
                self.board.name(p)
            )));
        }
        let flags = self.lifeline_flags(p);
        let mover = self.turn.to_move();
        let cells = self.cells();
        let cell = |s: Point| {
            if s == p {
                mover.stone()
            } else {
                cells[s as usize]
            }
        };
        let lifelines = [Colour::Black, Colour::White].map(|colour| {
            (0..self.board.points() as Point)
                .filter(|&s| flags[s as usize] && cell(s) == colour.stone())
                .collect()
        });
        // When the new stone has a lifeline, the enemy stones left without
        // one flip (the weighing may stop before it finds them all once the
        // placement is illegal anyway).
        let enemy = mover.opponent().stone();
        let flips = if flags[p as usize] {
            (0..self.board.points() as Point)
                .filter(|&s| !flags[s as usize] && cells[s as usize] == enemy)
                .collect()
        } else {
            Vec::new()
        };
        Ok(Preview {
            lifelines,
            flips,
            reason: self.placement_reason(p),
        })
    }
}
