// Forward kinematics of the Stewart platform by Newton-Raphson (see forward_kinematics.hpp).
#include "manipdyn/stewart/forward_kinematics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>

#include <Eigen/Geometry>
#include <Eigen/LU>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"

namespace manipdyn::stewart {

namespace {

using Matrix6d = Eigen::Matrix<double, 6, 6>;

// Leg lengths L (6) and H = [s_i; q_i x s_i] (6 x 6) at pose (t, R) (Dasgupta eqs. 1-3, 36).
void lengths_and_jacobian(const StewartModel& model, const Vector3d& t, const Matrix3d& R,
                          Vector6d& L, Matrix6d& H) {
  for (int i = 0; i < kLegs; ++i) {
    const Vector3d q = R * model.p.col(i);
    const Vector3d S = q + t - model.b.col(i);
    L(i) = S.norm();
    const Vector3d s = L(i) > 0 ? Vector3d(S / L(i)) : Vector3d::Zero();
    H.col(i) = leg_jacobian_column<double>(s, q);
  }
}

// Newton-Raphson from (t, R) in result; fills result (pose, log, convergence); `worst_leg` is the
// leg of the largest final residual.
void newton(const StewartModel& model, const Vector6d& Lstar, const ForwardKinematicsOptions& o,
            ForwardKinematicsResult& res, int& worst_leg, bool& singular) {
  const double tol = o.tolerance * std::max(1.0, Lstar.maxCoeff());
  Vector6d L;
  Matrix6d H;
  singular = false;
  res.residual_log.clear();
  res.residual_log.reserve(8);
  res.converged = false;
  bool polishing = false;
  const double floor = 4 * std::numeric_limits<double>::epsilon() * Lstar.maxCoeff();
  for (int it = 0;; ++it) {
    // residual of the length equations
    lengths_and_jacobian(model, res.t, res.R, L, H);
    const Vector6d r = L - Lstar;
    Eigen::Index leg = 0;
    const double rmax = r.cwiseAbs().maxCoeff(&leg);
    worst_leg = static_cast<int>(leg);
    res.residual_log.push_back(rmax);
    res.residual = rmax;
    res.iterations = it;
    // converged: one more (polishing) step takes the residual to the rounding of L unless it
    // is there already, so that the pose error is not cond(H) * tolerance
    if (rmax <= tol) {
      if (polishing || rmax <= floor) {
        res.converged = true;
        break;
      }
      polishing = true;
    } else {
      polishing = false;
    }
    if (!std::isfinite(rmax) || it >= o.max_iterations + (polishing ? 1 : 0)) break;
    // Newton step H^T delta = -r, shortened for far starts
    const Matrix6d Jt = H.transpose();
    Eigen::PartialPivLU<Matrix6d> lu(Jt);
    if (!(lu.rcond() > 1e-14)) {
      singular = true;
      break;
    }
    Vector6d delta = lu.solve(Vector6d(-r));
    const double nt = delta.head<3>().norm(), nr = delta.tail<3>().norm();
    const double shrink = std::min({1.0, o.max_step_translation / nt, o.max_step_rotation / nr});
    delta *= shrink;
    // t += dt, R = exp([dphi]x) R
    res.t += delta.head<3>();
    const Vector3d dphi = delta.tail<3>();
    const double angle = dphi.norm();
    if (angle > 0) res.R = Eigen::AngleAxisd(angle, dphi / angle).toRotationMatrix() * res.R;
  }
  res.condition_number = leg_jacobian_condition(H);
  res.near_singular = res.condition_number > o.condition_warning;
  res.rpy = rpy_from_rotation(res.R);
}

void check_inputs(const char* where, const Vector6d& Lstar, const ForwardKinematicsOptions& o) {
  check_finite(where, "leg_lengths", Lstar);
  for (int i = 0; i < kLegs; ++i)
    if (!(Lstar(i) > 0)) {
      std::ostringstream os;
      os << where << ": leg_lengths[" << i << "] = " << Lstar(i) << " is not positive";
      throw std::invalid_argument(os.str());
    }
  const auto positive = [&](const char* name, double x) {
    if (!(x > 0) || !std::isfinite(x)) {
      std::ostringstream os;
      os << where << ": options." << name << " = " << x << " must be positive and finite";
      throw std::invalid_argument(os.str());
    }
  };
  positive("tolerance", o.tolerance);
  positive("max_step_translation", o.max_step_translation);
  positive("max_step_rotation", o.max_step_rotation);
  if (o.max_iterations < 1)
    throw std::invalid_argument(std::string(where) + ": options.max_iterations = " +
                                std::to_string(o.max_iterations) + " must be at least 1");
}

double rotation_angle(const Matrix3d& R) {
  return std::acos(std::clamp(0.5 * (R.trace() - 1.0), -1.0, 1.0));
}

}  // namespace

ForwardKinematicsResult forward_kinematics(const StewartModel& model, const Vector6d& leg_lengths,
                                           const Vector3d& t_guess, const Matrix3d& R_guess,
                                           const ForwardKinematicsOptions& options) {
  constexpr const char* where = "forward_kinematics";
  check_inputs(where, leg_lengths, options);
  check_finite(where, "t_guess", t_guess);
  check_finite(where, "R_guess", R_guess);
  const double err = (R_guess.transpose() * R_guess - Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (err > 1e-6 || R_guess.determinant() < 0) {
    std::ostringstream os;
    os << where << ": R_guess is not a rotation matrix (|R^T R - I| = " << err
       << ", det = " << R_guess.determinant() << ")";
    throw std::invalid_argument(os.str());
  }
  ForwardKinematicsResult res;
  res.t = t_guess;
  res.R = R_guess;
  int leg = 0;
  bool singular = false;
  newton(model, leg_lengths, options, res, leg, singular);
  if (!res.converged) {
    std::ostringstream os;
    os << where << ": Newton-Raphson did not converge ";
    if (singular)
      os << "(the Jacobian H^T is singular at iteration " << res.iterations << ")";
    else
      os << "in " << res.iterations << " iterations";
    os << ": residual max|L - L*| = " << res.residual << " m at leg " << leg + 1 << " (tolerance "
       << options.tolerance * std::max(1.0, leg_lengths.maxCoeff())
       << " m); the lengths may be unreachable or the guess too far (try forward_kinematics_all)";
    throw std::invalid_argument(os.str());
  }
  return res;
}

std::vector<ForwardKinematicsResult> forward_kinematics_all(const StewartModel& model,
                                                            const Vector6d& leg_lengths,
                                                            const ForwardKinematicsOptions& options) {
  constexpr const char* where = "forward_kinematics_all";
  check_inputs(where, leg_lengths, options);
  if (options.starts < 1)
    throw std::invalid_argument(std::string(where) + ": options.starts = " +
                                std::to_string(options.starts) + " must be at least 1");
  if (!(options.position_bound >= 0) || !std::isfinite(options.position_bound))
    throw std::invalid_argument(std::string(where) + ": options.position_bound must be >= 0 and finite");
  // the bound and the box of the starts, about the centroid of the base points
  const Vector3d centre = model.b.rowwise().mean();
  double bound = options.position_bound;
  if (bound == 0) {
    double rb = 0, rp = 0;
    for (int i = 0; i < kLegs; ++i) {
      rb = std::max(rb, (model.b.col(i) - centre).norm());
      rp = std::max(rp, model.p.col(i).norm());
    }
    bound = rb + rp + leg_lengths.maxCoeff();
  }
  const double height = leg_lengths.mean();
  std::mt19937 rng(options.seed);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::vector<ForwardKinematicsResult> found;
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k < options.starts; ++k) {
    // the start: above and below the base, then random
    ForwardKinematicsResult res;
    if (k < 2) {
      res.t = centre + Vector3d(0, 0, k == 0 ? height : -height);
      res.R = Matrix3d::Identity();
    } else {
      res.t = centre + bound * Vector3d(uni(rng), uni(rng), uni(rng));
      Eigen::Quaterniond qr(gauss(rng), gauss(rng), gauss(rng), gauss(rng));
      res.R = qr.normalized().toRotationMatrix();
    }
    int leg = 0;
    bool singular = false;
    newton(model, leg_lengths, options, res, leg, singular);
    best = std::min(best, res.residual);
    if (!res.converged) continue;
    // within the bounds, and not an assembly found before
    if ((res.t - centre).norm() > bound || rotation_angle(res.R) > options.orientation_bound) continue;
    const bool seen = std::any_of(found.begin(), found.end(), [&](const ForwardKinematicsResult& f) {
      return (f.t - res.t).norm() <= options.distinct_tolerance &&
             rotation_angle(f.R.transpose() * res.R) <= options.distinct_tolerance;
    });
    if (!seen) found.push_back(std::move(res));
  }
  if (found.empty()) {
    std::ostringstream os;
    os << where << ": none of " << options.starts
       << " starts converged within the bounds: smallest residual max|L - L*| = " << best
       << " m; the lengths may be unreachable";
    throw std::invalid_argument(os.str());
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    if (a.t.z() != b.t.z()) return a.t.z() > b.t.z();
    return a.t.x() > b.t.x();
  });
  return found;
}

}  // namespace manipdyn::stewart
