//! Enumerations: their values as names of the file, and the kind of value a variable holds.

use super::expr::{Cx, Res};
use super::types::EnumInfo;
use crate::diag::{catalog, Diagnostics};
use crate::syntax::ast::{Domain, ElemType, EnumValue, GameFile, Span, VarType};

/// Registers every enumeration, the state variables' then the move parameters' (`how in {slide,
/// jump}`), in order, before anything else is checked: an option's default may be one of their
/// values (`option first = toad`), and any rule may name them.
pub fn register_enums(file: &GameFile, cx: &mut Cx, d: &mut Diagnostics) {
    for v in file.state.iter().flat_map(|s| &s.vars) {
        let (VarType::Scalar(t)
        | VarType::PerPlayer(t, _)
        | VarType::Array(t, ..)
        | VarType::Grid(t, ..)) = &v.ty;
        if let ElemType::Enum(values, span) = t {
            register(values, *span, cx, d);
        }
    }
    for p in file.moves.iter().flat_map(|m| &m.params) {
        if let Domain::Enum(values, span) = &p.domain {
            register(values, *span, cx, d);
        }
    }
}

/// One enumeration: its values become names; display texts repeated within it are reported.
fn register(values: &[EnumValue], span: Span, cx: &mut Cx, d: &mut Diagnostics) {
    let shown_as = |v: &EnumValue| {
        v.display
            .as_ref()
            .map_or(&v.name.name, |s| &s.value)
            .clone()
    };
    let info = EnumInfo {
        names: values.iter().map(|v| v.name.name.clone()).collect(),
        shown: values.iter().map(shown_as).collect(),
        spans: values.iter().map(|v| v.name.span).collect(),
    };
    for (k, v) in values.iter().enumerate() {
        let Some(text) = &v.display else { continue };
        if let Some(w) = values[..k].iter().find(|w| shown_as(w) == text.value) {
            let first = w.display.as_ref().map_or(w.name.span, |s| s.span);
            d.push(catalog::duplicate_name(text.span, first, &text.value));
        }
    }
    let e = cx.add_enum(info, d);
    cx.enum_at.insert(span.start, e);
}

impl Cx {
    /// Adds an enumeration, its values becoming names; reports a value name already in use.
    pub fn add_enum(&mut self, info: EnumInfo, d: &mut Diagnostics) -> u32 {
        let e = self.enums.len() as u32;
        let (names, spans) = (info.names.clone(), info.spans.clone());
        // Added before its names, so a name repeated within it is found where it first stands.
        self.enums.push(info);
        for (i, (n, s)) in names.iter().zip(&spans).enumerate() {
            match self.declared(n) {
                Some(first) => d.push(catalog::duplicate_name(*s, first, n)),
                None => {
                    self.globals.insert(n.clone(), Res::EnumValue(e, i as u32));
                }
            }
        }
        e
    }
}
