//! Sunder positions set up by hand. Sunder has no counter of its own: the
//! stones decide the colour to move, the turns played and the end.

use super::Game;
use super::LiveWidth;
use crate::board::Point;
use crate::core::Colour;
use crate::error::Error;
use crate::games::setup::{count, refuse, Description};

impl<W: LiveWidth> Game<W> {
    /// Every turn places one stone but the swap, Black first, and a group
    /// wins as it forms (Ruling (cuts)): so Black has as many stones as
    /// White or one more, that says who is to move, the turns are the
    /// stones plus the swap, and at most one colour has a winning group,
    /// the one that moved last.
    pub(super) fn set_up(start: &Game<W>, description: &Description) -> Result<Game<W>, Error> {
        let [black, white] = count(&description.stones);
        if black != white && black != white + 1 {
            return refuse(format!(
                "{black} black and {white} white stones: Black moves first and every turn places one, so Black has as many stones as White or one more"
            ));
        }
        let to_move = if black == white {
            Colour::Black
        } else {
            Colour::White
        };
        if description.to_move != to_move {
            return refuse(format!(
                "{black} black and {white} white stones put {} to move, not {}",
                to_move.name(),
                description.to_move.name()
            ));
        }
        let mut turn =
            description.turn(start.turn.pie(), false, description.placements_and_passes())?;
        let plies = (black + white) as u32 + u32::from(description.swapped);
        if turn.plies() != plies {
            return refuse(format!(
                "ply is {}, but {} stones and {} swap make {plies} turns",
                turn.plies(),
                black + white,
                u32::from(description.swapped)
            ));
        }
        let mut state = start.clone();
        let mut winners = Vec::new();
        for colour in [Colour::Black, Colour::White] {
            state.turn.set_to_move(colour);
            let mut won = false;
            for p in 0..state.board.points() as Point {
                if description.stones[p as usize] == Some(colour) {
                    state.place(p);
                    won |= state.turn.winner() == Some(colour);
                }
            }
            if won {
                winners.push(colour);
            }
        }
        match winners[..] {
            [] if state.open.is_empty() => turn.end(None),
            [] => {}
            [winner] if winner == to_move => {
                return refuse(format!(
                    "{} has a winning group but is to move: the game ended when it formed",
                    winner.name()
                ))
            }
            [winner] => turn.end(Some(winner)),
            _ => return refuse("both colours have a winning group: the game ends at the first"),
        }
        state.turn = turn;
        Ok(state)
    }
}
