//! Esgrad (RULES.md §7): groups are worth the triangular number of their
//! partitions, the parts the board falls into without them.
//!
//! Placement never captures and a move only logs its stone, so random
//! playouts fill the board at a few nanoseconds a stone. The score needs
//! every group's partitions: [`partitions::Groups`] counts them from local
//! counts (Euler's formula on the triangulated board) and keeps them with
//! each colour's total of group values, catching up when the score is asked
//! for: stone by stone (O(1) each) after a few moves, by one raster pass over
//! the board after many. `tests` holds the naive reference (a flood fill of
//! the board per group) that both ways are checked against.

mod partitions;
mod setup;

use std::borrow::Cow;

use super::{Action, Position, Turn};
use crate::board::{Board, Point};
use crate::core::{clone_by_fields, Colour, PointList, Rng, EMPTY};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{hex_size, whole_komi, OptionSpec, OptionValue, Options};

pub use partitions::value;
use partitions::{Geometry, Groups, PADDING};

/// An Esgrad position.
#[derive(Debug)]
pub struct Esgrad {
    board: &'static Board,
    komi: i64,
    /// The stones, then the padding point `N` that the neighbour table uses
    /// for off-board steps.
    cells: Vec<u8>,
    /// The turn; the first pass of the game earns half a point, and two
    /// passes in a row end it.
    turn: Turn,
    /// The open points (here every empty point), so a random placement is
    /// O(1).
    open: PointList,
    groups: Groups,
}

clone_by_fields!(Esgrad {
    board,
    komi,
    cells,
    turn,
    open,
    groups,
});

impl Esgrad {
    /// The komi, a whole number of points for White.
    pub fn komi(&self) -> i64 {
        self.komi
    }

    /// Passes since the last placement.
    pub fn consecutive_passes(&self) -> u8 {
        self.turn.consecutive_passes()
    }

    /// The colour that made the first pass of the game, if any.
    pub fn first_pass(&self) -> Option<Colour> {
        self.turn.first_pass()
    }

    /// Score: the sum of the values of a colour's groups, plus komi for
    /// White, plus half a point for the colour that made the first pass of
    /// the game; `[black, white]`.
    fn score(&mut self) -> [f64; 2] {
        let values = self.groups.totals(&self.cells);
        let mut score = [values[0] as f64, values[1] as f64 + self.komi as f64];
        if let Some(colour) = self.turn.first_pass() {
            score[colour.index()] += 0.5;
        }
        score
    }

    /// A pass; the second in a row ends the game, and the higher score wins
    /// (the half point of the first pass rules out a tie).
    fn pass(&mut self) {
        if self.turn.pass() {
            let score = self.score();
            self.turn.end_on_scores(score);
        }
    }

    fn place(&mut self, p: Point) {
        self.cells[p as usize] = self.turn.to_move().stone();
        self.open.remove(p);
        self.groups.placed(p);
        self.turn.placed();
        self.turn.end_turn();
    }

    /// The score of the position as it stands, per colour `[black, white]`:
    /// each group with its points, partitions and value (RULES.md §7), the
    /// sum of the group values, the komi, the half point of the first pass,
    /// and the total.
    pub fn score_breakdown(&mut self) -> [ColourScore; 2] {
        let total = self.score();
        let values = self.groups.totals(&self.cells);
        let n = self.board.points();
        // Each group's stones, gathered under its root in point order.
        let mut members: Vec<Vec<Point>> = vec![Vec::new(); n];
        for p in 0..n as Point {
            if self.cells[p as usize] != EMPTY {
                let root = self.groups.find(p);
                members[root as usize].push(p);
            }
        }
        let mut groups: [Vec<GroupScore>; 2] = [Vec::new(), Vec::new()];
        for (root, points) in members.into_iter().enumerate() {
            if !points.is_empty() {
                let partitions = self.groups.partitions(root as Point);
                groups[self.cells[root] as usize - 1].push(GroupScore {
                    points,
                    partitions,
                    value: value(partitions),
                });
            }
        }
        [Colour::Black, Colour::White].map(|colour| {
            let i = colour.index();
            let mut groups = std::mem::take(&mut groups[i]);
            groups.sort_unstable_by_key(|group| group.points[0]);
            ColourScore {
                groups,
                group_values: values[i],
                komi: if colour == Colour::White {
                    self.komi
                } else {
                    0
                },
                half_point: if self.turn.first_pass() == Some(colour) {
                    0.5
                } else {
                    0.0
                },
                total: total[i],
            }
        })
    }

