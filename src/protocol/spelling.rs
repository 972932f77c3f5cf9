//! Suggestions for misspelt words: commands, flags and option names, in every front-end.

/// ` (did you mean 'x'?)` when one of `known` is a likely spelling of `word`, else nothing.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let limit = (word.chars().count() / 3).clamp(1, 3);
    known
        .into_iter()
        // Case is no spelling: option names are read in any case.
        .map(|k| {
            let d = edit_distance(&word.to_ascii_lowercase(), &k.to_ascii_lowercase());
            (d, k)
        })
        .filter(|&(d, _)| d <= limit)
        .min()
        .map_or(String::new(), |(_, k)| format!(" (did you mean '{k}'?)"))
}

/// The optimal-string-alignment distance in characters: insertions, deletions,
/// substitutions and swaps of two neighbours (`bnech` is one step from `bench`).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let mut d = (rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]))
                .min(rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspellings_get_a_suggestion_and_strangers_none() {
        assert_eq!(edit_distance("bnech", "bench"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(
            did_you_mean("--movtime", ["--depth", "--movetime"]),
            " (did you mean '--movetime'?)"
        );
        assert_eq!(
            did_you_mean("bnech", ["bench", "match"]),
            " (did you mean 'bench'?)"
        );
        assert_eq!(did_you_mean("--frob", ["--depth", "--movetime"]), "");
        assert_eq!(did_you_mean("x", ["--depth"]), "");
        assert_eq!(did_you_mean("hsh", ["Hash"]), " (did you mean 'Hash'?)");
    }
}
