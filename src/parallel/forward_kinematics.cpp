// Forward kinematics of a parallel robot and the conditioning of its singularities
// (forward_kinematics.hpp).
#include "manipdyn/parallel/forward_kinematics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <stdexcept>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/SVD>

#include "manipdyn/parallel/kinematics.hpp"

namespace manipdyn::parallel {

namespace {

// q_a - q_a* (revolute actuators modulo 2 pi) of the legs in data.
VectorXd actuator_gap(const ParallelModel& model, const ParallelData& data, const VectorXd& target) {
  VectorXd r(model.actuated_count());
  for (int k = 0; k < model.actuated_count(); ++k) {
    const auto [i, j] = model.actuators[static_cast<std::size_t>(k)];
    double e = data.q[static_cast<std::size_t>(i)](j) - target(k);
    if (model.legs[static_cast<std::size_t>(i)].chain.links[static_cast<std::size_t>(j)].type == JointType::revolute)
      e = std::remainder(e, 2 * std::numbers::pi);
    r(k) = e;
  }
  return r;
}

// q_a(x) - q_a* after closing the legs at (t, R); data.A too.
VectorXd actuator_residual(const ParallelModel& model, ParallelData& data, const VectorXd& target,
                           const Vector3d& t, const Matrix3d& R) {
  PlatformMotion x;
  x.t = t;
  x.R = R;
  leg_motion(model, data, x);
  return actuator_gap(model, data, target);
}

void check_target(const char* where, const ParallelModel& model, const VectorXd& q_actuated) {
  if (q_actuated.size() != model.actuated_count())
    throw std::invalid_argument(std::string(where) + ": q_actuated has size " + std::to_string(q_actuated.size()) +
                                ", expected " + std::to_string(model.actuated_count()) + " (the actuated joints of '" +
                                model.name + "')");
  for (int k = 0; k < q_actuated.size(); ++k)
    if (!std::isfinite(q_actuated(k)))
      throw std::invalid_argument(std::string(where) + ": q_actuated[" + std::to_string(k) + "] is not finite");
}

// Newton from (t, R) on the legs of data; fills res (converged or not), never throws for a start
// that wanders off (an unreachable pose ends the start).
void newton(const ParallelModel& model, ParallelData& data, const VectorXd& target, Vector3d t, Matrix3d R,
            const ForwardKinematicsOptions& o, ForwardKinematicsResult& res) {
  const double scale = std::max(1.0, target.cwiseAbs().maxCoeff());
  const bool restricted = !model.dependent.empty();
  for (int it = 0;; ++it) {
    VectorXd r;
    if (restricted) {  // the dependent coordinates follow the independent ones
      PlatformMotion x;
      x.t = t;
      x.R = R;
      x = complete_motion(model, data, x);
      t = x.t;
      R = x.R;
      r = actuator_gap(model, data, target);
    } else {
      r = actuator_residual(model, data, target, t, R);
    }
    res.residual = r.cwiseAbs().maxCoeff();
    res.iterations = it;
    res.t = t;
    res.R = R;
    if (res.residual <= o.tolerance * scale) {
      res.converged = true;
      break;
    }
    if (it >= o.max_iterations) break;
    Eigen::PartialPivLU<MatrixXd> lu(restricted ? data.AN : data.A);
    VectorXd dx = lu.solve(VectorXd(-r));
    if (restricted) dx = data.N * dx;
    if (!dx.allFinite()) break;
    Vector6d V = model.E * dx;
    const double lin = V.head<3>().norm(), ang = V.tail<3>().norm();
    double shrink = 1.0;
    if (lin > o.max_step_translation) shrink = std::min(shrink, o.max_step_translation / lin);
    if (ang > o.max_step_rotation) shrink = std::min(shrink, o.max_step_rotation / ang);
    V *= shrink;
    t += V.head<3>();
    if (ang > 0) R = Eigen::AngleAxisd(V.tail<3>().norm(), V.tail<3>().normalized()).toRotationMatrix() * R;
  }
  res.q.assign(data.q.begin(), data.q.end());
}

}  // namespace

ForwardKinematicsResult forward_kinematics(const ParallelModel& model, ParallelData& data,
                                           const VectorXd& q_actuated, const Vector3d& t_guess,
                                           const Matrix3d& R_guess, const ForwardKinematicsOptions& options) {
  static constexpr const char* where = "forward_kinematics";
  check_target(where, model, q_actuated);
  ForwardKinematicsResult res;
  newton(model, data, q_actuated, t_guess, R_guess, options, res);
  if (!res.converged) {
    std::ostringstream os;
    os << where << ": Newton's method did not converge in " << res.iterations << " iterations: max |q_a - q_a*| = "
       << res.residual << " (a pose the actuators cannot reach from this guess, or a singular one)";
    throw std::invalid_argument(os.str());
  }
  return res;
}

std::vector<ForwardKinematicsResult> forward_kinematics_all(const ParallelModel& model, const VectorXd& q_actuated,
                                                            const ForwardKinematicsOptions& o) {
  static constexpr const char* where = "forward_kinematics_all";
  check_target(where, model, q_actuated);
  if (o.starts < 1 || o.starts > 100000)
    throw std::invalid_argument(std::string(where) + ": starts must be in [1, 100000] (got " + std::to_string(o.starts) + ")");
  double bound = o.position_bound;
  if (!(bound > 0)) {
    for (int i = 0; i < model.leg_count(); ++i) {
      const Leg& leg = model.legs[static_cast<std::size_t>(i)];
      bound = std::max(bound, 2.0 * ((model.home * leg.platform_point) - leg.chain.base.translation()).norm());
    }
  }
  const bool rotates = model.mobility == Mobility::spatial || model.mobility == Mobility::planar;
  const bool planar = model.mobility == Mobility::planar || model.mobility == Mobility::planar_translation;
  std::mt19937 rng(o.seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<ForwardKinematicsResult> found;
  double best_residual = std::numeric_limits<double>::infinity();
  for (int s = 0; s < o.starts; ++s) {
    Vector3d t = model.home.translation();
    Matrix3d R = model.home.linear();
    if (s > 0) {
      t += bound * Vector3d(unit(rng), unit(rng), planar ? 0.0 : unit(rng));
      if (rotates) {
        Vector3d axis = planar ? Vector3d::UnitZ() : Vector3d(unit(rng), unit(rng), unit(rng));
        if (axis.norm() < 1e-9) axis = Vector3d::UnitZ();
        R = Eigen::AngleAxisd(o.orientation_bound * unit(rng), axis.normalized()).toRotationMatrix() * R;
      }
    }
    ParallelData data(model);  // the legs from their home assembly
    ForwardKinematicsResult res;
    try {
      newton(model, data, q_actuated, t, R, o, res);
    } catch (const std::invalid_argument&) {
      continue;  // the start led a leg out of reach or through a singularity
    }
    best_residual = std::min(best_residual, res.residual);
    if (!res.converged) continue;
    const bool seen = std::any_of(found.begin(), found.end(), [&](const ForwardKinematicsResult& f) {
      if ((f.t - res.t).norm() > o.distinct_tolerance) return false;
      return Eigen::AngleAxisd(f.R.transpose() * res.R).angle() <= o.distinct_tolerance;
    });
    if (!seen) found.push_back(std::move(res));
  }
  if (found.empty()) {
    std::ostringstream os;
    os << where << ": no start of " << o.starts << " converged (smallest residual " << best_residual
       << "): the actuated joint values may be unreachable";
    throw std::invalid_argument(os.str());
  }
  std::sort(found.begin(), found.end(),
            [](const ForwardKinematicsResult& a, const ForwardKinematicsResult& b) { return a.t.z() > b.t.z(); });
  return found;
}

Conditioning conditioning(const ParallelModel& model, ParallelData& data, const Vector3d& t, const Matrix3d& R) {
  PlatformMotion x;
  x.t = t;
  x.R = R;
  leg_motion(model, data, x);
  Conditioning c;
  double length = 0;
  for (const Leg& leg : model.legs) length += leg.platform_point.norm() / model.leg_count();
  c.characteristic_length = length > 0 ? length : 1.0;
  MatrixXd A = data.A;
  for (int k = 0; k < model.platform_dof(); ++k)
    if (model.E.col(k).tail<3>().squaredNorm() > 0) A.col(k) /= c.characteristic_length;
  if (!model.dependent.empty()) A = A * data.N;  // over the allowed rates
  const Eigen::JacobiSVD<MatrixXd> svd(A);
  const auto& s = svd.singularValues();
  c.actuation = s(0) > 0 ? s(s.size() - 1) / s(0) : 0.0;
  c.legs = 1.0;
  for (int i = 0; i < model.leg_count(); ++i) {
    const Eigen::JacobiSVD<MatrixXd> leg_svd(MatrixXd(data.J[static_cast<std::size_t>(i)]));
    const auto& ls = leg_svd.singularValues();
    const double ratio = ls(0) > 0 ? ls(ls.size() - 1) / ls(0) : 0.0;
    if (ratio < c.legs) {
      c.legs = ratio;
      c.worst_leg = i;
    }
  }
  return c;
}

}  // namespace manipdyn::parallel
