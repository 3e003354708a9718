//! Anda (RULES.md §4): place where your stone's group can breathe, then remove
//! every smothered group of both colours; score territory plus prisoners.
//!
//! A group is smothered when each of its liberties lies in a region (a
//! connected set of empty points) that exactly one enemy group touches. So
//! the whole game turns on one number per region and colour: how many groups
//! of that colour touch it, counted 0, 1 or "2 or more" (its *obstruction*).
//!
//! The position keeps its region map and its groups incrementally (module
//! `chains`): a placement takes one point out of one region and splits it
//! only when the stone's empty neighbours form separate arcs; a removal
//! floods only the regions it joins. Each region stores its obstruction per
//! colour with *witnesses* (a contact between the region and a group), so a
//! count of two is re-proved in O(1) and recounted only when groups merged
//! under it. Legality (`placement`) reads these counts instead of
//! rebuilding the regions around every empty point, so listing the legal
//! moves costs about one ring lookup and a few counts per empty point; the
//! same counts decide which groups a placement may have smothered, and only
//! those (plus any left smothered by the last removal) are examined by the
//! removal step (`removal`). Each point's six neighbours are kept as masks
//! of empty, black and white directions, updated as cells change
//! (`geometry`), so scans skip the neighbours that do not matter. The tests
//! keep a literal, slow transcription of the rules (`naive`) and compare it
//! with all of this on many random games and positions.
//!
//! Games may cycle (captures reopen points); random playouts stop at the
//! batch's `max_moves` (see `crate::playout`).

mod chains;
mod geometry;
mod placement;
mod removal;
mod setup;
mod split;
mod usize_table;
mod views;
mod widths;

use std::borrow::Cow;
use std::ops::Deref;

use super::{Action, Special, Turn};
use crate::board::{Board, Point, NO_POINT};
use crate::core::{copy_entries, Colour, Marks, PointList, Rng, Width, EMPTY};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{hex_size, whole_komi, OptionSpec, OptionValue};

use chains::{Group, Region, MAX_ARCS, NONE};
use usize_table::UsizeTable;
pub use views::{Breath, ColourScore, Liberty};
pub use widths::Anda;

/// Visit marks that mark with no bounds test (the hot fills mark at every
/// step).
type TableMarks<W> = Marks<UsizeTable<W, u32>>;

/// An Anda position whose tables are of width `W`: indexed by a point, the
/// sentinel point `N` or a group or region id (ids number below the board's
/// points, and [`NONE`] reads the padding), through [`Width::of`].
#[derive(Debug)]
pub(crate) struct Game<W: Width> {
    board: &'static Board,
    /// Each point's six neighbours, the edge mapped to the sentinel `N`.
    rings: &'static geometry::Rings,
    komi: i64,
    /// Per point, then the sentinel point `N` holding [`geometry::BORDER`].
    cells: W::Table<u8>,
    /// Per point, the contents of its ring as masks over the directions:
    /// byte `v` marks the neighbours whose cell value is `v` (empty, black,
    /// white, border). Kept up to date by every change of a cell.
    around: W::Table<u32>,
    /// A stone's group id, or an empty point's region id (two id pools).
    label: W::Table<u16>,
    /// Circular lists of members: singly linked for a group's stones,
    /// doubly linked (with `prev`) for a region's points.
    next: W::Table<Point>,
    prev: W::Table<Point>,
    groups: W::Table<Group>,
    regions: W::Table<Region>,
    free_groups: Vec<u16>,
    free_regions: Vec<u16>,
    /// The open points (here every empty point), so a random placement is
    /// drawn in O(1).
    open: PointList,
    /// Stones whose groups the next removal must examine: groups the moves
    /// since the last removal may have smothered, and groups the last removal
    /// left smothered (it is one evaluation, not repeated).
    suspects: Vec<Point>,

    /// The turn; the first pass of the game earns half a point, and two
    /// passes in a row end it.
    turn: Turn,
    prisoners: [u32; 2],
    first_turn_done: [bool; 2],
    /// The first stone of a two-stone first turn, until the second is placed.
    pending: Option<Point>,

