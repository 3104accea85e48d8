// prepare_motion_log (manipdyn/identification/filter.hpp): from a motion log to uniform,
// filtered, differentiated samples for identification.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/core/check.hpp"
#include "manipdyn/identification/filter.hpp"
#include "log_grid.hpp"

namespace manipdyn {
namespace {

using detail::hz;

constexpr const char* kWhere = "prepare_motion_log";

[[noreturn]] void fail(const std::string& what) {
  throw std::invalid_argument(std::string(kWhere) + ": " + what);
}

// The log's shape, and the options against it; returns the uniform grid's rate.
double checked_rate(const MotionLog& log, const LogFilterOptions& o) {
  const int n = log.n, N = log.samples();
  if (n <= 0 || N < min_motion_log_samples || log.q.rows() != N || log.q.cols() != n)
    fail("the log has " + std::to_string(N) + " samples of q (" + std::to_string(log.q.rows()) +
         " x " + std::to_string(log.q.cols()) + ") for " + std::to_string(n) +
         " joints, expected at least " + std::to_string(min_motion_log_samples) + " samples");
  const double rate = o.sample_rate == 0 ? detail::median_sample_rate(log.t) : o.sample_rate;
  if (!std::isfinite(rate) || rate <= 0)
    fail("sample_rate is " + hz(o.sample_rate) + ", expected a positive rate (or 0: the log's)");
  if (o.filter_order < 1 || o.filter_order > 10)
    fail("filter_order is " + std::to_string(o.filter_order) + ", expected 1 to 10");
  const double tau_cutoff = !o.filter_tau ? o.cutoff : o.tau_cutoff == 0 ? o.cutoff : o.tau_cutoff;
  for (const auto& [name, value] : {std::pair{"cutoff", o.cutoff}, {"tau_cutoff", tau_cutoff}})
    if (!std::isfinite(value) || value <= 0 || value >= rate / 2)
      fail(std::string(name) + " is " + hz(value) + ", expected above 0 and below the Nyquist " +
           "frequency " + hz(rate / 2) + " of the " + hz(rate) + " samples");
  if (o.decimate < 1) fail("decimate is " + std::to_string(o.decimate) + ", expected at least 1");
  if (std::max(o.cutoff, tau_cutoff) >= rate / (2.0 * o.decimate))
    fail("decimate " + std::to_string(o.decimate) + " leaves " + hz(rate / o.decimate) +
         " samples whose Nyquist frequency " + hz(rate / (2.0 * o.decimate)) +
         " is not above the cutoff " + hz(std::max(o.cutoff, tau_cutoff)) +
         ": it would alias; lower the cutoff or the decimation");
  return rate;
}

// The torque source: the tau columns, or the currents when drive_gains are given.
const MatrixXd& torque_source(const MotionLog& log, const LogFilterOptions& o) {
  if (o.drive_gains.size() == 0) {
    if (!log.has_tau)
      fail("the log " + log.source + " has currents but no tau columns: give drive_gains (" +
           std::to_string(log.n) + ", N m / A) to make tau = gain * i");
    return log.tau;
  }
  check_size(kWhere, "drive_gains", o.drive_gains, log.n);
  check_finite(kWhere, "drive_gains", o.drive_gains);
  if (!log.has_current)
    fail("drive_gains are given but the log " + log.source + " has no current columns i1..i" +
         std::to_string(log.n));
  return log.current;
}

// A measured qd column that is zero throughout while its q moves (more than 1e-3) was not
// recorded: refused, rather than taken as a velocity.
void check_measured_qd(const MotionLog& log) {
  for (int j = 0; j < log.n; ++j) {
    const double moved = log.q.col(j).maxCoeff() - log.q.col(j).minCoeff();
    if (log.qd.col(j).cwiseAbs().maxCoeff() == 0 && moved > 1e-3) {
      std::ostringstream os;
      os << "the log " << log.source << " has qd" << j + 1 << " = 0 throughout while q" << j + 1
         << " moves by " << moved << ": its velocities were not recorded; set use_measured_qd "
         << "to false to differentiate q";
      fail(os.str());
    }
  }
}

}  // namespace

IdentificationSamples prepare_motion_log(const MotionLog& log, const LogFilterOptions& o) {
  const double rate = checked_rate(log, o);
  const double tau_cutoff = !o.filter_tau ? o.cutoff : o.tau_cutoff == 0 ? o.cutoff : o.tau_cutoff;
  const MatrixXd& torque = torque_source(log, o);
  const int n = log.n;
  const bool measured_qd = o.use_measured_qd && log.has_qd;
  if (measured_qd) check_measured_qd(log);
  // resample q, qd (if used) and the torque source together onto the uniform grid
  MatrixXd raw(log.samples(), n * (measured_qd ? 3 : 2));
  raw.leftCols(n) = log.q;
  if (measured_qd) raw.middleCols(n, n) = log.qd;
  raw.rightCols(n) = torque;
  VectorXd grid;
  const MatrixXd uniform = resample_uniform(log.t, raw, rate, grid);
  const Eigen::Index padlen = 3 * (o.filter_order + 1);
  if (grid.size() <= padlen)
    fail("the log " + log.source + " spans " + std::to_string(grid.size()) + " samples at " +
         hz(rate) + ", too short for the order-" + std::to_string(o.filter_order) +
         " filter's padding, which needs more than " + std::to_string(padlen));
  // low-pass the motion and the torques, zero phase
  const FilterCoefficients motion = detail::checked_lowpass(kWhere, o.filter_order, o.cutoff, rate);
  const FilterCoefficients torques = detail::checked_lowpass(kWhere, o.filter_order, tau_cutoff, rate);
  const MatrixXd moving = filtfilt(motion.b, motion.a, uniform.leftCols(uniform.cols() - n));
  MatrixXd tau = o.filter_tau ? filtfilt(torques.b, torques.a, uniform.rightCols(n))
                              : MatrixXd(uniform.rightCols(n));
  if (o.drive_gains.size() != 0) tau = tau * o.drive_gains.asDiagonal();
  // differentiate: qd (unless measured), then qdd
  const double h = 1.0 / rate;
  const MatrixXd qd =
      measured_qd ? MatrixXd(moving.rightCols(n)) : central_difference(moving.leftCols(n), h);
  const MatrixXd qdd = central_difference(qd, h);
  // trim, select the range, decimate
  const int trim = o.trim >= 0
                       ? o.trim
                       : static_cast<int>(std::ceil(3.0 * rate / std::min(o.cutoff, tau_cutoff)));
  const std::vector<Eigen::Index> kept =
      detail::kept_grid_samples(kWhere, log.t, o.first, o.last, trim, o.decimate, grid, rate);
  IdentificationSamples s;
  s.source = log.source;
  s.sample_rate = rate / o.decimate;
  s.t.resize(static_cast<Eigen::Index>(kept.size()));
  for (std::size_t k = 0; k < kept.size(); ++k) s.t[static_cast<Eigen::Index>(k)] = grid[kept[k]];
  s.q = detail::rows_of(moving.leftCols(n), kept);
  s.qd = detail::rows_of(qd, kept);
  s.qdd = detail::rows_of(qdd, kept);
  s.tau = detail::rows_of(tau, kept);
  return s;
}

}  // namespace manipdyn
