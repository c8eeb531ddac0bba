//! The memory the operating system lets this process have beyond what it holds already: room
//! under its address-space and data limits (`ulimit -v`, `ulimit -d`) and under its cgroup's
//! memory limit (a container's, or a systemd unit's).

use std::path::Path;

/// Which limit the room is under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `RLIMIT_AS`: every mapping counts, reserved or touched.
    AddressSpace,
    /// `RLIMIT_DATA`: private writable mappings count (Linux 4.7 on).
    Data,
    /// The cgroup's `memory.max` (v2) or `memory.limit_in_bytes` (v1).
    Cgroup,
}

/// The tightest of the limits that are set, with the bytes left under it, if any is set.
pub fn room() -> Option<(u64, Limit)> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mut rooms = Vec::new();
    if let Some(max) = rlimit(Resource::AddressSpace) {
        rooms.push((
            max.saturating_sub(status_bytes(&status, "VmSize:")),
            Limit::AddressSpace,
        ));
    }
    if let Some(max) = rlimit(Resource::Data) {
        rooms.push((
            max.saturating_sub(status_bytes(&status, "VmData:")),
            Limit::Data,
        ));
    }
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    if let Some(r) = cgroup_room(Path::new("/sys/fs/cgroup"), &cgroups) {
        rooms.push((r, Limit::Cgroup));
    }
    rooms.into_iter().min_by_key(|&(bytes, _)| bytes)
}

/// A process resource limit gamec reads.
#[derive(Clone, Copy)]
enum Resource {
    AddressSpace,
    Data,
}

/// The soft limit on `resource`, in bytes, if one is set.
#[cfg(unix)]
fn rlimit(resource: Resource) -> Option<u64> {
    let which = match resource {
        Resource::AddressSpace => libc::RLIMIT_AS,
        Resource::Data => libc::RLIMIT_DATA,
    };
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` only writes the struct it is given, which lives for the call.
    let ok = unsafe { libc::getrlimit(which, &mut lim) } == 0;
    // `rlim_t` is a u64 on Linux but not on every Unix.
    #[allow(clippy::unnecessary_cast)]
    let max = lim.rlim_cur as u64;
    (ok && lim.rlim_cur != libc::RLIM_INFINITY).then_some(max)
}

#[cfg(not(unix))]
fn rlimit(_: Resource) -> Option<u64> {
    None
}

/// A `/proc/self/status` figure (given in kB) in bytes; 0 when it is missing.
fn status_bytes(status: &str, key: &str) -> u64 {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kb| kb.saturating_mul(1024))
}

/// Values at or above this are "no limit" (cgroup v1 writes 2^63 rounded down to a page).
const UNLIMITED: u64 = 1 << 62;

/// The bytes left under the memory limits of the cgroup (`cgroups`: the text of
/// `/proc/self/cgroup`) and of every cgroup above it, under the hierarchy mounted at `root`:
/// the least of each limit less what its cgroup uses, not counting file pages the kernel can
/// drop (`inactive_file`). `None` when no limit is set.
pub(crate) fn cgroup_room(root: &Path, cgroups: &str) -> Option<u64> {
    let mut least: Option<u64> = None;
    for line in cgroups.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (dir, files) = match controllers {
            "" => (root.to_path_buf(), V2),
            c if c.split(',').any(|c| c == "memory") => (root.join("memory"), V1),
            _ => continue,
        };
        // From the process's own cgroup up to the root of the hierarchy (inside a container the
        // path may name a cgroup that is not mounted there, whose root then holds its limit).
        let mut at = Some(Path::new(path.trim()));
        while let Some(p) = at {
            let d = dir.join(p.strip_prefix("/").unwrap_or(p));
            if let Some(r) = room_in(&d, files) {
                least = Some(least.map_or(r, |l| l.min(r)));
            }
            at = p.parent();
        }
    }
    least
}

/// The names of a cgroup's limit, usage, and reclaimable file pages in `memory.stat`.
type Files = (&'static str, &'static str, &'static str);
const V2: Files = ("memory.max", "memory.current", "inactive_file");
const V1: Files = (
    "memory.limit_in_bytes",
    "memory.usage_in_bytes",
    "total_inactive_file",
);

/// The bytes left under one cgroup's limit, if it has one.
fn room_in(dir: &Path, (max, current, inactive): Files) -> Option<u64> {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let limit: u64 = read(max)?.trim().parse().ok()?;
    if limit >= UNLIMITED {
        return None;
    }
    let used: u64 = read(current)
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let dropped = read("memory.stat")
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix(inactive)?
                    .strip_prefix(' ')?
                    .trim()
                    .parse()
                    .ok()
            })
        })
        .unwrap_or(0u64);
    Some(limit.saturating_sub(used.saturating_sub(dropped)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cgroup tree under a fresh temporary directory: (path, file, contents).
    fn tree(name: &str, files: &[(&str, &str, &str)]) -> std::path::PathBuf {
        let root = std::env::temp_dir().join(format!("gamec-cgroup-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (dir, file, text) in files {
            let d = root.join(dir);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(file), text).unwrap();
        }
        root
    }

    #[test]
    fn v2_limit_less_usage_and_the_tightest_ancestor() {
        let root = tree(
            "v2",
            &[
                ("a/b", "memory.max", "1000000\n"),
                ("a/b", "memory.current", "300000\n"),
                (
                    "a/b",
                    "memory.stat",
                    "anon 1\ninactive_file 100000\nfile 5\n",
                ),
                ("a", "memory.max", "max\n"),
            ],
        );
        assert_eq!(cgroup_room(&root, "0::/a/b\n"), Some(800_000));
        std::fs::write(root.join("a/memory.max"), "500000").unwrap();
        assert_eq!(cgroup_room(&root, "0::/a/b\n"), Some(500_000));
        // Not this process's cgroup: no limit read.
        assert_eq!(cgroup_room(&root, "0::/c\n"), None);
        let _ = std::fs::remove_dir_all(root);
    }

    #[test]
    fn v1_memory_controller_and_its_unlimited_value() {
        let root = tree(
            "v1",
            &[
                ("memory/x", "memory.limit_in_bytes", "9223372036854771712\n"),
                ("memory/x/y", "memory.limit_in_bytes", "2000000\n"),
                ("memory/x/y", "memory.usage_in_bytes", "1500000\n"),
                ("memory/x/y", "memory.stat", "total_inactive_file 250000\n"),
            ],
        );
        let cgroups = "4:memory:/x/y\n3:cpu,cpuacct:/x/y\n0::/\n";
        assert_eq!(cgroup_room(&root, cgroups), Some(750_000));
        assert_eq!(cgroup_room(&root, "4:memory:/x\n"), None);
        let _ = std::fs::remove_dir_all(root);
    }

    #[test]
    fn status_figures_in_bytes() {
        let status = "Name:\tgamec\nVmPeak:\t  900 kB\nVmSize:\t  798416 kB\nVmData:\t12 kB\n";
        assert_eq!(status_bytes(status, "VmSize:"), 798_416 * 1024);
        assert_eq!(status_bytes(status, "VmData:"), 12 * 1024);
        assert_eq!(status_bytes(status, "VmSwap:"), 0);
    }
}
