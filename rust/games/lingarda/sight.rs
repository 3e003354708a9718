//! Lines of sight and lifelines: the sight table, the ray rule, and the
//! exact placement test.
//!
//! Between turns every stone on the board has a lifeline (RULES.md §6), and a
//! placement at `p` changes only the rays that run through `p`: those of the
//! first stone met from `p` in each of the six directions (its *ends*). So
//! the only stones that can lose their lifeline are in the sight components
//! of the ends whose ray through `p` was worth something (it left the board,
//! or reached a friendly stone); every other component is one that the
//! position before already grounded, untouched. The test searches from those
//! ends alone, each search stopping at the first stone that sees the edge or
//! that an earlier search of the same candidate proved grounded. A search
//! first tries the route that last led from its start to such a stone (a
//! direction remembered per stone, checked step by step on the tables), as
//! the same stones are searched again and again for the candidates of a turn
//! and of the turns after it; the imagined stone, which has no route yet,
//! first tries those of the friends it sees.
//!
//! The candidate is weighed on the real tables: the imagined stone and the
//! rays it cuts are written in, and the flips while the mover's stones are
//! checked, then all of it is restored. So a search reads one table entry
//! per ray and one cell per stone it meets.

use super::{Lingarda, Scratch};
use crate::board::{Point, NO_POINT};
use crate::core::{Colour, EMPTY};

/// The six hex directions; direction `d + 3` is the opposite of `d`.
pub(super) const DIRECTIONS: usize = 6;

/// A sight entry: a ray with no empty point (a stone's entries only).
const CLOSED: Point = 0x8000 | LOOKUP_MASK;
/// A sight entry: the line leaves the board with no stone met. Like
/// [`CLOSED`] it has the high bit set, which no point index has (a board has
/// at most 1801 points), so one test tells "a stone" from "no stone".
pub(super) const EDGE: Point = NO_POINT;
const NOT_A_STONE: Point = 0x8000;
/// The most steps of a remembered route that a search follows.
const MAX_ROUTE: usize = 16;

/// The parent direction of a search's start, which no friend was met from.
const NOT_MET: u8 = DIRECTIONS as u8;
/// Per direction a friend was seen in, the direction (as a bit) in which it
/// sees back; none for [`NOT_MET`].
const MET_FROM: [u8; DIRECTIONS + 1] = [1 << 3, 1 << 4, 1 << 5, 1, 1 << 1, 1 << 2, 0];

/// The direction opposite `d` (`d < 6`), in a form the compiler can bound.
#[inline]
fn opposite(d: usize) -> usize {
    (d + 3) % DIRECTIONS
}

/// The cells and the counts of edge rays are kept for `LOOKUP_MASK + 1`
/// points, empty and zero past the board's, so that a sight entry masked
/// with it reads them without first telling a stone from no stone: the
/// stone's, or the padding's for [`CLOSED`] and [`EDGE`], whose masked bits
/// are all set (a board has at most 1801 points). And with the length known,
/// no bounds check is left to make.
pub(super) const LOOKUP_MASK: Point = 0x7FF;

/// A table kept per point for `LOOKUP_MASK + 1` points (see
/// [`LOOKUP_MASK`]): its length is in its type.
pub(super) type Padded = Box<[u8; LOOKUP_MASK as usize + 1]>;

/// What a padded table (the cells, or the counts of edge rays) holds for
/// the stone a sight entry names, or the padding's value when it names
/// none (see [`LOOKUP_MASK`]).
#[inline]
fn at_entry(table: &Padded, entry: Point) -> u8 {
    table[(entry & LOOKUP_MASK) as usize]
}

/// Per point, its six sight entries.
pub(super) type Row = [Point; DIRECTIONS];

/// Whether a placement is legal, and if not, why (RULES.md §6, Placement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Legal,
    /// The new stone would have no lifeline.
    NoLifeline,
    /// After the flip, this stone of the mover (or flipped to the mover)
    /// would be without a lifeline.
    Stranded(Point),
}

