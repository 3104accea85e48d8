#include "manipdyn/serial/builtin_models.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

#include <Eigen/Geometry>

namespace manipdyn {

namespace {

constexpr double pi = std::numbers::pi;

LinkParameters revolute(double d, double a, double alpha, Vector3d inertia_diag, Vector3d com,
                        double mass) {
  LinkParameters l;
  l.type = JointType::revolute;
  l.d = d;
  l.a = a;
  l.alpha = alpha;
  l.inertia = inertia_diag.asDiagonal();
  l.com = com;
  l.mass = mass;
  return l;
}

void set_drive(LinkParameters& l, double jm, double g, double b, double tc_pos, double tc_neg) {
  l.motor_inertia = jm;
  l.gear_ratio = g;
  l.viscous = b;
  l.coulomb_positive = tc_pos;
  l.coulomb_negative = tc_neg;
}

}  // namespace

SerialModel puma560(bool with_drive) {
  // Corke, Robotics Toolbox for MATLAB, models/mdl_puma560.m ("params of 8/95"); the inertia
  // row is [Ixx Iyy Izz] about the COM, products zero; r is the COM in frame i.
  std::vector<LinkParameters> links = {
      revolute(0, 0, pi / 2, {0, 0.35, 0}, {0, 0, 0}, 0),
      revolute(0, 0.4318, 0, {0.13, 0.524, 0.539}, {-0.3638, 0.006, 0.2275}, 17.4),
      revolute(0.15005, 0.0203, -pi / 2, {0.066, 0.086, 0.0125}, {-0.0203, -0.0141, 0.070}, 4.8),
      revolute(0.4318, 0, pi / 2, {1.8e-3, 1.3e-3, 1.8e-3}, {0, 0.019, 0}, 0.82),
      revolute(0, 0, -pi / 2, {0.3e-3, 0.4e-3, 0.3e-3}, {0, 0, 0}, 0.34),
      revolute(0, 0, 0, {0.15e-3, 0.15e-3, 0.04e-3}, {0, 0, 0.032}, 0.09)};
  const char* names[] = {"waist", "shoulder", "elbow", "wrist roll", "wrist pitch", "wrist yaw"};
  for (int i = 0; i < 6; ++i) links[i].name = names[i];
  if (with_drive) {
    // Jm (kg m^2), G, B (N m s/rad), Tc+ and Tc- (N m), all motor side.
    set_drive(links[0], 200e-6, -62.6111, 1.48e-3, 0.395, -0.435);
    set_drive(links[1], 200e-6, 107.815, 0.817e-3, 0.126, -0.071);
    set_drive(links[2], 200e-6, -53.7063, 1.38e-3, 0.132, -0.105);
    set_drive(links[3], 33e-6, 76.0364, 71.2e-6, 11.2e-3, -16.9e-3);
    set_drive(links[4], 33e-6, 71.923, 82.6e-6, 9.26e-3, -14.5e-3);
    set_drive(links[5], 33e-6, 76.686, 36.7e-6, 3.96e-3, -10.5e-3);
  }
  SerialModelOptions options;
  options.name = "puma560";
  options.allow_invalid_inertia = true;  // links 1 and 3: published lumped values
  // Corke's named poses (mdl_puma560.m).
  auto pose = [](double q1, double q2, double q3, double q4, double q5, double q6) {
    VectorXd q(6);
    q << q1, q2, q3, q4, q5, q6;
    return q;
  };
  options.configurations = {
      {"qz", pose(0, 0, 0, 0, 0, 0), "zero angles, arm stretched up (Corke, mdl_puma560.m)"},
      {"qr", pose(0, pi / 2, -pi / 2, 0, 0, 0),
       "ready, arm straight and vertical (Corke, mdl_puma560.m)"},
      {"qs", pose(0, 0, -pi / 2, 0, 0, 0), "stretch, arm horizontal (Corke, mdl_puma560.m)"},
      {"qn", pose(0, pi / 4, pi, 0, pi / 4, 0),
       "nominal, arm in a dextrous working pose (Corke, mdl_puma560.m)"}};
  return SerialModel::from_dh(links, options);
}

SerialModel stanford_arm(bool with_drive, bool corrected_inertia) {
  // Corke, Robotics Toolbox for MATLAB, models/mdl_stanford.m: kinematics from Stanford AIM-177
  // (Fig. 2.3), dynamics from Paul 1981, Tables 6.5 and 6.6. Joint 3 is prismatic, theta = -pi/2.
  std::vector<LinkParameters> links = {
      revolute(0.412, 0, -pi / 2, {0.276, 0.255, 0.071}, {0, 0.0175, -0.1105}, 9.29),
      revolute(0.154, 0, pi / 2, {0.108, 0.018, 0.100}, {0, -1.054, 0}, 5.01),
      revolute(0, 0, 0, {2.51, 2.51, 0.006}, {0, 0, -6.447}, 4.25),
      revolute(0, 0, -pi / 2, {0.002, 0.001, 0.001}, {0, 0.092, -0.054}, 1.08),
      revolute(0, 0, pi / 2, {0.003, 0.0004, 0}, {0, 0.566, 0.003}, 0.630),
      revolute(0.263, 0, 0, {0.013, 0.013, 0.0003}, {0, 0, 1.554}, 0.51)};
  links[2].type = JointType::prismatic;
  links[2].theta = -pi / 2;
  const char* names[] = {"waist", "shoulder", "boom", "wrist roll", "wrist pitch", "wrist yaw"};
  for (int i = 0; i < 6; ++i) links[i].name = names[i];
  if (corrected_inertia) links[4].inertia(2, 2) = 0.0026;  // smallest Izz with Ixx <= Iyy + Izz
  if (with_drive) {
    // Reflected armature inertias; gear ratios unknown and set to 1 (mdl_stanford.m).
    const double jm[] = {0.953, 2.193, 0.782, 0.106, 0.097, 0.020};
    for (int i = 0; i < 6; ++i) set_drive(links[i], jm[i], 1.0, 0.0, 0.0, 0.0);
  }
  SerialModelOptions options;
  options.name = "stanford_arm";
  options.allow_invalid_inertia = !corrected_inertia;
  options.configurations = {
      {"qz", VectorXd::Zero(6), "zero joint coordinates (Corke, mdl_stanford.m)"}};
  return SerialModel::from_dh(links, options);
}

namespace {

// mt19937_64 is specified bit for bit by the standard; the mapping to [lo, hi) is ours, so the
// same seed gives the same model everywhere (std::uniform_real_distribution is not portable).
struct PortableUniform {
  std::mt19937_64 rng;
  double operator()(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
  }
};

void check_random_size(const char* builder, int n, double prismatic_fraction) {
  if (n < 1) throw std::invalid_argument(std::string(builder) + ": n = " + std::to_string(n) +
                                         ", expected at least 1 link");
  if (n > kMaxLinks)
    throw std::invalid_argument(std::string(builder) + ": n = " + std::to_string(n) +
                                " links, more than the limit " + std::to_string(kMaxLinks) +
                                " (kMaxLinks)");
  if (!(prismatic_fraction >= 0.0 && prismatic_fraction <= 1.0))
    throw std::invalid_argument(std::string(builder) + ": prismatic_fraction must lie in [0, 1]");
}

// One random link (random_arm's draws, in its order).
LinkParameters random_link(int i, PortableUniform& uniform, const RandomArmOptions& options) {
  LinkParameters l;
  l.name = "random " + std::to_string(i + 1);
  l.type = uniform(0, 1) < options.prismatic_fraction ? JointType::prismatic
                                                      : JointType::revolute;
  l.a = uniform(-0.5, 0.5);
  l.alpha = uniform(-pi, pi);
  l.d = uniform(-0.5, 0.5);
  l.theta = uniform(-pi, pi);
  l.mass = uniform(0.5, 5.0);
  l.com = Vector3d(uniform(-0.2, 0.2), uniform(-0.2, 0.2), uniform(-0.2, 0.2));
  // Principal moments with l3 strictly inside [|l1 - l2|, l1 + l2].
  const double l1 = uniform(0.01, 0.5), l2 = uniform(0.01, 0.5);
  const double l3 = std::abs(l1 - l2) + uniform(0.05, 0.95) * (l1 + l2 - std::abs(l1 - l2));
  Eigen::Quaterniond rotation(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
  rotation.normalize();
  const Matrix3d R = rotation.toRotationMatrix();
  l.inertia = R * Vector3d(l1, l2, l3).asDiagonal() * R.transpose();
  l.inertia = 0.5 * (l.inertia + l.inertia.transpose()).eval();
  if (options.with_drive) {
    const double sign = uniform(0, 1) < 0.5 ? -1.0 : 1.0;
    set_drive(l, uniform(1e-5, 1e-3), sign * uniform(10, 100), uniform(0, 2e-3),
              uniform(0, 0.4), -uniform(0, 0.4));
  }
  return l;
}

}  // namespace

SerialModel random_arm(int n, std::uint64_t seed, DhConvention convention,
                       const RandomArmOptions& options) {
  check_random_size("random_arm", n, options.prismatic_fraction);
  PortableUniform uniform{std::mt19937_64(seed)};
  std::vector<LinkParameters> links;
  links.reserve(n);
  for (int i = 0; i < n; ++i) links.push_back(random_link(i, uniform, options));
  SerialModelOptions model_options;
  model_options.name = "random_arm(" + std::to_string(n) + ", seed " + std::to_string(seed) + ")";
  return SerialModel::from_table(links, convention, model_options);
}

SerialModel random_tree(int n, std::uint64_t seed, const RandomTreeOptions& options) {
  check_random_size("random_tree", n, options.prismatic_fraction);
  if (!(options.branching >= 0.0 && options.branching <= 1.0))
    throw std::invalid_argument("random_tree: branching must lie in [0, 1]");
  PortableUniform uniform{std::mt19937_64(seed)};
  std::vector<LinkParameters> links;
  links.reserve(n);
  const RandomArmOptions link_options{options.prismatic_fraction, options.with_drive};
  for (int i = 0; i < n; ++i) {
    LinkParameters l = random_link(i, uniform, link_options);
    // A branch: any earlier joint or the base (-1), with its gamma and b.
    if (i > 0 && uniform(0, 1) < options.branching) {
      l.parent = std::min(i - 1, static_cast<int>(std::floor(uniform(-1.0, i))));
      l.gamma = uniform(-pi, pi);
      l.b = uniform(-0.5, 0.5);
    }
    links.push_back(std::move(l));
  }
  SerialModelOptions model_options;
  model_options.name = "random_tree(" + std::to_string(n) + ", seed " + std::to_string(seed) + ")";
  return SerialModel::from_modified_dh(links, model_options);
}

}  // namespace manipdyn
