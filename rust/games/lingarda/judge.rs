//! The placement test (RULES.md §6, Placement), from the sight masks first
//! and by searches only where a cut can strand a stone.
//!
//! Take each colour's *sight graph*: its stones and the edge, joined by the
//! live rays ([`super::sight`]). A stone has a lifeline exactly when the
//! graph joins it to the edge, and between turns every stone has one, so
//! each graph is connected. A stone on the empty point `p` removes only the
//! rays through `p`: those of the first stones met from `p` (its *ends*,
//! at most six) toward it. So a stone can lose its lifeline only when its
//! component, with those rays cut, holds an end whose ray through `p` was
//! live and no longer reaches what it reached: an end next to `p` (its ray
//! now holds no empty point), an enemy end (it now meets the mover), or a
//! friend beyond `p` that is cut from the edge by a `p` on the edge. Every
//! other component keeps the way to the edge it had. The new stone joins the
//! friends it sees across an empty point and the edge it sees, and the
//! enemy components left without the edge are exactly the stones that flip.
//!
//! So a candidate is judged in phases, cheapest first. The masks of `p`
//! alone say *no lifeline* (every ray with an empty point meets an enemy),
//! or *legal with no flip* (no live ray through `p` is lost unbridged), the
//! common case. Otherwise the lost rays are cut from the tables and the
//! ends are settled: one that keeps a ray to the edge is safe; one left with
//! no live ray is alone in its component. Searches settle the rest, from
//! the new stone's friends when it sees no edge, and from each end in
//! doubt, each over the live rays as cut, stamping the stones it meets with
//! its own id, and succeeding at a stone with a ray to the edge or at one
//! that an earlier search of the candidate found grounded. A failed enemy
//! search is a component that flips. When some do, the flipped stones join,
//! as the mover's, the stones they see across an empty point, and a union
//! of the search ids decides whether every flipped component and every
//! stranded friendly one then reaches the edge.

use super::sight::{both, opposite, reversed, Row, ALL, DIRECTIONS, EDGE_SHIFT};
use super::Engine;
use crate::board::Point;
use crate::core::{Colour, Width};

/// Whether a placement is legal, and if not, why (RULES.md §6, Placement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Legal,
    /// The new stone would have no lifeline.
    NoLifeline,
    /// After the flip, a stone of the mover (or flipped to the mover) would
    /// be without a lifeline.
    Stranded,
    /// Illegal, with the reason left open: a stone of the mover would be
    /// stranded, and the new stone may have no lifeline either (only from
    /// [`Engine::weigh_legality`]).
    Illegal,
}

/// The search id that stands for the edge: a stone stamped with it, or with
/// a search joined to it, has a lifeline.
const GROUND: u8 = 0;

/// More ids than one weighing uses: the edge, the new stone's friends, and
/// one per end.
const SEARCH_IDS: usize = 16;

/// Where an entry of `Searches::found` keeps its ray back (see there).
const CAME_SHIFT: u32 = 16;

/// Per direction `d` (padded to eight), the mask of the opposite one, placed
/// as in an entry of `Searches::found`: the ray back from the stone a ray in
/// direction `d` meets.
const BACK: [u32; 8] = {
    let mut back = [0; 8];
    let mut d = 0;
    while d < DIRECTIONS {
        back[d] = (1 << opposite(d)) << CAME_SHIFT;
        d += 1;
    }
    back
};

