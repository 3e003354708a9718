/// A small, fast, seedable generator (xoshiro256++), seeded through
/// SplitMix64 so that nearby seeds give unrelated streams.
///
/// Batches seed one generator per game from `(seed, game index)`, which is
/// what makes results independent of the number of threads.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator for one seed.
    pub fn new(seed: u64) -> Self {
        let mut state = seed;
        Rng {
            s: [
                splitmix64(&mut state),
                splitmix64(&mut state),
                splitmix64(&mut state),
                splitmix64(&mut state),
            ],
        }
    }

    /// The generator of game `index` in a batch seeded with `seed`.
    pub fn for_game(seed: u64, index: u64) -> Self {
        let mut mix = seed ^ 0x5851_F42D_4C95_7F2D;
        let a = splitmix64(&mut mix);
        let mut state = a ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Rng::new(splitmix64(&mut state))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-shift with
    /// rejection, so there is no modulo bias.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            // Only now can the draw fall in the biased zone; the division is
            // paid on this rare path alone.
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        assert!(seen.iter().all(|&k| k > 800 && k < 1200), "{seen:?}");
    }

    #[test]
    fn games_of_one_batch_get_different_streams() {
        let a = Rng::for_game(1, 0).next_u64();
        let b = Rng::for_game(1, 1).next_u64();
        let c = Rng::for_game(2, 0).next_u64();
        assert!(a != b && a != c && b != c);
        assert_eq!(Rng::for_game(1, 0).next_u64(), a);
    }
}
