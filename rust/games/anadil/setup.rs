//! Anadil positions set up by hand: the stones, the prison, the stone the
//! no-counter-annihilation ruling protects, and the mover's board at the
//! end of its previous turn (for the repetition ruling).

use super::{Anadil, Repeat};
use crate::board::{Point, NO_POINT};
use crate::core::{Colour, PointList, EMPTY};
use crate::error::Error;
use crate::games::setup::{count, refuse, Counter, CounterSpec, Description, SetUp, Stones};

const PRISON: usize = 0;
const PROTECTED_STONE: usize = 1;
const PREVIOUS_BOARD: usize = 2;

impl SetUp for Anadil {
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec {
            name: "prison",
            default: Counter::Signed(0),
            doc: "the prison as a signed count: +k holds k black stones, -k k white (Ruling (prison))",
        },
        CounterSpec {
            name: "protected_stone",
            default: Counter::Point(None),
            doc: "the opponent's stone that Ruling (no counter-annihilation) protects on this turn",
        },
        CounterSpec {
            name: "previous_board",
            default: Counter::Board(None),
            doc: "the board at the end of the mover's previous turn (Ruling (repetition)), from ply 2 on; None before",
        },
    ];

    /// Anadil has no pass and no swap: Black moves at even plies. The
    /// board at the end of the opponent's previous turn is the board now,
    /// so only the mover's is a counter: there from the mover's second turn
    /// on (ply 2), before it none. A protected stone is the opponent's, and
    /// the opponent's last turn took every stone of the mover's, who had
    /// one. A player with no legal action has lost.
    fn set_up(start: &Anadil, description: &Description) -> Result<Anadil, Error> {
        let to_move = description.to_move;
        let mover = to_move.index();
        let previous = description.board(Self::COUNTERS, PREVIOUS_BOARD)?;
        let default_ply = mover as u32 + if previous.is_some() { 2 } else { 0 };
        let turn = description.turn(false, false, default_ply)?;
        if turn.plies() % 2 != mover as u32 {
            return refuse(format!(
                "{} to move at ply {}: with no pass and no swap, Black moves at even plies",
                to_move.name(),
                turn.plies()
            ));
        }
        if previous.is_some() != (turn.plies() >= 2) {
            return refuse(format!(
                "previous_board is {} at ply {}: the mover has a previous board from ply 2 on",
                if previous.is_some() { "given" } else { "None" },
                turn.plies()
            ));
        }
        let stones = count(&description.stones);
        let protected = description.point(Self::COUNTERS, PROTECTED_STONE)?;
        if let Some(p) = protected {
            let name = start.board.name(p);
            if description.stones[p as usize] != Some(to_move.opponent()) {
                return refuse(format!(
                    "protected_stone {name} holds no stone of the opponent ({})",
                    to_move.opponent().name()
                ));
            }
            if stones[mover] > 0 || previous.is_some_and(|b| count(b)[mover] == 0) {
                return refuse(format!(
                    "protected_stone {name} is set, so the opponent's last turn took every stone of the mover's, who had one"
                ));
            }
        }
        let mut state = start.clone();
        state.cells.fill(EMPTY);
        state.hash = 0;
        state.open = PointList::full(start.board.points());
        for (p, stone) in description.stones.iter().enumerate() {
            if let Some(colour) = stone {
                state.cells[p] = colour.stone();
                state.hash ^= state.keys[p][colour.index()];
                state.open.remove(p as Point);
            }
        }
        state.stones = stones;
        state.regions.rebuild(&state.cells);
        state.turn = turn;
        state.prison = description.signed(Self::COUNTERS, PRISON)?;
        state.protected = protected.unwrap_or(NO_POINT);
        if let Some(p) = protected {
            state.protected_breaths = state.regions.group_breaths(p).1;
        }
        state.previous = [None; 2];
        let opponent = 1 - mover;
        if turn.plies() >= 1 {
            state.previous[opponent] = Some(state.hash);
            state.previous_cells[opponent].copy_from_slice(&state.cells);
        }
        if let Some(board) = previous {
            let cells: Vec<u8> = board
                .iter()
                .map(|s| s.map_or(EMPTY, Colour::stone))
                .collect();
            state.previous[mover] = Some(hash(start, &cells));
            state.previous_cells[mover].copy_from_slice(&cells);
        }
        state.follow_repetition(previous);
        state.verdicts.fill(0);
        state.resolved = None;
        if !state.has_legal_action() {
            state.turn.end(Some(to_move.opponent()));
        }
        Ok(state)
    }

    fn counters(&self) -> Vec<Counter> {
        let mover = self.turn.to_move().index();
        let previous = self.previous[mover].map(|_| {
            self.previous_cells[mover]
                .iter()
                .map(|&c| Colour::of_cell(c))
                .collect()
        });
        vec![
            Counter::Signed(self.prison),
            Counter::Point(self.protected_point()),
            Counter::Board(previous),
        ]
    }
}

/// The Zobrist hash of `cells` on `state`'s board.
fn hash(state: &Anadil, cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter_map(|(p, &c)| Colour::of_cell(c).map(|colour| state.keys[p][colour.index()]))
        .fold(0, |h, k| h ^ k)
}

impl Anadil {
    /// Sets the repetition filter (`repeat`, `added`, `added_free`) from
    /// what the opponent's last turn changed between the mover's previous
    /// board and the board now, as `place` and `release` set it in play:
    /// nothing lost, at most the opponent's stone added standing alone
    /// (`Any`); only the mover's stone at `x` lost, besides such a stone
    /// (`Only(x)`); anything else (`Never`).
    fn follow_repetition(&mut self, previous: Option<&Stones>) {
        self.repeat = Repeat::Never;
        self.added = NO_POINT;
        let Some(before) = previous else {
            return;
        };
        let mover = self.turn.to_move();
        let (mut added, mut lost, mut other) = (Vec::new(), Vec::new(), false);
        for (p, (&was, &cell)) in before.iter().zip(&self.cells).enumerate() {
            let now = Colour::of_cell(cell);
            if was == now {
                continue;
            }
            match (was, now) {
                (None, Some(c)) if c != mover => added.push(p as Point),
                (Some(c), None) if c == mover => lost.push(p as Point),
                _ => other = true,
            }
        }
        if other || added.len() > 1 || lost.len() > 1 {
            return;
        }
        if let Some(&a) = added.first() {
            let stone = mover.opponent().stone();
            if self
                .board
                .neighbours(a)
                .iter()
                .any(|&q| self.cells[q as usize] == stone)
            {
                return;
            }
            self.added_free = self.regions.free_breath_regions(a);
        }
        match lost.first() {
            Some(&x) => self.repeat = Repeat::Only(x),
            None => {
                self.repeat = Repeat::Any;
                self.added = added.first().copied().unwrap_or(NO_POINT);
            }
        }
    }
}
