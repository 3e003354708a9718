//! Local looks: placements whose outcome a glance at the point's ring proves,
//! so that they need no update (or only a trivial one), and the lone-stone
//! judgements behind `Anadil::judge_lone_placements`.

use super::{
    free_breath, opposite, ring_connected, ring_entries, ring_mask, ring_values, Description,
    Regions, EMPTY,
};
use crate::board::Point;
use crate::core::Colour;

/// Where the breaths of a group lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::games::anadil) enum Breaths {
    /// It has none.
    None,
    /// All in the region with this id.
    One(usize),
    /// In two regions or more.
    Many,
}

impl Regions {
    /// Whether a stone of `colour` on empty point `p` (with every group
    /// alive, [`Regions::all_alive`]) is proven by a local look to smother no
    /// group: then, as `Some`, the friendly supergroup it joins, if any, and
    /// a free breath of the stone.
    ///
    /// The look: each enemy stone beside `p` still reaches the rest of its
    /// region and its group has another free breath (the enemy supergroups reaching
    /// each region stay the same, and no enemy group dies of losing `p`); `p`
    /// touches at most one friendly supergroup (none merge, so every other
    /// region keeps its friendly count); filling `p` does not split its
    /// region, which the enemy does not obstruct for `colour`; and the
    /// region's friendly count only changes if no enemy stone reaches it.
    /// Then only friendly groups touching `p` diagonally may lose their one
    /// live breath, and the group of each stone there must show another.
    fn quiet(&mut self, p: Point, colour: Colour) -> Option<(Option<u16>, usize)> {
        debug_assert!(self.all_alive());
        self.scratch.seen.clear();
        let g = self.cell_of(p);
        let ring = self.ring();
        let (k, stone, enemy_stone) = (colour.index(), colour.stone(), colour.opponent().stone());
        let around = ring_values(&self.described.grid, g, self.width);
        let (open, enemies) = (ring_mask(around, EMPTY), ring_mask(around, enemy_stone));
        let friends = ring_mask(around, stone);
        let mut friend = None;
        for i in ring_entries(friends) {
            let id = self.described.comp[g.wrapping_add_signed(ring[i])];
            match friend {
                None => friend = Some(id),
                Some(f) if f != id => return None,
                _ => {}
            }
        }
        if open == 0 || !ring_connected(open) {
            return None;
        }
        let region = self.described.comp[g] as usize;
        let [ours, theirs] = [
            self.described.touching[region][k],
            self.described.touching[region][1 - k],
        ];
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
        let stays_free =
            |d: &Description, e: usize| stays_free_for_enemy(d, e, g, (region, ours_after), k);
        for i in ring_entries(enemies) {
            let s = g.wrapping_add_signed(ring[i]);
            let (mut reaches, mut breathes) = (false, false);
            // The empty cells around it but `g`.
            let open = ring_mask(ring_values(&self.described.grid, s, self.width), EMPTY)
                & !(1 << opposite(i));
            for j in ring_entries(open) {
                let e = s.wrapping_add_signed(ring[j]);
                reaches |= self.described.comp[e] as usize == region;
                breathes |= stays_free(&self.described, e);
            }
            if !reaches {
                return None;
            }
            // Else its group may breathe elsewhere.
            if !breathes && !self.group_shows(s, stays_free) {
                return None;
            }
        }
        let free_for_colour =
            |d: &Description, e: usize| e != g && free_breath(&d.grid, &d.comp, &d.touching, e, k);
        // The diagonal ring entries.
        for i in ring_entries(friends & 0xAA) {
            let s = g.wrapping_add_signed(ring[i]);
            if !ring
                .iter()
                .any(|&o| free_for_colour(&self.described, s.wrapping_add_signed(o)))
                && !self.group_shows(s, free_for_colour)
            {
                return None;
            }
        }
        // Every empty cell of the ring is in the region, which the enemy does
        // not obstruct.
        Some((
            friend,
            g.wrapping_add_signed(ring[open.trailing_zeros() as usize]),
        ))
    }

    /// Whether [`Regions::place_quietly`] would place a stone of `colour`
    /// on `p`: it smothers no group.
    pub(in crate::games::anadil) fn is_quiet(&mut self, p: Point, colour: Colour) -> bool {
        self.quiet(p, colour).is_some()
    }