/// What a glance could not settle: whether the imagined stone already has a
/// lifeline, and the ends (a bit per direction) whose worthwhile ray it cuts
/// with no other ray to the edge left: enemy ends, and friendly ends
/// adjacent to it.
#[derive(Clone, Copy, Debug)]
struct Risk {
    grounded: bool,
    ends: u8,
    /// The directions (a bit each) in which the imagined stone sees a
    /// friendly stone across an empty point.
    friends: u8,
}

/// A stone imagined on the board: what was written to the tables, to be
/// restored.
#[derive(Clone, Copy, Debug)]
struct Imagined {
    p: Point,
    /// The first stone met from `p` in each direction, or [`EDGE`].
    ends: [Point; DIRECTIONS],
}

impl Lingarda {
    /// Ruling (lifelines), the ray: the ray of stone `s` in direction `d` is
    /// the run of empty points before the line leaves the board or meets a
    /// stone. It can be a lifeline only when it holds at least one empty
    /// point (so adjacent friendly stones do not share, and an edge stone has
    /// none toward the outside); it then is one when it leaves the board, or
    /// when it ends at a friendly stone that has a lifeline, which
    /// [`Lingarda::reaches_edge`] decides as the least fixpoint.
    ///
    /// `sight[s][d]` holds the ray's verdict: [`CLOSED`] when it has no
    /// empty point, [`EDGE`] when it leaves the board, else the stone it ends
    /// at; `edge_rays[s]` counts the rays that leave the board. (For an empty
    /// point the entry is the first stone met, or [`EDGE`].) This writes what
    /// a stone placed on the empty point `p` changes for stones: its own
    /// entries, and those of the first stone met in each direction (its
    /// *end*), whose ray toward `p` now stops there. The end's ray used to run
    /// through `p` to the end on the other side, so the entries written over
    /// are all known from `p`'s own entries.
    fn cut_rays(&mut self, p: Point) -> Imagined {
        let ends = self.sight[p as usize];
        let steps: &Row = self
            .board
            .adjacency()
            .steps(p)
            .try_into()
            .expect("six directions");
        let sink = self.sink();
        let mut edge_rays = 0;
        let counts = &mut self.edge_rays;
        // Without branches: what each end is, is a coin toss to the branch
        // predictor. A missing end's entries go to the sink row.
        for d in 0..DIRECTIONS {
            let end = ends[d];
            let adjacent = steps[d] == end;
            let closed = (steps[d] == NO_POINT) | adjacent;
            let is_stone = end != EDGE;
            self.sight[p as usize][d] = if closed { CLOSED } else { end };
            edge_rays += (!closed & !is_stone) as u8;
            let e = if is_stone { end } else { sink } as usize;
            self.sight[e][opposite(d)] = if adjacent { CLOSED } else { p };
            let lost_edge = ends[opposite(d)] == EDGE;
            let count = &mut counts[e & LOOKUP_MASK as usize];
            *count = count.wrapping_sub(lost_edge as u8);
        }
        counts[(p & LOOKUP_MASK) as usize] = edge_rays;
        self.wipe_sink();
        Imagined { p, ends }
    }

    /// The sink row of the sight table: one past the points, where writes
    /// about a missing end go so that no branch decides whether to write.
    fn sink(&self) -> Point {
        (self.sight.len() - 1) as Point
    }

    /// Puts the sink row back as it always is between writes, so that the
    /// tables compare equal whatever was written there.
    fn wipe_sink(&mut self) {
        let sink = self.sink() as usize;
        self.sight[sink] = [EDGE; DIRECTIONS];
        self.edge_rays[sink] = 0;
    }

    /// Imagines a stone of `colour` on the empty point `p`, for searches.
    fn imagine(&mut self, p: Point, colour: Colour) -> Imagined {
        self.cells[p as usize] = colour.stone();
        self.cut_rays(p)
    }

