// Identification of a parallel robot's payload (parallel_payload.hpp).
#include "manipdyn/identification/parallel_payload.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/small_lu.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "payload_fit.hpp"

namespace manipdyn::parallel {

namespace {

constexpr const char* kWhere = "identify_payload";

// The parameters a mobility shows (parallel_payload.hpp's file comment).
std::vector<int> visible_parameters(Mobility mobility) {
  switch (mobility) {
    case Mobility::translation:
    case Mobility::planar_translation: return {0};
    case Mobility::planar: return {0, 1, 2, 9};
    case Mobility::spatial: break;
  }
  return {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
}

}  // namespace

MatrixXd payload_regressor(const ParallelModel& model, const ParallelData& data) {
  const PlatformMotion& m = data.motion;
  // the payload's wrench regressor in the platform frame (Atkeson et al. 1986, eq. 9)
  const Matrix3d Rt = m.R.transpose();
  const BodyRegressor<double> A = body_wrench_regressor<double>(Rt * m.omega, Rt * m.alpha, Rt * (m.a - model.gravity));
  // each column: the wrench in the base frame, on the platform's coordinates, through (A^T)^-1
  MatrixXd Y(model.actuated_count(), kBodyParameters);
  VectorXd rhs(model.platform_dof()), col(model.dof()), work(model.dof());
  for (int j = 0; j < kBodyParameters; ++j) {
    Vector6d w;
    w.head<3>() = m.R * A.col(j).head<3>();
    w.tail<3>() = m.R * A.col(j).tail<3>();
    rhs.noalias() = model.E.transpose() * w;
    if (model.dependent.empty()) {
      col = rhs;
    } else {
      col.noalias() = data.N.transpose() * rhs;
    }
    lu_solve(data.lu, data.perm, col, work);
    Y.col(j) = work;
  }
  return Y;
}

PayloadEstimate identify_payload(const ParallelModel& model, const std::vector<PlatformMotion>& motions,
                                 const Eigen::Ref<const MatrixXd>& tau, const PayloadIdentificationOptions& options) {
  const double tol = options.excitation_tolerance;
  if (!(tol > 0 && tol < 1))
    throw std::invalid_argument(std::string(kWhere) + ": options.excitation_tolerance must be in (0, 1), got " +
                                std::to_string(tol));
  std::vector<int> columns = options.parameters.empty() ? visible_parameters(model.mobility) : options.parameters;
  for (const int c : columns)
    if (c < 0 || c >= kBodyParameters)
      throw std::invalid_argument(std::string(kWhere) + ": parameter index " + std::to_string(c) +
                                  " is out of range 0..9 ([m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz])");
  const int na = model.actuated_count();
  const auto n = static_cast<Eigen::Index>(motions.size());
  if (n * na <= static_cast<Eigen::Index>(columns.size()))
    throw std::invalid_argument(std::string(kWhere) + ": " + std::to_string(n) + " samples give " +
                                std::to_string(n * na) + " equations for " + std::to_string(columns.size()) +
                                " parameters; give more samples, spread over the motion");
  if (tau.rows() != n || tau.cols() != na)
    throw std::invalid_argument(std::string(kWhere) + ": tau has shape (" + std::to_string(tau.rows()) + ", " +
                                std::to_string(tau.cols()) + "), expected (" + std::to_string(n) + ", " +
                                std::to_string(na) + "): one row of actuator forces per motion");
  // the observation: Y pi = tau - tau_model, sample k in rows k na .. (k + 1) na - 1
  MatrixXd Y(n * na, kBodyParameters);
  VectorXd y(n * na);
  ParallelData data(model);
  bool rotates = false;
  for (Eigen::Index k = 0; k < n; ++k) {
    const std::string sample = std::string(kWhere) + ": sample " + std::to_string(k);
    for (int a = 0; a < na; ++a)
      if (!std::isfinite(tau(k, a)))
        throw std::invalid_argument(sample + ": tau[" + std::to_string(k) + ", " + std::to_string(a) + "] (actuator " +
                                    std::to_string(a + 1) + ") is not finite");
    const PlatformMotion& x = motions[static_cast<std::size_t>(k)];
    try {
      inverse_dynamics(model, data, x);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(sample + ": " + e.what());
    }
    rotates = rotates || x.omega.norm() > 0 || x.alpha.norm() > 0;
    Y.middleRows(k * na, na) = payload_regressor(model, data);
    y.segment(k * na, na) = tau.row(k).transpose() - data.tau;
  }
  // column scales: 1 for m, r for the first moments, r^2 for the inertias (r the platform's size)
  double r = 1e-3;
  for (const Leg& leg : model.legs) r = std::max(r, leg.platform_point.norm());
  BodyParametersd d;
  d << 1, r, r, r, r * r, r * r, r * r, r * r, r * r, r * r;
  const detail::PayloadFit fit = detail::fit_payload<Eigen::Dynamic>(kWhere, Y, y, d, columns, rotates, tol);
  PayloadEstimate out;
  out.parameters = fit.parameters;
  out.standard_deviation = fit.standard_deviation;
  out.fitted = columns;
  out.mass = fit.parameters(0);
  out.com = out.mass != 0 ? Vector3d(fit.parameters.segment<3>(1) / out.mass) : Vector3d::Zero();
  out.condition_number = fit.condition_number;
  out.scaled_condition_number = fit.scaled_condition_number;
  out.sigma = fit.sigma;
  out.samples = static_cast<int>(n);
  const Eigen::Map<const MatrixXd> per_actuator(fit.residual.data(), na, n);
  out.residual_rms = per_actuator.rowwise().norm() / std::sqrt(static_cast<double>(n));
  return out;
}

ParallelModel with_payload(const ParallelModel& model, const BodyParametersd& payload) {
  if (!payload.allFinite()) throw std::invalid_argument("with_payload: the payload has a non-finite parameter");
  const double m = payload(0);
  const BodyInertia& p = model.platform;
  ParallelDescription d = model.description();
  d.platform.mass = p.mass + m;
  if (!(d.platform.mass > 0))
    throw std::invalid_argument("with_payload: the platform mass with the payload, " + std::to_string(d.platform.mass) +
                                " kg, is not positive");
  d.platform.com = (p.mass * p.com + payload.segment<3>(1)) / d.platform.mass;
  Matrix3d payload_origin;
  payload_origin << payload(4), payload(5), payload(7),  //
      payload(5), payload(6), payload(8),                //
      payload(7), payload(8), payload(9);
  const Matrix3d origin = model.platform_inertia_origin + payload_origin;
  const Vector3d& c = d.platform.com;
  d.platform.inertia = origin - d.platform.mass * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
  d.platform.inertia = 0.5 * (d.platform.inertia + d.platform.inertia.transpose()).eval();
  try {
    return build_model(d);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("with_payload: ") + e.what());
  }
}

}  // namespace manipdyn::parallel
