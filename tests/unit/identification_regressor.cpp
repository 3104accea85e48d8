// The joint-torque regressor (serial/regressor.hpp): Y pi equals the inverse dynamics of every
// formulation on random arms (both DH conventions, prismatic joints, drives), the built-ins and
// URDF arms; the energy regressor gives an independent check (e pi = T + V from the mass matrix
// and the COM heights; the power balance qd^T Y_rigid = d/dt e along a smooth motion); the rank
// of the PUMA 560's stacked regressor is its number of base parameters; errors name the input.
#include <gtest/gtest.h>

#include <Eigen/QR>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kTolerance = 1e-12;  // relative to the torque scale max(1, |tau|_inf)

struct State {
  VectorXd q, qd, qdd;
};

State random_state(int n, std::mt19937_64& rng, bool zero_velocity_joint = false) {
  std::uniform_real_distribution<double> angle(-M_PI, M_PI), rate(-2.0, 2.0);
  State s{VectorXd(n), VectorXd(n), VectorXd(n)};
  for (int i = 0; i < n; ++i) {
    s.q[i] = angle(rng);
    s.qd[i] = rate(rng);
    s.qdd[i] = rate(rng);
  }
  if (zero_velocity_joint) s.qd[n / 2] = 0.0;  // the Coulomb columns at rest
  return s;
}

// The largest |Y pi - tau| / max(1, |tau|) over `states` random states and every formulation.
double worst_regressor_error(const SerialModel& model, int states, std::uint64_t seed) {
  const int n = model.dof();
  SerialData data(model), id_data(model);
  const VectorXd pi = standard_parameters(model);
  std::mt19937_64 rng(seed);
  double worst = 0.0;
  for (int k = 0; k < states; ++k) {
    const State s = random_state(n, rng, k % 2 == 1);
    const VectorXd y_pi =
        joint_torque_regressor<double>(model, data, s.q, s.qd, s.qdd, model.gravity) * pi;
    for (InverseDynamicsMethod method : all<InverseDynamicsMethod>()) {
      const VectorXd tau = inverse_dynamics<double>(method, model, id_data, s.q, s.qd, s.qdd,
                                                    model.gravity, Vector6d::Zero());
      const double scale = std::max(1.0, tau.cwiseAbs().maxCoeff());
      worst = std::max(worst, (y_pi - tau).cwiseAbs().maxCoeff() / scale);
    }
  }
  return worst;
}

TEST(JointTorqueRegressor, EqualsInverseDynamicsOnRandomArms) {
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (double prismatic : {0.0, 0.4})
      for (int n : {1, 2, 6, 9}) {
        RandomArmOptions options;
        options.prismatic_fraction = prismatic;
        options.with_drive = true;
        const SerialModel model = random_arm(n, 100 + n, convention, options);
        EXPECT_LT(worst_regressor_error(model, 6, 7 + n), kTolerance)
            << to_string(convention) << " n = " << n << " prismatic " << prismatic;
      }
}

TEST(JointTorqueRegressor, EqualsInverseDynamicsOnBuiltIns) {
  for (const SerialModel& model :
       {puma560(true), puma560(false), stanford_arm(true), stanford_arm(false, true)})
    EXPECT_LT(worst_regressor_error(model, 8, 3), kTolerance) << model.name;
}

TEST(JointTorqueRegressor, EqualsInverseDynamicsOnUrdfArms) {
  // beside the source tree (/work/main -> /work/shared), or two levels up from a worktree
  std::string shared = MANIPDYN_SOURCE_DIR "/../shared/";
  if (!std::ifstream(shared + "data/ur10e/ur10e.urdf"))
    shared = MANIPDYN_SOURCE_DIR "/../../shared/";
  struct Arm {
    std::string file, base, tip;
  };
  const std::vector<Arm> arms = {{"data/ur10e/ur10e.urdf", "", "tool0"},
                                 {"robots/ur5_robot.urdf", "", "tool0"},
                                 {"robots/panda.urdf", "", "panda_link8"}};
  int loaded = 0;
  for (const Arm& arm : arms) {
    if (!std::ifstream(shared + arm.file)) continue;
    for (DhConvention convention : {DhConvention::modified, DhConvention::standard}) {
      UrdfOptions options;
      options.base_link = arm.base;
      options.tip_link = arm.tip;
      options.convention = convention;
      options.allow_invalid_inertia = true;
      const SerialModel model = serial_model_from_urdf_file(shared + arm.file, options);
      EXPECT_LT(worst_regressor_error(model, 6, 11), kTolerance) << arm.file;
      ++loaded;
    }
  }
  if (loaded == 0) GTEST_SKIP() << "no URDF arm found below " << shared;
}

