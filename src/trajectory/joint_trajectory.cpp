#include "manipdyn/trajectory/joint_trajectory.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

namespace {

// Checks the via points and durations common to every profile; returns the arrival times.
std::vector<double> check_points(const char* where, const std::vector<VectorXd>& points,
                                 const std::vector<double>& durations, double start_time) {
  if (points.size() < 2) {
    std::ostringstream os;
    os << where << ": needs at least 2 points (start and goal), got " << points.size();
    throw std::invalid_argument(os.str());
  }
  if (durations.size() != points.size() - 1) {
    std::ostringstream os;
    os << where << ": " << points.size() << " points need " << points.size() - 1
       << " segment durations, got " << durations.size();
    throw std::invalid_argument(os.str());
  }
  check_finite_scalar(where, "start_time", start_time);
  const Eigen::Index n = points.front().size();
  if (n < 1) throw std::invalid_argument(std::string(where) + ": point 1 is empty");
  for (std::size_t k = 0; k < points.size(); ++k)
    check_vector(where, "point " + std::to_string(k + 1), points[k], n);
  std::vector<double> times{start_time};
  for (std::size_t k = 0; k < durations.size(); ++k) {
    if (!std::isfinite(durations[k]) || durations[k] <= 0.0) {
      std::ostringstream os;
      os << where << ": segment " << k + 1 << " has duration " << durations[k]
         << " s, expected a finite duration > 0";
      throw std::invalid_argument(os.str());
    }
    if (times.back() + durations[k] == times.back()) {
      std::ostringstream os;
      os << where << ": segment " << k + 1 << " has duration " << durations[k]
         << " s, lost in its start time " << times.back()
         << " s (the segment would have no length)";
      throw std::invalid_argument(os.str());
    }
    times.push_back(times.back() + durations[k]);
  }
  return times;
}

// Refuses a segment whose derivatives overflow a double: the peak velocity and acceleration of
// each joint, as evaluate() computes them from the segment's duration T (from the arrival times)
// and its blend time tb (quintic: 15/8 |delta| / T and 10 / (sqrt(3) T^2) |delta|; LSPB:
// V = |delta| / (T - tb) and V / tb).
void check_derivatives(const char* where, ProfileShape shape, const std::vector<VectorXd>& points,
                       const std::vector<double>& times, const std::vector<double>& blend) {
  for (std::size_t k = 0; k + 1 < times.size(); ++k) {
    const double T = times[k + 1] - times[k];
    const auto refuse = [&](const std::string& what) {
      std::ostringstream os;
      os << where << ": segment " << k + 1 << " has duration " << T << " s, too short: " << what
         << " overflows";
      throw std::invalid_argument(os.str());
    };
    // the quintic profile's own peak acceleration (a zero move times inf would be nan)
    const double ds_peak = 15.0 / 8.0 / T;
    const double dds_peak = 10.0 / std::sqrt(3.0) / (T * T);
    if (shape == ProfileShape::quintic && !(std::isfinite(ds_peak) && std::isfinite(dds_peak)))
      refuse("the profile's peak acceleration 10 / (sqrt(3) T^2)");
    for (Eigen::Index i = 0; i < points[k].size(); ++i) {
      const double delta = std::abs(points[k + 1][i] - points[k][i]);
      const double velocity =
          shape == ProfileShape::quintic ? delta * ds_peak : delta / (T - blend[k]);
      const double acceleration =
          shape == ProfileShape::quintic ? delta * dds_peak : velocity / blend[k];
      std::ostringstream joint;
      joint << "joint " << i + 1 << " (moving " << delta << ")";
      if (!std::isfinite(velocity)) refuse("the peak velocity of " + joint.str());
      if (!std::isfinite(acceleration)) refuse("the peak acceleration of " + joint.str());
    }
  }
}

}  // namespace

JointTrajectory JointTrajectory::quintic(const std::vector<VectorXd>& points,
                                         const std::vector<double>& durations,
                                         double start_time) {
  JointTrajectory t;
  t.times_ = check_points("quintic", points, durations, start_time);
  t.shape_ = ProfileShape::quintic;
  t.n_ = static_cast<int>(points.front().size());
  t.points_ = points;
  t.blend_.assign(durations.size(), 0.0);
  check_derivatives("quintic", t.shape_, t.points_, t.times_, t.blend_);
  return t;
}

