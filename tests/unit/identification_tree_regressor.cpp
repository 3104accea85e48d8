// The joint-torque and energy regressors on fixed-root trees (serial/regressor.hpp, the tree body
// src/serial/tree_regressor.cpp): Y pi equals the inverse dynamics on random trees (prismatic
// joints, drives, Khalil-Kleinfinger gamma and b) and on the whole trees of every URDF in
// tests/data/urdf; the energy regressor gives e . pi = T + V and the power balance
// qd^T Y_rigid = d/dt e along a smooth motion; Y is zero where joint j does not support link i;
// a tree that is geometrically a chain gives the chain's regressor; the standard parameters of a
// tree go back to the same model; the rank of a dual arm's regressor is twice one arm's; a
// free-flyer and bad input are refused with named messages.
#include <gtest/gtest.h>

#include <Eigen/QR>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "support/dual_arm.hpp"
#include "support/dynamics_checks.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::random_vector;
using test_support::relative_error;

constexpr double kTolerance = 1e-12;  // relative to the torque scale max(1, |tau|_inf)

// Random trees with revolute and prismatic joints, drives (viscous and Coulomb friction,
// armature), gamma and b, of 2 to 31 joints.
std::vector<SerialModel> test_trees() {
  std::vector<SerialModel> trees;
  for (int n : {2, 5, 12, 31})
    for (std::uint64_t seed : {3u, 4u}) {
      RandomTreeOptions options;
      options.with_drive = true;
      options.branching = 0.5;
      options.prismatic_fraction = 0.3;
      SerialModel model = random_tree(n, seed, options);
      if (!model.is_chain()) trees.push_back(std::move(model));
    }
  return trees;
}

// The whole tree of a URDF of tests/data/urdf on a fixed root.
SerialModel whole_tree(const std::string& file) {
  UrdfOptions options;
  options.whole_tree = true;
  options.allow_invalid_inertia = true;  // romeo_small and anymal_c: their published inertias
  return serial_model_from_urdf_file(MANIPDYN_SOURCE_DIR "/tests/data/urdf/" + file, options);
}

// The largest |Y pi - tau| / max(1, |tau|) over `states` random states (every other one with a
// joint at rest: the Coulomb columns' o(0) = 0).
double worst_regressor_error(const SerialModel& model, int states, std::uint64_t seed) {
  const int n = model.dof();
  SerialData data(model), id_data(model);
  const VectorXd pi = standard_parameters(model);
  double worst = 0.0;
  for (int k = 0; k < states; ++k) {
    const VectorXd q = random_vector(n, seed + 3 * k, M_PI);
    VectorXd qd = random_vector(n, seed + 3 * k + 1, 2.0);
    const VectorXd qdd = random_vector(n, seed + 3 * k + 2, 2.0);
    if (k % 2 == 1) qd[n / 2] = 0.0;
    const VectorXd y_pi =
        joint_torque_regressor<double>(model, data, q, qd, qdd, model.gravity) * pi;
    const VectorXd tau = inverse_dynamics<double>(model, id_data, q, qd, qdd);
    worst = std::max(worst, relative_error(y_pi, tau));
  }
  return worst;
}

TEST(TreeRegressor, EqualsInverseDynamicsOnRandomTrees) {
  const std::vector<SerialModel> trees = test_trees();
  ASSERT_GE(trees.size(), 6u);
  for (const SerialModel& model : trees)
    EXPECT_LT(worst_regressor_error(model, 6, 11), kTolerance) << model.dof() << " joints";
}

TEST(TreeRegressor, EqualsInverseDynamicsOnEveryUrdfWholeTree) {
  for (const char* file : {"panda.urdf", "ur5_robot.urdf", "simple_humanoid.urdf",
                           "romeo_small.urdf", "anymal_c.urdf", "solo12.urdf"}) {
    const SerialModel model = whole_tree(file);
    EXPECT_LT(worst_regressor_error(model, 4, 5), kTolerance) << file;
  }
}

// Y(j, link i's columns) = 0 unless joint j supports link i; the drive columns sit in row j.
TEST(TreeRegressor, ZeroWhereAJointDoesNotSupportALink) {
  const SerialModel model = test_support::dual_panda(true);
  const int n = model.dof();
  SerialData data(model);
  const MatrixXd& Y = joint_torque_regressor<double>(
      model, data, random_vector(n, 1, 2.0), random_vector(n, 2), random_vector(n, 3),
      model.gravity);
  ASSERT_EQ(Y.rows(), n);
  ASSERT_EQ(Y.cols(), 14 * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      bool supports = false;
      for (int k = i; k >= 0; k = model.parent[k]) supports = supports || k == j;
      if (!supports)
        EXPECT_TRUE(Y.block(j, 10 * i, 1, 10).isZero(0.0)) << "joint " << j << " link " << i;
      else
        EXPECT_FALSE(Y.block(j, 10 * i, 1, 10).isZero(0.0)) << "joint " << j << " link " << i;
      if (j != i) EXPECT_TRUE(Y.block(j, 10 * n + 4 * i, 1, 4).isZero(0.0));
    }
}

