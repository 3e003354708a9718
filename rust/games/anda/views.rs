//! Anda's views for people and tools: the score part by part, the territory,
//! the smothered groups and one group's breath, read from the same region
//! and group structure the rules use.

use super::{Game, EMPTY};
use crate::board::Point;
use crate::core::{Colour, Width};

/// One colour's score, part by part (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColourScore {
    /// Empty points in regions only this colour's stones touch.
    pub territory: f64,
    /// Enemy stones this colour has captured.
    pub prisoners: f64,
    /// The komi (White's; 0 for Black).
    pub komi: f64,
    /// 0.5 for the colour that made the game's first pass, else 0.
    pub half_point: f64,
    /// The sum of the parts.
    pub total: f64,
}

/// A liberty of a group, and how many enemy groups obstruct it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Liberty {
    pub point: Point,
    /// The enemy groups touching the liberty's region: 0, 1, or 2 for "two
    /// or more". Exactly one obstructs it.
    pub obstructions: u8,
}

/// A group with its liberties, and whether it is smothered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breath {
    pub colour: Colour,
    /// The group's stones, in point order.
    pub stones: Vec<Point>,
    /// Its liberties, in point order.
    pub liberties: Vec<Liberty>,
    /// Whether every liberty is obstructed (the group goes at the next
    /// removal).
    pub smothered: bool,
}

impl<W: Width> Game<W> {
    /// Ruling (score): territory plus prisoners, plus komi for White, plus
    /// half a point for the colour that made the game's first pass. The
    /// score of the position as it stands, part by part, `[black, white]`.
    pub fn score_breakdown(&mut self) -> [ColourScore; 2] {
        let territory = self.territory();
        [Colour::Black, Colour::White].map(|colour| {
            let k = colour.index();
            let territory = territory[k] as f64;
            let prisoners = self.prisoners[k] as f64;
            let komi = if colour == Colour::White {
                self.komi as f64
            } else {
                0.0
            };
            let half_point = if self.turn.first_pass() == Some(colour) {
                0.5
            } else {
                0.0
            };
            ColourScore {
                territory,
                prisoners,
                komi,
                half_point,
                total: territory + prisoners + komi + half_point,
            }
        })
    }

    /// Per point, the colour whose territory it is; `None` for stones and
    /// for empty points no one owns.
    pub fn territory_owners(&mut self) -> Vec<Option<Colour>> {
        (0..self.board.points() as Point)
            .map(|p| {
                if self.cells[W::of(p)] != EMPTY {
                    return None;
                }
                let r = self.label[W::of(p)];
                match (
                    self.obstruction(r, Colour::Black),
                    self.obstruction(r, Colour::White),
                ) {
                    (1.., 0) => Some(Colour::Black),
                    (0, 1..) => Some(Colour::White),
                    _ => None,
                }
            })
            .collect()
    }

    /// The stones of every group smothered as the board stands (they go at
    /// the next removal), in point order.
    pub fn smothered_stones(&mut self) -> Vec<Point> {
        let mut out = Vec::new();
        self.scratch.group_marks.clear();
        for p in 0..self.board.points() as Point {
            if self.cells[W::of(p)] == EMPTY {
                continue;
            }
            let g = self.label[W::of(p)];
            if self.scratch.group_marks.mark(g) && self.is_smothered(g) {
                out.extend(self.group_stones(g));
            }
        }
        out.sort_unstable();
        out
    }

    /// The group holding the stone at `p`, its liberties with their
    /// obstructions, and whether it is smothered; `None` when `p` is empty.
    pub fn breath(&mut self, p: Point) -> Option<Breath> {
        let colour = Colour::of_cell(self.cells[W::of(p)])?;
        let g = self.label[W::of(p)];
        let mut stones = self.group_stones(g);
        let mut liberties = Vec::new();
        self.scratch.marks.clear();
        for &s in &stones {
            for &q in self.board.neighbours(s) {
                if self.cells[W::of(q)] == EMPTY && self.scratch.marks.mark(q) {
                    liberties.push(q);
                }
            }
        }
        stones.sort_unstable();
        liberties.sort_unstable();
        let liberties = liberties
            .into_iter()
            .map(|q| Liberty {
                point: q,
                obstructions: self.obstruction(self.label[W::of(q)], colour.opponent()),
            })
            .collect();
        Some(Breath {
            colour,
            stones,
            liberties,
            smothered: self.is_smothered(g),
        })
    }

    /// The stones of group `g`, in the order of its member list.
    fn group_stones(&self, g: u16) -> Vec<Point> {
        let head = self.groups[W::of(g)].head;
        let mut stones = vec![head];
        let mut s = self.next[W::of(head)];
        while s != head {
            stones.push(s);
            s = self.next[W::of(s)];
        }
        stones
    }
}
