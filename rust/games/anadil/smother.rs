//! Which groups are smothered on a board: king-regions, supergroups, and the
//! breaths they obstruct (RULES.md §5), computed for the whole board at once.
//!
//! The board is copied into a grid with a one-point border of `OFF` cells, so
//! every neighbour is a fixed offset and no step needs a table or a bounds
//! test. One raster pass labels every king-connected component of equal
//! cells: those of empty points are the king-regions, those of stones the
//! supergroups. Roots are always the smallest cell of their component, so a
//! second forward pass compresses every label to its root. A region's root
//! then counts the distinct supergroups of each colour that touch it (0, 1, or
//! 2 for "two or more"), and a stone with a breath in a region that the enemy
//! does not obstruct is free; a group lives when any of its stones is free.

use crate::board::Point;
use crate::core::{Colour, EMPTY};

/// The border value: equal to no cell, so components never cross it.
const OFF: u8 = 3;

/// Reusable scratch for the smothering test; owns no position.
#[derive(Debug)]
pub(super) struct Smother {
    side: usize,
    /// Grid width: the side plus the border on either hand.
    width: usize,
    grid: Vec<u8>,
    /// Per grid cell: the root (smallest cell) of its king-connected
    /// component of equal cells.
    label: Vec<u16>,
    /// Per region root and colour: how many distinct supergroups of that
    /// colour touch the region, capped at 2.
    touching: Vec<[u8; 2]>,
    /// Per region root and colour: the first supergroup seen touching it.
    first: Vec<[u16; 2]>,
    /// Per grid cell: whether the stone there is in a group with an
    /// unobstructed breath.
    alive: Vec<bool>,
    /// Per colour: stones on the board last evaluated not marked alive.
    dead: [usize; 2],
    stack: Vec<u16>,
    /// Per region root and colour: how many of the region's points touch
    /// its first supergroup, capped at 2 (see [`Smother::count_contacts`]).
    contacts: Vec<[u8; 2]>,
    /// Per region root: stones of one colour in groups whose breaths all lie
    /// in that region (see [`Smother::single_region_groups`]).
    enclosed: Vec<u16>,
}

crate::core::clone_by_fields!(Smother {
    side,
    width,
    dead,
    grid,
    label,
    touching,
    first,
    alive,
    stack,
    contacts,
    enclosed
});

/// Whether the set `open` of cells in a point's king ring (bit `i` for ring
/// entry `i`, in the order E, NE, N, NW, W, SW, S, SE) is one king-connected
/// set: then filling the point does not split its region. Neighbours along
/// the ring touch, and so do two orthogonal cells around a corner.
fn ring_connected(open: u8) -> bool {
    let mut reached = 1u8 << open.trailing_zeros();
    loop {
        let mut next = reached | reached.rotate_left(1) | reached.rotate_right(1);
        next |= (reached & 0x55).rotate_left(2) | (reached & 0x55).rotate_right(2);
        next &= open;
        if next == reached {
            return reached == open;
        }
        reached = next;
    }
}

/// Where the breaths of a group lie, on the board last evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Breaths {
    /// It has none.
    None,
    /// All in the region with this root.
    One(usize),
    /// In two regions or more.
    Many,
}

impl Smother {
    pub(super) fn new(side: usize) -> Self {
        let width = side + 2;
        let cells = width * width;
        let mut grid = vec![OFF; cells];
        for r in 0..side {
            grid[(r + 1) * width + 1..(r + 1) * width + 1 + side].fill(EMPTY);
        }
        Smother {
            side,
            width,
            grid,
            label: vec![0; cells],
            touching: vec![[0; 2]; cells],
            first: vec![[0; 2]; cells],
            alive: vec![false; cells],
            dead: [0; 2],
            stack: Vec::with_capacity(cells),
            contacts: vec![[0; 2]; cells],
            enclosed: vec![0; cells],
        }
    }

    /// The grid cell of point `p`.
    #[inline]
    fn cell_of(&self, p: Point) -> usize {
        let (r, c) = (p as usize / self.side, p as usize % self.side);
        (r + 1) * self.width + c + 1
    }

