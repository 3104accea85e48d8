// The steps shared by the log preparations (log_grid.hpp): rate, checked low-pass, kept samples.
#include "log_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace manipdyn::detail {
namespace {

[[noreturn]] void fail(const char* where, const std::string& what) {
  throw std::invalid_argument(std::string(where) + ": " + what);
}

}  // namespace

std::string hz(double x) {
  std::ostringstream os;
  os << x << " Hz";
  return os.str();
}

double median_sample_rate(const VectorXd& t) {
  std::vector<double> steps(static_cast<std::size_t>(t.size() - 1));
  for (std::size_t i = 0; i < steps.size(); ++i)
    steps[i] = t[static_cast<Eigen::Index>(i) + 1] - t[static_cast<Eigen::Index>(i)];
  const auto mid = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
  std::nth_element(steps.begin(), mid, steps.end());
  return 1.0 / *mid;
}

std::vector<Eigen::Index> kept_grid_samples(const char* where, const VectorXd& t, int first,
                                            int last_in, int trim, int decimate,
                                            const VectorXd& grid, double rate) {
  const auto N = static_cast<int>(t.size());
  const int last = last_in == -1 ? N : last_in;
  if (first < 0 || first >= N || last <= first || last > N)
    fail(where, "the sample range [first, last) = [" + std::to_string(first) + ", " +
                    std::to_string(last_in) + ") is not within the log's " + std::to_string(N) +
                    " samples (last = -1: to the end)");
  const auto M = grid.size();
  const double eps = 1e-9 / rate, t0 = t[first] - eps, t1 = t[last - 1] + eps;
  std::vector<Eigen::Index> kept;
  for (Eigen::Index j = trim; j < M - trim; ++j)
    if (grid[j] >= t0 && grid[j] <= t1) kept.push_back(j);
  std::vector<Eigen::Index> decimated;
  for (std::size_t k = 0; k < kept.size(); k += static_cast<std::size_t>(decimate))
    decimated.push_back(kept[k]);
  if (decimated.empty())
    fail(where, "no samples left: the log's " + std::to_string(M) + " uniform samples at " +
                    hz(rate) + " less " + std::to_string(trim) +
                    " trimmed at each end have none within the range [" + std::to_string(first) +
                    ", " + std::to_string(last) + ")");
  return decimated;
}

FilterCoefficients checked_lowpass(const char* where, int order, double cutoff, double rate) {
  FilterCoefficients f = butterworth_lowpass(order, cutoff, rate);
  const double dc_error = std::abs(f.b.sum() / f.a.sum() - 1.0);
  if (!(dc_error < 1e-8)) {
    char off[32];
    std::snprintf(off, sizeof off, "%.1e", dc_error);
    fail(where, "the order-" + std::to_string(order) + " Butterworth low-pass at " + hz(cutoff) +
                    " for " + hz(rate) + " samples is too ill-conditioned in (b, a) form (its DC " +
                    "gain is off by " + off + "): lower filter_order or raise the cutoff");
  }
  return f;
}

MatrixXd rows_of(const MatrixXd& x, const std::vector<Eigen::Index>& rows) {
  MatrixXd y(static_cast<Eigen::Index>(rows.size()), x.cols());
  for (std::size_t k = 0; k < rows.size(); ++k)
    y.row(static_cast<Eigen::Index>(k)) = x.row(rows[k]);
  return y;
}

}  // namespace manipdyn::detail