// A chain with gamma = 2 pi on one joint is geometrically the chain but a tree to the model: the
// tree's regressor (and energy regressor) is the chain's.
TEST(TreeRegressor, ATreeThatIsAChainGivesTheChainsRegressor) {
  RandomArmOptions options;
  options.with_drive = true;
  options.prismatic_fraction = 0.3;
  const SerialModel chain = random_arm(7, 21, DhConvention::modified, options);
  std::vector<LinkParameters> links = chain.links;
  links[3].gamma = 2.0 * std::numbers::pi;
  const SerialModel tree = SerialModel::from_modified_dh(links, chain.options());
  ASSERT_FALSE(tree.is_chain());
  SerialData cd(chain), td(tree);
  const VectorXd q = random_vector(7, 22, 3.0), qd = random_vector(7, 23),
                 qdd = random_vector(7, 24);
  const MatrixXd& Yc = joint_torque_regressor<double>(chain, cd, q, qd, qdd, chain.gravity);
  EXPECT_LE(relative_error(joint_torque_regressor<double>(tree, td, q, qd, qdd, tree.gravity), Yc),
            kTolerance);
  const VectorXd& ec = energy_regressor<double>(chain, cd, q, qd, chain.gravity);
  EXPECT_LE(relative_error(energy_regressor<double>(tree, td, q, qd, tree.gravity), ec),
            kTolerance);
  EXPECT_EQ(standard_parameters(tree), standard_parameters(chain));
}

// e(q, qd) . pi_rigid = 0.5 qd^T M qd + V (mechanical_energy of the rigid tree).
TEST(TreeRegressor, EnergyIsKineticPlusPotential) {
  std::vector<SerialModel> models;
  for (const SerialModel& m : test_trees())
    models.push_back(m.without_drive().with_gravity(Vector3d(1.0, -2.0, -9.0)));
  models.push_back(whole_tree("romeo_small.urdf"));
  for (const SerialModel& m : models) {
    const int n = m.dof();
    SerialData data(m), energy_data(m);
    const VectorXd pi = standard_parameters(m).head(10 * n);
    for (std::uint64_t k = 0; k < 3; ++k) {
      const VectorXd q = random_vector(n, 40 + k, M_PI), qd = random_vector(n, 50 + k, 2.0);
      const double e_pi = energy_regressor<double>(m, data, q, qd, m.gravity).dot(pi);
      const MechanicalEnergy E = mechanical_energy(m, energy_data, q, qd, m.gravity);
      EXPECT_NEAR(e_pi, E.total(),
                  1e-12 * std::max(1.0, std::abs(E.kinetic) + std::abs(E.potential)))
          << m.name << " " << n << " joints";
    }
  }
}

// qd^T Y_rigid(q, qd, qdd) = d/dt e(q(t), qd(t)), entry by entry, by central differences along
// q(t) = sum of sines: the power the joints put in is the rate of the energy, for every pi.
TEST(TreeRegressor, PowerBalanceAlongASmoothMotion) {
  std::vector<SerialModel> models = test_trees();
  models.push_back(test_support::dual_panda(false));
  for (const SerialModel& model : models) {
    const int n = model.dof();
    SerialData data(model);
    auto motion = [n](double t, int derivative) {
      VectorXd x(n);
      for (int i = 0; i < n; ++i) {
        const double w = 0.7 + 0.1 * i, amp = 0.8 / (1 + 0.2 * i), phase = 0.4 * i;
        const double arg = w * t + phase;
        x[i] = derivative == 0   ? amp * std::sin(arg)
               : derivative == 1 ? amp * w * std::cos(arg)
                                 : -amp * w * w * std::sin(arg);
      }
      return x;
    };
    const double h = 1e-4;
    for (double t : {0.1, 2.3}) {
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
          << model.name << " " << n << " joints, t = " << t;
    }
  }
}

// The standard parameters of a tree (per link in its frame of model.modified) give back the same
// model: model_with_standard_parameters(tree, standard_parameters(tree)) has the same pi and the
// same inverse dynamics, and its topology (parents, gamma, b).
TEST(TreeRegressor, StandardParametersRoundTrip) {
  for (const SerialModel& tree : test_trees()) {
    const VectorXd pi = standard_parameters(tree);
    const SerialModel back = model_with_standard_parameters(tree, pi);
    EXPECT_EQ(back.parent, tree.parent);
    EXPECT_FALSE(back.is_chain());
    EXPECT_LE(relative_error(standard_parameters(back), pi), 1e-15);
    const int n = tree.dof();
    SerialData a(tree), b(back);
    const VectorXd q = random_vector(n, 1, 3.0), qd = random_vector(n, 2), qdd = random_vector(n, 3);
    EXPECT_LE(relative_error(inverse_dynamics<double>(back, b, q, qd, qdd),
                             inverse_dynamics<double>(tree, a, q, qd, qdd)),
              kTolerance);
  }
}