    /// The eight king steps in the grid; the first four lead to smaller
    /// cells (W, SW, S, SE), the first and the third to orthogonal ones.
    #[inline]
    fn king_offsets(&self) -> [isize; 8] {
        let w = self.width as isize;
        [-1, -w - 1, -w, -w + 1, 1, w + 1, w, w - 1]
    }

    /// Evaluates `cells` (in point order): afterwards
    /// [`Smother::smothered`] lists the smothered groups of either colour.
    pub(super) fn evaluate(&mut self, cells: &[u8]) {
        for (r, row) in cells.chunks_exact(self.side).enumerate() {
            let start = (r + 1) * self.width + 1;
            self.grid[start..start + self.side].copy_from_slice(row);
        }
        self.label_components();
        self.count_touching();
        self.find_alive();
    }

    /// The interior cells, bottom row first.
    fn interior(&self) -> impl Iterator<Item = usize> {
        let (side, width) = (self.side, self.width);
        (1..=side).flat_map(move |r| r * width + 1..r * width + 1 + side)
    }

    /// The root of `g`'s component so far, halving the path on the way.
    #[inline]
    fn find(label: &mut [u16], mut g: u16) -> u16 {
        while label[g as usize] != g {
            let grand = label[label[g as usize] as usize];
            label[g as usize] = grand;
            g = grand;
        }
        g
    }

    /// Labels king-connected components of equal cells (regions and
    /// supergroups) by union-find in raster order, linking the larger root to
    /// the smaller so that every label points to a smaller cell.
    fn label_components(&mut self) {
        let w = self.width;
        let grid = &self.grid[..];
        let label = &mut self.label[..];
        for g in w + 1..w * (self.side + 1) - 1 {
            let value = grid[g];
            if value == OFF {
                continue;
            }
            // Of the earlier neighbours, W, SW and SE all touch S, and SW
            // touches W: cells that touch and match were joined already, so
            // at most two finds are needed.
            let (south, west, south_west, south_east) = (g - w, g - 1, g - w - 1, g - w + 1);
            let mut root = g as u16;
            if grid[south] == value {
                root = Self::find(label, south as u16);
            } else {
                if grid[west] == value {
                    root = Self::find(label, west as u16);
                } else if grid[south_west] == value {
                    root = Self::find(label, south_west as u16);
                }
                if grid[south_east] == value {
                    let other = Self::find(label, south_east as u16);
                    if root == g as u16 {
                        root = other;
                    } else if other < root {
                        label[root as usize] = other;
                        root = other;
                    } else if other > root {
                        label[other as usize] = root;
                    }
                }
            }
            label[g] = root;
        }
        // Labels point to smaller cells, so one forward pass reaches roots.
        for g in w + 1..w * (self.side + 1) - 1 {
            label[g] = label[label[g] as usize];
        }
    }

    /// Ruling (reach): a supergroup reaches a breath when it is king-adjacent
    /// to the breath's king-region; counts, per region and colour, the
    /// distinct supergroups that reach it (0, 1, or 2 meaning two or more).
    /// A breath is obstructed for a group when exactly one enemy supergroup
    /// reaches it.
    fn count_touching(&mut self) {
        let king = self.king_offsets();
        let w = self.width;
        // Local slices: the loop then keeps their bounds in registers.
        let (grid, label) = (&self.grid[..], &self.label[..]);
        let (touching, first) = (&mut self.touching[..], &mut self.first[..]);
        for e in w + 1..w * (self.side + 1) - 1 {
            if grid[e] != EMPTY {
                continue;
            }
            let region = label[e] as usize;
            if region == e {
                // The root is the region's smallest cell: met first.
                touching[region] = [0; 2];
            } else if touching[region] == [2, 2] {
                continue; // nothing more to learn about this region
            }
            for &o in &king {
                let s = e.wrapping_add_signed(o);
                // Stones are 1 and 2; empty (0) wraps and OFF (3) exceeds.
                let k = grid[s].wrapping_sub(1) as usize;
                if k >= 2 {
                    continue;
                }
                let supergroup = label[s];
                let count = &mut touching[region][k];
                match *count {
                    0 => {
                        *count = 1;
                        first[region][k] = supergroup;
                    }
                    1 if first[region][k] != supergroup => *count = 2,
                    _ => {}
                }
            }
        }
    }

