//! Enumerations: their values as names of the file, and the kind of value a variable holds.

use super::expr::{Cx, Res};
use super::types::EnumInfo;
use crate::diag::{catalog, Diagnostics};

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
