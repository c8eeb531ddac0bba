//! Declared symmetries as transformations of position codes: each symmetric variable's digits
//! permuted by the group its declaration generates (a grid's turns and reflections, an array
//! reversed) or sorted (`any order`). A position's canonical form is its least image, so every
//! class of positions the rules treat alike is solved once.

use super::digits::{less, next_permutation, Chunks, Images};
use super::swap::Swap;
use super::Code;
use crate::rules::group::{group, Perm};
use crate::rules::{Rules, SymmetryKind};
use std::borrow::Cow;
use strength_reduce::StrengthReducedU64;
pub use transforms::Transform;

#[path = "transforms.rs"]
mod transforms;

/// The symmetries of one game: one part per declared variable, each acting on its own digits.
#[derive(Clone, Debug)]
pub struct Symmetry {
    parts: Vec<Part>,
    /// The colour swap (`swap A B`), when declared: it acts on every declaring variable and the
    /// players at once, and commutes with the parts.
    swap: Option<Swap>,
    /// Whether the rules are proven to treat the swap alike (`rules::proves_swap`).
    swap_proven: bool,
    /// The transformations checked at each position, listed (see `transforms`).
    transforms: Option<Vec<Transform>>,
    /// One part, by tables, and the swap relabelling only its digits (beside the players):
    /// the canonical form reads the part's digits once for both (`Images::least_and_swapped`).
    fused: bool,
}

#[derive(Clone, Debug)]
struct Part {
    /// Which declaration (in `rules.symmetries`).
    pub(super) decl: usize,
    /// The place value of each of the variable's slots, in order, and the base of every digit.
    radix: Vec<u64>,
    size: u64,
    kind: Kind,
    /// Whether the rules are proven to respect it, so positions need not be checked.
    proven: bool,
    /// The digits read by chunks, where they are adjacent.
    chunks: Option<Chunks>,
    /// The images as sums of table entries (a group of permutations, with `chunks`).
    images: Option<Images>,
    /// Division by the first digit's place value, as a multiplication.
    first_div: StrengthReducedU64,
}

#[derive(Clone, Debug)]
enum Kind {
    /// Every element of the group but the identity: the image's digit `k` is digit `src[k]`.
    Perms(Vec<Perm>),
    /// Any order: the canonical form lists the digits from largest to smallest.
    Sort,
}

/// One transformed position: its code and how it was transformed, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub code: Code,
    pub how: Cow<'static, str>,
}

impl Symmetry {
    /// The transformations `rules` declares, with the engine's place values; `None` without any.
    pub fn new(rules: &Rules, radix: &[u64], turn_radix: u64) -> Option<Symmetry> {
        let parts: Vec<Part> = rules
            .symmetries
            .iter()
            .enumerate()
            .map(|(decl, s)| {
                let v = &rules.vars[s.var as usize];
                let slots = v.base as usize..(v.base + v.len) as usize;
                // The checker refused a group past `MAX_GROUP`; none is left here.
                let kind = if s.kinds.contains(&SymmetryKind::AnyOrder) {
                    Kind::Sort
                } else {
                    Kind::Perms(
                        group(v.kind, v.len, v.cols, &s.kinds, &s.perms).unwrap_or_default(),
                    )
                };
                let size = (v.hi - v.lo + 1) as u64;
                let chunks = Chunks::new(&radix[slots.clone()], size);
                let swap = s.swap.map(|(a, b)| ((a - v.lo) as u64, (b - v.lo) as u64));
                let images = match (&kind, &chunks) {
                    (Kind::Perms(ps), Some(_)) => {
                        Images::new(ps.iter().map(|p| &p.src[..]), slots.len(), size, swap)
                    }
                    _ => None,
                };
                Part {
                    decl,
                    first_div: StrengthReducedU64::new(radix[slots.start].max(1)),
                    radix: radix[slots].to_vec(),
                    size,
                    kind,
                    proven: s.proven,
                    chunks,
                    images,
                }
            })
            .collect();
        let swap = Swap::new(rules, radix, turn_radix);
        let transforms = transforms::list(&parts, swap.is_some());
        let swap_proven = rules.symmetries.iter().any(|s| s.swap_proven);
        let fused = match (&swap, &parts[..]) {
            (Some(s), [p]) => p.images.as_ref().is_some_and(|i| {
                i.least_and_swapped(0).is_some() && s.relabels_only(p.radix[0], i.total())
            }),
            _ => false,
        };
        (!parts.is_empty()).then_some(Symmetry {
            parts,
            swap,
            swap_proven,
            transforms,
            fused,
        })
    }

