// Simulation of a parallel robot: RK4 on the platform pose by the exponential map
// (simulate.hpp; docs/parallel_forward.md).
#include "manipdyn/parallel/simulate.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <Eigen/Geometry>

#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "cross_matrix.hpp"

namespace manipdyn::parallel {

namespace {

long logged_rows(const ParallelSimulationOptions& o) {
  return o.steps / o.log_every + 1 + (o.steps % o.log_every != 0 ? 1 : 0);
}

void check_options(const ParallelSimulationOptions& o) {
  static constexpr const char* where = "simulate";
  if (!(o.step > 0.0) || !std::isfinite(o.step))
    throw std::invalid_argument(std::string(where) + ": options.step must be positive and finite, got " + std::to_string(o.step));
  if (o.steps < 1 || static_cast<double>(o.steps) > kMaxRk4Steps) {
    std::ostringstream os;
    os << where << ": options.steps = " << o.steps << " is outside 1.." << kMaxRk4Steps
       << " (the most RK4 steps one simulation may take)";
    throw std::invalid_argument(os.str());
  }
  if (o.log_every < 1)
    throw std::invalid_argument(std::string(where) + ": options.log_every must be >= 1, got " + std::to_string(o.log_every));
  const long rows = logged_rows(o);
  if (rows > kMaxSimulationSamples) {
    std::ostringstream os;
    os << where << ": " << rows << " logged rows (options.steps / options.log_every) exceed the limit of "
       << kMaxSimulationSamples << ": raise log_every";
    throw std::invalid_argument(os.str());
  }
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(o.wrench.f(k)) || !std::isfinite(o.wrench.m(k)))
      throw std::invalid_argument(std::string(where) + ": options.wrench has a non-finite entry");
}

ParallelSimulationResult sized_result(const ParallelModel& model, long rows) {
  ParallelSimulationResult out;
  out.time.resize(rows);
  out.t.resize(rows, 3);
  out.quaternion.resize(rows, 4);
  out.xd.resize(rows, model.platform_dof());
  out.xdd.resize(rows, model.platform_dof());
  out.tau.resize(rows, model.actuated_count());
  out.q.resize(rows, model.joint_count());
  return out;
}

// The platform state (a = alpha = 0) of pose (t, R) and coordinate rates xd: V = E xd.
PlatformMotion platform_state(const ParallelModel& model, const Vector3d& t, const Matrix3d& R,
                              const Eigen::Ref<const VectorXd>& xd) {
  PlatformMotion s;
  s.t = t;
  s.R = R;
  const Vector6d V = model.E * xd;
  s.v = V.head<3>();
  s.omega = V.tail<3>();
  return s;
}

// Row `row` of the log: the state x (xd its coordinates' rates), the forces applied from it, its
// acceleration, and the legs' joint values the forward dynamics left in data.
void log_row(const ParallelModel& model, const ParallelData& data, ParallelSimulationResult& out, long row, double time,
             const PlatformMotion& x, const VectorXd& xd, const VectorXd& tau, const VectorXd& xdd) {
  out.time(row) = time;
  out.t.row(row) = x.t.transpose();
  const Eigen::Quaterniond quat(x.R);
  out.quaternion.row(row) << quat.w(), quat.x(), quat.y(), quat.z();
  out.xd.row(row) = xd.transpose();
  out.xdd.row(row) = xdd.transpose();
  out.tau.row(row) = tau.transpose();
  for (int i = 0; i < model.leg_count(); ++i) {
    const VectorXd& q = data.q[static_cast<std::size_t>(i)];
    out.q.row(row).segment(model.leg_offset[static_cast<std::size_t>(i)], q.size()) = q.transpose();
  }
}

std::string describe_state(const Vector3d& t, const Matrix3d& R, const VectorXd& xd) {
  const Eigen::IOFormat row(Eigen::FullPrecision, Eigen::DontAlignCols, ", ", ", ", "", "", "[", "]");
  std::ostringstream os;
  os << "t = " << t.transpose().format(row) << " m, R = " << R.format(row) << ", xd = " << xd.transpose().format(row);
  return os.str();
}

}  // namespace

ActuatorForces open_loop(std::function<VectorXd(double t)> tau_a) {
  return [f = std::move(tau_a)](double t, const PlatformMotion&, VectorXd& tau) { tau = f(t); };
}

