//! The command-line layer is layered: `cli.rs` (clap and dispatch) uses `commands/`, which uses the
//! library; no module imports from a module that imports it. The import graph is read from the
//! sources (`crate::`, `super::` and `self::` paths), one node per file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every source file under `src/` as its module path (`commands::solve`; `crate` for lib.rs).
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("src/ readable")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            if p.is_dir() {
                let mut sub = prefix.to_vec();
                sub.push(name);
                walk(&p, &sub, out);
            } else if p.extension().is_some_and(|e| e == "rs") && name != "main" {
                let mut m = prefix.to_vec();
                if name != "mod" && name != "lib" {
                    m.push(name);
                }
                let key = if m.is_empty() {
                    "crate".to_string()
                } else {
                    m.join("::")
                };
                out.insert(key, std::fs::read_to_string(&p).expect("source readable"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut out,
    );
    out
}

/// The source without comments and without its `#[cfg(test)] mod tests` (tests may use anything).
fn code_of(source: &str) -> String {
    let body = source
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or(source);
    body.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file names: `crate::a::b`, `super::c`, and each item of `crate::{a, b::c}`.
fn paths(code: &str, here: &[&str]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let at_start = i == 0 || !word(chars[i - 1]);
        if !at_start || !chars[i].is_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && word(chars[i]) {
            i += 1;
        }
        let token: String = chars[start..i].iter().collect();
        let parts: Vec<&str> = token.split("::").filter(|p| !p.is_empty()).collect();
        let base: Vec<String> = match parts.first() {
            Some(&"crate") => Vec::new(),
            Some(&"super") => here[..here.len().saturating_sub(1)]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            Some(&"self") => here.iter().map(|s| s.to_string()).collect(),
            _ => continue,
        };
        if parts.len() < 2 && !(i < chars.len() && chars[i] == '{') {
            continue;
        }
        let mut prefix = base;
        prefix.extend(parts[1..].iter().map(|s| s.to_string()));
        if i < chars.len() && chars[i] == '{' {
            let close = chars[i..]
                .iter()
                .position(|&c| c == '}')
                .map_or(chars.len(), |k| i + k);
            let group: String = chars[i + 1..close].iter().collect();
            for item in group.split(',') {
                let mut p = prefix.clone();
                p.extend(item.trim().split("::").map(str::to_string));
                out.push(p);
            }
            i = close;
        } else {
            out.push(prefix);
        }
    }
    out
}

fn import_graph() -> Graph {
    let mods = modules();
    let mut g = Graph::new();
    for (m, source) in &mods {
        let here: Vec<&str> = if m == "crate" {
            Vec::new()
        } else {
            m.split("::").collect()
        };
        let targets = g.entry(m.clone()).or_default();
        for p in paths(&code_of(source), &here) {
            // The longest prefix that is a file is the module imported from.
            let found = (0..=p.len()).rev().find_map(|k| {
                let key = if k == 0 {
                    "crate".to_string()
                } else {
                    p[..k].join("::")
                };
                mods.contains_key(&key).then_some(key)
            });
            if let Some(t) = found.filter(|t| t != m) {
                targets.insert(t);
            }
        }
    }
    g
}

/// Whether `to` can be reached from `from`.
fn reaches(g: &Graph, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(n) = stack.pop() {
        if n == to {
            return true;
        }
        if seen.insert(n.clone()) {
            stack.extend(g.get(&n).into_iter().flatten().cloned());
        }
    }
    false
}

#[test]
fn the_command_line_layer_has_no_import_cycles() {
    let g = import_graph();
    assert!(g.contains_key("cli") && g.contains_key("commands::solve"));
    let ours = |m: &str| m == "cli" || m.starts_with("commands") || m.starts_with("play");
    let mut cycles = Vec::new();
    for (m, targets) in &g {
        for t in targets {
            if (ours(m) || ours(t)) && reaches(&g, t, m) {
                cycles.push(format!("{m} -> {t} -> ... -> {m}"));
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
    // cli.rs is the top: nothing in the library imports it.
    let users: Vec<&String> = g
        .iter()
        .filter(|(_, t)| t.contains("cli"))
        .map(|(m, _)| m)
        .collect();
    assert!(users.is_empty(), "modules importing cli: {users:?}");
}

#[test]
fn the_import_reader_sees_braced_and_relative_paths() {
    let code = "use crate::{diag::Diag, engine};\nuse super::common::out;\n// crate::cli\n";
    let p = paths(&code_of(code), &["commands", "solve"]);
    assert_eq!(
        p,
        vec![
            vec!["diag".to_string(), "Diag".to_string()],
            vec!["engine".to_string()],
            vec![
                "commands".to_string(),
                "common".to_string(),
                "out".to_string()
            ],
        ]
    );
}
