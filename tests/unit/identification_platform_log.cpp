// Unit tests of identification/platform_log.hpp: the filter path recovers the twist and acceleration of
// a known smooth motion (sines in position, a rotation about two tilted axes) from irregular
// samples with quaternion sign flips; a synthetic experiment (the corrected test platform with
// joint friction carrying a known payload, an exciting 6-DOF motion, leg forces from the inverse
// dynamics WITH the payload, irregular steps, force noise, poses from quantised leg lengths
// through forward kinematics) written to CSV, read back and identified; bad logs are named.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <Eigen/Geometry>

#include "manipdyn/io/csv.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/identification/platform_log.hpp"
#include "manipdyn/stewart/simulate.hpp"
#include "support/error_message.hpp"
#include "support/stewart_payload.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::BodyParametersd;
using manipdyn::csv_number;
using manipdyn::Matrix3d;
using manipdyn::MatrixXd;
using manipdyn::Vector3d;
using manipdyn::Vector6d;
using manipdyn::VectorXd;
using manipdyn::test_support::kCom;
using manipdyn::test_support::kMass;
using manipdyn::test_support::message_of;
using manipdyn::test_support::payload_inertia_com;
using manipdyn::test_support::payload_parameters;
using manipdyn::test_support::platform;

namespace {

// Tolerances of the filter path on the smooth motion (1-1.6 Hz content, ~400 Hz irregular
// samples, 5 Hz cutoff), relative to the largest true value of each signal.
constexpr double kVelocityTolerance = 1e-3;
constexpr double kAccelerationTolerance = 3e-3;

// Irregular sample times over [0, duration]: steps of 1 / rate +- 30 %.
VectorXd irregular_times(double duration, double rate, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> jitter(0.7, 1.3);
  std::vector<double> t{0.0};
  while (t.back() < duration) t.push_back(t.back() + jitter(rng) / rate);
  return Eigen::Map<VectorXd>(t.data(), static_cast<Eigen::Index>(t.size()));
}

// A smooth motion: position sines about t0; R = Rot(e1, th1) Rot(e2, th2) R0 with tilted unit
// axes e1, e2 and sine angles. omega = e1 th1' + Rot(e1, th1) e2 th2' (base frame), alpha its
// derivative, all analytic.
struct SmoothMotion {
  Vector3d t0{0.2, 0.0, 0.5}, amp{0.04, 0.05, 0.03}, w{6.9, 8.2, 10.1};
  Vector3d e1 = Vector3d(1, 2, 3).normalized(), e2 = Vector3d(-2, 1, 0.5).normalized();
  double a1 = 0.15, w1 = 7.5, a2 = 0.1, w2 = 9.4;
  Matrix3d R0 = Eigen::AngleAxisd(0.2, Vector3d(0, 1, 1).normalized()).toRotationMatrix();

