// The batch functions allocate nothing per state: with a warm BatchWorkspace (one that has run
// the function with as many threads), a call over N = 1000 states allocates exactly as often as
// one over N = 2000 (only starting the threads allocates), for 1 and 2 threads, and with one
// thread nothing at all. PUMA 560 (with drive) and a random 12-link arm; inverse dynamics, M,
// G and FD on a random tree (with drive) and on the same tree on a free-flyer, on the threads
// and on the SIMD lanes. Global operator
// new/delete and the C allocation functions of this test executable count the allocations
// while `counting` is set (as in serial_no_allocation.cpp).
#include <gtest/gtest.h>

#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "support/allocation_counter.hpp"
#include "support/free_flyer.hpp"

using manipdyn::test_support::allocations;
using manipdyn::test_support::allocations_of;
using manipdyn::test_support::counting;

namespace manipdyn {
namespace {

/// The allocations of inverse_dynamics_batch, mass_matrix_batch, gravity_torques_batch and
/// forward_dynamics_batch (allocations_of: 10 warm calls) over the first N rows of the arrays.
struct DynamicsBatches {
  const SerialModel& model;
  BatchWorkspace& workspace;
  const RowMatrixXd &q, &qd, &qdd;
  RowMatrixXd &out, &M;
  BatchOptions o;

  long id(Eigen::Index N) const {
    return allocations_of([&] {
      inverse_dynamics_batch(model, workspace, q.topRows(N), qd.topRows(N), qdd.topRows(N),
                             out.topRows(N), o);
    });
  }
  long mm(Eigen::Index N) const {
    return allocations_of(
        [&] { mass_matrix_batch(model, workspace, q.topRows(N), M.topRows(N), o); });
  }
  long g(Eigen::Index N) const {
    return allocations_of(
        [&] { gravity_torques_batch(model, workspace, q.topRows(N), out.topRows(N), o); });
  }
  long fd(Eigen::Index N) const {
    return allocations_of([&] {
      forward_dynamics_batch(model, workspace, q.topRows(N), qd.topRows(N), qdd.topRows(N),
                             out.topRows(N), o);
    });
  }
};

TEST(SerialBatchNoAllocation, PerStateLoopAllocatesNothing) {
  RandomArmOptions opt;
  opt.with_drive = true;
  for (const SerialModel& model : {puma560(true), random_arm(12, 7, DhConvention::modified, opt)}) {
    const int n = model.dof();
    const RowMatrixXd q = RowMatrixXd::Random(2000, n), qd = RowMatrixXd::Random(2000, n),
                      qdd = RowMatrixXd::Random(2000, n);
    RowMatrixXd out(2000, n), M(2000, n * n), W(2000 * n, 14 * n);
    BatchWorkspace workspace(model);
    for (int threads : {1, 2}) {
      const BatchOptions o{.threads = threads};
      const DynamicsBatches b{model, workspace, q, qd, qdd, out, M, o};
      auto regressor = [&](Eigen::Index N) {
        return allocations_of([&] {
          joint_torque_regressor_batch(model, workspace, q.topRows(N), qd.topRows(N),
                                       qdd.topRows(N), W.topRows(N * n), o);
        });
      };
      // (the derivatives over 203 and 403 states: 30 times the work of inverse dynamics per state;
      // the default options run them in the SIMD lanes where the CPU has them, and the last
      // N mod 4 (or 8) rows by the double call)
      RowMatrixXd D1(403, n * n), D2(403, n * n), D3(403, n * n);
      auto id_derivatives = [&](Eigen::Index N) {
        return allocations_of([&] {
          inverse_dynamics_derivatives_batch(model, workspace, q.topRows(N), qd.topRows(N),
                                             qdd.topRows(N), D1.topRows(N), D2.topRows(N),
                                             D3.topRows(N), o);
        });
      };
      auto fd_derivatives = [&](Eigen::Index N) {
        return allocations_of([&] {
          forward_dynamics_derivatives_batch(model, workspace, q.topRows(N), qd.topRows(N),
                                             qdd.topRows(N), D1.topRows(N), D2.topRows(N),
                                             D3.topRows(N), o);
        });
      };
      EXPECT_EQ(id_derivatives(203), id_derivatives(403)) << model.name << " " << threads;
      EXPECT_EQ(fd_derivatives(203), fd_derivatives(403)) << model.name << " " << threads;
      if (threads == 1) EXPECT_EQ(id_derivatives(403) + fd_derivatives(403), 0) << model.name;
      EXPECT_EQ(regressor(1000), regressor(2000)) << model.name << " threads " << threads;
      if (threads == 1) EXPECT_EQ(regressor(2000), 0) << model.name;
      EXPECT_EQ(b.id(1000), b.id(2000)) << model.name << " threads " << threads;
      EXPECT_EQ(b.mm(1000), b.mm(2000)) << model.name << " threads " << threads;
      EXPECT_EQ(b.g(1000), b.g(2000)) << model.name << " threads " << threads;
      EXPECT_EQ(b.fd(1000), b.fd(2000)) << model.name << " threads " << threads;
      if (threads == 1) {
        // No thread started: the whole call allocates nothing.
        EXPECT_EQ(b.id(2000), 0) << model.name;
        EXPECT_EQ(b.mm(2000), 0) << model.name;
        EXPECT_EQ(b.g(2000), 0) << model.name;
        EXPECT_EQ(b.fd(2000), 0) << model.name;
      }
    }
  }
}

TEST(SerialBatchNoAllocation, TreesAndFreeFlyersAllocateNothingPerState) {
  RandomTreeOptions opt;
  opt.with_drive = true;
  const SerialModel tree = random_tree(10, 41, opt);
  for (const SerialModel& model : {tree, test_support::on_free_flyer(tree)}) {
    const int nv = model.nv();
    RowMatrixXd q(800, model.nq());
    for (Eigen::Index i = 0; i < q.rows(); ++i)
      q.row(i) = random_configuration(model, static_cast<std::uint64_t>(i)).transpose();
    const RowMatrixXd qd = RowMatrixXd::Random(800, nv), qdd = RowMatrixXd::Random(800, nv);
    RowMatrixXd out(800, nv), M(800, nv * nv);
    BatchWorkspace workspace(model);
    for (int threads : {1, 2})
      for (BatchSimd simd : {BatchSimd::off, BatchSimd::exact}) {
        const DynamicsBatches b{model, workspace, q, qd, qdd, out, M,
                                {.threads = threads, .simd = simd}};
        for (long (DynamicsBatches::*batch)(Eigen::Index) const :
             {&DynamicsBatches::id, &DynamicsBatches::mm, &DynamicsBatches::g,
              &DynamicsBatches::fd}) {
          EXPECT_EQ((b.*batch)(400), (b.*batch)(800)) << model.name << " threads " << threads;
          if (threads == 1) EXPECT_EQ((b.*batch)(800), 0) << model.name;
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
