//! Expanding a position for the solvers when symmetries are declared: children are given by their
//! canonical codes, and each position is first compared with its images. Where the rules are not
//! proven to respect a symmetry, every image must end the same way, fail the same way, or have
//! moves to the same classes of positions as often; otherwise the declaration is wrong, and
//! exploring stops with `gamec::broken_symmetry` rather than give another position's value.

use super::symmetry::{Image, Symmetry};
use super::{Child, Code, Engine, Expand, Fault, Rel, Scratch};
use crate::rules::{RtError, RtKind};

/// The most images of one position that are checked one by one (an `any order` the rules do not
/// prove has n! of them for n different values).
const MAX_IMAGES: u64 = 40_320;

/// A child as `Seen` keeps it: (canonical child, kept, family, first argument index, argument
/// count, digits).
pub(super) type Kid = (Code, bool, usize, usize, usize, i32);

/// A position's expansion, kept for comparing with an image's.
struct Seen {
    result: Result<Expand, Fault>,
    /// (canonical child, kept, family, first argument index, argument count, digits), sorted by
    /// class.
    kids: Vec<Kid>,
    args: Vec<i64>,
}

impl Engine<'_> {
    /// The canonical form of `code` (itself without symmetries).
    pub fn canonical(&self, code: Code) -> Code {
        match &self.symmetry {
            Some(s) => s.canonical(code, &mut Vec::new()),
            None => code,
        }
    }

    /// As `expand`, for a solver: each child by its canonical code; with symmetries not proven,
    /// the position is first compared with each of its images.
    #[inline]
    pub fn expand_classes<F: FnMut(usize, &[i64], Child)>(
        &self,
        code: Code,
        scratch: &mut Scratch,
        sink: F,
    ) -> Result<Expand, Fault> {
        match &self.symmetry {
            None => self.expand(code, scratch, sink),
            Some(sym) => self.expand_symmetric(sym, code, scratch, sink),
        }
    }

    /// `expand_classes` where the positions are reduced by symmetry.
    fn expand_symmetric<F: FnMut(usize, &[i64], Child)>(
        &self,
        sym: &Symmetry,
        code: Code,
        scratch: &mut Scratch,
        mut sink: F,
    ) -> Result<Expand, Fault> {
        if sym.proven() {
            let mut digits = std::mem::take(&mut scratch.digits);
            let r = self.expand(code, scratch, |f, args, c| {
                let code = sym.canonical(c.code, &mut digits);
                sink(f, args, Child { code, ..c })
            });
            scratch.digits = digits;
            return r;
        }
        let n = sym.unproven_orbit(code);
        if n > MAX_IMAGES {
            return Err(self.too_many_images(code, n));
        }
        // The two expansions' buffers are the scratch's, kept from one position to the next.
        let [mine, mut spare] = std::mem::take(&mut scratch.seen);
        let mut raw = std::mem::take(&mut scratch.raw);
        let here = self.seen(code, scratch, mine, Some(&mut raw[0]));
        let r = out_of_steps(&here)
            .and_then(
                |_| match self.images_agree(sym, code, &here, scratch, &mut raw)? {
                    true => Ok(()),
                    false => self.check_images(sym, code, &here, scratch, &mut spare),
                },
            )
            .and_then(|_| here.result.clone());
        scratch.raw = raw;
        if r.is_ok() {
            for &(c, kept, f, a, n, digits) in &here.kids {
                let code = c;
                sink(f, &here.args[a..a + n], Child { code, kept, digits });
            }
        }
        scratch.seen = [(here.kids, here.args), spare];
        r
    }

    /// Whether every listed transformation maps `code`'s children, code for code, onto its
    /// image's children (`raw[0]`, sorted, is `code`'s; the others are buffers): then the
    /// classes agree too, and no child of an image need be made canonical. `false` when the
    /// transformations are not listed, the position does not go on, or some image differs
    /// (which the comparison by classes then words, or finds alike up to symmetry).
    fn images_agree(
        &self,
        sym: &super::symmetry::Symmetry,
        code: Code,
        here: &Seen,
        scratch: &mut Scratch,
        raw: &mut [Vec<(Code, bool)>; 3],
    ) -> Result<bool, Fault> {
        let (Some(ts), Ok(Expand::Moves)) = (sym.transforms(), &here.result) else {
            return Ok(false);
        };
        let [ours, theirs, mapped] = raw;
        let mut digits = std::mem::take(&mut scratch.digits);
        let mut all = Ok(true);
        for t in ts {
            let image = sym.apply(t, code, &mut digits);
            if image == code {
                continue;
            }
            theirs.clear();
            let r = self.expand(image, scratch, |_, _, c| theirs.push((c.code, c.kept)));
            if let Err(f) = &r {
                if f.error.kind == RtKind::TooManySteps {
                    all = Err(f.clone());
                    break;
                }
            }
            mapped.clear();
            mapped.extend(ours.iter().map(|&(c, k)| (sym.apply(t, c, &mut digits), k)));
            mapped.sort_unstable();
            theirs.sort_unstable();
            if !matches!(r, Ok(Expand::Moves)) || mapped != theirs {
                all = Ok(false);
                break;
            }
        }
        scratch.digits = digits;
        all
    }

    /// Compares `code`'s expansion with each image's (expanded into `spare`), until one differs.
    fn check_images(
        &self,
        sym: &super::symmetry::Symmetry,
        code: Code,
        here: &Seen,
        scratch: &mut Scratch,
        spare: &mut (Vec<Kid>, Vec<i64>),
    ) -> Result<(), Fault> {
        for image in sym.images(code) {
            let there = self.seen(image.code, scratch, std::mem::take(spare), None);
            let r = out_of_steps(&there).and_then(|_| match self.differ(code, here, &there) {
                Some(why) => Err(self.broken(code, &image, &why)),
                None => Ok(()),
            });
            *spare = (there.kids, there.args);
            r?;
        }
        Ok(())
    }

    /// `code`'s expansion with each child's class, into the buffers `(kids, args)` (cleared),
    /// and the children by their own codes into `raw` (cleared, sorted), if given.
    fn seen(
        &self,
        code: Code,
        scratch: &mut Scratch,
        (mut kids, mut args): (Vec<Kid>, Vec<i64>),
        mut raw: Option<&mut Vec<(Code, bool)>>,
    ) -> Seen {
        kids.clear();
        args.clear();
        if let Some(r) = raw.as_deref_mut() {
            r.clear();
        }
        let mut digits = std::mem::take(&mut scratch.digits);
        let sym = self.symmetry.as_ref();
        let result = self.expand(code, scratch, |f, a, c| {
            let class = sym.map_or(c.code, |s| s.canonical(c.code, &mut digits));
            kids.push((class, c.kept, f, args.len(), a.len(), c.digits));
            args.extend_from_slice(a);
            if let Some(r) = raw.as_deref_mut() {
                r.push((c.code, c.kept));
            }
        });
        scratch.digits = digits;
        kids.sort_by_key(|k| (k.0, k.1));
        if let Some(r) = raw {
            r.sort_unstable();
        }
        Seen { result, kids, args }
    }

    /// What tells the two expansions apart, in words, or `None` if they agree.
    fn differ(&self, code: Code, here: &Seen, there: &Seen) -> Option<String> {
        let ends = |r: &Result<Expand, Fault>| match r {
            Ok(Expand::End {
                margin: Some(m), ..
            }) => format!("the game ends (a margin of {m} for the player to move)"),
            Ok(Expand::End { rel, .. }) => format!("the game ends ({})", rel_text(*rel)),
            Ok(Expand::Moves) => "the game goes on".to_string(),
            Err(f) => format!("a rule fails ({})", f.error.message),
        };
        match (&here.result, &there.result) {
            (Err(a), Err(b)) if a.error.kind == b.error.kind => None,
            (
                Ok(Expand::End {
                    rel: a, margin: m, ..
                }),
                Ok(Expand::End {
                    rel: b, margin: n, ..
                }),
            ) if a == b && m == n => None,
            (Ok(Expand::Moves), Ok(Expand::Moves)) => {
                let classes = |s: &Seen| s.kids.iter().map(|k| (k.0, k.1)).collect::<Vec<_>>();
                if classes(here) == classes(there) {
                    return None;
                }
                if here.kids.len() != there.kids.len() {
                    return Some(format!(
                        "the first has {} moves, the second {}",
                        here.kids.len(),
                        there.kids.len()
                    ));
                }
                let (k, ours, theirs) = first_surplus(&here.kids, &there.kids)?;
                let (_, _, f, a, n, _) = here.kids[k];
                let label = self.move_label(code, f, &here.args[a..a + n]);
                Some(if theirs == 0 {
                    format!(
                        "`{label}` from the first leads to a position that no move of the second leads to, nor to any of its images"
                    )
                } else {
                    format!(
                        "{ours} moves of the first (`{label}` among them) lead to the class of one position, {theirs} of the second"
                    )
                })
            }
            (a, b) => Some(format!(
                "in the first {}, in the second {}",
                ends(a),
                ends(b)
            )),
        }
    }

    fn too_many_images(&self, code: Code, n: u64) -> Fault {
        let d = &self.rules.symmetries[self.symmetry.as_ref().map_or(0, |s| s.first_unproven())];
        Fault::from(RtError::new(
            RtKind::TooWide,
            d.span,
            format!(
                "{} has {n} images under `{}`, more than the {MAX_IMAGES} gamec checks one by one; \
                 the rules could not be proven to treat them alike without checking (see \
                 docs/language.md, `symmetry`)",
                self.describe(&self.decode(code)),
                d.text
            ),
        ))
    }

    fn broken(&self, code: Code, image: &Image, why: &str) -> Fault {
        let span = self.symmetry.as_ref().map_or(Default::default(), |s| {
            self.rules.symmetries[s.first_unproven()].span
        });
        let at = |c| self.describe(&self.decode(c));
        Fault::from(RtError::new(
            RtKind::BrokenSymmetry,
            span,
            format!(
                "the rules do not treat {} and its image {} ({}) alike: {why}",
                at(code),
                image.how,
                at(image.code)
            ),
        ))
    }
}

