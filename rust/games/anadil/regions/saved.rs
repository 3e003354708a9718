//! A copy of a description kept in the work space, to return to when a
//! placement turns out to leave the board as it was (a lone stone that
//! smothers itself and nothing else): copying the description before is
//! cheaper than taking the stone off again through `Regions::remove`.

use super::Regions;

/// The description of one board, as [`Regions::save`] left it.
#[derive(Debug, Default)]
pub(super) struct Saved {
    grid: Vec<u8>,
    comp: Vec<u16>,
    size: Vec<u16>,
    touching: Vec<[u8; 2]>,
    first: Vec<[u16; 2]>,
    second: Vec<[u16; 2]>,
    alive: Vec<bool>,
    dead: [usize; 2],
    smothered_cells: Vec<u16>,
    listed: Vec<bool>,
    unused: Vec<u16>,
}

impl Regions {
    /// Keeps a copy of this description for [`Regions::restore`].
    pub(in crate::games::anadil) fn save(&mut self) {
        let saved = &mut self.scratch.saved;
        saved.grid.clone_from(&self.grid);
        saved.comp.clone_from(&self.comp);
        saved.size.clone_from(&self.size);
        saved.touching.clone_from(&self.touching);
        saved.first.clone_from(&self.first);
        saved.second.clone_from(&self.second);
        saved.alive.clone_from(&self.alive);
        saved.dead = self.dead;
        saved.smothered_cells.clone_from(&self.smothered_cells);
        saved.listed.clone_from(&self.listed);
        saved.unused.clone_from(&self.unused);
    }

    /// Returns to the description the last [`Regions::save`] kept; the board
    /// must be as it was then.
    pub(in crate::games::anadil) fn restore(&mut self) {
        let saved = &mut self.scratch.saved;
        std::mem::swap(&mut saved.grid, &mut self.grid);
        std::mem::swap(&mut saved.comp, &mut self.comp);
        std::mem::swap(&mut saved.size, &mut self.size);
        std::mem::swap(&mut saved.touching, &mut self.touching);
        std::mem::swap(&mut saved.first, &mut self.first);
        std::mem::swap(&mut saved.second, &mut self.second);
        std::mem::swap(&mut saved.alive, &mut self.alive);
        std::mem::swap(&mut saved.dead, &mut self.dead);
        std::mem::swap(&mut saved.smothered_cells, &mut self.smothered_cells);
        std::mem::swap(&mut saved.listed, &mut self.listed);
        std::mem::swap(&mut saved.unused, &mut self.unused);
    }
}
