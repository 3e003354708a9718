//! Lingarda positions set up by hand. Lingarda has no counter of its own:
//! the colour that placed last (its half point) follows from the turn's.

use super::Lingarda;
use crate::board::Point;
use crate::core::{on_width, Colour};
use crate::error::Error;
use crate::games::setup::{count, refuse, Counter, CounterSpec, Description, SetUp};

impl SetUp for Lingarda {
    const COUNTERS: &'static [CounterSpec] = &[];

    /// Between turns every stone has a lifeline (Placement). Stones never
    /// leave the board and a flip keeps their number, so every stone is a
    /// turn of its own besides passes and the swap; the last placement was
    /// the opponent's unless the opponent has just passed once.
    fn set_up(start: &Lingarda, description: &Description) -> Result<Lingarda, Error> {
        let turn = description.turn(start.turn.pie(), true, description.placements_and_passes())?;
        let [black, white] = count(&description.stones);
        let stones = (black + white) as u32;
        let least = stones + u32::from(description.passes) + u32::from(description.swapped);
        if turn.plies() < least {
            return refuse(format!(
                "ply is {}, fewer than the {least} turns of the {stones} stones, the passes in a row and the swap",
                turn.plies()
            ));
        }
        // The last turn but passes was a placement by the opponent of the
        // colour to move, or the swap (which keeps the colour to move and
        // follows Black's first stone): either way the opponent placed
        // last, unless it has passed once since.
        let last_placer = match (stones, description.passes) {
            (0, _) => None,
            (_, 1) => Some(description.to_move),
            _ => Some(description.to_move.opponent()),
        };
        let mut state = start.clone();
        for colour in [Colour::Black, Colour::White] {
            for (p, &stone) in description.stones.iter().enumerate() {
                if stone == Some(colour) {
                    on_width!(&mut state.engine, e => e.set_stone(p as Point, colour));
                }
            }
        }
        let grounded = on_width!(&state.engine, e => e.grounded_stones());
        if let Some(p) =
            (0..grounded.len()).find(|&p| description.stones[p].is_some() && !grounded[p])
        {
            return refuse(format!(
                "the {} stone at {} has no lifeline: between turns every stone has one",
                description.stones[p].map_or("", Colour::name),
                state.board.name(p as Point)
            ));
        }
        state.stones = [black as u32, white as u32];
        state.last_placer = last_placer;
        state.turn = turn;
        if description.passes == 2 {
            let score = state.score();
            state.final_score = Some(score);
            state.turn.end_on_scores(score.totals());
        }
        Ok(state)
    }

    fn counters(&self) -> Vec<Counter> {
        Vec::new()
    }
}
