// Design of exciting trajectories (Swevers et al. 1997): the search finds the known minimum of a
// quadratic cost, is deterministic for a seed, keeps the PUMA 560 and a random arm inside their
// limits on a fine sampling, lowers the condition number of a synthetic regressor; the CSV; the
// errors for options and limits that cannot be met.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "manipdyn/identification/excitation.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kLimitTol = 1e-9;  // relative: the fine check leaves no sampling error at 1 kHz

// PUMA 560 limits: Corke's qlim (mdl_puma560.m) and moderate speeds and accelerations.
ExcitationOptions puma_options() {
  ExcitationOptions o;
  o.q_min = (VectorXd(6) << -160, -225, -45, -110, -100, -266).finished() * kDeg;
  o.q_max = (VectorXd(6) << 160, 45, 225, 170, 100, 266).finished() * kDeg;
  o.qd_max = (VectorXd(6) << 1.0, 1.0, 1.0, 2.0, 2.0, 2.0).finished();
  o.qdd_max = VectorXd::Constant(6, 3.0);
  o.evaluations = 300;
  o.restarts = 2;
  return o;
}

// Every sample of a 1 kHz sampling of one period inside the limits.
void expect_within(const FourierTrajectory& traj, const ExcitationLimits& l) {
  const TrajectoryExtrema e = sampled_extrema(sample_fourier_trajectory(traj, 1000.0, true));
  for (int i = 0; i < traj.dof(); ++i) {
    const double range = l.q_max[i] - l.q_min[i];
    EXPECT_GE(e.q_min[i], l.q_min[i] - kLimitTol * range) << "joint " << i + 1;
    EXPECT_LE(e.q_max[i], l.q_max[i] + kLimitTol * range) << "joint " << i + 1;
    EXPECT_LE(e.qd_max[i], l.qd_max[i] * (1 + kLimitTol)) << "joint " << i + 1;
    EXPECT_LE(e.qdd_max[i], l.qdd_max[i] * (1 + kLimitTol)) << "joint " << i + 1;
    // something moves
    EXPECT_GT(e.qd_max[i], 1e-3 * l.qd_max[i]) << "joint " << i + 1;
  }
}