    /// Places a stone of `colour` on empty point `p` (with every group alive)
    /// when a local look proves that the placement smothers no group (see
    /// [`Regions::quiet`]): only `p`'s region and supergroup change, and
    /// every group stays alive. Returns `false`, changing nothing, when the
    /// look cannot tell.
    pub(in crate::games::anadil) fn place_quietly(&mut self, p: Point, colour: Colour) -> bool {
        let Some((friend, breath)) = self.quiet(p, colour) else {
            return false;
        };
        let g = self.cell_of(p);
        let k = colour.index();
        let region = self.described.comp[g] as usize;
        self.described.put_stone(g, colour);
        self.described.alive[g] = true;
        self.described.witness[g] = breath as u16;
        self.described.size[region] -= 1;
        let supergroup = match friend {
            Some(f) => f,
            None => {
                let id = Self::allocate(&mut self.described.unused);
                self.described.size[id as usize] = 0;
                let reach = self.reach(region, k).with(id);
                self.set_reach(region, k, reach);
                id
            }
        };
        self.described.comp[g] = supergroup;
        self.described.size[supergroup as usize] += 1;
        true
    }

    /// Whether a stone of `colour` on empty point `p` (with every group
    /// alive) is proven by a local look to smother itself alone and nothing
    /// else: the turn then leaves the board, and this description, as they
    /// were.
    ///
    /// The look: no friendly stone beside `p` orthogonally (the stone is a
    /// group of one) and at most one friendly supergroup around it (none
    /// merge); one enemy supergroup obstructs `p`'s region and still reaches
    /// what is left of it, which stays whole, so the stone has no live breath
    /// and no other friendly group changes (that region was obstructed for
    /// them already); each enemy group beside `p` shows another breath that
    /// stays free (a stone's own ring may not, its group's may); and if the region's friendly count becomes one (which
    /// obstructs it for the enemy), `colour` has no stone (so no other
    /// region is obstructed for the enemy) and no enemy group has all its
    /// breaths there.
    pub(in crate::games::anadil) fn smothers_itself_only(
        &mut self,
        p: Point,
        colour: Colour,
    ) -> bool {
        debug_assert!(self.all_alive());
        let g = self.cell_of(p);
        let ring = self.ring();
        let (k, stone, enemy_stone) = (colour.index(), colour.stone(), colour.opponent().stone());
        let region = self.described.comp[g] as usize;
        if self.described.touching[region][1 - k] != 1 {
            return false;
        }
        let rival = self.described.first[region][1 - k];
        let around = ring_values(&self.described.grid, g, self.width);
        let (open, friends) = (ring_mask(around, EMPTY), ring_mask(around, stone));
        // A friend beside it orthogonally joins its group.
        if friends & 0x55 != 0 {
            return false;
        }
        let mut friend = None;
        for i in ring_entries(friends) {
            let id = self.described.comp[g.wrapping_add_signed(ring[i])];
            match friend {
                None => friend = Some(id),
                Some(f) if f != id => return false,
                _ => {}
            }
        }
        let ours = self.described.touching[region][k];
        let ours_after = if friend.is_some() || open == 0 {
            ours
        } else {
            (ours + 1).min(2)
        };
        if open != 0 {
            let (grid, comp) = (&self.described.grid, &self.described.comp);
            let rival_at = |e: usize| {
                ring_entries(ring_mask(ring_values(grid, e, self.width), enemy_stone))
                    .any(|i| comp[e.wrapping_add_signed(ring[i])] == rival)
            };
            // It reached the region elsewhere if not through `p`, and else
            // it must still touch it beside `p`.
            let rival_stays = !rival_at(g)
                || ring_entries(open).any(|i| rival_at(g.wrapping_add_signed(ring[i])));
            if !ring_connected(open) || !rival_stays {
                return false;
            }
        }
        // With no stone of `colour` on the board, every enemy breath outside
        // the region stays free.
        let lone = self.described.stones[k].is_empty();
        let obstructs = ours_after == 1 && ours != 1;
        if obstructs && !lone {
            return false;
        }
        let stays_free =
            |d: &Description, e: usize| stays_free_for_enemy(d, e, g, (region, ours_after), k);
        self.scratch.seen.clear();
        let enemy_breathes = ring_entries(ring_mask(around, enemy_stone))
            .all(|i| self.group_shows(g.wrapping_add_signed(ring[i]), stays_free));
        enemy_breathes && !(obstructs && self.encloses_another(colour.opponent(), region, p))
    }

