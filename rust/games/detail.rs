/// A game's answer to a query: a small JSON-like value, so that the bindings
/// can carry any game's counters and breakdowns without knowing the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
    List(Vec<Detail>),
    Map(Vec<(String, Detail)>),
}

impl Detail {
    /// A map from `(key, value)` pairs.
    pub fn map<K: Into<String>>(pairs: impl IntoIterator<Item = (K, Detail)>) -> Detail {
        Detail::Map(pairs.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// `{"black": b, "white": w}`.
    pub fn per_colour(values: [f64; 2]) -> Detail {
        Detail::map([
            ("black", Detail::Float(values[0])),
            ("white", Detail::Float(values[1])),
        ])
    }
}
