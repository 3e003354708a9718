//! The board side of a Lingarda position, for one width of point index: the
//! cells, the sight tables, the searches and the empty points, with the
//! placements and the random draw over them. A position holds one engine of
//! the width its board fits ([`AnyEngine`]) and picks it once per call, so
//! the loops within are compiled for that width: boards of at most 255
//! points (side 9 and below) index their tables by a byte, with no mask and
//! no bounds check.

use super::judge::{Searches, Verdict};
use super::lifeless::Lifeless;
use super::sight::{self, Sight, Steps};
use crate::board::{Board, Point};
use crate::core::{
    clone_by_fields, ByWidth, Colour, Flood, Marks, Narrow, PointList, Rng, Shared, Wide, Width,
};
use crate::games::Action;

/// The cells and tables of a position, with points of width `W`.
#[derive(Debug)]
pub(super) struct Engine<W: Width> {
    pub(super) board: &'static Board,
    /// Per point, its cell; empty in the padding.
    pub(super) cells: W::Table<u8>,
    /// The lines of sight and what each gives.
    pub(super) sight: Sight<W>,
    /// The board's neighbours, for the walks along lines of sight.
    pub(super) steps: Shared<Steps<W>>,
    /// The searches' buffers, and the flips of the last legal candidate.
    pub(super) searches: Searches<W>,
    /// Per colour, the points known to give its stone no lifeline.
    pub(super) lifeless: Lifeless<W>,
    /// The empty points, less some found dead (with no empty neighbour, so
    /// never legal again).
    pub(super) open: PointList,
    pub(super) scratch: Scratch,
}

impl<W: Width> Clone for Engine<W> {
    fn clone(&self) -> Self {
        Engine {
            board: self.board,
            cells: self.cells.clone(),
            sight: self.sight.clone(),
            steps: self.steps,
            searches: self.searches.clone(),
            lifeless: self.lifeless.clone(),
            open: self.open.clone(),
            scratch: self.scratch.clone(),
        }
    }

    /// Field by field, so that copying a position into another reuses its
    /// buffers.
    fn clone_from(&mut self, source: &Self) {
        self.board = source.board;
        self.cells.clone_from(&source.cells);
        self.sight.clone_from(&source.sight);
        self.steps = source.steps;
        self.searches.clone_from(&source.searches);
        self.lifeless.clone_from(&source.lifeless);
        self.open.clone_from(&source.open);
        self.scratch.clone_from(&source.scratch);
    }
}

/// Buffers reused by the walks over enclosures, so no score allocates.
#[derive(Debug)]
pub(super) struct Scratch {
    /// The stones touching the enclosure being walked.
    pub(super) safe: Marks,
    /// The flood over the enclosures, which marks their points.
    pub(super) enclosure: Flood,
}

clone_by_fields!(Scratch { safe, enclosure });

/// An engine of the width a board fits, boxed (the narrow one holds its
/// tables in place).
pub(super) type AnyEngine = ByWidth<Engine<Narrow>, Engine<Wide>>;

impl AnyEngine {
    /// The engine of the empty `board`, of the narrowest width it fits.
    pub(super) fn new(board: &'static Board) -> Self {
        if board.points() <= Narrow::MAX_POINTS {
            AnyEngine::Narrow(Box::new(Engine::new(board)))
        } else {
            AnyEngine::Wide(Box::new(Engine::new(board)))
        }
    }
}

impl<W: Width> Engine<W> {
    /// The engine of the empty `board`.
    pub(super) fn new(board: &'static Board) -> Self {
        let n = board.points();
        assert!(n <= W::MAX_POINTS, "{n} points do not fit the width");
        Engine {
            board,
            cells: W::table(crate::core::EMPTY),
            sight: Sight::empty(board),
            steps: sight::steps::<W>(board),
            searches: Searches::new(n),
            lifeless: Lifeless::new(),
            open: PointList::full(n),
            scratch: Scratch {
                safe: Marks::new(n),
                enclosure: Flood::new(n),
            },
        }
    }
}

impl<W: Width> Engine<W> {
    /// The cells of the board's points.
    pub(super) fn cells(&self) -> &[u8] {
        &(*self.cells)[..self.board.points()]
    }