/// The bits of a mask, lowest first: a walk over set bits rather than a
/// test per direction, which would be a coin toss to the branch predictor.
#[derive(Clone, Copy)]
pub(super) struct Bits(pub(super) u8);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// The buffers of the searches, reused by every weighing so that none
/// allocates, and what the last weighing found.
#[derive(Debug)]
pub(super) struct Searches<W: Width> {
    /// Per point, the search of the current weighing that met it, as
    /// `base + id`; a stamp below `base` is from an earlier weighing.
    stamps: W::Table<u32>,
    base: u32,
    /// The stones the searches of the current weighing met, each search's in
    /// one run, `runs[id]`; more entries than a weighing can meet, so that
    /// a search may write before it knows whether to keep. Each entry holds
    /// the stone, and past [`CAME_SHIFT`] the ray back to the stone whose
    /// search met it (none for a search's first stones), as a mask: that
    /// stone is met already, so the search does not follow the ray again.
    /// (One entry, so that a link followed costs one write.) Its positions
    /// are numbered like points, as there are fewer of them than of points.
    found: W::Table<u32>,
    found_len: usize,
    runs: [(u16, u16); SEARCH_IDS],
    /// Union-find over the search ids: each id's parent. A search that found
    /// the edge is joined to [`GROUND`].
    parent: [u8; SEARCH_IDS],
    ids: usize,
    /// The searches whose component lost the edge: of the mover's stones,
    /// and of the enemy's (they flip), a bit per id.
    stranded: u16,
    flipped: u16,
    /// The lost rays that the current weighing cut from the tables (none
    /// when zero), as bits of the ends' entries of `rays`: per ray back
    /// toward the candidate (bit `d + 3` for the end in direction `d`), its
    /// live bit, and past [`EDGE_SHIFT`] its bit to the edge when it leaves
    /// the board. Those bits were all set, so toggling them cuts, and
    /// toggling them again mends.
    cut: u16,
    /// The stones the last weighed candidate flips, when it is legal.
    pub(super) flips: Vec<W::Point>,
    /// The last candidate weighed, and whether it was legal.
    pub(super) candidate: W::Point,
    pub(super) legal: bool,
}

impl<W: Width> Clone for Searches<W> {
    fn clone(&self) -> Self {
        Searches {
            stamps: self.stamps.clone(),
            found: self.found.clone(),
            flips: self.flips.clone(),
            ..*self
        }
    }

    /// A copy keeps its own buffers: only the flips of the last weighing
    /// outlive it, and the stamps are only ever compared with the copy's
    /// own base.
    fn clone_from(&mut self, source: &Self) {
        self.flips.clone_from(&source.flips);
        self.candidate = source.candidate;
        self.legal = source.legal;
    }
}

impl<W: Width> Searches<W> {
    pub(super) fn new(points: usize) -> Self {
        Searches {
            stamps: W::table(0),
            base: 0,
            found: W::table(0),
            found_len: 0,
            runs: [(0, 0); SEARCH_IDS],
            parent: [GROUND; SEARCH_IDS],
            ids: 0,
            stranded: 0,
            flipped: 0,
            cut: 0,
            flips: Vec::with_capacity(points),
            candidate: W::NONE,
            legal: false,
        }
    }

    /// Starts the searches of a weighing: no stone stamped, only the edge's
    /// id taken.
    fn begin(&mut self) {
        self.base = match self.base.checked_add(SEARCH_IDS as u32) {
            Some(base) => base,
            None => {
                // After 2^28 weighings stamps could collide with new ones.
                self.stamps.fill(0);
                SEARCH_IDS as u32
            }
        };
        self.found_len = 0;
        self.ids = 1;
        self.parent[GROUND as usize] = GROUND;
        self.stranded = 0;
        self.flipped = 0;
        self.cut = 0;
    }

    /// A new search id, with no stone yet.
    fn open_search(&mut self) -> u8 {
        let id = self.ids;
        self.ids += 1;
        self.parent[id] = id as u8;
        self.runs[id] = (self.found_len as u16, self.found_len as u16);
        id as u8
    }

    /// The search of this weighing that met stone `s`, if any.
    #[inline]
    fn id_of(&self, s: W::Point) -> Option<u8> {
        let stamp = self.stamps[s];
        (stamp >= self.base).then(|| (stamp - self.base) as u8)
    }

    /// Stamps `s` with search `id` and adds it to the search's stones.
    fn add(&mut self, s: W::Point, id: u8) {
        self.stamps[s] = self.base + id as u32;
        self.found[W::point(self.found_len as u32)] = s.into();
        self.found_len += 1;
    }

    /// Stamps `s` as grounded: a search that meets it succeeds. (It is
    /// not searched from, so it joins no run of `found`.)
    fn ground_stone(&mut self, s: W::Point) {
        self.stamps[s] = self.base + GROUND as u32;
    }

    /// The root of `id` in the union of the search ids.
    fn find(&mut self, mut id: u8) -> u8 {
        while self.parent[id as usize] != id {
            id = self.parent[id as usize];
        }
        id
    }

