//! A value fixed before play: an option's value or a constant (number, condition, list or an
//! enumeration's value).

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptValue {
    Int(i64),
    Bool(bool),
    List(Vec<i64>),
    /// A value of enumeration `id`: its position `index` and its name.
    Enum {
        id: u32,
        index: u32,
        name: String,
    },
}

impl std::fmt::Display for OptValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptValue::Int(v) => write!(f, "{v}"),
            OptValue::Bool(b) => write!(f, "{b}"),
            OptValue::Enum { name, .. } => write!(f, "{name}"),
            OptValue::List(vs) => {
                let parts: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                write!(f, "[{}]", parts.join(", "))
            }
        }
    }
}
