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

mod engine;
mod judge;
mod lifeless;
mod score;
mod setup;
mod sight;
mod views;

use std::borrow::Cow;

use engine::{AnyEngine, Engine};
pub use score::Score;
pub use views::Preview;

use super::{Action, Position, Turn};
use crate::board::{Board, Point, NO_POINT};
use crate::core::{clone_by_fields, on_width, Colour, Rng, EMPTY};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{hex_size, OptionSpec, OptionValue, Options, PIE};

/// A Lingarda position.
#[derive(Debug)]
pub struct Lingarda {
    board: &'static Board,
    /// The cells and tables, of the width of the board's points.
    engine: AnyEngine,
    /// The score once the game is over (the board no longer changes).
    final_score: Option<Score>,
    /// Stones on the board per colour.
    stones: [u32; 2],
    /// The turn; two passes in a row end the game.
    turn: Turn,
    last_placer: Option<Colour>,
}

clone_by_fields!(Lingarda {
    board,
    stones,
    turn,
    last_placer,
    engine,
    final_score
});

impl Lingarda {
    fn pass_action(&self) -> Action {
        self.board.points() as Action
    }

    /// Places a stone of the mover at `p` and flips the enemy stones left
    /// without a lifeline (Placement; `p` must be legal).
    fn place(&mut self, p: Point) {
        let mover = self.turn.to_move();
        let flipped = on_width!(&mut self.engine, e => e.place(p, mover));
        self.stones[mover.index()] += 1 + flipped;
        self.stones[mover.opponent().index()] -= flipped;
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

    /// The reason a placement on the empty point `p` is illegal, if it is.
    fn placement_reason(&mut self, p: Point) -> Option<String> {
        let mover = self.turn.to_move();
        on_width!(&mut self.engine, e => e.placement_reason(p, mover))
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
        Ok(Lingarda {
            board,
            engine: AnyEngine::new(board),
            final_score: None,
            stones: [0; 2],
            turn: Turn::new(pie),
            last_placer: None,
        })
    }

    fn name(&self) -> &'static str {
        "lingarda"
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        let size = OptionValue::Int(self.board.side() as i64);
        vec![("size", size), ("pie", OptionValue::Bool(self.turn.pie()))]
    }

    fn board(&self) -> &'static Board {
        self.board
    }

    fn specials(&self) -> &'static [super::Special] {
        self.turn
            .offered(&[super::Special::Pass, super::Special::Swap])
    }

    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn cells(&self) -> &[u8] {
        on_width!(&self.engine, e => e.cells())
    }

    fn legal_actions_in_play(&mut self, out: &mut Vec<Action>) {
        let mover = self.turn.to_move();
        on_width!(&mut self.engine, e => e.legal_placements(mover, out));
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
            if self.cells()[action as usize] != EMPTY {
                return Err("the point is occupied".into());
            }
            return self
                .placement_reason(action)
                .map_or(Ok(()), |reason| Err(reason.into()));
        }
        if action == pass {
            let mover = self.turn.to_move();
            if on_width!(&mut self.engine, e => e.can_place(mover)) {
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
            on_width!(&mut self.engine, e => e.forget_weighing());
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
        // A legal placement drawn uniformly; pass only when none is, swap
        // never (RULES.md §8).
        if self.is_terminal() {
            return None;
        }
        let mover = self.turn.to_move();
        let placement = on_width!(&mut self.engine, e => e.random_placement(rng, mover));
        Some(placement.unwrap_or_else(|| self.pass_action()))
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
        let cells = on_width!(&self.engine, e => e.cells());
        for s in 0..self.board.points() as Point {
            let Some(colour) = Colour::of_cell(cells[s as usize]) else {
                continue;
            };
            let plane = if colour == perspective { 4 } else { 5 };
            for d in 0..adjacency.directions() {
                let first = adjacency.step(s, d);
                let mut end = first;
                while end != NO_POINT && cells[end as usize] == EMPTY {
                    end = adjacency.step(end, d);
                }
                let lifeline =
                    end != first && (end == NO_POINT || cells[end as usize] == colour.stone());
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
