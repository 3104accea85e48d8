// Unit tests of include/manipdyn/analysis/arm_datasheet.hpp: the largest gravity torques against
// a closed form (planar two-link arm, pendulum) and a brute-force dense grid, the motion's energy
// balance and speed limits, the mass-matrix range and condition number against M built from
// inverse-dynamics columns, singular M (zero-mass link), the CSV files and the error paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>
#include <sstream>
#include <string>

#include <Eigen/SVD>

#include "manipdyn/analysis/arm_datasheet.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace ma = manipdyn::analysis;
using manipdyn::DhConvention;
using manipdyn::JointType;
using manipdyn::LinkParameters;
using manipdyn::MatrixXd;
using manipdyn::SerialData;
using manipdyn::SerialModel;
using manipdyn::Vector3d;
using manipdyn::Vector6d;
using manipdyn::VectorXd;

namespace {

constexpr double kG = 9.81;
/// Relative agreement of two evaluations of the same quantity by different formulations.
constexpr double kRoundoff = 1e-9;
/// The refined gravity peak against the exact maximum (coordinate search to 6 shrinking sweeps).
constexpr double kPeakTolerance = 1e-6;
/// The refined peak against the best point of a 61^3 grid: the grid's own resolution error is
/// O(h^2 |G''|) with h = range/60; the refined one must not be worse than the grid by more.
constexpr double kGridTolerance = 2e-3;
/// Energy balance by central differences on 2001 samples, relative to the peak |power|.
constexpr double kEnergyBalance = 1e-4;

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no exception)";
}

// A fast datasheet for tests: small samples, no timings unless asked.
ma::ArmDatasheetOptions quick_options() {
  ma::ArmDatasheetOptions o;
  o.workspace_samples = 300;
  o.timings = false;
  return o;
}

// Planar two-link arm in the x-y plane, joints about z, gravity -y (standard DH):
// G1 = (m1 lc1 + m2 L1) g c1 + m2 lc2 g c12, G2 = m2 lc2 g c12.
struct TwoLink {
  double L1 = 0.7, L2 = 0.5, m1 = 3.0, m2 = 1.7, lc1 = 0.33, lc2 = 0.21;
  SerialModel model(double q1_min = -std::numeric_limits<double>::infinity(),
                    double q1_max = std::numeric_limits<double>::infinity(),
                    double q2_min = -std::numeric_limits<double>::infinity(),
                    double q2_max = std::numeric_limits<double>::infinity()) const {
    std::vector<LinkParameters> links(2);
    const double L[2] = {L1, L2}, m[2] = {m1, m2}, lc[2] = {lc1, lc2};
    for (int i = 0; i < 2; ++i) {
      links[i].a = L[i];
      links[i].mass = m[i];
      links[i].com = Vector3d(lc[i] - L[i], 0, 0);
      links[i].inertia = Vector3d(0.01, 0.02, 0.03).asDiagonal();
    }
    links[0].q_min = q1_min;
    links[0].q_max = q1_max;
    links[1].q_min = q2_min;
    links[1].q_max = q2_max;
    return SerialModel::from_dh(links, {.name = "two-link", .gravity = Vector3d(0, -kG, 0)});
  }
};