    /// Joins `id`, a search that found the edge and is joined to nothing
    /// yet, to the edge.
    fn ground(&mut self, id: u8) {
        self.parent[id as usize] = GROUND;
    }

    fn union(&mut self, a: u8, b: u8) {
        let (a, b) = (self.find(a), self.find(b));
        // The edge stays a root, so a search joined to it is one away.
        let (root, child) = if b == GROUND { (b, a) } else { (a, b) };
        self.parent[child as usize] = root;
    }

    /// Whether the stones stamped with `id` reach the edge.
    fn grounded(&mut self, id: u8) -> bool {
        self.find(id) == GROUND
    }

    /// Where the stones of search `id` are in `found`, when it failed.
    fn run_range(&self, id: usize) -> std::ops::Range<usize> {
        let (start, end) = self.runs[id];
        start as usize..end as usize
    }
}

/// What a candidate's masks say: per direction (a bit each), its ends.
#[derive(Clone, Copy, Debug)]
struct Ends {
    /// Rays of `p` that hold an empty point.
    open: u8,
    /// The first point met is a friend, or off the board.
    friends: u8,
    edges: u8,
    /// Friends whose live ray through `p` is lost: it holds no empty point
    /// on one side of `p` any more, so `p` does not bridge it.
    cut_friends: u8,
    /// Enemies whose live ray through `p` is lost: it ends at the mover's
    /// stone now.
    cut_enemies: u8,
}

impl Ends {
    /// The ends whose live ray through `p` is lost.
    fn cut(&self) -> u8 {
        self.cut_friends | self.cut_enemies
    }
}

impl<W: Width> Engine<W> {
    /// Placement: whether `mover` may place on the empty point `p`. Legal
    /// when (1) the new stone has a lifeline, and (2) after every enemy stone
    /// left without one flips to the mover, all at once, every stone of the
    /// mover has one. When legal, `searches.flips` holds the stones that
    /// flip; `searches.candidate` is `p` and `searches.legal` the verdict.
    pub(super) fn weigh(&mut self, p: W::Point, mover: Colour) -> Verdict {
        self.weigh_as(p, mover, true)
    }

    /// [`Engine::weigh`], for callers that need only to know whether `p`
    /// is legal: an illegal placement that strands a stone may be answered
    /// [`Verdict::Illegal`] before the new stone's lifeline is looked for.
    /// [`Verdict::NoLifeline`] is still only answered when it holds.
    pub(super) fn weigh_legality(&mut self, p: W::Point, mover: Colour) -> Verdict {
        self.weigh_as(p, mover, false)
    }

    /// [`Engine::weigh`], telling the reason of an illegal placement when
    /// `exact`.
    #[inline]
    fn weigh_as(&mut self, p: W::Point, mover: Colour, exact: bool) -> Verdict {
        let mover = mover.index();
        let sight = &self.sight;
        let open = sight.open[p];
        let friends = sight.seen_of(p, mover);
        let enemies = sight.seen_of(p, 1 - mover);
        let edges = ALL & !(friends | enemies);
        // A friend's ray through p was live when it went on to the edge or a
        // friend, an enemy's when it went on to the edge or an enemy. A
        // friend's stays joined to what it reached when the rays of p on both
        // sides hold an empty point; an enemy's ends at the mover's stone.
        let ends = Ends {
            open,
            friends,
            edges,
            cut_friends: friends & reversed(edges | friends) & !(open & reversed(open)),
            cut_enemies: enemies & reversed(edges | enemies),
        };
        self.searches.flips.clear();
        let verdict = if open & !enemies == 0 {
            Verdict::NoLifeline
        } else if ends.cut() == 0 {
            Verdict::Legal
        } else {
            self.judge(p, ends, exact)
        };
        self.searches.candidate = p;
        self.searches.legal = verdict == Verdict::Legal;
        verdict
    }

    /// The phases of [`Engine::weigh`] past the masks. The lost rays are
    /// cut from the tables before the first search, and mended after. Kept
    /// out of line, so that the verdicts of the masks alone cost no more
    /// than they use.
    #[inline(never)]
    fn judge(&mut self, p: W::Point, ends: Ends, exact: bool) -> Verdict {
        self.searches.begin();
        let verdict = self.settle(p, ends, exact);
        if self.searches.cut != 0 {
            self.toggle_cut(p);
        }
        verdict
    }