void expect_at_rest_at_start(const FourierTrajectory& traj) {
  VectorXd q(traj.dof()), qd(traj.dof()), qdd(traj.dof());
  fourier_trajectory_state(traj, 0.0, q, qd, qdd);
  EXPECT_LT(qd.cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(qdd.cwiseAbs().maxCoeff(), 1e-12);
}

// A two-joint arm whose limits the options give, and a feasible target trajectory.
struct QuadraticCase {
  SerialModel model = random_arm(2, 11, DhConvention::standard);
  ExcitationOptions options;
  FourierTrajectory target;
  QuadraticCase() {
    options.harmonics = 3;
    options.base_frequency = 0.2;
    options.q_min = VectorXd::Constant(2, -1.0);
    options.q_max = VectorXd::Constant(2, 1.0);
    options.qd_max = VectorXd::Constant(2, 1.0);
    options.qdd_max = VectorXd::Constant(2, 2.0);
    options.evaluations = 2500;
    options.restarts = 1;
    target.base_frequency = 0.2;
    target.offset = (VectorXd(2) << 0.1, -0.2).finished();
    target.a = (MatrixXd(2, 3) << 0.0, 0.2, -0.1, 0.0, -0.15, 0.1).finished();
    target.b = (MatrixXd(2, 3) << 0.0, 0.1, 0.05, 0.0, 0.1, -0.05).finished();
    start_at_rest(target);
  }
  // mean squared distance of the sampled positions from the target's: 0 only at the target
  ExcitationCost cost() const {
    const TrajectorySamples goal = sample_fourier_trajectory(target, options.sample_rate);
    return [goal](const TrajectorySamples& s) { return (s.q - goal.q).squaredNorm() / s.q.size(); };
  }
};

TEST(DesignExcitation, FindsTheKnownMinimumOfAQuadratic) {
  const QuadraticCase c;
  // the target lies inside the limits shrunk by the margin (so it is reachable)
  const TrajectoryExtrema b = fourier_trajectory_bounds(c.target);
  ASSERT_LT(b.qd_max.maxCoeff(), 0.95);
  ASSERT_LT(b.qdd_max.maxCoeff(), 1.9);
  const ExcitationResult r = design_excitation(c.model, c.cost(), c.options);
  EXPECT_EQ(r.evaluations, 2500);
  ASSERT_EQ(r.history.size(), 2500u);
  EXPECT_GT(r.history.front(), 1e-3);
  EXPECT_LT(r.cost, 1e-8);
  EXPECT_LT((r.trajectory.a - c.target.a).cwiseAbs().maxCoeff(), 1e-3);
  EXPECT_LT((r.trajectory.b - c.target.b).cwiseAbs().maxCoeff(), 1e-3);
  EXPECT_LT((r.trajectory.offset - c.target.offset).cwiseAbs().maxCoeff(), 1e-3);
  for (std::size_t k = 1; k < r.history.size(); ++k) ASSERT_LE(r.history[k], r.history[k - 1]);
}

TEST(DesignExcitation, DeterministicForASeed) {
  QuadraticCase c;
  c.options.evaluations = 200;
  c.options.restarts = 2;
  int calls = 0;
  c.options.progress = [&calls](int evaluation, double) { EXPECT_EQ(evaluation, ++calls); };
  const ExcitationResult r1 = design_excitation(c.model, c.cost(), c.options);
  EXPECT_EQ(calls, 200);
  c.options.progress = nullptr;
  const ExcitationResult r2 = design_excitation(c.model, c.cost(), c.options);
  EXPECT_EQ(r1.history, r2.history);
  EXPECT_EQ(r1.trajectory.a, r2.trajectory.a);
  EXPECT_EQ(r1.trajectory.offset, r2.trajectory.offset);
  c.options.seed = 2;
  EXPECT_NE(design_excitation(c.model, c.cost(), c.options).history, r1.history);
}

TEST(DesignExcitation, Puma560WithinLimitsAndConditionLowered) {
  const SerialModel puma = puma560();
  const ExcitationOptions o = puma_options();
  const ExcitationResult r = design_excitation(puma, decoupled_joint_condition, o);
  EXPECT_LT(r.cost, r.history.front());
  EXPECT_TRUE(std::isfinite(r.cost));
  EXPECT_EQ(r.trajectory.harmonics(), 5);
  EXPECT_DOUBLE_EQ(r.trajectory.period(), 10.0);
  // the reported cost is the trajectory's own
  EXPECT_DOUBLE_EQ(r.cost,
                   decoupled_joint_condition(sample_fourier_trajectory(r.trajectory, 20.0)));
  expect_within(r.trajectory, r.limits);
  expect_at_rest_at_start(r.trajectory);
  // the reported extrema: inside the limits shrunk by the margin (up to the search's sampling
  // error); the bounds contain them
  for (int i = 0; i < 6; ++i) {
    // the search samples 64 points per period of the 5th harmonic: error about 1e-3
    EXPECT_LE(r.sampled.qd_max[i], 0.95 * o.qd_max[i] * 1.01);
    EXPECT_LE(r.sampled.qdd_max[i], 0.95 * o.qdd_max[i] * 1.01);
    EXPECT_GE(r.bounds.qdd_max[i], r.sampled.qdd_max[i]);
    EXPECT_LE(r.bounds.q_min[i], r.sampled.q_min[i]);
  }
}

TEST(DesignExcitation, ZeroMarginStillWithinTheLimits) {
  ExcitationOptions o = puma_options();
  o.margin = 0.0;
  o.evaluations = 60;
  const ExcitationResult r = design_excitation(puma560(), decoupled_joint_condition, o);
  expect_within(r.trajectory, r.limits);
  EXPECT_EQ(r.history.back(), r.cost);
}

TEST(DesignExcitation, RandomArmWithTheModelsOwnLimits) {
  std::vector<LinkParameters> links = random_arm(4, 5, DhConvention::standard).links;
  for (LinkParameters& l : links) {
    const bool prismatic = l.type == JointType::prismatic;
    l.q_min = prismatic ? -0.2 : -2.0;
    l.q_max = prismatic ? 0.3 : 1.0;
    l.qd_max = prismatic ? 0.5 : 1.5;
  }
  const SerialModel arm = SerialModel::from_dh(links);
  ExcitationOptions o;
  o.qdd_max = VectorXd::Constant(4, 4.0);
  o.evaluations = 200;
  o.start_at_rest = false;
  o.harmonics = 4;
  const ExcitationResult r = design_excitation(arm, decoupled_joint_condition, o);
  EXPECT_EQ(r.limits.q_max[0], links[0].q_max);
  EXPECT_LE(r.cost, r.history.front());
  expect_within(r.trajectory, r.limits);
}

TEST(DecoupledJointCondition, EqualsTheConditionOfTheBlockDiagonalMatrix) {
  FourierTrajectory traj;
  traj.offset = (VectorXd(2) << 0.3, -0.4).finished();
  traj.a = (MatrixXd(2, 2) << 0.5, -0.2, 0.1, 0.4).finished();
  traj.b = (MatrixXd(2, 2) << 0.1, 0.3, -0.2, 0.2).finished();
  const TrajectorySamples s = sample_fourier_trajectory(traj, 3.0);
  // the full (2N x 10) block-diagonal matrix, built independently
  const Eigen::Index N = s.t.size();
  MatrixXd W = MatrixXd::Zero(2 * N, 10);
  for (Eigen::Index k = 0; k < N; ++k)
    for (int i = 0; i < 2; ++i) {
      const double v = s.qd(k, i);
      W.block(i * N + k, 5 * i, 1, 5) << s.qdd(k, i), v, v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0),
          std::sin(s.q(k, i)), std::cos(s.q(k, i));
    }
  const VectorXd sv = Eigen::JacobiSVD<MatrixXd>(W).singularValues();
  EXPECT_NEAR(decoupled_joint_condition(s), std::log10(sv[0] / sv[9]), 1e-10);
}

