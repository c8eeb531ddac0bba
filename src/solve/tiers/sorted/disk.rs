//! Tiers written to disk when memory is short: each tier's sorted keys, and later its 16-bit
//! entries, as one file each in a folder of its own under the system's folder for temporary files
//! (`TMPDIR`), made when the first tier is written and removed with everything in it when the
//! solve's answers are dropped. A finished tier is looked up on disk by binary search.

use super::super::super::SolveError;
use super::table::WIDE;
use crate::engine::alloc::zeroed;
use rustc_hash::FxHashMap;
use std::fs::File;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::PathBuf;

/// The folder of a solve's tier files, made when first needed.
#[derive(Default)]
pub(super) struct Spill {
    dir: Option<PathBuf>,
    /// Bytes written so far.
    pub(super) written: u64,
}

impl Drop for Spill {
    fn drop(&mut self) {
        if let Some(d) = &self.dir {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

/// A disk error as the solve reports it: what was being done, where, and why it failed.
fn failed(what: &str, path: &std::path::Path, e: std::io::Error) -> SolveError {
    SolveError::Spill(format!("{what} {}: {e}", path.display()))
}

impl Spill {
    fn dir(&mut self) -> Result<PathBuf, SolveError> {
        if let Some(d) = &self.dir {
            return Ok(d.clone());
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let tmp = std::env::temp_dir();
        let d = tmp.join(format!("gamec-tiers-{}-{nanos}", std::process::id()));
        std::fs::create_dir(&d).map_err(|e| failed("cannot make a folder in", &tmp, e))?;
        self.dir = Some(d.clone());
        Ok(d)
    }

    fn path(&mut self, tier: u64, what: &str) -> Result<PathBuf, SolveError> {
        Ok(self.dir()?.join(format!("tier-{tier}.{what}")))
    }

    /// Writes tier `tier`'s keys (or entries: `what` names which) to their file.
    pub(super) fn write<T: Plain>(
        &mut self,
        tier: u64,
        what: &str,
        items: &[T],
    ) -> Result<(), SolveError> {
        let path = self.path(tier, what)?;
        let bytes = T::bytes(items);
        let mut f = File::create(&path).map_err(|e| failed("cannot make", &path, e))?;
        f.write_all(bytes)
            .and_then(|()| f.flush())
            .map_err(|e| failed("cannot write", &path, e))?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Reads back what `write` wrote for tier `tier` (`n` items).
    pub(super) fn read<T: Plain>(
        &mut self,
        tier: u64,
        what: &str,
        n: u64,
    ) -> Result<Vec<T>, SolveError> {
        let path = self.path(tier, what)?;
        let refused = SolveError::Refused(n.saturating_mul(std::mem::size_of::<T>() as u64));
        let mut v: Vec<T> = usize::try_from(n).ok().and_then(zeroed).ok_or(refused)?;
        let f = File::open(&path).map_err(|e| failed("cannot open", &path, e))?;
        f.read_exact_at(T::bytes_mut(&mut v), 0)
            .map_err(|e| failed("cannot read", &path, e))?;
        Ok(v)
    }

    /// A finished tier to look up on disk: its keys' and entries' files, opened.
    pub(super) fn open(
        &mut self,
        tier: u64,
        n: u64,
        wide: FxHashMap<u32, u64>,
    ) -> Result<OnDisk, SolveError> {
        let (k, v) = (self.path(tier, "keys")?, self.path(tier, "values")?);
        Ok(OnDisk {
            keys: File::open(&k).map_err(|e| failed("cannot open", &k, e))?,
            values: File::open(&v).map_err(|e| failed("cannot open", &v, e))?,
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