    /// Whether every part and the swap are proven, so no position needs checking.
    pub fn proven(&self) -> bool {
        (self.swap.is_none() || self.swap_proven) && self.parts.iter().all(|p| p.proven)
    }

    /// Whether a colour swap (`swap A B`) is declared: an image may then have other values, so
    /// a digit sum worked out from a move's change is not its class's.
    pub fn swaps_values(&self) -> bool {
        self.swap.is_some()
    }

    /// The least code among the images of `code`; `digits` is scratch space. The swap commutes
    /// with every part, so the least image is the lesser of the least images of `code` and of
    /// its swap.
    pub fn canonical(&self, code: Code, digits: &mut Vec<u64>) -> Code {
        if let (true, Some(s)) = (self.fused, &self.swap) {
            let p = &self.parts[0];
            if let Some((images, own, first)) = p.tabled(code) {
                if let Some((least, other)) = images.least_and_swapped(own) {
                    let rest = code - own * first;
                    return (rest + least * first).min(s.apply_players(rest) + other * first);
                }
            }
        }
        let least = self.parts_canonical(code, digits);
        match &self.swap {
            Some(s) => least.min(self.parts_canonical(s.apply(code), digits)),
            None => least,
        }
    }

    /// The least image of `code` under the parts alone (the swap left out).
    fn parts_canonical(&self, mut code: Code, digits: &mut Vec<u64>) -> Code {
        for p in &self.parts {
            code = p.canonical(code, digits);
        }
        code
    }

    /// Whether the swap maps `code`'s class to itself (`code` is alike to its swap under the
    /// parts alone).
    fn swap_fixes_class(&self, code: Code, digits: &mut Vec<u64>) -> bool {
        self.swap.as_ref().is_none_or(|s| {
            self.parts_canonical(code, digits) == self.parts_canonical(s.apply(code), digits)
        })
    }

    /// How many images of `code` the parts not proven give (saturating): what checking the
    /// position costs.
    pub fn unproven_orbit(&self, code: Code) -> u64 {
        let mut digits = Vec::new();
        let n = self.parts.iter().filter(|p| !p.proven).fold(1u64, |n, p| {
            n.saturating_mul(p.orbit_size(code, &mut digits))
        });
        match self.swap {
            Some(_) => n.saturating_mul(2),
            None => n,
        }
    }

    /// Every distinct image of `code` under the parts not proven (and their combinations), but
    /// `code` itself.
    pub fn images(&self, code: Code) -> Vec<Image> {
        let mut all = vec![Image {
            code,
            how: Cow::Borrowed(""),
        }];
        let mut digits = Vec::new();
        for p in self.parts.iter().filter(|p| !p.proven) {
            let mut next = Vec::new();
            for i in &all {
                next.push(i.clone());
                for j in p.images(i.code, &mut digits) {
                    let how = match (&*i.how, &j.how) {
                        ("", h) => h.clone(),
                        (a, b) => Cow::Owned(format!("{a} and {b}")),
                    };
                    next.push(Image { code: j.code, how });
                }
            }
            next.sort_by_key(|i| i.code);
            next.dedup_by_key(|i| i.code);
            all = next;
        }
        if let Some(s) = &self.swap {
            let swapped: Vec<Image> = all
                .iter()
                .map(|i| Image {
                    code: s.apply(i.code),
                    how: match &*i.how {
                        "" => Cow::Owned(s.how.clone()),
                        h => Cow::Owned(format!("{h}, {}", s.how)),
                    },
                })
                .collect();
            all.extend(swapped);
            all.sort_by_key(|i| i.code);
            all.dedup_by_key(|i| i.code);
        }
        all.retain(|i| i.code != code);
        all
    }

    /// How many distinct positions the class of `code` holds (saturating).
    pub fn orbit_size(&self, code: Code) -> u64 {
        let mut digits = Vec::new();
        let n = self.parts.iter().fold(1u64, |n, p| {
            n.saturating_mul(p.orbit_size(code, &mut digits))
        });
        if self.swap_fixes_class(code, &mut digits) {
            n
        } else {
            n.saturating_mul(2)
        }
    }

    /// Whether every transformation leaves `code` as it is.
    pub fn fixes(&self, code: Code) -> bool {
        self.orbit_size(code) == 1
    }

