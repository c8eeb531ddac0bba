//! Chance turns (`chance if C { ... }`): a turn of nobody's, mostly written so that it ends
//! (its body rolls a number variable away from the value its condition asks for), now and then
//! with a plain condition and body (which may come round again for ever: a loop of chance).

use super::scope::{Gen, Shape};
use rand::Rng;

impl<R: Rng> Gen<'_, R> {
    /// One chance turn, at the top level of the game.
    pub fn chance_decl(&mut self) -> String {
        let scalars: Vec<(String, i64, i64)> = (self.vars.iter())
            .filter(|v| v.shape == Shape::Scalar && !v.clock && !v.is_bool && v.values.is_none())
            .filter(|v| v.hi_v > v.lo_v)
            .map(|v| (v.name.clone(), v.lo_v, v.hi_v))
            .collect();
        let mut body = String::new();
        let cond = match self.pick(&scalars).cloned() {
            // `chance if x == 0 { roll x in 1..=3 ... }`: once rolled, the turn is over.
            Some((x, lo, hi)) if self.chance(0.75) => {
                let at = self.int_in(lo, hi);
                let (a, b) = match at < hi && (at == lo || self.chance(0.5)) {
                    true => (at + 1, self.int_in(at + 1, hi.min(at + 4))),
                    false => (self.int_in(lo.max(at - 4), at - 1), at - 1),
                };
                let weights = match self.chance(0.2) {
                    true => format!(" weights {x} - {} ", a - 1),
                    false => String::new(),
                };
                body.push_str(&format!("    roll {x} in {a}..={b}{weights}\n"));
                format!("{x} == {at}")
            }
            _ => {
                let e = self.expr_depth();
                let c = self.cond(e);
                if self.chance(0.4) {
                    let r = self.roll();
                    if !r.is_empty() {
                        body.push_str(&format!("    {r}"));
                    }
                }
                c
            }
        };
        // The rest of the body: a move's statements without `again` (now and then one, which
        // the checker refuses), and now and then who moves next.
        let again = self.profile.again;
        self.profile.again = false;
        let n = self.int_in(0, 2) as usize;
        body.push_str(&self.block(n, 1, 4));
        self.profile.again = again;
        if again && self.chance(0.2) {
            let e = self.expr_depth();
            body.push_str(&format!("    next mover = {}\n", self.player(e)));
        }
        if self.chance(0.01) {
            body.push_str("    again\n");
        }
        format!("  chance if {cond} {{\n{body}  }}\n")
    }
}
