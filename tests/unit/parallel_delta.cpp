// The Delta robot built in (parallel/builtin_models.hpp: delta, delta_rl5_1450): its frames and
// home assembly, the engine's Newton closure against the classical closed-form inverse
// kinematics, and the errors of bad parameters.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "../support/delta_closed_form.hpp"
#include "../support/error_message.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::Vector3d;
using manipdyn::test_support::delta_closed_form_ik;
using manipdyn::test_support::delta_lab_parameters;
using manipdyn::test_support::delta_test_motion;
using manipdyn::test_support::message_of;

namespace {

constexpr double kClosureTolerance = 1e-12;  // rad: closed form vs Newton


}  // namespace

TEST(ParallelDelta, BuildsTheRL5_1450WithItsFramesAndHomeAssembly) {
  const mp::DeltaParameters p = mp::delta_rl5_1450_parameters();
  const mp::ParallelModel m = mp::delta_rl5_1450();
  EXPECT_EQ(m.name, "rl5_1450");
  EXPECT_EQ(m.mobility, mp::Mobility::translation);
  EXPECT_EQ(m.leg_count(), 3);
  EXPECT_EQ(m.actuated_count(), 3);
  EXPECT_TRUE(m.warnings.empty());
  // the platform hangs below the base, the upper arms horizontal at home
  const double reach = p.base_radius + p.upper_arm_length - p.platform_radius;
  EXPECT_NEAR(m.home.translation().z(), -std::sqrt(p.forearm_length * p.forearm_length - reach * reach), 1e-15);
  EXPECT_LT(m.home.translation().z(), 0.0);
  for (int i = 0; i < 3; ++i) {
    const mp::Leg& leg = m.legs[static_cast<std::size_t>(i)];
    EXPECT_EQ(leg.actuated, std::vector<int>{0});
    EXPECT_NEAR(leg.home_q(0), 0.0, 1e-12);
    // motor axis i at 120 i degrees: its point at base_radius, along the tangent, in z = 0
    const double phi = 2.0 * std::numbers::pi * i / 3.0;
    EXPECT_NEAR((leg.chain.base.translation() - p.base_radius * Vector3d(std::cos(phi), std::sin(phi), 0)).norm(), 0.0, 1e-15);
    EXPECT_NEAR((leg.chain.base.linear().col(2) - Vector3d(-std::sin(phi), std::cos(phi), 0)).norm(), 0.0, 1e-15);
    // the drive on the motor joint; the rod twice a bar, zero moment about its axis
    EXPECT_EQ(leg.chain.links[0].gear_ratio, 55.0);
    EXPECT_EQ(leg.chain.links[0].motor_inertia, 2.07e-4);
    EXPECT_NEAR(leg.chain.links[2].mass, 1.05, 1e-15);
    EXPECT_EQ(leg.chain.links[2].inertia(0, 0), 0.0);
  }
  // the upper arm with the elbow mass: its moment about the motor axis is upper_arm_inertia +
  // elbow_mass L1^2
  const manipdyn::LinkParameters& arm = m.legs[0].chain.links[0];
  const double about_axis = arm.inertia(2, 2) + arm.mass * arm.com.squaredNorm();
  EXPECT_NEAR(about_axis, p.upper_arm_inertia + p.elbow_mass * p.upper_arm_length * p.upper_arm_length, 1e-14);
  EXPECT_NEAR(arm.mass * arm.com.x(), p.upper_arm_mass * p.upper_arm_com + p.elbow_mass * p.upper_arm_length, 1e-14);
}