    /// Whether a breath in `region` (a root cell) is obstructed for a group
    /// of colour index `colour`: exactly one enemy supergroup reaches it.
    #[inline]
    fn obstructed(&self, region: usize, colour: usize) -> bool {
        self.touching[region][1 - colour] == 1
    }

    /// Marks every stone of a group with an unobstructed breath: the free
    /// stones, then their groups by orthogonal flood.
    fn find_alive(&mut self) {
        let king = self.king_offsets();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let cells = self.width * (self.side + 1) - 1;
        // Local slices: the loop then keeps their bounds in registers.
        let (grid, label, touching) = (&self.grid[..], &self.label[..], &self.touching[..]);
        let (alive, stack) = (&mut self.alive[..], &mut self.stack);
        alive.fill(false);
        let mut stones = [0; 2];
        let mut alive_stones = [0; 2];
        for s in self.width + 1..cells {
            let k = grid[s].wrapping_sub(1) as usize;
            // Stones only (see count_touching), and each group once: the
            // first free stone found marks the whole group.
            if k >= 2 {
                continue;
            }
            stones[k] += 1;
            if alive[s] {
                continue;
            }
            // Free: a breath in a region the enemy does not obstruct.
            let free = king.iter().any(|&o| {
                let e = s.wrapping_add_signed(o);
                grid[e] == EMPTY && touching[label[e] as usize][1 - k] != 1
            });
            if !free {
                continue;
            }
            let value = grid[s];
            alive[s] = true;
            stack.push(s as u16);
            while let Some(t) = stack.pop() {
                alive_stones[k] += 1;
                for &o in &orthogonal {
                    let u = (t as usize).wrapping_add_signed(o);
                    if grid[u] == value && !alive[u] {
                        alive[u] = true;
                        stack.push(u as u16);
                    }
                }
            }
        }
        self.dead = [stones[0] - alive_stones[0], stones[1] - alive_stones[1]];
    }

    /// Appends to `out` the stones of `colour` in smothered groups of the
    /// board last evaluated: every breath obstructed, or no breath at all.
    pub(super) fn smothered(&self, colour: Colour, out: &mut Vec<Point>) {
        if self.dead[colour.index()] == 0 {
            return;
        }
        let stone = colour.stone();
        for r in 0..self.side {
            let base = (r + 1) * self.width + 1;
            for c in 0..self.side {
                if self.grid[base + c] == stone && !self.alive[base + c] {
                    out.push((r * self.side + c) as Point);
                }
            }
        }
    }

    /// The root of the region holding empty point `p`, on the board last
    /// evaluated.
    pub(super) fn region_of(&self, p: Point) -> usize {
        self.label[self.cell_of(p)] as usize
    }

    /// For the groups of `colour` on the board last evaluated: counts per
    /// region root, in [`Smother::enclosed_in`], the stones of groups whose
    /// breaths all lie in that region; returns the stones of groups with no
    /// breath, and where the breaths of the group holding `probe` lie.
    pub(super) fn single_region_groups(
        &mut self,
        colour: Colour,
        probe: Point,
    ) -> (usize, Breaths) {
        let stone = colour.stone();
        let king = self.king_offsets();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let probe = (probe != crate::board::NO_POINT).then(|| self.cell_of(probe));
        for g in self.interior() {
            self.enclosed[g] = 0;
        }
        // `alive` is spent once smothered() has been read: reuse it as the
        // visited set.
        self.alive.fill(false);
        let (mut breathless, mut probed) = (0, Breaths::Many);
        for g in self.interior() {
            if self.grid[g] != stone || self.alive[g] {
                continue;
            }
            self.alive[g] = true;
            self.stack.push(g as u16);
            let (mut size, mut breaths, mut holds_probe) = (0u16, Breaths::None, false);
            while let Some(s) = self.stack.pop() {
                let s = s as usize;
                size += 1;
                holds_probe |= Some(s) == probe;
                for &o in &king {
                    let e = s.wrapping_add_signed(o);
                    if self.grid[e] != EMPTY {
                        continue;
                    }
                    let region = self.label[e] as usize;
                    breaths = match breaths {
                        Breaths::None => Breaths::One(region),
                        Breaths::One(r) if r != region => Breaths::Many,
                        other => other,
                    };
                }
                for &o in &orthogonal {
                    let t = s.wrapping_add_signed(o);
                    if self.grid[t] == stone && !self.alive[t] {
                        self.alive[t] = true;
                        self.stack.push(t as u16);
                    }
                }
            }
            match breaths {
                Breaths::None => breathless += size as usize,
                Breaths::One(region) => self.enclosed[region] += size,
                Breaths::Many => {}
            }
            if holds_probe {
                probed = breaths;
            }
        }
        (breathless, probed)
    }