  ms::PlatformMotion at(double s) const {
    ms::PlatformMotion m;
    for (int j = 0; j < 3; ++j) {
      m.t(j) = t0(j) + amp(j) * std::sin(w(j) * s + j);
      m.v(j) = amp(j) * w(j) * std::cos(w(j) * s + j);
      m.a(j) = -amp(j) * w(j) * w(j) * std::sin(w(j) * s + j);
    }
    const double th1 = a1 * std::sin(w1 * s), d1 = a1 * w1 * std::cos(w1 * s), dd1 = -w1 * w1 * th1;
    const double th2 = a2 * std::sin(w2 * s + 1), d2 = a2 * w2 * std::cos(w2 * s + 1),
                 dd2 = -w2 * w2 * th2;
    const Matrix3d R1 = Eigen::AngleAxisd(th1, e1).toRotationMatrix();
    m.R = R1 * Eigen::AngleAxisd(th2, e2).toRotationMatrix() * R0;
    const Vector3d u = R1 * e2;  // d u/dt = (e1 d1) x u
    m.omega = e1 * d1 + u * d2;
    m.alpha = e1 * dd1 + u * dd2 + (e1 * d1).cross(u) * d2;
    return m;
  }
};

// A log of `motion` at `times`, its quaternion negated at every 5th sample, zero forces.
ms::PlatformLog log_of(const SmoothMotion& motion, const VectorXd& times) {
  ms::PlatformLog log;
  const Eigen::Index n = times.size();
  log.time = times;
  log.t.resize(n, 3);
  log.quaternion.resize(n, 4);
  log.F = MatrixXd::Zero(n, 6);
  for (Eigen::Index k = 0; k < n; ++k) {
    const ms::PlatformMotion m = motion.at(times[k]);
    const Eigen::Quaterniond q(m.R);
    log.t.row(k) = m.t.transpose();
    log.quaternion.row(k) << q.w(), q.x(), q.y(), q.z();
    if (k % 5 == 0) log.quaternion.row(k) *= -1.0;
  }
  return log;
}

// An exciting motion: every position and RPY coordinate a sum of two sines (0.4-1.9 Hz).
ms::PlatformMotion exciting(double s) {
  const double f[6][2] = {{0.45, 1.3}, {0.55, 1.7}, {0.4, 1.1}, {0.6, 1.9}, {0.5, 1.5}, {0.35, 1.2}};
  const double amp[6] = {0.03, 0.035, 0.025, 0.07, 0.06, 0.09};
  Vector6d x, xd, xdd;
  for (int j = 0; j < 6; ++j) {
    x(j) = xd(j) = xdd(j) = 0;
    for (int h = 0; h < 2; ++h) {
      const double w = 2 * M_PI * f[j][h], p = w * s + j + 2 * h;
      x(j) += amp[j] * std::sin(p);
      xd(j) += amp[j] * w * std::cos(p);
      xdd(j) -= amp[j] * w * w * std::sin(p);
    }
  }
  const Vector3d t0(0.2, 0.0, 0.5);
  return ms::motion_from_rpy<double>(t0 + x.head<3>(), x.tail<3>(), xd.head<3>(), xd.tail<3>(),
                                     xdd.head<3>(), xdd.tail<3>());
}

// The synthetic experiment's log as CSV text: 12 s at ~500 Hz irregular, leg forces of the loaded
// platform (improved model) plus 0.5 % of their RMS as noise, the pose from leg lengths
// quantised to 1 um through forward kinematics, quaternion sign flipped every 7th row.
std::string experiment_csv() {
  const ms::StewartModel loaded = ms::with_payload(platform(), payload_parameters());
  const VectorXd times = irregular_times(12.0, 500.0, 3);
  const Eigen::Index n = times.size();
  MatrixXd F(n, 6);
  std::vector<ms::PlatformMotion> truth;
  ms::StewartData d(loaded);
  for (Eigen::Index k = 0; k < n; ++k) {
    truth.push_back(exciting(times[k]));
    F.row(k) = ms::inverse_dynamics(ms::DynamicsModel::improved, loaded, d, truth.back()).transpose();
  }
  std::mt19937 rng(11);
  std::normal_distribution<double> noise(0.0, 1.0);
  const double rms = std::sqrt(F.squaredNorm() / static_cast<double>(F.size()));
  std::printf("leg forces: RMS %.1f N, noise %.2f N\n", rms, 0.005 * rms);
  std::string csv = "time,tx,ty,tz,qw,qx,qy,qz,F1,F2,F3,F4,F5,F6,extra\n";
  Vector3d t_guess = truth[0].t;
  Matrix3d R_guess = truth[0].R;
  for (Eigen::Index k = 0; k < n; ++k) {
    // the pose a leg-length sensor sees: lengths quantised to 1 um, then forward kinematics
    ms::inverse_kinematics(platform(), d, truth[static_cast<std::size_t>(k)]);
    const Vector6d L = (d.L * 1e6).array().round() / 1e6;
    const ms::ForwardKinematicsResult fk = ms::forward_kinematics(platform(), L, t_guess, R_guess);
    t_guess = fk.t;
    R_guess = fk.R;
    Eigen::Quaterniond q(fk.R);
    if (k % 7 == 3) q.coeffs() *= -1.0;
    csv += csv_number(times[k]);
    for (double x : {fk.t.x(), fk.t.y(), fk.t.z(), q.w(), q.x(), q.y(), q.z()}) csv += "," + csv_number(x, 10);
    for (int i = 0; i < 6; ++i) csv += "," + csv_number(F(k, i) + 0.005 * rms * noise(rng), 8);
    csv += ",0\n";
  }
  return csv;
}

}  // namespace