    /// [`Engine::weigh`] of the empty point `p` for `mover`, telling the
    /// reason of an illegal placement only when `exact`.
    pub(super) fn verdict(&mut self, p: Point, mover: Colour, exact: bool) -> Verdict {
        if exact {
            self.weigh(W::of(p), mover)
        } else {
            self.weigh_legality(W::of(p), mover)
        }
    }

    /// The weighing to come is of another turn: flips weighed before do
    /// not hold for it.
    pub(super) fn forget_weighing(&mut self) {
        self.searches.legal = false;
    }

    /// Places a stone of `mover` at `p` and flips the enemy stones left
    /// without a lifeline (Placement; `p` must be legal); returns how many
    /// flipped. Kept out of line, once a move, so that the random draw's
    /// loop keeps its registers.
    #[inline(never)]
    pub(super) fn place(&mut self, p: Point, mover: Colour) -> u32 {
        let at = W::of(p);
        if self.searches.candidate != at || !self.searches.legal {
            self.weigh_legality(at, mover);
        }
        let flips = std::mem::take(&mut self.searches.flips);
        self.put_stone(at, mover);
        self.flip_stones(&flips, mover);
        let flipped = flips.len() as u32;
        self.searches.flips = flips;
        self.searches.legal = false;
        self.open.remove(p);
        self.lifeless.placed(mover);
        flipped
    }

    /// Puts a stone of `colour` on the empty point `p` with no flip (for
    /// positions set up by hand).
    pub(super) fn set_stone(&mut self, p: Point, colour: Colour) {
        self.put_stone(W::of(p), colour);
        self.open.remove(p);
    }

    /// Whether some placement is legal for `mover`.
    pub(super) fn can_place(&mut self, mover: Colour) -> bool {
        (0..self.open.len()).any(|k| {
            let p = W::of(self.open[k]);
            self.weigh_legality(p, mover) == Verdict::Legal
        })
    }

    /// The legal placements of `mover`, in point order.
    pub(super) fn legal_placements(&mut self, mover: Colour, out: &mut Vec<Action>) {
        for p in 0..self.board.points() as Point {
            let at = W::of(p);
            if self.cells[at] == crate::core::EMPTY
                && self.weigh_legality(at, mover) == Verdict::Legal
            {
                out.push(p);
            }
        }
    }

    /// A placement of `mover` drawn uniformly among the legal ones, if any.
    /// Trying the open points in a uniformly random order (a partial
    /// Fisher-Yates shuffle in place: tried points move to the end of the
    /// untried range) and taking the first legal one picks uniformly among
    /// the legal placements. Dead points found on the way leave the open
    /// points for good; points known lifeless for the mover are not weighed
    /// again.
    pub(super) fn random_placement(&mut self, rng: &mut Rng, mover: Colour) -> Option<Point> {
        let mut untried = self.open.len();
        while untried > 0 {
            let i = rng.below(untried);
            let p = self.open[i];
            let at = W::of(p);
            let verdict = if self.lifeless.contains(mover, at) {
                Verdict::NoLifeline
            } else {
                self.weigh_legality(at, mover)
            };
            if verdict == Verdict::Legal {
                return Some(p);
            }
            untried -= 1;
            self.open.swap(i, untried);
            if verdict == Verdict::NoLifeline {
                if self.is_dead(at) {
                    self.open.remove(p);
                } else {
                    self.lifeless.insert(mover, at);
                }
            }
        }
        None
    }

    /// The reason a placement of `mover` on the empty point `p` is
    /// illegal, if it is.
    pub(super) fn placement_reason(&mut self, p: Point, mover: Colour) -> Option<String> {
        match self.verdict(p, mover, true) {
            Verdict::Legal => None,
            Verdict::NoLifeline => Some("the stone would have no lifeline".into()),
            // (An exact weighing tells stranding apart: `Illegal` means it.)
            Verdict::Stranded | Verdict::Illegal => {
                let (s, flipped) = self.stranded_to_name(mover);
                let name = self.board.name(s);
                let once = if flipped { " once flipped" } else { "" };
                Some(format!(
                    "your stone at {name} would be left without a lifeline{once}"
                ))
            }
        }
    }
}
