//! Esgrad positions set up by hand. Esgrad has no counter of its own; the
//! passes and the first pass are the turn's.

use super::Esgrad;
use crate::board::Point;
use crate::error::Error;
use crate::games::setup::{count, refuse, Counter, CounterSpec, Description, SetUp};

impl SetUp for Esgrad {
    const COUNTERS: &'static [CounterSpec] = &[];

    /// Stones never leave the board, so every stone is a turn of its own
    /// besides the passes; two passes in a row have ended the game.
    fn set_up(start: &Esgrad, description: &Description) -> Result<Esgrad, Error> {
        let turn = description.turn(false, true, description.placements_and_passes())?;
        let [black, white] = count(&description.stones);
        let least = (black + white) as u32 + u32::from(description.passes);
        if turn.plies() < least {
            return refuse(format!(
                "ply is {}, fewer than the {least} turns of the {} stones and the passes in a row",
                turn.plies(),
                black + white
            ));
        }
        let mut state = start.clone();
        for (p, stone) in description.stones.iter().enumerate() {
            if let Some(colour) = stone {
                state.cells[p] = colour.stone();
                state.open.remove(p as Point);
                state.groups.placed(p as Point);
            }
        }
        state.turn = turn;
        if description.passes == 2 {
            let score = state.score();
            state.turn.end_on_scores(score);
        }
        Ok(state)
    }

    fn counters(&self) -> Vec<Counter> {
        Vec::new()
    }
}
