//! The names every rule of a file can use (options, state variables, enumeration values,
//! definitions, moves, throws), declared before the rules are walked, and what hover shows for
//! each: the declaration's own text as code, then what it is.

use super::index::Kind;
use super::walk::Walker;
use crate::syntax::ast::*;

/// Hover's Markdown: the declaration's text as code, then what it is.
pub(super) fn hover(code: &str, what: &str) -> String {
    format!("```game\n{code}\n```\n{what}")
}

impl Walker<'_> {
    pub(super) fn declare_globals(&mut self, file: &GameFile) {
        // What each option's default comes to, where it is worked out (`option half = goal / 2`).
        let values = crate::check::evaluate_options(file, &[], &mut Default::default());
        for o in &file.options {
            let mut what = format!(
                "option: its default, which `--set {}=VALUE` changes",
                o.name.name
            );
            let value = values.iter().find(|(n, _)| *n == o.name.name);
            if let Some((_, v)) = value.filter(|(_, v)| v.to_string() != self.text(o.default.span))
            {
                what = format!("{what}; here it is `{v}`");
            }
            let h = hover(self.text(o.span), &what);
            self.add(&o.name, Kind::Option, None, h);
        }
        for v in file.state.iter().flat_map(|b| &b.vars) {
            self.declare_var(v);
        }
        for d in &file.defs {
            let h = hover(self.text(d.span), "definition");
            self.add(&d.name, Kind::Def, None, h);
        }
        // A chance turn (`chance if C { ... }`) declares no name.
        for m in file.moves.iter().filter(|m| m.chance.is_none()) {
            let h = self.move_hover(m);
            self.add(&m.name, Kind::Move, None, h);
            for p in &m.params {
                if let Domain::Enum(values, _) = &p.domain {
                    self.declare_words(&p.name.name, values);
                }
            }
        }
        for t in file.throws.iter().flat_map(|t| &t.throws) {
            let code = match &t.display {
                Some(d) => format!("{} {}", t.name.name, self.text(d.span)),
                None => t.name.name.clone(),
            };
            self.add(&t.name, Kind::Throw, None, hover(&code, "throw"));
        }
    }

    /// The values of a parameter's enumeration written in place (`how in {slide, jump}`).
    fn declare_words(&mut self, param: &str, values: &[EnumValue]) {
        let names: Vec<String> = values
            .iter()
            .map(|e| format!("`{}`", e.name.name))
            .collect();
        for e in values {
            let code = match &e.display {
                Some(d) => format!("{} {}", e.name.name, self.text(d.span)),
                None => e.name.name.clone(),
            };
            let what = format!(
                "value of parameter `{param}`'s enumeration: {}",
                names.join(", ")
            );
            self.add(&e.name, Kind::EnumValue, None, hover(&code, &what));
        }
    }

    fn declare_var(&mut self, v: &VarDecl) {
        let elem = match &v.ty {
            VarType::Scalar(e) | VarType::PerPlayer(e, _) => e,
            VarType::Array(e, _, _) | VarType::Grid(e, _, _, _) => e,
        };
        let mut what = "state variable".to_string();
        if let ElemType::Enum(values, _) = elem {
            let names: Vec<String> = values
                .iter()
                .map(|e| format!("`{}`", e.name.name))
                .collect();
            what = format!("state variable; values: {}", names.join(", "));
            for e in values {
                let code = match &e.display {
                    Some(d) => format!("{} {}", e.name.name, self.text(d.span)),
                    None => e.name.name.clone(),
                };
                let h = hover(
                    &code,
                    &format!(
                        "value of `{}`'s enumeration: {}",
                        v.name.name,
                        names.join(", ")
                    ),
                );
                self.add(&e.name, Kind::EnumValue, None, h);
            }
        }
        let h = hover(self.text(v.span), &what);
        self.add(&v.name, Kind::StateVar, None, h);
    }

    fn move_hover(&self, m: &MoveDecl) -> String {
        let params: Vec<String> = m
            .params
            .iter()
            .map(|p| format!("{} in {}", p.name.name, self.text(p.domain.span())))
            .collect();
        let head = if params.is_empty() {
            format!("move {}", m.name.name)
        } else {
            format!("move {}({})", m.name.name, params.join(", "))
        };
        let what = if params.is_empty() {
            "move without parameters".to_string()
        } else {
            let lines: Vec<String> = m
                .params
                .iter()
                .map(|p| format!("- `{}` in `{}`", p.name.name, self.text(p.domain.span())))
                .collect();
            format!("move; parameters:\n{}", lines.join("\n"))
        };
        hover(&head, &what)
    }
}
