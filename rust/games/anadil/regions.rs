//! Which groups are smothered (RULES.md §5), kept up to date move by move on
//! the board as it stands instead of evaluated afresh for every placement.
//!
//! Every king-connected component of equal cells has an id that survives
//! between moves: those of empty points are the king-regions, those of stones
//! the supergroups. Per region we keep what is known of the distinct
//! supergroups of each colour that reach it (exactly none, one or two, or
//! several, and two of them by id: see `reach`) and per stone whether its
//! group lives, with a witness: a breath its group had free, tried first when
//! the group is judged again. A placement or a removal changes a few
//! components: a region splits (its pieces flooded from the filled point's
//! ring at once, see `split`) or regions merge into the largest; supergroups
//! merge into the largest or fall apart (flooded the same way, cell by cell).
//! Only the regions whose points or neighbouring supergroups changed are
//! counted again, most of them from the ring of the placed stone or from the
//! regions merged, a few by walking them (a large one flooded as a bitboard,
//! see `cells`); and only the groups that lost or gained a breath, or have
//! one in a region whose obstruction changed, are judged again.
//!
//! The board is held with a one-point border of `OFF` cells, so every
//! neighbour is a fixed offset and no step needs a table or a bounds test.

mod looks;
mod reach;
mod saved;
mod split;

use crate::board::Point;
use crate::core::{Colour, GridSet, Marks, EMPTY};

/// A set of grid cells, a bit per cell of the bordered grid, so that a king
/// step is a shift and a region a flood of shifts: what walking a large
/// region cell by cell costs most. Twelve words hold the 27 × 27 cells of
/// side 25.
type Cells = GridSet<12>;
pub(super) use looks::Breaths;
use reach::{Fate, Reach, SEVERAL};

/// The border value: equal to no cell, so components never cross it.
const OFF: u8 = 3;
/// The component id of a border cell, or of a point being relabelled.
const NONE: u16 = u16::MAX;
/// No cell, for [`Regions::judge_seeds`].
const NO_CELL: usize = usize::MAX;
/// Both colours, for [`Regions::count_touching`].
const BOTH: [bool; 2] = [true, true];
/// The cells a count walks one by one before it floods the rest of the
/// region at once (see [`cells`]).
const WALKED: usize = 16;
/// No bound on the supergroups of either colour a count can find.
const UNBOUNDED: [u8; 2] = [SEVERAL; 2];

/// Whether the set `open` of cells in a point's king ring (bit `i` for ring
/// entry `i`, in the order E, NE, N, NW, W, SW, S, SE) is one king-connected
/// set: then filling the point does not split its region. Neighbours along
/// the ring touch, and so do two orthogonal cells around a corner.
fn ring_connected(open: u8) -> bool {
    ring_piece(open) == open
}

