//! Fingerprint of random games, to show that a change to a rules engine
//! keeps every game move for move: `cargo run --release --example
//! fingerprint -- lingarda` plays 4,200 random games of the game's ten
//! smallest sides (2-11 for most; Anadil's odd 5-23), with and without pie where the game has
//! it (else twice as many games with its default), and hashes (FNV-1a)
//! every action, the full legal list every 5 plies in a tenth of the games,
//! the legality of a random action in a seventh of them, a clone taken
//! mid-game that plays on with its own seed, and the final scores. Run it
//! before and after a change: the printed line must not change (for
//! Lingarda: `4200 games, 746600 moves, fingerprint 0ce55c2b4493d406`).

use stonefield::core::Rng;
use stonefield::games::option_specs;
use stonefield::{Action, AnyPosition, OptionKind, OptionValue, Options, Position};

/// An FNV-1a hash fed eight bytes at a time.
struct Fnv(u64);

impl Fnv {
    fn eat(&mut self, x: u64) {
        for b in x.to_le_bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

fn main() {
    let game = std::env::args().nth(1).unwrap_or_else(|| "lingarda".into());
    let specs = option_specs(&game).unwrap_or_else(|| panic!("no game {game}"));
    let smallest = specs
        .iter()
        .find_map(|spec| match spec.kind {
            OptionKind::Int { min, .. } if spec.name == "size" => Some(min),
            _ => None,
        })
        .expect("a size option");
    let sides = (smallest..)
        .filter(|&side| {
            let mut options = Options::new([("size", OptionValue::Int(side))]);
            AnyPosition::new(&game, &mut options).is_ok()
        })
        .take(10);
    let has_pie = specs.iter().any(|spec| spec.name == "pie");
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut moves = 0u64;
    let mut buf: Vec<Action> = Vec::new();
    let mut legal: Vec<Action> = Vec::new();
    let mut i = 0u64;
    for side in sides {
        for pie in [true, false] {
            for _ in 0..210 {
                let mut options = Options::new([("size", OptionValue::Int(side))]);
                if has_pie {
                    options = Options::new([
                        ("size", OptionValue::Int(side)),
                        ("pie", OptionValue::Bool(pie)),
                    ]);
                }
                let mut s = AnyPosition::new(&game, &mut options).unwrap();
                let mut rng = Rng::for_game(7, i);
                let full = i % 10 == 0;
                let cap = 10 * s.board().points();
                let mut ply = 0;
                let mut copy: Option<AnyPosition> = None;
                while ply < cap {
                    if full && ply % 5 == 0 {
                        s.legal_actions(&mut legal);
                        h.eat(legal.len() as u64);
                        for &a in &legal {
                            h.eat(a as u64);
                        }
                    }
                    if i % 7 == 3 && ply % 3 == 0 && !s.is_terminal() {
                        let a = (rng.next_u64() % s.num_actions() as u64) as Action;
                        h.eat(s.check(a).is_ok() as u64);
                    }
                    if ply == 2 * side as usize && copy.is_none() {
                        let mut c = s.clone();
                        c.clone_from(&s);
                        copy = Some(c);
                    }
                    let Some(a) = s.random_action(&mut rng, &mut buf) else {
                        break;
                    };
                    h.eat(a as u64);
                    s.apply_unchecked(a);
                    ply += 1;
                    moves += 1;
                }
                if let Some(sc) = s.scores() {
                    h.eat(sc[0].to_bits());
                    h.eat(sc[1].to_bits());
                }
                if let Some(mut c) = copy {
                    let mut r2 = Rng::for_game(8, i);
                    while let Some(a) = c.random_action(&mut r2, &mut buf) {
                        h.eat(a as u64);
                        c.apply_unchecked(a);
                        moves += 1;
                    }
                }
                i += 1;
            }
        }
    }
    println!("{i} games, {moves} moves, fingerprint {:016x}", h.0);
}