    /// Buffers reused so that no move allocates (boxed: they are no part of
    /// the position, and keep the state small to move).
    scratch: Box<Scratch<W>>,
    /// A copy of the position used to test that a first stone leaves a legal
    /// second one (first turns only); not part of the position.
    probe: Option<Box<Game<W>>>,
}

/// Scratch buffers sized for the board.
#[derive(Debug)]
struct Scratch<W: Width> {
    marks: TableMarks<W>,
    group_marks: TableMarks<W>,
    region_marks: TableMarks<W>,
    /// Per point, the split that reached it last (its `split_stamp`, in
    /// all bits but the two lowest) and which arc's exploration reached it
    /// first then (the two lowest): one read tells both whether a point is
    /// new to a split and whose it is.
    owner: W::Table<u32>,
    split_stamp: u32,
    stack: Vec<Point>,
    /// A breadth-first queue, sized so that a point is written before it is
    /// counted.
    queue: UsizeTable<W, Point>,
    /// Each arc's points found while splitting (as many as its length
    /// there says), sized so that a point is written before it is counted.
    arc_members: [UsizeTable<W, Point>; MAX_ARCS],
    doomed: Vec<u16>,
    removed: Vec<Point>,
    watch: Vec<u16>,
}

impl<W: Width> Scratch<W> {
    fn new(n: usize) -> Scratch<W> {
        let buffer = || Vec::with_capacity(n);
        let arc = || UsizeTable::new(0);
        Scratch {
            marks: Marks::over(UsizeTable::new(0)),
            group_marks: Marks::over(UsizeTable::new(0)),
            region_marks: Marks::over(UsizeTable::new(0)),
            owner: W::table(0),
            split_stamp: 0,
            stack: buffer(),
            queue: UsizeTable::new(0),
            arc_members: [arc(), arc(), arc()],
            doomed: Vec::with_capacity(n),
            removed: buffer(),
            watch: Vec::with_capacity(n),
        }
    }
}

impl<W: Width> Clone for Game<W> {
    fn clone(&self) -> Self {
        let mut copy = Game::empty(self.board, self.komi);
        copy.clone_from(self);
        copy
    }

    /// Copies into the existing buffers: a playout batch restarts each game
    /// from the start position without allocating.
    fn clone_from(&mut self, source: &Self) {
        if self.board.points() != source.board.points() {
            *self.scratch = Scratch::new(source.board.points());
        }
        self.board = source.board;
        self.rings = source.rings;
        self.komi = source.komi;
        // The entries the board uses: the points and the sentinel, or the
        // ids (below the points count); the padding is never written.
        let n = source.board.points();
        copy_entries(&mut self.cells, &source.cells, n + 1);
        copy_entries(&mut self.around, &source.around, n + 1);
        copy_entries(&mut self.label, &source.label, n + 1);
        copy_entries(&mut self.next, &source.next, n);
        copy_entries(&mut self.prev, &source.prev, n);
        copy_entries(&mut self.groups, &source.groups, n);
        copy_entries(&mut self.regions, &source.regions, n);
        self.free_groups.clone_from(&source.free_groups);
        self.free_regions.clone_from(&source.free_regions);
        self.open.clone_from(&source.open);
        self.suspects.clone_from(&source.suspects);
        self.turn = source.turn;
        self.prisoners = source.prisoners;
        self.first_turn_done = source.first_turn_done;
        self.pending = source.pending;
    }
}

