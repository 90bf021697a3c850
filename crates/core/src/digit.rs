//! Digits 1-9 and typed sets of digits (a cell's candidates, a house's missing digits).

use std::fmt;
use std::num::NonZeroU8;

/// A Sudoku digit, 1 to 9. Cannot be built from any other value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// All nine digits in increasing order.
    pub const ALL: [Digit; 9] = {
        let mut all = [Digit(NonZeroU8::MIN); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Digit(match NonZeroU8::new(i as u8 + 1) {
                Some(n) => n,
                None => unreachable!(),
            });
            i += 1;
        }
        all
    };

    /// The digit `n`, or `None` unless `1 <= n <= 9`.
    pub const fn new(n: u8) -> Option<Digit> {
        if n >= 1 && n <= 9 {
            Some(Digit::ALL[n as usize - 1])
        } else {
            None
        }
    }

    /// The digit whose zero-based index (0-8) is `i`. Panics if `i > 8`.
    pub const fn from_index(i: usize) -> Digit {
        Digit::ALL[i]
    }

    /// The digit as a number, 1 to 9.
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The digit's zero-based index, 0 to 8.
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The digit as the character `'1'`..`'9'`.
    pub const fn to_char(self) -> char {
        (b'0' + self.0.get()) as char
    }

    /// The digit written by the character `c`, if it is `'1'`..`'9'`.
    pub fn from_char(c: char) -> Option<Digit> {
        c.to_digit(10).and_then(|n| Digit::new(n as u8))
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits as a 9-bit mask: bit `d - 1` is set when digit `d` is in the set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u16);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// The set of all nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set whose mask is `bits` (bits above the ninth are dropped).
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The 9-bit mask of this set.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `d`.
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }

    /// Whether `d` is in the set.
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// Adds `d`.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }

    /// Removes `d`; says whether it was there.
    pub fn remove(&mut self, d: Digit) -> bool {
        let had = self.contains(d);
        self.0 &= !(1 << d.index());
        had
    }

    /// How many digits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit of the set, if it holds exactly one.
    pub fn single_digit(self) -> Option<Digit> {
        if self.len() == 1 {
            Some(Digit::from_index(self.0.trailing_zeros() as usize))
        } else {
            None
        }
    }

    /// The smallest digit of the set.
    pub fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// Set union.
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Set intersection.
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// The digits of `self` that are not in `other`.
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits not in the set.
    pub const fn complement(self) -> DigitSet {
        DigitSet(!self.0 & 0x1ff)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut s = DigitSet::EMPTY;
        for d in iter {
            s.insert(d);
        }
        s
    }
}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;
    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

/// Iterator over a [`DigitSet`], smallest digit first.
#[derive(Clone)]
pub struct DigitSetIter(u16);

impl Iterator for DigitSetIter {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Digit::from_index(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitSetIter {}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        self.union(rhs)
    }
}
impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        self.intersection(rhs)
    }
}
impl std::ops::BitOrAssign for DigitSet {
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}
impl std::ops::BitAndAssign for DigitSet {
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

/// Written as its digits in increasing order, e.g. `{2, 3, 6}` is `236`; the empty set is `-`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_bounds() {
        assert!(Digit::new(0).is_none());
        assert!(Digit::new(10).is_none());
        assert_eq!(Digit::new(9).unwrap().index(), 8);
        assert_eq!(Digit::from_char('5').unwrap().get(), 5);
        assert!(Digit::from_char('0').is_none());
    }

    #[test]
    fn set_operations() {
        let s: DigitSet = [2, 3, 6].iter().map(|&n| Digit::new(n).unwrap()).collect();
        assert_eq!(s.to_string(), "236");
        assert_eq!(s.len(), 3);
        assert_eq!(s.complement().len(), 6);
        assert_eq!(DigitSet::EMPTY.to_string(), "-");
        assert_eq!(s.single_digit(), None);
        assert_eq!(
            DigitSet::single(Digit::new(4).unwrap()).single_digit(),
            Digit::new(4)
        );
    }
}