TEST(JointTorqueRegressor, DriveColumnsAtRestAndInMotion) {
  const SerialModel model = puma560(true);
  SerialData data(model);
  const int n = model.dof();
  VectorXd q = VectorXd::Zero(n), qd(n), qdd = VectorXd::Constant(n, 0.5);
  qd << 1.0, -2.0, 0.0, 0.5, -0.5, 0.0;
  const MatrixXd& Y = joint_torque_regressor<double>(model, data, q, qd, qdd, model.gravity);
  for (int j = 0; j < n; ++j) {
    const Eigen::Index c = 10 * n + 4 * j;
    EXPECT_EQ(Y(j, c), qdd[j]);
    EXPECT_EQ(Y(j, c + 1), qd[j]);
    EXPECT_EQ(Y(j, c + 2), qd[j] > 0 ? 1.0 : qd[j] < 0 ? -1.0 : 0.0);
    EXPECT_EQ(Y(j, c + 3), qd[j] != 0 ? 1.0 : 0.0);
    for (int r = 0; r < n; ++r)
      if (r != j)
        for (int k = 0; k < 4; ++k) EXPECT_EQ(Y(r, c + k), 0.0);
  }
  // link blocks are zero below their link's row
  for (int i = 0; i < n; ++i)
    for (int r = i + 1; r < n; ++r)
      for (int k = 0; k < 10; ++k) EXPECT_EQ(Y(r, 10 * i + k), 0.0);
}

// The smooth Coulomb model (coulomb_velocity_scale v_s > 0): columns tanh(qd / v_s) and 1; Y pi
// equals the inverse dynamics at rest and in motion, on a mix of smooth and switched joints.
TEST(JointTorqueRegressor, SmoothCoulombColumns) {
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    RandomArmOptions options;
    options.with_drive = true;
    options.prismatic_fraction = 0.3;
    const SerialModel arm = random_arm(6, 30, convention, options);
    std::vector<LinkParameters> links = arm.links;
    for (std::size_t i = 0; i < links.size(); i += 2)
      links[i].coulomb_velocity_scale = 0.05 * (i + 1);
    const SerialModel model = SerialModel::from_table(links, convention, arm.options());
    EXPECT_LT(worst_regressor_error(model, 6, 2), kTolerance) << to_string(convention);
    SerialData data(model);
    const int n = model.dof();
    VectorXd q = VectorXd::Zero(n), qd = VectorXd::LinSpaced(n, -0.1, 0.1), qdd = q;
    qd[0] = 0.0;
    const MatrixXd& Y = joint_torque_regressor<double>(model, data, q, qd, qdd, model.gravity);
    for (int j = 0; j < n; ++j) {
      const double vs = model.links[j].coulomb_velocity_scale;
      const Eigen::Index c = 10 * n + 4 * j;
      EXPECT_EQ(Y(j, c + 2), vs > 0 ? std::tanh(qd[j] / vs) : (qd[j] > 0) - (qd[j] < 0));
      EXPECT_EQ(Y(j, c + 3), vs > 0 || qd[j] != 0 ? 1.0 : 0.0);
    }
    // the round trip keeps v_s
    const SerialModel back = model_with_standard_parameters(model, standard_parameters(model));
    for (int j = 0; j < n; ++j)
      EXPECT_EQ(back.links[j].coulomb_velocity_scale, model.links[j].coulomb_velocity_scale);
  }
}

// ---- the energy: an independent check --------------------------------------------------------

// e(q, qd) . pi_rigid = 0.5 qd^T M qd + V (mechanical_energy on the rigid arm).
TEST(EnergyRegressor, EqualsKineticPlusPotentialEnergy) {
  RandomArmOptions options;
  options.prismatic_fraction = 0.4;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = random_arm(7, 5, convention, options);
    for (const SerialModel& m : {model, puma560(false).with_gravity(Vector3d(1.0, -2.0, -9.0))}) {
      SerialData data(m), energy_data(m);
      const VectorXd pi = standard_parameters(m).head(10 * m.dof());
      std::mt19937_64 rng(3);
      for (int k = 0; k < 5; ++k) {
        const State s = random_state(m.dof(), rng);
        const double e_pi = energy_regressor<double>(m, data, s.q, s.qd, m.gravity).dot(pi);
        const MechanicalEnergy E = mechanical_energy(m, energy_data, s.q, s.qd, m.gravity);
        EXPECT_NEAR(e_pi, E.total(),
                    1e-12 * std::max(1.0, std::abs(E.kinetic) + std::abs(E.potential)))
            << m.name;
      }
    }
  }
}