    /// The declaration (an index into `rules.symmetries`) of the first part not proven.
    pub fn first_unproven(&self) -> usize {
        match self.parts.iter().find(|p| !p.proven) {
            Some(p) => p.decl,
            None => self.swap.as_ref().map_or(0, |s| s.decl),
        }
    }
}

impl Part {
    /// The variable's digits of `code` into `digits`; returns `code` without them.
    fn split(&self, code: Code, digits: &mut Vec<u64>) -> Code {
        if let Some(c) = &self.chunks {
            return c.split(code, digits);
        }
        digits.clear();
        let mut rest = code;
        for &r in &self.radix {
            let d = (code / r) % self.size;
            digits.push(d);
            rest -= d * r;
        }
        rest
    }

    fn join(&self, rest: Code, digits: impl Iterator<Item = u64>) -> Code {
        rest + digits.zip(&self.radix).map(|(d, r)| d * r).sum::<u64>()
    }

    /// Where the images come from tables: the tables, the part's own number in `code` and the
    /// place value of its first digit.
    fn tabled(&self, code: Code) -> Option<(&Images, u64, u64)> {
        let (images, &first) = (self.images.as_ref()?, self.radix.first()?);
        Some((images, images.own(code, first, &self.first_div), first))
    }

    fn canonical(&self, code: Code, digits: &mut Vec<u64>) -> Code {
        if let Some((images, own, first)) = self.tabled(code) {
            return code - own * first + images.least(own) * first;
        }
        self.canonical_plain(code, digits)
    }

    /// `canonical` digit by digit: the least image compared from the most significant digit.
    fn canonical_plain(&self, code: Code, digits: &mut Vec<u64>) -> Code {
        let rest = self.split(code, digits);
        match &self.kind {
            Kind::Sort => {
                digits.sort_unstable_by(|a, b| b.cmp(a));
                self.join(rest, digits.iter().copied())
            }
            Kind::Perms(perms) => {
                // The least image: compared from the most significant digit down.
                let mut best: Option<&Perm> = None;
                for p in perms {
                    let better = match best {
                        None => less(digits, &p.src, None),
                        Some(b) => less(digits, &p.src, Some(&b.src)),
                    };
                    if better {
                        best = Some(p);
                    }
                }
                match best {
                    None => code,
                    Some(p) => self.join(rest, p.src.iter().map(|&s| digits[s as usize])),
                }
            }
        }
    }

    fn images(&self, code: Code, digits: &mut Vec<u64>) -> Vec<Image> {
        let rest = self.split(code, digits);
        match &self.kind {
            Kind::Perms(perms) => perms
                .iter()
                .map(|p| Image {
                    code: self.join(rest, p.src.iter().map(|&s| digits[s as usize])),
                    how: Cow::Borrowed(p.name),
                })
                .collect(),
            Kind::Sort => {
                let mut order = digits.clone();
                order.sort_unstable();
                let mut out = Vec::new();
                loop {
                    out.push(Image {
                        code: self.join(rest, order.iter().copied()),
                        how: Cow::Borrowed("in another order"),
                    });
                    if !next_permutation(&mut order) {
                        break;
                    }
                }
                out
            }
        }
    }

    fn orbit_size(&self, code: Code, digits: &mut Vec<u64>) -> u64 {
        // The class has as many positions as the group has elements over those that fix it.
        if let (Some((images, own, _)), Kind::Perms(perms)) = (self.tabled(code), &self.kind) {
            return (perms.len() as u64 + 1) / (images.fixing(own) + 1);
        }
        match &self.kind {
            Kind::Perms(perms) => {
                let rest = self.split(code, digits);
                let mut codes: Vec<Code> = perms
                    .iter()
                    .map(|p| self.join(rest, p.src.iter().map(|&s| digits[s as usize])))
                    .collect();
                codes.push(code);
                codes.sort_unstable();
                codes.dedup();
                codes.len() as u64
            }
            Kind::Sort => {
                self.split(code, digits);
                digits.sort_unstable();
                // n! / (m1! m2! ...), built up one element at a time so it stays exact.
                let (mut n, mut run, mut total) = (0u64, 0u64, 1u128);
                for (i, d) in digits.iter().enumerate() {
                    n += 1;
                    run = if i > 0 && digits[i - 1] == *d {
                        run + 1
                    } else {
                        1
                    };
                    total = total.saturating_mul(u128::from(n)) / u128::from(run);
                }
                u64::try_from(total).unwrap_or(u64::MAX)
            }
        }
    }
}

#[cfg(test)]
#[path = "symmetry_tests.rs"]
mod tests;