    /// The stones counted by [`Smother::single_region_groups`] for the region
    /// with root `region`.
    pub(super) fn enclosed_in(&self, region: usize) -> usize {
        self.enclosed[region] as usize
    }

    /// Counts, for every region that exactly one supergroup of a colour
    /// touches, how many of its points touch that supergroup (capped at 2).
    pub(super) fn count_contacts(&mut self) {
        let king = self.king_offsets();
        for e in self.interior() {
            if self.grid[e] != EMPTY {
                continue;
            }
            let region = self.label[e] as usize;
            if region == e {
                self.contacts[region] = [0; 2];
            }
            for k in 0..2 {
                if self.touching[region][k] != 1 || self.contacts[region][k] == 2 {
                    continue;
                }
                let first = self.first[region][k];
                if king.iter().any(|&o| {
                    self.label[e.wrapping_add_signed(o)] == first
                        && self.grid[e.wrapping_add_signed(o)] != EMPTY
                }) {
                    self.contacts[region][k] += 1;
                }
            }
        }
    }

    /// Whether a lone stone of `colour` placed on empty point `p` would be
    /// smothered, judged on the board last evaluated (with
    /// [`Smother::count_contacts`]) when `colour` has no other stone: `None`
    /// when that takes more than a local look (its region might split, or
    /// several enemy supergroups touch it there).
    pub(super) fn lone_stone_smothered(&self, p: Point, colour: Colour) -> Option<bool> {
        let g = self.cell_of(p);
        // Ring order E, NE, N, NW, W, SW, S, SE: even entries orthogonal.
        let w = self.width as isize;
        let ring = [1, w + 1, w, w - 1, -1, -w - 1, -w, -w + 1];
        let mut open = 0u8;
        for (i, &o) in ring.iter().enumerate() {
            if self.grid[g.wrapping_add_signed(o)] == EMPTY {
                open |= 1 << i;
            }
        }
        if open == 0 {
            return Some(true); // no breath at all
        }
        // Removing `p` must not split its region.
        if !ring_connected(open) {
            return None;
        }
        let region = self.label[g] as usize;
        let enemy = colour.opponent().index();
        let enemy_stone = colour.opponent().stone();
        let touches = |label: u16| {
            ring.iter().any(|&o| {
                let s = g.wrapping_add_signed(o);
                self.grid[s] == enemy_stone && self.label[s] == label
            })
        };
        match self.touching[region][enemy] {
            0 => Some(false),
            // The one enemy supergroup still reaches the rest of the region
            // unless `p` was its only point of contact.
            1 => Some(!touches(self.first[region][enemy]) || self.contacts[region][enemy] == 2),
            _ if !ring
                .iter()
                .any(|&o| self.grid[g.wrapping_add_signed(o)] == enemy_stone) =>
            {
                Some(false)
            }
            _ => None,
        }
    }

    /// Whether the board last evaluated has no smothered group of either
    /// colour: the state [`Smother::place_quietly`] needs.
    pub(super) fn all_alive(&self) -> bool {
        self.dead == [0, 0]
    }

