//! The record reader on arbitrary bytes: see `stonefield::fuzzing::read_record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stonefield::fuzzing::read_record(data));
