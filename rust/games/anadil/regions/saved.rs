//! A copy of a description kept in the work space, to return to when a
//! placement turns out to leave the board as it was (a lone stone that
//! smothers itself and nothing else): copying the description before is
//! cheaper than taking the stone off again through `Regions::remove`.

use super::Regions;

impl Regions {
    /// Keeps a copy of this description for [`Regions::restore`].
    pub(in crate::games::anadil) fn save(&mut self) {
        self.scratch.saved.clone_from(&self.described);
        self.scratch.saved.keep_room();
    }

    /// Returns to the description the last [`Regions::save`] kept; the board
    /// must be as it was then but for a stone placed since that joined no
    /// group and went alone. The witnesses found meanwhile are kept: every
    /// group is as it was, and each witness, beside its group, was an empty
    /// cell other than the stone's.
    pub(in crate::games::anadil) fn restore(&mut self) {
        std::mem::swap(&mut self.scratch.saved, &mut self.described);
        self.described
            .witness
            .clone_from(&self.scratch.saved.witness);
    }
}
