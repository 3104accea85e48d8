// The batch functions allocate nothing per state: with a warm BatchWorkspace (one that has run
// the function with as many threads), a call over N = 1000 states allocates exactly as often as
// one over N = 2000 (only starting the threads allocates), for 1 and 2 threads, and with one
// thread nothing at all. PUMA 560 (with drive) and a random 12-link arm. Global operator
// new/delete and the C allocation functions of this test executable count the allocations
// while `counting` is set (as in serial_no_allocation.cpp).
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <new>

#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"

namespace {
std::atomic<bool> counting{false};
std::atomic<long> allocations{0};
void count() {
  if (counting) ++allocations;
}
}  // namespace

// Eigen's dynamic buffers come from std::malloc, not operator new: the C allocation functions
// are interposed as well (glibc exports its own as __libc_*).
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
void* malloc(std::size_t size) {
  count();
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) {
  count();
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) {
  count();
  return __libc_realloc(p, size);
}
void* aligned_alloc(std::size_t a, std::size_t size) {
  count();
  return __libc_memalign(a, size);
}
void* memalign(std::size_t a, std::size_t size) {
  count();
  return __libc_memalign(a, size);
}
int posix_memalign(void** p, std::size_t a, std::size_t size) {
  count();
  *p = __libc_memalign(a, size);
  return *p ? 0 : ENOMEM;
}
void free(void* p) { __libc_free(p); }
}

void* operator new(std::size_t size) {
  count();
  if (void* p = __libc_malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, std::align_val_t al) {
  count();
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


namespace manipdyn {
namespace {

// The allocations of one call of f (after one warm-up call).
template <typename F>
long allocations_of(F&& f) {
  f();
  allocations = 0;
  counting = true;
  f();
  counting = false;
  return allocations.load();
}

TEST(SerialBatchNoAllocation, PerStateLoopAllocatesNothing) {
  RandomArmOptions opt;
  opt.with_drive = true;
  for (const SerialModel& model : {puma560(true), random_arm(12, 7, DhConvention::modified, opt)}) {
    const int n = model.dof();
    const RowMatrixXd q = RowMatrixXd::Random(2000, n), qd = RowMatrixXd::Random(2000, n),
                      qdd = RowMatrixXd::Random(2000, n);
    RowMatrixXd out(2000, n), M(2000, n * n);
    BatchWorkspace workspace(model);
    for (int threads : {1, 2}) {
      const BatchOptions o{.threads = threads};
      auto id = [&](Eigen::Index N) {
        return allocations_of([&] {
          inverse_dynamics_batch(model, workspace, q.topRows(N), qd.topRows(N), qdd.topRows(N),
                                 out.topRows(N), o);
        });
      };
      auto mm = [&](Eigen::Index N) {
        return allocations_of(
            [&] { mass_matrix_batch(model, workspace, q.topRows(N), M.topRows(N), o); });
      };
      auto g = [&](Eigen::Index N) {
        return allocations_of(
            [&] { gravity_torques_batch(model, workspace, q.topRows(N), out.topRows(N), o); });
      };
      auto fd = [&](Eigen::Index N) {
        return allocations_of([&] {
          forward_dynamics_batch(model, workspace, q.topRows(N), qd.topRows(N), qdd.topRows(N),
                                 out.topRows(N), o);
        });
      };
      EXPECT_EQ(id(1000), id(2000)) << model.name << " threads " << threads;
      EXPECT_EQ(mm(1000), mm(2000)) << model.name << " threads " << threads;
      EXPECT_EQ(g(1000), g(2000)) << model.name << " threads " << threads;
      EXPECT_EQ(fd(1000), fd(2000)) << model.name << " threads " << threads;
      if (threads == 1) {
        // No thread started: the whole call allocates nothing.
        EXPECT_EQ(id(2000), 0) << model.name;
        EXPECT_EQ(mm(2000), 0) << model.name;
        EXPECT_EQ(g(2000), 0) << model.name;
        EXPECT_EQ(fd(2000), 0) << model.name;
      }
    }
  }
}

TEST(SerialBatchNoAllocation, CounterSeesAWorkspaceBeingMade) {
  // The counter works here: a cold workspace allocates on the first call.
  const SerialModel model = puma560(true);
  const RowMatrixXd q = RowMatrixXd::Random(100, 6);
  RowMatrixXd out(100, 6);
  allocations = 0;
  counting = true;
  {
    BatchWorkspace workspace(model);
    gravity_torques_batch(model, workspace, q, out, {.threads = 1});
  }
  counting = false;
  EXPECT_GT(allocations.load(), 0);
}

}  // namespace
}  // namespace manipdyn