JointTrajectory JointTrajectory::lspb(const std::vector<VectorXd>& points,
                                      const std::vector<double>& durations, double blend_time,
                                      double start_time) {
  JointTrajectory t;
  t.times_ = check_points("lspb", points, durations, start_time);
  for (std::size_t k = 0; k < durations.size(); ++k)
    if (!(blend_time > 0.0) || !(blend_time <= 0.5 * durations[k]) || !std::isfinite(blend_time)) {
      std::ostringstream os;
      os << "lspb: blend time " << blend_time << " s is infeasible for segment " << k + 1
         << " of duration " << durations[k] << " s (expected 0 < blend time <= "
         << 0.5 * durations[k] << " s, half the duration)";
      throw std::invalid_argument(os.str());
    }
  t.shape_ = ProfileShape::lspb;
  t.n_ = static_cast<int>(points.front().size());
  t.points_ = points;
  t.blend_.assign(durations.size(), blend_time);
  check_derivatives("lspb", t.shape_, t.points_, t.times_, t.blend_);
  return t;
}

JointTrajectory JointTrajectory::lspb_fraction(const std::vector<VectorXd>& points,
                                               const std::vector<double>& durations,
                                               double blend_fraction, double start_time) {
  if (!(blend_fraction > 0.0 && blend_fraction <= 0.5)) {
    std::ostringstream os;
    os << "lspb: blend fraction " << blend_fraction
       << " is infeasible (expected 0 < fraction <= 0.5 of each segment's duration)";
    throw std::invalid_argument(os.str());
  }
  JointTrajectory t = lspb(points, durations,
                           blend_fraction * *std::min_element(durations.begin(), durations.end()),
                           start_time);
  for (std::size_t k = 0; k < durations.size(); ++k) t.blend_[k] = blend_fraction * durations[k];
  check_derivatives("lspb", t.shape_, t.points_, t.times_, t.blend_);
  return t;
}

void JointTrajectory::evaluate(double t, Eigen::Ref<VectorXd> q, Eigen::Ref<VectorXd> qd,
                               Eigen::Ref<VectorXd> qdd) const {
  check_finite_scalar("JointTrajectory::evaluate", "t", t);
  check_size("JointTrajectory::evaluate", "q", q, n_);
  check_size("JointTrajectory::evaluate", "qd", qd, n_);
  check_size("JointTrajectory::evaluate", "qdd", qdd, n_);
  if (points_.empty())
    throw std::invalid_argument("JointTrajectory::evaluate: the trajectory is empty");
  // Hold the end points outside [start, end].
  if (t <= times_.front() || t >= times_.back()) {
    q = t <= times_.front() ? points_.front() : points_.back();
    qd.setZero();
    qdd.setZero();
    return;
  }
  // The segment holding t.
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  const std::size_t k = static_cast<std::size_t>(it - times_.begin()) - 1;
  const double T = times_[k + 1] - times_[k];
  const double tau = t - times_[k];
  const VectorXd& p0 = points_[k];
  const VectorXd& p1 = points_[k + 1];
  if (shape_ == ProfileShape::quintic) {
    // s(u) = 10u^3 - 15u^4 + 6u^5 and its derivatives, u = tau / T.
    const double u = tau / T, u2 = u * u, u3 = u2 * u;
    const double s = u3 * (10.0 - 15.0 * u + 6.0 * u2);
    const double ds = 30.0 * u2 * (1.0 - 2.0 * u + u2) / T;
    const double dds = 60.0 * u * (1.0 - 3.0 * u + 2.0 * u2) / (T * T);
    for (int i = 0; i < n_; ++i) {
      const double delta = p1[i] - p0[i];
      q[i] = p0[i] + delta * s;
      qd[i] = delta * ds;
      qdd[i] = delta * dds;
    }
    return;
  }
  // LSPB: cruise velocity V = delta / (T - tb), blend acceleration V / tb.
  const double tb = blend_[k];
  for (int i = 0; i < n_; ++i) {
    const double delta = p1[i] - p0[i];
    const double V = delta / (T - tb);
    const double acc = V / tb;
    if (tau < tb) {
      q[i] = p0[i] + 0.5 * acc * tau * tau;
      qd[i] = acc * tau;
      qdd[i] = acc;
    } else if (tau <= T - tb) {
      q[i] = p0[i] + 0.5 * acc * tb * tb + V * (tau - tb);
      qd[i] = V;
      qdd[i] = 0.0;
    } else {
      const double r = T - tau;
      q[i] = p1[i] - 0.5 * acc * r * r;
      qd[i] = acc * r;
      qdd[i] = -acc;
    }
  }
}

JointTrajectory::Sample JointTrajectory::operator()(double t) const {
  Sample s{VectorXd(n_), VectorXd(n_), VectorXd(n_)};
  evaluate(t, s.q, s.qd, s.qdd);
  return s;
}

}  // namespace manipdyn