TEST(StewartPlatformLog, FilterRecoversTwistAndAccelerationOfASmoothMotion) {
  const SmoothMotion motion;
  const ms::PlatformLog log = log_of(motion, irregular_times(6.0, 400.0, 1));
  ms::PlatformLogFilterOptions o;
  o.decimate = 1;
  const ms::PlatformSamples s = ms::prepare_platform_log(log, o);
  ASSERT_GT(s.samples(), 1500);
  double max[4] = {0, 0, 0, 0}, err[4] = {0, 0, 0, 0}, pose = 0;
  for (int k = 0; k < s.samples(); ++k) {
    const ms::PlatformMotion truth = motion.at(s.time[k]);
    const ms::PlatformMotion& m = s.motions[static_cast<std::size_t>(k)];
    const Vector3d got[4] = {m.v, m.omega, m.a, m.alpha}, want[4] = {truth.v, truth.omega, truth.a, truth.alpha};
    for (int j = 0; j < 4; ++j) {
      max[j] = std::max(max[j], want[j].norm());
      err[j] = std::max(err[j], (got[j] - want[j]).norm());
    }
    pose = std::max({pose, (m.t - truth.t).norm(), (m.R - truth.R).norm()});
    EXPECT_LT((m.R.transpose() * m.R - Matrix3d::Identity()).norm(), 1e-14);
  }
  std::printf("relative error: v %.1e omega %.1e a %.1e alpha %.1e; pose %.1e\n", err[0] / max[0],
              err[1] / max[1], err[2] / max[2], err[3] / max[3], pose);
  EXPECT_LT(pose, 1e-4);
  EXPECT_LT(err[0], kVelocityTolerance * max[0]) << "v";
  EXPECT_LT(err[1], kVelocityTolerance * max[1]) << "omega";
  EXPECT_LT(err[2], kAccelerationTolerance * max[2]) << "a";
  EXPECT_LT(err[3], kAccelerationTolerance * max[3]) << "alpha";
  // automatic decimation: the largest factor keeping Nyquist above 1.25 x 5 Hz
  const ms::PlatformSamples d = ms::prepare_platform_log(log);
  EXPECT_NEAR(d.sample_rate, s.sample_rate / static_cast<int>(s.sample_rate / 12.5), 1e-9);
}

TEST(StewartPlatformLog, IdentifiesAKnownPayloadFromANoisyIrregularLog) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("manipdyn_platform_log_" + std::to_string(::getpid()) + ".csv");
  {
    std::ofstream out(file);
    out << experiment_csv();
  }
  const ms::PlatformLog log = ms::read_platform_log(file);
  std::filesystem::remove(file);
  EXPECT_FALSE(log.from_rpy);
  ms::PayloadIdentificationOptions p;
  p.model = ms::DynamicsModel::improved;
  ms::PlatformLogFilterOptions o;
  o.cutoff = 8.0;  // 4x the motion's highest frequency (1.9 Hz), as platform_log.hpp advises
  const ms::PayloadEstimate r = ms::identify_payload_from_log(platform(), log, o, p);
  const BodyParametersd truth = payload_parameters();
  EXPECT_NEAR(r.mass, kMass, 0.02 * kMass);
  for (int j = 0; j < manipdyn::kBodyParameters; ++j) {
    const std::string name(manipdyn::kBodyParameterNames[static_cast<std::size_t>(j)]);
    std::printf("%-4s truth %10.5f estimate %10.5f std %9.5f  (%.2f sigma)\n", name.c_str(), truth(j),
                r.parameters(j), r.standard_deviation(j), (r.parameters(j) - truth(j)) / r.standard_deviation(j));
    // the well excited parameters (relative standard deviation below 20 %) within 3 sigma
    if (r.standard_deviation(j) < 0.2 * std::abs(r.parameters(j)))
      EXPECT_LE(std::abs(r.parameters(j) - truth(j)), 3 * r.standard_deviation(j)) << name;
  }
  std::printf("samples %d, sigma %.3f N, scaled condition %.1f\n", r.samples, r.sigma, r.scaled_condition_number);
}