    /// Whether the group holding the stone at cell `s` has a cell beside it
    /// where `free` holds: by the witness or the ring of a stone, walked
    /// from `s` until one shows it; the stones walked take it as their
    /// witness. A stone already marked in `scratch.seen` is in a group an
    /// earlier call showed.
    fn group_shows(&mut self, s: usize, free: impl Fn(&Description, usize) -> bool) -> bool {
        let ring = self.ring();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let d = &mut self.described;
        let scratch = &mut self.scratch;
        if !scratch.seen.mark(s as u16) {
            return true;
        }
        let stone = d.grid[s];
        scratch.group.clear();
        scratch.group.push(s as u16);
        let mut next = 0;
        while let Some(&t) = scratch.group.get(next) {
            next += 1;
            let t = t as usize;
            let witness = d.witness[t] as usize;
            let shown = if free(d, witness) {
                Some(witness)
            } else {
                ring.iter()
                    .map(|&o| t.wrapping_add_signed(o))
                    .find(|&e| free(d, e))
            };
            if let Some(e) = shown {
                for &u in &scratch.group {
                    d.witness[u as usize] = e as u16;
                }
                return true;
            }
            for &o in &orthogonal {
                let u = t.wrapping_add_signed(o);
                if d.grid[u] == stone && scratch.seen.mark(u as u16) {
                    scratch.group.push(u as u16);
                }
            }
        }
        false
    }

    /// Up to two regions (by id, `usize::MAX` past them) holding a breath of
    /// the stone on `p` that is free for its colour.
    pub(in crate::games::anadil) fn free_breath_regions(&self, p: Point) -> [usize; 2] {
        let g = self.cell_of(p);
        let k = usize::from(self.described.grid[g] == Colour::White.stone());
        let mut found = [usize::MAX; 2];
        for &o in &self.ring() {
            let e = g.wrapping_add_signed(o);
            if self.described.grid[e] != EMPTY {
                continue;
            }
            let region = self.described.comp[e] as usize;
            if self.described.touching[region][1 - k] != 1 && found[0] != region {
                found[1] = found[0];
                found[0] = region;
                if found[1] != usize::MAX {
                    break;
                }
            }
        }
        found
    }

    /// Whether a stone of `colour` on empty point `p` would have no friendly
    /// stone king-adjacent: then it merges no supergroup, and only `p`'s
    /// region changes what reaches it.
    pub(in crate::games::anadil) fn stands_apart(&self, p: Point, colour: Colour) -> bool {
        let g = self.cell_of(p);
        let stone = colour.stone();
        self.ring()
            .iter()
            .all(|&o| self.described.grid[g.wrapping_add_signed(o)] != stone)
    }

    /// Whether a stone of `colour` on empty point `p` might be smothered
    /// alone: it would be a group of one, and an enemy supergroup reaches its
    /// region; unless two enemy supergroups are seen to reach what is left
    /// of the region, which stays whole, so the stone keeps a free breath
    /// while no enemy stone goes.
    pub(in crate::games::anadil) fn may_go_alone(&self, p: Point, colour: Colour) -> bool {
        let g = self.cell_of(p);
        let (stone, enemy_stone) = (colour.stone(), colour.opponent().stone());
        let w = self.width as isize;
        let enemy = 1 - colour.index();
        let region = self.described.comp[g] as usize;
        let theirs = self.described.touching[region][enemy];
        if theirs == 0
            || [-1, 1, -w, w]
                .iter()
                .any(|&o| self.described.grid[g.wrapping_add_signed(o)] == stone)
        {
            return false;
        }
        if theirs == 1 {
            return true;
        }
        let ring = self.ring();
        let mut open = 0u8;
        for (i, &o) in ring.iter().enumerate() {
            open |= u8::from(self.described.grid[g.wrapping_add_signed(o)] == EMPTY) << i;
        }
        if open == 0 || !ring_connected(open) {
            return true;
        }
        let (grid, comp) = (&self.described.grid, &self.described.comp);
        let at = |e: usize, id: u16| {
            ring.iter().any(|&o| {
                let s = e.wrapping_add_signed(o);
                grid[s] == enemy_stone && comp[s] == id
            })
        };
        // A supergroup not beside `p` reaches the region elsewhere.
        let stays = |id: u16| {
            !at(g, id)
                || (0..8)
                    .filter(|&i| open >> i & 1 == 1)
                    .any(|i| at(g.wrapping_add_signed(ring[i]), id))
        };
        !(stays(self.described.first[region][enemy]) && stays(self.described.second[region][enemy]))
    }

