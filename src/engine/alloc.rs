//! Allocation that may be refused: the large tables ask for their memory this way, so that a
//! refusal (an address-space limit, say) becomes a smaller table or a diagnostic, not an abort.

/// Element types whose all-zero bytes are a valid value.
pub trait Zeroable: Copy {}
impl Zeroable for u8 {}
impl Zeroable for u16 {}
impl Zeroable for u32 {}
impl Zeroable for u64 {}

/// `n` zeros, or `None` if the memory is refused. The pages are zeroed lazily by the system (as
/// `vec![0; n]` does), so a large table whose codes are never reached costs nothing until used.
pub fn zeroed<T: Zeroable>(n: usize) -> Option<Vec<T>> {
    if n == 0 || std::mem::size_of::<T>() == 0 {
        return Some(Vec::new());
    }
    let layout = std::alloc::Layout::array::<T>(n).ok()?;
    // SAFETY: the layout has a non-zero size (checked above). The pointer, when not null, is a
    // fresh allocation of `n` zeroed `T`s from the global allocator with `T`'s alignment, which
    // is what `Vec::from_raw_parts` requires, and zero bytes are a valid `T` (`Zeroable`).
    unsafe {
        let p = std::alloc::alloc_zeroed(layout).cast::<T>();
        (!p.is_null()).then(|| Vec::from_raw_parts(p, n, n))
    }
}

/// Gives the pages of freed memory back to the system. The C allocator keeps a large block freed
/// on a thread other than the main one (or freed after one of its size was) for reuse; a solver
/// that gave up on its table then holds it while the next solver allocates its own.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only returns free memory of the allocator's arenas to the system; it
    // reads and changes no live allocation.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Asks the system to back the memory of `v` with huge pages (2 MiB on x86-64 Linux) from the
/// first touch on: a table read at random over gigabytes then misses the processor's TLB far
/// less often. Only a hint, for tables about to be written all over (a huge page is zeroed whole
/// when first touched); nothing happens where it is not supported or `v` is small.
pub fn huge_pages<T>(v: &[T]) {
    const HUGE: usize = 2 << 20;
    if std::mem::size_of_val(v) >= 4 * HUGE {
        #[cfg(target_os = "linux")]
        advise(v, HUGE, libc::MADV_HUGEPAGE);
    }
}

/// Asks the system to map the pages of `v` now, writable, in one call: a table that is about to
/// be written all over (a hash table's slots when it doubles) then takes no page fault per page,
/// and none twice (a page read before it is written is first mapped to the shared zero page, and
/// faults again when written: Connect Four 4 x 4's table took 768 faults for 384 pages). Only a
/// hint: where it is not supported, or the memory is short, the pages fault in as before.
pub fn populate<T: Zeroable>(v: &mut [T]) {
    #[cfg(target_os = "linux")]
    advise(v, 4096, libc::MADV_POPULATE_WRITE);
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// `madvise(advice)` over the whole pages of `page` bytes that lie within `v`'s memory (none if
/// it holds no whole page). An error (an older kernel, no support, too little memory) is
/// ignored: both advices used here are hints.
#[cfg(target_os = "linux")]
fn advise<T>(v: &[T], page: usize, advice: libc::c_int) {
    let (at, bytes) = (v.as_ptr() as usize, std::mem::size_of_val(v));
    let (start, end) = ((at + page - 1) & !(page - 1), (at + bytes) & !(page - 1));
    if end > start {
        // SAFETY: MADV_HUGEPAGE changes only how the pages are backed, and MADV_POPULATE_WRITE
        // only maps them as if written (zeros stay zeros): neither changes the contents of
        // memory, and the range lies within `v`'s (rounded inwards to whole pages).
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, advice);
        }
    }
}

/// `f` of every element of `v`, or `None` if the memory for the new vector is refused.
pub fn try_map<T: Copy, U>(v: &[T], f: impl Fn(T) -> U) -> Option<Vec<U>> {
    let mut out = Vec::new();
    out.try_reserve_exact(v.len()).ok()?;
    out.extend(v.iter().map(|&x| f(x)));
    Some(out)
}

/// `n` copies of `x`, or `None` if the memory is refused.
pub fn filled<T: Copy>(n: usize, x: T) -> Option<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(n).ok()?;
    out.resize(n, x);
    Some(out)
}

/// Asks the CPU to start loading what `p` points to, to be read soon.
#[inline]
pub fn prefetch<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` only hints the cache; the pointer is to a live value, and a
    // prefetch never faults or changes memory.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((p as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_and_mapped_tables_or_a_refusal() {
        assert_eq!(zeroed::<u16>(5), Some(vec![0; 5]));
        assert_eq!(zeroed::<u64>(0), Some(vec![]));
        assert_eq!(try_map(&[1u16, 2], u64::from), Some(vec![1u64, 2]));
        assert_eq!(filled(3, u32::MAX), Some(vec![u32::MAX; 3]));
        // More than the address space holds is refused, not aborted.
        assert_eq!(zeroed::<u64>(usize::MAX / 16), None);
        assert_eq!(filled(usize::MAX / 16, 7u64), None);
    }
}
