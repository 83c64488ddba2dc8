//! The nearest of some known words to a word the user wrote: the npm package names the key a
//! misspelt key was meant to be, and the reader tells a misspelt `kind` from a kind it does not read.

/// The number of single-character insertions, deletions and substitutions that turn `a` into `b`,
/// ignoring ASCII case (Levenshtein's distance).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (
        a.to_ascii_lowercase().chars().collect(),
        b.to_ascii_lowercase().chars().collect(),
    );
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substituted = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The word of `known` nearest to `word` (the first of equally near ones) and its distance; `None`
/// when `known` is empty.
pub fn nearest<'a>(word: &str, known: &[&'a str]) -> Option<(&'a str, usize)> {
    (known.iter())
        .map(|candidate| (*candidate, edit_distance(word, candidate)))
        .min_by_key(|(_, distance)| *distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_single_character_edits_ignoring_case() {
        assert_eq!(edit_distance("Shot", "Shoot"), 1);
        assert_eq!(edit_distance("shoot", "Shoot"), 0);
        assert_eq!(edit_distance("cloudprofile", "CloudProfile"), 0);
        assert_eq!(edit_distance("", "Seed"), 4);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(
            nearest("timline", &["summary", "timeline"]),
            Some(("timeline", 1))
        );
        assert_eq!(nearest("x", &[]), None);
    }
}
