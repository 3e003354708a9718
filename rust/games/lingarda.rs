//! Lingarda (RULES.md §6): place stones that keep a lifeline, a line of sight
//! to the edge, alone or through a chain of friendly stones; enemy stones
//! left without one flip. The score counts stones and owned enclosures.
//!
//! A literal engine recomputes every lifeline for every candidate point. This
//! one keeps sight tables ([`sight`]): for every point and direction the
//! first stone met, and six-bit masks of what each line gives; a placement
//! rewrites only the entries along its six lines and those of its flips. A
//! candidate is judged from its masks alone in the common cases, and
//! otherwise by searches from the at most six stones whose live rays it
//! cuts ([`judge`] explains why that is exact). `tests` checks it against a
//! literal transcription of the rules on every candidate of many random
//! games.

mod judge;
mod lifeless;
mod score;
mod setup;
mod sight;
mod views;

use std::borrow::Cow;

use judge::{Searches, Verdict};
pub use score::Score;
use sight::Sight;
pub use views::Preview;

use super::{Action, Position, Turn};
use crate::board::{Board, Point, NO_POINT};
use crate::core::{clone_by_fields, Colour, Flood, Marks, PointList, Rng, EMPTY};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{hex_size, OptionSpec, OptionValue, Options, PIE};

/// A Lingarda position.
#[derive(Debug)]
pub struct Lingarda {
    board: &'static Board,
    /// Per point, its cell; empty past the board's points (see
    /// `sight::LOOKUP_MASK`).
    cells: sight::Padded,
    /// The lines of sight and what each gives.
    sight: Sight,
    /// The board's neighbours, for the walks along lines of sight.
    steps: sight::StepTable,
    /// The searches' buffers, and the flips of the last legal candidate.
    searches: Searches,
    /// Per colour, the points known to give its stone no lifeline.
    lifeless: lifeless::Lifeless,
    /// The score once the game is over (the board no longer changes).
    final_score: Option<Score>,
    /// Stones on the board per colour.
    stones: [u32; 2],
    /// The turn; two passes in a row end the game.
    turn: Turn,
    last_placer: Option<Colour>,
    /// The empty points, less some found dead (with no empty neighbour, so
    /// never legal again).
    open: PointList,
    scratch: Scratch,
}

clone_by_fields!(Lingarda {
    board,
    stones,
    turn,
    last_placer,
    cells,
    sight,
    steps,
    searches,
    open,
    scratch,
    final_score,
    lifeless
});

/// Buffers reused by the walks over enclosures, so no score allocates.
#[derive(Debug)]
struct Scratch {
    /// The stones touching the enclosure being walked.
    safe: Marks,
    /// The flood over the enclosures, which marks their points.
    enclosure: Flood,
}

clone_by_fields!(Scratch { safe, enclosure });

impl Lingarda {
    fn pass_action(&self) -> Action {
        self.board.points() as Action
    }

    /// Places a stone of the mover at `p` and flips the enemy stones left
    /// without a lifeline (Placement; `p` must be legal). Kept out of line,
    /// once a move, so that the random draw's loop keeps its registers.
    #[inline(never)]
    fn place(&mut self, p: Point) {
        if self.searches.candidate != p || !self.searches.legal {
            self.weigh_legality(p);
        }
        let mover = self.turn.to_move();
        let flips = std::mem::take(&mut self.searches.flips);
        self.stones[mover.index()] += 1 + flips.len() as u32;
        self.stones[mover.opponent().index()] -= flips.len() as u32;
        self.put_stone(p);
        self.flip_stones(&flips);
        self.searches.flips = flips;
        self.searches.legal = false;
        self.open.remove(p);
        self.lifeless.placed(mover);
        self.last_placer = Some(mover);
        self.turn.placed();
        self.turn.end_turn();
    }

    /// Pass: legal only when no placement is; two passes in a row end the
    /// game, which the higher score wins (the half point rules out a tie).
    fn pass(&mut self) {
        if self.turn.pass() {
            let score = self.score();
            self.final_score = Some(score);
            self.turn.end_on_scores(score.totals());
        }
    }

    /// Whether some placement is legal now.
    fn can_place(&mut self) -> bool {
        (0..self.open.len()).any(|k| {
            let p = self.open[k];
            self.weigh_legality(p) == Verdict::Legal
        })
    }

    /// The reason a placement on the empty point `p` is illegal, if it is.
    fn placement_reason(&mut self, p: Point) -> Option<String> {
        match self.weigh(p) {
            Verdict::Legal => None,
            Verdict::NoLifeline => Some("the stone would have no lifeline".into()),
            // (An exact weighing tells stranding apart: `Illegal` means it.)
            Verdict::Stranded | Verdict::Illegal => {
                let (s, flipped) = self.stranded_to_name();
                let name = self.board.name(s);
                let once = if flipped { " once flipped" } else { "" };
                Some(format!(
                    "your stone at {name} would be left without a lifeline{once}"
                ))
            }
        }
    }

    /// The score split into stones, enclosures and the half point.
    pub fn score_breakdown(&mut self) -> Score {
        self.score()
    }

    /// The colour that made the last placement, if any.
    pub fn last_placer(&self) -> Option<Colour> {
        self.last_placer
    }