    /// Cuts the lost rays through `p` from its ends' live rays and rays to
    /// the edge, once per weighing: the searches walk the tables as they
    /// would be with the stone on `p`, less the rays that `p` bridges.
    #[inline]
    fn cut_rays(&mut self, p: W::Point, ends: Ends) {
        if self.searches.cut != 0 {
            return;
        }
        // A cut ray of the end in direction d is its ray back toward p, in
        // direction d + 3: bit d of the cut, moved there. It was live (it
        // holds p, and goes on to the edge or a stone of the end's colour),
        // and it leaves the board when p's ray in direction d + 3 does.
        let lost = reversed(ends.cut());
        self.searches.cut = lost as u16 | ((lost & ends.edges) as u16) << EDGE_SHIFT;
        self.toggle_cut(p);
    }

    /// Toggles the bits of `searches.cut` in the entries of `rays` of the
    /// ends of `p`: cuts the lost rays, or mends them. (An end past the edge,
    /// the padding entry, has no bit in the cut.)
    fn toggle_cut(&mut self, p: W::Point) {
        let row = self.sight.first[p];
        let cut = self.searches.cut;
        for (d, &end) in row[..DIRECTIONS].iter().enumerate() {
            let bits = cut & both(opposite(d));
            let rays = &mut self.sight.rays[end];
            debug_assert!(*rays & bits == bits || *rays & bits == 0);
            *rays ^= bits;
        }
    }

    /// Of the ends of `p` (its row `row`), those that keep a live ray, and
    /// those that keep a ray to the edge, once their rays through `p` are
    /// cut (cut or not yet), a bit per direction: read for all six at once,
    /// without a branch, as the phases ask for several.
    fn kept_rays(&self, row: &Row<W>) -> (u8, u8) {
        let (mut live, mut to_edge) = (0, 0);
        for (d, &end) in row[..DIRECTIONS].iter().enumerate() {
            let rays = self.sight.rays[end] & !both(opposite(d));
            live |= ((rays as u8 != 0) as u8) << d;
            to_edge |= ((rays >> EDGE_SHIFT != 0) as u8) << d;
        }
        (live, to_edge)
    }

    /// [`Engine::judge`]'s phases, cheapest first: the ends that the
    /// masks settle, then the new stone, then searches from the ends in
    /// doubt. A stone the masks show stranded makes the placement illegal
    /// whatever the new stone has; only when `exact` is its lifeline then
    /// looked for, to tell the reason.
    fn settle(&mut self, p: W::Point, ends: Ends, exact: bool) -> Verdict {
        let row = self.sight.first[p];
        let (live, to_edge) = self.kept_rays(&row);
        // The enemy ends: one with a ray to the edge left is safe; one with
        // no live ray left flips alone, and then has a lifeline only if it
        // sees a stone of the mover across an empty point, or p itself.
        let enemies_lost = ends.cut_enemies & !to_edge;
        let enemies_in_doubt = enemies_lost & live;
        let mut stranded = false;
        for d in Bits(enemies_lost & !live) {
            let end = row[d];
            let beside_p = ends.open & (1 << d) == 0;
            if beside_p && self.sight.open[end] & !(1 << opposite(d)) == 0 {
                stranded = true;
                break;
            }
            let id = self.searches.open_search();
            self.searches.add(end, id);
            self.lost(id, true);
        }
        let flips_possible = self.searches.flipped != 0 || enemies_in_doubt != 0;
        // The friendly ends beside p: safe with a ray to the edge; with no
        // live ray left, only a flip of an enemy it sees can save it. (A
        // friend beyond p that lost a ray is one with p, settled with it.)
        let friends_lost = ends.cut_friends & !ends.open & !to_edge;
        let friends_in_doubt = friends_lost & live;
        for d in Bits(friends_lost & !live) {
            if stranded {
                break;
            }
            let end = row[d];
            if !flips_possible || self.sight.open[end] & !(1 << opposite(d)) == 0 {
                stranded = true;
                break;
            }
            // No search can meet it: it has no live ray left.
            let id = self.searches.open_search();
            self.searches.add(end, id);
            self.lost(id, false);
        }
        if stranded && !exact {
            return Verdict::Illegal;
        }
        // The new stone: grounded by a ray to the edge, by a friend it sees
        // that keeps a ray to the edge, or by the friends it sees when no
        // friend lost a live ray; else through those friends (one component
        // with it), searched together. (The searches so far met only stones
        // that no search over the mover's live rays meets.)
        let attached = ends.open & ends.friends;
        if ends.open & ends.edges != 0 || attached & to_edge != 0 {
            // Only a search from a friend in doubt can meet them: any other
            // look-up takes an unstamped stone of the mover as grounded.
            if friends_in_doubt != 0 {
                for d in Bits(attached) {
                    self.searches.ground_stone(row[d]);
                }
            }
        } else if ends.cut_friends != 0 {
            self.cut_rays(p, ends);
            let id = self.searches.open_search();
            for d in Bits(attached) {
                self.searches.add(row[d], id);
            }
            if !self.search(id) {
                return Verdict::NoLifeline;
            }
            self.searches.ground(id);
        }
        if stranded {
            return Verdict::Stranded;
        }
        for d in Bits(friends_in_doubt) {
            if self.search_end(p, ends, row[d], false) && !flips_possible {
                return Verdict::Stranded;
            }
        }
        for d in Bits(enemies_in_doubt) {
            self.search_end(p, ends, row[d], true);
        }
        if self.searches.flipped == 0 {
            return if self.searches.stranded == 0 {
                Verdict::Legal
            } else {
                Verdict::Stranded
            };
        }
        self.join_flipped(p, ends)
    }

