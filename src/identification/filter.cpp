// Butterworth design, SciPy's filtfilt, uniform resampling and central differences
// (manipdyn/identification/filter.hpp). prepare_motion_log is in prepare_motion_log.cpp.
#include "manipdyn/identification/filter.hpp"

#include <Eigen/LU>
#include <cmath>
#include <complex>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/core/check.hpp"

namespace manipdyn {
namespace {

using Complex = std::complex<double>;

// The coefficients of prod_k (z - roots[k]) in descending powers (numpy.poly).
std::vector<Complex> polynomial_from_roots(const std::vector<Complex>& roots) {
  std::vector<Complex> c{1.0};
  for (const Complex& r : roots) {
    c.push_back(0.0);
    for (std::size_t j = c.size() - 1; j > 0; --j) c[j] -= r * c[j - 1];
  }
  return c;
}

// b and a padded with zeros to one length and divided by a[0], after the checks of filtfilt.
void normalised(const VectorXd& b_in, const VectorXd& a_in, VectorXd& b, VectorXd& a,
                const char* where) {
  if (b_in.size() == 0 || a_in.size() == 0)
    throw std::invalid_argument(std::string(where) + ": b and a must not be empty");
  check_finite(where, "b", b_in);
  check_finite(where, "a", a_in);
  if (a_in[0] == 0) throw std::invalid_argument(std::string(where) + ": a[0] is 0");
  const Eigen::Index n = std::max(b_in.size(), a_in.size());
  b = VectorXd::Zero(n);
  a = VectorXd::Zero(n);
  b.head(b_in.size()) = b_in / a_in[0];
  a.head(a_in.size()) = a_in / a_in[0];
}

// lfilter in direct form II transposed (b, a normalised, of one length n) from the state z
// (n - 1), which it overwrites: y[k] = b0 x[k] + z0; z_i = b_{i+1} x[k] + z_{i+1} - a_{i+1} y[k].
VectorXd lfilter(const VectorXd& b, const VectorXd& a, const VectorXd& x, VectorXd z) {
  const Eigen::Index n = b.size();
  VectorXd y(x.size());
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    const double yk = b[0] * x[k] + (n > 1 ? z[0] : 0.0);
    for (Eigen::Index i = 0; i + 2 < n; ++i) z[i] = b[i + 1] * x[k] + z[i + 1] - a[i + 1] * yk;
    if (n > 1) z[n - 2] = b[n - 1] * x[k] - a[n - 1] * yk;
    y[k] = yk;
  }
  return y;
}

// filtfilt of one signal with normalised b, a and their lfilter_zi `zi` (see filter.hpp).
VectorXd filtfilt_normalised(const VectorXd& b, const VectorXd& a, const VectorXd& zi,
                             const VectorXd& x) {
  const Eigen::Index edge = 3 * b.size(), n = x.size();
  // odd extension: 2 x[0] - x[edge..1], x, 2 x[n-1] - x[n-2..n-1-edge]
  VectorXd ext(n + 2 * edge);
  for (Eigen::Index j = 0; j < edge; ++j) {
    ext[j] = 2 * x[0] - x[edge - j];
    ext[edge + n + j] = 2 * x[n - 1] - x[n - 2 - j];
  }
  ext.segment(edge, n) = x;
  // forward from the steady state of the first value, backward from that of the last output
  const VectorXd forward = lfilter(b, a, ext, zi * ext[0]);
  const VectorXd reversed = forward.reverse();
  const VectorXd backward = lfilter(b, a, reversed, zi * reversed[0]);
  return backward.reverse().segment(edge, n);
}

}  // namespace

