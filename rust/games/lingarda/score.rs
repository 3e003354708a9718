//! Enclosures and the score (RULES.md §6).

use super::judge::Bits;
use super::{Engine, Lingarda};
use crate::board::Point;
use crate::core::{on_width, Colour, Width, COUNTS, EMPTY};

/// A score split into its parts, per colour `[black, white]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Stones on the board.
    pub stones: [u32; 2],
    /// Empty points of the enclosures each colour owns.
    pub enclosures: [u32; 2],
    /// 0.5 for the colour that made the last placement.
    pub half_point: [f64; 2],
}

impl Score {
    /// Stones plus enclosure points plus the half point.
    pub fn totals(&self) -> [f64; 2] {
        [0, 1].map(|k| (self.stones[k] + self.enclosures[k]) as f64 + self.half_point[k])
    }
}

/// Per colour, whether it owns a region touched by `touching` distinct
/// stones of each colour: it has strictly more (neither does on a tie).
fn owns(touching: [u32; 2]) -> [bool; 2] {
    [touching[0] > touching[1], touching[1] > touching[0]]
}

/// The owner of a region touched by `touching` distinct stones of each
/// colour, if any (see [`owns`]).
fn owner(touching: [u32; 2]) -> Option<Colour> {
    match owns(touching) {
        [true, _] => Some(Colour::Black),
        [_, true] => Some(Colour::White),
        _ => None,
    }
}

impl<W: Width> Engine<W> {
    /// The stones touching the region of the one point `q` (common at the
    /// end of a game), per colour: no fill reaches it, and its neighbours
    /// are the first stones it sees, one a direction. (None for a stone,
    /// which sees nothing.)
    fn touching_alone(&self, q: W::Point) -> [u32; 2] {
        [0, 1].map(|k| u32::from(COUNTS[usize::from(self.sight.seen_of(q, k))]))
    }

    /// Enclosure: a region (a maximal connected set of empty points) belongs
    /// to the colour with strictly more of the distinct stones touching it; a
    /// tie belongs to nobody. Calls `visit` once per region of more than one
    /// point with its points and its owner; those of one point are the
    /// points with no empty neighbour (see [`Engine::touching_alone`]).
    fn for_each_larger_enclosure(&mut self, mut visit: impl FnMut(&[Point], Option<Colour>)) {
        let scratch = &mut self.scratch;
        // The flood marks the regions' points; `safe`, cleared per region,
        // the stones it touches, so each counts once per region (a stone
        // may touch several regions). Every empty point with an empty
        // neighbour is open: only points found dead left the list.
        let flood = &mut scratch.enclosure;
        flood.clear();
        for &start in self.open.as_slice() {
            if self.sight.open[W::of(start)] == 0 || !flood.begin(start) {
                continue;
            }
            scratch.safe.clear();
            let mut touching = [0u32; 2];
            while let Some(q) = flood.advance() {
                // Its empty neighbours, and its stones, by colour: the first
                // stones it sees with no empty point between.
                let open = self.sight.open[W::of(q)];
                let steps = &self.steps.get()[W::of(q)];
                for d in Bits(open) {
                    flood.reach(W::board_point(steps[d]));
                }
                for (k, count) in touching.iter_mut().enumerate() {
                    for d in Bits(self.sight.seen_of(W::of(q), k) & !open) {
                        *count += scratch.safe.mark(W::board_point(steps[d])) as u32;
                    }
                }
            }
            visit(flood.reached(), owner(touching));
        }
    }

    /// The enclosure points each colour owns.
    pub(super) fn enclosures(&mut self) -> [u32; 2] {
        // The regions of one point, counted with no branch on what each
        // point holds: a stone, or a point with an empty neighbour, adds
        // nothing.
        let mut owned = [0u32; 2];
        for q in (0..self.board.points() as u32).map(W::point) {
            let alone = self.sight.open[q] == 0;
            let owns = owns(self.touching_alone(q));
            owned[0] += (alone & owns[0]) as u32;
            owned[1] += (alone & owns[1]) as u32;
        }
        self.for_each_larger_enclosure(|region, owner| {
            if let Some(colour) = owner {
                owned[colour.index()] += region.len() as u32;
            }
        });
        owned
    }

    /// The owner of each point's enclosure, in point-index order: `None` for
    /// stones and for the points of enclosures nobody owns.
    pub(super) fn enclosure_owners(&mut self) -> Vec<Option<Colour>> {
        let mut owners = vec![None; self.board.points()];
        for q in 0..self.board.points() as Point {
            let at = W::of(q);
            if self.cells[at] == EMPTY && self.sight.open[at] == 0 {
                owners[q as usize] = owner(self.touching_alone(at));
            }
        }
        self.for_each_larger_enclosure(|region, owner| {
            for &p in region {
                owners[p as usize] = owner;
            }
        });
        owners
    }
}

impl Lingarda {
    /// The owner of each point's enclosure, in point-index order: `None` for
    /// stones and for the points of enclosures nobody owns.
    pub fn enclosure_owners(&mut self) -> Vec<Option<Colour>> {
        on_width!(&mut self.engine, e => e.enclosure_owners())
    }

    /// Score: own stones on the board, plus the points of owned enclosures,
    /// plus 0.5 for the colour that made the last placement.
    /// Kept once the game is over (see `Lingarda::pass`), when the board no
    /// longer changes.
    pub(super) fn score(&mut self) -> Score {
        if let Some(score) = self.final_score {
            return score;
        }
        let mut half_point = [0.0; 2];
        if let Some(colour) = self.last_placer {
            half_point[colour.index()] = 0.5;
        }
        Score {
            stones: self.stones,
            enclosures: on_width!(&mut self.engine, e => e.enclosures()),
            half_point,
        }
    }
}