Matrix3d rotation_exp(const Vector3d& phi) {
  const double th = phi.norm();
  if (th == 0.0) return Matrix3d::Identity();
  return Eigen::AngleAxisd(th, phi / th).toRotationMatrix();
}

Matrix3d left_jacobian_inverse(const Vector3d& phi) {
  const double th = phi.norm();
  const Matrix3d K = detail::cross_matrix(phi);
  const double c = th < 1e-4 ? 1.0 / 12.0 + th * th / 720.0
                             : 1.0 / (th * th) - (1.0 + std::cos(th)) / (2.0 * th * std::sin(th));
  return Matrix3d::Identity() - 0.5 * K + c * K * K;
}

PlatformMotion ParallelSimulationResult::motion(const ParallelModel& model, Eigen::Index k) const {
  const Matrix3d R =
      Eigen::Quaterniond(quaternion(k, 0), quaternion(k, 1), quaternion(k, 2), quaternion(k, 3)).toRotationMatrix();
  return platform_state(model, t.row(k).transpose(), R, xd.row(k).transpose());
}

ParallelSimulationResult simulate(const ParallelModel& model, const ActuatorForces& forces,
                                  const PlatformMotion& initial, const ParallelSimulationOptions& options) {
  check_options(options);
  const int p = model.platform_dof();
  ParallelSimulationResult out = sized_result(model, logged_rows(options));
  ParallelData data(model);
  const double h = options.step;
  // the state: pose (t, R) and the coordinates' rates xd
  Vector3d t = initial.t;
  Matrix3d R = initial.R;
  Vector6d V0;
  V0 << initial.v, initial.omega;
  VectorXd xd = model.E.transpose() * V0;
  VectorXd tau = VectorXd::Zero(model.actuated_count()), tau_stage = tau;
  // y' = [v; J_l(phi)^-1 omega; xdd] at y = [t; phi; xd], R = exp(phi) R_k
  auto derivative = [&](double time, const VectorXd& y, VectorXd& yd) {
    const PlatformMotion s = platform_state(model, y.head<3>(), rotation_exp(y.segment<3>(3)) * R, y.tail(p));
    const VectorXd* applied = &tau;
    if (!options.zero_order_hold) {
      tau_stage.setZero();
      if (forces) forces(time, s, tau_stage);
      applied = &tau_stage;
    }
    const VectorXd& xdd = forward_dynamics(model, data, s, *applied, options.wrench);
    ++out.dynamics_calls;
    yd.head<3>() = s.v;
    yd.segment<3>(3).noalias() = left_jacobian_inverse(y.segment<3>(3)) * s.omega;
    yd.tail(p) = xdd;
  };
  RungeKutta4 rk(6 + p);
  VectorXd y(6 + p);
  long row = 0;
  for (long k = 0;; ++k) {
    const double time = static_cast<double>(k) * h;
    try {
      // the state at step k and the forces from it (held over the step under zero-order hold)
      const PlatformMotion x = platform_state(model, t, R, xd);
      tau.setZero();
      if (forces) forces(time, x, tau);
      // log the row: state, forces, acceleration, legs
      if (k % options.log_every == 0 || k == options.steps) {
        const VectorXd& xdd = forward_dynamics(model, data, x, tau, options.wrench);
        ++out.dynamics_calls;
        log_row(model, data, out, row++, time, x, xd, tau, xdd);
        if (options.progress) options.progress(k, options.steps);
      }
      if (k == options.steps) break;
      // one RK4 step from phi = 0, then R_k+1 = exp(phi) R_k (kept orthonormal)
      y << t, Vector3d::Zero(), xd;
      rk.step(derivative, time, y, h);
    } catch (const std::exception& e) {
      if (row == 0) throw;  // the initial state's errors stay input errors
      std::ostringstream os;
      os << "simulate: the dynamics failed at step " << k + 1 << " (t = " << time << " s): " << e.what()
         << "; last finite state " << describe_state(t, R, xd);
      throw std::runtime_error(os.str());
    }
    if (!y.allFinite()) {
      std::ostringstream os;
      os << "simulate: the state is not finite after step " << k + 1 << " (t = " << time + h
         << " s); last finite state " << describe_state(t, R, xd);
      throw std::runtime_error(os.str());
    }
    t = y.head<3>();
    R = Eigen::Quaterniond(rotation_exp(y.segment<3>(3)) * R).normalized().toRotationMatrix();
    xd = y.tail(p);
  }
  return out;
}

}  // namespace manipdyn::parallel
