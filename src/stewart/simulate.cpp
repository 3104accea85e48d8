#include "manipdyn/stewart/simulate.hpp"

#include <cmath>
#include <numbers>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <Eigen/Geometry>

#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"

namespace manipdyn::stewart {

Eigen::Matrix<double, kPlatformStateSize, 1> state_vector(const PlatformMotion& motion) {
  const Eigen::Quaterniond q(motion.R);
  Eigen::Matrix<double, kPlatformStateSize, 1> y;
  y << motion.t, q.w(), q.x(), q.y(), q.z(), motion.v, motion.omega;
  return y;
}

PlatformMotion state_from_vector(const VectorXd& y) {
  if (y.size() != kPlatformStateSize)
    throw std::invalid_argument("state_from_vector: y has size " + std::to_string(y.size()) +
                                ", expected 13");
  for (Eigen::Index i = 0; i < y.size(); ++i)
    if (!std::isfinite(y[i]))
      throw std::invalid_argument("state_from_vector: y[" + std::to_string(i) + "] is not finite");
  Eigen::Quaterniond q(y[3], y[4], y[5], y[6]);
  const double n = q.norm();
  if (!(n > 0)) throw std::invalid_argument("state_from_vector: y has a zero quaternion");
  q.coeffs() /= n;
  PlatformMotion m;
  m.t = y.segment<3>(0);
  m.R = q.toRotationMatrix();
  m.v = y.segment<3>(7);
  m.omega = y.segment<3>(10);
  return m;
}

Vector3d rotation_log(const Matrix3d& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.angle() * aa.axis();
}

void platform_state_derivative(DynamicsModel which, const StewartModel& model, StewartData& data,
                               const VectorXd& y, const Vector6d& F, const ExternalWrench& wrench,
                               VectorXd& yd) {
  if (yd.size() != kPlatformStateSize)
    throw std::invalid_argument("platform_state_derivative: yd has size " +
                                std::to_string(yd.size()) + ", expected 13");
  // pose (normalised quaternion) and twist, then [a; alpha] by the forward dynamics
  const PlatformMotion s = state_from_vector(y);
  const Vector6d& xdd = forward_dynamics(which, model, data, s, F, wrench);
  // quaternion rate 1/2 (0, omega) (x) q, omega in the base frame (left product)
  const Eigen::Quaterniond q(y[3], y[4], y[5], y[6]);
  const Eigen::Quaterniond w(0.0, s.omega.x(), s.omega.y(), s.omega.z());
  const Eigen::Quaterniond qd = w * q;
  yd.segment<3>(0) = s.v;
  yd(3) = 0.5 * qd.w();
  yd(4) = 0.5 * qd.x();
  yd(5) = 0.5 * qd.y();
  yd(6) = 0.5 * qd.z();
  yd.segment<6>(7) = xdd;
}

PlatformMotion PlatformSimulationResult::motion(Eigen::Index k) const {
  VectorXd y(kPlatformStateSize);
  y << t.row(k).transpose(), quaternion.row(k).transpose(), v.row(k).transpose(),
      omega.row(k).transpose();
  return state_from_vector(y);
}

namespace {

std::string state_text(const PlatformMotion& m) {
  std::ostringstream os;
  os.precision(6);
  os << describe_pose(m) << ", v = [" << m.v.transpose() << "], omega = [" << m.omega.transpose()
     << "]";
  return os.str();
}

void fail(const std::string& what) { throw std::invalid_argument("simulate: " + what); }

// Checks the options and the work before anything is allocated; returns the number of
// sampling intervals.
long check_options(const PlatformMotion& initial, const PlatformSimulationOptions& o) {
  check_motion("simulate", initial);
  const auto positive = [](double x, const char* name) {
    if (!(x > 0) || !std::isfinite(x))
      fail(std::string("options.") + name + " must be finite and > 0, got " + std::to_string(x));
  };
  positive(o.duration, "duration");
  positive(o.control_period, "control_period");
  if (o.integrator == IntegratorType::rk4) {
    positive(o.step, "step");
    if (o.step > o.control_period * (1 + 1e-12))
      fail("options.step " + std::to_string(o.step) + " s is longer than options.control_period " +
           std::to_string(o.control_period) + " s");
  }
  if (o.length_bits < 0 || o.length_bits > 52)
    fail("options.length_bits must be in 0..52, got " + std::to_string(o.length_bits));
  if (o.length_bits > 0) positive(o.length_range, "length_range");
  if (!std::isfinite(o.length_offset)) fail("options.length_offset is not finite");
  if (!(o.twist_cutoff >= 0) || !std::isfinite(o.twist_cutoff))
    fail("options.twist_cutoff must be finite and >= 0 Hz, got " + std::to_string(o.twist_cutoff));
  const double intervals = covering_steps(o.duration, o.control_period);
  if (intervals + 1 > static_cast<double>(kMaxSimulationSamples))
    fail("too much work: duration / control_period = " + std::to_string(intervals) +
         " samples, at most " + std::to_string(kMaxSimulationSamples) + " allowed");
  if (o.integrator == IntegratorType::rk4) {
    const double per = covering_steps(o.control_period, o.step);
    if (intervals * per > kMaxRk4Steps)
      fail("too much work: " + std::to_string(intervals * per) + " RK4 steps, at most " +
           std::to_string(kMaxRk4Steps) + " allowed");
  }
  return static_cast<long>(intervals);
}

}  // namespace

namespace {

// The log buffers of a run of N samples, allocated once.
void allocate_log(PlatformSimulationResult& r, Eigen::Index N, bool tracking) {
  r.time.resize(N);
  r.t.resize(N, 3);
  r.quaternion.resize(N, 4);
  r.v.resize(N, 3);
  r.omega.resize(N, 3);
  r.F.resize(N, 6);
  r.L.resize(N, 6);
  r.L_measured.resize(N, 6);
  r.has_reference = tracking;
  if (tracking) {
    r.t_desired.resize(N, 3);
    r.quaternion_desired.resize(N, 4);
    r.position_error.resize(N, 3);
    r.orientation_error.resize(N, 3);
  }
}

// What the controller sees with quantised leg-length sensors (options.length_bits > 0): the
// pose by forward kinematics of the measured lengths, the twist by a backward difference and
// the first-order low-pass of options.twist_cutoff.
class SensedState {
 public:
  SensedState(const PlatformMotion& initial, const PlatformSimulationOptions& o)
      : o_(o), estimate_(initial), previous_(initial),
        gain_(-std::expm1(-2.0 * std::numbers::pi * o.twist_cutoff * o.control_period)) {}

