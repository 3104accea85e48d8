// Unit tests of identification/platform_payload.hpp: a known payload on the paper's test platform
// (corrected inertias, with joint friction) is recovered from the leg forces that the inverse
// dynamics of the platform WITH the payload gives along an exciting 6-DOF motion, for both
// dynamic models, without and with noise; the relation F_with = F_without + Y pi is checked
// against an independent route (the payload as an external wrench from Newton-Euler); the
// unexcited parameters and the bad inputs are named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/identification/platform_payload.hpp"
#include "manipdyn/stewart/simulate.hpp"
#include "support/error_message.hpp"
#include "support/stewart_payload.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::BodyParametersd;
using manipdyn::Matrix3d;
using manipdyn::MatrixXd;
using manipdyn::Vector3d;
using manipdyn::Vector6d;
using manipdyn::test_support::kCom;
using manipdyn::test_support::kMass;
using manipdyn::test_support::message_of;
using manipdyn::test_support::payload_inertia_com;
using manipdyn::test_support::payload_parameters;
using manipdyn::test_support::platform;

namespace {

constexpr double kExactRelative = 1e-8;  // noise-free recovery, per parameter, relative
constexpr double kReproduce = 1e-9;      // leg forces of the identified model, relative to max |F|

// An exciting motion about the middle of Dasgupta's Path I: every position and RPY coordinate a
// sinusoid of its own frequency (analytic derivatives); `rotate` = false keeps R = const.
std::vector<ms::PlatformMotion> exciting_motion(int samples, double phase, bool rotate = true) {
  const Vector3d t0(0.2, 0.0, 0.5), amp_t(0.05, 0.06, 0.04), w_t(5.1, 6.3, 7.7);
  const Vector3d amp_r(0.12, 0.10, 0.15), w_r(6.7, 5.5, 4.9);
  std::vector<ms::PlatformMotion> out;
  for (int k = 0; k < samples; ++k) {
    const double tau = 2.0 * k / samples;
    Vector3d t, v, a, th, thd, thdd;
    for (int j = 0; j < 3; ++j) {
      const double pt = w_t(j) * tau + phase + j, pr = w_r(j) * tau + 2 * phase + 0.5 * j;
      t(j) = t0(j) + amp_t(j) * std::sin(pt);
      v(j) = amp_t(j) * w_t(j) * std::cos(pt);
      a(j) = -amp_t(j) * w_t(j) * w_t(j) * std::sin(pt);
      const double r = rotate ? amp_r(j) : 0.0;
      th(j) = r * std::sin(pr) + (rotate ? 0.0 : 0.1 * j);
      thd(j) = r * w_r(j) * std::cos(pr);
      thdd(j) = -r * w_r(j) * w_r(j) * std::sin(pr);
    }
    out.push_back(ms::motion_from_rpy<double>(t, th, v, thd, a, thdd));
  }
  return out;
}

// The leg forces (N x 6) of `model` by dynamic model `which` along `motions`.
MatrixXd leg_forces(const ms::StewartModel& model, ms::DynamicsModel which,
                    const std::vector<ms::PlatformMotion>& motions) {
  MatrixXd F(static_cast<Eigen::Index>(motions.size()), 6);
  ms::StewartData d(model);
  for (std::size_t k = 0; k < motions.size(); ++k)
    F.row(static_cast<Eigen::Index>(k)) = ms::inverse_dynamics(which, model, d, motions[k]).transpose();
  return F;
}

ms::PayloadIdentificationOptions with_model(ms::DynamicsModel which) {
  ms::PayloadIdentificationOptions o;
  o.model = which;
  return o;
}

}  // namespace