    /// The partitions made by the group holding the stone at `p` (RULES.md
    /// §7): the connected parts of the board minus the group, each in point
    /// order and the parts by their first point; `None` when `p` is empty.
    pub fn partitions_at(&self, p: Point) -> Option<Vec<Vec<Point>>> {
        (self.cells[p as usize] != EMPTY)
            .then(|| partitions::partitions_of(self.board, &self.cells, p))
    }
}

/// One group in a score breakdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupScore {
    /// The group's points, in point order.
    pub points: Vec<Point>,
    /// Its partitions.
    pub partitions: usize,
    /// Its value, `p(p + 1) / 2` for `p` partitions.
    pub value: u64,
}

/// One colour's score, part by part (RULES.md §7).
#[derive(Clone, Debug, PartialEq)]
pub struct ColourScore {
    /// The colour's groups, ordered by their first point.
    pub groups: Vec<GroupScore>,
    /// The sum of the groups' values.
    pub group_values: u64,
    /// The komi (White's; 0 for Black).
    pub komi: i64,
    /// 0.5 for the colour that passed first, else 0.
    pub half_point: f64,
    /// The score.
    pub total: f64,
}

/// Esgrad's options (RULES.md §7).
pub const OPTIONS: &[OptionSpec] = &[SIZE, KOMI];

const SIZE: OptionSpec = hex_size(9);

const KOMI: OptionSpec = whole_komi("a whole number of points for White (may be negative)");

impl Position for Esgrad {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let board = options.board(&SIZE, Board::hex)?;
        let komi = options.int(&KOMI)?;
        let n = board.points();
        let mut cells = vec![EMPTY; n + 1];
        cells[n] = PADDING;
        Ok(Esgrad {
            board,
            komi,
            cells,
            turn: Turn::new(false),
            open: PointList::full(n),
            groups: Groups::new(Geometry::of(board)),
        })
    }

    position_basics!("esgrad", [Pass], self => [("komi", OptionValue::Int(self.komi))]);

    // The empty points, and the pass, always.
    empty_point_actions!(self => true);

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        if (action as usize) < self.board.points() && self.cells[action as usize] != EMPTY {
            return Err("the point is occupied".into());
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        if (action as usize) < self.board.points() {
            self.place(action);
        } else {
            self.pass();
        }
    }

    fn scores(&mut self) -> Option<[f64; 2]> {
        Some(self.score())
    }

    fn random_action(&mut self, rng: &mut Rng, _: &mut Vec<Action>) -> Option<Action> {
        // Every empty point is legal; pass only once none is left (RULES.md §8).
        if self.is_terminal() {
            None
        } else if self.open.is_empty() {
            Some(self.board.points() as Action)
        } else {
            Some(self.open[rng.below(self.open.len())])
        }
    }

    fn feature_plane_names(&self) -> &'static [&'static str] {
        &[
            "own_first_pass",
            "opponent_first_pass",
            "pass_ends_game",
            "group_partitions",
        ]
    }

    /// Which side holds the half point of the first pass; whether a pass now
    /// ends the game; and on every stone, the number of partitions of its
    /// group (divided by the number of points), from which the group's value
    /// follows.
    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        if let Some(passer) = self.turn.first_pass() {
            planes.fill(if passer == perspective { 0 } else { 1 }, 1.0);
        }
        if self.turn.consecutive_passes() == 1 {
            planes.fill(2, 1.0);
        }
        self.groups.totals(&self.cells); // brings the groups up to date
        let n = self.board.points();
        for p in 0..n as Point {
            if self.cells[p as usize] != EMPTY {
                let root = self.groups.find(p);
                planes.set(3, p, self.groups.partitions(root) as f32 / n as f32);
            }
        }
    }
}

#[cfg(test)]
mod tests;