TEST(ParallelDelta, NewtonClosureEqualsTheClosedFormInverseKinematics) {
  for (const mp::DeltaParameters& p : {mp::delta_rl5_1450_parameters(), delta_lab_parameters()}) {
    const mp::ParallelModel m = mp::delta(p);
    mp::ParallelData data(m);
    const Vector3d x0 = m.home.translation() + Vector3d(0, 0, 0.1 * p.forearm_length);
    double worst = 0;
    // along a motion (the warm-started Newton follows the elbows-out assembly)
    for (int k = 0; k <= 200; ++k) {
      const manipdyn::PlatformMotion x = delta_test_motion(x0, 0.3 * p.upper_arm_length, 3.0, 0.01 * k);
      mp::inverse_kinematics(m, data, Vector3d(x.t), Eigen::Matrix3d(x.R));
      const Vector3d q = delta_closed_form_ik(p, x.t);
      for (int i = 0; i < 3; ++i) worst = std::max(worst, std::abs(data.q[static_cast<std::size_t>(i)](0) - q(i)));
    }
    EXPECT_LT(worst, kClosureTolerance) << p.name;
    std::printf("%s: closed-form vs Newton motor angles, worst %.2e rad over 201 poses\n", p.name.c_str(), worst);
  }
}

TEST(ParallelDelta, ForearmSpacingEntersOnlyTheGeometryCheck) {
  mp::DeltaParameters p = delta_lab_parameters();
  const mp::ParallelModel a = mp::delta(p);
  p.forearm_spacing = 0.15;
  const mp::ParallelModel b = mp::delta(p);
  for (int i = 0; i < 3; ++i) {
    const auto& la = a.legs[static_cast<std::size_t>(i)].chain.links;
    const auto& lb = b.legs[static_cast<std::size_t>(i)].chain.links;
    for (std::size_t j = 0; j < la.size(); ++j) {
      EXPECT_EQ(la[j].mass, lb[j].mass);
      EXPECT_EQ(la[j].inertia, lb[j].inertia);
      EXPECT_EQ(la[j].com, lb[j].com);
    }
  }
  p.forearm_spacing = 2.0 * std::sqrt(3.0) * p.platform_radius;
  EXPECT_NE(message_of([&] { mp::delta(p); }).find("forearm_spacing"), std::string::npos);
}

TEST(ParallelDelta, RejectsEachBadParameterByName) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  struct Field {
    const char* name;
    double mp::DeltaParameters::*member;
    bool zero_allowed;
  };
  const Field fields[] = {{"base_radius", &mp::DeltaParameters::base_radius, false},
                          {"platform_radius", &mp::DeltaParameters::platform_radius, false},
                          {"upper_arm_length", &mp::DeltaParameters::upper_arm_length, false},
                          {"upper_arm_mass", &mp::DeltaParameters::upper_arm_mass, false},
                          {"upper_arm_com", &mp::DeltaParameters::upper_arm_com, true},
                          {"upper_arm_inertia", &mp::DeltaParameters::upper_arm_inertia, false},
                          {"forearm_length", &mp::DeltaParameters::forearm_length, false},
                          {"forearm_bar_mass", &mp::DeltaParameters::forearm_bar_mass, false},
                          {"forearm_spacing", &mp::DeltaParameters::forearm_spacing, false},
                          {"elbow_mass", &mp::DeltaParameters::elbow_mass, true},
                          {"platform_mass", &mp::DeltaParameters::platform_mass, false},
                          {"motor_inertia", &mp::DeltaParameters::motor_inertia, true},
                          {"gear_ratio", &mp::DeltaParameters::gear_ratio, false}};
  for (const Field& f : fields) {
    for (const double bad : {nan, inf, -inf, -1.0, 0.0}) {
      if (bad == 0.0 && f.zero_allowed) continue;
      mp::DeltaParameters p = delta_lab_parameters();
      p.*f.member = bad;
      const std::string msg = message_of([&] { mp::delta(p); });
      EXPECT_NE(msg.find(std::string(f.name) + " must be finite and"), std::string::npos) << f.name << " = " << bad << ": " << msg;
      EXPECT_NE(msg.find("delta 'lab'"), std::string::npos) << msg;
    }
    if (f.zero_allowed) {  // zero is a valid value (no elbow mass, no motor, the COM on the axis)
      mp::DeltaParameters p = delta_lab_parameters();
      p.*f.member = 0.0;
      EXPECT_NO_THROW(mp::delta(p)) << f.name;
    }
  }
  mp::DeltaParameters p = delta_lab_parameters();
  p.gravity.y() = nan;
  EXPECT_NE(message_of([&] { mp::delta(p); }).find("gravity"), std::string::npos);
}

