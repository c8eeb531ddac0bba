//! The transformations a position is checked under, one by one, as functions of codes (a child
//! module of `symmetry`): every combination of a permutation of each part not proven, with or
//! without the swap. Checking a position maps its children by a transformation and compares
//! them with the transformed position's children, code for code, instead of taking the
//! canonical form of every child of every image (`Engine::check_images`).

use super::{Code, Kind, Part, Symmetry};

/// The most transformations listed for checking code for code; past it (or with an `any order`
/// not proven, whose arrangements are not listed) images are compared by their children's
/// classes only.
const MAX_TRANSFORMS: usize = 256;

/// One transformation: for each part not proven (in order), the number of its permutation (0 for
/// none, `k` for the part's `k`-th), and whether the swap is applied.
#[derive(Clone, Debug)]
pub struct Transform {
    perms: Vec<u16>,
    swap: bool,
}

/// Every transformation but the identity of the parts not proven and the swap, or `None` where
/// they are not listed (see `MAX_TRANSFORMS`).
pub(super) fn list(parts: &[Part], swap: bool) -> Option<Vec<Transform>> {
    let sizes = parts
        .iter()
        .filter(|p| !p.proven)
        .map(|p| match &p.kind {
            Kind::Perms(ps) => Some(ps.len() + 1),
            Kind::Sort => None,
        })
        .collect::<Option<Vec<usize>>>()?;
    let count = sizes
        .iter()
        .try_fold(if swap { 2usize } else { 1 }, |n, &s| n.checked_mul(s))?;
    if count > MAX_TRANSFORMS {
        return None;
    }
    let mut out = Vec::with_capacity(count);
    for mut k in 0..count {
        let swapped = swap && k % 2 == 1;
        if swap {
            k /= 2;
        }
        let perms: Vec<u16> = sizes
            .iter()
            .map(|&s| {
                let p = (k % s) as u16;
                k /= s;
                p
            })
            .collect();
        if swapped || perms.iter().any(|&p| p != 0) {
            out.push(Transform {
                perms,
                swap: swapped,
            });
        }
    }
    Some(out)
}

impl Symmetry {
    /// The transformations checked at each position, when they are listed.
    pub fn transforms(&self) -> Option<&[Transform]> {
        self.transforms.as_deref()
    }

    /// The image of `code` under `t`; `digits` is scratch space.
    pub fn apply(&self, t: &Transform, mut code: Code, digits: &mut Vec<u64>) -> Code {
        for (part, &p) in self.parts.iter().filter(|p| !p.proven).zip(&t.perms) {
            if p > 0 {
                code = part.apply(usize::from(p) - 1, code, digits);
            }
        }
        match (&self.swap, t.swap) {
            (Some(s), true) => s.apply(code),
            _ => code,
        }
    }
}

impl Part {
    /// The image of `code` under the part's permutation number `p` (of `Kind::Perms`).
    fn apply(&self, p: usize, code: Code, digits: &mut Vec<u64>) -> Code {
        let Kind::Perms(perms) = &self.kind else {
            return code;
        };
        if let Some((images, own, first)) = self.tabled(code) {
            return code - own * first + images.image_of(p, own) * first;
        }
        let rest = self.split(code, digits);
        self.join(rest, perms[p].src.iter().map(|&s| digits[s as usize]))
    }
}