    /// Passes in a row just before now (2 ends the game).
    pub fn consecutive_passes(&self) -> u8 {
        self.turn.consecutive_passes()
    }
}

/// Lingarda's options (RULES.md §6).
pub const OPTIONS: &[OptionSpec] = &[SIZE, PIE];

const SIZE: OptionSpec = hex_size(9);

impl Position for Lingarda {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let board = options.board(&SIZE, Board::hex)?;
        let pie = options.flag(&PIE)?;
        let n = board.points();
        Ok(Lingarda {
            board,
            cells: sight::padded(),
            sight: Sight::empty(board),
            steps: sight::steps(board),
            searches: Searches::new(n),
            lifeless: lifeless::Lifeless::new(n),
            final_score: None,
            stones: [0; 2],
            turn: Turn::new(pie),
            last_placer: None,
            open: PointList::full(n),
            scratch: Scratch {
                safe: Marks::new(n),
                enclosure: Flood::new(n),
            },
        })
    }

    position_basics!("lingarda", [Pass, Swap], self => [
        ("pie", OptionValue::Bool(self.turn.pie()))
    ]);

    fn legal_actions_in_play(&mut self, out: &mut Vec<Action>) {
        for p in 0..self.board.points() as Point {
            if self.cells[p as usize] == EMPTY && self.weigh_legality(p) == Verdict::Legal {
                out.push(p);
            }
        }
        if out.is_empty() {
            out.push(self.pass_action());
        }
        if self.turn.swap_available() {
            out.push(self.pass_action() + 1);
        }
    }

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        let pass = self.pass_action();
        if action < pass {
            if self.cells[action as usize] != EMPTY {
                return Err("the point is occupied".into());
            }
            return self
                .placement_reason(action)
                .map_or(Ok(()), |reason| Err(reason.into()));
        }
        if action == pass {
            if self.can_place() {
                return Err("pass is legal only when no placement is".into());
            }
        } else {
            self.turn.check_swap()?;
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        let pass = self.pass_action();
        if action >= pass {
            // The colour to move or the seats change: flips weighed before
            // belong to another turn.
            self.searches.legal = false;
        }
        if action < pass {
            self.place(action);
        } else if action == pass {
            self.pass();
        } else {
            self.turn.swap();
        }
    }

    fn scores(&mut self) -> Option<[f64; 2]> {
        Some(self.score().totals())
    }

    fn random_action(&mut self, rng: &mut Rng, _: &mut Vec<Action>) -> Option<Action> {
        // Trying the open points in a uniformly random order (a partial
        // Fisher-Yates shuffle in place: tried points move to the end of the
        // untried range) and taking the first legal one picks uniformly among
        // the legal placements; pass only when none is, swap never (RULES.md
        // §8). Dead points found on the way leave the open points for good;
        // points known lifeless for the mover are not weighed again.
        if self.is_terminal() {
            return None;
        }
        let mover = self.turn.to_move();
        let mut untried = self.open.len();
        while untried > 0 {
            let i = rng.below(untried);
            let p = self.open[i];
            let verdict = if self.lifeless.contains(mover, p) {
                Verdict::NoLifeline
            } else {
                self.weigh_legality(p)
            };
            if verdict == Verdict::Legal {
                return Some(p);
            }
            untried -= 1;
            self.open.swap(i, untried);
            if verdict == Verdict::NoLifeline {
                if self.is_dead(p) {
                    self.open.remove(p);
                } else {
                    self.lifeless.insert(mover, p);
                }
            }
        }
        Some(self.pass_action())
    }

    fn feature_plane_names(&self) -> &'static [&'static str] {
        &[
            "swap_available",
            "own_placed_last",
            "opponent_placed_last",
            "pass_ends_game",
            "own_lifelines",
            "opponent_lifelines",
        ]
    }

    /// Whether the player to move may swap; which side holds the half point
    /// of the last placement; whether a pass now ends the game; and, per
    /// side, the empty points on that side's lifelines: the rays of its
    /// stones that hold an empty point and leave the board or end at a
    /// friendly stone (between turns every stone has a lifeline, Ruling
    /// (lifelines), so any friendly stone will do). A stone placed there
    /// cuts those lifelines.
    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        if self.turn.swap_available() {
            planes.fill(0, 1.0);
        }
        if let Some(placer) = self.last_placer {
            planes.fill(if placer == perspective { 1 } else { 2 }, 1.0);
        }
        if self.turn.consecutive_passes() == 1 {
            planes.fill(3, 1.0);
        }
        let adjacency = self.board.adjacency();
        for s in 0..self.board.points() as Point {
            let Some(colour) = Colour::of_cell(self.cells[s as usize]) else {
                continue;
            };
            let plane = if colour == perspective { 4 } else { 5 };
            for d in 0..adjacency.directions() {
                let first = adjacency.step(s, d);
                let mut end = first;
                while end != NO_POINT && self.cells[end as usize] == EMPTY {
                    end = adjacency.step(end, d);
                }
                let lifeline =
                    end != first && (end == NO_POINT || self.cells[end as usize] == colour.stone());
                let mut q = first;
                while lifeline && q != end {
                    planes.set(plane, q, 1.0);
                    q = adjacency.step(q, d);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