    /// Undoes [`Lingarda::imagine`].
    fn forget(&mut self, imagined: &Imagined) {
        let p = imagined.p as usize;
        let ends = imagined.ends;
        self.cells[p] = EMPTY;
        self.edge_rays[p] = 0;
        self.sight[p] = ends;
        let sink = self.sink();
        let counts = &mut self.edge_rays;
        // Without branches, as in `cut_rays`.
        for d in 0..DIRECTIONS {
            let end = ends[d];
            let e = if end != EDGE { end } else { sink } as usize;
            let beyond = ends[opposite(d)];
            self.sight[e][opposite(d)] = beyond;
            let count = &mut counts[e & LOOKUP_MASK as usize];
            *count = count.wrapping_add((beyond == EDGE) as u8);
        }
        self.wipe_sink();
    }

    /// Ruling (lifelines), the fixpoint: whether the stone at `start`, of
    /// `colour`, has a lifeline, by a search along lines of sight between
    /// stones of that colour for one whose ray leaves the board. A stone has
    /// a lifeline exactly when such a chain exists, which is the smallest set
    /// closed under the ray rule. The search stops at the first grounded
    /// stone, or at one marked safe by an earlier search of the same
    /// candidate; on success every stone it met is marked safe, and the path
    /// it found is remembered as the stones' routes; on failure
    /// [`Lingarda::component`] is the whole ungrounded component. A route is
    /// only a hint, so a broken one costs a few steps, never a wrong answer.
    pub(super) fn reaches_edge(&mut self, start: Point, colour: Colour) -> bool {
        if self.edge_rays[start as usize] > 0 {
            self.scratch.safe.mark(start);
            return true;
        }
        self.follows_route(start, colour) || self.searches(start, colour)
    }

    /// Whether the route that last led from `start` to a grounded stone
    /// still does, each step checked on the tables as they stand (it may have
    /// broken, or loop, hence the bound); if so its stones are marked safe.
    fn follows_route(&mut self, start: Point, colour: Colour) -> bool {
        let stone = colour.stone();
        let Scratch { safe, route, .. } = &mut self.scratch;
        let (sight, cells) = (&self.sight[..], &self.cells[..]);
        let edge_rays = &self.edge_rays[..];
        let mut s = start;
        for steps in 1..=MAX_ROUTE {
            let t = sight[s as usize][route[s as usize] as usize];
            if t & NOT_A_STONE != 0 || cells[t as usize] != stone || t == start {
                break;
            }
            if edge_rays[t as usize] > 0 || safe.is_marked(t) {
                let mut s = start;
                for _ in 0..steps {
                    safe.mark(s);
                    s = sight[s as usize][route[s as usize] as usize];
                }
                return true;
            }
            s = t;
        }
        false
    }

    /// The breadth-first part of [`Lingarda::reaches_edge`], for a `start`
    /// with no ray to the edge.
    fn searches(&mut self, start: Point, colour: Colour) -> bool {
        let stone = colour.stone();
        let enemy = colour.opponent().stone();
        let Scratch {
            component,
            component_len,
            seen,
            safe,
            route,
            parent,
            sees_enemy,
            ..
        } = &mut self.scratch;
        let sight = &self.sight[..];
        let (cells, edge_rays) = (&self.cells, &self.edge_rays);
        let mut enemies = false;
        seen.clear();
        seen.mark(start);
        component[0] = start;
        parent[0] = (0, NOT_MET);
        let mut len = 1;
        let mut i = 0;
        // Only stones with no ray to the edge are kept, so the entries read
        // are CLOSED or stones. Which entries are friends, and which friends
        // are new, is a coin toss to the branch predictor, so both are
        // decided without a branch: the friends as a mask of directions, and
        // each friend is written past the end of the list, and kept or not.
        while i < len {
            let row = &sight[component[i] as usize];
            // The friend it was met from sees it back (a ray read from its
            // other end), and was already found not grounded.
            let met_from = MET_FROM[parent[i].1 as usize];
            i += 1;
            let mut friends = 0u8;
            for (d, &t) in row.iter().enumerate() {
                let cell = at_entry(cells, t);
                friends |= ((cell == stone) as u8) << d;
                enemies |= cell == enemy;
            }
            friends &= !met_from;
            while friends != 0 {
                let d = friends.trailing_zeros() as usize;
                let t = row[d];
                friends &= friends - 1;
                if (at_entry(edge_rays, t) > 0) | safe.is_marked(t) {
                    // The path found, from here back to the start, becomes
                    // the route of its stones.
                    let (mut k, mut d) = (i - 1, d as u8);
                    loop {
                        route[component[k] as usize] = d;
                        if k == 0 {
                            break;
                        }
                        let (from, via) = parent[k];
                        (k, d) = (from as usize, via);
                    }
                    for &s in &component[..len] {
                        safe.mark(s);
                    }
                    return true;
                }
                component[len] = t;
                parent[len] = ((i - 1) as u16, d as u8);
                len += seen.mark(t) as usize;
            }
        }
        *component_len = len;
        *sees_enemy = enemies;
        false
    }