TEST(StewartPayloadIdentification, PayloadIsTheNegatedNewtonEulerWrench) {
  // independent of the regressor: the payload's Newton-Euler wrench about the platform origin
  // (platform frame), applied to the platform without payload as an external wrench, negated
  const ms::StewartModel loaded = ms::with_payload(platform(), payload_parameters());
  const Matrix3d I = payload_inertia_com();
  for (ms::DynamicsModel which : {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved}) {
    ms::StewartData a(platform()), b(loaded);
    for (const ms::PlatformMotion& m : exciting_motion(20, 0.3)) {
      const Vector3d w = m.R.transpose() * m.omega, al = m.R.transpose() * m.alpha;
      const Vector3d acc = m.R.transpose() * (m.a - platform().gravity);
      ms::ExternalWrench e;
      e.f = -kMass * (acc + al.cross(kCom) + w.cross(w.cross(kCom)));
      e.m = -(I * al + w.cross(I * w)) + kCom.cross(e.f);
      const Vector6d expected = ms::inverse_dynamics(which, platform(), a, m, e);
      const Vector6d got = ms::inverse_dynamics(which, loaded, b, m);
      EXPECT_LE((got - expected).cwiseAbs().maxCoeff(), 1e-10 * expected.cwiseAbs().maxCoeff());
      // and the regressor gives the difference
      ms::inverse_dynamics(which, platform(), a, m);
      const Vector6d dF = ms::payload_regressor(platform(), a) * payload_parameters();
      EXPECT_LE((got - a.F - dF).cwiseAbs().maxCoeff(), 1e-10 * expected.cwiseAbs().maxCoeff());
    }
  }
}

TEST(StewartPayloadIdentification, RecoversThePayloadExactlyWithBothModels) {
  const BodyParametersd truth = payload_parameters();
  const ms::StewartModel loaded = ms::with_payload(platform(), truth);
  const auto motions = exciting_motion(200, 0.0);
  for (ms::DynamicsModel which : {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved}) {
    const ms::PayloadEstimate r =
        ms::identify_payload(platform(), motions, leg_forces(loaded, which, motions), with_model(which));
    for (int j = 0; j < manipdyn::kBodyParameters; ++j)
      EXPECT_LE(std::abs(r.parameters(j) - truth(j)), kExactRelative * std::abs(truth(j)))
          << manipdyn::kBodyParameterNames[static_cast<std::size_t>(j)] << " (" << to_string(which) << ")";
    EXPECT_NEAR(r.mass, kMass, kExactRelative * kMass);
    EXPECT_LE((r.com - kCom).norm(), kExactRelative * kCom.norm());
    EXPECT_LE((r.inertia - payload_inertia_com()).norm(), kExactRelative * payload_inertia_com().norm());
    EXPECT_EQ(r.physical_problem, "");
    EXPECT_EQ(r.samples, 200);
    EXPECT_LT(r.sigma, 1e-9);
    EXPECT_GE(r.scaled_condition_number, 1.0);
    EXPECT_TRUE(std::isfinite(r.condition_number));
  }
}

TEST(StewartPayloadIdentification, NoisyLegForcesWithinThreeSigma) {
  const BodyParametersd truth = payload_parameters();
  const auto motions = exciting_motion(400, 1.1);
  const auto which = ms::DynamicsModel::improved;
  MatrixXd F = leg_forces(ms::with_payload(platform(), truth), which, motions);
  std::mt19937 rng(5);
  std::normal_distribution<double> noise(0.0, 0.5);  // N
  for (Eigen::Index k = 0; k < F.size(); ++k) F(k) += noise(rng);
  const ms::PayloadEstimate r = ms::identify_payload(platform(), motions, F, with_model(which));
  for (int j = 0; j < manipdyn::kBodyParameters; ++j)
    EXPECT_LE(std::abs(r.parameters(j) - truth(j)), 3 * r.standard_deviation(j))
        << manipdyn::kBodyParameterNames[static_cast<std::size_t>(j)];
  EXPECT_NEAR(r.sigma, 0.5, 0.05);
  EXPECT_NEAR(r.mass, kMass, 0.01 * kMass);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(r.residual_rms(i), 0.5, 0.1);
}

namespace {

// Computed torque on the loaded plant's own model along exciting_motion (1 s, 1000 samples):
// F = ID(x, xd, xdd_d + kv (xd_d - xd) + kp e), e = [t_d - t; log(R_d R^T)].
class ExcitingTracker final : public ms::PlatformController {
 public:
  explicit ExcitingTracker(const ms::StewartModel& model)
      : model_(model), data_(model), path_(exciting_motion(1000, 0.5)) {}
  void compute(double t, const ms::PlatformMotion& x, Vector6d& F) override {
    const auto k = std::min<std::size_t>(static_cast<std::size_t>(std::lround(t * 500.0)), path_.size() - 1);
    ms::PlatformMotion cmd = x;
    const ms::PlatformMotion& d = path_[k];
    cmd.a = d.a + 2 * kW * (d.v - x.v) + kW * kW * (d.t - x.t);
    cmd.alpha = d.alpha + 2 * kW * (d.omega - x.omega) + kW * kW * ms::rotation_log(d.R * x.R.transpose());
    F = ms::inverse_dynamics(ms::DynamicsModel::improved, model_, data_, cmd);
  }

