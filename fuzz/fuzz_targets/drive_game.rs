//! Any game driven by arbitrary bytes: see `stonefield::fuzzing::drive_game`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stonefield::fuzzing::drive_game(data));
