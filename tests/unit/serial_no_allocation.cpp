// The hot paths allocate nothing after their first call: each function is called once (which
// sizes the buffers it needs: M, C, C^k, J, the Lagrange-Euler partials are sized on first use),
// then 10 more calls must allocate nothing. Robots: the PUMA 560 (with drive terms), random
// 12-link arms with mixed joints, and a random 2000-link arm for the O(n) and O(n^2) functions.
// Both the checked and the unchecked overloads. Trees: the default algorithms on random trees
// (the tree paths of inverse_dynamics, mass_matrix, ..., the kinematics of frames and COM). Global operator new/delete and the C allocation
// functions of this test executable count the allocations while `counting` is set.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "manipdyn/serial/centroidal_momentum.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "support/allocation_counter.hpp"
#include "../support/free_flyer.hpp"

using manipdyn::test_support::allocations_of;

namespace manipdyn {
namespace {

TEST(SerialNoAllocation, CounterSeesTheLibraryAllocating) {
  // the counter itself works, on library code: each workspace made for a model allocates its
  // buffers (one per vector or matrix), so the zeros asserted below are not a blind counter
  const SerialModel model = puma560(true);
  const long n = allocations_of([&] {
    SerialData data(model);
    ASSERT_EQ(data.tau.size(), 6);
  });
  EXPECT_GE(n, 10 * 2);
  // and a value-returning copy of a result allocates exactly its one vector per call
  SerialData data(model);
  const VectorXd q = VectorXd::Constant(6, 0.3);
  const long m = allocations_of([&] {
    const VectorXd tau = inverse_dynamics(model, data, q, q, q);
    ASSERT_EQ(tau.size(), 6);
  });
  EXPECT_EQ(m, 10);
}

TEST(SerialNoAllocation, InverseDynamicsPumaAndRandom12) {
  RandomArmOptions opt;
  opt.prismatic_fraction = 0.3;
  opt.with_drive = true;
  for (const SerialModel& model : {puma560(true), random_arm(12, 2024, DhConvention::standard, opt),
                                   random_arm(12, 2025, DhConvention::modified, opt)}) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.5, -0.7),
                   qdd = VectorXd::LinSpaced(n, 2, -1);
    Vector6d f;
    f << 1, 2, 3, 0.1, 0.2, 0.3;
    const Vector3d g = model.gravity;
    EXPECT_EQ(allocations_of([&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, f); }), 0)
        << model.name;
    EXPECT_EQ(allocations_of(
                  [&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, Vector6d::Zero()); }),
              0)
        << model.name;
    EXPECT_EQ(allocations_of([&] { inverse_dynamics<double>(model, data, q, qd, qdd); }), 0);
    EXPECT_EQ(allocations_of([&] { mass_matrix<double>(model, data, q); }), 0) << model.name;
    EXPECT_EQ(allocations_of([&] { bias_torques<double>(model, data, q, qd, g); }), 0);
    EXPECT_EQ(allocations_of([&] { gravity_torques<double>(model, data, q, g); }), 0);
    EXPECT_EQ(allocations_of([&] { coriolis_matrix<double>(model, data, q, qd); }), 0);
    EXPECT_EQ(allocations_of([&] { velocity_coupling_strobing<double>(model, data, q); }), 0);
    EXPECT_EQ(allocations_of([&] { mass_matrix_strobing<double>(model, data, q); }), 0);
    EXPECT_EQ(allocations_of([&] { mass_matrix_and_bias<double>(model, data, q, qd, g, f); }), 0);
    EXPECT_EQ(allocations_of([&] { link_transforms<double>(model, data, q); }), 0);
    EXPECT_EQ(allocations_of([&] { end_effector_pose<double>(model, data, q); }), 0);
    EXPECT_EQ(allocations_of([&] { jacobian<double>(model, data, q); }), 0);
    EXPECT_EQ(
        allocations_of([&] { joint_torque_regressor<double>(model, data, q, qd, qdd, g); }), 0)
        << model.name;
    EXPECT_EQ(allocations_of(
                  [&] { joint_torque_regressor<double>(unchecked, model, data, q, qd, qdd, g); }),
              0);
    EXPECT_EQ(allocations_of([&] { energy_regressor<double>(model, data, q, qd, g); }), 0);
    // the Lagrange-Euler functions size their partials on the first call only
    EXPECT_EQ(allocations_of([&] {
                inverse_dynamics_lagrange_euler<double>(model, data, q, qd, qdd, g, f);
              }),
              0);
    EXPECT_EQ(allocations_of([&] { mass_matrix_lagrange_euler<double>(model, data, q); }), 0);
    EXPECT_EQ(allocations_of([&] { gravity_torques_lagrange_euler<double>(model, data, q, g); }),
              0);
    EXPECT_EQ(allocations_of([&] { velocity_coupling_lagrange_euler<double>(model, data, q); }),
              0);
    // every method, checked and unchecked
    for (InverseDynamicsMethod m :
         {InverseDynamicsMethod::fastest, InverseDynamicsMethod::lagrange_euler,
          InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
          InverseDynamicsMethod::craig}) {
      EXPECT_EQ(allocations_of([&] { inverse_dynamics<double>(m, model, data, q, qd, qdd, g, f); }),
                0)
          << to_string(m);
      EXPECT_EQ(allocations_of([&] {
                  inverse_dynamics<double>(unchecked, m, model, data, q, qd, qdd, g, f);
                }),
                0)
          << to_string(m);
    }
    EXPECT_EQ(allocations_of([&] { inverse_dynamics<double>(unchecked, model, data, q, qd, qdd); }),
              0);
    EXPECT_EQ(allocations_of([&] { mass_matrix<double>(unchecked, model, data, q); }), 0);
    EXPECT_EQ(allocations_of([&] { bias_torques<double>(unchecked, model, data, q, qd, g); }), 0);
    EXPECT_EQ(allocations_of([&] { gravity_torques<double>(unchecked, model, data, q, g); }), 0);
    EXPECT_EQ(allocations_of([&] { jacobian<double>(unchecked, model, data, q); }), 0);
    VectorXd friction(n);
    EXPECT_EQ(allocations_of([&] { friction_torques<double>(model, qd, friction); }), 0);
  }
}