 private:
  static constexpr double kW = 30.0;  // rad/s
  const ms::StewartModel& model_;
  ms::StewartData data_;
  std::vector<ms::PlatformMotion> path_;
};

}  // namespace

TEST(StewartPayloadIdentification, RecoversThePayloadFromASimulatedRun) {
  // the plant carries the payload; the log gives pose, twist and the held forces; the
  // accelerations at each logged instant are the plant's forward dynamics under those forces
  const BodyParametersd truth = payload_parameters();
  const ms::StewartModel loaded = ms::with_payload(platform(), truth);
  ExcitingTracker tracker(loaded);
  ms::PlatformSimulationOptions o;
  o.duration = 1.0;
  const ms::PlatformMotion start = exciting_motion(1000, 0.5).front();
  const ms::PlatformSimulationResult run = ms::simulate(loaded, &tracker, start, o);
  std::vector<ms::PlatformMotion> motions;
  ms::StewartData d(loaded);
  for (Eigen::Index k = 0; k < run.time.size(); ++k) {
    ms::PlatformMotion m = run.motion(k);
    const Vector6d xdd = ms::forward_dynamics(o.plant, loaded, d, m, Vector6d(run.F.row(k).transpose()));
    m.a = xdd.head<3>();
    m.alpha = xdd.tail<3>();
    motions.push_back(m);
  }
  const ms::PayloadEstimate r = ms::identify_payload(platform(), motions, run.F, with_model(o.plant));
  for (int j = 0; j < manipdyn::kBodyParameters; ++j)
    EXPECT_LE(std::abs(r.parameters(j) - truth(j)), kExactRelative * std::abs(truth(j)))
        << manipdyn::kBodyParameterNames[static_cast<std::size_t>(j)];
}

TEST(StewartPayloadIdentification, IdentifiedModelReproducesTheLegForces) {
  const ms::StewartModel loaded = ms::with_payload(platform(), payload_parameters());
  const auto which = ms::DynamicsModel::dasgupta;
  const auto fit = exciting_motion(100, 0.7);
  const ms::PayloadEstimate r =
      ms::identify_payload(platform(), fit, leg_forces(loaded, which, fit), with_model(which));
  const ms::StewartModel identified = ms::with_payload(platform(), r.parameters);
  EXPECT_EQ(identified.warnings.size(), platform().warnings.size());  // nothing added
  EXPECT_NEAR(identified.M, loaded.M, 1e-9 * loaded.M);
  // on another motion
  const auto other = exciting_motion(50, 2.4);
  const MatrixXd expected = leg_forces(loaded, which, other);
  const MatrixXd got = leg_forces(identified, which, other);
  EXPECT_LE((got - expected).cwiseAbs().maxCoeff(), kReproduce * expected.cwiseAbs().maxCoeff());
}

TEST(StewartPayloadIdentification, PureTranslationNamesTheInertia) {
  const auto motions = exciting_motion(100, 0.0, /*rotate=*/false);
  const MatrixXd F =
      leg_forces(ms::with_payload(platform(), payload_parameters()), ms::DynamicsModel::improved, motions);
  const std::string msg = message_of([&] { ms::identify_payload(platform(), motions, F); });
  EXPECT_NE(msg.find("identify_payload: the motion does not excite Ixx, Ixy, Iyy, Ixz, Iyz, Izz (6 directions"),
            std::string::npos) << msg;
  EXPECT_NE(msg.find("a pure translation cannot see the inertia"), std::string::npos) << msg;
}