/// The first child of `here` that `there` has fewer of (both sorted by class): its index in
/// `here`, and how many moves lead to its class from each. A merge, not a search per child: a
/// position can have millions of moves (a search per child took hours; fuzz seed 27, input
/// 458508).
fn first_surplus(here: &[Kid], there: &[Kid]) -> Option<(usize, usize, usize)> {
    let key = |k: &Kid| (k.0, k.1);
    let (mut i, mut j) = (0, 0);
    while i < here.len() {
        let want = key(&here[i]);
        let ours = here[i..].iter().take_while(|k| key(k) == want).count();
        while j < there.len() && key(&there[j]) < want {
            j += 1;
        }
        let theirs = there[j..].iter().take_while(|k| key(k) == want).count();
        if ours > theirs {
            return Some((i, ours, theirs));
        }
        i += ours;
        j += theirs;
    }
    None
}

/// Running out of steps is not the position's fault: it ends exploring whatever the images do.
fn out_of_steps(s: &Seen) -> Result<(), Fault> {
    match &s.result {
        Err(f) if f.error.kind == RtKind::TooManySteps => Err(f.clone()),
        _ => Ok(()),
    }
}

fn rel_text(r: Rel) -> &'static str {
    match r {
        Rel::Win => "a win for the player to move",
        Rel::Lose => "a loss for the player to move",
        Rel::Tie => "a tie",
    }
}