    /// Whether a stone of `colour` on empty point `p` of the board last
    /// evaluated (which must be [`Smother::all_alive`]) is proven by a local
    /// look to smother no group: then, as `Some`, the friendly supergroup it
    /// joins, if any.
    ///
    /// The look: each enemy stone beside `p` still reaches the rest of its
    /// region and has another free breath (the enemy supergroups reaching
    /// each region stay the same, and no enemy group dies of losing `p`); `p`
    /// touches at most one friendly supergroup (none merge, so every other
    /// region keeps its friendly count); filling `p` does not split its
    /// region, which the enemy does not obstruct for `colour`; and the
    /// region's friendly count only changes if no enemy stone reaches it.
    /// Then only friendly groups touching `p` diagonally may lose their one
    /// live breath, and each stone there must show another.
    fn quiet(&self, p: Point, colour: Colour) -> Option<Option<u16>> {
        debug_assert!(self.all_alive());
        let g = self.cell_of(p);
        let w = self.width as isize;
        // Ring order E, NE, N, NW, W, SW, S, SE: odd entries diagonal.
        let ring = [1, w + 1, w, w - 1, -1, -w - 1, -w, -w + 1];
        let (k, stone, enemy_stone) = (colour.index(), colour.stone(), colour.opponent().stone());
        let (mut open, mut enemies) = (0u8, 0u8);
        let mut friend = None;
        for (i, &o) in ring.iter().enumerate() {
            let s = g.wrapping_add_signed(o);
            match self.grid[s] {
                EMPTY => open |= 1 << i,
                v if v == enemy_stone => enemies |= 1 << i,
                v if v == stone => match friend {
                    None => friend = Some(self.label[s]),
                    Some(f) if f != self.label[s] => return None,
                    _ => {}
                },
                _ => {}
            }
        }
        if open == 0 || !ring_connected(open) {
            return None;
        }
        let region = self.label[g] as usize;
        let [ours, theirs] = [self.touching[region][k], self.touching[region][1 - k]];
        if theirs == 1 || (friend.is_none() && ours < 2 && theirs > 0) {
            return None;
        }
        // Each enemy stone beside `p` must still reach the rest of the
        // region (so the enemy count there stays) and show a breath other
        // than `p` that stays free (so its group lives).
        let ours_after = if friend.is_some() {
            ours
        } else {
            (ours + 1).min(2)
        };
        for i in (0..8).filter(|&i| enemies >> i & 1 == 1) {
            let s = g.wrapping_add_signed(ring[i]);
            let (mut reaches, mut breathes) = (false, false);
            for &o in &ring {
                let e = s.wrapping_add_signed(o);
                if e == g || self.grid[e] != EMPTY {
                    continue;
                }
                let there = self.label[e] as usize;
                reaches |= there == region;
                breathes |= if there == region {
                    ours_after
                } else {
                    self.touching[there][k]
                } != 1;
            }
            if !(reaches && breathes) {
                return None;
            }
        }
        for i in (1..8).step_by(2) {
            let s = g.wrapping_add_signed(ring[i]);
            if self.grid[s] == stone
                && !ring.iter().any(|&o| {
                    let e = s.wrapping_add_signed(o);
                    e != g && self.grid[e] == EMPTY && !self.obstructed(self.label[e] as usize, k)
                })
            {
                return None;
            }
        }
        Some(friend)
    }

    /// Whether [`Smother::place_quietly`] would place a stone of `colour`
    /// on `p`: it smothers no group.
    pub(super) fn is_quiet(&self, p: Point, colour: Colour) -> bool {
        self.quiet(p, colour).is_some()
    }

    /// Places a stone of `colour` on empty point `p` of the board last
    /// evaluated (which must be [`Smother::all_alive`]) when a local look
    /// proves that the placement smothers no group (see [`Smother::quiet`]);
    /// the evaluation then describes the board after it, still with every
    /// group alive. Returns `false`, changing nothing, when the look cannot
    /// tell.
    pub(super) fn place_quietly(&mut self, p: Point, colour: Colour) -> bool {
        let Some(friend) = self.quiet(p, colour) else {
            return false;
        };
        let g = self.cell_of(p);
        let (k, stone) = (colour.index(), colour.stone());
        let region = self.label[g] as usize;
        let ours = self.touching[region][k];
        self.grid[g] = stone;
        self.alive[g] = true;
        match friend {
            Some(f) => self.label[g] = f,
            None => {
                // A new supergroup of one, named by its own cell: no other
                // supergroup is (the cell was empty).
                self.label[g] = g as u16;
                match ours {
                    0 => {
                        self.touching[region][k] = 1;
                        self.first[region][k] = g as u16;
                    }
                    1 => self.touching[region][k] = 2,
                    _ => {}
                }
            }
        }
        true
    }

