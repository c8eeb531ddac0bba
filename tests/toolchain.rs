//! The declared minimum Rust version is the one the locked crates need: `rust-version` in
//! Cargo.toml equals the highest `rust-version` among the crates of Cargo.lock (read from their
//! manifests in Cargo's registry), and README.md says the same. (Clippy's `incompatible_msrv`
//! lint, part of the test command, checks gamec's own use of the standard library against it.)

use std::path::PathBuf;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `rust-version = "..."` of a manifest, if it has one, as [major, minor, patch].
fn rust_version(manifest: &str) -> Option<[u32; 3]> {
    manifest.lines().find_map(|l| {
        let (key, value) = l.split_once('=')?;
        (key.trim() == "rust-version").then(|| {
            let mut v = [0; 3];
            for (k, n) in value.trim().trim_matches('"').split('.').enumerate() {
                v[k] = n.parse().expect("a version number");
            }
            v
        })
    })
}

/// Every (name, version) of Cargo.lock.
fn locked() -> Vec<(String, String)> {
    let lock = std::fs::read_to_string(manifest_dir().join("Cargo.lock")).expect("Cargo.lock");
    let mut out = Vec::new();
    let mut name = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let (Some(v), Some(n)) = (line.strip_prefix("version = "), name.take()) {
            out.push((n, v.trim_matches('"').to_string()));
        }
    }
    out
}

/// Cargo's registry sources: `$CARGO_HOME/registry/src/*/`.
fn registries() -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    std::fs::read_dir(home.join("registry/src"))
        .expect("Cargo's registry sources")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect()
}

#[test]
fn rust_version_is_what_the_locked_crates_need() {
    let dirs = registries();
    let mut needed = [0u32; 3];
    let mut read = Vec::new();
    for (name, version) in locked() {
        let manifest = dirs
            .iter()
            .map(|d| d.join(format!("{name}-{version}/Cargo.toml")))
            .find_map(|p| std::fs::read_to_string(p).ok());
        // Crates for other platforms are locked but never unpacked here.
        let Some(manifest) = manifest else { continue };
        read.push(name);
        if let Some(v) = rust_version(&manifest) {
            needed = needed.max(v);
        }
    }
    for direct in ["pest", "clap", "miette", "petgraph", "serde_json"] {
        assert!(
            read.iter().any(|n| n == direct),
            "{direct}'s manifest not found"
        );
    }
    let ours = std::fs::read_to_string(manifest_dir().join("Cargo.toml")).expect("Cargo.toml");
    let declared = rust_version(&ours).expect("Cargo.toml declares rust-version");
    assert_eq!(declared, needed, "rust-version in Cargo.toml");
    let readme = std::fs::read_to_string(manifest_dir().join("README.md")).expect("README.md");
    let claim = format!("(stable, {}.{} or later)", declared[0], declared[1]);
    assert!(readme.contains(&claim), "README.md should say {claim}");
}