FilterCoefficients butterworth_lowpass(int order, double cutoff, double sample_rate) {
  const std::string where = "butterworth_lowpass";
  if (order < 1 || order > 10)
    throw std::invalid_argument(where + ": order is " + std::to_string(order) +
                                ", expected 1 to 10");
  if (!std::isfinite(sample_rate) || sample_rate <= 0)
    throw std::invalid_argument(where + ": sample_rate is " + std::to_string(sample_rate) +
                                " Hz, expected a positive number");
  if (!std::isfinite(cutoff) || cutoff <= 0 || cutoff >= sample_rate / 2)
    throw std::invalid_argument(where + ": cutoff is " + std::to_string(cutoff) +
                                " Hz, expected between 0 and the Nyquist frequency " +
                                std::to_string(sample_rate / 2) + " Hz");
  // analog prototype poles, pre-warped cutoff (scipy.signal.buttap, iirfilter with fs = 2)
  const double pi = std::numbers::pi;
  const double warped = 4.0 * std::tan(pi * (2.0 * cutoff / sample_rate) / 2.0);
  std::vector<Complex> poles;
  for (int m = -order + 1; m < order; m += 2)
    poles.push_back(-std::exp(Complex(0.0, pi * m / (2.0 * order))) * warped);
  // bilinear transform z = (4 + s) / (4 - s) (scipy.signal.bilinear_zpk)
  Complex gain = std::pow(warped, order);
  for (Complex& p : poles) {
    gain /= 4.0 - p;
    p = (4.0 + p) / (4.0 - p);
  }
  // b = k (z + 1)^order, a = prod (z - p_k)
  const std::vector<Complex> zeros(static_cast<std::size_t>(order), Complex(-1.0));
  const std::vector<Complex> bz = polynomial_from_roots(zeros), az = polynomial_from_roots(poles);
  FilterCoefficients f{VectorXd(order + 1), VectorXd(order + 1)};
  for (int j = 0; j <= order; ++j) {
    f.b[j] = gain.real() * bz[static_cast<std::size_t>(j)].real();
    f.a[j] = az[static_cast<std::size_t>(j)].real();
  }
  return f;
}

VectorXd lfilter_initial_state(const VectorXd& b_in, const VectorXd& a_in) {
  VectorXd b, a;
  normalised(b_in, a_in, b, a, "lfilter_initial_state");
  const Eigen::Index m = b.size() - 1;
  if (m == 0) return VectorXd(0);
  // (I - companion(a)^T) zi = b[1:] - a[1:] b[0]  (scipy.signal.lfilter_zi)
  MatrixXd system = MatrixXd::Identity(m, m);
  system.col(0) += a.tail(m);
  for (Eigen::Index i = 1; i < m; ++i) system(i - 1, i) -= 1.0;
  const VectorXd rhs = b.tail(m) - a.tail(m) * b[0];
  return system.partialPivLu().solve(rhs);
}

MatrixXd filtfilt(const VectorXd& b_in, const VectorXd& a_in, const MatrixXd& x) {
  const char* where = "filtfilt";
  VectorXd b, a;
  normalised(b_in, a_in, b, a, where);
  check_finite(where, "x", x);
  const Eigen::Index padlen = 3 * b.size();
  if (x.rows() <= padlen)
    throw std::invalid_argument(std::string(where) + ": x has " + std::to_string(x.rows()) +
                                " samples, the filter's padding needs more than " +
                                std::to_string(padlen) + " (3 * max(len(a), len(b)))");
  const VectorXd zi = lfilter_initial_state(b, a);
  MatrixXd y(x.rows(), x.cols());
  for (Eigen::Index c = 0; c < x.cols(); ++c) y.col(c) = filtfilt_normalised(b, a, zi, x.col(c));
  return y;
}