    /// Searches from `end`, an end of `p` of the enemy or of the mover, unless
    /// a search of this weighing met it already (then it is of the same
    /// component); a component that lost the edge is recorded (see
    /// [`Engine::lost`]). Whether a new search failed.
    #[inline(always)]
    fn search_end(&mut self, p: W::Point, ends: Ends, end: W::Point, enemy: bool) -> bool {
        if self.searches.id_of(end).is_some() {
            return false;
        }
        self.cut_rays(p, ends);
        let id = self.searches.open_search();
        self.searches.add(end, id);
        if self.search(id) {
            self.searches.ground(id);
            return false;
        }
        self.lost(id, enemy);
        true
    }

    /// Records that the stones of search `id` lost the edge: they flip
    /// (`enemy`), or they are the mover's and stranded unless a flip saves
    /// them.
    fn lost(&mut self, id: u8, enemy: bool) {
        let searches = &mut self.searches;
        searches.runs[id as usize].1 = searches.found_len as u16;
        let bit = 1 << id;
        if enemy {
            searches.flipped |= bit;
        } else {
            searches.stranded |= bit;
        }
    }

    /// After the flip: each flipped stone, now the mover's, joins the stones
    /// of the mover it sees across an empty point (the grounded ones, which
    /// no search of the candidate stranded, stand for the edge), and `p`
    /// when it sees `p` so (`p` has a lifeline by now). Legal when every
    /// flipped and every stranded component is then joined to the edge;
    /// the flipped stones are then `searches.flips`.
    fn join_flipped(&mut self, p: W::Point, ends: Ends) -> Verdict {
        let row = self.sight.first[p];
        let sight = &self.sight;
        let searches = &mut self.searches;
        // A flipped stone with a ray through p is one of p's enemy ends;
        // that ray is a lifeline to p once it holds an empty point.
        let enemies = ALL & !(ends.friends | ends.edges);
        for d in Bits(ends.open & enemies) {
            if let Some(id) = searches.id_of(row[d]) {
                if searches.flipped & (1 << id) != 0 {
                    searches.union(id, GROUND);
                }
            }
        }
        let mut flipped = searches.flipped;
        while flipped != 0 {
            let id = flipped.trailing_zeros() as u8;
            flipped &= flipped - 1;
            for k in searches.run_range(id as usize) {
                let f = W::point(searches.found[W::point(k as u32)]);
                // Its other rays with an empty point that are not live end
                // at stones of the mover. Its ray through p, if any, is
                // joined above: f is then p's end opposite that ray.
                let seen = sight.open[f] & !sight.live(f);
                for e in Bits(seen) {
                    if row[opposite(e)] == f {
                        continue;
                    }
                    let t = sight.first[f][e];
                    let other = searches.id_of(t).unwrap_or(GROUND);
                    searches.union(id, other);
                }
            }
        }
        let mut lost = self.searches.flipped | self.searches.stranded;
        while lost != 0 {
            let id = lost.trailing_zeros() as u8;
            lost &= lost - 1;
            if !self.searches.grounded(id) {
                return Verdict::Stranded;
            }
        }
        let mut flipped = self.searches.flipped;
        while flipped != 0 {
            let id = flipped.trailing_zeros() as usize;
            flipped &= flipped - 1;
            let searches = &mut self.searches;
            let run = &(*searches.found)[searches.run_range(id)];
            searches
                .flips
                .extend(run.iter().map(|&entry| W::point(entry)));
        }
        Verdict::Legal
    }

