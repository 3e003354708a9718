//! Whether a group breathes, and whether a new stone's group would.

use super::chains::{NONE, TOUCHED};
use super::Game;
use crate::board::Point;
use crate::core::{Colour, Width, EMPTY};

impl<W: Width> Game<W> {
    /// Ruling (smothered): a group is smothered when every one of its
    /// liberties is obstructed by exactly one enemy group (different
    /// liberties may name different groups), or when it has no liberty at
    /// all; a liberty whose region touches no enemy group, or two or more,
    /// keeps it alive.
    pub(super) fn is_smothered(&mut self, g: u16) -> bool {
        let head = self.groups[W::of(g)].head;
        // The enemy of a stone's colour, looked up: a match on the colour
        // here would branch at random.
        let enemy = [Colour::White, Colour::Black][self.cells[W::of(head)] as usize - 1];
        !self.breathes_outside(g, enemy, NONE)
    }

    /// Whether group `g` has a liberty that keeps it alive (its region
    /// touched by no enemy group or by two or more) in a region other than
    /// `avoid`; `enemy` is the colour opposing the group's. The liberties
    /// where it last breathed are tried first, then what its last whole
    /// scan found, if that still holds; only then is the group scanned.
    pub(super) fn breathes_outside(&mut self, g: u16, enemy: Colour, avoid: u16) -> bool {
        for q in self.groups[W::of(g)].breath {
            if self.cells[W::of(q)] == EMPTY {
                let r = self.label[W::of(q)];
                if r != avoid && self.obstruction(r, enemy) != 1 {
                    return true;
                }
            }
        }
        let group = &self.groups[W::of(g)];
        if group.touched[0] != NONE {
            let mut holds = true;
            for (&r, &changes) in group.touched.iter().zip(&group.changes) {
                holds &= self.regions[W::of(r)].changes == changes;
            }
            if holds {
                return group.only != NONE && group.only != avoid;
            }
        }
        let rings = self.rings;
        // The regions met so far; each is decided at its first liberty.
        let mut touched = [NONE; TOUCHED];
        let mut met = 0;
        // Whether the group breathes in `avoid`, seen on the way.
        let mut only = NONE;
        let head = group.head;
        let mut s = head;
        loop {
            let mut liberties = self.around(s, EMPTY);
            while liberties != 0 {
                let q = rings[s as usize][liberties.trailing_zeros() as usize];
                liberties &= liberties - 1;
                let r = self.label[W::of(q)];
                if touched.contains(&r) {
                    continue;
                }
                if met < TOUCHED {
                    touched[met] = r;
                }
                met += 1;
                if self.obstruction(r, enemy) == 1 {
                    continue;
                }
                if r == avoid {
                    only = r;
                    continue;
                }
                let record = &mut self.groups[W::of(g)];
                record.breath = [q, record.breath[0]];
                return true;
            }
            s = self.next[W::of(s)];
            if s == head {
                break;
            }
        }
        // Scanned whole: the group breathes in `avoid` at most. The verdict
        // is kept when its regions fit the list.
        let record = &mut self.groups[W::of(g)];
        record.only = only;
        record.touched[0] = NONE;
        if (1..=TOUCHED).contains(&met) {
            for i in 0..TOUCHED {
                let r = touched[i.min(met - 1)];
                record.touched[i] = r;
                record.changes[i] = self.regions[W::of(r)].changes;
            }
        }
        false
    }

    /// Ruling (placement): a placement on empty point `p` is legal when, on
    /// the board with the new stone and before any removal, the group holding
    /// it is not smothered.
    ///
    /// The new group touches every part of the region minus `p` (each holds a
    /// neighbour of `p`) and every region its merged groups touched besides
    /// `p`'s, which the stone leaves unchanged. So it lives when some part is
    /// touched by no enemy group or by two or more, or when a merged group
    /// already breathes in another region. The parts are read from the
    /// region's counts and witnesses when the stone cannot split the region;
    /// only otherwise are they explored, and then only until decided.
    pub(super) fn stone_would_live(&mut self, p: Point, colour: Colour) -> bool {
        let ring = self.ring(p, colour);
        let r0 = self.label[W::of(p)];
        let enemy = colour.opponent();
        if ring.empty != 0 {
            let enemies = self.obstruction(r0, enemy);
            if enemies == 0 {
                return true;
            }
            let [a, b] = self.regions[W::of(r0)].witness[enemy.index()];
            let decided = ring.arcs() == 1
                && match enemies {
                    // Both enemy groups still touch the one part.
                    2 if a.empty != p && b.empty != p => return true,
                    // The one enemy group still touches the one part.
                    1 => a.empty != p,
                    _ => false,
                };
            if !decided {
                let (reps, arcs) = ring.arc_points();
                if self.some_part_breathes(p, &reps[..arcs], enemy, enemies) {
                    return true;
                }
            }
        }
        if ring.friend != 0 {
            let (friends, _) = self.groups_in(&ring, ring.friend);
            // The slots past the groups hold none.
            for &(f, _) in friends.iter().take_while(|&&(f, _)| f != NONE) {
                if self.breathes_outside(f, enemy, r0) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether some part of `p`'s region minus `p`, each holding one of
    /// `reps`, is touched by a number of `enemy` groups other than one.
    /// `enemies` is the region's own count (1 or 2): a part has at most as
    /// many, so with 1 a part is decided at its first enemy contact, and
    /// with 2 at its second distinct enemy group. Breadth-first, so that
    /// nearby contacts decide early. Out of line, so that the common tests
    /// that need no exploring do not save registers for it.
    #[inline(never)]
    fn some_part_breathes(&mut self, p: Point, reps: &[Point], enemy: Colour, enemies: u8) -> bool {
        let rings = self.rings;
        let stone = enemy.stone();
        // The queue is the first `queued` entries of a buffer the size of
        // the board: a point is written before it is known to be new, so
        // queueing it does not branch.
        // Slices, so that the buffers' addresses stay in registers.
        let queue = &mut self.scratch.queue;
        let marks = &mut self.scratch.marks;
        let (around, label) = (&self.around, &self.label);
        for &rep in reps {
            marks.clear();
            marks.mark(p);
            marks.mark(rep);
            queue[0] = rep;
            let mut queued = 1;
            let mut first = NONE;
            let mut next = 0;
            'fill: while next < queued {
                let q = queue[next];
                next += 1;
                let ring = &rings[q as usize];
                let mut contacts = (around[W::of(q)] >> (8 * stone as u32)) & 0x3f;
                while contacts != 0 {
                    let g = label[W::of(ring[contacts.trailing_zeros() as usize])];
                    contacts &= contacts - 1;
                    if first == NONE {
                        first = g;
                        if enemies == 1 {
                            break 'fill;
                        }
                    } else if g != first {
                        return true;
                    }
                }
                let mut empties = around[W::of(q)] & 0x3f;
                while empties != 0 {
                    let m = ring[empties.trailing_zeros() as usize];
                    empties &= empties - 1;
                    queue[queued] = m;
                    queued += usize::from(marks.mark(m));
                }
            }
            if first == NONE {
                return true;
            }
        }
        false
    }
}
