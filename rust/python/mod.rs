//! The Python extension `stonefield._core`: the only Rust code that knows
//! Python. Each piece is a thin wrapper over the rules core.

mod args;
mod batch;
mod bots;
mod convert;
mod env;
mod errors;
mod evaluators;
mod game;
mod interrupt;
mod legal_moves;
mod names;
mod observation;
mod pools;
mod position;
mod puct;
mod record;
mod selfplay;
mod state;
mod views;

use pyo3::prelude::*;

/// Whether nothing but the caller's one reference holds `object`, so that
/// refilling it in place cannot change what anyone else sees.
fn held_once(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: `object` is a live object and the GIL is held.
    unsafe { pyo3::ffi::Py_REFCNT(object.as_ptr()) == 1 }
}

/// Loads numpy's C API while the module is imported, where a failure is an
/// exception, rather than at the first array a call makes, where rust-numpy
/// panics when it cannot load it (as when a Ctrl-C arrives during numpy's
/// import).
fn load_numpy(py: Python<'_>) -> PyResult<()> {
    py.import("numpy._core.multiarray")
        .or_else(|_| py.import("numpy.core.multiarray"))?
        .getattr("_ARRAY_API")?;
    // Every module of numpy's is now imported: this first array only reads
    // the capsule.
    numpy::PyArray1::<f32>::zeros(py, 0, false);
    Ok(())
}

#[pymodule(gil_used = false)]
mod _core {
    #[pymodule_export]
    use super::args::check_arguments;
    #[pymodule_export]
    use super::batch::{playouts, GameBatch};
    #[pymodule_export]
    use super::bots::{games, mcts_search, random_action};
    #[pymodule_export]
    use super::env::VecEnv;
    #[pymodule_export]
    use super::errors::{
        IllegalMoveError, NotationError, OptionError, PositionError, RecordError, StonefieldError,
    };
    #[pymodule_export]
    use super::evaluators::{EvaluatorError, Rollouts, Uniform};
    #[pymodule_export]
    use super::game::{option_table, Game, OptionInfo};
    #[pymodule_export]
    use super::legal_moves::LegalMoves;
    #[pymodule_export]
    use super::observation::observations;
    #[pymodule_export]
    use super::position::{describe, describe_origin, set_up};
    #[pymodule_export]
    use super::puct::{puct_search, PuctConfig};
    #[pymodule_export]
    use super::record::read_record;
    #[pymodule_export]
    use super::selfplay::selfplay;
    #[pymodule_export]
    use super::state::State;
    #[pymodule_export]
    use super::views::anadil::{
        anadil_breaths, anadil_counters, anadil_ending, anadil_group, anadil_region,
        anadil_smothered, anadil_supergroup, Counters as AnadilCounters,
    };
    #[pymodule_export]
    use super::views::anda::{
        anda_breath, anda_counters, anda_score, anda_smothered, anda_territory, Breath,
        Counters as AndaCounters, Liberty, Score as AndaScore,
    };
    #[pymodule_export]
    use super::views::esgrad::{esgrad_partitions, esgrad_score, Group, Score};
    #[pymodule_export]
    use super::views::lingarda::{
        lingarda_enclosures, lingarda_last_placer, lingarda_lifelines, lingarda_preview,
        lingarda_score, Preview, Score as LingardaScore,
    };
    #[pymodule_export]
    use super::views::passes;
    #[pymodule_export]
    use super::views::sunder::{sunder_cuts, Cuts};

    use super::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        super::load_numpy(m.py())?;
        m.add("GAME_NAMES", crate::games::GAME_NAMES.to_vec())?;
        m.add("NO_WINNER", crate::playout::NO_WINNER)?;
        m.add(
            "OptionTypeError",
            super::errors::option_type_error_class(m.py())?,
        )?;
        for (class, fields) in super::errors::FIELDS {
            let class = m.getattr(*class)?;
            for field in *fields {
                class.setattr(*field, m.py().None())?;
            }
        }
        m.add("COMMON_PLANES", crate::observation::COMMON_PLANES.to_vec())
    }
}