    /// The stones the last failed [`Lingarda::reaches_edge`] met: a whole
    /// component without a lifeline.
    fn component(&self) -> &[Point] {
        &self.scratch.component[..self.scratch.component_len]
    }

    /// Placement: whether the mover may place on the empty point `p`. Legal
    /// when (1) the new stone has a lifeline, and (2) after every enemy stone
    /// left without one flips to the mover, all at once, every stone of the
    /// mover has one. On return `scratch.flips` holds the stones that flip
    /// (complete when legal), and `scratch.weighed` is `p` when legal.
    ///
    /// Exact given the invariant that every stone now has a lifeline: only
    /// the components of ends that lost a worthwhile ray can lose their
    /// ground; friendly ends seeing `p` across an empty point share its
    /// lifeline; and the stones that flip form whole enemy components. So one
    /// search per such enemy end, per such friendly end adjacent to `p`, and
    /// per flipped component decides, and a friendly end that no flip can
    /// help decides alone.
    pub(super) fn weigh(&mut self, p: Point) -> Verdict {
        self.scratch.weighed = NO_POINT;
        self.scratch.flips.clear();
        let verdict = match self.glance(p) {
            Ok(verdict) => verdict,
            Err(risk) => {
                let mover = self.turn.to_move();
                let enemy = mover.opponent();
                self.scratch.safe.clear();
                self.scratch.flipped.clear();
                self.scratch.flip_starts.clear();
                let imagined = self.imagine(p, mover);
                let verdict = self.judge(&imagined, risk, mover, enemy);
                for &s in &self.scratch.flips {
                    self.cells[s as usize] = enemy.stone();
                }
                self.forget(&imagined);
                verdict
            }
        };
        if verdict == Verdict::Legal {
            self.scratch.weighed = p;
        }
        verdict
    }

    /// The common cases of [`Lingarda::weigh`], read off the tables without
    /// a search: `NoLifeline` when no ray of `p` with an empty point leaves
    /// the board or reaches a friendly stone; `Legal` (with no flip) when a
    /// ray of `p` leaves the board or reaches a friendly stone with a ray of
    /// its own to the edge, and every end whose worthwhile ray `p` cuts keeps
    /// another ray to the edge. Otherwise the [`Risk`] a search must settle.
    #[inline]
    fn glance(&self, p: Point) -> Result<Verdict, Risk> {
        let ends = &self.sight[p as usize];
        let steps: &Row = self
            .board
            .adjacency()
            .steps(p)
            .try_into()
            .expect("six directions");
        let mover = self.turn.to_move().stone();
        let (cells, counts) = (&self.cells, &self.edge_rays);
        let mut risk = Risk {
            grounded: false,
            ends: 0,
            friends: 0,
        };
        // Without branches, as in `reaches_edge`: what each end is, is a coin
        // toss to the branch predictor.
        for (d, (&end, &step)) in ends.iter().zip(steps).enumerate() {
            // An empty neighbour is the only way a ray holds an empty point.
            let open = step != end;
            let is_stone = end != EDGE;
            let cell = at_entry(cells, end);
            let beyond = ends[opposite(d)];
            let lost_edge = beyond == EDGE;
            let edge_rays = at_entry(counts, end);
            let beyond_cell = at_entry(cells, beyond);
            let friend = open & (cell == mover);
            risk.friends |= (friend as u8) << d;
            risk.grounded |= (!is_stone & open) | (friend & (edge_rays > lost_edge as u8));
            let cut = lost_edge | (beyond_cell == cell);
            let at_risk = is_stone & !friend & (edge_rays <= lost_edge as u8) & cut;
            risk.ends |= (at_risk as u8) << d;
        }
        if !risk.grounded && risk.friends == 0 {
            Ok(Verdict::NoLifeline)
        } else if risk.grounded && risk.ends == 0 {
            Ok(Verdict::Legal)
        } else {
            Err(risk)
        }
    }

