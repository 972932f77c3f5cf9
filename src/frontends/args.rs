//! The command lines of the front-ends: words, `--flag value` pairs and switches, read in
//! order, and numbers read within a range with one wording of the error.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// One item of a command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// Anything not starting with `--`.
    Word(&'a str),
    /// A `--flag` and the value after it.
    Flag(&'a str, &'a str),
    /// A `--flag` that takes no value (one of the switches the caller named).
    Switch(&'a str),
}

/// Reads `args` in order; a flag without its value is an error (`--depth needs a value`).
pub struct Args<'a> {
    rest: std::slice::Iter<'a, String>,
    switches: &'a [&'a str],
}

impl<'a> Args<'a> {
    /// `switches` are the flags that take no value.
    pub fn new(args: &'a [String], switches: &'a [&'a str]) -> Args<'a> {
        Args {
            rest: args.iter(),
            switches,
        }
    }
}

impl<'a> Iterator for Args<'a> {
    type Item = Result<Arg<'a>, String>;

    fn next(&mut self) -> Option<Self::Item> {
        let arg = self.rest.next()?.as_str();
        Some(if !arg.starts_with("--") {
            Ok(Arg::Word(arg))
        } else if self.switches.contains(&arg) {
            Ok(Arg::Switch(arg))
        } else {
            match self.rest.next() {
                Some(value) => Ok(Arg::Flag(arg, value)),
                None => Err(format!("{arg} needs a value")),
            }
        })
    }
}

/// The value of `flag` as a whole number within `range`:
/// `--games needs a whole number from 2 to 100000, not 'x'`.
pub fn number<T>(flag: &str, value: &str, range: RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    value
        .parse::<T>()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| {
            format!(
                "{flag} needs a whole number from {} to {}, not '{value}'",
                range.start(),
                range.end()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn words_flags_and_switches_come_in_order() {
        let args = words("white --level 6 --ugi in --seed");
        let read: Vec<_> = Args::new(&args, &["--ugi"]).collect();
        assert_eq!(
            read,
            vec![
                Ok(Arg::Word("white")),
                Ok(Arg::Flag("--level", "6")),
                Ok(Arg::Switch("--ugi")),
                Ok(Arg::Word("in")),
                Err("--seed needs a value".to_string()),
            ]
        );
    }

    #[test]
    fn numbers_are_read_within_their_range() {
        assert_eq!(number("--depth", "7", 1..=64), Ok(7u32));
        assert_eq!(
            number::<u32>("--depth", "0", 1..=64),
            Err("--depth needs a whole number from 1 to 64, not '0'".to_string())
        );
        assert!(number::<u64>("--seed", "-1", 0..=u64::MAX).is_err());
        assert!(number::<u16>("--plies", "many", 0..=200).is_err());
    }
}