  // The estimate at sample k from the measured lengths Lm.
  const PlatformMotion& update(const StewartModel& plant, long k, const Vector6d& Lm) {
    const ForwardKinematicsResult fk = forward_kinematics(plant, Lm, previous_.t, previous_.R);
    estimate_.t = fk.t;
    estimate_.R = fk.R;
    if (k == 0) {
      estimate_.v.setZero();
      estimate_.omega.setZero();
    } else {
      // backward difference, then the first-order low-pass (if any)
      Vector6d twist;
      twist.head<3>() = (fk.t - previous_.t) / o_.control_period;
      twist.tail<3>() = rotation_log(fk.R * previous_.R.transpose()) / o_.control_period;
      if (o_.twist_cutoff > 0)
        twist_filtered_ += gain_ * (twist - twist_filtered_);
      else
        twist_filtered_ = twist;
      estimate_.v = twist_filtered_.head<3>();
      estimate_.omega = twist_filtered_.tail<3>();
    }
    previous_ = estimate_;
    return estimate_;
  }

 private:
  const PlatformSimulationOptions& o_;
  PlatformMotion estimate_, previous_;
  Vector6d twist_filtered_ = Vector6d::Zero();  // xd_f = [v; omega]
  double gain_;                                 // 1 - exp(-w_c T)
};

// Refuses a non-finite controller output, naming the step and the state.
void check_controller_forces(const Vector6d& F, long k, double tk, const PlatformMotion& x) {
  for (int i = 0; i < kLegs; ++i)
    if (!std::isfinite(F[i])) {
      std::ostringstream os;
      os << "simulate: the controller returned F[" << i << "] = " << F[i] << " at step " << k
         << ", t = " << tk << " s, state " << state_text(x);
      throw std::runtime_error(os.str());
    }
}

// Row k of the log: the state x (quaternion from y), forces, lengths and the desired motion.
void log_sample(PlatformSimulationResult& r, long k, double tk, const PlatformMotion& x,
                const VectorXd& y, const Vector6d& F, const Vector6d& L, const Vector6d& Lm,
                const PlatformController* controller) {
  r.time[k] = tk;
  r.t.row(k) = x.t.transpose();
  r.quaternion.row(k) = y.segment<4>(3).transpose() / y.segment<4>(3).norm();
  r.v.row(k) = x.v.transpose();
  r.omega.row(k) = x.omega.transpose();
  r.F.row(k) = F.transpose();
  r.L.row(k) = L.transpose();
  r.L_measured.row(k) = Lm.transpose();
  if (!r.has_reference) return;
  const PlatformMotion d = controller->desired(tk);
  const Eigen::Quaterniond qd(d.R);
  r.t_desired.row(k) = d.t.transpose();
  r.quaternion_desired.row(k) << qd.w(), qd.x(), qd.y(), qd.z();
  r.position_error.row(k) = (d.t - x.t).transpose();
  r.orientation_error.row(k) = rotation_log(d.R * x.R.transpose()).transpose();
}

}  // namespace

PlatformSimulationResult simulate(const StewartModel& plant, PlatformController* controller,
                                  const PlatformMotion& initial,
                                  const PlatformSimulationOptions& options) {
  const long intervals = check_options(initial, options);
  PlatformSimulationResult r;
  allocate_log(r, intervals + 1, controller != nullptr && controller->has_reference());

  StewartData data(plant), sensor(plant);
  VectorXd y = state_vector(initial);
  Vector6d F = Vector6d::Zero();
  SensedState sensed(initial, options);
  long calls = 0;

  // y' of the plant under the held forces (platform_state_derivative)
  const auto derivative = [&](double, const VectorXd& yy, VectorXd& yd) {
    platform_state_derivative(options.plant, plant, data, yy, F, options.wrench, yd);
    ++calls;
  };

  RungeKutta4 rk4(kPlatformStateSize);
  DormandPrince54 dopri(kPlatformStateSize, options.adaptive);

  for (long k = 0; k <= intervals; ++k) {
    const double tk = std::min(static_cast<double>(k) * options.control_period, options.duration);
    const PlatformMotion x = state_from_vector(y);

    // sensors: leg lengths of the plant, optionally quantised, then forward kinematics
    const Vector6d L = inverse_kinematics(plant, sensor, x).L;
    Vector6d Lm = L;
    const PlatformMotion* estimate = &x;
    if (options.length_bits > 0) {
      for (int i = 0; i < kLegs; ++i)
        Lm[i] = quantise(L[i] - options.length_offset, options.length_bits, options.length_range) +
                options.length_offset;
      estimate = &sensed.update(plant, k, Lm);
    }

    // controller, held until the next sample
    if (controller != nullptr) controller->compute(tk, *estimate, F);
    check_controller_forces(F, k, tk, x);

    // log
    log_sample(r, k, tk, x, y, F, L, Lm, controller);
    if (options.progress) options.progress(tk, options.duration);
    if (k == intervals) break;

    // plant over [t_k, t_k+1], then back onto the unit quaternion
    const double t1 =
        std::min(static_cast<double>(k + 1) * options.control_period, options.duration);
    try {
      if (options.integrator == IntegratorType::rk4) {
        r.plant_steps += rk4.integrate(derivative, tk, y, t1, options.step);
      } else {
        dopri.integrate(derivative, tk, y, t1);
        r.plant_steps = dopri.accepted();
        r.rejected_steps = dopri.rejected();
      }
      y.segment<4>(3) /= y.segment<4>(3).norm();
      for (Eigen::Index i = 0; i < y.size(); ++i)
        if (!std::isfinite(y[i])) throw std::runtime_error("the state is not finite");
    } catch (const std::exception& e) {
      std::ostringstream os;
      os << "simulate: step " << k << " from t = " << tk << " s failed (" << e.what()
         << "); last finite state " << state_text(x);
      throw std::runtime_error(os.str());
    }
  }
  r.dynamics_calls = calls;
  return r;
}

void write_platform_simulation_csv(std::ostream& os, const PlatformSimulationResult& r) {
  os << "time,tx,ty,tz,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz";
  for (int i = 1; i <= 6; ++i) os << ",L" << i;
  for (int i = 1; i <= 6; ++i) os << ",Lm" << i;
  for (int i = 1; i <= 6; ++i) os << ",F" << i;
  if (r.has_reference)
    os << ",td_x,td_y,td_z,qd_w,qd_x,qd_y,qd_z,ex,ey,ez,erx,ery,erz";
  os << "\n";
  os.precision(17);
  for (Eigen::Index k = 0; k < r.time.size(); ++k) {
    os << r.time[k];
    const auto row = [&](const MatrixXd& m) {
      for (Eigen::Index j = 0; j < m.cols(); ++j) os << ',' << m(k, j);
    };
    row(r.t);
    row(r.quaternion);
    row(r.v);
    row(r.omega);
    row(r.L);
    row(r.L_measured);
    row(r.F);
    if (r.has_reference) {
      row(r.t_desired);
      row(r.quaternion_desired);
      row(r.position_error);
      row(r.orientation_error);
    }
    os << "\n";
  }
}

}  // namespace manipdyn::stewart