TEST(StackedCondition, EqualsTheDecoupledConditionForItsRegressor) {
  FourierTrajectory traj;
  traj.offset = (VectorXd(3) << 0.3, -0.4, 1.0).finished();
  traj.a = (MatrixXd(3, 2) << 0.5, -0.2, 0.1, 0.4, 0.3, 0.3).finished();
  traj.b = (MatrixXd(3, 2) << 0.1, 0.3, -0.2, 0.2, 0.0, -0.5).finished();
  const TrajectorySamples s = sample_fourier_trajectory(traj, 4.0);
  // the block-diagonal regressor of decoupled_joint_condition, one state at a time (3 x 15)
  const RegressorRows rows = [](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd,
                                MatrixXd& Y) {
    Y.setZero();
    for (int i = 0; i < 3; ++i)
      Y.block(i, 5 * i, 1, 5) << qdd[i], qd[i], qd[i] > 0 ? 1.0 : (qd[i] < 0 ? -1.0 : 0.0),
          std::sin(q[i]), std::cos(q[i]);
  };
  EXPECT_NEAR(stacked_condition(s, 15, rows), decoupled_joint_condition(s), 1e-10);
  // a column of zeros: rank deficient
  const RegressorRows deficient = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd,
                                      MatrixXd& Y) {
    rows(q, qd, qdd, Y);
    Y.col(7).setZero();
  };
  EXPECT_GT(stacked_condition(s, 15, deficient), 12.0);
}

