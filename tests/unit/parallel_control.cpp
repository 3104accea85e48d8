// Task-space computed torque of the general parallel engine (parallel/control.hpp) in simulation:
// with the exact model the error follows e'' + Kd e' + Kp e = 0 and decays; with a payload the
// controller does not know, it stays bounded.
#include <gtest/gtest.h>

#include "manipdyn/parallel/control.hpp"
#include "manipdyn/parallel/simulate.hpp"
#include "support/error_message.hpp"
#include "support/parallel_robots.hpp"

namespace mp = manipdyn::parallel;
namespace ts = manipdyn::test_support;
using manipdyn::PlatformMotion;
using manipdyn::Vector3d;
using Eigen::VectorXd;

namespace {

// a circle-and-bob path about the home pose (and a slow turn for a spatial platform)
mp::PlatformReference reference(const mp::ParallelModel& model) {
  return [&model](double t) {
    constexpr double w = 3.0, r = 0.02;
    PlatformMotion x;
    x.t = model.home.translation() + Vector3d(r * std::sin(w * t), r * (1 - std::cos(w * t)), 0.5 * r * std::sin(2 * w * t));
    x.v = Vector3d(r * w * std::cos(w * t), r * w * std::sin(w * t), r * w * std::cos(2 * w * t));
    x.a = Vector3d(-r * w * w * std::sin(w * t), r * w * w * std::cos(w * t), -2 * r * w * w * std::sin(2 * w * t));
    x.R = model.home.linear();
    if (model.mobility == mp::Mobility::spatial) {
      const Vector3d axis = Vector3d(0.2, -0.3, 1.0).normalized();
      const double angle = 0.05 * std::sin(w * t);
      x.R = Eigen::AngleAxisd(angle, axis).toRotationMatrix() * model.home.linear();
      x.omega = 0.05 * w * std::cos(w * t) * axis;
      x.alpha = -0.05 * w * w * std::sin(w * t) * axis;
    }
    return x;
  };
}

mp::ParallelSimulationResult track(const mp::ParallelModel& plant, const mp::ParallelModel& controller_model,
                                   const PlatformMotion& start, double seconds) {
  mp::TaskSpaceGains gains;
  gains.natural_frequency = 20.0;
  mp::ParallelSimulationOptions o;
  o.step = 1e-3;
  o.steps = static_cast<long>(seconds / o.step + 0.5);
  o.log_every = 10;
  return mp::simulate(plant, mp::computed_torque_controller(controller_model, reference(controller_model), gains), start, o);
}

double error_at(const mp::ParallelModel& model, const mp::ParallelSimulationResult& r, Eigen::Index k) {
  return mp::tracking_error(model, r.motion(model, k), reference(model)(r.time(k))).norm();
}

}  // namespace

TEST(ParallelControl, ComputedTorqueErrorDecaysAsTheCriticallyDampedSolution) {
  for (const mp::ParallelModel& model : {ts::three_leg_robot(mp::Mobility::translation, true), ts::stewart_robot(true)}) {
    PlatformMotion start = reference(model)(0.0);
    start.t += Vector3d(0.004, -0.003, 0.002);  // starts off the path, at the path's velocity
    const mp::ParallelSimulationResult r = track(model, model, start, 1.0);
    const double e0 = error_at(model, r, 0);
    // e(t) = e0 (1 + wn t) exp(-wn t) along the initial error's direction (the velocity error is zero)
    const double at_100ms = error_at(model, r, 10);
    EXPECT_NEAR(at_100ms, e0 * 3.0 * std::exp(-2.0), 1e-3 * e0) << model.name;
    EXPECT_LT(error_at(model, r, r.time.size() - 1), 1e-7) << model.name;
  }
}

TEST(ParallelControl, ComputedTorqueErrorStaysBoundedWithAnUnknownPayload) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, true);
  mp::ParallelDescription heavier = model.description();
  heavier.platform.mass *= 1.5;
  const mp::ParallelModel plant = mp::build_model(heavier);
  const mp::ParallelSimulationResult r = track(plant, model, reference(model)(0.0), 2.0);
  // the unmodelled weight dm g deflects the platform by about dm g / ((m + dm + legs) wn^2)
  double first = 0, second = 0;  // the largest error in [0, 1] s and in (1, 2] s
  for (Eigen::Index k = 0; k < r.time.size(); ++k) (r.time(k) <= 1.0 ? first : second) = std::max(r.time(k) <= 1.0 ? first : second, error_at(model, r, k));
  const double bound = 0.5 * model.platform.mass * 9.81 / (model.platform.mass * 400.0);
  std::printf("payload +50%%: largest tracking error %.3e m in [0, 1] s, %.3e m in (1, 2] s; bound %.3e m\n", first,
              second, bound);
  EXPECT_GT(first, 1e-2 * bound);  // the mismatch shows
  EXPECT_LT(first, bound);         // and stays within the static estimate
  EXPECT_LT(second, 1.05 * first); // without growing
}

TEST(ParallelControl, RejectsBadGains) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, false);
  mp::TaskSpaceGains gains;
  gains.damping_ratio = 0.0;
  EXPECT_NE(ts::message_of([&] { mp::computed_torque_controller(model, reference(model), gains); })
                .find("gains.damping_ratio must be positive"),
            std::string::npos);
  gains = {};
  EXPECT_NE(ts::message_of([&] { mp::computed_torque_controller(model, {}, gains); }).find("the reference is empty"),
            std::string::npos);
}
