#include "manipdyn/trajectory/time_optimal_path.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

namespace {

constexpr const char* kWhere = "time_optimal_path";
constexpr double kInf = std::numeric_limits<double>::infinity();

// One bound on u, linear in b: alpha u >= beta + gamma b (a lower bound) or alpha u <= beta +
// gamma b (an upper bound), alpha >= 0. `actuator` is the constraint's row, -1 for the step
// constraint 0 <= b + 2 Delta u <= bmax_{k+1}.
struct Bound {
  double alpha, beta, gamma;
  int actuator;
};

// The two bounds on u of one constraint lo <= A u + B b + C <= hi (an infinite limit bounds
// nothing; for A < 0 the limits swap sides).
void add_limits(double A, double B, double C, double lo, double hi, int row, std::vector<Bound>& lower,
                std::vector<Bound>& upper) {
  if (A >= 0.0) {
    if (std::isfinite(lo)) lower.push_back({A, lo - C, -B, row});
    if (std::isfinite(hi)) upper.push_back({A, hi - C, -B, row});
  } else {
    if (std::isfinite(hi)) lower.push_back({-A, C - hi, B, row});
    if (std::isfinite(lo)) upper.push_back({-A, C - lo, B, row});
  }
}

// The bounds on u at grid point k: each actuator's limits at s_k, then (k < N) at the interval's
// end if the end rows are given (b_{k+1} = b + 2 Delta u: A' = a_end + 2 Delta b_end), and the
// step to the next point into [0, next_b_max].
void bounds_at(const PathDynamics& p, Eigen::Index k, double delta, double next_b_max,
               std::vector<Bound>& lower, std::vector<Bound>& upper) {
  lower.clear();
  upper.clear();
  const bool ends = p.a_end.size() != 0 && delta > 0.0;
  for (Eigen::Index j = 0; j < p.a.cols(); ++j) {
    const int row = static_cast<int>(j);
    add_limits(p.a(k, j), p.b(k, j), p.c(k, j), p.tau_min[j], p.tau_max[j], row, lower, upper);
    if (ends)
      add_limits(p.a_end(k, j) + 2.0 * delta * p.b_end(k, j), p.b_end(k, j), p.c_end(k, j), p.tau_min[j],
                 p.tau_max[j], row, lower, upper);
  }
  if (delta > 0.0) {
    lower.push_back({2.0 * delta, 0.0, -1.0, -1});
    if (std::isfinite(next_b_max)) upper.push_back({2.0 * delta, next_b_max, -1.0, -1});
  }
}

// The greatest b >= 0 for which some u meets every bound: each pair (lower i, upper j) needs
// alpha_j (beta_i + gamma_i b) <= alpha_i (beta_j + gamma_j b), i.e. P + Q b <= 0; b = 0 is
// admissible (checked at rest), so only the pairs with Q > 0 cap b.
double greatest_b(const std::vector<Bound>& lower, const std::vector<Bound>& upper, double cap) {
  double best = cap;
  for (const Bound& l : lower)
    for (const Bound& h : upper) {
      const double P = h.alpha * l.beta - l.alpha * h.beta;
      const double Q = h.alpha * l.gamma - l.alpha * h.gamma;
      if (Q > 0.0) best = std::min(best, std::max(0.0, -P / Q));
    }
  return best;
}

// The interval of u the bounds allow at b (bounds with alpha = 0 hold b only and are skipped);
// `which` receives the upper bound that is the least.
std::pair<double, double> u_interval(const std::vector<Bound>& lower, const std::vector<Bound>& upper,
                                     double b, int& which) {
  double lo = -kInf, hi = kInf;
  which = -1;
  for (const Bound& l : lower)
    if (l.alpha > 0.0) lo = std::max(lo, (l.beta + l.gamma * b) / l.alpha);
  for (const Bound& h : upper)
    if (h.alpha > 0.0) {
      const double value = (h.beta + h.gamma * b) / h.alpha;
      if (value < hi) {
        hi = value;
        which = h.actuator;
      }
    }
  return {lo, hi};
}

void check_input(const PathDynamics& p) {
  const Eigen::Index n = p.s.size();
  if (n < 2) throw std::invalid_argument("time_optimal_path: s needs at least 2 grid points, got " + std::to_string(n));
  check_vector(kWhere, "s", p.s, n);
  for (Eigen::Index k = 0; k + 1 < n; ++k)
    if (!(p.s[k + 1] > p.s[k])) {
      std::ostringstream os;
      os << kWhere << ": s must increase strictly: s[" << k + 1 << "] = " << p.s[k + 1] << " after s[" << k
         << "] = " << p.s[k];
      throw std::invalid_argument(os.str());
    }
  const Eigen::Index m = p.a.cols();
  if (m < 1) throw std::invalid_argument("time_optimal_path: a has no columns (no constraint)");
  for (const auto& [name, M] : {std::pair<const char*, const MatrixXd*>{"a", &p.a}, {"b", &p.b}, {"c", &p.c}}) {
    if (M->rows() != n || M->cols() != m) {
      std::ostringstream os;
      os << kWhere << ": " << name << " is " << M->rows() << " x " << M->cols() << ", expected " << n << " x " << m
         << " (grid points x constraints)";
      throw std::invalid_argument(os.str());
    }
    check_finite(kWhere, name, *M);
  }
  const bool ends = p.a_end.size() != 0 || p.b_end.size() != 0 || p.c_end.size() != 0;
  if (ends)
    for (const auto& [name, M] :
         {std::pair<const char*, const MatrixXd*>{"a_end", &p.a_end}, {"b_end", &p.b_end}, {"c_end", &p.c_end}}) {
      if (M->rows() != n - 1 || M->cols() != m) {
        std::ostringstream os;
        os << kWhere << ": " << name << " is " << M->rows() << " x " << M->cols() << ", expected " << n - 1 << " x "
           << m << " (intervals x constraints)";
        throw std::invalid_argument(os.str());
      }
      check_finite(kWhere, name, *M);
    }
  check_size(kWhere, "tau_min", p.tau_min, m);
  check_size(kWhere, "tau_max", p.tau_max, m);
  for (Eigen::Index j = 0; j < m; ++j)
    if (std::isnan(p.tau_min[j]) || std::isnan(p.tau_max[j]) || !(p.tau_min[j] < p.tau_max[j])) {
      std::ostringstream os;
      os << kWhere << ": actuator " << j << " has limits [" << p.tau_min[j] << ", " << p.tau_max[j]
         << "], expected tau_min < tau_max";
      throw std::invalid_argument(os.str());
    }
  if (p.b_max.size() != 0) {
    check_size(kWhere, "b_max", p.b_max, n);
    for (Eigen::Index k = 0; k < n; ++k)
      if (std::isnan(p.b_max[k]) || p.b_max[k] < 0.0)
        throw std::invalid_argument("time_optimal_path: b_max[" + std::to_string(k) + "] must be >= 0");
  }
  // every point at rest (b = u = 0: tau = c) within the limits, and every interval's end
  const auto at_rest = [&](const MatrixXd& c, Eigen::Index k, const std::string& what, double s) {
    for (Eigen::Index j = 0; j < m; ++j)
      if (c(k, j) < p.tau_min[j] || c(k, j) > p.tau_max[j]) {
        std::ostringstream os;
        os << kWhere << ": " << what << " (s = " << s << "): actuator " << j << " needs " << c(k, j)
           << " at rest, beyond its limits [" << p.tau_min[j] << ", " << p.tau_max[j]
           << "] (the path cannot be held there)";
        throw std::invalid_argument(os.str());
      }
  };
  for (Eigen::Index k = 0; k < n; ++k) {
    at_rest(p.c, k, "grid point " + std::to_string(k), p.s[k]);
    if (ends && k + 1 < n) at_rest(p.c_end, k, "the end of interval " + std::to_string(k), p.s[k + 1]);
  }
}

}  // namespace

