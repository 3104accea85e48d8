#include "manipdyn/analysis/free_floating_study.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/integrators.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/centroidal_momentum.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "manipdyn/simulation/lie_group_rk.hpp"
#include "manipdyn/trajectory/joint_trajectory.hpp"

namespace manipdyn {

namespace {

constexpr const char* kWhere = "free_floating_study";

void check_options(const FreeFloatingStudyOptions& o) {
  auto positive = [](const char* name, double x) {
    if (!(x > 0.0) || !std::isfinite(x))
      throw std::invalid_argument(std::string(kWhere) + ": " + name + " = " + std::to_string(x) +
                                  ", expected a finite value > 0");
  };
  positive("base_mass", o.base_mass);
  positive("base_side", o.base_side);
  positive("segment_duration", o.segment_duration);
  positive("sample_period", o.sample_period);
  positive("step", o.step);
  positive("fd_step", o.fd_step);
  if (o.step > o.sample_period * (1 + 1e-12))
    throw std::invalid_argument(std::string(kWhere) + ": step = " + std::to_string(o.step) +
                                " s is longer than sample_period = " +
                                std::to_string(o.sample_period) + " s");
  if (o.q_start.size() != 0) check_vector(kWhere, "q_start", o.q_start, 6);
  if (o.q_goal.size() != 0) check_vector(kWhere, "q_goal", o.q_goal, 6);
  if (o.q_via.size() != 0) check_vector(kWhere, "q_via", o.q_via, 6);
}

// The PUMA 560's links (no drives) on a uniform cube of the given mass and side, frame 0 at the
// centre of its top face; no gravity.
SerialModel space_manipulator(const FreeFloatingStudyOptions& o) {
  const SerialModel puma = puma560(false);
  SerialModelOptions options = puma.options();
  options.name = "PUMA 560 links on a " + std::to_string(static_cast<int>(o.base_mass)) +
                 " kg satellite";
  options.gravity = Vector3d::Zero();
  options.root = RootJoint::free_flyer;
  options.configurations.clear();  // the PUMA's named poses are joint vectors
  const double inertia = o.base_mass * o.base_side * o.base_side / 6.0;
  options.base_inertia = {o.base_mass, Vector3d::Zero(), inertia * Matrix3d::Identity()};
  options.base = Eigen::Isometry3d(Eigen::Translation3d(0.0, 0.0, 0.5 * o.base_side));
  return SerialModel::from_table(puma.links, puma.convention, options);
}

// The base twist (base frame) that keeps the momentum zero: -M_bb^-1 M_bj qd.
Vector6d base_twist(const SerialModel& model, SerialData& data, const VectorXd& q,
                    const VectorXd& qd) {
  const MatrixXd& M = mass_matrix<double>(model, data, q);
  return -M.topLeftCorner<6, 6>().llt().solve(M.topRightCorner(6, model.dof()) * qd);
}

// The motion: the joints from the trajectory, the base integrated on SE(3) (RKMK4, local
// coordinates u about the step's start).
class Motion {
 public:
  Motion(const SerialModel& model, JointTrajectory trajectory)
      : model_(model), trajectory_(std::move(trajectory)), data_(model), q_(model.nq()),
        v_(VectorXd::Zero(model.nv())) {}

