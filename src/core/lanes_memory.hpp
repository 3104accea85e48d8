#pragma once
/// \file lanes_memory.hpp
/// Heap blocks of lane values (lanes.hpp) aligned to the lane register (32 bytes for 4 lanes, 64
/// for 8), so that no value straddles two cache lines. Included by lanes.hpp only.
///
/// Eigen's own aligned allocator cannot give this: the lane files hold Eigen at the library's
/// 16-byte heap alignment, with glibc's malloc (EIGEN_MALLOC_ALREADY_ALIGNED, CMakeLists.txt),
/// because Eigen's aligned_malloc and aligned_free are inline functions shared by name with the
/// rest of the library, which must all free a block the way it was allocated. The functions
/// below are Eigen's allocation functions specialised for the lane scalars (and
/// aligned_allocator for Eigen objects of them), which exist in the lane files only: their
/// blocks come from and go back to the aligned operator new and delete. Measured: with 16-byte
/// blocks the 8-lane inverse dynamics batch took 1.13 x the time of 64-byte ones.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>

#include <Eigen/Core>

namespace manipdyn::detail {

/// `bytes` bytes aligned to kAlign (nullptr for 0); free with lanes_free<kAlign>.
template <std::size_t kAlign>
inline void* lanes_allocate(std::size_t bytes) {
  return bytes == 0 ? nullptr : ::operator new(bytes, std::align_val_t{kAlign});
}
template <std::size_t kAlign>
inline void lanes_free(void* p) {
  if (p != nullptr) ::operator delete(p, std::align_val_t{kAlign});
}

}  // namespace manipdyn::detail

namespace Eigen {

/// The std::vector allocator of Eigen objects of lane values (AlignedVector<Vector3<L>>, ...).
template <bool E, typename A, int R, int C, int O, int MR, int MC>
class aligned_allocator<Matrix<manipdyn::LanesT<E, A>, R, C, O, MR, MC>> {
 public:
  using value_type = Matrix<manipdyn::LanesT<E, A>, R, C, O, MR, MC>;
  static constexpr std::size_t kAlign = sizeof(manipdyn::LanesT<E, A>);

  aligned_allocator() = default;
  template <class U>
  aligned_allocator(const aligned_allocator<U>&) {}  // NOLINT: rebinding copies
  template <class U>
  struct rebind {
    using other = aligned_allocator<U>;
  };

  value_type* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(value_type)) throw std::bad_alloc();
    return static_cast<value_type*>(
        manipdyn::detail::lanes_allocate<kAlign>(std::max<std::size_t>(n, 1) * sizeof(value_type)));
  }
  void deallocate(value_type* p, std::size_t) { manipdyn::detail::lanes_free<kAlign>(p); }
  bool operator==(const aligned_allocator&) const { return true; }
  bool operator!=(const aligned_allocator&) const { return false; }
};

}  // namespace Eigen

// Eigen's dynamic-size storage of lane values (VectorX<L>, MatrixX<L>): new, delete and resize.
// Lane values need no construction (NumTraits: RequireInitialization = 0), as doubles.
#define MANIPDYN_LANES_MEMORY(L)                                                            \
  namespace Eigen::internal {                                                              \
  template <>                                                                              \
  inline manipdyn::L* conditional_aligned_new_auto<manipdyn::L, true>(std::size_t size) {  \
    check_size_for_overflow<manipdyn::L>(size);                                            \
    return static_cast<manipdyn::L*>(                                                      \
        manipdyn::detail::lanes_allocate<sizeof(manipdyn::L)>(size * sizeof(manipdyn::L))); \
  }                                                                                        \
  template <>                                                                              \
  inline void conditional_aligned_delete_auto<manipdyn::L, true>(manipdyn::L * p,          \
                                                                 std::size_t) {            \
    manipdyn::detail::lanes_free<sizeof(manipdyn::L)>(p);                                  \
  }                                                                                        \
  template <>                                                                              \
  inline manipdyn::L* conditional_aligned_realloc_new_auto<manipdyn::L, true>(             \
      manipdyn::L * p, std::size_t new_size, std::size_t old_size) {                       \
    manipdyn::L* q = conditional_aligned_new_auto<manipdyn::L, true>(new_size);            \
    if (p != nullptr && q != nullptr)                                                      \
      std::memcpy(static_cast<void*>(q), static_cast<const void*>(p),                      \
                  std::min(new_size, old_size) * sizeof(manipdyn::L));                     \
    conditional_aligned_delete_auto<manipdyn::L, true>(p, old_size);                       \
    return q;                                                                              \
  }                                                                                        \
  }  // namespace Eigen::internal

MANIPDYN_LANES_MEMORY(Lanes)
MANIPDYN_LANES_MEMORY(LanesFastTrig)
#if defined(__AVX512F__)
MANIPDYN_LANES_MEMORY(Lanes8)
MANIPDYN_LANES_MEMORY(Lanes8FastTrig)
#endif
#undef MANIPDYN_LANES_MEMORY