impl<W: Width> Game<W> {
    /// A position with no structure yet: [`Game::rebuild`] fills it.
    fn empty(board: &'static Board, komi: i64) -> Game<W> {
        let n = board.points();
        assert!(
            n < W::MAX_POINTS,
            "{n} points and the sentinel do not fit the width"
        );
        Game {
            board,
            rings: geometry::rings(board),
            komi,
            cells: W::table(EMPTY),
            around: W::table(0),
            label: W::table(NONE),
            next: W::table(0),
            prev: W::table(0),
            groups: W::table(Group::default()),
            regions: W::table(Region::default()),
            free_groups: Vec::with_capacity(n),
            free_regions: Vec::with_capacity(n),
            open: PointList::empty(n),
            suspects: Vec::with_capacity(n),
            turn: Turn::new(false),
            prisoners: [0; 2],
            first_turn_done: [false; 2],
            pending: None,
            scratch: Box::new(Scratch::new(n)),
            probe: None,
        }
    }

    /// The start position on `board`.
    fn start(board: &'static Board, komi: i64) -> Game<W> {
        let mut state = Game::empty(board, komi);
        state.rebuild();
        state
    }

    /// Places the stones `black` and `white` list (`"a1 b2"`) on an empty
    /// board; both first turns count as done, `to_move` is to move.
    ///
    /// # Errors
    /// [`Error::Notation`] for a bad point.
    fn set_stones(&mut self, black: &str, white: &str, to_move: Colour) -> Result<(), Error> {
        for (text, colour) in [(black, Colour::Black), (white, Colour::White)] {
            for name in text.split_whitespace() {
                let p = self.board.parse_point(name)?;
                self.cells[W::of(p)] = colour.stone();
            }
        }
        self.first_turn_done = [true; 2];
        self.turn.set_to_move(to_move);
        self.rebuild();
        Ok(())
    }

    /// The komi (points added to White's score).
    pub fn komi(&self) -> i64 {
        self.komi
    }

    /// Stones each colour has captured, `[black, white]`.
    pub fn prisoners(&self) -> [u32; 2] {
        self.prisoners
    }

    /// Whether each colour has had (or passed) its two-stone first turn,
    /// `[black, white]`.
    pub fn first_turn_done(&self) -> [bool; 2] {
        self.first_turn_done
    }

    /// The first stone of a two-stone first turn, while the second is due.
    pub fn pending_stone(&self) -> Option<Point> {
        self.pending
    }

    /// The colour that made the game's first pass.
    pub fn first_pass(&self) -> Option<Colour> {
        self.turn.first_pass()
    }