    /// Whether no neighbour of the empty point `p` is empty: no stone can
    /// ever be placed there again, as stones never leave the board. Read
    /// without a branch: in every direction the first stone met from `p` is
    /// its neighbour, or the line leaves the board at once.
    pub(super) fn is_dead(&self, p: Point) -> bool {
        self.sight[p as usize] == self.board.adjacency().steps(p)
    }

    /// The steps of [`Lingarda::weigh`], on the imagined stone, with what
    /// [`Lingarda::glance`] learned: the new stone's lifeline, the friendly
    /// ends at risk before the flip, the enemy ends (which settle the flip),
    /// then the friendly ends still in doubt and the flipped components after
    /// it. Leaves the flipped stones as the mover's.
    fn judge(&mut self, imagined: &Imagined, risk: Risk, mover: Colour, enemy: Colour) -> Verdict {
        let p = imagined.p;
        if risk.grounded || self.sees_grounded_friend(imagined, risk.friends, mover) {
            self.scratch.safe.mark(p);
        } else if !self.searches(p, mover) {
            return Verdict::NoLifeline;
        }
        // The ends at risk, in direction order: a walk over the set bits,
        // as a test per direction would be a coin toss to the predictor.
        let ends_at_risk = || {
            let mut bits = risk.ends;
            std::iter::from_fn(move || {
                let d = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                imagined.ends.get(d).copied()
            })
        };
        // A friendly end grounded before the flip stays so after it (a flip
        // only adds friends); one whose component is not, and sees no enemy
        // stone or has none at risk to flip, stays ungrounded whatever
        // flips, and then the enemy ends need no search.
        let enemy_at_risk = ends_at_risk().any(|end| self.cells[end as usize] == enemy.stone());
        let mut undecided = false;
        for end in ends_at_risk() {
            if self.cells[end as usize] == mover.stone()
                && !self.scratch.safe.is_marked(end)
                && !self.reaches_edge(end, mover)
            {
                if !enemy_at_risk || !self.scratch.sees_enemy {
                    return Verdict::Stranded(end);
                }
                undecided = true;
            }
        }
        for end in ends_at_risk() {
            if self.cells[end as usize] != enemy.stone()
                || self.scratch.safe.is_marked(end)
                || self.scratch.flipped.is_marked(end)
            {
                continue;
            }
            if !self.reaches_edge(end, enemy) {
                // The whole component lost its ground: it flips.
                let scratch = &mut self.scratch;
                let component = &scratch.component[..scratch.component_len];
                for &s in component {
                    scratch.flipped.mark(s);
                }
                scratch.flips.extend_from_slice(component);
                scratch.flip_starts.push(end);
            }
        }
        for &s in &self.scratch.flips {
            self.cells[s as usize] = mover.stone();
        }
        // The friendly ends at risk are adjacent to p (the others see it);
        // flipped stones are now the mover's, so they are skipped here and
        // searched as flipped components below.
        for end in ends_at_risk() {
            if undecided
                && self.cells[end as usize] == mover.stone()
                && !self.scratch.flipped.is_marked(end)
                && !self.scratch.safe.is_marked(end)
                && !self.reaches_edge(end, mover)
            {
                return Verdict::Stranded(end);
            }
        }
        for k in 0..self.scratch.flip_starts.len() {
            let start = self.scratch.flip_starts[k];
            if !self.scratch.safe.is_marked(start) && !self.reaches_edge(start, mover) {
                return Verdict::Stranded(start);
            }
        }
        Verdict::Legal
    }