TEST(SerialNoAllocation, FirstCallOfAFreshDataThenNone) {
  // a fresh Data: the first mass_matrix / coriolis_matrix / jacobian call sizes M, C, J; none
  // after
  const SerialModel model = puma560(true);
  const VectorXd q = VectorXd::LinSpaced(6, -1, 1), qd = VectorXd::LinSpaced(6, 0.5, -0.7);
  SerialData data(model);
  EXPECT_EQ(data.M.size(), 0);
  EXPECT_EQ(data.C.size(), 0);
  EXPECT_EQ(data.J.size(), 0);
  EXPECT_TRUE(data.Ck.empty());
  EXPECT_EQ(allocations_of([&] { mass_matrix<double>(model, data, q); }), 0);
  EXPECT_EQ(allocations_of([&] { coriolis_matrix<double>(model, data, q, qd); }), 0);
  EXPECT_EQ(allocations_of([&] { jacobian<double>(model, data, q); }), 0);
  EXPECT_EQ(data.M.rows(), 6);
  EXPECT_EQ(data.C.rows(), 6);
  EXPECT_EQ(data.J.cols(), 6);
}

TEST(SerialNoAllocation, ForwardDynamicsEveryMethod) {
  const SerialModel model = puma560(true);
  const VectorXd q = VectorXd::LinSpaced(6, -1, 1), qd = VectorXd::LinSpaced(6, 0.5, -0.7),
                 tau = VectorXd::LinSpaced(6, 2, -1);
  const Vector3d g = model.gravity;
  for (ForwardDynamicsMethod m :
       {ForwardDynamicsMethod::fastest, ForwardDynamicsMethod::mass_matrix,
        ForwardDynamicsMethod::strobing, ForwardDynamicsMethod::articulated_body}) {
    ForwardDynamicsData fd(model);
    EXPECT_EQ(allocations_of([&] {
                forward_dynamics<double>(m, model, fd, q, qd, tau, g, Vector6d::Zero());
              }),
              0)
        << to_string(m);
    EXPECT_EQ(allocations_of([&] {
                forward_dynamics<double>(unchecked, m, model, fd, q, qd, tau, g,
                                         Vector6d::Zero());
              }),
              0)
        << to_string(m);
  }
}

TEST(SerialNoAllocation, TwoThousandJoints) {
  // n = 2000: the O(n) functions and the O(n^2) mass matrix allocate nothing after the first
  // call (fewer repetitions: a mass matrix at n = 2000 takes a few ms)
  RandomArmOptions opt;
  opt.prismatic_fraction = 0.3;
  opt.with_drive = true;
  const SerialModel model = random_arm(2000, 7, DhConvention::standard, opt);
  const int n = model.dof();
  SerialData data(model);
  const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.05, -0.07),
                 qdd = VectorXd::LinSpaced(n, 0.2, -0.1);
  const Vector3d g = model.gravity;
  Vector6d f;
  f << 1, 2, 3, 0.1, 0.2, 0.3;
  EXPECT_EQ(allocations_of([&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, f); }), 0);
  EXPECT_EQ(allocations_of([&] {
              inverse_dynamics<double>(unchecked, model, data, q, qd, qdd, g, f);
            }),
            0);
  for (InverseDynamicsMethod m :
       {InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
        InverseDynamicsMethod::craig})
    EXPECT_EQ(allocations_of([&] { inverse_dynamics<double>(m, model, data, q, qd, qdd, g, f); }),
              0)
        << to_string(m);
  EXPECT_EQ(allocations_of([&] { bias_torques<double>(model, data, q, qd, g); }), 0);
  EXPECT_EQ(allocations_of([&] { gravity_torques<double>(model, data, q, g); }), 0);
  EXPECT_EQ(allocations_of([&] { link_transforms<double>(model, data, q); }), 0);
  EXPECT_EQ(allocations_of([&] { jacobian<double>(model, data, q); }), 0);
  EXPECT_EQ(allocations_of([&] { mass_matrix<double>(model, data, q); }, 3), 0);
  EXPECT_EQ(allocations_of([&] { mass_matrix_and_bias<double>(model, data, q, qd, g, f); }, 3),
            0);
  ForwardDynamicsData fd(model);
  EXPECT_EQ(allocations_of([&] {
              forward_dynamics_articulated_body<double>(model, fd, q, qd, qdd, g, f);
            }),
            0);
}