/// The cells of the nonempty set `open` of ring cells (as in
/// [`ring_connected`]) king-connected, within the ring, to its first one.
fn ring_piece(open: u8) -> u8 {
    let mut reached = 1u8 << open.trailing_zeros();
    loop {
        let mut next = reached | reached.rotate_left(1) | reached.rotate_right(1);
        next |= (reached & 0x55).rotate_left(2) | (reached & 0x55).rotate_right(2);
        next &= open;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// Ruling (obstruction) for a region reached by `touching` supergroups per
/// colour: bit `2c` when a breath there is free for colour `c`, bit `2c + 1`
/// when it is obstructed (exactly one enemy supergroup reaches it). Masks of
/// merged regions are or-ed, so a colour with both bits set saw both.
fn obstruction(touching: [u8; 2]) -> u8 {
    let black = 1 + u8::from(touching[1] == 1);
    let white = 4 << u8::from(touching[0] == 1);
    black | white
}

/// Whether cell `e` is a free breath for a group of colour index `k` beside
/// it: empty, in a region that not exactly one enemy supergroup reaches (the
/// per-cell form of [`obstruction`]).
#[inline(always)]
fn free_breath(grid: &[u8], comp: &[u16], touching: &[[u8; 2]], e: usize, k: usize) -> bool {
    grid[e] == EMPTY && touching[comp[e] as usize][1 - k] != 1
}

/// Regions, supergroups and living groups of one board.
#[derive(Debug)]
pub(super) struct Regions {
    side: usize,
    /// Grid width: the side plus the border on either hand.
    width: usize,
    described: Description,
    /// Work space, never copied: describes no board.
    scratch: Scratch,
}

/// All that [`Regions`] knows of its board: what a copy of a position
/// copies, and what `swap_board`, `save` and `restore` move as one.
#[derive(Debug, Default)]
struct Description {
    grid: Vec<u8>,
    /// The grid's empty cells, and per colour its stones.
    empty: Cells,
    stones: [Cells; 2],
    /// Per grid cell: the id of its component; `NONE` on the border.
    comp: Vec<u16>,
    /// Per id: the cells of its component.
    size: Vec<u16>,
    /// Per region id and colour: how many distinct supergroups of that
    /// colour reach the region (0, 1, 2, or `SEVERAL`), and the first two
    /// of them, as in [`Reach`].
    touching: Vec<[u8; 2]>,
    first: Vec<[u16; 2]>,
    second: Vec<[u16; 2]>,
    /// Per grid cell: whether the stone there is in a group with an
    /// unobstructed breath.
    alive: Vec<bool>,
    /// Per grid cell holding a stone: a cell king-adjacent to its group, a
    /// breath of it when chosen (a free one, as a rule), or a border cell;
    /// tried first when the group is judged again. Groups only grow until
    /// removed whole, so it stays beside the group; whether it is still a
    /// free breath is checked at each use.
    witness: Vec<u16>,
    /// Per colour: stones not marked alive.
    dead: [usize; 2],
    /// Every stone not marked alive, among others since removed or revived
    /// (dropped when [`Regions::smothered`] reads them), each once: so it
    /// never outgrows the board.
    smothered_cells: Vec<u16>,
    /// Per grid cell: in `smothered_cells`.
    listed: Vec<bool>,
    /// Ids no component holds.
    unused: Vec<u16>,
}

crate::core::clone_by_fields!(Description {
    grid,
    empty,
    stones,
    comp,
    size,
    touching,
    first,
    second,
    alive,
    witness,
    dead,
    smothered_cells,
    listed,
    unused
});

impl Description {
    /// Puts a stone of `colour` on the empty cell `g`: in the grid and its
    /// bitboards, which stay in step, and with no witness yet.
    fn put_stone(&mut self, g: usize, colour: Colour) {
        self.grid[g] = colour.stone();
        self.empty.remove(g);
        self.stones[colour.index()].insert(g);
        self.witness[g] = 0;
    }

    /// Takes the stone of colour index `k` off cell `g`, in the grid and its
    /// bitboards.
    fn take_stone(&mut self, g: usize, k: usize) {
        self.grid[g] = EMPTY;
        self.empty.insert(g);
        self.stones[k].remove(g);
    }
}

/// A region to count again, see [`Regions::queue`].
#[derive(Clone, Copy, Debug)]
struct Recount {
    region: u16,
    /// Its obstruction mask before the update.
    before: u8,
    /// A cell of it.
    start: u16,
    /// The colours to count.
    want: [bool; 2],
    /// Per colour, the most supergroups the count can find (see
    /// [`Regions::count_touching`]).
    most: [u8; 2],
}

/// Reusable buffers for the updates and the local looks.
#[derive(Debug)]
struct Scratch {
    /// Per grid cell: visited by the current flood.
    seen: Marks,
    /// Per grid cell reached by [`Regions::separate`]: the source it came from.
    source_of: Vec<u16>,
    /// Per id: a region that other regions were merged into in this update
    /// (its `merged` mask is valid).
    merging: Marks,
    /// Per id: queued in `recount` in this update.
    queued: Marks,
    /// Per id: the obstruction masks of the regions merged into it.
    merged: Vec<u8>,
    /// Per id and colour: what reaches the regions merged into it and the
    /// emptied points.
    reaching: Vec<[Reach; 2]>,
    /// Regions to count again.
    recount: Vec<Recount>,
    /// Stones whose groups are to be judged again.
    seeds: Vec<u16>,
    /// The stones beside a region, see [`Regions::count_touching`].
    beside: Vec<u16>,
    /// Per colour: every group is to be judged again (a region whose
    /// obstruction changed was too large to walk).
    everyone: [bool; 2],
    stack: Vec<u16>,
    /// The cells of the group being judged.
    group: Vec<u16>,
    /// For [`Regions::separate`]: the cells to flood from, one flood each,
    /// what each flood reached (in order, so also its queue), how far each
    /// has expanded, which floods met, and which still grow.
    sources: Vec<u16>,
    floods: Vec<Vec<u16>>,
    expanded: Vec<usize>,
    joined: Vec<u16>,
    growing: Vec<bool>,
    /// Cells given a new id by [`Regions::separate`] or a merge.
    moved: Vec<u16>,
    /// Supergroups that lost stones in a removal, and what became of each.
    broken: Vec<u16>,
    fates: Vec<Fate>,
    /// Per region id and colour: see [`Regions::contacts`], and whether
    /// they were counted.
    contacts: Vec<[u8; 2]>,
    counted: Marks,
    /// Per region id: see [`Regions::single_region_groups`].
    enclosed: Vec<u16>,
    /// See [`Regions::save`].
    saved: Description,
}

impl Scratch {
    fn new(cells: usize, ids: usize) -> Self {
        Scratch {
            seen: Marks::new(cells),
            source_of: vec![0; cells],
            merging: Marks::new(ids),
            queued: Marks::new(ids),
            merged: vec![0; ids],
            reaching: vec![[Reach::NOTHING; 2]; ids],
            recount: Vec::with_capacity(ids),
            seeds: Vec::with_capacity(cells),
            beside: Vec::with_capacity(cells),
            everyone: [false; 2],
            stack: Vec::with_capacity(cells),
            group: Vec::with_capacity(cells),
            sources: Vec::with_capacity(cells),
            floods: Vec::new(),
            expanded: Vec::new(),
            joined: Vec::new(),
            growing: Vec::new(),
            moved: Vec::with_capacity(cells),
            broken: Vec::new(),
            fates: Vec::new(),
            contacts: vec![[0; 2]; ids],
            counted: Marks::new(ids),
            enclosed: vec![0; ids],
            saved: Description::default(),
        }
    }
}

impl Clone for Regions {
    fn clone(&self) -> Self {
        Regions {
            side: self.side,
            width: self.width,
            described: self.described.clone(),
            scratch: Scratch::new(self.described.grid.len(), self.described.size.len()),
        }
    }

    /// Copies the board's description only: the scratch stays (a copy is
    /// taken before every placement that must be resolved and taken back).
    fn clone_from(&mut self, source: &Self) {
        self.side = source.side;
        self.width = source.width;
        self.described.clone_from(&source.described);
        if self.scratch.source_of.len() != source.described.grid.len() {
            self.scratch = Scratch::new(source.described.grid.len(), source.described.size.len());
        }
    }
}

impl Regions {
    /// An empty board of `side`; [`Regions::rebuild`] describes a position.
    pub(super) fn new(side: usize) -> Self {
        let width = side + 2;
        let cells = width * width;
        let ids = side * side;
        let mut grid = vec![OFF; cells];
        for r in 0..side {
            grid[(r + 1) * width + 1..(r + 1) * width + 1 + side].fill(EMPTY);
        }
        Regions {
            side,
            width,
            described: Description {
                grid,
                // Set by `rebuild`, as every position is.
                empty: Cells::NONE,
                stones: [Cells::NONE; 2],
                comp: vec![NONE; cells],
                size: vec![0; ids],
                touching: vec![[0; 2]; ids],
                first: vec![[NONE; 2]; ids],
                second: vec![[NONE; 2]; ids],
                alive: vec![false; cells],
                witness: vec![0; cells],
                dead: [0; 2],
                smothered_cells: Vec::with_capacity(cells),
                listed: vec![false; cells],
                unused: Vec::with_capacity(ids),
            },
            scratch: Scratch::new(cells, ids),
        }
    }

    /// Exchanges the boards described with `other`, each keeping its own
    /// work space (so that each grows only in its own role).
    pub(super) fn swap_board(&mut self, other: &mut Regions) {
        std::mem::swap(&mut self.described, &mut other.described);
    }

    /// The grid cell of point `p`.
    #[inline]
    fn cell_of(&self, p: Point) -> usize {
        let (r, c) = (p as usize / self.side, p as usize % self.side);
        (r + 1) * self.width + c + 1
    }

    /// The point of interior grid cell `g`.
    #[inline]
    fn point_of(&self, g: usize) -> Point {
        ((g / self.width - 1) * self.side + g % self.width - 1) as Point
    }

    /// The king ring in the grid, in the order E, NE, N, NW, W, SW, S, SE:
    /// even entries orthogonal.
    #[inline]
    fn ring(&self) -> [isize; 8] {
        let w = self.width as isize;
        [1, w + 1, w, w - 1, -1, -w - 1, -w, -w + 1]
    }

    /// The interior cells, bottom row first.
    fn interior(&self) -> impl Iterator<Item = usize> + Clone + 'static {
        let (side, width) = (self.side, self.width);
        (1..=side).flat_map(move |r| r * width + 1..r * width + 1 + side)
    }

    fn allocate(unused: &mut Vec<u16>) -> u16 {
        unused.pop().expect("no more components than points")
    }

    /// Describes `cells` (in point order) from scratch.
    pub(super) fn rebuild(&mut self, cells: &[u8]) {
        for (r, row) in cells.chunks_exact(self.side).enumerate() {
            let start = (r + 1) * self.width + 1;
            self.described.grid[start..start + self.side].copy_from_slice(row);
        }
        self.described.empty = Cells::NONE;
        self.described.stones = [Cells::NONE; 2];
        for g in self.interior() {
            match Self::colour_index(self.described.grid[g]) {
                Some(k) => self.described.stones[k].insert(g),
                None => self.described.empty.insert(g),
            }
        }
        self.described.unused.clear();
        self.described
            .unused
            .extend((0..self.described.size.len() as u16).rev());
        let interior: Vec<usize> = self.interior().collect();
        for &g in &interior {
            self.described.comp[g] = NONE;
        }
        let ring = self.ring();
        for &g in &interior {
            if self.described.comp[g] != NONE {
                continue;
            }
            let id = Self::allocate(&mut self.described.unused);
            let value = self.described.grid[g];
            self.described.comp[g] = id;
            self.described.size[id as usize] = 1;
            self.scratch.stack.push(g as u16);
            while let Some(c) = self.scratch.stack.pop() {
                for &o in &ring {
                    let u = (c as usize).wrapping_add_signed(o);
                    if self.described.grid[u] == value && self.described.comp[u] == NONE {
                        self.described.comp[u] = id;
                        self.described.size[id as usize] += 1;
                        self.scratch.stack.push(u as u16);
                    }
                }
            }
        }
        self.scratch.queued.clear();
        for &g in &interior {
            if self.described.grid[g] == EMPTY && self.scratch.queued.mark(self.described.comp[g]) {
                self.count_touching(self.described.comp[g], g, BOTH, UNBOUNDED);
            }
        }
        self.described.dead = [0; 2];
        self.described.witness.fill(0);
        self.described.smothered_cells.clear();
        self.described.listed.fill(false);
        for &g in &interior {
            self.described.alive[g] = false;
            if let Some(k) = Self::colour_index(self.described.grid[g]) {
                self.described.dead[k] += 1;
                self.scratch.seeds.push(g as u16);
            }
        }
        self.judge_seeds(NO_CELL);
        for &g in &interior {
            if Self::colour_index(self.described.grid[g]).is_some() && !self.described.alive[g] {
                self.described.listed[g] = true;
                self.described.smothered_cells.push(g as u16);
            }
        }
    }

    /// The colour index of a stone's cell value; `None` for an empty or
    /// border cell.
    #[inline]
    fn colour_index(value: u8) -> Option<usize> {
        // Stones are 1 and 2; empty (0) wraps and OFF (3) exceeds.
        let k = value.wrapping_sub(1) as usize;
        (k < 2).then_some(k)
    }

    /// Ruling (reach): a supergroup reaches a breath when it is king-adjacent
    /// to the breath's king-region. Counts, for the region `region` holding
    /// cell `start`, the distinct supergroups of each colour in `want` that
    /// reach it, walking the region from `start` until each has two (then
    /// `SEVERAL`, unless the walk was over) or as many as `most` says can
    /// reach it at all (a count of `SEVERAL` sets no bound). The stones
    /// beside the cells walked go to `scratch.beside`; returns whether that
    /// is all of them (the whole region was walked).
    fn count_touching(
        &mut self,
        region: u16,
        start: usize,
        want: [bool; 2],
        most: [u8; 2],
    ) -> bool {
        if want == [false, false] {
            return false;
        }
        let ring = self.ring();
        let (grid, comp) = (&self.described.grid[..], &self.described.comp[..]);
        let scratch = &mut self.scratch;
        scratch.beside.clear();
        scratch.seen.clear();
        scratch.seen.mark(start as u16);
        scratch.stack.clear();
        scratch.stack.push(start as u16);
        let mut reach = [Reach::NOTHING; 2];
        let mut complete = true;
        let mut walked = 0;
        while let Some(e) = scratch.stack.pop() {
            walked += 1;
            if walked > WALKED {
                break;
            }
            for &o in &ring {
                let u = (e as usize).wrapping_add_signed(o);
                match grid[u] {
                    EMPTY => {
                        if scratch.seen.mark(u as u16) {
                            scratch.stack.push(u as u16);
                        }
                    }
                    OFF => {}
                    stone => {
                        // Each stone once: it is walked past, not through.
                        if !scratch.seen.mark(u as u16) {
                            continue;
                        }
                        scratch.beside.push(u as u16);
                        let k = (stone - 1) as usize;
                        if want[k] {
                            reach[k] = reach[k].with(comp[u]);
                        }
                    }
                }
            }
            let done = |c: usize| !want[c] || reach[c].count >= most[c].min(2);
            if done(0) && done(1) {
                complete = scratch.stack.is_empty();
                scratch.stack.clear();
                break;
            }
        }
        if walked > WALKED {
            // A large region: the rest at once, and every stone beside it.
            scratch.stack.clear();
            scratch.beside.clear();
            reach = [Reach::NOTHING; 2];
            let width = self.width as u32;
            let d = &self.described;
            let beside = Cells::king_component(start, d.empty, width).grown_king(width);
            for (k, stones) in d.stones.iter().enumerate() {
                for g in beside.and(*stones).iter() {
                    scratch.beside.push(g as u16);
                    if want[k] {
                        reach[k] = reach[k].with(d.comp[g]);
                    }
                }
            }
            complete = true;
        }
        for k in (0..2).filter(|&k| want[k]) {
            if !complete && reach[k].count == 2 && most[k] == SEVERAL {
                // More may reach it beyond the walk.
                reach[k].count = SEVERAL;
            }
            self.set_reach(region as usize, k, reach[k]);
        }
        complete
    }

    /// What is known of the supergroups of colour index `k` reaching the
    /// region with id `region`.
    fn reach(&self, region: usize, k: usize) -> Reach {
        Reach {
            count: self.described.touching[region][k],
            ids: [
                self.described.first[region][k],
                self.described.second[region][k],
            ],
        }
    }

    fn set_reach(&mut self, region: usize, k: usize, reach: Reach) {
        self.described.touching[region][k] = reach.count;
        [
            self.described.first[region][k],
            self.described.second[region][k],
        ] = reach.ids;
    }

    /// Queues `region` (holding cell `start`) to be counted again for the
    /// colours in `want`, with its obstruction mask before the update,
    /// unless it was queued already.
    fn queue(&mut self, region: u16, before: u8, start: usize, want: [bool; 2], most: [u8; 2]) {
        if self.scratch.queued.mark(region) {
            self.scratch.recount.push(Recount {
                region,
                before,
                start: start as u16,
                want,
                most,
            });
        }
    }

    /// Counts the queued regions again; where a region's obstruction for a
    /// colour differs from what it (or a region merged into it) was, the
    /// groups of that colour beside it are to be judged again: all of them
    /// if it is now obstructed, and only if some group of that colour is
    /// smothered if it is now free (a living group stays alive).
    fn recount_queued(&mut self) {
        for i in 0..self.scratch.recount.len() {
            let Recount {
                region,
                before,
                start,
                want,
                most,
            } = self.scratch.recount[i];
            let complete = self.count_touching(region, start as usize, want, most);
            let after = obstruction(self.described.touching[region as usize]);
            let changed = before & !after;
            let mut colours = [changed & 3 != 0, changed & 12 != 0];
            for (c, again) in colours.iter_mut().enumerate() {
                let now_free = after >> (2 * c) & 1 == 1;
                *again &= !now_free || self.described.dead[c] > 0;
            }
            if colours == [false, false] {
                continue;
            }
            if complete {
                let (grid, scratch) = (&self.described.grid, &mut self.scratch);
                for &s in &scratch.beside {
                    if colours[(grid[s as usize] - 1) as usize] {
                        scratch.seeds.push(s);
                    }
                }
            } else if self.described.size[region as usize] as usize * 8 > self.described.grid.len()
            {
                // Walking a region reads eight neighbours per cell, and the
                // pass over the grid one cell each (most stones then need no
                // judging, see below): past an eighth of the grid, the pass
                // is cheaper.
                for (everyone, again) in self.scratch.everyone.iter_mut().zip(colours) {
                    *everyone |= again;
                }
            } else {
                self.seed_beside_region(start as usize, colours);
            }
        }
        self.scratch.recount.clear();
        if self.scratch.everyone != [false; 2] {
            let everyone = std::mem::take(&mut self.scratch.everyone);
            let d = &self.described;
            // Every region is counted by now, so a living stone whose
            // witness is still a free breath can be left out here already.
            for (k, stones) in d.stones.iter().enumerate() {
                if !everyone[k] {
                    continue;
                }
                for g in stones.iter() {
                    let w = d.witness[g] as usize;
                    if !(d.alive[g] && free_breath(&d.grid, &d.comp, &d.touching, w, k)) {
                        self.scratch.seeds.push(g as u16);
                    }
                }
            }
        }
    }

    /// Seeds the stones of the colours in `colours` beside the region
    /// holding cell `start`.
    fn seed_beside_region(&mut self, start: usize, colours: [bool; 2]) {
        let ring = self.ring();
        let grid = &self.described.grid[..];
        let scratch = &mut self.scratch;
        scratch.seen.clear();
        scratch.seen.mark(start as u16);
        scratch.stack.clear();
        scratch.stack.push(start as u16);
        while let Some(e) = scratch.stack.pop() {
            for &o in &ring {
                let u = (e as usize).wrapping_add_signed(o);
                let value = grid[u];
                if value == EMPTY {
                    if scratch.seen.mark(u as u16) {
                        scratch.stack.push(u as u16);
                    }
                } else if Self::colour_index(value).is_some_and(|k| colours[k]) {
                    scratch.seeds.push(u as u16);
                }
            }
        }
    }

    /// Ruling (smothering): a group lives when any of its breaths is not
    /// obstructed. Judges again the groups holding the seeded stones as they
    /// were before the stone just put on cell `placed` (or none, `NO_CELL`)
    /// joined them. A group's stones share one mark, so a group marked alive
    /// that shows a free breath is left at once, and a walk that meets a
    /// group left so is in it and stops. The placed stone's group then lives
    /// if the stone has a free breath or a group it joined lives.
    fn judge_seeds(&mut self, placed: usize) {
        let ring = self.ring();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let (grid, comp, touching) = (
            &self.described.grid[..],
            &self.described.comp[..],
            &self.described.touching[..],
        );
        let (alive, dead) = (&mut self.described.alive[..], &mut self.described.dead);
        let witness = &mut self.described.witness[..];
        let (smothered_cells, listed) = (
            &mut self.described.smothered_cells,
            &mut self.described.listed,
        );
        let scratch = &mut self.scratch;
        scratch.seen.clear();
        for i in 0..scratch.seeds.len() {
            let seed = scratch.seeds[i];
            let value = grid[seed as usize];
            let Some(k) = Self::colour_index(value) else {
                continue;
            };
            if seed as usize == placed || !scratch.seen.mark(seed) {
                continue;
            }
            let stays_alive = alive[seed as usize];
            scratch.source_of[seed as usize] = i as u16;
            let w = witness[seed as usize] as usize;
            let is_free = |e: usize| free_breath(grid, comp, touching, e, k);
            if stays_alive && is_free(w) {
                continue;
            }
            scratch.group.clear();
            scratch.group.push(seed);
            let mut free = false;
            let mut next = 0;
            'walk: while next < scratch.group.len() {
                let s = scratch.group[next] as usize;
                next += 1;
                if !free {
                    let w = witness[s] as usize;
                    let breath = if is_free(w) {
                        Some(w)
                    } else {
                        ring.iter()
                            .map(|&o| s.wrapping_add_signed(o))
                            .find(|&e| is_free(e))
                    };
                    if let Some(e) = breath {
                        free = true;
                        for &t in &scratch.group {
                            witness[t as usize] = e as u16;
                        }
                        if stays_alive {
                            break;
                        }
                    }
                }
                for &o in &orthogonal {
                    let u = s.wrapping_add_signed(o);
                    if grid[u] != value || u == placed {
                        continue;
                    }
                    if scratch.seen.mark(u as u16) {
                        scratch.source_of[u] = i as u16;
                        scratch.group.push(u as u16);
                    } else if scratch.source_of[u] != i as u16 {
                        free = alive[seed as usize];
                        break 'walk;
                    }
                }
            }
            for &s in &scratch.group {
                let s = s as usize;
                if alive[s] != free {
                    alive[s] = free;
                    if free {
                        dead[k] -= 1;
                    } else {
                        dead[k] += 1;
                        if !std::mem::replace(&mut listed[s], true) {
                            smothered_cells.push(s as u16);
                        }
                    }
                }
            }
        }
        scratch.seeds.clear();
        let Some(k) = (placed != NO_CELL)
            .then(|| Self::colour_index(grid[placed]))
            .flatten()
        else {
            return;
        };
        let value = grid[placed];
        let free = ring
            .iter()
            .any(|&o| free_breath(grid, comp, touching, placed.wrapping_add_signed(o), k))
            || orthogonal.iter().any(|&o| {
                let u = placed.wrapping_add_signed(o);
                grid[u] == value && alive[u]
            });
        if !free {
            // Every group it joined is smothered too.
            if !std::mem::replace(&mut listed[placed], true) {
                smothered_cells.push(placed as u16);
            }
            return;
        }
        // Its stone and the smothered groups it joined come alive.
        alive[placed] = true;
        dead[k] -= 1;
        scratch.group.clear();
        scratch.group.push(placed as u16);
        while let Some(s) = scratch.group.pop() {
            for &o in &orthogonal {
                let u = (s as usize).wrapping_add_signed(o);
                if grid[u] == value && !alive[u] {
                    alive[u] = true;
                    dead[k] -= 1;
                    scratch.group.push(u as u16);
                }
            }
        }
    }

    /// Floods the cells equal to `value` in component `old` from each of
    /// `scratch.sources` at once, one cell per flood in turn, joining floods
    /// that meet, until at most one group of joined floods still grows. Each
    /// group that stopped is a whole component apart from the rest: it gets a
    /// new id and its cells go to `scratch.moved`. So a component that does
    /// not fall apart is walked only until its floods meet, and one that does
    /// only over its smaller parts.
    fn separate(&mut self, value: u8, old: u16) {
        let ring = self.ring();
        let (grid, comp, size) = (
            &self.described.grid[..],
            &mut self.described.comp[..],
            &mut self.described.size[..],
        );
        let unused = &mut self.described.unused;
        let s = &mut self.scratch;
        s.seen.clear();
        let mut n = 0;
        for i in 0..s.sources.len() {
            let c = s.sources[i];
            if !s.seen.mark(c) {
                continue;
            }
            if s.floods.len() == n {
                s.floods.push(Vec::new());
            }
            s.floods[n].clear();
            s.floods[n].push(c);
            s.source_of[c as usize] = n as u16;
            n += 1;
        }
        s.sources.clear();
        s.expanded.clear();
        s.expanded.resize(n, 0);
        s.joined.clear();
        s.joined.extend(0..n as u16);
        fn root(joined: &mut [u16], mut i: u16) -> u16 {
            while joined[i as usize] != i {
                let grand = joined[joined[i as usize] as usize];
                joined[i as usize] = grand;
                i = grand;
            }
            i
        }
        loop {
            s.growing.clear();
            s.growing.resize(n, false);
            for i in 0..n {
                if s.expanded[i] < s.floods[i].len() {
                    let r = root(&mut s.joined, i as u16) as usize;
                    s.growing[r] = true;
                }
            }
            let groups = (0..n).filter(|&i| s.joined[i] == i as u16).count();
            let growing = s.growing.iter().filter(|&&g| g).count();
            if groups <= 1 || growing <= 1 {
                if groups <= 1 {
                    return;
                }
                break;
            }
            for i in 0..n {
                let Some(&c) = s.floods[i].get(s.expanded[i]) else {
                    continue;
                };
                s.expanded[i] += 1;
                for &o in &ring {
                    let u = (c as usize).wrapping_add_signed(o);
                    if grid[u] != value || comp[u] != old {
                        continue;
                    }
                    if s.seen.mark(u as u16) {
                        s.source_of[u] = i as u16;
                        s.floods[i].push(u as u16);
                    } else {
                        let (a, b) = (
                            root(&mut s.joined, i as u16),
                            root(&mut s.joined, s.source_of[u]),
                        );
                        s.joined[a.max(b) as usize] = a.min(b);
                    }
                }
            }
        }
        // The group still growing keeps the id; when none does, the largest.
        let mut keep = NONE;
        let mut keep_size = 0;
        for i in 0..n {
            let r = root(&mut s.joined, i as u16);
            if r as usize == i {
                let total: usize = (0..n)
                    .filter(|&j| root(&mut s.joined, j as u16) == r)
                    .map(|j| s.floods[j].len())
                    .sum();
                if s.growing[i] {
                    keep = r;
                    keep_size = usize::MAX;
                } else if total > keep_size {
                    keep = r;
                    keep_size = total;
                }
            }
        }
        for i in 0..n {
            let r = root(&mut s.joined, i as u16);
            if r as usize != i || r == keep {
                continue;
            }
            let id = Self::allocate(unused);
            size[id as usize] = 0;
            for j in 0..n {
                if root(&mut s.joined, j as u16) != r {
                    continue;
                }
                for &c in &s.floods[j] {
                    comp[c as usize] = id;
                    s.moved.push(c);
                }
                size[id as usize] += s.floods[j].len() as u16;
                size[old as usize] -= s.floods[j].len() as u16;
            }
        }
    }

    /// Puts a stone of `colour` on empty point `p` and brings the
    /// description up to date: `p`'s region loses it (and may split), the
    /// friendly supergroups around it merge, and the groups whose breaths
    /// changed are judged again.
    pub(super) fn place(&mut self, p: Point, colour: Colour) {
        let g = self.cell_of(p);
        let ring = self.ring();
        let (k, stone) = (colour.index(), colour.stone());
        let enemy_stone = colour.opponent().stone();
        let region = self.described.comp[g];
        let touching = self.described.touching[region as usize];
        let before = obstruction(touching);
        self.described.put_stone(g, colour);
        self.described.size[region as usize] -= 1;
        self.described.alive[g] = false;
        self.described.dead[k] += 1;
        self.scratch.queued.clear();
        // The region: split only if the empty ring falls apart.
        let mut open = 0u8;
        for (i, &o) in ring.iter().enumerate() {
            if self.described.grid[g.wrapping_add_signed(o)] == EMPTY {
                open |= 1 << i;
            }
        }
        let whole = open != 0 && ring_connected(open);
        if open == 0 {
            self.described.unused.push(region);
        } else if !whole {
            // The pieces are reached by no enemy supergroup that did not
            // reach the region, nor by a friendly one other than those and
            // the new stone's (which takes those beside it).
            let befriended = ring
                .iter()
                .any(|&o| self.described.grid[g.wrapping_add_signed(o)] == stone);
            let mut most = touching;
            if most[k] != SEVERAL {
                most[k] += u8::from(!befriended);
            }
            self.scratch.moved.clear();
            self.split_region(g, open, region);
            for i in 0..self.scratch.moved.len() {
                let c = self.scratch.moved[i] as usize;
                self.queue(self.described.comp[c], before, c, BOTH, most);
            }
            let rest = self.ring_cell_of(g, region);
            self.queue(region, before, rest, BOTH, most);
        }
        // The supergroup: the largest friendly one around takes the others.
        let (mut friends, mut found) = ([NONE; 8], 0);
        let mut target = NONE;
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            let id = self.described.comp[s];
            if self.described.grid[s] != stone || friends[..found].contains(&id) {
                continue;
            }
            friends[found] = id;
            found += 1;
            if target == NONE
                || self.described.size[id as usize] > self.described.size[target as usize]
            {
                target = id;
            }
        }
        let friends = &friends[..found];
        if target == NONE {
            target = Self::allocate(&mut self.described.unused);
            self.described.size[target as usize] = 0;
        }
        self.described.comp[g] = target;
        self.described.size[target as usize] += 1;
        self.scratch.moved.clear();
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            let other = self.described.comp[s];
            if self.described.grid[s] != stone || other == target {
                continue;
            }
            self.scratch.stack.push(s as u16);
            self.described.comp[s] = target;
            while let Some(c) = self.scratch.stack.pop() {
                self.scratch.moved.push(c);
                for &o in &ring {
                    let u = (c as usize).wrapping_add_signed(o);
                    if self.described.comp[u] == other && self.described.grid[u] == stone {
                        self.described.comp[u] = target;
                        self.scratch.stack.push(u as u16);
                    }
                }
            }
            self.described.size[target as usize] += self.described.size[other as usize];
            self.described.unused.push(other);
        }
        if whole {
            // The friendly supergroups reaching the region lose the merged
            // ones and gain the target; the enemy ones only lose those that
            // reached it through `p` alone. Counted only when the ring
            // cannot tell.
            let r = region as usize;
            let mut want = [false; 2];
            match self.reach(r, k).merge(friends, target) {
                Some(reach) => self.set_reach(r, k, reach.with(target)),
                None => want[k] = true,
            }
            let (grid, comp) = (&self.described.grid, &self.described.comp);
            let still_reaches = |supergroup: u16| {
                ring.iter().any(|&o| {
                    let s = g.wrapping_add_signed(o);
                    comp[s] == supergroup
                        && ring.iter().any(|&o| {
                            let e = s.wrapping_add_signed(o);
                            grid[e] == EMPTY && comp[e] == region
                        })
                })
            };
            want[1 - k] = ring.iter().any(|&o| {
                let s = g.wrapping_add_signed(o);
                grid[s] == enemy_stone && !still_reaches(comp[s])
            });
            let rest = self.ring_cell_of(g, region);
            self.queue(region, before, rest, want, UNBOUNDED);
        }
        // Regions beside merged supergroups may count one fewer of them.
        for i in 0..self.scratch.moved.len() {
            let c = self.scratch.moved[i] as usize;
            for &o in &ring {
                let e = c.wrapping_add_signed(o);
                let r = self.described.comp[e];
                if self.described.grid[e] != EMPTY || self.scratch.queued.is_marked(r) {
                    continue;
                }
                let before = obstruction(self.described.touching[r as usize]);
                let mut want = [false; 2];
                match self.reach(r as usize, k).merge(friends, target) {
                    Some(reach) => self.set_reach(r as usize, k, reach.with(target)),
                    None => want[k] = true,
                }
                self.queue(r, before, e, want, UNBOUNDED);
            }
        }
        // The groups around `p`: they lost the breath `p`, and `p` may join
        // them.
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            if Self::colour_index(self.described.grid[s]).is_some() {
                self.scratch.seeds.push(s as u16);
            }
        }
        self.recount_queued();
        self.judge_seeds(g);
    }

    /// A cell of `region` in the ring around cell `g`.
    fn ring_cell_of(&self, g: usize, region: u16) -> usize {
        self.ring()
            .iter()
            .map(|&o| g.wrapping_add_signed(o))
            .find(|&e| self.described.comp[e] == region && self.described.grid[e] == EMPTY)
            .expect("the region keeps a cell of the ring")
    }

    /// Takes the stones on `points` (all of `colour`) off the board and
    /// brings the description up to date: the emptied points join the
    /// regions around them (merged into the largest), the supergroups that
    /// held them may fall apart, and the groups whose breaths changed are
    /// judged again.
    pub(super) fn remove(&mut self, points: &[Point], colour: Colour) {
        let ring = self.ring();
        let (k, stone) = (colour.index(), colour.stone());
        self.scratch.broken.clear();
        for &p in points {
            let g = self.cell_of(p);
            let supergroup = self.described.comp[g];
            self.described.size[supergroup as usize] -= 1;
            if !self.scratch.broken.contains(&supergroup) {
                self.scratch.broken.push(supergroup);
            }
            if !self.described.alive[g] {
                self.described.dead[k] -= 1;
            }
            self.described.alive[g] = false;
            self.described.take_stone(g, k);
            self.described.comp[g] = NONE;
        }
        // Regions: each emptied point joins the largest region beside it,
        // which takes every other region it now touches.
        self.scratch.merging.clear();
        for &p in points {
            let g = self.cell_of(p);
            if self.described.comp[g] != NONE {
                continue;
            }
            let mut target = NONE;
            for &o in &ring {
                let e = g.wrapping_add_signed(o);
                let r = self.described.comp[e];
                if self.described.grid[e] == EMPTY
                    && r != NONE
                    && (target == NONE
                        || self.described.size[r as usize] > self.described.size[target as usize])
                {
                    target = r;
                }
            }
            if target == NONE {
                target = Self::allocate(&mut self.described.unused);
                self.described.size[target as usize] = 0;
                self.scratch.merging.mark(target);
                self.scratch.merged[target as usize] = 0;
                self.scratch.reaching[target as usize] = [Reach::NOTHING; 2];
            } else if self.scratch.merging.mark(target) {
                let t = target as usize;
                self.scratch.merged[t] = obstruction(self.described.touching[t]);
                self.scratch.reaching[t] = [self.reach(t, 0), self.reach(t, 1)];
            }
            self.described.comp[g] = target;
            self.described.size[target as usize] += 1;
            self.scratch.stack.push(g as u16);
            while let Some(c) = self.scratch.stack.pop() {
                for &o in &ring {
                    let u = (c as usize).wrapping_add_signed(o);
                    let r = self.described.comp[u];
                    if self.described.grid[u] != EMPTY || r == target {
                        continue;
                    }
                    if r != NONE {
                        let (mask, reaching) = if self.scratch.merging.is_marked(r) {
                            (
                                self.scratch.merged[r as usize],
                                self.scratch.reaching[r as usize],
                            )
                        } else {
                            let r = r as usize;
                            (
                                obstruction(self.described.touching[r]),
                                [self.reach(r, 0), self.reach(r, 1)],
                            )
                        };
                        let t = target as usize;
                        self.scratch.merged[t] |= mask;
                        for (into, from) in self.scratch.reaching[t].iter_mut().zip(reaching) {
                            *into = into.join(from);
                        }
                        self.described.size[r as usize] -= 1;
                        if self.described.size[r as usize] == 0 {
                            self.described.unused.push(r);
                        }
                    }
                    self.described.comp[u] = target;
                    self.described.size[target as usize] += 1;
                    self.scratch.stack.push(u as u16);
                }
            }
        }
        // Supergroups: one that lost stones falls apart only if the stones
        // left beside the emptied points are not all joined.
        self.scratch.moved.clear();
        self.scratch.fates.clear();
        for i in 0..self.scratch.broken.len() {
            let supergroup = self.scratch.broken[i];
            if self.described.size[supergroup as usize] == 0 {
                self.described.unused.push(supergroup);
                self.scratch.fates.push(Fate::Gone);
                continue;
            }
            for &p in points {
                let g = self.cell_of(p);
                for &o in &ring {
                    let s = g.wrapping_add_signed(o);
                    if self.described.comp[s] == supergroup && self.described.grid[s] == stone {
                        self.scratch.sources.push(s as u16);
                    }
                }
            }
            let moved = self.scratch.moved.len();
            self.separate(stone, supergroup);
            self.scratch
                .fates
                .push(if self.scratch.moved.len() > moved {
                    Fate::Split
                } else {
                    Fate::Whole
                });
        }
        // Each merged region is reached by what reached the regions merged
        // into it, and by what is beside the emptied points. The enemy
        // supergroups stay as they were; of this colour's, one that lost
        // stones is gone, or still reaches the region whole, or split into
        // parts of which only those beside the emptied points are known:
        // this colour is counted again only when that leaves it unknown.
        self.scratch.queued.clear();
        for &p in points {
            let g = self.cell_of(p);
            let r = self.described.comp[g];
            if self.scratch.queued.is_marked(r) {
                continue;
            }
            let scratch = &mut self.scratch;
            let (broken, fates) = (&scratch.broken, &scratch.fates);
            let fate = |id| broken.iter().position(|&b| b == id).map(|i| fates[i]);
            let mut want = [false; 2];
            match scratch.reaching[r as usize][k].after_removal(fate) {
                Some(reach) => scratch.reaching[r as usize][k] = reach,
                None => want[k] = true,
            }
            self.queue(r, self.scratch.merged[r as usize], g, want, UNBOUNDED);
        }
        // Regions beside a part that left may count one more.
        for j in 0..self.scratch.moved.len() {
            let c = self.scratch.moved[j] as usize;
            for &o in &ring {
                let e = c.wrapping_add_signed(o);
                if self.described.grid[e] == EMPTY {
                    let r = self.described.comp[e];
                    let mut want = [false; 2];
                    want[k] = true;
                    self.queue(
                        r,
                        obstruction(self.described.touching[r as usize]),
                        e,
                        want,
                        UNBOUNDED,
                    );
                }
            }
        }
        for &p in points {
            let g = self.cell_of(p);
            let r = self.described.comp[g] as usize;
            for &o in &ring {
                let s = g.wrapping_add_signed(o);
                if let Some(c) = Self::colour_index(self.described.grid[s]) {
                    let reach = &mut self.scratch.reaching[r][c];
                    *reach = reach.with(self.described.comp[s]);
                }
            }
        }
        for i in 0..self.scratch.recount.len() {
            let Recount {
                region: r, want, ..
            } = self.scratch.recount[i];
            if !self.scratch.merging.is_marked(r) {
                continue;
            }
            for c in (0..2).filter(|&c| !want[c]) {
                self.set_reach(r as usize, c, self.scratch.reaching[r as usize][c]);
            }
        }
        self.recount_queued();
        // The groups that gained a breath.
        for &p in points {
            let g = self.cell_of(p);
            for &o in &ring {
                let s = g.wrapping_add_signed(o);
                if Self::colour_index(self.described.grid[s]).is_some() {
                    self.scratch.seeds.push(s as u16);
                }
            }
        }
        self.judge_seeds(NO_CELL);
    }

    /// Appends to `out` the stones of `colour` in smothered groups (every
    /// breath obstructed, or no breath at all), in point order.
    pub(super) fn smothered(&mut self, colour: Colour, out: &mut Vec<Point>) {
        if self.described.dead[colour.index()] == 0 {
            return;
        }
        let stone = colour.stone();
        let start = out.len();
        // Drop the stones since removed or revived.
        let mut kept = 0;
        for i in 0..self.described.smothered_cells.len() {
            let g = self.described.smothered_cells[i];
            if self.described.alive[g as usize]
                || Self::colour_index(self.described.grid[g as usize]).is_none()
            {
                self.described.listed[g as usize] = false;
                continue;
            }
            self.described.smothered_cells[kept] = g;
            kept += 1;
            if self.described.grid[g as usize] == stone {
                out.push(self.point_of(g as usize));
            }
        }
        self.described.smothered_cells.truncate(kept);
        out[start..].sort_unstable();
    }

    /// Whether no group of either colour is smothered: the state the local
    /// looks need.
    pub(super) fn all_alive(&self) -> bool {
        self.described.dead == [0, 0]
    }

    /// The id of the region holding empty point `p`.
    pub(super) fn region_of(&self, p: Point) -> usize {
        self.described.comp[self.cell_of(p)] as usize
    }

    /// The points of the region with id `region`.
    pub(super) fn region_size(&self, region: usize) -> usize {
        self.described.size[region] as usize
    }

    /// Whether a breath in the region holding empty point `e` is obstructed
    /// for a group of `colour`.
    pub(super) fn breath_obstructed(&self, e: Point, colour: Colour) -> bool {
        self.described.touching[self.region_of(e)][1 - colour.index()] == 1
    }

    /// Whether this description, kept up to date move by move, says what
    /// `scratch`, rebuilt on the same board, says: the same cells and
    /// components (ids may differ), the same counts and supergroup reaching
    /// each region, the same living stones; and whether its own sizes and
    /// unused ids are consistent.
    #[cfg(test)]
    pub(super) fn agrees_with(&self, scratch: &Regions) -> Result<(), String> {
        if self.described.grid != scratch.described.grid {
            return Err("grids differ".into());
        }
        let ids = self.described.size.len();
        let (mut to_theirs, mut to_mine) = (vec![NONE; ids], vec![NONE; ids]);
        let mut counted = vec![0u16; ids];
        for g in self.interior() {
            let (mine, theirs) = (self.described.comp[g], scratch.described.comp[g]);
            if mine as usize >= ids {
                return Err(format!("cell {g} has no component"));
            }
            counted[mine as usize] += 1;
            if to_theirs[mine as usize] == NONE && to_mine[theirs as usize] == NONE {
                to_theirs[mine as usize] = theirs;
                to_mine[theirs as usize] = mine;
            } else if to_theirs[mine as usize] != theirs || to_mine[theirs as usize] != mine {
                return Err(format!("cell {g} is joined differently"));
            }
            if self.described.alive[g] != scratch.described.alive[g] {
                return Err(format!("cell {g}: alive differs"));
            }
        }
        let mut unused = vec![false; ids];
        for &id in &self.described.unused {
            if std::mem::replace(&mut unused[id as usize], true) || counted[id as usize] > 0 {
                return Err(format!("id {id} is listed unused wrongly"));
            }
        }
        for id in 0..ids {
            if counted[id] > 0 && self.described.size[id] != counted[id] {
                return Err(format!(
                    "id {id}: size {} of {}",
                    self.described.size[id], counted[id]
                ));
            }
            if counted[id] == 0 && !unused[id] {
                return Err(format!("id {id} is lost"));
            }
        }
        // What reaches each region, found by brute force.
        let mut reaching = vec![[Vec::new(), Vec::new()]; ids];
        for g in self.interior() {
            if self.described.grid[g] != EMPTY {
                continue;
            }
            for o in self.ring() {
                let s = g.wrapping_add_signed(o);
                if let Some(k) = Self::colour_index(self.described.grid[s]) {
                    let found: &mut Vec<u16> = &mut reaching[self.described.comp[g] as usize][k];
                    if !found.contains(&self.described.comp[s]) {
                        found.push(self.described.comp[s]);
                    }
                }
            }
        }
        for g in self.interior() {
            let region = self.described.comp[g] as usize;
            if self.described.grid[g] != EMPTY {
                continue;
            }
            for (k, found) in reaching[region].iter().enumerate() {
                let reach = self.reach(region, k);
                let known = usize::from(reach.count.min(2));
                let right = match reach.count {
                    SEVERAL => found.len() >= 2 && reach.ids[0] != reach.ids[1],
                    count => found.len() == count as usize,
                };
                if !right || !reach.ids[..known].iter().all(|id| found.contains(id)) {
                    return Err(format!("cell {g}: {reach:?} but {found:?} reach it"));
                }
            }
        }
        if self.described.dead != scratch.described.dead {
            return Err("dead counts differ".into());
        }
        for g in self.interior() {
            if Self::colour_index(self.described.grid[g]).is_some()
                && !self.described.alive[g]
                && !self.described.smothered_cells.contains(&(g as u16))
            {
                return Err(format!("cell {g} is smothered but not listed"));
            }
        }
        let flagged = self.described.listed.iter().filter(|&&l| l).count();
        if flagged != self.described.smothered_cells.len()
            || self
                .described
                .smothered_cells
                .iter()
                .any(|&g| !self.described.listed[g as usize])
        {
            return Err("the smothered list and its flags differ".into());
        }
        Ok(())
    }
}