    /// The stones of the group holding `p`, and where its breaths lie.
    pub(in crate::games::anadil) fn group_breaths(&mut self, p: Point) -> (usize, Breaths) {
        let g = self.cell_of(p);
        self.scratch.seen.clear();
        self.scratch.seen.mark(g as u16);
        self.flood_group(g)
    }

    /// Walks the group holding the stone at cell `g` (already marked in
    /// `scratch.seen`, which marks the stones walked): its number of stones,
    /// and where its breaths lie.
    fn flood_group(&mut self, g: usize) -> (usize, Breaths) {
        let ring = self.ring();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let stone = self.described.grid[g];
        let scratch = &mut self.scratch;
        scratch.stack.push(g as u16);
        let (mut size, mut breaths) = (0, Breaths::None);
        while let Some(s) = scratch.stack.pop() {
            let s = s as usize;
            size += 1;
            for &o in &ring {
                let e = s.wrapping_add_signed(o);
                if self.described.grid[e] != EMPTY {
                    continue;
                }
                let region = self.described.comp[e] as usize;
                breaths = match breaths {
                    Breaths::None => Breaths::One(region),
                    Breaths::One(r) if r != region => Breaths::Many,
                    other => other,
                };
            }
            for &o in &orthogonal {
                let t = s.wrapping_add_signed(o);
                if self.described.grid[t] == stone && scratch.seen.mark(t as u16) {
                    scratch.stack.push(t as u16);
                }
            }
        }
        (size, breaths)
    }

