//! What is known of the supergroups of one colour that reach a region
//! (Ruling (reach)): how many, exactly up to two, and up to two of them by
//! id. Exact small counts let a removal or a merge say what reaches a region
//! afterwards without walking it.

use super::NONE;

/// A count of `SEVERAL`: two or more, not known to be exactly two.
pub(super) const SEVERAL: u8 = 3;

/// The supergroups of one colour known to reach a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reach {
    /// 0, 1 or 2 exactly, or `SEVERAL`.
    pub(super) count: u8,
    /// The first `count` reaching supergroups (two of them for `SEVERAL`),
    /// `NONE` past them.
    pub(super) ids: [u16; 2],
}

/// What became of a supergroup that lost stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fate {
    /// No stone is left.
    Gone,
    /// What is left is one supergroup, with the same id.
    Whole,
    /// What is left fell apart.
    Split,
}

impl Reach {
    /// Nothing reaches.
    pub(super) const NOTHING: Reach = Reach {
        count: 0,
        ids: [NONE; 2],
    };

    /// The supergroups known by id.
    fn known(self) -> impl Iterator<Item = u16> {
        let known = usize::from(self.count.min(2));
        self.ids.into_iter().take(known)
    }

    /// With supergroup `id` reaching too.
    pub(super) fn with(self, id: u16) -> Reach {
        let [a, b] = self.ids;
        match self.count {
            0 => Reach {
                count: 1,
                ids: [id, NONE],
            },
            1 if a != id => Reach {
                count: 2,
                ids: [a, id],
            },
            2 if a != id && b != id => Reach {
                count: SEVERAL,
                ..self
            },
            _ => self,
        }
    }

    /// With what `other` knows reaching too (a region merged in).
    pub(super) fn join(self, other: Reach) -> Reach {
        match (self.count, other.count) {
            (_, 0) | (SEVERAL, _) => self,
            (0, _) | (_, SEVERAL) => other,
            _ => other.known().fold(self, Reach::with),
        }
    }

    /// After the supergroups in `merged` became `target`; `None` when that
    /// leaves the count unknown (two witnesses of `SEVERAL` merged).
    pub(super) fn merge(self, merged: &[u16], target: u16) -> Option<Reach> {
        let rename = |id: u16| if merged.contains(&id) { target } else { id };
        if self.count == SEVERAL {
            let [a, b] = self.ids.map(rename);
            return (a != b).then_some(Reach {
                ids: [a, b],
                ..self
            });
        }
        Some(self.known().map(rename).fold(Reach::NOTHING, Reach::with))
    }

    /// After a removal, given the fate of each supergroup (`None` for one
    /// that lost nothing); `None` when that leaves the count unknown (a
    /// known one split, or a witness of `SEVERAL` went).
    pub(super) fn after_removal(self, fate: impl Fn(u16) -> Option<Fate>) -> Option<Reach> {
        if self.count == SEVERAL {
            let stay = self
                .ids
                .iter()
                .all(|&id| !matches!(fate(id), Some(Fate::Gone | Fate::Split)));
            return stay.then_some(self);
        }
        let mut left = Reach::NOTHING;
        for id in self.known() {
            match fate(id) {
                Some(Fate::Gone) => {}
                Some(Fate::Split) => return None,
                _ => left = left.with(id),
            }
        }
        Some(left)
    }
}