    /// Whether a stone of `colour` on empty point `p` of the board last
    /// evaluated (which must be [`Smother::all_alive`]) is proven by a local
    /// look to smother itself alone and nothing else: the turn then leaves
    /// the board, and this evaluation, as they were.
    ///
    /// The look: no friendly stone beside `p` orthogonally (the stone is a
    /// group of one) and at most one friendly supergroup around it (none
    /// merge); one enemy supergroup obstructs `p`'s region and still reaches
    /// what is left of it, which stays whole, so the stone has no live breath
    /// and no other friendly group changes (that region was obstructed for
    /// them already); the region's friendly count does not become one, and
    /// each enemy stone beside `p` shows another breath that stays free.
    pub(super) fn smothers_itself_only(&self, p: Point, colour: Colour) -> bool {
        debug_assert!(self.all_alive());
        let g = self.cell_of(p);
        let w = self.width as isize;
        // Ring order E, NE, N, NW, W, SW, S, SE: even entries orthogonal.
        let ring = [1, w + 1, w, w - 1, -1, -w - 1, -w, -w + 1];
        let (k, stone, enemy_stone) = (colour.index(), colour.stone(), colour.opponent().stone());
        let region = self.label[g] as usize;
        if self.touching[region][1 - k] != 1 {
            return false;
        }
        let rival = self.first[region][1 - k];
        let mut open = 0u8;
        let mut friend = None;
        for (i, &o) in ring.iter().enumerate() {
            let s = g.wrapping_add_signed(o);
            match self.grid[s] {
                EMPTY => open |= 1 << i,
                v if v == stone => match friend {
                    _ if i % 2 == 0 => return false,
                    None => friend = Some(self.label[s]),
                    Some(f) if f != self.label[s] => return false,
                    _ => {}
                },
                _ => {}
            }
        }
        let ours = self.touching[region][k];
        let ours_after = if friend.is_some() || open == 0 {
            ours
        } else {
            (ours + 1).min(2)
        };
        if open != 0 {
            let rival_stays = (0..8).filter(|&i| open >> i & 1 == 1).any(|i| {
                let e = g.wrapping_add_signed(ring[i]);
                ring.iter().any(|&o| {
                    let s = e.wrapping_add_signed(o);
                    self.grid[s] == enemy_stone && self.label[s] == rival
                })
            });
            if !ring_connected(open) || !rival_stays || (ours_after == 1 && ours != 1) {
                return false;
            }
        }
        ring.iter().all(|&o| {
            let s = g.wrapping_add_signed(o);
            self.grid[s] != enemy_stone
                || ring.iter().any(|&o| {
                    let e = s.wrapping_add_signed(o);
                    if e == g || self.grid[e] != EMPTY {
                        return false;
                    }
                    let there = self.label[e] as usize;
                    let count = if there == region {
                        ours_after
                    } else {
                        self.touching[there][k]
                    };
                    count != 1
                })
        })
    }

    /// Whether this evaluation, kept up to date by
    /// [`Smother::place_quietly`], says what `scratch`, evaluated afresh on
    /// the same board, says: the same cells, the same components (labels may
    /// differ), the same supergroup counts per region, every group alive.
    #[cfg(test)]
    pub(super) fn agrees_with(&self, scratch: &Smother) -> Result<(), String> {
        if self.grid != scratch.grid {
            return Err("grids differ".into());
        }
        if !scratch.all_alive() {
            return Err("a group is smothered".into());
        }
        let cells: Vec<usize> = self.interior().collect();
        for &a in &cells {
            for &b in &cells {
                let same = |s: &Smother| s.grid[a] == s.grid[b] && s.label[a] == s.label[b];
                if same(self) != same(scratch) {
                    return Err(format!(
                        "cells {a} and {b} are joined in one evaluation only"
                    ));
                }
            }
            if self.grid[a] == EMPTY {
                let (mine, theirs) = (self.label[a] as usize, scratch.label[a] as usize);
                if self.touching[mine] != scratch.touching[theirs] {
                    return Err(format!("cell {a}: supergroup counts differ"));
                }
            }
        }
        Ok(())
    }

    /// Whether a breath in the region holding empty point `e` is obstructed
    /// for a group of `colour`, on the board last evaluated.
    pub(super) fn breath_obstructed(&self, e: Point, colour: Colour) -> bool {
        self.obstructed(self.label[self.cell_of(e)] as usize, colour.index())
    }
}