TEST(StewartPlatformLog, RpyColumnsGiveTheSameRotations) {
  const std::string text =
      "time,tx,ty,tz,thx,thy,thz,F1,F2,F3,F4,F5,F6\n"
      "0,0,0,0.5,0.1,-0.2,3.0,1,2,3,4,5,6\n"
      "0.01,0,0,0.5,0.1,-0.2,-3.1,1,2,3,4,5,6\n"
      "0.02,0,0,0.5,0.1,-0.2,2.9,1,2,3,4,5,6\n";
  const ms::PlatformLog log = ms::read_platform_log_text(text);
  EXPECT_TRUE(log.from_rpy);
  ASSERT_EQ(log.samples(), 3);
  const Eigen::Quaterniond q(log.quaternion(1, 0), log.quaternion(1, 1), log.quaternion(1, 2), log.quaternion(1, 3));
  EXPECT_LT((q.toRotationMatrix() - ms::rpy_to_rotation(Vector3d(0.1, -0.2, -3.1))).norm(), 1e-14);
  EXPECT_EQ(log.F.row(2), (Eigen::RowVectorXd(6) << 1, 2, 3, 4, 5, 6).finished());
}

TEST(StewartPlatformLog, ReadsTheSimulatorsLog) {
  // the CSV of `manipdyn stewart control` (write_platform_simulation_csv) reads as it is
  ms::PlatformSimulationResult r;
  const int n = 4;
  r.time = VectorXd::LinSpaced(n, 0.0, 0.3);
  r.t = MatrixXd::Random(n, 3);
  r.quaternion = MatrixXd::Random(n, 4);
  r.quaternion.rowwise().normalize();
  r.v = r.omega = MatrixXd::Random(n, 3);
  r.F = MatrixXd::Random(n, 6);
  r.L = r.L_measured = MatrixXd::Random(n, 6);
  r.has_reference = true;
  r.t_desired = r.position_error = r.orientation_error = MatrixXd::Random(n, 3);
  r.quaternion_desired = MatrixXd::Random(n, 4);
  std::ostringstream csv;
  ms::write_platform_simulation_csv(csv, r);
  const ms::PlatformLog log = ms::read_platform_log_text(csv.str());
  EXPECT_EQ(log.time, r.time);
  EXPECT_EQ(log.t, r.t);
  EXPECT_EQ(log.F, r.F);
  EXPECT_LT((log.quaternion - r.quaternion).cwiseAbs().maxCoeff(), 1e-15);
}

