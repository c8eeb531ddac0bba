//! Tiers written to disk when memory is short: each tier's sorted keys, and later its 16-bit
//! entries, as one file each under the system's folder for temporary files (`TMPDIR`, else
//! `/tmp`). Each file's name is removed as soon as it is made: the solve reads and writes it
//! through the handle it keeps, and the system frees its blocks when the handle is dropped or the
//! process ends however it ends (a solve stopped with Ctrl-C leaves nothing behind). A finished
//! tier is looked up on disk by binary search.

use super::super::super::SolveError;
use super::table::WIDE;
use crate::engine::alloc::{huge_pages, zeroed};
use rustc_hash::FxHashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

/// A solve's tier files, by tier and what they hold.
#[derive(Default)]
pub(super) struct Spill {
    files: FxHashMap<(u64, &'static str), (File, u64)>,
    /// Bytes written so far.
    pub(super) written: u64,
}

/// A disk error as the solve reports it: what was being done, where, and why it failed.
fn failed(what: &str, path: &Path, e: std::io::Error) -> SolveError {
    SolveError::Spill(format!("{what} {}: {e}", path.display()))
}

/// A new file in the folder for temporary files, its name already removed.
fn unnamed(tier: u64, what: &str) -> Result<File, SolveError> {
    let tmp = std::env::temp_dir();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!("gamec-{}-{nanos}-tier-{tier}.{what}", std::process::id());
    let path = tmp.join(name);
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| failed("cannot make a file in", &tmp, e))?;
    std::fs::remove_file(&path).map_err(|e| failed("cannot remove the name of", &path, e))?;
    Ok(f)
}

impl Spill {
    /// Writes tier `tier`'s keys (or entries: `what` names which) to a file of their own.
    pub(super) fn write<T: Plain>(
        &mut self,
        tier: u64,
        what: &'static str,
        items: &[T],
    ) -> Result<(), SolveError> {
        let f = unnamed(tier, what)?;
        let bytes = T::bytes(items);
        f.write_all_at(bytes, 0).map_err(|e| {
            let tmp = std::env::temp_dir();
            failed(&format!("cannot write tier {tier}'s {what} in"), &tmp, e)
        })?;
        self.written += bytes.len() as u64;
        self.files.insert((tier, what), (f, items.len() as u64));
        Ok(())
    }

    /// Reads back what `write` wrote for tier `tier`.
    pub(super) fn read<T: Plain>(
        &mut self,
        tier: u64,
        what: &'static str,
    ) -> Result<Vec<T>, SolveError> {
        let tmp = std::env::temp_dir();
        let missing = || {
            failed(
                &format!("no file for tier {tier}'s {what} in"),
                &tmp,
                std::io::ErrorKind::NotFound.into(),
            )
        };
        let (f, n) = self.files.get(&(tier, what)).ok_or_else(missing)?;
        let refused = SolveError::Refused(n.saturating_mul(std::mem::size_of::<T>() as u64));
        let mut v: Vec<T> = usize::try_from(*n).ok().and_then(zeroed).ok_or(refused)?;
        huge_pages(&v);
        f.read_exact_at(T::bytes_mut(&mut v), 0)
            .map_err(|e| failed(&format!("cannot read tier {tier}'s {what} in"), &tmp, e))?;
        Ok(v)
    }

    /// Drops tier `tier`'s files (its answers are kept in memory instead).
    pub(super) fn forget(&mut self, tier: u64) {
        self.files.retain(|&(t, _), _| t != tier);
    }

    /// A finished tier to look up on disk, from its keys' and entries' files.
    pub(super) fn open(
        &mut self,
        tier: u64,
        wide: FxHashMap<u32, u64>,
    ) -> Result<OnDisk, SolveError> {
        let tmp = std::env::temp_dir();
        let mut take = |what: &'static str| {
            self.files.remove(&(tier, what)).ok_or_else(|| {
                failed(
                    &format!("no file for tier {tier}'s {what} in"),
                    &tmp,
                    std::io::ErrorKind::NotFound.into(),
                )
            })
        };
        let (keys, n) = take("keys")?;
        let (values, _) = take("values")?;
        Ok(OnDisk {
            keys,
            values,
            n,
            wide,
        })
    }
}

/// A finished tier on disk.
pub(super) struct OnDisk {
    keys: File,
    values: File,
    n: u64,
    wide: FxHashMap<u32, u64>,
}

impl OnDisk {
    /// The entry of `key` (16 bits on disk, or kept aside), if the tier has it; a read that fails
    /// finds nothing.
    pub(super) fn get(&self, key: u64) -> Option<u64> {
        let read = |f: &File, at: u64, buf: &mut [u8]| f.read_exact_at(buf, at).ok();
        let (mut lo, mut hi) = (0u64, self.n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let mut b = [0u8; 8];
            read(&self.keys, mid * 8, &mut b)?;
            match u64::from_ne_bytes(b).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    let mut v = [0u8; 2];
                    read(&self.values, mid * 2, &mut v)?;
                    return match u16::from_ne_bytes(v) {
                        WIDE => self.wide.get(&(mid as u32)).copied(),
                        x => Some(super::super::super::store::widen16(x)),
                    };
                }
            }
        }
        None
    }
}

/// Integers whose bytes may be written and read back as they are in memory (every bit pattern is
/// a value).
pub(super) trait Plain: crate::engine::alloc::Zeroable {
    fn bytes(v: &[Self]) -> &[u8];
    fn bytes_mut(v: &mut [Self]) -> &mut [u8];
}

macro_rules! plain {
    ($t:ty) => {
        impl Plain for $t {
            fn bytes(v: &[$t]) -> &[u8] {
                // SAFETY: an integer slice is readable as its bytes (no padding), for the same
                // lifetime; the length is the slice's size in bytes.
                unsafe {
                    std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v))
                }
            }
            fn bytes_mut(v: &mut [$t]) -> &mut [u8] {
                // SAFETY: as above, and every bit pattern written through the bytes is an integer.
                unsafe {
                    std::slice::from_raw_parts_mut(
                        v.as_mut_ptr().cast::<u8>(),
                        std::mem::size_of_val(v),
                    )
                }
            }
        }
    };
}
plain!(u64);
plain!(u16);