    /// Whether a group of `colour` other than the one holding `except` has
    /// all its breaths (if any) in the region with id `region`.
    pub(in crate::games::anadil) fn encloses_another(
        &mut self,
        colour: Colour,
        region: usize,
        except: Point,
    ) -> bool {
        let stone = colour.stone();
        let ring = self.ring();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let except = self.cell_of(except);
        let scratch = &mut self.scratch;
        scratch.seen.clear();
        let d = &mut self.described;
        let outside =
            |d: &Description, e: usize| d.grid[e] == EMPTY && d.comp[e] as usize != region;
        // A stone whose witness is an empty cell outside the region shows
        // at once that its group escapes. Else its group is walked until a
        // stone shows an escape beside it or by its witness (a stone walked
        // before, its group escaping, has one); the stones walked take the
        // cell it escapes by as their witness (a breath beside them).
        for g in d.stones[colour.index()].iter() {
            if outside(d, d.witness[g] as usize) || !scratch.seen.mark(g as u16) {
                continue;
            }
            scratch.group.clear();
            scratch.group.push(g as u16);
            let (mut escape, mut holds_except) = (None, false);
            let mut next = 0;
            'walk: while let Some(&s) = scratch.group.get(next) {
                next += 1;
                let s = s as usize;
                holds_except |= s == except;
                escape = ring
                    .iter()
                    .map(|&o| s.wrapping_add_signed(o))
                    .find(|&e| outside(d, e));
                if escape.is_some() {
                    break;
                }
                for &o in &orthogonal {
                    let t = s.wrapping_add_signed(o);
                    if d.grid[t] != stone {
                        continue;
                    }
                    if outside(d, d.witness[t] as usize) {
                        escape = Some(d.witness[t] as usize);
                        break 'walk;
                    }
                    if scratch.seen.mark(t as u16) {
                        scratch.group.push(t as u16);
                    }
                }
            }
            match escape {
                Some(e) => {
                    for &s in &scratch.group {
                        d.witness[s as usize] = e as u16;
                    }
                }
                None if !holds_except => return true,
                None => {}
            }
        }
        false
    }

    /// For the groups of `colour`: counts per region id, in
    /// [`Regions::enclosed_in`], the stones of groups whose breaths all lie
    /// in that region; returns the stones of groups with no breath.
    pub(in crate::games::anadil) fn single_region_groups(&mut self, colour: Colour) -> usize {
        self.scratch.enclosed.fill(0);
        self.scratch.seen.clear();
        let mut breathless = 0;
        for g in self.described.stones[colour.index()].iter() {
            if !self.scratch.seen.mark(g as u16) {
                continue;
            }
            match self.flood_group(g) {
                (size, Breaths::None) => breathless += size,
                (size, Breaths::One(region)) => self.scratch.enclosed[region] += size as u16,
                (_, Breaths::Many) => {}
            }
        }
        breathless
    }

    /// The stones counted by [`Regions::single_region_groups`] for the
    /// region with id `region`.
    pub(in crate::games::anadil) fn enclosed_in(&self, region: usize) -> usize {
        self.scratch.enclosed[region] as usize
    }

    /// Forgets the contacts [`Regions::lone_stone_smothered`] counted: the
    /// board has changed since.
    pub(in crate::games::anadil) fn forget_contacts(&mut self) {
        self.scratch.counted.clear();
    }

    /// How many points of the region holding empty cell `start` touch its
    /// one supergroup of colour index `k` (capped at 2), counted once until
    /// [`Regions::forget_contacts`].
    fn contacts(&mut self, start: usize, k: usize) -> u8 {
        let region = self.described.comp[start];
        if !self.scratch.counted.mark(region) {
            return self.scratch.contacts[region as usize][k];
        }
        let ring = self.ring();
        let supergroup = self.described.first[region as usize][k];
        let scratch = &mut self.scratch;
        scratch.seen.clear();
        scratch.seen.mark(start as u16);
        scratch.stack.clear();
        scratch.stack.push(start as u16);
        let mut contacts = 0;
        while let Some(e) = scratch.stack.pop() {
            let mut touches = false;
            for &o in &ring {
                let u = (e as usize).wrapping_add_signed(o);
                match self.described.grid[u] {
                    EMPTY => {
                        if scratch.seen.mark(u as u16) {
                            scratch.stack.push(u as u16);
                        }
                    }
                    _ => touches |= self.described.comp[u] == supergroup,
                }
            }
            contacts += u8::from(touches);
            if contacts == 2 {
                scratch.stack.clear();
                break;
            }
        }
        scratch.contacts[region as usize][k] = contacts;
        contacts
    }

    /// Whether a lone stone of `colour` placed on empty point `p` would be
    /// smothered, when `colour` has no other stone: `None` when that takes
    /// more than a local look (its region might split, or several enemy
    /// supergroups touch it there).
    pub(in crate::games::anadil) fn lone_stone_smothered(
        &mut self,
        p: Point,
        colour: Colour,
    ) -> Option<bool> {
        let g = self.cell_of(p);
        let ring = self.ring();
        let mut open = 0u8;
        for (i, &o) in ring.iter().enumerate() {
            if self.described.grid[g.wrapping_add_signed(o)] == EMPTY {
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
        let region = self.described.comp[g] as usize;
        let enemy = colour.opponent().index();
        let enemy_stone = colour.opponent().stone();
        let touches = |id: u16| {
            ring.iter().any(|&o| {
                let s = g.wrapping_add_signed(o);
                self.described.grid[s] == enemy_stone && self.described.comp[s] == id
            })
        };
        match self.described.touching[region][enemy] {
            0 => Some(false),
            // The one enemy supergroup still reaches the rest of the region
            // unless `p` was its only point of contact.
            1 => {
                Some(!touches(self.described.first[region][enemy]) || self.contacts(g, enemy) == 2)
            }
            _ if !ring
                .iter()
                .any(|&o| self.described.grid[g.wrapping_add_signed(o)] == enemy_stone) =>
            {
                Some(false)
            }
            _ => None,
        }
    }
}

/// Whether cell `e` is a breath other than `g` that stays free for the enemy
/// of colour index `k` once a stone of `k` fills `g`: empty, in a region that
/// not exactly one supergroup of `k` reaches, the stone's region counting
/// `ours_after` of them (the per-cell form of [`super::obstruction`], after
/// the stone).
#[inline(always)]
fn stays_free_for_enemy(
    d: &Description,
    e: usize,
    g: usize,
    (region, ours_after): (usize, u8),
    k: usize,
) -> bool {
    if e == g || d.grid[e] != EMPTY {
        return false;
    }
    let there = d.comp[e] as usize;
    let count = if there == region {
        ours_after
    } else {
        d.touching[there][k]
    };
    count != 1
}