TEST(StewartPlatformLog, BadLogsAreNamed) {
  const std::string header = "time,tx,ty,tz,qw,qx,qy,qz,F1,F2,F3,F4,F5,F6\n";
  const std::string row = ",0,0,0.5,1,0,0,0,1,2,3,4,5,6\n";
  const auto read = [](const std::string& text) {
    return message_of([&] { ms::read_platform_log_text(text, "log.csv"); });
  };
  EXPECT_EQ(read("time,tx,tz,qw,qx,F1,F2,F3,F4,F5\n0,0,0,1,0,1,2,3,4,5\n"),
            "log.csv:1: header: missing columns ty, qw, qx, qy, qz (or thx, thy, thz) and F6 (a platform log "
            "has time, tx, ty, tz, the orientation as qw, qx, qy, qz or thx, thy, thz, and F1..F6)");
  EXPECT_NE(read("time,tx,ty,tz,qw,qx,qy,qz,F1,F2,F3,F4,F5,F6,tx\n").find("column 'tx' appears twice"),
            std::string::npos);
  EXPECT_NE(read(header + "0" + row + "0.02" + row + "0.01" + row)
                .find("log.csv:4:1: time (column 1): time 0.01 s is not after the previous sample's 0.02 s (line 3): time goes back"),
            std::string::npos);
  EXPECT_NE(read(header + "0" + row + "0.01,0,nan,0.5,1,0,0,0,1,2,3,4,5,6\n0.02" + row)
                .find("log.csv:3:8: ty (column 3): is nan"),
            std::string::npos);
  EXPECT_EQ(read(header + "0" + row + "0.01" + row), "log.csv: has 2 samples, at least 3 are needed");
  EXPECT_NE(read(header + "0" + row + "0.01,0,0,0.5,0.5,0,0,0,1,2,3,4,5,6\n0.02" + row)
                .find("log.csv:3:14: qw (column 5): the quaternion (qw, qx, qy, qz) = (0.5, 0, 0, 0) has norm 0.5, not 1"),
            std::string::npos);
  EXPECT_NE(message_of([] { ms::read_platform_log("/nonexistent/log.csv"); }).find("cannot be read"),
            std::string::npos);
  // the filter's options and a short log, on a 100 Hz grid
  ms::PlatformLog log = log_of(SmoothMotion(), irregular_times(2.0, 100.0, 2));
  ms::PlatformLogFilterOptions o;
  o.sample_rate = 100;
  o.cutoff = 60;
  EXPECT_NE(message_of([&] { ms::prepare_platform_log(log, o); })
                .find("prepare_platform_log: cutoff is 60 Hz, expected above 0 and below the Nyquist frequency 50 Hz"),
            std::string::npos);
  o.cutoff = 5;
  o.decimate = 20;
  EXPECT_NE(message_of([&] { ms::prepare_platform_log(log, o); })
                .find("decimate 20 leaves 5 Hz samples whose Nyquist frequency 2.5 Hz is not above the cutoff 5 Hz: "
                      "it would alias"),
            std::string::npos);
  o.decimate = 0;
  o.last = 5000;
  EXPECT_NE(message_of([&] { ms::prepare_platform_log(log, o); }).find("is not within the log's"), std::string::npos);
  o.last = -1;
  o.filter_order = 11;
  EXPECT_NE(message_of([&] { ms::prepare_platform_log(log, o); }).find("filter_order is 11, expected 1 to 10"),
            std::string::npos);
  o.filter_order = 4;
  const ms::PlatformLog short_log = log_of(SmoothMotion(), irregular_times(0.1, 100.0, 2));
  EXPECT_NE(message_of([&] { ms::prepare_platform_log(short_log, o); }).find("too short for the order-4 filter's padding"),
            std::string::npos);
  // a log that does not rotate the platform: the unexcited inertias, named with the log
  ms::PlatformLog still = log_of(SmoothMotion(), irregular_times(3.0, 200.0, 4));
  still.source = "still.csv";
  for (Eigen::Index k = 0; k < still.samples(); ++k) still.quaternion.row(k) << 1, 0, 0, 0;
  still.F.setRandom();
  EXPECT_EQ(message_of([&] { ms::identify_payload_from_log(platform(), still); }).rfind(
                "the log still.csv (23 samples prepared at 12.5 Hz): identify_payload: the motion does not "
                "excite Ixx, Ixy, Iyy, Ixz, Iyz, Izz (6 directions",
                0),
            0u);
  // a log whose arrays disagree
  log.F = MatrixXd::Zero(3, 6);
  EXPECT_NE(message_of([&] { ms::prepare_platform_log(log); }).find(", F 3 x 6: expected at least 3 samples"),
            std::string::npos);
}