// qd^T Y_rigid(q, qd, qdd) = d/dt e(q(t), qd(t)), entry by entry, by central differences along
// q(t) = sum of sines: the power the joints put in is the rate of the energy, for every pi.
TEST(EnergyRegressor, PowerBalanceAlongASmoothMotion) {
  RandomArmOptions options;
  options.prismatic_fraction = 0.3;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = random_arm(6, 21, convention, options);
    const int n = model.dof();
    SerialData data(model);
    auto motion = [n](double t, int derivative) {
      VectorXd x(n);
      for (int i = 0; i < n; ++i) {
        const double w = 0.7 + 0.3 * i, amp = 0.8 / (1 + i), phase = 0.4 * i;
        const double arg = w * t + phase;
        x[i] = derivative == 0   ? amp * std::sin(arg)
               : derivative == 1 ? amp * w * std::cos(arg)
                                 : -amp * w * w * std::sin(arg);
      }
      return x;
    };
    const double h = 1e-4;
    for (double t : {0.1, 0.9, 2.3}) {
      const VectorXd q = motion(t, 0), qd = motion(t, 1), qdd = motion(t, 2);
      const VectorXd power =
          (qd.transpose() *
           joint_torque_regressor<double>(model, data, q, qd, qdd, model.gravity).leftCols(10 * n))
              .transpose();
      const VectorXd e_plus =
          energy_regressor<double>(model, data, motion(t + h, 0), motion(t + h, 1), model.gravity);
      const VectorXd e_minus =
          energy_regressor<double>(model, data, motion(t - h, 0), motion(t - h, 1), model.gravity);
      const VectorXd rate = (e_plus - e_minus) / (2 * h);
      // central differences: error O(h^2) times the third derivative, about 1e-7 here
      EXPECT_LT((power - rate).cwiseAbs().maxCoeff(),
                1e-6 * std::max(1.0, power.cwiseAbs().maxCoeff()))
          << to_string(convention) << " t = " << t;
    }
  }
}

// ---- rank: the base parameters of the PUMA 560 ----------------------------------------------

// The PUMA 560's rigid-body regressor stacked over random states has rank 36, its number of base
// inertial parameters: by the grouping rules of Khalil & Kleinfinger 1986 / Gautier & Khalil 1990
// (Khalil & Dombre 2002, sec. 9.4), each revolute joint j groups YY_j, MZ_j and M_j into links j
// and j-1 (10 -> 7 per link); link 1, turning about the fixed vertical axis 1, keeps only ZZR_1;
// so 1 + 5 x 7 = 36. With the drives 58: the armature Ia_1 adds to ZZR_1 (both multiply qdd_1
// alone); Ia_2 groups too, since a body symmetric about axis 2 has the kinetic energy
// (J qd_2^2 + a sin^2(angle(z_1, z_2)) qd_1^2) / 2 and a constant height, i.e. the columns Ia_2
// plus a multiple of ZZR_1 (the rule for the second joint, as in Khalil & Dombre's RX-90 with
// its 40 base inertial parameters); Ia_3 .. Ia_6 and the 18 friction parameters stand alone:
// 36 + 4 + 18 = 58.
TEST(JointTorqueRegressor, PumaRankIsItsNumberOfBaseParameters) {
  const SerialModel model = puma560(true);
  const int n = model.dof(), states = 40;
  SerialData data(model);
  MatrixXd W(states * n, 14 * n);
  std::mt19937_64 rng(17);
  for (int k = 0; k < states; ++k) {
    const State s = random_state(n, rng);
    W.middleRows(k * n, n) =
        joint_torque_regressor<double>(model, data, s.q, s.qd, s.qdd, model.gravity);
  }
  auto rank = [](const MatrixXd& A) {
    Eigen::ColPivHouseholderQR<MatrixXd> qr(A);
    qr.setThreshold(1e-10);
    return qr.rank();
  };
  EXPECT_EQ(rank(W.leftCols(10 * n)), 36);
  EXPECT_EQ(rank(W), 58);
}