    /// Ruling (first turn): each player's first turn is two placements, the
    /// second not adjacent to the first, each legal when made; removals wait
    /// until after the second. A first placement is legal only when some
    /// legal second placement can follow it; a pass may replace the whole
    /// turn (see [`Anda::pass`]). Returns why `p` may not be placed now as
    /// part of a first turn, or `Ok` (also for ordinary turns).
    fn first_turn_check(&mut self, p: Point) -> Result<(), &'static str> {
        let colour = self.turn.to_move();
        if self.first_turn_done[colour.index()] {
            return Ok(());
        }
        match self.pending {
            Some(first) if self.board.neighbours(first).contains(&p) => {
                Err("adjacent to your first stone")
            }
            Some(_) => Ok(()),
            None => match self.second_stone_can_follow(p) {
                true => Ok(()),
                false => Err("no legal second stone could follow it"),
            },
        }
    }

    /// Whether, after a first stone at `p` (legal), some second stone is
    /// legal: surely so when no enemy group touches `p`'s region and some
    /// other point of it, apart from `p`, has an empty neighbour (every
    /// part of the region the two stones leave is touched by none); else
    /// tried on a copy of the position, stopping at the first found. Out of
    /// line: it is rare (first turns), and inlined it would make every
    /// legality test save registers for it.
    #[cold]
    #[inline(never)]
    fn second_stone_can_follow(&mut self, p: Point) -> bool {
        let region = self.label[W::of(p)];
        if self.obstruction(region, self.turn.to_move().opponent()) == 0 {
            let neighbours = self.board.neighbours(p);
            let mut q = self.next[W::of(p)];
            while q != p {
                if !neighbours.contains(&q) && self.around(q, EMPTY) != 0 {
                    return true;
                }
                q = self.next[W::of(q)];
            }
        }
        let mut probe = self
            .probe
            .take()
            .unwrap_or_else(|| Box::new(Game::empty(self.board, self.komi)));
        Game::clone_from(&mut probe, self);
        probe.play_placement(p);
        let colour = self.turn.to_move();
        let neighbours = self.board.neighbours(p);
        let mut found = false;
        for i in 0..probe.open.len() {
            let q = probe.open[i];
            if !neighbours.contains(&q) && probe.stone_would_live(q, colour) {
                found = true;
                break;
            }
        }
        self.probe = Some(probe);
        found
    }

    /// Ruling (pass): a pass is always legal (save between the two stones of
    /// a first turn); it uses up a first turn, the first pass of the game
    /// earns its colour half a point, and two passes in a row end the game.
    fn pass(&mut self) {
        let colour = self.turn.to_move();
        let ends = self.turn.pass();
        self.first_turn_done[colour.index()] = true;
        if ends {
            // Komi is whole and exactly one colour has the half point: no tie.
            let scores = self.scores().expect("anda scores");
            self.turn.end_on_scores(scores);
        }
    }

    /// Plays a legal placement: the stone, then (unless it is the first stone
    /// of a first turn) the removal of every smothered group.
    fn play_placement(&mut self, p: Point) {
        let colour = self.turn.to_move();
        self.place(p, colour);
        self.turn.placed();
        if !self.first_turn_done[colour.index()] {
            if self.pending.is_none() {
                self.pending = Some(p);
                return;
            }
            self.pending = None;
            self.first_turn_done[colour.index()] = true;
        }
        self.remove_smothered();
        self.turn.end_turn();
    }

    /// Ruling (territory): a region whose touching stones are all of one
    /// colour (at least one stone) belongs to that colour. Returns the
    /// territory of each colour, `[black, white]`.
    fn territory(&mut self) -> [u32; 2] {
        let mut territory = [0; 2];
        self.scratch.region_marks.clear();
        for i in 0..self.open.len() {
            let r = self.label[W::of(self.open[i])];
            if !self.scratch.region_marks.mark(r) {
                continue;
            }
            let black = self.obstruction(r, Colour::Black);
            let white = self.obstruction(r, Colour::White);
            let size = self.regions[W::of(r)].size as u32;
            match (black, white) {
                (0, 0) => {}
                (_, 0) => territory[0] += size,
                (0, _) => territory[1] += size,
                _ => {}
            }
        }
        territory
    }

    /// A uniformly random legal placement, or `None` when none is legal.
    /// Draws empty points at random and keeps the first legal one; after a
    /// few misses it lists every legal placement (the misses known illegal)
    /// and draws among them. Both steps are uniform over the legal
    /// placements, so the mix is too.
    fn random_placement(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
        let colour = self.turn.to_move();
        let first_stone = !self.first_turn_done[colour.index()] && self.pending.is_none();
        let mut misses = [NO_POINT; RANDOM_TRIES];
        let tries = self.open.len().min(RANDOM_TRIES);
        for miss in &mut misses[..tries] {
            let p = self.open[rng.below(self.open.len())];
            if self.placement_is_legal(p, colour, first_stone) {
                return Some(p);
            }
            *miss = p;
        }
        buf.clear();
        for i in 0..self.open.len() {
            let p = self.open[i];
            // Six comparisons inline (`contains` became a call per point).
            let untried = misses.iter().all(|&miss| miss != p);
            if untried && self.placement_is_legal(p, colour, first_stone) {
                buf.push(p);
            }
        }
        (!buf.is_empty()).then(|| buf[rng.below(buf.len())])
    }

    /// Whether an empty point `p` is a legal placement for `colour` now.
    #[inline]
    fn placement_is_legal(&mut self, p: Point, colour: Colour, first_stone: bool) -> bool {
        if let Some(first) = self.pending {
            if self.board.neighbours(first).contains(&p) {
                return false;
            }
        }
        self.stone_would_live(p, colour) && (!first_stone || self.second_stone_can_follow(p))
    }
}

