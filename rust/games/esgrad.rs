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

use std::borrow::Cow;

use super::{Action, Detail, Position, Special, Turn};
use crate::board::{Board, Point};
use crate::core::{clone_by_fields, Colour, PointList, Rng, EMPTY};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{hex_size, OptionKind, OptionSpec, OptionValue, Options};

pub use partitions::value;
use partitions::{Geometry, Groups, PADDING};

/// The largest komi, either way: far beyond any score, and small enough that
/// every score stays exact in an `f64`.
const MAX_KOMI: i64 = 1_000_000_000;

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

    /// Per colour: each group (its points, partitions and value), the sum of
    /// the group values, the komi, the half point of the first pass, and the
    /// total.
    fn score_breakdown(&mut self) -> Detail {
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
        let mut groups: [Vec<(Vec<Point>, usize)>; 2] = [Vec::new(), Vec::new()];
        for (root, points) in members.into_iter().enumerate() {
            if !points.is_empty() {
                let partitions = self.groups.partitions(root as Point);
                groups[self.cells[root] as usize - 1].push((points, partitions));
            }
        }
        let colours = [Colour::Black, Colour::White].map(|colour| {
            let i = colour.index();
            groups[i].sort_unstable_by_key(|(points, _)| points[0]);
            let listed = groups[i]
                .iter()
                .map(|(points, partitions)| {
                    Detail::map([
                        (
                            "points",
                            Detail::List(points.iter().map(|&q| Detail::Int(q as i64)).collect()),
                        ),
                        ("partitions", Detail::Int(*partitions as i64)),
                        ("value", Detail::Int(value(*partitions) as i64)),
                    ])
                })
                .collect();
            let komi = if colour == Colour::White {
                self.komi
            } else {
                0
            };
            let half = if self.turn.first_pass() == Some(colour) {
                0.5
            } else {
                0.0
            };
            let detail = Detail::map([
                ("groups", Detail::List(listed)),
                ("group_values", Detail::Int(values[i] as i64)),
                ("komi", Detail::Int(komi)),
                ("half_point", Detail::Float(half)),
                ("total", Detail::Float(total[i])),
            ]);
            (colour.name(), detail)
        });
        Detail::map(colours)
    }
}

/// Esgrad's options (RULES.md §7).
pub const OPTIONS: &[OptionSpec] = &[SIZE, KOMI];

const SIZE: OptionSpec = hex_size(9);

const KOMI: OptionSpec = OptionSpec {
    name: "komi",
    kind: OptionKind::Whole {
        default: 0,
        min: -MAX_KOMI,
        max: MAX_KOMI,
    },
    doc: "a whole number of points for White (may be negative)",
};

impl Position for Esgrad {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let side = options.int(&SIZE)? as usize;
        let komi = options.int(&KOMI)?;
        let board = Board::hex(side)?;
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

    position_basics!("esgrad");

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("size", OptionValue::Int(self.board.side() as i64)),
            ("komi", OptionValue::Int(self.komi)),
        ]
    }

    fn specials(&self) -> &'static [Special] {
        &[Special::Pass]
    }

    fn legal_actions(&mut self, out: &mut Vec<Action>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        out.extend((0..self.board.points() as Point).filter(|&p| self.cells[p as usize] == EMPTY));
        out.push(self.board.points() as Action);
    }

    fn check(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        if self.is_terminal() {
            return Err("the game is over".into());
        }
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

    /// Esgrad's counters and views:
    ///
    /// - `"scores"`: the scores per colour as they stand (`{black, white}`).
    /// - `"score"`: per colour, `groups` (each with its `points`,
    ///   `partitions` and `value`, ordered by first point), `group_values`
    ///   (their sum), `komi`, `half_point` and `total`.
    /// - `"partitions"` at a point: the partitions of the group there, as
    ///   lists of point indices (each ascending, ordered by first point);
    ///   `None` at an empty point.
    /// - `"consecutive_passes"`: passes since the last placement.
    /// - `"first_pass"`: the colour that passed first (`None` before).
    fn query(&mut self, what: &str, point: Option<Point>) -> Result<Detail, Error> {
        let list = |ps: &[Point]| Detail::List(ps.iter().map(|&q| Detail::Int(q as i64)).collect());
        match (what, point) {
            ("scores", _) => Ok(Detail::per_colour(self.score())),
            ("score", _) => Ok(self.score_breakdown()),
            ("partitions", Some(p)) if (p as usize) < self.board.points() => {
                if self.cells[p as usize] == EMPTY {
                    return Ok(Detail::None);
                }
                let parts = partitions::partitions_of(self.board, &self.cells, p);
                Ok(Detail::List(parts.iter().map(|part| list(part)).collect()))
            }
            ("partitions", _) => Err(Error::Notation(
                "esgrad's 'partitions' needs a point on the board".into(),
            )),
            ("consecutive_passes", _) => Ok(Detail::Int(self.turn.consecutive_passes() as i64)),
            ("first_pass", _) => Ok(self.turn.first_pass().map_or(Detail::None, |c| Detail::Text(c.name().into()))),
            _ => Err(Error::Notation(format!(
                "esgrad has no '{what}' (it has: scores, score, partitions at a point, consecutive_passes, first_pass)"
            ))),
        }
    }
}

#[cfg(test)]
mod tests;
