//! Stable sorting through one instantiation of the standard library's sort.
//!
//! Every `slice::sort_by` on a new element type or comparator instantiates the whole driftsort,
//! about 3.5 KB of wasm each; eighteen of them were 4 % of the npm package's code. Here a sort
//! orders a list of indices with a comparator behind a reference (one instantiation for the crate)
//! and then moves the items into that order by swaps, the only part generic in the item type.
//! The result is the standard stable sort's: equal items keep their order.
//!
//! `collect` into a `BTreeMap` or `BTreeSet` sorts too, with a copy of the sort for every item and
//! iterator type; [`CollectSorted`] fills them by inserting instead.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// `collect` into the ordered collections, by insertion.
pub trait CollectSorted: Iterator + Sized {
    /// `collect::<BTreeSet<_>>()`.
    fn collect_set(self) -> BTreeSet<Self::Item>
    where
        Self::Item: Ord,
    {
        let mut set = BTreeSet::new();
        for item in self {
            set.insert(item);
        }
        set
    }

    /// `collect::<BTreeMap<_, _>>()`: a later entry with the same key wins, as there.
    fn collect_map<K: Ord, V>(self) -> BTreeMap<K, V>
    where
        Self: Iterator<Item = (K, V)>,
    {
        let mut map = BTreeMap::new();
        for (key, value) in self {
            map.insert(key, value);
        }
        map
    }
}

impl<I: Iterator> CollectSorted for I {}

/// `items.sort_by(compare)`.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order = stable_order(items.len(), &|a, b| compare(&items[a], &items[b]));
    permute(&mut order, &mut |a, b| items.swap(a, b));
}

/// `items.sort()`.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// `items.sort_by_key(key)`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The indices `0..len` in the order `compare` sorts the items they stand for, ties by index.
fn stable_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|a, b| compare(*a, *b));
    order
}

/// Rearranges items so that position `i` holds the item that was at `order[i]`, walking each cycle
/// of the permutation once; `order` is used up as the record of visited positions.
fn permute(order: &mut [usize], swap: &mut dyn FnMut(usize, usize)) {
    const DONE: usize = usize::MAX;
    for start in 0..order.len() {
        let mut at = start;
        while order[at] != DONE {
            let from = order[at];
            order[at] = DONE;
            if from == start {
                break;
            }
            swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny deterministic generator, so the test needs no dependency.
    fn numbers(seed: u64, len: usize, range: u64) -> Vec<u64> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) % range
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        for (seed, len) in [(1, 0), (2, 1), (3, 2), (4, 7), (5, 100), (6, 1000)] {
            // (key, original position): stability shows in the positions of equal keys.
            let items: Vec<(u64, usize)> = numbers(seed, len, 10).into_iter().zip(0..).collect();
            let mut ours = items.clone();
            let mut theirs = items.clone();
            sort_by_key(&mut ours, |item| item.0);
            theirs.sort_by_key(|item| item.0);
            assert_eq!(ours, theirs, "seed {seed}, {len} items");
            let mut ours = items.clone();
            let mut theirs = items;
            sort(&mut ours);
            theirs.sort();
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn collects_as_collect_does_with_later_entries_winning() {
        let pairs = [(3, "c"), (1, "a"), (3, "z"), (2, "b")];
        assert_eq!(
            pairs.into_iter().collect_map(),
            pairs.into_iter().collect::<BTreeMap<_, _>>()
        );
        let items = [5, 1, 5, 3];
        assert_eq!(
            items.into_iter().collect_set(),
            items.into_iter().collect::<BTreeSet<_>>()
        );
    }

    #[test]
    fn moves_owned_items_without_losing_or_copying_any() {
        let mut words: Vec<String> = ["pear", "fig", "apple", "kiwi", "date"]
            .map(String::from)
            .to_vec();
        sort_by(&mut words, |a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
        assert_eq!(words, ["fig", "date", "kiwi", "pear", "apple"]);
    }
}
