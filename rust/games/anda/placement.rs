//! Whether a group breathes, and whether a new stone's group would.

use super::chains::NONE;
use super::Anda;
use crate::board::Point;
use crate::core::{Colour, EMPTY};

impl Anda {
    /// Ruling (smothered): a group is smothered when every one of its
    /// liberties is obstructed by exactly one enemy group (different
    /// liberties may name different groups), or when it has no liberty at
    /// all; a liberty whose region touches no enemy group, or two or more,
    /// keeps it alive.
    pub(super) fn is_smothered(&mut self, g: u16) -> bool {
        self.breathing(g)[0] == NONE
    }

    /// Up to two distinct regions holding a liberty of group `g` that keeps
    /// it alive (touched by no enemy group or by two or more), [`NONE`]
    /// where there are fewer. Cached until the position changes.
    pub(super) fn breathing(&mut self, g: u16) -> [u16; 2] {
        let group = self.groups[g as usize];
        if group.breathing_version == self.version {
            return group.breathing;
        }
        let board = self.board;
        let enemy = Colour::of_cell(self.cells[group.head as usize]).expect("a group has stones").opponent();
        let mut found = [NONE; 2];
        let mut s = group.head;
        'stones: loop {
            for &q in board.neighbours(s) {
                if self.cells[q as usize] != EMPTY {
                    continue;
                }
                let r = self.label[q as usize];
                if r != found[0] && self.obstruction(r, enemy) != 1 {
                    if found[0] == NONE {
                        found[0] = r;
                    } else {
                        found[1] = r;
                        break 'stones;
                    }
                }
            }
            s = self.next[s as usize];
            if s == group.head {
                break;
            }
        }
        let group = &mut self.groups[g as usize];
        group.breathing = found;
        group.breathing_version = self.version;
        found
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
        let r0 = self.label[p as usize];
        let enemy = colour.opponent();
        if ring.arcs > 0 {
            let enemies = self.obstruction(r0, enemy);
            if enemies == 0 {
                return true;
            }
            let [a, b] = self.regions[r0 as usize].witness[enemy.index()];
            let decided = ring.arcs == 1
                && match enemies {
                    // Both enemy groups still touch the one part.
                    2 if a.empty != p && b.empty != p => return true,
                    // The one enemy group still touches the one part.
                    1 => a.empty != p,
                    _ => false,
                };
            if !decided && self.some_part_breathes(p, &ring.reps[..ring.arcs], enemy, enemies) {
                return true;
            }
        }
        for &f in &ring.friends[..ring.friend_count] {
            let [first, second] = self.breathing(f);
            if (first != NONE && first != r0) || second != NONE {
                return true;
            }
        }
        false
    }

    /// Whether some part of `p`'s region minus `p`, each holding one of
    /// `reps`, is touched by a number of `enemy` groups other than one.
    /// `enemies` is the region's own count (1 or 2): a part has at most as
    /// many, so with 1 a part is decided at its first enemy contact, and
    /// with 2 at its second distinct enemy group.
    fn some_part_breathes(&mut self, p: Point, reps: &[Point], enemy: Colour, enemies: u8) -> bool {
        let board = self.board;
        let stone = enemy.stone();
        for &rep in reps {
            self.scratch.marks.clear();
            self.scratch.marks.mark(p);
            self.scratch.marks.mark(rep);
            self.scratch.stack.clear();
            self.scratch.stack.push(rep);
            let mut first = NONE;
            let mut alive = true;
            'fill: while let Some(q) = self.scratch.stack.pop() {
                for &m in board.neighbours(q) {
                    let cell = self.cells[m as usize];
                    if cell == EMPTY {
                        if self.scratch.marks.mark(m) {
                            self.scratch.stack.push(m);
                        }
                    } else if cell == stone {
                        let g = self.label[m as usize];
                        if first == NONE {
                            first = g;
                            alive = false;
                            if enemies == 1 {
                                break 'fill;
                            }
                        } else if g != first {
                            return true;
                        }
                    }
                }
            }
            if alive {
                return true;
            }
        }
        false
    }
}