TEST(WriteExcitationCsv, OnePeriodWithTheColumnsAControllerFollows) {
  QuadraticCase c;
  const auto path = std::filesystem::temp_directory_path() / "manipdyn_excitation_test.csv";
  write_excitation_csv(path, c.target, 2.0);
  std::ifstream in(path);
  std::string header, line;
  std::getline(in, header);
  EXPECT_EQ(header, "t,q1,q2,qd1,qd2,qdd1,qdd2");
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::stringstream cells(line);
    std::string cell;
    rows.emplace_back();
    while (std::getline(cells, cell, ',')) rows.back().push_back(std::stod(cell));
  }
  // 5 s at 2 Hz: t = 0, 0.5, ..., 5
  ASSERT_EQ(rows.size(), 11u);
  EXPECT_EQ(rows.back()[0], 5.0);
  VectorXd q(2), qd(2), qdd(2);
  fourier_trajectory_state(c.target, 0.5, q, qd, qdd);
  EXPECT_NEAR(rows[1][1], q[0], 1e-14);
  EXPECT_NEAR(rows[1][4], qd[1], 1e-14);
  EXPECT_NEAR(rows[1][6], qdd[1], 1e-14);
  // starts and ends in the same state
  for (std::size_t j = 1; j < 7; ++j) EXPECT_NEAR(rows.front()[j], rows.back()[j], 1e-12);
  std::filesystem::remove(path);
}

TEST(DesignExcitation, ErrorsNameTheOptionOrJoint) {
  const SerialModel puma = puma560();
  const auto fails = [&](const ExcitationOptions& o) {
    return message_of([&] { design_excitation(puma, decoupled_joint_condition, o); });
  };
  ExcitationOptions o = puma_options();
  o.harmonics = 0;
  EXPECT_EQ(fails(o),
            "design_excitation: harmonics is 0, expected >= 2 (start_at_rest uses the first "
            "harmonic to stop at t = 0)");
  o = puma_options();
  o.base_frequency = -1.0;
  EXPECT_EQ(fails(o),
            "design_excitation: base_frequency is -1 Hz, expected a finite frequency > 0");
  o = puma_options();
  o.sample_rate = 0.5;
  EXPECT_NE(fails(o).find("design_excitation: sample_rate is 0.5 Hz, expected more than 2 L f_f"),
            std::string::npos);
  o = puma_options();
  o.q_min[2] = o.q_max[2];
  EXPECT_EQ(fails(o),
            "design_excitation: joint 3 has q_min = 3.92699 >= q_max = 3.92699 "
            "(ExcitationOptions::q_min, ExcitationOptions::q_max)");
  o = puma_options();
  o.qd_max[4] = 0.0;
  EXPECT_EQ(fails(o),
            "design_excitation: joint 5 has qd_max = 0, expected a finite limit > 0 "
            "(ExcitationOptions::qd_max)");
  o = puma_options();
  o.qdd_max.resize(3);
  EXPECT_EQ(fails(o),
            "design_excitation: ExcitationOptions::qdd_max has size 3, expected 0 (the model's "
            "limits) or 6");
  // the built-in PUMA carries no limits of its own
  EXPECT_EQ(fails(ExcitationOptions{}),
            "design_excitation: joint 1 has no finite position range [-inf, inf]: give "
            "LinkParameters::q_min of the model and LinkParameters::q_max of the model");
  EXPECT_EQ(message_of([&] { design_excitation(puma, ExcitationCost{}, puma_options()); }),
            "design_excitation: cost is empty (give a function of the samples)");
  EXPECT_EQ(message_of<std::runtime_error>([&] {
              ExcitationOptions few = puma_options();
              few.evaluations = 5;
              design_excitation(puma, [](const TrajectorySamples&) { return std::nan(""); }, few);
            }),
            "design_excitation: the cost was not finite at any of the 5 candidates (a criterion "
            "that the limits cannot satisfy?)");
}

}  // namespace
}  // namespace manipdyn
