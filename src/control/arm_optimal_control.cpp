// Optimal control of a serial arm: its discrete dynamics for iLQR, the minimum-effort motion and
// the pose regulator (manipdyn/control/arm_optimal_control.hpp).
#include "manipdyn/control/arm_optimal_control.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/integrators.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/trajectory/joint_trajectory.hpp"

namespace manipdyn {
namespace {

// The buffers the step and the linearisation of arm_discrete_dynamics share.
struct ArmStepState {
  explicit ArmStepState(const SerialModel& m)
      : model(m),
        fd(m),
        derivatives(m),
        linear(2 * m.dof(), m.dof()),
        rk4(2 * m.dof()),
        ydot(2 * m.dof()) {}
  SerialModel model;
  ForwardDynamicsData fd;
  DerivativesData derivatives;
  LinearizedStepData linear;
  RungeKutta4 rk4;
  VectorXd ydot;  // (2n) the Euler step's derivative
};

}  // namespace

DiscreteDynamics arm_discrete_dynamics(const SerialModel& model, double period, int substeps,
                                       StepMethod method) {
  if (!(period > 0) || !std::isfinite(period) || substeps < 1)
    throw std::invalid_argument("arm_discrete_dynamics: the period must be positive and finite "
                                "and substeps >= 1");
  const int n = model.dof();
  auto s = std::make_shared<ArmStepState>(model);
  DiscreteDynamics f;
  f.state_size = 2 * n;
  f.control_size = n;
  // The step alone: the plant's integration of the forward dynamics, as `simulate` runs it.
  f.step = [s, n, period, substeps, method](const VectorXd& x, const VectorXd& u,
                                            VectorXd& x_next) {
    const auto rhs = [&](double, const VectorXd& y, VectorXd& ydot) {
      ydot.head(n) = y.tail(n);
      ydot.tail(n) = forward_dynamics<double>(s->model, s->fd, y.head(n), y.tail(n), u,
                                              s->model.gravity, Vector6d::Zero());
    };
    x_next = x;
    const double h = period / substeps;
    if (method == StepMethod::rk4) {
      for (int k = 0; k < substeps; ++k) s->rk4.step(rhs, k * h, x_next, h);
    } else {
      for (int k = 0; k < substeps; ++k) {
        rhs(k * h, x_next, s->ydot);
        x_next += h * s->ydot;
      }
    }
  };
  // The step with its Jacobians.
  f.linearize = [s, period, substeps, method](const VectorXd& x, const VectorXd& u,
                                              VectorXd& x_next, MatrixXd& A, MatrixXd& B) {
    linearized_step(s->model, s->derivatives, x, u, period, substeps, method, s->linear);
    x_next = s->linear.y_next;
    A = s->linear.A;
    B = s->linear.B;
  };
  return f;
}

namespace {

// The problem's limits (the model's where none are given) and effort scales.
void limits_and_scales(const SerialModel& model, const MinimumEffortProblem& p, VectorXd& tau_max,
                       VectorXd& scale) {
  const int n = model.dof();
  constexpr const char* where = "plan_minimum_effort_motion";
  tau_max = p.tau_max;
  if (tau_max.size() == 0) {
    tau_max.resize(n);
    for (int j = 0; j < n; ++j) tau_max[j] = model.links[static_cast<std::size_t>(j)].tau_max;
  }
  check_size(where, "tau_max", tau_max, n);
  for (int j = 0; j < n; ++j)
    if (!(tau_max[j] > 0))
      throw std::invalid_argument(std::string(where) + ": tau_max[" + std::to_string(j) +
                                  "] is not positive");
  SerialData data(model);
  const VectorXd g0 = gravity_torques<double>(model, data, p.q_start, model.gravity).cwiseAbs();
  const VectorXd g1 = gravity_torques<double>(model, data, p.q_goal, model.gravity).cwiseAbs();
  scale.resize(n);
  for (int j = 0; j < n; ++j)
    scale[j] = std::isfinite(tau_max[j]) ? tau_max[j] : std::max({g0[j], g1[j], 1.0});
}

void check_problem(const SerialModel& model, const MinimumEffortProblem& p) {
  constexpr const char* where = "plan_minimum_effort_motion";
  check_vector(where, "q_start", p.q_start, model.dof());
  check_vector(where, "q_goal", p.q_goal, model.dof());
  for (const auto& [value, name] : {std::pair{p.duration, "duration"},
                                    std::pair{p.control_period, "control_period"},
                                    std::pair{p.step, "step"},
                                    std::pair{p.position_weight, "position_weight"},
                                    std::pair{p.velocity_weight, "velocity_weight"}})
    if (!(value > 0) || !std::isfinite(value))
      throw std::invalid_argument(std::string(where) + ": " + name + " must be positive and "
                                  "finite");
  if (p.control_period > p.duration)
    throw std::invalid_argument(std::string(where) + ": control_period is longer than duration");
  if (p.duration / p.control_period > 1e5)
    throw std::invalid_argument(std::string(where) + ": more than 100000 control periods");
}

}  // namespace

MinimumEffortMotion plan_minimum_effort_motion(const SerialModel& model,
                                               const MinimumEffortProblem& p) {
  check_problem(model, p);
  const int n = model.dof();
  const int N = std::max(1, static_cast<int>(covering_steps(p.duration, p.control_period)));
  const double dt = p.duration / N;
  MinimumEffortMotion out;
  VectorXd scale;
  limits_and_scales(model, p, out.tau_max, scale);
  // The cost: effort sum dt tau^T W tau = sum 1/2 tau^T R tau, the goal at rest.
  QuadraticCost cost;
  cost.Q = MatrixXd::Zero(2 * n, 2 * n);
  cost.R = (2 * dt * scale.array().square().inverse()).matrix().asDiagonal();
  cost.Q_final = MatrixXd::Zero(2 * n, 2 * n);
  cost.Q_final.diagonal() << VectorXd::Constant(n, p.position_weight),
      VectorXd::Constant(n, p.velocity_weight);
  cost.x_goal = VectorXd::Zero(2 * n);
  cost.x_goal.head(n) = p.q_goal;
  // The first guess: the feed-forward of a quintic of the same duration, clamped.
  const JointTrajectory quintic = JointTrajectory::quintic({p.q_start, p.q_goal}, {p.duration});
  SerialData data(model);
  out.tau_initial.resize(N, n);
  VectorXd q(n), qd(n), qdd(n);
  for (int k = 0; k < N; ++k) {
    quintic.evaluate(k * dt, q, qd, qdd);
    out.tau_initial.row(k) =
        inverse_dynamics<double>(model, data, q, qd, qdd).cwiseMax(-out.tau_max).cwiseMin(out.tau_max).transpose();
  }
  // Control-limited iLQR on the arm's exact discrete dynamics.
  IlqrOptions options = p.ilqr;
  options.u_min = -out.tau_max;
  options.u_max = out.tau_max;
  VectorXd x0 = VectorXd::Zero(2 * n);
  x0.head(n) = p.q_start;
  const int substeps = step_count(dt, p.step);
  out.solution = ilqr(arm_discrete_dynamics(model, dt, substeps), cost, x0, out.tau_initial, options);
  // The motion and its figures of merit.
  out.t = VectorXd::LinSpaced(N + 1, 0.0, p.duration);
  out.q = out.solution.x.leftCols(n);
  out.qd = out.solution.x.rightCols(n);
  out.tau = out.solution.u;
  for (int k = 0; k < N; ++k)
    out.effort += dt * (out.tau.row(k).transpose().cwiseQuotient(scale)).squaredNorm();
  out.final_position_error = (out.q.row(N).transpose() - p.q_goal).cwiseAbs().maxCoeff();
  out.final_velocity_error = out.qd.row(N).cwiseAbs().maxCoeff();
  return out;
}

PoseRegulator lqr_pose_regulator(const SerialModel& model, const VectorXd& q,
                                 double control_period, int substeps, const MatrixXd& Q,
                                 const MatrixXd& R) {
  const int n = model.dof();
  check_vector("lqr_pose_regulator", "q", q, n);
  PoseRegulator r;
  r.control_period = control_period;
  r.x = VectorXd::Zero(2 * n);
  r.x.head(n) = q;
  // The equilibrium torques: inverse dynamics at rest (gravity, and the drive at qd = 0).
  SerialData data(model);
  const VectorXd zero = VectorXd::Zero(n);
  r.tau = inverse_dynamics<double>(model, data, q, zero, zero);
  DerivativesData dd(model);
  LinearizedStepData step(2 * n, n);
  linearized_step(model, dd, r.x, r.tau, control_period, substeps, StepMethod::rk4, step);
  r.A = step.A;
  r.B = step.B;
  r.lqr = discrete_lqr(r.A, r.B, Q, R);
  return r;
}

SimulationResult simulate_pose_regulator(const SerialModel& model, const PoseRegulator& r,
                                         const VectorXd& q0, const VectorXd& qd0,
                                         double duration, double step) {
  StateFeedbackController c(r.x, r.tau, r.lqr.K);
  SimulationOptions so;
  so.duration = duration;
  so.control_period = r.control_period;
  so.step = step;
  return simulate(model, &c, q0, qd0, so);
}

StateFeedbackController::StateFeedbackController(VectorXd x0, VectorXd tau0, MatrixXd K)
    : x0_(std::move(x0)), tau0_(std::move(tau0)), dx_(x0_.size()), K_(std::move(K)) {
  if (x0_.size() != 2 * tau0_.size() || K_.rows() != tau0_.size() || K_.cols() != x0_.size())
    throw std::invalid_argument("StateFeedbackController: x0 (" + std::to_string(x0_.size()) +
                                "), tau0 (" + std::to_string(tau0_.size()) + ") and K (" +
                                std::to_string(K_.rows()) + " x " + std::to_string(K_.cols()) +
                                ") do not match: expected 2n, n and n x 2n");
}

void StateFeedbackController::compute(double, const VectorXd& q, const VectorXd& qd,
                                      VectorXd& tau) {
  const Eigen::Index n = tau0_.size();
  dx_.head(n) = q - x0_.head(n);
  dx_.tail(n) = qd - x0_.tail(n);
  tau = tau0_;
  tau.noalias() -= K_ * dx_;
}

}  // namespace manipdyn
