// Crosscheck: every Newton-Euler formulation (Turney 1980 eqs 3.15-3.21, the modified set of
// sec. 5, Craig's modified-DH iterations, and the fastest) gives the same torques on random arms
// of both DH conventions with mixed joints, random state, gravity and wrist wrench; the wrist
// wrench enters as J^T [R_ee f; R_ee n]; the counting scalar reproduces the double results.
#include <gtest/gtest.h>

#include <random>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"

namespace manipdyn {
namespace {

constexpr double kRelTol = 1e-10;  // agreement between formulations, relative to |tau|

VectorXd random_vector(std::mt19937_64& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

double rel_diff(const VectorXd& a, const VectorXd& b) {
  return (a - b).norm() / std::max(1.0, std::max(a.norm(), b.norm()));
}

const InverseDynamicsMethod kMethods[] = {
    InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
    InverseDynamicsMethod::craig, InverseDynamicsMethod::fastest};

// All formulations on one model and state; returns the largest relative disagreement.
double max_disagreement(const SerialModel& model, const VectorXd& q, const VectorXd& qd,
                        const VectorXd& qdd, const Vector3d& g, const Vector6d& f) {
  SerialData data(model);
  const VectorXd ref = inverse_dynamics_newton_euler<double>(model, data, q, qd, qdd, g, f);
  double worst = 0.0;
  for (InverseDynamicsMethod m : kMethods) {
    const VectorXd tau = inverse_dynamics<double>(m, model, data, q, qd, qdd, g, f);
    EXPECT_LT(rel_diff(tau, ref), kRelTol) << to_string(m) << " on " << model.name;
    worst = std::max(worst, rel_diff(tau, ref));
  }
  return worst;
}

TEST(SerialNewtonEulerVariants, RandomArmsBothConventionsMixedJoints) {
  std::mt19937_64 rng(42);
  double worst = 0.0;
  for (DhConvention conv : {DhConvention::standard, DhConvention::modified})
    for (int n = 1; n <= 10; ++n)
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        RandomArmOptions opt;
        opt.prismatic_fraction = 0.4;
        opt.with_drive = seed % 2 == 0;
        const SerialModel model = random_arm(n, 1000 * n + seed, conv, opt);
        const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0),
                       qdd = random_vector(rng, n, 5.0);
        const Vector3d g = random_vector(rng, 3, 10.0);
        const Vector6d f = random_vector(rng, 6, 20.0);
        worst = std::max(worst, max_disagreement(model, q, qd, qdd, g, f));
      }
  RecordProperty("max_relative_disagreement", std::to_string(worst));
  std::printf("largest relative disagreement between N-E formulations: %.3e\n", worst);
}

TEST(SerialNewtonEulerVariants, AllRevoluteAndAllPrismatic) {
  std::mt19937_64 rng(7);
  for (double frac : {0.0, 1.0})
    for (DhConvention conv : {DhConvention::standard, DhConvention::modified}) {
      RandomArmOptions opt;
      opt.prismatic_fraction = frac;
      const SerialModel model = random_arm(7, 99, conv, opt);
      max_disagreement(model, random_vector(rng, 7, 3.0), random_vector(rng, 7, 2.0),
                       random_vector(rng, 7, 5.0), random_vector(rng, 3, 10.0),
                       random_vector(rng, 6, 20.0));
    }
}

TEST(SerialNewtonEulerVariants, PumaWithAndWithoutDrive) {
  std::mt19937_64 rng(3);
  for (bool drive : {false, true}) {
    const SerialModel model = puma560(drive);
    for (int trial = 0; trial < 5; ++trial)
      max_disagreement(model, random_vector(rng, 6, 3.0), random_vector(rng, 6, 2.0),
                       random_vector(rng, 6, 5.0), model.gravity, random_vector(rng, 6, 20.0));
  }
}

// tau(f_ext) - tau(0) = J^T [R_ee f; R_ee n]: the wrench the end-effector exerts, in the
// end-effector frame (moment about its origin), mapped to the joints by the geometric Jacobian.
TEST(SerialNewtonEulerVariants, WristWrenchIsJacobianTranspose) {
  std::mt19937_64 rng(11);
  for (DhConvention conv : {DhConvention::standard, DhConvention::modified})
    for (int n : {1, 3, 6, 9}) {
      const SerialModel model = random_arm(n, 500 + n, conv);
      SerialData data(model);
      const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0),
                     qdd = random_vector(rng, n, 5.0);
      const Vector3d g = random_vector(rng, 3, 10.0);
      const Vector6d f = random_vector(rng, 6, 20.0);
      const MatrixXd J = jacobian<double>(model, data, q);
      const Matrix3d R_ee = data.T_ee.topLeftCorner<3, 3>();
      Vector6d w;
      w << R_ee * f.head<3>(), R_ee * f.tail<3>();
      const VectorXd expected = J.transpose() * w;
      for (InverseDynamicsMethod m : kMethods) {
        const VectorXd t1 = inverse_dynamics<double>(m, model, data, q, qd, qdd, g, f);
        const VectorXd t0 =
            inverse_dynamics<double>(m, model, data, q, qd, qdd, g, Vector6d::Zero());
        EXPECT_LT(rel_diff(t1 - t0, expected), 1e-10)
            << to_string(m) << " n=" << n << " " << to_string(conv);
      }
    }
}

// The counting scalar computes in double as well: same numbers, bit for bit up to reordering.
TEST(SerialNewtonEulerVariants, CountedScalarGivesTheDoubleResults) {
  std::mt19937_64 rng(5);
  const SerialModel model = random_arm(6, 77, DhConvention::standard);
  SerialData data(model);
  SerialDataTpl<Counted> cdata(model);
  const VectorXd q = random_vector(rng, 6, 3.0), qd = random_vector(rng, 6, 2.0),
                 qdd = random_vector(rng, 6, 5.0);
  const Vector3d g = random_vector(rng, 3, 10.0);
  const Vector6d f = random_vector(rng, 6, 20.0);
  const VectorX<Counted> cq = q.cast<Counted>(), cqd = qd.cast<Counted>(),
                         cqdd = qdd.cast<Counted>();
  for (InverseDynamicsMethod m : kMethods) {
    const VectorXd tau = inverse_dynamics<double>(m, model, data, q, qd, qdd, g, f);
    op_counter().reset();
    const VectorX<Counted> ctau = inverse_dynamics<Counted>(m, model, cdata, cq, cqd, cqdd,
                                                            g.cast<Counted>(), f.cast<Counted>());
    EXPECT_GT(op_counter().mul, 0u) << to_string(m);
    for (int i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(ctau[i].value(), tau[i]) << to_string(m);
  }
}

}  // namespace
}  // namespace manipdyn