// M by inverse-dynamics columns: column j = tau(q, 0, e_j) without gravity (Newton-Euler).
MatrixXd mass_matrix_by_columns(const SerialModel& model, const VectorXd& q) {
  const int n = model.dof();
  SerialData data(model);
  MatrixXd M(n, n);
  for (int j = 0; j < n; ++j)
    M.col(j) = manipdyn::inverse_dynamics_newton_euler(model, data, q, VectorXd::Zero(n),
                                                        VectorXd::Unit(n, j), Vector3d::Zero(),
                                                        Vector6d::Zero());
  return M;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::filesystem::path temp_folder(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("manipdyn_test_" + name);
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace

// ---- gravity torques --------------------------------------------------------------------------

TEST(ArmDatasheet, GravityPeakOfTwoLinkArmMatchesClosedFormOverFullRange) {
  const TwoLink arm;
  const ma::ArmDatasheet s = ma::arm_datasheet(arm.model(), quick_options());
  // Outstretched horizontally: |G1| = g (m1 lc1 + m2 (L1 + lc2)), |G2| = g m2 lc2.
  const double g1 = kG * (arm.m1 * arm.lc1 + arm.m2 * (arm.L1 + arm.lc2));
  const double g2 = kG * arm.m2 * arm.lc2;
  EXPECT_NEAR(s.gravity_peaks[0].max_abs, g1, kPeakTolerance * g1);
  EXPECT_NEAR(s.gravity_peaks[1].max_abs, g2, kPeakTolerance * g2);
  // The pose: q2 = 0 (straight) and q1 = 0 or +-pi (horizontal).
  EXPECT_NEAR(std::sin(s.gravity_peaks[0].pose[0]), 0.0, 1e-3);
  EXPECT_NEAR(std::sin(s.gravity_peaks[0].pose[1]), 0.0, 1e-3);
  EXPECT_LE(s.gravity_peaks[0].sample_max_abs, s.gravity_peaks[0].max_abs);
  // No limits: every joint is reported as sampled over [-pi, pi].
  for (const ma::JointRange& r : s.ranges) {
    EXPECT_FALSE(r.from_limits);
    EXPECT_DOUBLE_EQ(r.lo, -std::numbers::pi);
    EXPECT_DOUBLE_EQ(r.hi, std::numbers::pi);
  }
  EXPECT_GE(s.warnings.size(), 2u);
}

TEST(ArmDatasheet, GravityPeakOfTwoLinkArmWithLimitsIsAtTheLimits) {
  // q1 in [0.3, 1.2], q2 in [0.2, 0.9]: cos decreases on [0, pi], so |G1| and |G2| are largest
  // at the lower limits: G1 = A cos 0.3 + B cos 0.5, G2 = B cos 0.5.
  const TwoLink arm;
  const ma::ArmDatasheet s = ma::arm_datasheet(arm.model(0.3, 1.2, 0.2, 0.9), quick_options());
  const double A = kG * (arm.m1 * arm.lc1 + arm.m2 * arm.L1), B = kG * arm.m2 * arm.lc2;
  EXPECT_NEAR(s.gravity_peaks[0].max_abs, A * std::cos(0.3) + B * std::cos(0.5), 1e-9);
  EXPECT_NEAR(s.gravity_peaks[0].pose[0], 0.3, 1e-12);
  EXPECT_NEAR(s.gravity_peaks[0].pose[1], 0.2, 1e-12);
  EXPECT_NEAR(s.gravity_peaks[1].max_abs, B * std::cos(0.5), 1e-9);
  EXPECT_NEAR(s.gravity_peaks[1].pose[0] + s.gravity_peaks[1].pose[1], 0.5, 1e-12);
  EXPECT_TRUE(s.ranges[0].from_limits && s.ranges[1].from_limits);
}

TEST(ArmDatasheet, GravityPeakOfPendulumMatchesClosedForm) {
  // One link of mass m, COM at lc, joint about z, gravity -y: max |G| = m g lc (1-dof arm).
  LinkParameters l;
  l.a = 0.8;
  l.mass = 2.5;
  l.com = Vector3d(-0.3, 0, 0);  // lc = 0.5
  l.inertia = Vector3d(0.01, 0.02, 0.03).asDiagonal();
  const SerialModel model =
      SerialModel::from_dh({l}, {.name = "pendulum", .gravity = Vector3d(0, -kG, 0)});
  const ma::ArmDatasheet s = ma::arm_datasheet(model, quick_options());
  EXPECT_NEAR(s.gravity_peaks[0].max_abs, 2.5 * kG * 0.5, kPeakTolerance * 2.5 * kG * 0.5);
  // A 1x1 mass matrix: condition number 1 everywhere.
  EXPECT_DOUBLE_EQ(s.condition.min, 1.0);
  EXPECT_DOUBLE_EQ(s.condition.max, 1.0);
  // M11 = I_zz + m lc^2, constant.
  EXPECT_NEAR(s.mass_diagonal.min[0], 0.03 + 2.5 * 0.25, 1e-12);
  EXPECT_NEAR(s.mass_diagonal.max[0], 0.03 + 2.5 * 0.25, 1e-12);
}

TEST(ArmDatasheet, GravityPeakAgreesWithDenseGridOnRandomThreeLinkArm) {
  for (std::uint64_t seed : {3u, 11u}) {
    const SerialModel base = manipdyn::random_arm(3, seed, DhConvention::standard);
    std::vector<LinkParameters> links = base.links;
    const double lo[3] = {-1.0, -2.0, 0.5}, hi[3] = {2.0, 0.5, 2.5};
    for (int i = 0; i < 3; ++i) {
      const double scale = links[i].type == JointType::prismatic ? 0.2 : 1.0;
      links[i].q_min = scale * lo[i];
      links[i].q_max = scale * hi[i];
    }
    SerialModel model = SerialModel::from_table(links, base.convention, base.options());
    model = model.with_gravity(Vector3d(0.3, -2.0, -9.5));
    const ma::ArmDatasheet s = ma::arm_datasheet(model, quick_options());

    // Brute force: 61^3 grid over the limits, Lagrange-Euler gravity torques.
    SerialData data(model);
    const int N = 61;
    Vector3d best = Vector3d::Zero();
    VectorXd q(3);
    for (int a = 0; a < N; ++a)
      for (int b = 0; b < N; ++b)
        for (int c = 0; c < N; ++c) {
          const int idx[3] = {a, b, c};
          for (int i = 0; i < 3; ++i)
            q[i] = links[i].q_min + (links[i].q_max - links[i].q_min) * idx[i] / (N - 1);
          const VectorXd G =
              manipdyn::gravity_torques_lagrange_euler(model, data, q, model.gravity);
          best = best.cwiseMax(G.cwiseAbs());
        }
    for (int i = 0; i < 3; ++i) {
      const ma::GravityPeak& p = s.gravity_peaks[i];
      SCOPED_TRACE("seed " + std::to_string(seed) + " joint " + std::to_string(i + 1));
      EXPECT_GE(p.max_abs, best[i] * (1 - kGridTolerance));
      EXPECT_LE(p.max_abs, best[i] * (1 + kGridTolerance));
      // The reported value is G_i at the reported pose (by the other formulation).
      const VectorXd G =
          manipdyn::gravity_torques_lagrange_euler(model, data, p.pose, model.gravity);
      EXPECT_NEAR(G[i], p.value, kRoundoff * (1 + std::abs(p.value)));
      for (int j = 0; j < 3; ++j) {
        EXPECT_GE(p.pose[j], links[j].q_min);
        EXPECT_LE(p.pose[j], links[j].q_max);
      }
    }
  }
}

// ---- point-to-point motion ----------------------------------------------------------------

TEST(ArmDatasheet, MotionPowerEqualsRateOfMechanicalEnergy) {
  // Without drive terms (no friction): sum_i tau_i qd_i = d(T + V)/dt, checked in integral form
  // (E(t) - E(0) = integral of the power, trapezoid rule; robust to the LSPB's acceleration
  // steps) and, for the smooth quintic, pointwise by central differences.
  for (manipdyn::ProfileShape shape :
       {manipdyn::ProfileShape::quintic, manipdyn::ProfileShape::lspb}) {
    ma::ArmDatasheetOptions o = quick_options();
    o.motion_samples = 2001;
    o.motion_shape = shape;
    const SerialModel model = manipdyn::puma560(false);
    const ma::ArmMotion m = ma::point_to_point_motion(model, ma::joint_ranges(model, o), o);
    ASSERT_EQ(m.time.size(), 2001u);
    const VectorXd power = m.power.rowwise().sum();
    const double peak = power.cwiseAbs().maxCoeff();
    ASSERT_GT(peak, 0.0);
    double integral = 0, worst_integral = 0, worst_rate = 0;
    const double E0 = m.kinetic[0] + m.potential[0];
    for (std::size_t k = 1; k < m.time.size(); ++k) {
      const int r = static_cast<int>(k);
      integral += 0.5 * (power[r - 1] + power[r]) * (m.time[k] - m.time[k - 1]);
      worst_integral = std::max(
          worst_integral, std::abs(m.kinetic[k] + m.potential[k] - E0 - integral));
      if (k + 1 < m.time.size()) {
        const double dE = (m.kinetic[k + 1] + m.potential[k + 1] - m.kinetic[k - 1] -
                           m.potential[k - 1]) /
                          (m.time[k + 1] - m.time[k - 1]);
        worst_rate = std::max(worst_rate, std::abs(dE - power[r]));
      }
    }
    EXPECT_LT(worst_integral, kEnergyBalance * peak * m.duration) << manipdyn::to_string(shape);
    if (shape == manipdyn::ProfileShape::quintic) {
      EXPECT_LT(worst_rate, kEnergyBalance * peak);
    }
    // The motion ends at rest: no kinetic energy left.
    EXPECT_LT(m.kinetic.back(), 1e-20);
  }
}

TEST(ArmDatasheet, MotionFastestJointReachesItsSpeedLimit) {
  const SerialModel model = manipdyn::puma560();
  ma::ArmDatasheetOptions o = quick_options();
  const ma::ArmDatasheet s = ma::arm_datasheet(model, o);
  const ma::ArmMotion& m = s.motion;
  // PUMA 560 has no limits in the built-in: the default speed 1 rad/s applies to every joint.
  for (int i = 0; i < 6; ++i) {
    EXPECT_DOUBLE_EQ(s.ranges[i].qd_limit, o.default_qd_max_revolute);
    EXPECT_LE(m.max_abs_qd[i], s.ranges[i].qd_limit * (1 + kRoundoff));
  }
  const int j = m.limiting_joint;
  EXPECT_NEAR(m.max_abs_qd[j], s.ranges[j].qd_limit, kRoundoff);
  // Start: the model's first configuration (qz = zero); goal half-way to the far end (pi/2).
  EXPECT_EQ(m.start_name, model.configurations.front().name);
  EXPECT_EQ(m.goal_name, "half_range");
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(std::abs(m.goal[i] - m.start[i]), std::numbers::pi / 2, 1e-12);
  // T = 15/8 (pi/2) / 1 rad/s for the quintic.
  EXPECT_NEAR(m.duration, 15.0 / 8.0 * std::numbers::pi / 2, 1e-12);
  // The torques are inverse dynamics at the samples; the peaks are the table's maxima.
  SerialData data(model);
  const int k = 57;
  const VectorXd tau = manipdyn::inverse_dynamics_craig(
      model, data, m.q.row(k).transpose(), m.qd.row(k).transpose(), m.qdd.row(k).transpose(),
      model.gravity, Vector6d::Zero());
  EXPECT_LT((tau - m.tau.row(k).transpose()).norm(), kRoundoff * (1 + tau.norm()));
  for (int i = 0; i < 6; ++i) {
    EXPECT_DOUBLE_EQ(m.max_abs_tau[i], m.tau.col(i).cwiseAbs().maxCoeff());
    EXPECT_LE(m.rms_tau[i], m.max_abs_tau[i]);
    EXPECT_LE(m.min_power[i], 0.0 + 1e-12);
  }
}

TEST(ArmDatasheet, MotionBetweenNamedConfigurations) {
  const SerialModel model = manipdyn::puma560();
  ma::ArmDatasheetOptions o = quick_options();
  o.start_configuration = "qz";
  o.goal_configuration = "qr";
  const ma::ArmMotion m = ma::point_to_point_motion(model, ma::joint_ranges(model, o), o);
  EXPECT_EQ(m.goal_name, "qr");
  EXPECT_LT((m.goal - model.configuration("qr").q).norm(), 1e-15);
  EXPECT_LT((m.q.row(m.q.rows() - 1).transpose() - m.goal).norm(), 1e-12);
  o.goal_configuration = "nope";
  EXPECT_NE(error_of([&] { ma::point_to_point_motion(model, ma::joint_ranges(model, o), o); })
                .find("options.goal_configuration"),
            std::string::npos);
  o.goal_configuration = "qz";
  EXPECT_NE(error_of([&] { ma::point_to_point_motion(model, ma::joint_ranges(model, o), o); })
                .find("are the same pose"),
            std::string::npos);
}

// ---- mass matrix ------------------------------------------------------------------------------

TEST(ArmDatasheet, MassMatrixRangeAndConditionAgreeWithInverseDynamicsColumns) {
  const SerialModel model = manipdyn::stanford_arm(true, true);
  const ma::ArmDatasheet s = ma::arm_datasheet(model, quick_options());
  const int n = model.dof();
  ASSERT_EQ(s.sample_q.rows(), static_cast<int>(s.sample_condition.size()));
  // The worst pose: cond by SVD of M from inverse-dynamics columns.
  const MatrixXd M = mass_matrix_by_columns(model, s.condition.pose_max);
  const Eigen::JacobiSVD<MatrixXd> svd(M);
  const double cond = svd.singularValues()(0) / svd.singularValues()(n - 1);
  EXPECT_NEAR(s.condition.max, cond, 1e-7 * cond);
  EXPECT_LE(s.condition.min, s.condition.median);
  EXPECT_LE(s.condition.median, s.condition.max);
  EXPECT_GE(s.condition.min, 1.0);
  EXPECT_EQ(s.condition.singular_samples, 0);
  // Each diagonal extreme is M_ii at its pose, and bounds every sample.
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(mass_matrix_by_columns(model, s.mass_diagonal.pose_min[i])(i, i),
                s.mass_diagonal.min[i], kRoundoff * s.mass_diagonal.max[i]);
    EXPECT_NEAR(mass_matrix_by_columns(model, s.mass_diagonal.pose_max[i])(i, i),
                s.mass_diagonal.max[i], kRoundoff * s.mass_diagonal.max[i]);
    EXPECT_LE(s.sample_mass_diagonal.col(i).maxCoeff(), s.mass_diagonal.max[i]);
    EXPECT_GE(s.sample_mass_diagonal.col(i).minCoeff(), s.mass_diagonal.min[i]);
    const double G2 = model.links[i].gear_ratio * model.links[i].gear_ratio;
    EXPECT_DOUBLE_EQ(s.mass_diagonal.motor_side_max[i], s.mass_diagonal.max[i] / G2);
  }
  // Stanford arm: joint 3 prismatic, its range is the default [-0.5, 0.5] m.
  EXPECT_EQ(s.ranges[2].type, JointType::prismatic);
  EXPECT_DOUBLE_EQ(s.ranges[2].hi - s.ranges[2].lo, 1.0);
}

TEST(ArmDatasheet, ZeroMassLinkGivesInfiniteConditionNumber) {
  // The last link carries nothing: its column of M is zero, M is singular everywhere.
  const SerialModel base = manipdyn::random_arm(4, 7, DhConvention::modified);
  std::vector<LinkParameters> links = base.links;
  links[3].mass = 0;
  links[3].com = Vector3d::Zero();
  links[3].inertia.setZero();
  const SerialModel model = SerialModel::from_table(links, base.convention, base.options());
  ma::ArmDatasheetOptions o = quick_options();
  o.timings = true;
  o.timing_repetitions = 3;
  o.timing_batch_ns = 1e4;
  const ma::ArmDatasheet s = ma::arm_datasheet(model, o);
  EXPECT_TRUE(std::isinf(s.condition.max));
  EXPECT_TRUE(std::isinf(s.condition.min));
  EXPECT_EQ(s.condition.singular_samples, s.sample_q.rows());
  EXPECT_DOUBLE_EQ(s.mass_diagonal.max[3], 0.0);
  bool noted = false;
  for (const std::string& w : s.warnings) noted = noted || w.find("singular") != std::string::npos;
  EXPECT_TRUE(noted);
  // Inverse dynamics is still timed; a forward dynamics that cannot factor M says why.
  for (const ma::FormulationTiming& t : s.timings)
    if (t.operation == "inverse_dynamics") {
      EXPECT_TRUE(std::isfinite(t.median_ns) && t.median_ns > 0) << t.method;
    } else if (!std::isfinite(t.median_ns)) {
      EXPECT_FALSE(t.note.empty()) << t.method;
    }
  // The CSV says "inf".
  const auto dir = temp_folder("zero_mass");
  ma::write_arm_datasheet_csv(s, dir);
  EXPECT_NE(read_file(dir / "condition_number.csv").find("max,inf"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(ArmDatasheet, ConditionNumberHelper) {
  MatrixXd M(2, 2);
  M << 4, 0, 0, 1;
  EXPECT_DOUBLE_EQ(ma::mass_matrix_condition_number(M), 4.0);
  M << 1, 1, 1, 1;  // singular
  EXPECT_TRUE(std::isinf(ma::mass_matrix_condition_number(M)));
  M(0, 0) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(ma::mass_matrix_condition_number(M)));
}

// ---- timings, URDF, CSV -------------------------------------------------------------------------

TEST(ArmDatasheet, TimingsOfEveryFormulationArePositive) {
  ma::ArmDatasheetOptions o = quick_options();
  o.timing_repetitions = 3;
  o.timing_batch_ns = 1e4;
  const SerialModel model = manipdyn::puma560();
  const auto t = ma::formulation_timings(model, ma::joint_ranges(model, o), o);
  ASSERT_EQ(t.size(), 9u);  // 5 inverse-dynamics + 4 forward-dynamics methods
  for (const ma::FormulationTiming& x : t) {
    EXPECT_TRUE(std::isfinite(x.median_ns) && x.median_ns > 0) << x.method << ": " << x.note;
    EXPECT_LE(x.min_ns, x.median_ns);
    EXPECT_EQ(x.repetitions, 3);
    EXPECT_GE(x.calls_per_repetition, 1);
    EXPECT_TRUE(x.note.empty());
  }
  EXPECT_EQ(t[0].method, "lagrange_euler");
}

TEST(ArmDatasheet, PandaUrdfUsesItsLimits) {
  manipdyn::UrdfOptions urdf;
  urdf.tip_link = "panda_hand_tcp";
  const SerialModel model = serial_model_from_urdf_file(
      std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/panda.urdf", urdf);
  const ma::ArmDatasheet s = ma::arm_datasheet(model, quick_options());
  ASSERT_EQ(s.dof, 7);
  for (int i = 0; i < 7; ++i) {
    EXPECT_TRUE(s.ranges[i].from_limits);
    EXPECT_DOUBLE_EQ(s.ranges[i].lo, model.links[i].q_min);
    EXPECT_DOUBLE_EQ(s.ranges[i].qd_limit, model.links[i].qd_max);
    EXPECT_GE(s.gravity_peaks[i].pose[i], s.ranges[i].lo);
    EXPECT_LE(s.gravity_peaks[i].pose[i], s.ranges[i].hi);
    EXPECT_LE(s.motion.max_abs_qd[i], model.links[i].qd_max * (1 + kRoundoff));
    EXPECT_TRUE(std::isfinite(s.gravity_peaks[i].fraction_of_tau_max));
  }
  // Joint 1's axis is vertical: gravity never loads it; joint 2 (shoulder) carries the most.
  EXPECT_LT(s.gravity_peaks[0].max_abs, 1e-9);
  EXPECT_GT(s.gravity_peaks[1].max_abs, s.gravity_peaks[3].max_abs);
  EXPECT_GT(s.total_mass, 10.0);
}

TEST(ArmDatasheet, CsvFilesHoldTheDatasheetNumbers) {
  const SerialModel model = manipdyn::puma560();
  ma::ArmDatasheetOptions o = quick_options();
  o.timings = true;
  o.timing_repetitions = 1;
  o.timing_batch_ns = 1e3;
  const ma::ArmDatasheet s = ma::arm_datasheet(model, o);
  const auto dir = temp_folder("csv");
  const auto files = ma::write_arm_datasheet_csv(s, dir);
  EXPECT_EQ(files.size(), 13u);
  for (const char* name :
       {"summary.csv", "dh_standard.csv", "dh_modified.csv", "base_tool.csv", "links.csv",
        "joints.csv", "gravity.csv", "motion.csv", "motion_peaks.csv", "mass_diagonal.csv",
        "condition_number.csv", "workspace.csv", "timings.csv"})
    EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
  // gravity.csv: header and the peak of joint 2, read back.
  std::ifstream in(dir / "gravity.csv");
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  std::getline(in, row);
  EXPECT_EQ(header,
            "i,max_abs_tau_g,tau_g,sample_max_abs_tau_g,fraction_of_tau_max,q1,q2,q3,q4,q5,q6");
  EXPECT_EQ(std::stod(row.substr(2)), s.gravity_peaks[1].max_abs);
  // motion.csv: header and one line per sample.
  const std::string motion = read_file(dir / "motion.csv");
  EXPECT_EQ(motion.substr(0, motion.find('\n')).substr(0, 13), "time,q1,q2,q3");
  EXPECT_NE(motion.find("tau6,power1"), std::string::npos);
  EXPECT_NE(motion.find("power_total,kinetic,potential\n"), std::string::npos);
  EXPECT_EQ(std::count(motion.begin(), motion.end(), '\n'), o.motion_samples + 1);
  EXPECT_NE(read_file(dir / "summary.csv").find("name,puma560"), std::string::npos);
  std::filesystem::remove_all(dir);
  // A folder that cannot be created.
  EXPECT_NE(error_of([&] { ma::write_arm_datasheet_csv(s, "/proc/no/such/folder"); })
                .find("write_arm_datasheet_csv: cannot create the folder"),
            std::string::npos);
}

// ---- bad input ---------------------------------------------------------------------------------

TEST(ArmDatasheet, OptionsOutOfRangeAreRejected) {
  const SerialModel model = manipdyn::puma560();
  auto message = [&](auto&& set) {
    ma::ArmDatasheetOptions o = quick_options();
    set(o);
    return error_of([&] { ma::arm_datasheet(model, o); });
  };
  EXPECT_EQ(message([](auto& o) { o.workspace_samples = 0; }),
            "arm_datasheet: options.workspace_samples = 0, expected in [1, 1000000]");
  EXPECT_NE(message([](auto& o) { o.gravity_shrink = 1.0; }).find("options.gravity_shrink"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.motion_samples = 2; }).find("options.motion_samples = 2"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.prismatic_default_half_range = -1; })
                .find("options.prismatic_default_half_range"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.lspb_blend_fraction = 0.7; }).find("lspb_blend_fraction"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.default_qd_max_revolute = 0; })
                .find("default_qd_max_revolute"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.start = VectorXd::Zero(5); })
                .find("options.start has size 5, expected 6"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) {
              o.goal = VectorXd::Zero(6);
              o.goal[2] = std::numeric_limits<double>::quiet_NaN();
            }).find("options.goal[2] = nan"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.timing_repetitions = 0; }).find("timing_repetitions"),
            std::string::npos);
  EXPECT_EQ(error_of([] { ma::arm_datasheet(SerialModel{}); }),
            "arm_datasheet: the model has no joints");
}