MatrixXd central_difference(const MatrixXd& x, double h) {
  const Eigen::Index n = x.rows();
  if (n < 3)
    throw std::invalid_argument("central_difference: x has " + std::to_string(n) +
                                " samples, expected at least 3");
  if (!std::isfinite(h) || h <= 0)
    throw std::invalid_argument("central_difference: h is " + std::to_string(h) +
                                ", expected a positive step");
  MatrixXd d(n, x.cols());
  // second-order one-sided ends, central inside (numpy.gradient, edge_order=2)
  d.row(0) = (-3.0 * x.row(0) + 4.0 * x.row(1) - x.row(2)) / (2.0 * h);
  d.middleRows(1, n - 2) = (x.bottomRows(n - 2) - x.topRows(n - 2)) / (2.0 * h);
  d.row(n - 1) = (3.0 * x.row(n - 1) - 4.0 * x.row(n - 2) + x.row(n - 3)) / (2.0 * h);
  return d;
}

MatrixXd resample_uniform(const VectorXd& t, const MatrixXd& x, double rate, VectorXd& grid) {
  const char* where = "resample_uniform";
  const Eigen::Index n = t.size();
  if (n < 2 || x.rows() != n)
    throw std::invalid_argument(std::string(where) + ": t has " + std::to_string(n) +
                                " samples and x " + std::to_string(x.rows()) +
                                " rows, expected the same number, at least 2");
  if (!std::isfinite(rate) || rate <= 0)
    throw std::invalid_argument(std::string(where) + ": rate is " + std::to_string(rate) +
                                " Hz, expected a positive number");
  check_finite(where, "t", t);
  check_finite(where, "x", x);
  const VectorXd h = t.tail(n - 1) - t.head(n - 1);
  for (Eigen::Index i = 0; i + 1 < n; ++i)
    if (!(h[i] > 0))
      throw std::invalid_argument(std::string(where) + ": t[" + std::to_string(i + 1) +
                                  "] is not after t[" + std::to_string(i) + "]");
  const double span = (t[n - 1] - t[0]) * rate;  // uniform steps over the log
  if (span > max_resampled_samples)
    throw std::invalid_argument(std::string(where) + ": rate " + std::to_string(rate) +
                                " Hz over the " + std::to_string(t[n - 1] - t[0]) +
                                " s of t makes more than " +
                                std::to_string(max_resampled_samples) + " samples");
  // natural spline moments m (second derivatives), m_0 = m_{n-1} = 0: forward elimination of
  // h_{i-1} m_{i-1} + 2 (h_{i-1} + h_i) m_i + h_i m_{i+1} = 6 (slope_i - slope_{i-1})
  MatrixXd m = MatrixXd::Zero(n, x.cols());
  VectorXd diag = VectorXd::Zero(n);
  for (Eigen::Index i = 1; i + 1 < n; ++i) {
    const auto rhs =
        6.0 * ((x.row(i + 1) - x.row(i)) / h[i] - (x.row(i) - x.row(i - 1)) / h[i - 1]);
    diag[i] = 2.0 * (h[i - 1] + h[i]);
    m.row(i) = rhs;
    if (i > 1) {
      const double w = h[i - 1] / diag[i - 1];
      diag[i] -= w * h[i - 1];
      m.row(i) -= w * m.row(i - 1);
    }
  }
  // back substitution
  for (Eigen::Index i = n - 2; i >= 1; --i) {
    if (i + 2 < n) m.row(i) -= h[i] * m.row(i + 1);
    m.row(i) /= diag[i];
  }
  // evaluate at the uniform times, walking the intervals once
  const auto count = static_cast<Eigen::Index>(std::floor(span + 1e-9)) + 1;
  grid.resize(count);
  MatrixXd y(count, x.cols());
  Eigen::Index i = 0;
  for (Eigen::Index j = 0; j < count; ++j) {
    const double tj = std::min(t[0] + static_cast<double>(j) / rate, t[n - 1]);
    while (i + 2 < n && t[i + 1] < tj) ++i;
    const double a = (t[i + 1] - tj) / h[i], c = 1.0 - a;
    grid[j] = tj;
    y.row(j) = a * x.row(i) + c * x.row(i + 1) +
               ((a * a * a - a) * m.row(i) + (c * c * c - c) * m.row(i + 1)) * (h[i] * h[i] / 6.0);
  }
  return y;
}

}  // namespace manipdyn
