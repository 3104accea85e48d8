/// \file standard_parameters.cpp
/// The standard parameter vector pi of a serial arm (serial/standard_parameters.hpp): its size,
/// its names and the model's own pi.
#include "manipdyn/serial/standard_parameters.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace manipdyn {

namespace {

// The names of a link block and of a drive block, in the order of pi.
constexpr const char* kLinkNames[kLinkParameters] = {"m",   "mx",  "my",  "mz",  "Ixx",
                                                     "Ixy", "Iyy", "Ixz", "Iyz", "Izz"};
constexpr const char* kDriveNames[kDriveParameters] = {"Ia", "Fv", "Fc", "Fo"};

}  // namespace

int standard_parameter_count(int n) {
  if (n < 0)
    throw std::invalid_argument("standard_parameter_count: n is " + std::to_string(n) +
                                ", expected >= 0");
  return (kLinkParameters + kDriveParameters) * n;
}

std::vector<std::string> standard_parameter_names(Eigen::Index n) {
  if (n < 1)
    throw std::invalid_argument("standard_parameter_names: n_joints is " + std::to_string(n) +
                                ", expected >= 1");
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>((kLinkParameters + kDriveParameters) * n));
  auto add = [&](const char* name, Eigen::Index i) {
    names.push_back(std::string(name) + "_" + std::to_string(i + 1));
  };
  for (Eigen::Index i = 0; i < n; ++i)
    for (const char* name : kLinkNames) add(name, i);
  for (Eigen::Index i = 0; i < n; ++i)
    for (const char* name : kDriveNames) add(name, i);
  return names;
}

std::vector<std::string> standard_parameter_names(const SerialModel& model) {
  return standard_parameter_names(static_cast<Eigen::Index>(model.dof()));
}

Eigen::Matrix<double, 10, 1> link_parameter_block(double mass, const Vector3d& first_moment,
                                                  const Matrix3d& inertia_origin) {
  const Matrix3d& I = inertia_origin;
  Eigen::Matrix<double, 10, 1> b;
  b << mass, first_moment, I(0, 0), I(0, 1), I(1, 1), I(0, 2), I(1, 2), I(2, 2);
  return b;
}

VectorXd standard_parameters(const SerialModel& model) {
  const int n = model.dof();
  const DhChain& ch = model.own_chain();
  VectorXd pi(standard_parameter_count(n));
  for (int i = 0; i < n; ++i) {
    // link block: m, h = m c, I_o (DhChain::first_moment, inertia_origin: parallel axes)
    pi.segment<kLinkParameters>(kLinkParameters * i) =
        link_parameter_block(ch.mass[i], ch.first_moment[i], ch.inertia_origin[i]);
    // drive block, joint side: G^2 Jm, G^2 B, |G| (Tc+ - Tc-) / 2, |G| (Tc+ + Tc-) / 2
    const LinkParameters& l = model.links[i];
    const double g = std::abs(l.gear_ratio);
    pi.segment<kDriveParameters>(kLinkParameters * n + kDriveParameters * i)
        << g * g * l.motor_inertia,
        g * g * l.viscous, 0.5 * g * (l.coulomb_positive - l.coulomb_negative),
        0.5 * g * (l.coulomb_positive + l.coulomb_negative);
  }
  return pi;
}

}  // namespace manipdyn