TimeOptimalPath time_optimal_path(const PathDynamics& path) {
  check_input(path);
  const Eigen::Index n = path.s.size();
  const Eigen::Index N = n - 1;
  const auto speed_cap = [&](Eigen::Index k) { return path.b_max.size() ? path.b_max[k] : kInf; };
  TimeOptimalPath r;
  r.s = path.s;
  r.b = VectorXd::Zero(n);
  r.sd = VectorXd::Zero(n);
  r.u = VectorXd::Zero(n);
  r.t = VectorXd::Zero(n);
  r.controllable_b_max = VectorXd::Zero(n);
  r.active.assign(static_cast<std::size_t>(n), -1);
  std::vector<Bound> lower, upper;

  // backward pass: K_N = {0}, K_k = the b from which some admissible u reaches K_{k+1}
  for (Eigen::Index k = N - 1; k >= 0; --k) {
    bounds_at(path, k, path.s[k + 1] - path.s[k], r.controllable_b_max[k + 1], lower, upper);
    r.controllable_b_max[k] = greatest_b(lower, upper, speed_cap(k));
  }

  // forward pass: from rest, the greatest admissible u that keeps b_{k+1} controllable
  for (Eigen::Index k = 0; k < N; ++k) {
    const double delta = path.s[k + 1] - path.s[k];
    bounds_at(path, k, delta, r.controllable_b_max[k + 1], lower, upper);
    int which = -1;
    const double u_hi = u_interval(lower, upper, r.b[k], which).second;
    if (!std::isfinite(u_hi)) {
      std::ostringstream os;
      os << kWhere << ": no limit bounds the acceleration at grid point " << k << " (s = " << path.s[k]
         << "): give finite limits or a speed bound b_max";
      throw std::invalid_argument(os.str());
    }
    // the step into K_{k+1}, rounding kept inside it
    r.b[k + 1] = std::clamp(r.b[k] + 2.0 * delta * u_hi, 0.0, r.controllable_b_max[k + 1]);
    r.u[k] = (r.b[k + 1] - r.b[k]) / (2.0 * delta);
    r.active[static_cast<std::size_t>(k)] = which;
  }
  // the end: at rest, the admissible u nearest the last interval's
  {
    bounds_at(path, N, 0.0, 0.0, lower, upper);
    int which = -1;
    const auto [lo, hi] = u_interval(lower, upper, 0.0, which);
    r.u[N] = std::clamp(r.u[N - 1], std::min(lo, 0.0), std::max(hi, 0.0));
  }

  // the times: constant u over each interval
  for (Eigen::Index k = 0; k <= N; ++k) r.sd[k] = std::sqrt(r.b[k]);
  for (Eigen::Index k = 0; k < N; ++k) {
    const double rate = r.sd[k] + r.sd[k + 1];
    if (!(rate > 0.0)) {
      std::ostringstream os;
      os << kWhere << ": the path cannot move between grid points " << k << " and " << k + 1 << " (s = " << path.s[k]
         << "): every admissible speed is zero there (a limit reached at rest)";
      throw std::invalid_argument(os.str());
    }
    r.t[k + 1] = r.t[k] + 2.0 * (path.s[k + 1] - path.s[k]) / rate;
  }
  r.duration = r.t[N];
  return r;
}

}  // namespace manipdyn
