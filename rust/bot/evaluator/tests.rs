use super::*;

#[test]
fn a_repeated_sum_is_the_sum_of_the_additions() {
    let weights = [
        1.0,
        0.5,
        0.37,
        1.0 / 3.0,
        1.0 / 210.0,
        0.1,
        3.0,
        1e-40,
        f32::from_bits(1),
        f32::MIN_POSITIVE,
        1e30,
        f32::MAX,
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NAN,
    ];
    for weight in weights {
        for count in [1, 2, 3, 7, 100, 218, 361, 1 << 20] {
            let added = (0..count).fold(0.0f32, |sum, _| sum + weight);
            let sum = repeated_sum(weight, count);
            assert_eq!(sum.to_bits(), added.to_bits(), "{count} x {weight}");
        }
    }
}