TEST(ParallelDelta, RejectsAnUpperArmInertiaThatIsNotPhysical) {
  mp::DeltaParameters p = delta_lab_parameters();
  p.upper_arm_inertia = 0.9 * p.upper_arm_mass * p.upper_arm_com * p.upper_arm_com;
  const std::string msg = message_of([&] { mp::delta(p); });
  EXPECT_NE(msg.find("upper_arm_inertia"), std::string::npos) << msg;
  EXPECT_NE(msg.find("upper_arm_mass * upper_arm_com^2"), std::string::npos) << msg;
  // exactly the point-mass bound is a physical (massless-arm-with-a-point) inertia
  p.upper_arm_inertia = p.upper_arm_mass * p.upper_arm_com * p.upper_arm_com;
  EXPECT_NO_THROW(mp::delta(p));
}

TEST(ParallelDelta, LongUpperArmsTiltDownAtHome) {
  // base_radius + upper_arm_length - platform_radius = 0.45 m > forearm_length / sqrt(2): the
  // arms tilt down until the forearms are at 45 degrees; still the elbows-out assembly
  mp::DeltaParameters p = delta_lab_parameters();
  p.forearm_length = 0.4;
  const mp::ParallelModel m = mp::delta(p);
  const double q1 = std::acos((0.4 / std::sqrt(2.0) - 0.15) / 0.3);
  mp::ParallelData data(m);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(m.legs[static_cast<std::size_t>(i)].home_q(0), q1, 1e-12);
  double worst = 0;
  for (int k = 0; k <= 100; ++k) {
    const manipdyn::PlatformMotion x = delta_test_motion(m.home.translation(), 0.03, 3.0, 0.01 * k);
    mp::inverse_kinematics(m, data, Vector3d(x.t), Eigen::Matrix3d(x.R));
    const Vector3d q = delta_closed_form_ik(p, x.t);
    for (int i = 0; i < 3; ++i) worst = std::max(worst, std::abs(data.q[static_cast<std::size_t>(i)](0) - q(i)));
  }
  EXPECT_LT(worst, kClosureTolerance);
}

TEST(ParallelDelta, AForearmTooShortToCloseNamesTheLeg) {
  mp::DeltaParameters p = delta_lab_parameters();
  p.forearm_length = 0.2;  // / sqrt(2) < base_radius - platform_radius = 0.15
  const std::string msg = message_of([&] { mp::delta(p); });
  EXPECT_NE(msg.find("leg 1 'leg1' cannot close at a home pose"), std::string::npos) << msg;
  EXPECT_NE(msg.find("forearm_length 0.2 m is too short"), std::string::npos) << msg;
}

TEST(ParallelDelta, AnUnreachablePoseNamesTheLeg) {
  const mp::ParallelModel m = mp::delta(delta_lab_parameters());
  mp::ParallelData data(m);
  const std::string msg = message_of([&] {
    mp::inverse_kinematics(m, data, Vector3d(0.0, 0.0, -2.0), Eigen::Matrix3d(Eigen::Matrix3d::Identity()));
  });
  EXPECT_NE(msg.find("leg 1 'leg1' cannot reach its platform point"), std::string::npos) << msg;
  // a rotated platform is not a Delta's
  const std::string rot = message_of([&] {
    mp::inverse_kinematics(m, data, Vector3d(m.home.translation()),
                           Eigen::Matrix3d(Eigen::AngleAxisd(0.1, Vector3d::UnitZ()).toRotationMatrix()));
  });
  EXPECT_NE(rot.find("translates only"), std::string::npos) << rot;
}
