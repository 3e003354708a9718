//! The fuzz harnesses as a bounded smoke run: the committed seed corpus
//! (`fuzz/seeds/`) and a fixed set of generated inputs.

use std::path::Path;

use super::{drive_game, read_record};
use crate::core::Rng;

/// Every file of `fuzz/seeds/<target>`.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable seed").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no seeds", dir.display());
    files
        .iter()
        .map(|f| std::fs::read(f).expect("a seed"))
        .collect()
}

/// `count` inputs of up to `len` random bytes, the same every run.
fn generated(count: u64, len: usize) -> Vec<Vec<u8>> {
    (0..count)
        .map(|i| {
            let mut rng = Rng::for_game(7, i);
            let n = rng.below(len + 1);
            (0..n).map(|_| rng.next_u64() as u8).collect()
        })
        .collect()
}

#[test]
fn the_game_harness_holds_on_its_seeds_and_on_random_bytes() {
    for input in seeds("drive_game").iter().chain(&generated(400, 96)) {
        drive_game(input);
    }
}

#[test]
fn the_record_harness_holds_on_its_seeds_and_on_random_bytes() {
    for input in seeds("read_record") {
        read_record(&input);
        // Each seed with one byte changed, at every position.
        for i in 0..input.len() {
            for b in [b' ', b'\n', b';', b'#', b'=', b'9', 0xff] {
                let mut changed = input.clone();
                changed[i] = b;
                read_record(&changed);
            }
        }
    }
    for input in generated(400, 64) {
        read_record(&input);
    }
}
