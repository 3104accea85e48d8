// Unit tests of include/manipdyn/parallel/kinematics.hpp: the legs closed in closed form agree
// with Newton's method, and the legs' rates and accelerations move each leg's end point as the
// platform point moves (checked by the serial frame_motion, an independent computation).
#include <gtest/gtest.h>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;

namespace {
// A smooth spatial motion about the home pose of the Stewart test platform.
manipdyn::PlatformMotion motion_at(const Eigen::Isometry3d& home, double s) {
  const Vector3d t = home.translation() + Vector3d(0.05 * std::sin(s), 0.04 * std::cos(1.3 * s), 0.03 * std::sin(0.7 * s));
  const Vector3d th(0.08 * std::sin(0.9 * s), -0.06 * std::cos(s), 0.1 * std::sin(1.1 * s));
  return ms::motion_from_rpy<double>(t, th, Vector3d(0.2, -0.1, 0.3), Vector3d(0.4, 0.2, -0.5),
                                     Vector3d(-1.0, 0.5, 2.0), Vector3d(1.5, -2.0, 0.7));
}
}  // namespace

TEST(ParallelKinematics, ClosedFormLegsAgreeWithNewton) {
  const mp::ParallelModel closed = mp::from_stewart(ms::dasgupta_test_platform(false));
  for (const mp::Leg& leg : closed.legs) ASSERT_EQ(leg.solver, mp::LegSolver::rrp);
  mp::ParallelModel newton = closed;
  for (mp::Leg& leg : newton.legs) leg.solver = mp::LegSolver::newton;
  mp::ParallelData dc(closed), dn(newton);
  double worst = 0;
  for (int k = 0; k < 40; ++k) {
    const manipdyn::PlatformMotion x = motion_at(closed.home, 0.2 * k);
    mp::inverse_kinematics(closed, dc, x.t, x.R);
    mp::inverse_kinematics(newton, dn, x.t, x.R);
    for (int i = 0; i < closed.leg_count(); ++i)
      worst = std::max(worst, (dc.q[static_cast<std::size_t>(i)] - dn.q[static_cast<std::size_t>(i)]).norm());
  }
  EXPECT_LT(worst, 1e-12);
}

TEST(ParallelKinematics, LegRatesAndAccelerationsMoveTheEndPointAsThePlatformPoint) {
  for (const bool newton : {false, true}) {
    mp::ParallelModel model = mp::from_stewart(ms::pedrammehr_test_platform(false));
    if (newton)
      for (mp::Leg& leg : model.legs) leg.solver = mp::LegSolver::newton;
    mp::ParallelData d(model);
    for (int k = 0; k < 10; ++k) {
      const manipdyn::PlatformMotion x = motion_at(model.home, 0.5 * k);
      mp::leg_motion(model, d, x);
      for (int i = 0; i < model.leg_count(); ++i) {
        const std::size_t ii = static_cast<std::size_t>(i);
        const mp::Leg& leg = model.legs[ii];
        manipdyn::SerialData sd(leg.chain);
        const auto fm = manipdyn::frame_motion(leg.chain, sd, d.q[ii], d.qd[ii], d.qdd[ii], leg.end_frame);
        const Vector3d r = x.R * leg.platform_point;
        const Vector3d p = sd.T_frame.block<3, 1>(0, 3);
        const Vector3d v = x.v + x.omega.cross(r);
        const Vector3d a = x.a + x.alpha.cross(r) + x.omega.cross(x.omega.cross(r));
        EXPECT_LT((p - (x.t + r)).norm(), 1e-12) << "leg " << i;
        EXPECT_LT((fm.velocity.head<3>() - v).norm(), 1e-12 * (1 + v.norm())) << "leg " << i;
        EXPECT_LT((fm.acceleration.head<3>() - a).norm(), 1e-11 * (1 + a.norm())) << "leg " << i;
        // the end link's angular velocity kept for the cut friction
        EXPECT_LT((fm.velocity.tail<3>() - d.omega_leg[ii]).norm(), 1e-12) << "leg " << i;
      }
    }
  }
}
