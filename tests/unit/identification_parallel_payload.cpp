// Unit tests of include/manipdyn/identification/parallel_payload.hpp: the regressor is the
// difference the payload makes to the actuator forces (with_payload), the general engine's
// payload of a Stewart platform is the dedicated module's, a Delta's payload mass is recovered
// from noisy motor torques within its standard deviation, and the error paths.
#include <gtest/gtest.h>

#include <random>

#include "manipdyn/identification/parallel_payload.hpp"
#include "manipdyn/identification/platform_payload.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/pose.hpp"
#include "support/error_message.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::BodyParametersd;
using manipdyn::MatrixXd;
using manipdyn::PlatformMotion;
using manipdyn::Vector3d;
using manipdyn::VectorXd;
using manipdyn::test_support::message_of;

namespace {
BodyParametersd some_payload() {
  BodyParametersd pi;
  pi << 2.0, 0.02, -0.01, 0.03, 0.05, 0.001, 0.04, -0.002, 0.003, 0.06;
  return pi;
}

// A spatial motion about `home`, rotating about all three axes.
std::vector<PlatformMotion> spatial_motions(const Eigen::Isometry3d& home, int n) {
  std::vector<PlatformMotion> out;
  for (int k = 0; k < n; ++k) {
    const double s = 0.3 * k;
    out.push_back(ms::motion_from_rpy<double>(
        home.translation() + Vector3d(0.05 * std::sin(s), 0.04 * std::cos(s), 0.03 * std::sin(2 * s)),
        Vector3d(0.1 * std::sin(1.3 * s), 0.1 * std::cos(0.7 * s), 0.2 * std::sin(s)), Vector3d(0.1 * std::cos(s), 0.2, 0.1),
        Vector3d(0.5 * std::cos(s), 0.3, -0.2), Vector3d(1, 2 * std::sin(s), 0.5), Vector3d(2 * std::cos(s), 1, -1)));
  }
  return out;
}

// A translating motion of a Delta about its home.
std::vector<PlatformMotion> delta_motions(const Eigen::Isometry3d& home, int n) {
  std::vector<PlatformMotion> out;
  for (int k = 0; k < n; ++k) {
    const double s = 0.37 * k;
    PlatformMotion x;
    x.t = home.translation() + Vector3d(0.1 * std::sin(s), 0.08 * std::cos(1.3 * s), 0.05 * std::sin(0.7 * s));
    x.v = Vector3d(std::cos(s), -std::sin(1.3 * s), 0.5 * std::cos(0.7 * s));
    x.a = Vector3d(-20 * std::sin(s), -15 * std::cos(1.3 * s), 10 * std::sin(0.7 * s));
    out.push_back(x);
  }
  return out;
}
}  // namespace

TEST(ParallelPayload, RegressorIsTheForcesThePayloadAdds) {
  for (const bool delta : {false, true}) {
    const mp::ParallelModel model = delta ? mp::delta_rl5_1450() : mp::from_stewart(ms::dasgupta_test_platform(false));
    const mp::ParallelModel loaded = mp::with_payload(model, some_payload());
    mp::ParallelData d(model), dl(loaded);
    const auto motions = delta ? delta_motions(model.home, 10) : spatial_motions(model.home, 10);
    double worst = 0;
    for (const PlatformMotion& x : motions) {
      const VectorXd without = mp::inverse_dynamics(model, d, x);
      const MatrixXd Y = mp::payload_regressor(model, d);
      const VectorXd with = mp::inverse_dynamics(loaded, dl, x);
      worst = std::max(worst, (with - without - Y * some_payload()).norm() / with.norm());
    }
    EXPECT_LT(worst, 1e-12) << (delta ? "delta" : "stewart");
  }
}