TEST(StewartPayloadIdentification, RotationAboutOneAxisNamesTheInertiaItCannotSee) {
  // rotation about the base z axis only (= the platform z axis): I omega_dot and omega x I omega
  // involve Ixz, Iyz, Izz only
  std::vector<ms::PlatformMotion> motions = exciting_motion(100, 0.0, /*rotate=*/false);
  for (std::size_t k = 0; k < motions.size(); ++k) {
    const double tau = 0.02 * static_cast<double>(k), th = 0.2 * std::sin(5 * tau);
    motions[k].R = Eigen::AngleAxisd(th, Vector3d::UnitZ()).toRotationMatrix();
    motions[k].omega = Vector3d(0, 0, std::cos(5 * tau));
    motions[k].alpha = Vector3d(0, 0, -5 * std::sin(5 * tau));
  }
  const MatrixXd F =
      leg_forces(ms::with_payload(platform(), payload_parameters()), ms::DynamicsModel::improved, motions);
  const std::string msg = message_of([&] { ms::identify_payload(platform(), motions, F); });
  EXPECT_NE(msg.find("does not excite Ixx, Ixy, Iyy (3 directions"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("pure translation"), std::string::npos) << msg;
}

TEST(StewartPayloadIdentification, InputErrorsAreNamed) {
  auto motions = exciting_motion(10, 0.0);
  MatrixXd F = leg_forces(platform(), ms::DynamicsModel::improved, motions);
  const auto msg = [&](auto&& f) { return message_of(f); };
  EXPECT_EQ(msg([&] { ms::identify_payload(platform(), {motions[0]}, F.topRows(1)); }),
            "identify_payload: 1 sample gives 6 equations for 10 parameters; at least 2 samples are "
            "needed (more, spread over the motion, for a useful estimate)");
  EXPECT_EQ(msg([&] { ms::identify_payload(platform(), motions, F.topRows(9)); }),
            "identify_payload: F has shape (9, 6), expected (10, 6): one row of leg forces per motion");
  MatrixXd bad = F;
  bad(4, 2) = std::nan("");
  EXPECT_EQ(msg([&] { ms::identify_payload(platform(), motions, bad); }),
            "identify_payload: sample 4: F[4, 2] (leg 3) is nan");
  motions[3].omega(1) = std::nan("");
  EXPECT_EQ(msg([&] { ms::identify_payload(platform(), motions, F); }),
            "identify_payload: sample 3: motion.omega[1] is nan");
  motions[3].omega(1) = 0.0;
  motions[3].R(0, 0) = 2.0;
  EXPECT_NE(msg([&] { ms::identify_payload(platform(), motions, F); })
                .find("identify_payload: sample 3: motion.R is not a rotation matrix"),
            std::string::npos);
  motions[3].R = Matrix3d::Identity();
  ms::PayloadIdentificationOptions o;
  o.excitation_tolerance = 0.0;
  EXPECT_EQ(msg([&] { ms::identify_payload(platform(), motions, F, o); }),
            "identify_payload: options.excitation_tolerance must be in (0, 1), got 0.000000");
}

TEST(StewartPayloadIdentification, NonPhysicalPayloadIsReportedNotFixed) {
  BodyParametersd p = payload_parameters();
  p(4) += 0.5;  // Ixx about the origin far too large: the triangle inequality breaks
  EXPECT_NE(ms::payload_problem(p).find("inertia about the centre of mass breaks the triangle inequality"),
            std::string::npos) << ms::payload_problem(p);
  EXPECT_NE(message_of([&] { ms::with_payload(platform(), p); })
                .find("with_payload: the payload's inertia about the centre of mass breaks the triangle "
                      "inequality"),
            std::string::npos);
  const ms::StewartModel accepted = ms::with_payload(platform(), p, /*allow_invalid_inertia=*/true);
  EXPECT_TRUE(accepted.allow_invalid_inertia);
  ASSERT_FALSE(accepted.warnings.empty());
  EXPECT_NE(accepted.warnings.back().find("with_payload:"), std::string::npos);
  // a payload of negative mass: the identification reports it, with_payload refuses it
  BodyParametersd neg = BodyParametersd::Zero();
  neg(0) = -1.0;
  EXPECT_EQ(ms::payload_problem(neg), "mass -1 kg is not positive");
  const auto motions = exciting_motion(60, 0.2);
  const ms::PayloadEstimate r = ms::identify_payload(
      ms::with_payload(platform(), payload_parameters()), motions,
      leg_forces(platform(), ms::DynamicsModel::improved, motions));  // the payload taken away
  EXPECT_NEAR(r.mass, -kMass, 1e-8);
  EXPECT_EQ(r.physical_problem, "mass -2.5 kg is not positive");
  BodyParametersd huge = BodyParametersd::Zero();
  huge(0) = -2.0 * platform().M;
  EXPECT_NE(message_of([&] { ms::with_payload(platform(), huge, true); })
                .find("with_payload: the platform mass with the payload"),
            std::string::npos);
}
