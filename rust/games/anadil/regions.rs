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
//! see [`Cells`]); and only the groups that lost or gained a breath, or have
//! one in a region whose obstruction changed, are judged again.
//!
//! The board is held with a one-point border of `OFF` cells, so every
//! neighbour is a fixed offset and no step needs a table or a bounds test.

mod count;
mod grid_cells;
mod judge;
mod looks;
mod place;
mod reach;
mod remove;
mod saved;
mod split;

use crate::board::Point;
use crate::core::{bits, Colour, FixedTable, GridSet, Marks, EMPTY};

/// A set of grid cells, a bit per cell of the bordered grid, so that a king
/// step is a shift and a region a flood of shifts: what walking a large
/// region cell by cell costs most. Twelve words hold the 27 × 27 cells of
/// side 25.
type Cells = GridSet<12>;
use grid_cells::{grid_cells, GridCells};
pub(super) use looks::Breaths;
use reach::{Fate, Reach, SEVERAL};

/// Entries in a table per point, grid cell or component id: a power of two
/// at least the 27 × 27 grid cells (and so the points and component ids) of
/// side 25, the largest, so that an index masked with it needs no bounds
/// test.
const ENTRIES: usize = 1024;
/// A table per grid cell or id that reads with no bounds test.
type Table<T> = FixedTable<T, ENTRIES>;
/// The border value: equal to no cell, so components never cross it.
const OFF: u8 = 3;
/// The component id of a border cell, or of a point being relabelled.
const NONE: u16 = u16::MAX;
/// No cell, for [`Regions::judge_seeds`].
const NO_CELL: usize = usize::MAX;
/// Both colours, for [`Regions::count_touching`].
const BOTH: [bool; 2] = [true, true];
/// The cells a count walks one by one before it floods the rest of the
/// region at once (see [`Cells`]).
const WALKED: usize = 8;
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

/// The values of the eight cells around interior cell `g` of a grid
/// `width` wide, in ring order (see [`Regions::ring`]).
#[inline(always)]
fn ring_values(grid: &Table<u8>, g: usize, width: usize) -> [u8; 8] {
    let (above, below) = (g + width, g - width);
    [
        grid[g + 1],
        grid[above + 1],
        grid[above],
        grid[above - 1],
        grid[g - 1],
        grid[below - 1],
        grid[below],
        grid[below + 1],
    ]
}

/// The ring entries among `values` equal to `value`, as a mask (bit `i` for
/// entry `i`, as in [`ring_connected`]): built by arithmetic on the eight
/// values as one word, with no branch per cell, so a look then visits only
/// the cells it wants.
#[inline(always)]
fn ring_mask(values: [u8; 8], value: u8) -> u8 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Zero bytes where the value is; a byte's high bit is then set exactly
    // when its low seven bits carry nothing and its top bit is clear.
    let x = u64::from_le_bytes(values) ^ (u64::from(value) * 0x0101_0101_0101_0101);
    let zero = !(((x & LOW) + LOW) | x) & !LOW;
    // Each byte's flag, gathered into the top byte in order.
    ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The ring entries in `mask`, lowest first.
#[inline(always)]
fn ring_entries(mask: u8) -> RingEntries {
    RingEntries(mask)
}

/// See [`ring_entries`]: its exact length lets a list reserve room once
/// for all of them.
struct RingEntries(u8);

impl Iterator for RingEntries {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            i
        })
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for RingEntries {}