TEST(SerialNoAllocation, TreeAlgorithms) {
  RandomTreeOptions opt;
  opt.with_drive = true;
  opt.branching = 0.5;
  const SerialModel model = random_tree(16, 7, opt);
  ASSERT_FALSE(model.is_chain());
  const int n = model.dof();
  SerialData data(model);
  ForwardDynamicsData fd(model);
  const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.5, -0.7),
                 qdd = VectorXd::LinSpaced(n, 2, -1);
  const MatrixXd f_links = MatrixXd::Constant(6, n, 0.5);
  Vector6d f;
  f << 1, 2, 3, 0.1, 0.2, 0.3;
  const Vector3d g = model.gravity;
  const NamedFrame frame{"f", n / 2, Eigen::Isometry3d::Identity()};
  const std::vector<std::function<void()>> calls = {
      [&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, f); },
      [&] { inverse_dynamics<double>(unchecked, model, data, q, qd, qdd, g, f); },
      [&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, f, f_links); },
      [&] { mass_matrix<double>(model, data, q); },
      [&] { gravity_torques<double>(model, data, q, g); },
      [&] { bias_torques<double>(model, data, q, qd, g); },
      [&] { forward_dynamics_articulated_body<double>(model, fd, q, qd, qdd, g, f); },
      [&] { forward_dynamics_mass_matrix<double>(model, fd, q, qd, qdd, g, f); },
      [&] { frame_pose<double>(model, data, q, frame); },
      [&] { frame_jacobian<double>(model, data, q, frame); },
      [&] { center_of_mass<double>(model, data, q); },
      [&] { center_of_mass_jacobian<double>(model, data, q); },
      [&] { centroidal_momentum_matrix(model, data, q); },
      [&] { centroidal_momentum(model, data, q, qd); },
      [&] { frame_motion<double>(model, data, q, qd, qdd, frame); },
      [&] { link_motion<double>(model, data, q, qd, qdd); },
      [&] { joint_torque_regressor<double>(model, data, q, qd, qdd, g); },
      [&] { joint_torque_regressor<double>(unchecked, model, data, q, qd, qdd, g); },
      [&] { energy_regressor<double>(model, data, q, qd, g); }};
  for (std::size_t k = 0; k < calls.size(); ++k) {
    calls[k]();  // sizes what is sized on first use
    EXPECT_EQ(allocations_of([&] {
                for (int r = 0; r < 10; ++r) calls[k]();
              }),
              0)
        << "call " << k;
  }
}

// The same on a free-flyer root: q of nq entries, the rest nv.
TEST(SerialNoAllocation, FreeFlyerAlgorithms) {
  RandomTreeOptions opt;
  opt.with_drive = true;
  opt.branching = 0.5;
  const SerialModel model = test_support::on_free_flyer(random_tree(12, 9, opt));
  const int nv = model.nv();
  SerialData data(model);
  ForwardDynamicsData fd(model);
  std::mt19937_64 rng(3);
  const VectorXd q = random_configuration(model, rng);
  const VectorXd qd = VectorXd::LinSpaced(nv, 0.5, -0.7), qdd = VectorXd::LinSpaced(nv, 2, -1);
  const MatrixXd f_links = MatrixXd::Constant(6, model.dof(), 0.5);
  const Vector6d f = Vector6d::Constant(0.3);
  const Vector3d g = model.gravity;
  const NamedFrame frame{"f", model.dof() / 2, Eigen::Isometry3d::Identity()};
  const std::vector<std::function<void()>> calls = {
      [&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, f); },
      [&] { inverse_dynamics<double>(model, data, q, qd, qdd, g, f, f_links); },
      [&] { mass_matrix<double>(model, data, q); },
      [&] { gravity_torques<double>(model, data, q, g); },
      [&] { forward_dynamics_articulated_body<double>(model, fd, q, qd, qdd, g, f); },
      [&] { forward_dynamics_mass_matrix<double>(model, fd, q, qd, qdd, g, f); },
      [&] { link_transforms<double>(model, data, q); },
      [&] { frame_jacobian<double>(model, data, q, frame); },
      [&] { center_of_mass_jacobian<double>(model, data, q); },
      [&] { centroidal_momentum_matrix(model, data, q); },
      [&] { centroidal_momentum(model, data, q, qd); },
      [&] { frame_motion<double>(model, data, q, qd, qdd, frame); },
      [&] { link_motion<double>(model, data, q, qd, qdd); }};
  for (std::size_t k = 0; k < calls.size(); ++k) {
    calls[k]();  // sizes what is sized on first use
    EXPECT_EQ(allocations_of([&] {
                for (int r = 0; r < 10; ++r) calls[k]();
              }),
              0)
        << "call " << k;
  }
}

}  // namespace
}  // namespace manipdyn
