//! Seeds and random numbers: how a run's seed becomes each puzzle's own reproducible stream.
//!
//! **Invariant:** everything random in the generator comes from [`PuzzleRng`], which draws raw
//! 32-bit words from ChaCha8 (its output for a key is fixed by the cipher, so it is the same on
//! every machine and with every version of `rand_chacha`) and does its own range sampling and
//! shuffling on top. No `rand` sampling API is used, because those are allowed to change their
//! output between versions.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The seed of puzzle number `index` (from 0) of a run started with `run_seed`.
///
/// Puzzle 0's seed is the run's seed itself, so `nonet generate --seed S` (one puzzle) and the
/// first puzzle of `nonet generate --seed S --count 100` are the same puzzle. Later puzzles get a
/// well-mixed seed of their own, reported beside them in JSON/CSV output: with the same options,
/// that seed alone reproduces that one puzzle. Derived seeds are below 2^53, so they survive
/// JSON and JavaScript numbers intact.
pub fn puzzle_seed(run_seed: u64, index: u64) -> u64 {
    if index == 0 {
        return run_seed;
    }
    // SplitMix64's finaliser over (seed, index): a fixed, documented bijection with good mixing.
    let mut z = run_seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & ((1 << 53) - 1)
}

/// The random stream of one puzzle: ChaCha8 keyed by the puzzle's seed.
#[derive(Clone, Debug)]
pub struct PuzzleRng {
    inner: ChaCha8Rng,
}

impl PuzzleRng {
    /// The stream for a puzzle seed (see [`puzzle_seed`]).
    pub fn new(seed: u64) -> PuzzleRng {
        // The key is the seed's little-endian bytes followed by a fixed tag, spelled out here
        // rather than left to `seed_from_u64`, whose key expansion is not ours to pin down.
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(b"nonet-gn");
        PuzzleRng {
            inner: ChaCha8Rng::from_seed(key),
        }
    }

    /// The next raw 32-bit word.
    pub fn next_u32(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// A uniform number in `0..n`. Panics if `n == 0`.
    ///
    /// Lemire's multiply-and-reject method: exact (no modulo bias) and, because it is written
    /// here, fixed forever.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        let m = u64::from(self.next_u32()) * u64::from(n);
        // The rejection threshold (2^32 mod n) is below n, so a low word of at least n is
        // accepted without working it out: the division is left to the rare draws below n.
        if (m as u32) >= n {
            return (m >> 32) as u32;
        }
        let threshold = n.wrapping_neg() % n;
        let mut m = m;
        loop {
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
            m = u64::from(self.next_u32()) * u64::from(n);
        }
    }

    /// Shuffles `items` uniformly (Fisher-Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chacha_stream_is_pinned() {
        // If this fails, the random stream changed and every published seed now names other
        // puzzles: that must never happen silently.
        let mut rng = PuzzleRng::new(1);
        let words: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        let mut again = PuzzleRng::new(1);
        let words2: Vec<u32> = (0..4).map(|_| again.next_u32()).collect();
        assert_eq!(words, words2);
        assert_eq!(words, PINNED_SEED_1.to_vec());
    }

    /// The first four words of `PuzzleRng::new(1)`, recorded when the key layout was fixed.
    const PINNED_SEED_1: [u32; 4] = [4089327484, 3802845882, 1041326703, 1237162606];

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = PuzzleRng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }

    /// The shortcut in `below` keeps Lemire's method exactly: the same draws and answers as
    /// the threshold worked out every time (large `n` reach the slow path often).
    #[test]
    fn below_matches_the_plain_rejection() {
        for n in [1, 2, 3, 7, 81, 1 << 31, 3 << 30, u32::MAX] {
            let mut fast = PuzzleRng::new(u64::from(n));
            let mut plain = fast.clone();
            for _ in 0..2000 {
                let threshold = n.wrapping_neg() % n;
                let expected = loop {
                    let m = u64::from(plain.next_u32()) * u64::from(n);
                    if (m as u32) >= threshold {
                        break (m >> 32) as u32;
                    }
                };
                assert_eq!(fast.below(n), expected, "n = {n}");
            }
            assert_eq!(
                fast.next_u32(),
                plain.next_u32(),
                "n = {n}: same words used"
            );
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = PuzzleRng::new(3);
        let mut v: Vec<u32> = (0..81).collect();
        rng.shuffle(&mut v);
        assert_ne!(v, (0..81).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..81).collect::<Vec<_>>());
    }

    #[test]
    fn puzzle_seeds_differ_and_start_with_the_run_seed() {
        assert_eq!(puzzle_seed(42, 0), 42);
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| puzzle_seed(42, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_eq!(puzzle_seed(42, 5), puzzle_seed(42, 5));
    }
}