/// The ring entry pointing back from the cell at entry `i`.
#[inline(always)]
fn opposite(i: usize) -> usize {
    (i + 4) % 8
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
fn free_breath(
    grid: &Table<u8>,
    comp: &Table<u16>,
    touching: &Table<[u8; 2]>,
    e: usize,
    k: usize,
) -> bool {
    grid[e] == EMPTY && touching[comp[e] as usize][1 - k] != 1
}

/// Regions, supergroups and living groups of one board.
#[derive(Debug)]
pub(super) struct Regions {
    side: usize,
    /// Per point: its grid cell.
    grid_cells: &'static GridCells,
    /// Grid width: the side plus the border on either hand.
    width: usize,
    /// The words of a [`Cells`] that hold the grid's cells.
    words: usize,
    described: Description,
    /// Work space, never copied: describes no board.
    scratch: Scratch,
}

/// All that [`Regions`] knows of its board: what a copy of a position
/// copies, and what `swap_board`, `save` and `restore` move as one.
#[derive(Debug, Default)]
struct Description {
    grid: Table<u8>,
    /// The grid's empty cells, and per colour its stones.
    empty: Cells,
    stones: [Cells; 2],
    /// Per grid cell: the id of its component; `NONE` on the border.
    comp: Table<u16>,
    /// Per id: the cells of its component.
    size: Table<u16>,
    /// Per region id and colour: how many distinct supergroups of that
    /// colour reach the region (0, 1, 2, or `SEVERAL`), and the first two
    /// of them, as in [`Reach`].
    touching: Table<[u8; 2]>,
    first: Table<[u16; 2]>,
    second: Table<[u16; 2]>,
    /// Per grid cell: whether the stone there is in a group with an
    /// unobstructed breath.
    alive: Table<bool>,
    /// Per grid cell holding a stone: a cell king-adjacent to its group, a
    /// breath of it when chosen (a free one, as a rule), or a border cell;
    /// tried first when the group is judged again. Groups only grow until
    /// removed whole, so it stays beside the group; whether it is still a
    /// free breath is checked at each use.
    witness: Table<u16>,
    /// Per colour: stones not marked alive.
    dead: [usize; 2],
    /// Every stone not marked alive, among others since removed or revived
    /// (dropped when [`Regions::smothered`] reads them), each once: so it
    /// never outgrows the board.
    smothered_cells: Vec<u16>,
    /// Per grid cell: in `smothered_cells`.
    listed: Table<bool>,
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
    /// Gives the lists that grow move by move room for the whole board: a
    /// copy has room for its contents only, and copies take turns as the
    /// board (`swap_board`, `restore`), so without this each would grow
    /// again, one allocation at a time, long after the first games.
    fn keep_room(&mut self) {
        let (cells, ids) = (self.grid.len(), self.size.len());
        self.smothered_cells
            .reserve(cells.saturating_sub(self.smothered_cells.len()));
        self.unused.reserve(ids.saturating_sub(self.unused.len()));
    }

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
    source_of: Table<u16>,
    /// Per id: a region that other regions were merged into in this update
    /// (its `merged` mask is valid).
    merging: Marks,
    /// Per id: queued in `recount` in this update.
    queued: Marks,
    /// Per id: the obstruction masks of the regions merged into it.
    merged: Table<u8>,
    /// Per id and colour: what reaches the regions merged into it and the
    /// emptied points.
    reaching: Table<[Reach; 2]>,
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
    contacts: Table<[u8; 2]>,
    counted: Marks,
    /// Per region id: see [`Regions::single_region_groups`].
    enclosed: Table<u16>,
    /// See [`Regions::save`].
    saved: Description,
}

impl Scratch {
    fn new(cells: usize, ids: usize) -> Self {
        Scratch {
            seen: Marks::new(cells),
            source_of: Table::new(cells, 0),
            merging: Marks::new(ids),
            queued: Marks::new(ids),
            merged: Table::new(ids, 0),
            reaching: Table::new(ids, [Reach::NOTHING; 2]),
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
            contacts: Table::new(ids, [0; 2]),
            counted: Marks::new(ids),
            enclosed: Table::new(ids, 0),
            saved: Description::default(),
        }
    }
}

impl Clone for Regions {
    fn clone(&self) -> Self {
        Regions {
            side: self.side,
            grid_cells: self.grid_cells,
            width: self.width,
            words: self.words,
            described: {
                let mut described = self.described.clone();
                described.keep_room();
                described
            },
            scratch: Scratch::new(self.described.grid.len(), self.described.size.len()),
        }
    }

    /// Copies the board's description only: the scratch stays (a copy is
    /// taken before every placement that must be resolved and taken back).
    fn clone_from(&mut self, source: &Self) {
        self.side = source.side;
        self.grid_cells = source.grid_cells;
        self.width = source.width;
        self.words = source.words;
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
        let mut grid = Table::new(cells, OFF);
        for r in 0..side {
            grid.as_mut_slice()[(r + 1) * width + 1..(r + 1) * width + 1 + side].fill(EMPTY);
        }
        Regions {
            side,
            grid_cells: grid_cells(side),
            width,
            words: bits::words_for(cells),
            described: Description {
                grid,
                // Set by `rebuild`, as every position is.
                empty: Cells::NONE,
                stones: [Cells::NONE; 2],
                comp: Table::new(cells, NONE),
                size: Table::new(ids, 0),
                touching: Table::new(ids, [0; 2]),
                first: Table::new(ids, [NONE; 2]),
                second: Table::new(ids, [NONE; 2]),
                alive: Table::new(cells, false),
                witness: Table::new(cells, 0),
                dead: [0; 2],
                smothered_cells: Vec::with_capacity(cells),
                listed: Table::new(cells, false),
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
        self.grid_cells[p as usize % ENTRIES] as usize
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
            self.described.grid.as_mut_slice()[start..start + self.side].copy_from_slice(row);
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
        let flagged = (0..self.described.listed.len())
            .filter(|&g| self.described.listed[g])
            .count();
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
