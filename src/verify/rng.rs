//! A small deterministic PRNG (SplitMix64): the one random-number generator of the
//! crate (the fuzzer, the property tests and the benchmarks' inputs).

use glam::{DVec2, Vec2};

/// SplitMix64: a 64-bit state, one multiply-xorshift finaliser per draw.
#[derive(Clone, Debug)]
pub struct Rng(u64);

pub(super) fn splitmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator of pair `index` of run `seed` (independent streams per index).
    pub fn for_pair(seed: u64, index: u64) -> Rng {
        Rng(splitmix(seed.wrapping_add(0x9E37_79B9_7F4A_7C15))
            ^ splitmix(index.wrapping_mul(0xD1B5_4A32_D192_ED03).wrapping_add(1)))
    }

    /// A further stream of pair `index` of run `seed`, told apart by `salt`:
    /// independent of [`Rng::for_pair`]'s, so drawing from it leaves the pair as it is.
    pub fn for_stream(seed: u64, index: u64, salt: u64) -> Rng {
        let Rng(state) = Rng::for_pair(seed, index);
        Rng(splitmix(state ^ splitmix(salt)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix(self.0)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// `10^x` with `x` uniform in [`lo`, `hi`].
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(self.range(lo, hi))
    }

    /// Uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn sign(&mut self) -> f64 {
        if self.next_u64() & 1 == 1 {
            1.0
        } else {
            -1.0
        }
    }

    pub fn unit_vector(&mut self) -> DVec2 {
        let t = self.range(0.0, std::f64::consts::TAU);
        DVec2::new(t.cos(), t.sin())
    }

    pub fn angle(&mut self) -> f32 {
        self.range(-std::f64::consts::PI, std::f64::consts::PI) as f32
    }

    /// True or false, evenly.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Uniform integer in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A point with both coordinates uniform in [`lo`, `hi`), drawn in f64, stored in f32.
    pub fn vec(&mut self, lo: f64, hi: f64) -> Vec2 {
        Vec2::new(self.range(lo, hi) as f32, self.range(lo, hi) as f32)
    }

    /// Uniform in [0, 1) with f32's 24 bits.
    pub fn unit_f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in [`lo`, `hi`) in f32.
    pub fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit_f32()
    }

    /// A point with both coordinates uniform in [`lo`, `hi`) in f32.
    pub fn vec_f32(&mut self, lo: f32, hi: f32) -> Vec2 {
        Vec2::new(self.range_f32(lo, hi), self.range_f32(lo, hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // SplitMix64 from state 0: the published first output.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            let u = r.unit_f32();
            assert!((0.0..1.0).contains(&u));
            assert!(r.below(3) < 3);
        }
    }
}