  // The configuration at t with the base pose `base` (7: position, quaternion).
  const VectorXd& configuration(double t, const Eigen::Ref<const VectorXd>& base) {
    q_.head<7>() = base;
    q_.tail(6) = trajectory_(t).q;
    return q_;
  }
  // The velocity at t with the base pose `base`.
  const VectorXd& velocity(double t, const Eigen::Ref<const VectorXd>& base) {
    const JointTrajectory::Sample s = trajectory_(t);
    q_.head<7>() = base;
    q_.tail(6) = s.q;
    v_.tail(6) = s.qd;
    v_.head<6>() = base_twist(model_, data_, q_, s.qd);
    return v_;
  }
  // The base pose (7) moved from t by one RK4 step h (h < 0 goes back).
  VectorXd step(double t, const VectorXd& base, double h) {
    VectorXd q0 = configuration(t, base);
    const VectorXd zero = VectorXd::Zero(model_.nv());
    auto rate = [&](double s, const VectorXd& u) {
      VectorXd q = integrate<double>(unchecked, model_, q0, u, 1.0);
      VectorXd v = velocity(s, q.head<7>());
      v.tail(6).setZero();  // the joints are read from the trajectory
      VectorXd udot(model_.nv());
      local_coordinate_rate(u, v, udot);
      return udot;
    };
    const VectorXd k1 = rate(t, zero);
    const VectorXd k2 = rate(t + 0.5 * h, 0.5 * h * k1);
    const VectorXd k3 = rate(t + 0.5 * h, 0.5 * h * k2);
    const VectorXd k4 = rate(t + h, h * k3);
    const VectorXd u = (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    return integrate<double>(unchecked, model_, q0, u, 1.0).head<7>();
  }

 private:
  const SerialModel& model_;
  JointTrajectory trajectory_;
  SerialData data_;
  VectorXd q_, v_;
};

// The rotation vector of R (its logarithm).
Vector3d rotation_vector(const Matrix3d& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.angle() * aa.axis();
}

}  // namespace

FreeFloatingStudyResult free_floating_study(const FreeFloatingStudyOptions& o) {
  check_options(o);
  const SerialModel model = space_manipulator(o);
  const VectorXd q_start = o.q_start.size() == 6
                               ? o.q_start
                               : (VectorXd(6) << 0.0, -0.5, 0.8, 0.0, 0.5, 0.0).finished();
  const VectorXd q_goal = o.q_goal.size() == 6
                              ? o.q_goal
                              : (VectorXd(6) << 1.2, -1.4, 1.6, 1.0, -0.6, 1.2).finished();
  const VectorXd q_via = o.q_via.size() == 6
                             ? o.q_via
                             : (VectorXd(6) << 0.0, -1.4, 1.6, -1.0, 0.5, 1.2).finished();
  Motion motion(model, JointTrajectory::quintic(
                           {q_start, q_goal, q_via, q_start},
                           {o.segment_duration, o.segment_duration, o.segment_duration}));
  const double duration = 3.0 * o.segment_duration;
  const long samples = static_cast<long>(covering_steps(duration, o.sample_period));
  const long sub = std::max(1L, static_cast<long>(covering_steps(o.sample_period, o.step)));

  FreeFloatingStudyResult r;
  r.model_name = model.name;
  r.total_mass = o.base_mass;
  for (const LinkParameters& l : model.links) r.total_mass += l.mass;
  const long N = samples + 1;
  r.t.resize(N);
  r.q.resize(N, model.nq());
  r.v.resize(N, model.nv());
  r.base_rotation_vector.resize(N, 3);
  r.base_angle.resize(N);
  r.base_displacement.resize(N, 3);
  r.momentum_residual.resize(N);
  r.com_drift.resize(N);
  r.jacobian_error.resize(N);

  SerialData data(model);
  VectorXd base = neutral(model).head<7>();
  std::vector<double> momentum(N), arm_momentum(N), jacobian_diff(N), twist_size(N);
  Vector3d com0 = Vector3d::Zero();
  Matrix3d R0 = Matrix3d::Identity();
  for (long k = 0; k < N; ++k) {
    const double t = std::min(static_cast<double>(k) * o.sample_period, duration);
    if (k > 0) {
      const double t_prev = r.t[k - 1], h = (t - t_prev) / static_cast<double>(sub);
      for (long s = 0; s < sub; ++s) base = motion.step(t_prev + static_cast<double>(s) * h, base, h);
    }
    const VectorXd q = motion.configuration(t, base);
    const VectorXd v = motion.velocity(t, base);
    r.t[k] = t;
    r.q.row(k) = q.transpose();
    r.v.row(k) = v.transpose();
    const Matrix4d B = base_pose(model, q);
    if (k == 0) R0 = B.topLeftCorner<3, 3>();
    const Vector3d rv = rotation_vector(R0.transpose() * B.topLeftCorner<3, 3>());
    r.base_rotation_vector.row(k) = rv.transpose();
    r.base_angle[k] = rv.norm();
    r.base_displacement.row(k) = (q.head<3>() - r.q.row(0).head<3>().transpose()).transpose();
    // Momentum: h_G, against the momentum of the arm's motion alone.
    const MatrixXd A = centroidal_momentum_matrix(model, data, q);
    if (k == 0) com0 = data.com;
    r.com_drift[k] = (data.com - com0).norm();
    momentum[k] = (A * v).norm();
    arm_momentum[k] = (A.rightCols(6) * v.tail(6)).norm();
    // The generalized Jacobian against central differences of the end-effector pose.
    const MatrixXd& M = mass_matrix<double>(model, data, q);
    const MatrixXd J = jacobian<double>(model, data, q);
    const MatrixXd J_star =
        J.rightCols(6) - J.leftCols(6) * M.topLeftCorner<6, 6>().llt().solve(M.topRightCorner(6, 6));
    const double d = o.fd_step;
    const Matrix4d Tp = end_effector_pose<double>(
        model, data, motion.configuration(t + d, motion.step(t, base, d)));
    const Matrix4d Tm = end_effector_pose<double>(
        model, data, motion.configuration(t - d, motion.step(t, base, -d)));
    Vector6d fd;
    fd.head<3>() = (Tp.topRightCorner<3, 1>() - Tm.topRightCorner<3, 1>()) / (2.0 * d);
    fd.tail<3>() = Tm.topLeftCorner<3, 3>() *
                   rotation_vector(Tm.topLeftCorner<3, 3>().transpose() * Tp.topLeftCorner<3, 3>()) /
                   (2.0 * d);
    jacobian_diff[k] = (J_star * v.tail(6) - fd).norm();
    twist_size[k] = fd.norm();
  }
  r.max_arm_momentum = *std::max_element(arm_momentum.begin(), arm_momentum.end());
  const double twist_scale = *std::max_element(twist_size.begin(), twist_size.end());
  for (long k = 0; k < N; ++k) {
    r.momentum_residual[k] = momentum[k] / r.max_arm_momentum;
    r.jacobian_error[k] = jacobian_diff[k] / twist_scale;
  }
  r.max_momentum_residual = r.momentum_residual.maxCoeff();
  r.max_com_drift = r.com_drift.maxCoeff();
  r.max_jacobian_error = r.jacobian_error.maxCoeff();
  r.final_angle = r.base_angle[N - 1];
  return r;
}

}  // namespace manipdyn
