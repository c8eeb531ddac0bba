//! The labels a move family can show, as a regular language over characters, and whether two
//! families' languages share a word. Two families whose languages share none can never give two
//! moves of one position the same label, so their labels need not be worked out while exploring
//! (`labels_checked`): `{r} {c} left` (a digit first) and `right {r} {c}` (an `r` first) are
//! apart although neither their fixed starts nor their fixed ends tell them apart.
//!
//! A language is a sequence of character classes, each taken once, at most once or any number
//! of times; that is enough for literal text, numbers (`-?[0-9]+`) and square names
//! (`[a-z]+[0-9]+`). A language may hold more than the family can show (a number's range is not
//! kept): sharing is then only overstated, and an overstated share only keeps labels checked.

use rustc_hash::FxHashSet;

/// The characters one step of a label can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Char(char),
    /// `0` to `9`.
    Digit,
    /// `a` to `z`.
    Lower,
}

/// How many times a class is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Times {
    Once,
    AtMostOnce,
    Any,
}

/// The labels of one family: its classes in order.
#[derive(Clone, Debug, Default)]
pub(super) struct Lang(Vec<(Class, Times)>);

impl Lang {
    /// Fixed text, character by character.
    pub(super) fn text(&mut self, t: &str) {
        self.0
            .extend(t.chars().map(|c| (Class::Char(c), Times::Once)));
    }

    /// A number as `{v}` writes it: a `-` only when it may be negative, then one digit or more.
    pub(super) fn number(&mut self, may_be_negative: bool) {
        if may_be_negative {
            self.0.push((Class::Char('-'), Times::AtMostOnce));
        }
        self.digits();
    }

    /// A square's name (`rules::square_name`): one letter or more, then the row's number from
    /// 1 (a negative row or column fails rather than being shown).
    pub(super) fn square(&mut self) {
        self.0.push((Class::Lower, Times::Once));
        self.0.push((Class::Lower, Times::Any));
        self.digits();
    }

    fn digits(&mut self) {
        self.0.push((Class::Digit, Times::Once));
        self.0.push((Class::Digit, Times::Any));
    }
}

/// Whether some character is in both classes.
fn meet(a: Class, b: Class) -> bool {
    match (a, b) {
        (Class::Char(x), Class::Char(y)) => x == y,
        (Class::Char(c), Class::Digit) | (Class::Digit, Class::Char(c)) => c.is_ascii_digit(),
        (Class::Char(c), Class::Lower) | (Class::Lower, Class::Char(c)) => c.is_ascii_lowercase(),
        (Class::Digit, Class::Digit) | (Class::Lower, Class::Lower) => true,
        (Class::Digit, Class::Lower) | (Class::Lower, Class::Digit) => false,
    }
}

/// Whether no label is in both languages: no path through the product of the two (a state is
/// how far each has read; both read a character of both classes together, and a class taken at
/// most once or any number of times may be passed over alone) reaches both ends. Each state
/// visited costs one of `budget`, since a file of a megabyte can hold labels whose product has
/// 10^11 states: once it is spent the languages are said to meet (and labels are checked).
pub(super) fn disjoint(a: &Lang, b: &Lang, budget: &mut u64) -> bool {
    let (a, b) = (&a.0, &b.0);
    let mut seen = FxHashSet::default();
    let mut todo = vec![(0, 0)];
    seen.insert((0, 0));
    while let Some((i, j)) = todo.pop() {
        if i == a.len() && j == b.len() || *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut next = Vec::with_capacity(3);
        let skips = |step: Option<&(Class, Times)>| step.is_some_and(|s| s.1 != Times::Once);
        if skips(a.get(i)) {
            next.push((i + 1, j));
        }
        if skips(b.get(j)) {
            next.push((i, j + 1));
        }
        // A class taken any number of times stays where it is after a character.
        let after = |k: usize, t: Times| if t == Times::Any { k } else { k + 1 };
        if let (Some(&(x, s)), Some(&(y, t))) = (a.get(i), b.get(j)) {
            if meet(x, y) {
                next.push((after(i, s), after(j, t)));
            }
        }
        todo.extend(next.into_iter().filter(|&n| seen.insert(n)));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{disjoint, Lang};

    /// A language from a template: `{n}` a number never negative, `{-n}` one that may be,
    /// `{sq}` a square's name; anything else is text.
    fn lang(template: &str) -> Lang {
        let mut l = Lang::default();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            l.text(&rest[..open]);
            let close = open + rest[open..].find('}').expect("closed");
            match &rest[open + 1..close] {
                "n" => l.number(false),
                "-n" => l.number(true),
                "sq" => l.square(),
                other => panic!("{other}"),
            }
            rest = &rest[close + 1..];
        }
        l.text(rest);
        l
    }

    fn apart(a: &str, b: &str) -> bool {
        let (x, y) = (lang(a), lang(b));
        let apart = |x, y| disjoint(x, y, &mut 1000);
        assert_eq!(apart(&x, &y), apart(&y, &x), "{a} / {b}: not symmetric");
        apart(&x, &y)
    }

    #[test]
    fn neither_start_nor_end_but_the_first_character() {
        assert!(apart("{n} {n} left", "right {n} {n}"));
        assert!(apart("{n} {n} left", "{n} {n} right"));
        assert!(apart("left {n} {n}", "right {n} {n}"));
        assert!(apart("{n} left", "{n} more left"));
        assert!(apart("{n} left", "{n}"));
        assert!(apart("a{n}", "{n}"));
        assert!(apart("take", "take {n}"));
        assert!(apart("take {n}", "take {n} {n}"));
        assert!(apart("{sq}", "{n}"));
        assert!(apart("{sq}", "{sq}-{sq}"));
    }

    #[test]
    fn languages_that_share_a_label() {
        assert!(!apart("{n} x", "{n} x"));
        assert!(!apart("take {n}", "take 1"));
        assert!(!apart("take", "take"));
        // `a1` is square(0, 0).
        assert!(!apart("a{n}", "{sq}"));
        assert!(!apart("{sq}", "ab{n}"));
        assert!(!apart("x{sq}", "xab{n}"));
        // `1 1`: the first's two numbers, the second's number and its `1`.
        assert!(!apart("{n} {n}", "{n} 1"));
        assert!(!apart("{n}{n}", "{n}"));
        assert!(!apart("{n}", "007"));
        // A number that may be negative shows a `-` first; one that may not, never.
        assert!(!apart("{-n}", "-{n}"));
        assert!(apart("{n}", "-{n}"));
        assert!(!apart("{-n}", "{n}"));
        assert!(apart("{-n}", "--{n}"));
        assert!(!apart("", ""));
        assert!(apart("", "{n}"));
        assert!(apart("", "{-n}"));
    }

    /// Telling `11...1x` from `11...1y` takes a state for each `1`.
    #[test]
    fn a_spent_budget_says_the_languages_meet() {
        let ones = |end: &str| lang(&format!("{}{end}", "1".repeat(100_000)));
        let (x, y) = (ones("x"), ones("y"));
        let mut budget = 100_001;
        assert!(disjoint(&x, &y, &mut budget));
        assert_eq!(budget, 0);
        let mut budget = 100_000;
        assert!(!disjoint(&x, &y, &mut budget));
        assert_eq!(budget, 0);
        assert!(!disjoint(&lang("x{n}"), &lang("y{n}"), &mut 0));
    }
}
