/// \file parameters.cpp
/// Back from the standard parameter vector pi to a model, and the pseudo-inertia of a link block
/// (identification/parameters.hpp).
#include "manipdyn/identification/parameters.hpp"

#include <cmath>
#include <stdexcept>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

namespace {

// Ixx, Ixy, Iyy, Ixz, Iyz, Izz (entries 4..9 of a link block) as a symmetric tensor.
Matrix3d inertia_of_block(const Eigen::Ref<const VectorXd>& b) {
  Matrix3d I;
  I << b[4], b[5], b[7],  //
      b[5], b[6], b[8],   //
      b[7], b[8], b[9];
  return I;
}

// "link 3 'elbow'" for messages.
std::string link_label(const SerialModel& model, int i) {
  std::string s = "link " + std::to_string(i + 1);
  if (!model.links[i].name.empty()) s += " '" + model.links[i].name + "'";
  return s;
}

}  // namespace

Matrix4d pseudo_inertia(const Eigen::Ref<const VectorXd>& link_block) {
  check_size("pseudo_inertia", "link_block", link_block, kLinkParameters);
  const Matrix3d I = inertia_of_block(link_block);
  Matrix4d J;
  J.topLeftCorner<3, 3>() = 0.5 * I.trace() * Matrix3d::Identity() - I;
  J.topRightCorner<3, 1>() = link_block.segment<3>(1);
  J.bottomLeftCorner<1, 3>() = link_block.segment<3>(1).transpose();
  J(3, 3) = link_block[0];
  return J;
}

SerialModel model_with_standard_parameters(const SerialModel& model,
                                           const Eigen::Ref<const VectorXd>& pi,
                                           bool allow_invalid_inertia) {
  constexpr std::string_view where = "model_with_standard_parameters";
  const int n = model.dof();
  check_size(where, "pi", pi, standard_parameter_count(n));
  for (Eigen::Index k = 0; k < pi.size(); ++k)
    if (!std::isfinite(pi[k])) {
      const std::string name = standard_parameter_names(model)[static_cast<std::size_t>(k)];
      throw std::invalid_argument(std::string(where) + ": pi[" + std::to_string(k) + "] (" +
                                  name + ") is " + (std::isnan(pi[k]) ? "nan" : "inf"));
    }
  std::vector<LinkParameters> links = model.links;
  for (int i = 0; i < n; ++i) {
    const auto b = pi.segment<kLinkParameters>(kLinkParameters * i);
    const double m = b[0];
    const Vector3d h = b.segment<3>(1);
    if (m == 0.0 && !h.isZero(0.0))
      throw std::invalid_argument(std::string(where) + ": " + link_label(model, i) +
                                  " has mass 0 but a first moment (mx, my, mz) = (" +
                                  std::to_string(h[0]) + ", " + std::to_string(h[1]) + ", " +
                                  std::to_string(h[2]) + "): no centre of mass");
    // com = h / m; I_com = I_o - m (c.c E - c c^T) (parallel axes, Khalil & Dombre eq. 9.2)
    const Vector3d c = m == 0.0 ? Vector3d::Zero() : Vector3d(h / m);
    LinkParameters& l = links[static_cast<std::size_t>(i)];
    l.mass = m;
    l.com = c;
    l.inertia =
        inertia_of_block(b) - m * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
    // drive: gear ratio 1, Jm = Ia, B = Fv, Tc+ = Fc + Fo, Tc- = Fo - Fc
    const auto d = pi.segment<kDriveParameters>(kLinkParameters * n + kDriveParameters * i);
    l.gear_ratio = 1.0;
    l.motor_inertia = d[0];
    l.viscous = d[1];
    l.coulomb_positive = d[2] + d[3];
    l.coulomb_negative = d[3] - d[2];
  }
  SerialModelOptions options = model.options();
  options.allow_invalid_inertia = allow_invalid_inertia;
  return SerialModel::from_table(links, model.convention, options);
}

}  // namespace manipdyn
