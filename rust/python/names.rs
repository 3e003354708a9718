//! Every action's text as a shared, interned Python string, made once per
//! (board, special actions) and shared by every state of such a game. The
//! tables live as long as the process, as the boards do, so a state or a
//! snapshot of its legal moves holds a plain reference: no reference count
//! to move on every call.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::games::{Action, AnyPosition, Position};

/// The texts of a game's actions, and the way back from text to action.
pub struct ActionNames {
    texts: Vec<Py<PyString>>,
    actions: HashMap<&'static str, Action>,
    /// The same map as a Python dict: looking a Python string up there uses
    /// the hash the string caches, much cheaper than hashing it again.
    by_text: Py<PyDict>,
    /// The actions by the address of their interned text, an open-addressing
    /// table (address 0 marks a free slot): a move handed back as the very
    /// string the bindings gave out is found without a dict lookup. The
    /// texts live as long as this table, so no other string has their
    /// addresses.
    by_address: Box<[(usize, Action)]>,
}

/// The first slot of `address` in a table of `len` slots (a power of two).
#[inline]
fn slot(address: usize, len: usize) -> usize {
    // Objects are 16-byte aligned: the low bits say nothing.
    (((address >> 4) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (len - 1)
}

/// The table of [`ActionNames::by_address`] for `texts`.
fn address_table(texts: &[Py<PyString>]) -> Box<[(usize, Action)]> {
    let len = (2 * texts.len()).next_power_of_two();
    let mut table = vec![(0, 0); len].into_boxed_slice();
    for (a, text) in texts.iter().enumerate() {
        let address = text.as_ptr() as usize;
        let mut i = slot(address, len);
        while table[i].0 != 0 {
            i = (i + 1) & (len - 1);
        }
        table[i] = (address, a as Action);
    }
    table
}

impl ActionNames {
    /// The text of action `a` (a valid index).
    #[inline]
    pub fn text<'py>(&self, py: Python<'py>, a: Action) -> Bound<'py, PyString> {
        self.texts[a as usize].bind(py).clone()
    }

    /// The action whose canonical (lower-case) text is `text`.
    #[inline]
    pub fn action(&self, text: &str) -> Option<Action> {
        self.actions.get(text).copied()
    }

    /// The action whose canonical text is the Python string `text`.
    #[inline]
    pub fn action_of(&self, text: &Bound<'_, PyString>) -> Option<Action> {
        let address = text.as_ptr() as usize;
        let len = self.by_address.len();
        let mut i = slot(address, len);
        loop {
            match self.by_address[i] {
                (0, _) => break,
                (a, action) if a == address => return Some(action),
                _ => i = (i + 1) & (len - 1),
            }
        }
        let found = self.by_text.bind(text.py()).get_item(text).ok()??;
        found.extract().ok()
    }

    /// The number of actions.
    #[allow(clippy::len_without_is_empty)] // every game has actions
    pub fn len(&self) -> usize {
        self.texts.len()
    }
}

/// Names by board address and special actions (address and length): all
/// are `'static`, so they identify a game's action space. The length tells
/// apart a game's specials with and without `swap`, which share a start.
type Key = (usize, usize, usize);

static CACHE: Mutex<Option<HashMap<Key, &'static ActionNames>>> = Mutex::new(None);

/// The shared names of `game`'s actions.
pub fn action_names(py: Python<'_>, game: &AnyPosition) -> PyResult<&'static ActionNames> {
    let specials = game.specials();
    let key = (
        game.board() as *const _ as usize,
        specials.as_ptr() as usize,
        specials.len(),
    );
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let cache = cache.get_or_insert_with(HashMap::new);
    if let Some(&names) = cache.get(&key) {
        return Ok(names);
    }
    let mut texts = Vec::with_capacity(game.num_actions());
    let mut actions = HashMap::with_capacity(game.num_actions());
    let by_text = PyDict::new(py);
    for a in 0..game.num_actions() as Action {
        let text = game.action_text(a)?;
        let interned = PyString::intern(py, text);
        by_text.set_item(&interned, a)?;
        texts.push(interned.unbind());
        actions.insert(text, a);
    }
    // One table per action space the process meets, kept for good: the
    // boards they name are kept for good too.
    let names: &'static ActionNames = Box::leak(Box::new(ActionNames {
        by_address: address_table(&texts),
        texts,
        actions,
        by_text: by_text.unbind(),
    }));
    cache.insert(key, names);
    Ok(names)
}