/// Random draws of an empty point before a random placement lists every
/// legal one.
const RANDOM_TRIES: usize = 6;

/// Anda's options (RULES.md §4).
pub const OPTIONS: &[OptionSpec] = &[SIZE, KOMI];

const SIZE: OptionSpec = hex_size(9);

const KOMI: OptionSpec = whole_komi("a whole number (may be negative) added to White's score");

/// The [`crate::games::Position`] methods of a game of one width, which
/// [`Anda`] calls.
impl<W: Width> Game<W> {
    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        let size = OptionValue::Int(self.board.side() as i64);
        vec![("size", size), ("komi", OptionValue::Int(self.komi))]
    }

    fn specials(&self) -> &'static [Special] {
        self.turn.offered(&[Special::Pass])
    }

    fn cells(&self) -> &[u8] {
        &self.cells.deref()[..self.board.points()]
    }

    fn is_terminal(&self) -> bool {
        self.turn.is_over()
    }

    fn legal_actions_in_play(&mut self, out: &mut Vec<Action>) {
        let colour = self.turn.to_move();
        let first_stone = !self.first_turn_done[colour.index()] && self.pending.is_none();
        for p in 0..self.board.points() as Point {
            if self.cells[W::of(p)] == EMPTY && self.placement_is_legal(p, colour, first_stone) {
                out.push(p);
            }
        }
        if self.pending.is_none() {
            out.push(self.board.points() as Action);
        }
    }

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        let p = action;
        if p as usize >= self.board.points() {
            return match self.pending {
                Some(_) => Err("the first turn's second stone must be placed".into()),
                None => Ok(()),
            };
        }
        if self.cells[W::of(p)] != EMPTY {
            return Err("the point is occupied".into());
        }
        if let Some(first) = self.pending {
            if self.board.neighbours(first).contains(&p) {
                return Err("adjacent to your first stone".into());
            }
        }
        if !self.stone_would_live(p, self.turn.to_move()) {
            return Err("the stone's group would be smothered".into());
        }
        self.first_turn_check(p).map_err(Cow::Borrowed)
    }

    fn apply_unchecked(&mut self, action: Action) {
        if (action as usize) < self.board.points() {
            self.play_placement(action);
        } else {
            self.pass();
        }
    }

    fn scores(&mut self) -> Option<[f64; 2]> {
        Some(self.score_breakdown().map(|part| part.total))
    }

    fn random_action(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
        if self.is_terminal() {
            return None;
        }
        match self.random_placement(rng, buf) {
            Some(p) => Some(p),
            // A pending second stone always has a legal place (the first
            // stone was legal only if so); otherwise pass is the only action.
            None => Some(self.board.points() as Action),
        }
    }

    fn feature_plane_names(&self) -> &'static [&'static str] {
        &[
            "own_prisoners",
            "opponent_prisoners",
            "own_first_pass",
            "opponent_first_pass",
            "own_two_stone_turn",
            "opponent_two_stone_turn",
            "pending_stone",
            "pass_ends_game",
        ]
    }

    /// Per side: its prisoners (divided by the number of points), the half
    /// point of the first pass, and whether its two-stone first turn is still
    /// to come or under way; then the first stone of a two-stone turn under
    /// way, and whether a pass now ends the game.
    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        let n = self.board.points() as f32;
        let sides = [perspective, perspective.opponent()];
        for (k, side) in sides.into_iter().enumerate() {
            planes.fill(k, self.prisoners[side.index()] as f32 / n);
            if self.turn.first_pass() == Some(side) {
                planes.fill(2 + k, 1.0);
            }
            if !self.first_turn_done[side.index()] {
                planes.fill(4 + k, 1.0);
            }
        }
        if let Some(p) = self.pending {
            planes.set(6, p, 1.0);
        }
        if self.turn.consecutive_passes() == 1 {
            planes.fill(7, 1.0);
        }
    }
}

#[cfg(test)]
mod naive;
#[cfg(test)]
mod tests;
