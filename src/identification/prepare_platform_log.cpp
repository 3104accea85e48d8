// prepare_platform_log and identify_payload_from_log (manipdyn/identification/platform_log.hpp): from a
// platform log to uniform, filtered, differentiated motions and leg forces, and the payload.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "log_grid.hpp"
#include "manipdyn/identification/filter.hpp"
#include "manipdyn/identification/platform_log.hpp"

namespace manipdyn::stewart {
namespace {

constexpr const char* kWhere = "prepare_platform_log";
using detail::hz;

[[noreturn]] void fail(const std::string& what) {
  throw std::invalid_argument(std::string(kWhere) + ": " + what);
}

// The rate of the uniform grid after checking the log's shape and the options; the force
// cutoff and the decimation factor resolved.
struct Grid {
  double rate = 0, force_cutoff = 0;
  int decimate = 1, trim = 0;
};

Grid checked_grid(const PlatformLog& log, const PlatformLogFilterOptions& o) {
  const auto N = static_cast<Eigen::Index>(log.samples());
  if (N < min_platform_log_samples || log.t.rows() != N || log.t.cols() != 3 ||
      log.quaternion.rows() != N || log.quaternion.cols() != 4 || log.F.rows() != N || log.F.cols() != 6)
    fail("the log has " + std::to_string(N) + " times, t " + std::to_string(log.t.rows()) + " x " +
         std::to_string(log.t.cols()) + ", quaternion " + std::to_string(log.quaternion.rows()) + " x " +
         std::to_string(log.quaternion.cols()) + ", F " + std::to_string(log.F.rows()) + " x " +
         std::to_string(log.F.cols()) + ": expected at least " + std::to_string(min_platform_log_samples) +
         " samples of N x 3, N x 4 and N x 6");
  Grid g;
  if (o.filter_order < 1 || o.filter_order > 10)
    fail("filter_order is " + std::to_string(o.filter_order) + ", expected 1 to 10");
  g.force_cutoff = o.force_cutoff == 0 ? o.cutoff : o.force_cutoff;
  // the grid: given, or the log's rate raised to min_rate_per_cutoff x the highest cutoff
  const double highest = std::max(o.cutoff, g.force_cutoff);
  g.rate = o.sample_rate != 0 ? o.sample_rate
                              : std::max(detail::median_sample_rate(log.time),
                                         PlatformLogFilterOptions::min_rate_per_cutoff * highest);
  if (!std::isfinite(g.rate) || g.rate <= 0)
    fail("sample_rate is " + hz(o.sample_rate) + ", expected a positive rate (or 0: automatic)");
  for (const auto& [name, value] : {std::pair{"cutoff", o.cutoff}, {"force_cutoff", g.force_cutoff}})
    if (!std::isfinite(value) || value <= 0 || value >= g.rate / 2)
      fail(std::string(name) + " is " + hz(value) + ", expected above 0 and below the Nyquist " +
           "frequency " + hz(g.rate / 2) + " of the " + hz(g.rate) + " samples");
  // decimation: given, or the largest whose Nyquist frequency is above 1.25 x the cutoffs
  if (o.decimate < 0) fail("decimate is " + std::to_string(o.decimate) + ", expected 0 (automatic) or more");
  g.decimate = o.decimate > 0 ? o.decimate : std::max(1, static_cast<int>(g.rate / (2.5 * highest)));
  if (highest >= g.rate / (2.0 * g.decimate))
    fail("decimate " + std::to_string(g.decimate) + " leaves " + hz(g.rate / g.decimate) +
         " samples whose Nyquist frequency " + hz(g.rate / (2.0 * g.decimate)) +
         " is not above the cutoff " + hz(highest) + ": it would alias; lower the cutoff or the decimation");
  g.trim = o.trim >= 0 ? o.trim
                       : static_cast<int>(std::ceil(3.0 * g.rate / std::min(o.cutoff, g.force_cutoff)));
  return g;
}

// The quaternions (N x 4) with q_k -> -q_k wherever q_k . q_{k-1} < 0: one continuous path.
MatrixXd continuous_quaternions(const MatrixXd& q) {
  MatrixXd out = q;
  for (Eigen::Index k = 1; k < out.rows(); ++k)
    if (out.row(k).dot(out.row(k - 1)) < 0) out.row(k) *= -1.0;
  return out;
}

// omega (N x 3, base frame) = 2 vec(dq conj(q)) / |q|^2 for quaternions q (w, x, y, z) and their
// derivatives dq (N x 4): from dq/dt = 1/2 (0, omega) q, valid for any |q| > 0 (the scale's
// derivative stays in the scalar part). vec(p conj(q)) = q_w p_v - p_w q_v - p_v x q_v.
MatrixXd angular_velocity(const MatrixXd& q, const MatrixXd& dq) {
  MatrixXd omega(q.rows(), 3);
  for (Eigen::Index k = 0; k < q.rows(); ++k) {
    const Vector3d qv = q.row(k).tail<3>().transpose(), pv = dq.row(k).tail<3>().transpose();
    const Vector3d w = q(k, 0) * pv - dq(k, 0) * qv - pv.cross(qv);
    omega.row(k) = (2.0 / q.row(k).squaredNorm() * w).transpose();
  }
  return omega;
}

}  // namespace

PlatformSamples prepare_platform_log(const PlatformLog& log, const PlatformLogFilterOptions& o) {
  const Grid g = checked_grid(log, o);
  // resample the position, the continuous quaternions and the forces onto the uniform grid
  MatrixXd raw(log.samples(), 13);
  raw << log.t, continuous_quaternions(log.quaternion), log.F;
  VectorXd grid;
  const MatrixXd uniform = resample_uniform(log.time, raw, g.rate, grid);
  const Eigen::Index padlen = 3 * (o.filter_order + 1);
  if (grid.size() <= padlen)
    fail("the log " + log.source + " spans " + std::to_string(grid.size()) + " samples at " + hz(g.rate) +
         ", too short for the order-" + std::to_string(o.filter_order) +
         " filter's padding, which needs more than " + std::to_string(padlen));
  // low-pass the pose and the forces, zero phase
  const FilterCoefficients pose = detail::checked_lowpass(kWhere, o.filter_order, o.cutoff, g.rate);
  const FilterCoefficients forces = detail::checked_lowpass(kWhere, o.filter_order, g.force_cutoff, g.rate);
  const MatrixXd filtered = filtfilt(pose.b, pose.a, uniform.leftCols(7));
  const MatrixXd F = filtfilt(forces.b, forces.a, uniform.rightCols(6));
  // differentiate: v, a from the position; omega from the quaternion, alpha from omega
  const double h = 1.0 / g.rate;
  const MatrixXd v = central_difference(filtered.leftCols(3), h);
  const MatrixXd a = central_difference(v, h);
  const MatrixXd q = filtered.rightCols(4);
  const MatrixXd omega = angular_velocity(q, central_difference(q, h));
  const MatrixXd alpha = central_difference(omega, h);
  // trim, select the range, decimate; R from the normalised quaternion
  const std::vector<Eigen::Index> kept =
      detail::kept_grid_samples(kWhere, log.time, o.first, o.last, g.trim, g.decimate, grid, g.rate);
  PlatformSamples s;
  s.source = log.source;
  s.sample_rate = g.rate / g.decimate;
  s.time.resize(static_cast<Eigen::Index>(kept.size()));
  s.F = detail::rows_of(F, kept);
  for (std::size_t k = 0; k < kept.size(); ++k) {
    const Eigen::Index j = kept[k];
    s.time[static_cast<Eigen::Index>(k)] = grid[j];
    PlatformMotion m;
    m.t = filtered.row(j).head<3>().transpose();
    m.R = Eigen::Quaterniond(q(j, 0), q(j, 1), q(j, 2), q(j, 3)).normalized().toRotationMatrix();
    m.v = v.row(j).transpose();
    m.a = a.row(j).transpose();
    m.omega = omega.row(j).transpose();
    m.alpha = alpha.row(j).transpose();
    s.motions.push_back(m);
  }
  return s;
}

PayloadEstimate identify_payload_from_log(const StewartModel& model, const PlatformLog& log,
                                                const PlatformLogFilterOptions& filter_options,
                                                const PayloadIdentificationOptions& payload_options) {
  const PlatformSamples s = prepare_platform_log(log, filter_options);
  try {
    return identify_payload(model, s.motions, s.F, payload_options);
  } catch (const std::invalid_argument& e) {
    // name the log, and what the sample numbers count
    std::ostringstream os;
    os << "the log " << log.source << " (" << s.samples() << " samples prepared at " << s.sample_rate
       << " Hz): " << e.what();
    throw std::invalid_argument(os.str());
  }
}

}  // namespace manipdyn::stewart