TEST(ParallelPayload, StewartPayloadIsTheDedicatedModulesEstimate) {
  const ms::StewartModel s = ms::dasgupta_test_platform(false);
  const mp::ParallelModel model = mp::from_stewart(s);
  const ms::StewartModel loaded = ms::with_payload(s, some_payload());
  ms::StewartData sd(loaded);
  const auto motions = spatial_motions(model.home, 40);
  MatrixXd F(40, 6);
  std::mt19937 rng(7);
  std::normal_distribution<double> noise(0.0, 0.5);
  for (int k = 0; k < 40; ++k) {
    F.row(k) = ms::inverse_dynamics(ms::DynamicsModel::improved, loaded, sd, motions[static_cast<std::size_t>(k)]).transpose();
    for (int i = 0; i < 6; ++i) F(k, i) += noise(rng);
  }
  const ms::PayloadEstimate dedicated = ms::identify_payload(s, motions, F);
  const mp::PayloadEstimate general = mp::identify_payload(model, motions, F);
  EXPECT_EQ(general.fitted.size(), 10u);
  EXPECT_LT((general.parameters - dedicated.parameters).norm(), 1e-8 * dedicated.parameters.norm());
  EXPECT_LT((general.standard_deviation - dedicated.standard_deviation).norm(), 1e-8 * dedicated.standard_deviation.norm());
  EXPECT_NEAR(general.sigma, dedicated.sigma, 1e-9 * dedicated.sigma);
  // and within 3 sigma of the truth
  for (int j = 0; j < 10; ++j)
    EXPECT_LT(std::abs(general.parameters(j) - some_payload()(j)), 3 * general.standard_deviation(j) + 1e-12) << j;
}

TEST(ParallelPayload, DeltaPayloadMassFromNoisyMotorTorques) {
  const mp::ParallelModel model = mp::delta_rl5_1450();
  const mp::ParallelModel loaded = mp::with_payload(model, some_payload());
  mp::ParallelData dl(loaded);
  const auto motions = delta_motions(model.home, 60);
  MatrixXd tau(60, 3);
  std::mt19937 rng(11);
  std::normal_distribution<double> noise(0.0, 0.2);
  for (int k = 0; k < 60; ++k) {
    tau.row(k) = mp::inverse_dynamics(loaded, dl, motions[static_cast<std::size_t>(k)]).transpose();
    for (int a = 0; a < 3; ++a) tau(k, a) += noise(rng);
  }
  const mp::PayloadEstimate e = mp::identify_payload(model, motions, tau);
  EXPECT_EQ(e.fitted, std::vector<int>{0});  // a translating platform shows the mass alone
  EXPECT_LT(std::abs(e.mass - 2.0), 3 * e.standard_deviation(0));
  EXPECT_LT(e.standard_deviation(0), 0.05);
  EXPECT_NEAR(e.sigma, 0.2, 0.05);
  EXPECT_EQ(e.residual_rms.size(), 3);
}

TEST(ParallelPayload, BadInputIsNamed) {
  const mp::ParallelModel model = mp::from_stewart(ms::dasgupta_test_platform(false));
  const auto motions = spatial_motions(model.home, 5);
  EXPECT_NE(message_of([&] { mp::identify_payload(model, motions, MatrixXd::Zero(4, 6)); })
                .find("tau has shape (4, 6), expected (5, 6)"),
            std::string::npos);
  MatrixXd tau = MatrixXd::Zero(5, 6);
  tau(2, 3) = std::nan("");
  EXPECT_NE(message_of([&] { mp::identify_payload(model, motions, tau); }).find("sample 2: tau[2, 3] (actuator 4) is not finite"),
            std::string::npos);
  mp::PayloadIdentificationOptions o;
  o.parameters = {0, 12};
  EXPECT_NE(message_of([&] { mp::identify_payload(model, motions, MatrixXd::Zero(5, 6), o); }).find("parameter index 12"),
            std::string::npos);
  // a platform that never rotates cannot show the inertia
  std::vector<PlatformMotion> still(5);
  for (int k = 0; k < 5; ++k) {
    still[static_cast<std::size_t>(k)].t = model.home.translation() + Vector3d(0.01 * k, 0, 0);
    still[static_cast<std::size_t>(k)].a = Vector3d(0.1 * k, 1, 0);
  }
  const std::string m = message_of([&] { mp::identify_payload(model, still, MatrixXd::Zero(5, 6)); });
  EXPECT_NE(m.find("does not excite"), std::string::npos) << m;
  EXPECT_NE(m.find("never rotates"), std::string::npos) << m;
  EXPECT_NE(message_of([&] { mp::with_payload(model, BodyParametersd::Constant(std::nan(""))); }).find("non-finite"),
            std::string::npos);
}
