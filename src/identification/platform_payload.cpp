#include "manipdyn/identification/platform_payload.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/inertia.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"
#include "payload_fit.hpp"

namespace manipdyn::stewart {

template <typename S>
BodyRegressor<S> payload_regressor(const StewartModel& model, const StewartDataTpl<S>& data) {
  const PlatformMotionTpl<S>& m = data.motion;
  // the payload's wrench regressor in the platform frame (Atkeson et al. 1986, eq. 9)
  const Matrix3<S> Rt = m.R.transpose();
  const BodyRegressor<S> A = body_wrench_regressor<S>(
      Rt * m.omega, Rt * m.alpha, Rt * (m.a - model.gravity.template cast<S>()));
  // each column: the wrench in the base frame, then the leg forces H^-1 w (Dasgupta eq. 35)
  BodyRegressor<S> Y;
  for (int j = 0; j < kBodyParameters; ++j) {
    Vector6<S> w;
    w.template head<3>() = m.R * A.col(j).template head<3>();
    w.template tail<3>() = m.R * A.col(j).template tail<3>();
    Y.col(j) = solve_leg_jacobian(data, w);
  }
  return Y;
}

namespace {

constexpr const char* kWhere = "identify_payload";

// A parameter vector as (m, c, I about the COM, I about the origin).
struct BodyInertia {
  double m = 0;
  Vector3d c = Vector3d::Zero();
  Matrix3d I_com = Matrix3d::Zero(), I_origin = Matrix3d::Zero();
};

// m (|r|^2 E - r r^T): the parallel-axis term of a point mass m at r.
Matrix3d point_mass_inertia(double m, const Vector3d& r) {
  return m * (r.squaredNorm() * Matrix3d::Identity() - r * r.transpose());
}

BodyInertia body_inertia(const BodyParametersd& p) {
  BodyInertia b;
  b.m = p(0);
  b.I_origin << p(4), p(5), p(7),  //
      p(5), p(6), p(8),            //
      p(7), p(8), p(9);
  b.c = b.m != 0 ? Vector3d(p.segment<3>(1) / b.m) : Vector3d::Zero();
  b.I_com = b.I_origin - point_mass_inertia(b.m, b.c);
  return b;
}

// Sizes and finite entries of every sample, naming the sample and the field.
void check_samples(const std::vector<PlatformMotion>& motions, const Eigen::Ref<const MatrixXd>& F) {
  const auto n = static_cast<Eigen::Index>(motions.size());
  if (n < 2) {
    std::ostringstream os;
    os << kWhere << ": " << n << " sample" << (n == 1 ? " gives 6 equations" : "s give no equation")
       << " for 10 parameters; at least 2 samples are needed (more, spread over the motion, for a"
          " useful estimate)";
    throw std::invalid_argument(os.str());
  }
  if (F.rows() != n || F.cols() != kLegs) {
    std::ostringstream os;
    os << kWhere << ": F has shape (" << F.rows() << ", " << F.cols() << "), expected (" << n
       << ", 6): one row of leg forces per motion";
    throw std::invalid_argument(os.str());
  }
  for (Eigen::Index k = 0; k < n; ++k) {
    const std::string where = std::string(kWhere) + ": sample " + std::to_string(k);
    check_motion(where.c_str(), motions[static_cast<std::size_t>(k)]);
    for (int i = 0; i < kLegs; ++i)
      if (!std::isfinite(F(k, i)))
        throw std::invalid_argument(where + ": F[" + std::to_string(k) + ", " + std::to_string(i) +
                                    "] (leg " + std::to_string(i + 1) + ") is " +
                                    (std::isnan(F(k, i)) ? "nan" : "inf"));
  }
}

// The stacked regressor Y (6N x 10) and the leg forces the payload must explain, y = F - F_model
// (6N), sample k in rows 6k..6k+5.
void observation(const StewartModel& model, const std::vector<PlatformMotion>& motions,
                 const Eigen::Ref<const MatrixXd>& F, DynamicsModel which, MatrixXd& Y, VectorXd& y) {
  const auto n = static_cast<Eigen::Index>(motions.size());
  Y.resize(6 * n, kBodyParameters);
  y.resize(6 * n);
  StewartData data(model);
  for (Eigen::Index k = 0; k < n; ++k) {
    try {
      inverse_dynamics(which, model, data, motions[static_cast<std::size_t>(k)]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string(kWhere) + ": sample " + std::to_string(k) + ": " + e.what());
    }
    Y.middleRows<6>(6 * k) = payload_regressor(model, data);
    y.segment<6>(6 * k) = F.row(k).transpose() - data.F;
  }
}

// Column scales: 1 for m, r for the first moments, r^2 for the inertias (r the platform radius).
BodyParametersd column_scales(const StewartModel& model) {
  const double r = std::max(model.p.colwise().norm().maxCoeff(), 1e-3);
  BodyParametersd d;
  d << 1, r, r, r, r * r, r * r, r * r, r * r, r * r, r * r;
  return d;
}

// The least-squares solution and its statistics from the observation (Y, y) and the column
// scales d (payload_fit.hpp), and the per-leg residuals.
void least_squares(const MatrixXd& Y, const VectorXd& y, const BodyParametersd& d,
                   const std::vector<PlatformMotion>& motions, double tolerance,
                   PayloadEstimate& out) {
  bool rotates = false;
  for (const PlatformMotion& m : motions) rotates = rotates || m.omega.norm() > 0 || m.alpha.norm() > 0;
  const std::vector<int> all = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const detail::PayloadFit fit = detail::fit_payload<kBodyParameters>(kWhere, Y, y, d, all, rotates, tolerance);
  out.parameters = fit.parameters;
  out.standard_deviation = fit.standard_deviation;
  out.sigma = fit.sigma;
  out.scaled_condition_number = fit.scaled_condition_number;
  out.condition_number = fit.condition_number;
  // RMS residual of each leg (sample k in rows 6k..6k+5)
  const auto n = static_cast<Eigen::Index>(motions.size());
  const Eigen::Map<const MatrixXd> per_leg(fit.residual.data(), kLegs, n);
  out.residual_rms = per_leg.rowwise().norm() / std::sqrt(static_cast<double>(n));
}

}  // namespace

PayloadEstimate identify_payload(const StewartModel& model,
                                       const std::vector<PlatformMotion>& motions,
                                       const Eigen::Ref<const MatrixXd>& F,
                                       const PayloadIdentificationOptions& options) {
  const double tol = options.excitation_tolerance;
  if (!(tol > 0 && tol < 1))
    throw std::invalid_argument(std::string(kWhere) + ": options.excitation_tolerance must be in (0, 1), got " +
                                std::to_string(tol));
  check_samples(motions, F);
  // the observation: Y pi = F - F_model (file comment)
  MatrixXd Y;
  VectorXd y;
  observation(model, motions, F, options.model, Y, y);
  // least squares and statistics
  PayloadEstimate out;
  out.samples = static_cast<int>(motions.size());
  least_squares(Y, y, column_scales(model), motions, tol, out);
  // the parameters as mass, COM and inertias; what keeps them from being a physical body
  const BodyInertia b = body_inertia(out.parameters);
  out.mass = b.m;
  out.com = b.c;
  out.inertia = b.I_com;
  out.inertia_origin = b.I_origin;
  out.physical_problem = payload_problem(out.parameters);
  check_finite(kWhere, "parameters", out.parameters);
  return out;
}

std::string payload_problem(const BodyParametersd& parameters) {
  if (!parameters.allFinite()) return "parameters are not all finite";
  const BodyInertia b = body_inertia(parameters);
  std::ostringstream os;
  if (!(b.m > 0)) {
    os << "mass " << b.m << " kg is not positive";
    return os.str();
  }
  const std::string inertia =
      inertia_realisability_problem(b.I_com, 1e-9 * b.I_origin.cwiseAbs().maxCoeff());
  if (!inertia.empty()) os << "inertia about the centre of mass " << inertia;
  return os.str();
}

StewartModel with_payload(const StewartModel& model, const BodyParametersd& payload,
                          bool allow_invalid_inertia) {
  check_finite("with_payload", "payload", payload);
  const BodyInertia b = body_inertia(payload);
  StewartModel m = model;
  m.M = model.M + b.m;
  if (!(m.M > 0))
    throw std::invalid_argument("with_payload: the platform mass with the payload, " + std::to_string(m.M) +
                                " kg, is not positive");
  // new COM; inertia about the origin is additive, then moved back to the new COM
  m.R0 = (model.M * model.R0 + payload.segment<3>(1)) / m.M;
  const Matrix3d origin = model.I_p_origin + b.I_origin;
  m.I_p = origin - point_mass_inertia(m.M, m.R0);
  m.I_p = 0.5 * (m.I_p + m.I_p.transpose()).eval();
  derive_inertias(m);
  // a non-physical payload or platform: refused, or recorded with the opt-in
  std::vector<std::string> problems;
  if (const std::string p = payload_problem(payload); !p.empty()) problems.push_back("the payload's " + p);
  if (const std::string p = inertia_problem(m.I_p); !p.empty())
    problems.push_back("the platform inertia I_p with the payload " + p);
  for (const std::string& problem : problems) {
    if (!allow_invalid_inertia)
      throw std::invalid_argument("with_payload: " + problem + " (pass allow_invalid_inertia to accept it)");
    m.warnings.push_back("with_payload: " + problem);
    m.allow_invalid_inertia = true;
  }
  return m;
}

template BodyRegressor<double> payload_regressor<double>(const StewartModel&, const StewartDataTpl<double>&);
template BodyRegressor<Counted> payload_regressor<Counted>(const StewartModel&, const StewartDataTpl<Counted>&);

}  // namespace manipdyn::stewart
