//! Memory as a limit: how many positions fit in the memory this machine has available, so that a
//! large `--max-positions` ends with a clear error instead of an aborted allocation.

/// Upper estimate of the bytes one position costs in the hash table (`solve/packed.rs`): 4-byte
/// slots at least a quarter full, or 8-byte ones at least three eighths, with both the old and the
/// new slots while they double, is at most 32; the rest is for the entries kept in a general map
/// beside the slots (too wide for a slot, or too far from home).
pub const SPARSE_BYTES_PER_POSITION: u64 = 48;
/// Upper estimates for the explicit state graph: a node with its index entry, and an edge with its
/// move's arguments.
pub const GRAPH_BYTES_PER_NODE: u64 = 96;
pub const GRAPH_BYTES_PER_EDGE: u64 = 160;

/// Three quarters of the available memory, or no limit when it cannot be read.
pub fn byte_budget() -> u64 {
    available().map_or(u64::MAX, |b| b / 4 * 3)
}

/// The environment variable that overrides the available memory (in bytes), so the limit can be
/// tested.
pub const OVERRIDE: &str = "GAMEC_MEMORY_AVAILABLE";

/// The override's value: `Ok(None)` when it is not set, an explanation when it is not a whole
/// number of bytes. The command line checks it once at startup and refuses a bad one.
pub fn override_bytes() -> Result<Option<u64>, String> {
    let Some(v) = std::env::var_os(OVERRIDE) else {
        return Ok(None);
    };
    let text = v.to_string_lossy();
    match text.trim().parse::<u64>() {
        Ok(n) if !text.trim().is_empty() => Ok(Some(n)),
        _ => Err(format!(
            "{OVERRIDE} must be a whole number of bytes from 0 to {}, like 8000000000; it is `{text}`",
            u64::MAX
        )),
    }
}

/// Bytes of memory available now (Linux `MemAvailable`), if known. `GAMEC_MEMORY_AVAILABLE`
/// overrides it; a value that is not a number of bytes is refused by the command line before any
/// work starts (here it is passed over for the system's reading).
pub fn available() -> Option<u64> {
    if let Ok(Some(bytes)) = override_bytes() {
        return Some(bytes);
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