TEST(ArmDatasheet, IsReproducibleFromTheSeed) {
  const SerialModel model = manipdyn::random_arm(5, 21, DhConvention::standard);
  ma::ArmDatasheetOptions o = quick_options();
  const ma::ArmDatasheet a = ma::arm_datasheet(model, o), b = ma::arm_datasheet(model, o);
  EXPECT_EQ(a.sample_q, b.sample_q);
  EXPECT_EQ(a.condition.max, b.condition.max);
  o.seed = 2;
  const ma::ArmDatasheet c = ma::arm_datasheet(model, o);
  EXPECT_NE(a.sample_q, c.sample_q);
  // The progress callback sees each long step.
  std::vector<std::string> steps;
  o.progress = [&](std::string_view step) { steps.emplace_back(step); };
  ma::arm_datasheet(model, o);
  EXPECT_EQ(steps.size(), 3u);  // timings are off
}

// A tree on a fixed root: the Khalil-Kleinfinger table (parents, gamma, b), no standard table,
// the gravity peaks and the mass-matrix ranges of every joint of the tree; a free-flyer refused.
TEST(ArmDatasheet, TreeHasItsKhalilKleinfingerTableAndFreeFlyerIsRefused) {
  const SerialModel tree = manipdyn::random_tree(9, 5, {0.3, false, 0.6});
  ASSERT_FALSE(tree.is_chain());
  const ma::ArmDatasheet s = ma::arm_datasheet(tree, quick_options());
  EXPECT_TRUE(s.is_tree);
  EXPECT_TRUE(s.dh_standard.rows.empty());
  ASSERT_EQ(s.dh_modified.rows.size(), 9u);
  EXPECT_TRUE(s.dh_modified.is_tree);
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(s.dh_modified.rows[i].parent, tree.parent[i]);
    EXPECT_EQ(s.dh_modified.rows[i].gamma, tree.modified.gamma[i]);
    EXPECT_EQ(s.dh_modified.rows[i].b, tree.modified.b[i]);
  }
  ASSERT_EQ(s.gravity_peaks.size(), 9u);
  // The peaks are G at their poses; M's diagonal range holds M at the zero pose's.
  SerialData data(tree);
  for (int i = 0; i < 9; ++i)
    EXPECT_NEAR(gravity_torques(tree, data, s.gravity_peaks[i].pose, tree.gravity)[i],
                s.gravity_peaks[i].value, 1e-12 * std::max(1.0, s.gravity_peaks[i].max_abs));
  const auto dir = temp_folder("tree");
  const auto files = ma::write_arm_datasheet_csv(s, dir);
  EXPECT_FALSE(std::filesystem::exists(dir / "dh_standard.csv"));
  std::ifstream dh(dir / "dh_modified.csv");
  std::string header;
  std::getline(dh, header);
  EXPECT_EQ(header, "i,name,type,parent,gamma,b,a,alpha,d,theta");

  manipdyn::SerialModelOptions options;
  options.root = manipdyn::RootJoint::free_flyer;
  options.base_inertia.mass = 1.0;
  const SerialModel flyer =
      SerialModel::from_table(tree.links, manipdyn::DhConvention::modified, options);
  try {
    (void)ma::arm_datasheet(flyer, quick_options());
    ADD_FAILURE() << "a free-flyer was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has a free-flyer root; the datasheet takes the base fixed"),
              std::string::npos) << e.what();
  }
}
