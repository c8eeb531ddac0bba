//! Memory as a limit: how many positions fit in the memory this machine has available and the
//! operating system lets the process have, so that a large `--max-positions` ends with a clear
//! error instead of an aborted allocation.

pub use super::os_memory::Limit;

/// Upper estimate of the bytes one position costs in the hash table (`solve/packed.rs`): 4-byte
/// or 8-byte slots at least three eighths full, with both the old and the new slots while they
/// double, is at most 32; the rest is for the entries kept in a general map beside the slots (too
/// wide for a slot, or too far from home).
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

/// What bounds the memory gamec may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The memory the system has available (Linux `MemAvailable`).
    System,
    /// `GAMEC_MEMORY_AVAILABLE`.
    Override,
    /// An operating system limit on this process: the room left under it.
    Os(Limit),
}

impl Bound {
    /// The bound in words, for diagnostics: "the memory available (…)".
    pub fn describe(self) -> &'static str {
        match self {
            Bound::System => "the memory the system has available",
            Bound::Override => "GAMEC_MEMORY_AVAILABLE",
            Bound::Os(Limit::AddressSpace) => "left under the address-space limit, `ulimit -v`",
            Bound::Os(Limit::Data) => "left under the data-size limit, `ulimit -d`",
            Bound::Os(Limit::Cgroup) => "left under the cgroup's memory limit",
        }
    }
}

/// Bytes of memory available now, if known, and what bounds them: the least of the system's
/// `MemAvailable` (or `GAMEC_MEMORY_AVAILABLE` in its place) and the room left under the
/// process's address-space and data limits and its cgroup's memory limit. A value of
/// `GAMEC_MEMORY_AVAILABLE` that is not a number of bytes is refused by the command line before
/// any work starts (here it is passed over for the system's reading).
pub fn available_bound() -> Option<(u64, Bound)> {
    let stated = match override_bytes() {
        Ok(Some(bytes)) => Some((bytes, Bound::Override)),
        _ => system_available().map(|b| (b, Bound::System)),
    };
    let os = super::os_memory::room().map(|(b, l)| (b, Bound::Os(l)));
    match (stated, os) {
        (Some(s), Some(o)) => Some(if o.0 < s.0 { o } else { s }),
        (s, o) => s.or(o),
    }
}

/// Bytes of memory available now, if known (`available_bound`).
pub fn available() -> Option<u64> {
    available_bound().map(|(b, _)| b)
}

/// Linux `MemAvailable`.
fn system_available() -> Option<u64> {
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

/// The stack for a thread that would like `most` bytes: no more than an eighth of the room the
/// operating system's limits leave (a stack is reserved in full, and `ulimit -v` counts it),
/// and at least `least`.
pub fn stack_bytes(most: usize, least: usize) -> usize {
    match super::os_memory::room() {
        Some((room, _)) => most
            .min(usize::try_from(room / 8).unwrap_or(most))
            .max(least),
        None => most,
    }
}