// Two arms on a fixed torso do not couple: the dual arm's regressor stacked over random states
// has twice the rank of one arm's (the base parameters of the tree are those of each arm).
TEST(TreeRegressor, DualArmRankIsTwiceOneArms) {
  const SerialModel dual = test_support::dual_panda(true);
  UrdfOptions urdf;
  urdf.tip_link = "panda_link8";
  urdf.convention = DhConvention::modified;
  SerialModel arm =
      serial_model_from_urdf_file(MANIPDYN_SOURCE_DIR "/tests/data/urdf/panda.urdf", urdf);
  std::vector<LinkParameters> links(dual.links.begin(), dual.links.begin() + 7);
  arm = SerialModel::from_modified_dh(links, arm.options());
  auto rank = [](const SerialModel& model) {
    const int n = model.dof(), states = 30;
    SerialData data(model);
    MatrixXd W(states * n, 14 * n);
    for (int k = 0; k < states; ++k)
      W.middleRows(k * n, n) = joint_torque_regressor<double>(
          model, data, random_vector(n, 7 * k, M_PI), random_vector(n, 7 * k + 1, 2.0),
          random_vector(n, 7 * k + 2, 2.0), model.gravity);
    Eigen::ColPivHouseholderQR<MatrixXd> qr(W);
    qr.setThreshold(1e-10);
    return qr.rank();
  };
  const Eigen::Index one = rank(arm);
  EXPECT_GT(one, 40);
  EXPECT_EQ(rank(dual), 2 * one);
}

// The counting scalar computes the same numbers on a tree.
TEST(TreeRegressor, CountingScalarGivesTheSameNumbers) {
  const SerialModel model = test_trees().back();
  const int n = model.dof();
  SerialData data(model);
  SerialDataTpl<Counted> counted(model);
  const VectorXd q = random_vector(n, 1, 3.0), qd = random_vector(n, 2), qdd = random_vector(n, 3);
  const MatrixXd Y = joint_torque_regressor<double>(model, data, q, qd, qdd, model.gravity);
  const MatrixX<Counted>& Yc =
      joint_torque_regressor<Counted>(model, counted, q.cast<Counted>(), qd.cast<Counted>(),
                                      qdd.cast<Counted>(), model.gravity.cast<Counted>());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < 14 * n; ++c)
      EXPECT_NEAR(static_cast<double>(Yc(r, c)), Y(r, c), 1e-12 * std::max(1.0, std::abs(Y(r, c))));
}

TEST(TreeRegressor, BadInputIsNamedAndAFreeFlyerRefused) {
  const SerialModel tree = test_support::dual_panda(false);
  SerialData data(tree);
  const VectorXd z = VectorXd::Zero(14), q13 = VectorXd::Zero(13);
  VectorXd bad = z;
  bad[9] = NAN;
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(tree, data, q13, z, z, tree.gravity);
            }).find("joint_torque_regressor: q has size 13, expected 14"),
            std::string::npos);
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(tree, data, z, z, q13, tree.gravity);
            }).find("qdd has size 13"),
            std::string::npos);
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(tree, data, z, bad, z, tree.gravity);
            }).find("qd[9] is nan"),
            std::string::npos);
  EXPECT_NE(message_of([&] {
              energy_regressor<double>(tree, data, z, q13, tree.gravity);
            }).find("energy_regressor: qd has size 13"),
            std::string::npos);
  SerialData other(random_arm(3, 1, DhConvention::standard));
  EXPECT_NE(message_of([&] {
              joint_torque_regressor<double>(tree, other, z, z, z, tree.gravity);
            }).find("data was built for 3 joints"),
            std::string::npos);
  // a free-flyer: the base's inertia is no part of pi; refused, named
  SerialModelOptions options = tree.options();
  options.root = RootJoint::free_flyer;
  options.base_inertia = {10.0, Vector3d(0, 0, 0.1), Matrix3d::Identity() * 0.2};
  const SerialModel floating = SerialModel::from_modified_dh(tree.links, options);
  SerialData fd(floating);
  const VectorXd q = VectorXd::Zero(floating.nq()), v = VectorXd::Zero(floating.nv());
  for (const std::string& m :
       {message_of([&] { joint_torque_regressor<double>(floating, fd, q, v, v, tree.gravity); }),
        message_of([&] { energy_regressor<double>(floating, fd, q, v, tree.gravity); })})
    EXPECT_NE(m.find("has a free-flyer root; "), std::string::npos) << m;
}

}  // namespace
}  // namespace manipdyn
