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