// ---- the batch form and the counting scalar ----------------------------------------------------

// joint_torque_regressor_batch: rows k n .. k n + n - 1 are the single call's Y, bit for bit, on
// 1 and 2 threads; a wrong shape of W and a NaN input are named.
TEST(JointTorqueRegressorBatch, EqualsTheSingleCallBitForBit) {
  RandomArmOptions options;
  options.with_drive = true;
  const SerialModel model = random_arm(5, 8, DhConvention::modified, options);
  const int n = model.dof(), N = 37;
  std::mt19937_64 rng(4);
  RowMatrixXd q(N, n), qd(N, n), qdd(N, n);
  for (int k = 0; k < N; ++k) {
    const State s = random_state(n, rng, k % 5 == 0);
    q.row(k) = s.q.transpose();
    qd.row(k) = s.qd.transpose();
    qdd.row(k) = s.qdd.transpose();
  }
  SerialData data(model);
  for (int threads : {1, 2}) {
    RowMatrixXd W(N * n, 14 * n);
    joint_torque_regressor_batch(model, q, qd, qdd, W, {.threads = threads});
    for (int k = 0; k < N; ++k) {
      const MatrixXd& Y =
          joint_torque_regressor<double>(model, data, q.row(k).transpose(), qd.row(k).transpose(),
                                         qdd.row(k).transpose(), model.gravity);
      EXPECT_TRUE((W.middleRows(k * n, n).array() == Y.array()).all()) << "state " << k;
    }
  }
  RowMatrixXd wrong(N * n, 14 * n - 1);
  EXPECT_NE(message_of([&] {
              joint_torque_regressor_batch(model, q, qd, qdd, wrong);
            }).find("W has shape 185 x 69, expected 185 x 70"),
            std::string::npos);
  RowMatrixXd W(N * n, 14 * n);
  qdd(3, 1) = NAN;
  EXPECT_NE(message_of([&] {
              joint_torque_regressor_batch(model, q, qd, qdd, W);
            }).find("qdd[3, 1] is nan"),
            std::string::npos);
}

// The counting scalar computes the same numbers (the template runs for it too).
TEST(JointTorqueRegressor, CountingScalarGivesTheSameNumbers) {
  const SerialModel model = puma560(true);
  const int n = model.dof();
  SerialData data(model);
  SerialDataTpl<Counted> counted(model);
  std::mt19937_64 rng(6);
  const State s = random_state(n, rng);
  const MatrixXd& Y = joint_torque_regressor<double>(model, data, s.q, s.qd, s.qdd, model.gravity);
  const MatrixX<Counted>& Yc =
      joint_torque_regressor<Counted>(model, counted, s.q.cast<Counted>(), s.qd.cast<Counted>(),
                                      s.qdd.cast<Counted>(), model.gravity.cast<Counted>());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < 14 * n; ++c)
      EXPECT_NEAR(static_cast<double>(Yc(r, c)), Y(r, c), 1e-12 * std::max(1.0, std::abs(Y(r, c))));
}

// ---- errors --------------------------------------------------------------------------------

TEST(JointTorqueRegressor, BadInputsAreNamed) {
  const SerialModel model = puma560(false);
  SerialData data(model);
  const VectorXd z = VectorXd::Zero(6), q5 = VectorXd::Zero(5);
  VectorXd bad = z;
  bad[2] = NAN;
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(model, data, q5, z, z, model.gravity);
            }).find("q has size 5"),
            std::string::npos);
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(model, data, z, bad, z, model.gravity);
            }).find("qd[2] is nan"),
            std::string::npos);
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(model, data, z, z, z, Vector3d(0, 0, INFINITY));
            }).find("gravity"),
            std::string::npos);
  const VectorXd huge = VectorXd::Constant(6, 1e200);
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(model, data, z, huge, z, model.gravity);
            }).find("the result Y is not finite"),
            std::string::npos);
  SerialData other(random_arm(3, 1, DhConvention::standard));
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(model, other, z, z, z, model.gravity);
            }).find("data was built for 3 joints"),
            std::string::npos);
  EXPECT_NE(message_of([&] {
              energy_regressor<double>(model, data, z, bad, model.gravity);
            }).find("energy_regressor: qd[2] is nan"),
            std::string::npos);
}

}  // namespace
}  // namespace manipdyn
