//! Random draws a search needs beyond uniform integers: uniform reals, the
//! Dirichlet noise AlphaZero mixes into the root's priors, and a draw in
//! proportion to weights.

use crate::core::Rng;

/// A uniform real in `[0, 1)`, from the top 53 bits.
#[inline]
pub fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal draw (Box-Muller; one of the pair is used).
fn normal(rng: &mut Rng) -> f64 {
    let u = 1.0 - unit(rng); // in (0, 1], so its log is finite
    let v = unit(rng);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A Gamma(`shape`, 1) draw, by Marsaglia and Tsang's method; a shape
/// below 1 is boosted by `Gamma(shape + 1) * U^(1 / shape)`.
fn gamma(rng: &mut Rng, shape: f64) -> f64 {
    if shape < 1.0 {
        let u = 1.0 - unit(rng);
        return gamma(rng, shape + 1.0) * u.powf(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = unit(rng);
        if u < 1.0 - 0.0331 * x.powi(4) || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
            return d * v;
        }
    }
}

/// Fills `out` with one draw of a symmetric Dirichlet distribution of
/// concentration `alpha` (> 0): non-negative, summing to 1.
pub fn dirichlet(rng: &mut Rng, alpha: f64, out: &mut [f64]) {
    for x in out.iter_mut() {
        *x = gamma(rng, alpha);
    }
    let total: f64 = out.iter().sum();
    if total > 0.0 {
        out.iter_mut().for_each(|x| *x /= total);
    } else {
        // Every draw underflowed (a tiny alpha): all the mass on one entry.
        let k = rng.below(out.len());
        out.iter_mut()
            .enumerate()
            .for_each(|(i, x)| *x = f64::from(u8::from(i == k)));
    }
}

/// An index drawn in proportion to `weights` (non-negative, not all 0).
pub fn weighted(rng: &mut Rng, weights: impl Iterator<Item = f64> + Clone) -> usize {
    let total: f64 = weights.clone().sum();
    let mut target = unit(rng) * total;
    let mut last = 0;
    for (i, w) in weights.enumerate() {
        if w > 0.0 {
            if target < w {
                return i;
            }
            target -= w;
            last = i;
        }
    }
    last // rounding left the target past the end: the last positive weight
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dirichlet_draws_sum_to_one_and_have_the_expected_mean() {
        let mut rng = Rng::new(3);
        let mut sums = [0.0; 4];
        let mut out = [0.0; 4];
        for _ in 0..4000 {
            dirichlet(&mut rng, 0.3, &mut out);
            assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(out.iter().all(|&x| x >= 0.0));
            for (s, x) in sums.iter_mut().zip(out) {
                *s += x;
            }
        }
        for s in sums {
            assert!((s / 4000.0 - 0.25).abs() < 0.03, "{sums:?}");
        }
    }

    #[test]
    fn gamma_has_mean_equal_to_its_shape() {
        let mut rng = Rng::new(9);
        for shape in [0.1, 0.5, 1.0, 3.0] {
            let mean = (0..20_000).map(|_| gamma(&mut rng, shape)).sum::<f64>() / 20_000.0;
            assert!(
                (mean - shape).abs() < 0.05 * shape.max(1.0),
                "{shape}: {mean}"
            );
        }
    }

    #[test]
    fn weighted_draws_follow_the_weights_and_skip_zeros() {
        let mut rng = Rng::new(1);
        let weights = [0.0, 1.0, 0.0, 3.0];
        let mut seen = [0; 4];
        for _ in 0..8000 {
            seen[weighted(&mut rng, weights.iter().copied())] += 1;
        }
        assert_eq!((seen[0], seen[2]), (0, 0));
        assert!(
            (seen[3] as f64 / seen[1] as f64 - 3.0).abs() < 0.3,
            "{seen:?}"
        );
    }
}
