// No heap allocation per inverse-dynamics evaluation (issue 3, item 10). This executable
// replaces the global operator new with a counting one.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"
#include "manipdyn/stewart/model.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;

TEST(StewartNoAllocation, InverseDynamicsAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData data(model);
  const ms::PlatformMotion m = ms::motion_from_rpy<double>(
      Vector3d(0.2, 0.0, 0.5), Vector3d(0, 0, 0.1), Vector3d(0.05, 0, 0.05), Vector3d(0, 0, 0.08),
      Vector3d(0.03, 0, 0.03), Vector3d(0, 0, 0.08));
  ms::InverseDynamicsOptions opt;
  opt.constraint_forces = true;
  ms::inverse_dynamics_dasgupta(model, data, m, {}, opt);  // warm-up
  ms::inverse_dynamics_improved(model, data, m, {}, opt);
  const long before = g_allocations.load();
  for (int k = 0; k < 10; ++k) {
    ms::inverse_dynamics_dasgupta(model, data, m, {}, opt);
    ms::inverse_dynamics_improved(model, data, m, {}, opt);
    ms::inverse_kinematics(model, data, m);
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
  // the counter works
  auto* p = new int(3);
  EXPECT_EQ(g_allocations.load() - before, 1);
  delete p;
}

TEST(StewartNoAllocation, ForwardDynamicsAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData data(model);
  const ms::PlatformMotion m = ms::motion_from_rpy<double>(
      Vector3d(0.2, 0.0, 0.5), Vector3d(0, 0, 0.1), Vector3d(0.05, 0, 0.05), Vector3d(0, 0, 0.08),
      Vector3d(0.03, 0, 0.03), Vector3d(0, 0, 0.08));
  const manipdyn::Vector6d F = manipdyn::Vector6d::Constant(100.0);
  ms::ForwardDynamicsOptions strobe;
  strobe.method = ms::TaskSpaceMethod::strobe;
  ms::forward_dynamics(model, data, ms::DynamicsModel::improved, m, F);  // warm-up
  const long before = g_allocations.load();
  for (int k = 0; k < 10; ++k) {
    ms::forward_dynamics(model, data, ms::DynamicsModel::dasgupta, m, F);
    ms::forward_dynamics(model, data, ms::DynamicsModel::improved, m, F, {}, strobe);
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
}
