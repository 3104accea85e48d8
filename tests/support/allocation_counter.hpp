#pragma once
/// \file allocation_counter.hpp
/// Counts the heap allocations of a test executable, for the "no allocation per call" tests:
/// the global operator new and the C allocation functions (Eigen's dynamic buffers come from
/// std::malloc, not operator new) are replaced by counting versions that forward to glibc's
/// own (exported as __libc_*). Include it in exactly one source file of an executable (the
/// replacements are definitions); not usable under AddressSanitizer, which replaces them too
/// (tests/CMakeLists.txt skips the *no_alloc* tests there).
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <new>

namespace manipdyn::test_support {

/// Allocations are counted while `counting` is set.
inline std::atomic<bool> counting{false};
/// Allocations counted so far.
inline std::atomic<long> allocations{0};

inline void count_allocation() {
  if (counting) ++allocations;
}

/// The allocations of `calls` calls of f, after one warm-up call (which may size buffers that
/// are sized on first use).
template <typename F>
long allocations_of(F&& f, int calls = 10) {
  f();
  allocations = 0;
  counting = true;
  for (int i = 0; i < calls; ++i) f();
  counting = false;
  return allocations.load();
}

}  // namespace manipdyn::test_support

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
void* malloc(std::size_t size) {
  manipdyn::test_support::count_allocation();
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) {
  manipdyn::test_support::count_allocation();
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) {
  manipdyn::test_support::count_allocation();
  return __libc_realloc(p, size);
}
void* aligned_alloc(std::size_t a, std::size_t size) {
  manipdyn::test_support::count_allocation();
  return __libc_memalign(a, size);
}
void* memalign(std::size_t a, std::size_t size) {
  manipdyn::test_support::count_allocation();
  return __libc_memalign(a, size);
}
int posix_memalign(void** p, std::size_t a, std::size_t size) {
  manipdyn::test_support::count_allocation();
  *p = __libc_memalign(a, size);
  return *p ? 0 : ENOMEM;
}
void free(void* p) { __libc_free(p); }
}

void* operator new(std::size_t size) {
  manipdyn::test_support::count_allocation();
  if (void* p = __libc_malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, std::align_val_t al) {
  manipdyn::test_support::count_allocation();
  if (void* p = __libc_memalign(static_cast<std::size_t>(al), size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t al) { return operator new(size, al); }
void operator delete(void* p) noexcept { __libc_free(p); }
void operator delete[](void* p) noexcept { __libc_free(p); }
void operator delete(void* p, std::size_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::size_t) noexcept { __libc_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { __libc_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { __libc_free(p); }
