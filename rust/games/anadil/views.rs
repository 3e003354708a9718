//! Anadil's counters and teaching views, for `query`: why a group lives or
//! dies, seen by people rather than by the rules' hot path.

use super::Anadil;
use crate::board::Point;
use crate::core::{Colour, Flood, EMPTY};
use crate::error::Error;
use crate::games::Detail;

impl Anadil {
    /// The answer to [`crate::games::Position::query`] (whose doc lists the queries).
    pub(super) fn view(&mut self, what: &str, point: Option<Point>) -> Result<Detail, Error> {
        let points =
            |ps: Vec<Point>| Detail::List(ps.into_iter().map(|q| Detail::Int(q as i64)).collect());
        match (what, point) {
            ("prison", _) => Ok(Detail::Int(self.prison)),
            ("protected_point", _) => {
                Ok(self.protected_point().map_or(Detail::None, |p| Detail::Text(self.board.name(p).into())))
            }
            ("stones", _) => Ok(Detail::map([
                ("black", Detail::Int(self.stones[0] as i64)),
                ("white", Detail::Int(self.stones[1] as i64)),
            ])),
            ("smothered", _) => {
                let mut per = Vec::new();
                for colour in [Colour::Black, Colour::White] {
                    let mut out = Vec::new();
                    self.regions.smothered(colour, &mut out);
                    per.push((colour.name(), points(out)));
                }
                Ok(Detail::map(per))
            }
            ("ending", _) => Ok(self.ending()),
            ("group" | "supergroup", Some(p)) => Ok(match self.cells[p as usize] {
                EMPTY => Detail::None,
                _ => points(self.component_points(p, what == "supergroup")),
            }),
            ("region", Some(p)) => Ok(match self.cells[p as usize] {
                EMPTY => points(self.component_points(p, true)),
                _ => Detail::None,
            }),
            ("breaths", Some(p)) => Ok(self.breaths_of(p)),
            _ => Err(Error::Notation(format!(
                "anadil has no '{what}' (it has: prison, protected_point, stones, smothered, ending; \
                 at a point: group, supergroup, region, breaths)"
            ))),
        }
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
        // A query, not a hot path: a fresh flood is fine.
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

    /// The breaths of the group at `p` with, for each, whether it is
    /// obstructed, on the board as it stands.
    fn breaths_of(&mut self, p: Point) -> Detail {
        let Some(colour) = Colour::of_cell(self.cells[p as usize]) else {
            return Detail::None;
        };
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
        Detail::map(breaths.iter().map(|&e| {
            (
                self.board.name(e),
                Detail::Bool(self.regions.breath_obstructed(e, colour)),
            )
        }))
    }

    /// How a finished game ended, for people studying the game.
    fn ending(&self) -> Detail {
        if self.turn.winner().is_none() {
            return Detail::None;
        }
        let loser = self.turn.to_move();
        let text = if self.stones[loser.index()] == 0 {
            "annihilated"
        } else if self.open.is_empty() {
            "full board"
        } else {
            "blocked"
        };
        Detail::Text(text.into())
    }
}
