//! Anda positions set up by hand: the stones, the turn's counters, the
//! prisoners, and how far each colour is through its two-stone first turn.

use super::Game;
use crate::core::{Colour, Width, EMPTY};
use crate::error::Error;
use crate::games::setup::{count, refuse, Counter, CounterSpec, Description};

const PRISONERS: usize = 0;
const FIRST_TURN_DONE: usize = 1;
const PENDING_STONE: usize = 2;

/// Anda's own counters.
pub(super) const COUNTERS: &[CounterSpec] = &[
    CounterSpec {
        name: "prisoners",
        default: Counter::Counts([0; 2]),
        doc: "stones each colour has captured",
    },
    CounterSpec {
        name: "first_turn_done",
        default: Counter::Flags([true; 2]),
        doc: "whether each colour has had (or passed) its two-stone first turn; true for both when left out",
    },
    CounterSpec {
        name: "pending_stone",
        default: Counter::Point(None),
        doc: "the first stone of the mover's two-stone first turn, while the second is due",
    },
];

impl<W: Width> Game<W> {
    /// Ruling (first turn): Black's two-stone turn is the game's first and
    /// White's the second; until a colour has had it, it has placed nothing
    /// (no stone of its on the board, none captured) but the pending first
    /// stone, and has not passed; and the pending stone leaves a legal
    /// second one. Groups already smothered stay until the next removal, as
    /// after a removal in play.
    pub(super) fn set_up(start: &Self, description: &Description) -> Result<Self, Error> {
        let prisoners = description.counts(COUNTERS, PRISONERS)?;
        let done = description.flags(COUNTERS, FIRST_TURN_DONE)?;
        // Unless given: past both first turns, the turns are at least two and
        // at least the stones and passes (two-stone turns and captures aside).
        let default_ply = match done {
            [true, true] => description.placements_and_passes().max(2),
            [true, false] => 1,
            _ => 0,
        };
        let turn = description.turn(false, true, default_ply)?;
        let pending = description.point(COUNTERS, PENDING_STONE)?;
        let stones = count(&description.stones);
        let to_move = description.to_move;
        for colour in [Colour::Black, Colour::White] {
            let c = colour.index();
            let name = colour.name();
            // The ply that ends the colour's first turn.
            let first = c as u32;
            if done[c] {
                if turn.plies() <= first {
                    return refuse(format!(
                        "first_turn_done is true for {name} at ply {}: its first turn ends ply {}",
                        turn.plies(),
                        first + 1
                    ));
                }
                continue;
            }
            if turn.plies() > first || (turn.plies() == first && to_move != colour) {
                return refuse(format!(
                    "first_turn_done is false for {name} at ply {} with {} to move: {name}'s first turn is the turn at ply {first}",
                    turn.plies(),
                    to_move.name()
                ));
            }
            let own = stones[c] - usize::from(pending.is_some() && to_move == colour);
            if own > 0 || prisoners[1 - c] > 0 || description.first_pass == Some(colour) {
                return refuse(format!(
                    "first_turn_done is false for {name}, but {name} has placed or passed before (stones on the board, captured stones or the first pass)"
                ));
            }
        }
        if let Some(p) = pending {
            let here = description.stones[p as usize];
            if done[to_move.index()] || here != Some(to_move) {
                return refuse(format!(
                    "pending_stone {} is the first stone of the mover's two-stone first turn: a {} stone with first_turn_done false",
                    start.board.name(p),
                    to_move.name()
                ));
            }
        }
        let mut state = start.clone();
        for (p, stone) in description.stones.iter().enumerate() {
            state.cells[W::of(p as crate::board::Point)] = stone.map_or(EMPTY, Colour::stone);
        }
        state.rebuild();
        state.turn = turn;
        state.prisoners = prisoners;
        state.first_turn_done = done;
        state.pending = pending;
        if description.passes == 2 {
            let scores = state.scores().expect("anda scores");
            state.turn.end_on_scores(scores);
        }
        if pending.is_some() {
            let mut legal = Vec::new();
            if !state.is_terminal() {
                state.legal_actions_in_play(&mut legal);
            }
            if !legal.iter().any(|&a| (a as usize) < state.board.points()) {
                return refuse("no legal second stone can follow pending_stone");
            }
        }
        Ok(state)
    }

    pub(super) fn counters(&self) -> Vec<Counter> {
        vec![
            Counter::Counts(self.prisoners),
            Counter::Flags(self.first_turn_done),
            Counter::Point(self.pending),
        ]
    }
}