    /// A search over the live rays as they stand (cut), from the stones of
    /// search `id` so far, none of which has a ray to the edge (the callers
    /// read that off the masks): true at a stone with a ray to the edge, or
    /// at one that another search of this weighing stamped (all of those
    /// found the edge: a failed search met its whole component, which no
    /// later search of the same colour can enter). On failure the search's
    /// stones are its whole component.
    fn search(&mut self, id: u8) -> bool {
        let (first, rays) = (&self.sight.first, &self.sight.rays);
        let Searches {
            stamps,
            found,
            found_len,
            base,
            runs,
            ..
        } = &mut self.searches;
        let (base, id) = (*base, id as u32);
        let own = base + id;
        let mut i = runs[id as usize].0 as usize;
        let mut len = *found_len;
        // Which friends are new is a coin toss to the branch predictor: each
        // friend is written past the end of the list and kept or not.
        while i < len {
            let entry = found[W::point(i as u32)];
            i += 1;
            let s = W::point(entry);
            let back = (entry >> CAME_SHIFT) as u8;
            let ends = &first[s];
            let mut links = rays[s] as u8 & !back;
            while links != 0 {
                let d = links.trailing_zeros() as usize % 8;
                let t = ends[d];
                links &= links - 1;
                // The searches so far have the ids below this one; a stamp of
                // an earlier weighing is below the base, so far below as an
                // offset from it.
                let met = stamps[t].wrapping_sub(base);
                if (met < id) | (rays[t] >> EDGE_SHIFT != 0) {
                    return true;
                }
                stamps[t] = own;
                found[W::point(len as u32)] = Into::<u32>::into(t) | BACK[d];
                len += (met > id) as usize;
            }
        }
        *found_len = len;
        false
    }

    /// The stones to name when a placement of `mover` on the last weighed
    /// candidate strands its stones: the first, by point index, of the
    /// mover's stones that would be left without a lifeline, or of the
    /// flipped ones when none of its own is, and whether it flipped.
    pub(super) fn stranded_to_name(&self, mover: Colour) -> (Point, bool) {
        let mut after = self.clone();
        let p = self.searches.candidate;
        let stone = mover.stone();
        after.put_stone(p, mover);
        let grounded = after.grounded_stones();
        let flips: Vec<W::Point> = (0..self.board.points() as u32)
            .map(W::point)
            .filter(|&s| {
                let cell = after.cells[s];
                cell != stone
                    && Colour::of_cell(cell).is_some()
                    && !grounded[Into::<usize>::into(s)]
            })
            .collect();
        after.flip_stones(&flips, mover);
        let grounded = after.grounded_stones();
        let stranded =
            |s: &W::Point| after.cells[*s] == stone && !grounded[Into::<usize>::into(*s)];
        let own = (0..self.board.points() as u32)
            .map(W::point)
            .filter(|s| !flips.contains(s))
            .find(stranded);
        let (named, flipped) = match own {
            Some(s) => (s, false),
            None => (
                flips
                    .iter()
                    .copied()
                    .filter(stranded)
                    .min_by_key(|&s| Into::<u32>::into(s))
                    .unwrap_or(p),
                true,
            ),
        };
        (W::board_point(named), flipped)
    }
}
