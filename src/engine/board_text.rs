//! Grids on screen: in one line, rows are separated by ` / ` (`board=[X, ., O / ., X, . / ., ., O]`,
//! which `--at` reads back), and `play` and `solve` draw them as boards with row and column
//! numbers, the numbers a move's parameters use; in a game whose labels name squares
//! (`square(r, c)`), with the letters and numbers of those names instead:
//!
//! ```text
//!     0 1 2          a b c
//!   0 X . O        1 X . O
//!   1 . X .        2 . X .
//!   2 . . O        3 . . O
//! ```

use super::{Engine, Pos};
use crate::rules::{VarInfo, VarKind};

/// One value of `v` as shown: its display text, `true`/`false`, or the number.
pub(super) fn shown(v: &VarInfo, x: i64) -> String {
    match &v.shown {
        Some(shown) => usize::try_from(x)
            .ok()
            .and_then(|k| shown.get(k))
            .cloned()
            .unwrap_or_else(|| x.to_string()),
        None if v.is_bool => (x != 0).to_string(),
        None => x.to_string(),
    }
}

/// A variable's values in one line: `7`, `[1, 2, 3]`, or a grid's rows separated by ` / `.
pub(super) fn one_line(v: &VarInfo, vals: &[i64]) -> String {
    match v.kind {
        VarKind::Scalar => shown(v, vals[0]),
        VarKind::Grid if v.cols > 0 => {
            let rows: Vec<String> = vals
                .chunks(v.cols as usize)
                .map(|row| {
                    let cells: Vec<String> = row.iter().map(|x| shown(v, *x)).collect();
                    cells.join(", ")
                })
                .collect();
            format!("[{}]", rows.join(" / "))
        }
        _ => {
            let cells: Vec<String> = vals.iter().map(|x| shown(v, *x)).collect();
            format!("[{}]", cells.join(", "))
        }
    }
}

/// The values inside a grid's brackets, by rows separated by `/` (each `cols` values) or all in
/// one row-by-row list; `Err` says which row is the wrong length.
pub(super) fn grid_cells<'t>(inner: &'t str, v: &VarInfo) -> Result<Vec<&'t str>, String> {
    if !inner.contains('/') {
        return Ok(inner.split(',').collect());
    }
    let rows: Vec<&str> = inner.split('/').collect();
    let height = v.len / v.cols.max(1);
    if rows.len() != height as usize {
        return Err(format!(
            "`{}` has {height} rows, not {} (rows are separated by `/`)",
            v.name,
            rows.len()
        ));
    }
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let these: Vec<&str> = row.split(',').collect();
        if these.len() != v.cols as usize {
            return Err(format!(
                "row {r} of `{}` has {} values, not {}",
                v.name,
                these.len(),
                v.cols
            ));
        }
        cells.extend(these);
    }
    Ok(cells)
}

impl Engine<'_> {
    /// Whether any state variable is a grid.
    pub fn has_grids(&self) -> bool {
        self.rules.vars.iter().any(|v| v.kind == VarKind::Grid)
    }

    /// The position without its grids, in one line (`score=[1, 0]`; empty if grids are all).
    pub fn describe_without_grids(&self, p: &Pos) -> String {
        let mut parts = Vec::new();
        for v in self.shown_vars().filter(|v| v.kind != VarKind::Grid) {
            let vals = &p.slots[v.base as usize..(v.base + v.len) as usize];
            parts.push(format!("{}={}", v.name, one_line(v, vals)));
        }
        if self.turn_matters() {
            parts.push(self.turn_part(self.player_to_move(p)));
        }
        parts.join(", ")
    }

    /// Each grid drawn with row and column numbers, one line per row plus a header; a grid's
    /// name heads it when there is more than one.
    pub fn draw_grids(&self, p: &Pos) -> Vec<String> {
        let grids: Vec<&VarInfo> = self
            .rules
            .vars
            .iter()
            .filter(|v| v.kind == VarKind::Grid && v.cols > 0)
            .collect();
        let mut lines = Vec::new();
        for v in &grids {
            if grids.len() > 1 {
                lines.push(format!("{}:", v.name));
            }
            let vals = &p.slots[v.base as usize..(v.base + v.len) as usize];
            let cells: Vec<String> = vals.iter().map(|x| shown(v, *x)).collect();
            let rows = vals.len() / v.cols as usize;
            let width = cells
                .iter()
                .map(|c| c.chars().count())
                .chain([(v.cols as usize - 1).to_string().len()])
                .max()
                .unwrap_or(1);
            // Squares' names (`b2`): letters over the columns, rows numbered from 1.
            let named = self.rules.coordinates;
            let column = |c: u32| match named {
                true => crate::rules::column_name(i64::from(c)).unwrap_or_default(),
                false => c.to_string(),
            };
            let row_number = |r: usize| if named { r + 1 } else { r };
            let width = width.max(column(v.cols - 1).len());
            let margin = row_number(rows.max(1) - 1).to_string().len();
            let header: Vec<String> = (0..v.cols)
                .map(|c| format!("{:<width$}", column(c)))
                .collect();
            lines.push(format!("{:margin$} {}", "", header.join(" ").trim_end()));
            for (r, row) in cells.chunks(v.cols as usize).enumerate() {
                let row: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
                let r = row_number(r);
                lines.push(format!("{r:>margin$} {}", row.join(" ").trim_end()));
            }
        }
        lines
    }
}
