// Stewart platform model: builder, validation and the built-in test manipulator.
#include "manipdyn/stewart/model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>
#include <utility>
#include <stdexcept>

#include <Eigen/Eigenvalues>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/inertia.hpp"

namespace manipdyn::stewart {

std::string inertia_problem(const Matrix3d& I, double tolerance) {
  if (!I.allFinite()) return "has a non-finite entry";
  const double scale = std::max(1.0, I.cwiseAbs().maxCoeff());
  if ((I - I.transpose()).cwiseAbs().maxCoeff() > tolerance * scale) return "is not symmetric";
  // positive semi-definite, triangle inequality: the check of every model builder, with the
  // tolerance relative to the largest entry
  return inertia_realisability_problem(I, tolerance * I.cwiseAbs().maxCoeff());
}

Matrix3d corrected_inertia(const Matrix3d& I) {
  Eigen::SelfAdjointEigenSolver<Matrix3d> eig(0.5 * (I + I.transpose()));
  Vector3d l = eig.eigenvalues().cwiseMax(0.0);  // ascending
  const double need = 1.02 * l(2) - l(0) - l(1);
  if (need > 0) {
    // raise the two smaller moments equally (keeping their order below the largest)
    l(0) += 0.5 * need;
    l(1) += 0.5 * need;
    if (l(1) > l(2)) std::swap(l(1), l(2));
  }
  return eig.eigenvectors() * l.asDiagonal() * eig.eigenvectors().transpose();
}

namespace {

[[noreturn]] void fail(const std::string& msg) {
  throw std::invalid_argument("build_model: " + msg);
}

// A number as in the other messages (6 significant digits: "-1", "0.001").
std::string str(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

std::string leg_field(int i, const char* field) {
  return "leg " + std::to_string(i + 1) + " " + field;
}

// Divides v by its norm unless it is already of unit norm to rounding (|1 - |v|| <= 8 eps), so
// that normalising a normalised vector returns it bit for bit.
void normalise_in_place(Eigen::Ref<Vector3d> v) {
  const double n = v.norm();
  if (std::abs(n - 1.0) > 8 * std::numeric_limits<double>::epsilon()) v /= n;
}

// Checks the designer's limits of leg i and returns them with unit normals.
LegLimits checked_limits(int i, const LegLimits& in) {
  LegLimits out = in;
  const double inf = std::numeric_limits<double>::infinity();
  const auto fail_value = [i](const char* field, double x, const std::string& what) {
    std::ostringstream os;
    os << leg_field(i, field) << " = " << x << " " << what;
    fail(os.str());
  };
  if (!std::isfinite(in.length_min) || in.length_min < 0)
    fail_value("length_min", in.length_min, "must be finite and >= 0 (0 for no lower limit)");
  if (std::isnan(in.length_max) || !(in.length_max > 0))
    fail_value("length_max", in.length_max, "must be > 0 (inf for no upper limit)");
  if (in.length_min > in.length_max) {
    std::ostringstream os;
    os << "is above length_max = " << in.length_max;
    fail_value("length_min", in.length_min, os.str());
  }
  for (const auto& [field, x] : {std::pair{"u_joint_angle_max", in.u_joint_angle_max},
                                 std::pair{"s_joint_angle_max", in.s_joint_angle_max}})
    if (x != inf && !(x > 0 && x <= std::numbers::pi))
      fail_value(field, x, "must lie in (0, pi] rad (inf for no limit)");
  if (std::isnan(in.force_max) || !(in.force_max > 0))
    fail_value("force_max", in.force_max, "must be > 0 (inf for no limit)");
  check_finite("build_model", leg_field(i, "u_joint_normal"), in.u_joint_normal);
  check_finite("build_model", leg_field(i, "s_joint_normal"), in.s_joint_normal);
  if (!(in.u_joint_normal.norm() > 1e-9)) fail(leg_field(i, "u_joint_normal") + " is zero");
  if (!(in.s_joint_normal.norm() > 1e-9)) fail(leg_field(i, "s_joint_normal") + " is zero");
  normalise_in_place(out.u_joint_normal);
  normalise_in_place(out.s_joint_normal);
  return out;
}

// Every entry of a (3 x 6) array of per-leg vectors is finite, else an error naming the leg and
// the coordinate: "leg 2 base point b: z is nan".
void check_leg_points(const Eigen::Matrix<double, 3, 6>& points, const char* what) {
  for (int i = 0; i < kLegs; ++i)
    for (int c = 0; c < 3; ++c)
      if (!std::isfinite(points(c, i)))
        fail(leg_field(i, what) + ": " + "xyz"[c] + " is " + str(points(c, i)));
}

void check_inertia(StewartModel& model, const Matrix3d& I, const std::string& what, bool allow) {
  const std::string problem = inertia_problem(I);
  if (problem.empty()) return;
  const std::string msg = what + " " + problem;
  if (!allow) fail(msg + " (pass allow_invalid_inertia to accept it)");
  model.warnings.push_back(msg);
}

}  // namespace

void derive_inertias(StewartModel& model) {
  // m (|r|^2 E - r r^T): a point mass m at r, about the origin (parallel axes)
  const auto shift = [](double m, const Vector3d& r) -> Matrix3d {
    return m * (r.squaredNorm() * Matrix3d::Identity() - r * r.transpose());
  };
  for (std::size_t i = 0; i < kLegs; ++i) {
    const LegMassProperties& leg = model.legs[i];
    model.I_leg0[i] = leg.I_d0 + leg.I_u0;
    model.I_leg_pivot0[i] = leg.I_d0 + shift(leg.m_d, leg.r_d0) + leg.I_u0;
  }
  model.I_p_origin = model.I_p + shift(model.M, model.R0);
}

StewartModel build_model(const StewartParameters& prm, bool allow_invalid_inertia) {
  StewartModel model;
  model.name = prm.name;
  model.allow_invalid_inertia = allow_invalid_inertia;
  // finite-ness of every array
  check_leg_points(prm.b, "base point b");
  check_leg_points(prm.k, "U-joint axis k");
  check_leg_points(prm.p, "platform point p");
  check_finite("build_model", "R0", prm.R0);
  check_finite("build_model", "I_p", prm.I_p);
  check_finite("build_model", "gravity", prm.gravity);
  for (const auto& [field, c] : {std::pair{"platform mass M", prm.M}, std::pair{"friction coefficient Cu", prm.Cu},
                                 std::pair{"friction coefficient Cp", prm.Cp}, std::pair{"friction coefficient Cs", prm.Cs}})
    check_finite_scalar("build_model", field, c);
  if (!(prm.M > 0)) fail("platform mass M must be positive, got " + str(prm.M));
  for (const auto& [field, c] : {std::pair{"Cu", prm.Cu}, std::pair{"Cp", prm.Cp}, std::pair{"Cs", prm.Cs}})
    if (c < 0) fail(std::string("friction coefficient ") + field + " must be >= 0, got " + str(c));

  model.b = prm.b;
  model.p = prm.p;
  model.k = prm.k;
  for (int i = 0; i < kLegs; ++i) {
    const double n = prm.k.col(i).norm();
    if (!(n > 1e-9)) fail(leg_field(i, "U-joint axis k") + " is zero");
    if (std::abs(n - 1.0) > 1e-3) {
      std::ostringstream os;
      os << leg_field(i, "U-joint axis k") << " has norm " << n << "; normalised";
      model.warnings.push_back(os.str());
    }
    normalise_in_place(model.k.col(i));
  }
  for (int i = 0; i < kLegs; ++i) {
    const LegMassProperties& leg = prm.legs[static_cast<std::size_t>(i)];
    check_finite("build_model", leg_field(i, "r_d0"), leg.r_d0);
    check_finite("build_model", leg_field(i, "r_u0"), leg.r_u0);
    check_finite("build_model", leg_field(i, "I_d0"), leg.I_d0);
    check_finite("build_model", leg_field(i, "I_u0"), leg.I_u0);
    check_finite_scalar("build_model", leg_field(i, "lower-part mass m_d"), leg.m_d);
    check_finite_scalar("build_model", leg_field(i, "upper-part mass m_u"), leg.m_u);
    if (!(leg.m_d >= 0)) fail(leg_field(i, "masses: lower-part mass m_d") + " must be >= 0, got " + str(leg.m_d));
    if (!(leg.m_u >= 0)) fail(leg_field(i, "masses: upper-part mass m_u") + " must be >= 0, got " + str(leg.m_u));
  }
  // designer's limits of each leg
  for (int i = 0; i < kLegs; ++i)
    model.limits[static_cast<std::size_t>(i)] = checked_limits(i, prm.limits[static_cast<std::size_t>(i)]);
  model.legs = prm.legs;
  model.M = prm.M;
  model.R0 = prm.R0;
  model.I_p = prm.I_p;
  model.Cu = prm.Cu;
  model.Cp = prm.Cp;
  model.Cs = prm.Cs;
  model.gravity = prm.gravity;
  // physical realisability of every inertia
  for (int i = 0; i < kLegs; ++i) {
    check_inertia(model, prm.legs[static_cast<std::size_t>(i)].I_d0, leg_field(i, "lower-part inertia I_d0"),
                  allow_invalid_inertia);
    check_inertia(model, prm.legs[static_cast<std::size_t>(i)].I_u0, leg_field(i, "upper-part inertia I_u0"),
                  allow_invalid_inertia);
  }
  check_inertia(model, prm.I_p, "platform inertia I_p", allow_invalid_inertia);
  // quantities that depend on the model only
  derive_inertias(model);
  model.has_friction = model.Cu != 0 || model.Cp != 0 || model.Cs != 0;
  return model;
}

StewartParameters dasgupta_test_parameters(bool printed_inertias) {
  StewartParameters prm;
  prm.name = printed_inertias ? "dasgupta1998_printed" : "dasgupta1998_corrected";
  prm.b << 0.6, 0.1, -0.3, -0.3, 0.20, 0.5,  //
      0.2, 0.5, 0.3, -0.4, -0.30, -0.2,      //
      0.0, 0.1, 0.1, 0.0, -0.05, 0.0;
  prm.k << -0.8141, 0.2308, 0.9535, 1.0000, 0.7071, -0.9535,  //
      0.2714, 0.9231, 0.2860, 0.0000, 0.7071, 0.2860,         //
      0.0000, 0.3077, 0.0953, 0.0000, 0.0000, -0.0953;
  prm.p << 0.3, 0.3, 0.0, -0.2, -0.15, 0.15,  //
      0.0, 0.2, 0.3, 0.1, -0.20, -0.15,       //
      0.1, 0.0, 0.0, -0.1, -0.05, -0.05;
  LegMassProperties leg;
  leg.m_d = 3.0;
  leg.m_u = 1.0;
  leg.r_d0 = Vector3d(0.4, 0.14, -0.18);
  leg.r_u0 = Vector3d(-0.6, -0.08, 0.08);
  leg.I_d0 << 0.010, 0.005, 0.007, 0.005, 0.002, 0.003, 0.007, 0.003, 0.001;
  leg.I_u0 << 0.005, 0.002, 0.002, 0.002, 0.002, 0.001, 0.002, 0.001, 0.003;
  prm.M = 40.0;
  prm.R0 = Vector3d(0.04, 0.03, -0.06);
  prm.I_p << 0.050, 0.003, 0.004, 0.003, 0.040, 0.003, 0.004, 0.003, 0.100;
  if (!printed_inertias) {
    leg.I_d0 = corrected_inertia(leg.I_d0);
    leg.I_u0 = corrected_inertia(leg.I_u0);
    prm.I_p = corrected_inertia(prm.I_p);
  }
  prm.legs.fill(leg);
  prm.Cu = 0.0001;
  prm.Cp = 0.001;
  prm.Cs = 0.0002;
  prm.gravity = Vector3d(0.0, 0.0, -9.81);
  return prm;
}

StewartModel dasgupta_test_platform(bool printed_inertias) {
  return build_model(dasgupta_test_parameters(printed_inertias), printed_inertias);
}

StewartModel pedrammehr_test_platform(bool printed_inertias) {
  StewartParameters prm = dasgupta_test_parameters(printed_inertias);
  prm.name = printed_inertias ? "pedrammehr2012_printed" : "pedrammehr2012_corrected";
  for (auto& leg : prm.legs) leg.r_u0.z() = -0.08;
  return build_model(prm, printed_inertias);
}

}  // namespace manipdyn::stewart