    /// Whether a friend that the imagined stone sees (a bit per direction
    /// in `friends`) still follows its route to a grounded stone; the new
    /// stone, which has no route of its own yet, then takes the one to it.
    fn sees_grounded_friend(&mut self, imagined: &Imagined, friends: u8, mover: Colour) -> bool {
        let mut bits = friends;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.follows_route(imagined.ends[d], mover) {
                self.scratch.route[imagined.p as usize] = d as u8;
                return true;
            }
        }
        false
    }

    /// The stone to name when a placement strands the mover's stones: the
    /// first, by point index, of the stranded component that `weigh` just
    /// searched, preferring a stone the mover already had to one that flips.
    pub(super) fn stranded_to_name(&self) -> (Point, bool) {
        let component = self.component();
        let own = component
            .iter()
            .copied()
            .filter(|&s| !self.scratch.flipped.is_marked(s))
            .min();
        match own {
            Some(s) => (s, false),
            None => (component.iter().copied().min().unwrap_or(NO_POINT), true),
        }
    }

    /// Places the mover's stone at `p` for good, with the flips of the last
    /// legal weighing of `p`.
    pub(super) fn commit(&mut self, p: Point) {
        let mover = self.turn.to_move();
        let ends = self.cut_rays(p).ends;
        // The empty points between p and its ends now see p. The walk stops
        // at the end, or off the board when there is none (EDGE is NO_POINT).
        let adjacency = self.board.adjacency();
        for d in 0..DIRECTIONS {
            let back = opposite(d);
            let mut q = adjacency.step(p, back);
            while q != ends[back] {
                self.sight[q as usize][d] = p;
                q = adjacency.step(q, back);
            }
        }
        self.cells[p as usize] = mover.stone();
        for &s in &self.scratch.flips {
            self.cells[s as usize] = mover.stone();
        }
        self.scratch.weighed = NO_POINT;
    }

    /// Rebuilds the sight table from the cells (for positions set up
    /// directly, e.g. in tests).
    #[cfg(test)]
    pub(super) fn rebuild_sight(&mut self) {
        let adjacency = self.board.adjacency();
        for q in 0..self.board.points() as Point {
            for d in 0..DIRECTIONS {
                let mut t = adjacency.step(q, d);
                let entry = if self.cells[q as usize] != EMPTY
                    && (t == NO_POINT || self.cells[t as usize] != EMPTY)
                {
                    CLOSED
                } else {
                    while t != NO_POINT && self.cells[t as usize] == EMPTY {
                        t = adjacency.step(t, d);
                    }
                    if t == NO_POINT {
                        EDGE
                    } else {
                        t
                    }
                };
                self.sight[q as usize][d] = entry;
            }
            let entries = &self.sight[q as usize];
            let stone = self.cells[q as usize] != EMPTY;
            self.edge_rays[q as usize] = if stone {
                entries.iter().filter(|&&e| e == EDGE).count() as u8
            } else {
                0
            };
        }
    }

    /// The stones that have a lifeline, as a flag per point: on the board as
    /// it stands (`p == NO_POINT`), or with a stone of the mover imagined on
    /// the empty point `p`, before any flip.
    pub(super) fn lifeline_flags(&mut self, p: Point) -> Vec<bool> {
        let imagined = (p != NO_POINT).then(|| self.imagine(p, self.turn.to_move()));
        self.scratch.safe.clear();
        self.scratch.weighed = NO_POINT;
        let mut flags = vec![false; self.board.points()];
        for s in 0..self.board.points() as Point {
            let Some(colour) = Colour::of_cell(self.cells[s as usize]) else {
                continue;
            };
            flags[s as usize] = self.scratch.safe.is_marked(s) || self.reaches_edge(s, colour);
        }
        if let Some(imagined) = imagined {
            self.forget(&imagined);
        }
        flags
    }
}
