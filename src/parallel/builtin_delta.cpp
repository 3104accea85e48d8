// The Delta robot as a general parallel robot (builtin_models.hpp: delta, delta_rl5_1450).
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::parallel {

namespace {

// "delta 'name': <what>" as std::invalid_argument.
[[noreturn]] void delta_fail(const DeltaParameters& p, const std::string& what) {
  throw std::invalid_argument("delta '" + p.name + "': " + what);
}

// A parameter must be finite and > 0 (strict) or >= 0.
void check_parameter(const DeltaParameters& p, const char* name, double value, bool strict, const char* unit) {
  if (std::isfinite(value) && (strict ? value > 0 : value >= 0)) return;
  std::ostringstream os;
  os << name << " must be finite and " << (strict ? "> 0" : ">= 0") << " (got " << value << ' ' << unit << ')';
  delta_fail(p, os.str());
}

void check_parameters(const DeltaParameters& p) {
  check_parameter(p, "base_radius", p.base_radius, true, "m");
  check_parameter(p, "platform_radius", p.platform_radius, true, "m");
  check_parameter(p, "upper_arm_length", p.upper_arm_length, true, "m");
  check_parameter(p, "upper_arm_mass", p.upper_arm_mass, true, "kg");
  check_parameter(p, "upper_arm_com", p.upper_arm_com, false, "m");
  check_parameter(p, "upper_arm_inertia", p.upper_arm_inertia, true, "kg m^2");
  check_parameter(p, "forearm_length", p.forearm_length, true, "m");
  check_parameter(p, "forearm_bar_mass", p.forearm_bar_mass, true, "kg");
  check_parameter(p, "forearm_spacing", p.forearm_spacing, true, "m");
  check_parameter(p, "elbow_mass", p.elbow_mass, false, "kg");
  check_parameter(p, "platform_mass", p.platform_mass, true, "kg");
  check_parameter(p, "motor_inertia", p.motor_inertia, false, "kg m^2");
  check_parameter(p, "gear_ratio", p.gear_ratio, true, "");
  if (!p.gravity.allFinite()) delta_fail(p, "gravity has a non-finite entry");
  // the upper arm's moment about the motor axis holds at least its mass at its COM
  const double point_part = p.upper_arm_mass * p.upper_arm_com * p.upper_arm_com;
  if (!(p.upper_arm_inertia >= point_part)) {
    std::ostringstream os;
    os << "upper_arm_inertia (" << p.upper_arm_inertia
       << " kg m^2 about the motor axis) is less than upper_arm_mass * upper_arm_com^2 = " << point_part
       << " kg m^2: no body of that mass and centre of mass has it (not physical)";
    delta_fail(p, os.str());
  }
  // the bars' lower ends, platform_point +- forearm_spacing/2 along the motor axis, stay on the
  // sides of the platform's triangle (half a side: sqrt(3) platform_radius)
  if (!(p.forearm_spacing < 2.0 * std::sqrt(3.0) * p.platform_radius)) {
    std::ostringstream os;
    os << "forearm_spacing (" << p.forearm_spacing << " m) must be less than 2 sqrt(3) platform_radius = "
       << 2.0 * std::sqrt(3.0) * p.platform_radius
       << " m: the parallelogram's lower ends would pass the corners of the platform's triangle";
    delta_fail(p, os.str());
  }
}

}  // namespace

ParallelModel delta(const DeltaParameters& p) {
  check_parameters(p);
  const double L1 = p.upper_arm_length, L2 = p.forearm_length;
  // the home pose: the platform centred below the base, the upper arms horizontal if the
  // forearms are then at 45 degrees or steeper, else tilted down until they are (far from the
  // flat forearms of a parallel singularity)
  const double offset = p.base_radius - p.platform_radius;
  const double steep = L2 / std::sqrt(2.0);  // the forearm's horizontal extent at 45 degrees
  ParallelDescription d;
  d.name = p.name;
  d.mobility = Mobility::translation;
  d.gravity = p.gravity;
  d.platform.mass = p.platform_mass;
  double q1_home = 0.0;
  if (std::abs(offset + L1) > steep) {
    const double c = (steep - offset) / L1;  // cos q1: offset + L1 cos q1 = steep
    if (!(c >= 0.0 && c <= 1.0)) {
      std::ostringstream os;
      os << "leg 1 'leg1' cannot close at a home pose: forearm_length " << L2
         << " m is too short for its forearm to reach its platform point at 45 degrees or steeper from any upper-arm "
            "angle between horizontal and straight down (the elbow is then "
         << offset << " to " << offset + L1
         << " m from the platform point horizontally: base_radius - platform_radius (+ upper_arm_length))";
      delta_fail(p, os.str());
    }
    q1_home = std::acos(c);
  }
  const double reach = offset + L1 * std::cos(q1_home);  // elbow to platform point, horizontally
  const double z_home = -L1 * std::sin(q1_home) - std::sqrt(L2 * L2 - reach * reach);
  d.home.translation() = Vector3d(0.0, 0.0, z_home);
  // link 1: the upper arm (a slender arm along x1, its moment about the motor axis
  // upper_arm_inertia) and the elbow point mass, combined about their common COM
  const double m1 = p.upper_arm_mass, me = p.elbow_mass;
  const double x_c = (m1 * p.upper_arm_com + me * L1) / (m1 + me);
  const double arm_cross = p.upper_arm_inertia - m1 * p.upper_arm_com * p.upper_arm_com;  // about its own COM
  const double link1_cross = arm_cross + m1 * (p.upper_arm_com - x_c) * (p.upper_arm_com - x_c) +
                             me * (L1 - x_c) * (L1 - x_c);
  // link 3: the forearm's midline, a slender rod of both bars' mass along x3
  const double m_rod = 2.0 * p.forearm_bar_mass;
  const double rod_cross = m_rod * L2 * L2 / 12.0;
  for (int i = 0; i < 3; ++i) {
    const double phi = 2.0 * std::numbers::pi * i / 3.0;
    const Vector3d e(std::cos(phi), std::sin(phi), 0.0);  // radial
    const Vector3d u(-std::sin(phi), std::cos(phi), 0.0);  // motor axis
    const Vector3d z = Vector3d::UnitZ();
    LegDescription leg;
    leg.name = "leg" + std::to_string(i + 1);
    // frame 0 at the motor axis: z0 = u, x0 = e (the horizontal arm), y0 = u x e = -z
    leg.base.linear() << e, u.cross(e), u;
    leg.base.translation() = p.base_radius * e;
    LinkParameters motor, elbow1, elbow2;
    motor.name = "motor";
    motor.mass = m1 + me;
    motor.com = Vector3d(x_c, 0.0, 0.0);
    motor.inertia = Vector3d(0.0, link1_cross, link1_cross).asDiagonal();
    motor.motor_inertia = p.motor_inertia;
    motor.gear_ratio = p.gear_ratio;
    // the universal joint at the elbow: z2 parallel to the motor axis, z3 = y2 across it
    elbow1.name = "elbow1";
    elbow1.a = L1;
    elbow2.name = "elbow2";
    elbow2.alpha = -std::numbers::pi / 2;
    elbow2.mass = m_rod;
    elbow2.com = Vector3d(L2 / 2.0, 0.0, 0.0);
    elbow2.inertia = Vector3d(0.0, rod_cross, rod_cross).asDiagonal();
    leg.joints = {motor, elbow1, elbow2};
    leg.end.translation() = Vector3d(L2, 0.0, 0.0);
    leg.platform_point = p.platform_radius * e;
    leg.actuated = {0};
    // the home assembly in closed form: the arm x1 = cos q1 e - sin q1 z, y1 = z1 x x1, the
    // forearm's direction f = (P - B)/L2 = cos q3 x2 - sin q3 u with x2 = cos q2 x1 + sin q2 y1
    const Vector3d x1 = std::cos(q1_home) * e - std::sin(q1_home) * z;
    const Vector3d y1 = u.cross(x1);
    const Vector3d B = leg.base.translation() + L1 * x1;
    const Vector3d P = d.home.translation() + leg.platform_point;
    const Vector3d f = (P - B) / L2;
    const Vector3d f_perp = f - f.dot(u) * u;
    const double q2 = std::atan2(f_perp.dot(y1), f_perp.dot(x1));
    const double q3 = std::atan2(-f.dot(u), f_perp.norm());
    leg.home_q = Eigen::Vector3d(q1_home, q2, q3);
    d.legs.push_back(std::move(leg));
  }
  return build_model(d);
}

DeltaParameters delta_rl5_1450_parameters() {
  // The CIIRC testbed's numbers (testbedCIIRC/delta-robot-public: RL5_6kg_Dynamic_Param.m for
  // the lengths, gear ratio and motor; RL5_6kg_Inertia_Mass.m for the bodies, "Solid(k)").
  DeltaParameters p;
  p.name = "rl5_1450";
  p.base_radius = 0.330;       // r0, circumscribed radius of the base triangle (the motor axes)
  p.platform_radius = 0.125;   // r3, circumscribed radius of the platform triangle
  p.upper_arm_length = 0.420;  // l1
  p.forearm_length = 1.055;    // l2
  // Solid(2), the upper arm: 3.696 kg, COM (0.2463, 0.027, 0) m in the arm's frame (taken at
  // the motor axis, x along the arm), moment about the COM's axis parallel to the motor axis
  // 0.208218 - 3.47 * 0.17224^2 - 0.226 * 0.42^2 kg m^2 (their "mred_upperarm"). The 27 mm
  // offset across the arm is dropped from the COM (upper_arm_com is along the arm) but kept in
  // the moment about the motor axis by the parallel-axis theorem.
  p.upper_arm_mass = 3.696;
  p.upper_arm_com = 0.2463;
  p.upper_arm_inertia = (0.208218 - 3.47 * 0.17224 * 0.17224 - 0.226 * 0.42 * 0.42) +
                        3.696 * (0.2463 * 0.2463 + 0.027 * 0.027);
  p.forearm_bar_mass = 0.525;  // Solid(3), one bar (their m2 = 2 Solid(3).mass per forearm)
  p.elbow_mass = 0.226;        // Solid(4), the elbow pins (their me)
  p.platform_mass = 2.916;     // Solid(5), the movable platform (their m3)
  // Im = 0 (the motor is not in their model); the gearbox's moment on its input, Solid(18):
  // 2.07e-4 kg m^2, reflected as k^2 Ig; k = 55
  p.motor_inertia = 2.07e-4;
  p.gear_ratio = 55.0;
  // Not published: estimated from the elbow pin (Solid(4): 0.226 kg, 6.23e-4 kg m^2 about its
  // cross axes, a slender pin of length sqrt(12 * 6.23e-4 / 0.226) = 0.182 m joining the bars).
  p.forearm_spacing = 0.18;
  return p;
}

ParallelModel delta_rl5_1450() { return delta(delta_rl5_1450_parameters()); }

}  // namespace manipdyn::parallel
