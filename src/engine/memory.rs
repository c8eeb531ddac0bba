//! Memory as a limit: how many positions fit in the memory this machine has available, so that a
//! large `--max-positions` ends with a clear error instead of an aborted allocation.

/// Upper estimate of the bytes one position costs in the hash-map table (key, entry, the map's
/// control bytes and its doubling on growth).
pub const SPARSE_BYTES_PER_POSITION: u64 = 48;
/// Upper estimates for the explicit state graph: a node with its index entry, and an edge with its
/// move's arguments.
pub const GRAPH_BYTES_PER_NODE: u64 = 96;
pub const GRAPH_BYTES_PER_EDGE: u64 = 160;

/// Three quarters of the available memory, or no limit when it cannot be read.
pub fn byte_budget() -> u64 {
    available().map_or(u64::MAX, |b| b / 4 * 3)
}

/// Bytes of memory available now (Linux `MemAvailable`), if known. The environment variable
/// `GAMEC_MEMORY_AVAILABLE` (bytes) overrides it, so the limit can be tested.
pub fn available() -> Option<u64> {
    if let Some(v) = std::env::var_os("GAMEC_MEMORY_AVAILABLE") {
        return v.to_str().and_then(|s| s.parse().ok());
    }
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The positions that may be explored: the user's limit, or fewer if three quarters of the
/// available memory would not hold them. The flag says whether memory is what limits.
pub fn position_budget(limit: u64, bytes_per_position: u64) -> (u64, bool) {
    match available() {
        Some(bytes) => {
            let fit = bytes / 4 * 3 / bytes_per_position.max(1);
            if fit < limit {
                (fit, true)
            } else {
                (limit, false)
            }
        }
        None => (limit, false),
    }
}
