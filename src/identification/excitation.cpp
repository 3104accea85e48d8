#include "manipdyn/identification/excitation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "manipdyn/io/csv.hpp"

namespace manipdyn {

namespace {

constexpr const char* kWhere = "design_excitation";
constexpr double kInf = std::numeric_limits<double>::infinity();
// Samples per period of the highest harmonic: of the search's feasibility check (the margin
// covers its error, about 0.1 % of a limit) and of the final check (error below 1e-5).
constexpr int kSearchSamplesPerHarmonic = 64;
constexpr int kFinalSamplesPerHarmonic = 1024;
// The final check keeps this fraction of each limit free, more than its sampling error: between
// samples h = T / (1024 L) apart a signal exceeds its sampled maximum by at most
// h^2 / 8 max|f''| <= (2 pi / 1024)^2 / 8 sum_l c_l ~ 5e-6 times its analytic bound.
constexpr double kFinalMargin = 1e-4;
// Initial step of the evolution strategy in normalised coordinates, and its bounds.
constexpr double kInitialStep = 0.3;
constexpr double kMinStep = 1e-8;
constexpr double kMaxStep = 2.0;

[[noreturn]] void refuse(const std::string& what) {
  throw std::invalid_argument(std::string(kWhere) + ": " + what);
}

// The option `values` if given (size n), else the model's limit `field` of each link.
VectorXd limit_of(const SerialModel& model, const VectorXd& values, const char* option,
                  double LinkParameters::*field) {
  const int n = model.dof();
  if (values.size() != 0 && values.size() != n) {
    std::ostringstream os;
    os << "ExcitationOptions::" << option << " has size " << values.size()
       << ", expected 0 (the model's limits) or " << n;
    refuse(os.str());
  }
  if (values.size() == n) return values;
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = field == nullptr ? kInf : model.links[i].*field;
  return v;
}

// "ExcitationOptions::qd_max" or "LinkParameters::qd_max of the model": where a limit came from.
std::string source_of(const VectorXd& option_values, const char* name) {
  return option_values.size() != 0 ? std::string("ExcitationOptions::") + name
                                   : std::string("LinkParameters::") + name + " of the model";
}

void check_options(const ExcitationOptions& o) {
  std::ostringstream os;
  const int min_harmonics = o.start_at_rest ? 2 : 1;
  if (o.harmonics < min_harmonics)
    os << "harmonics is " << o.harmonics << ", expected >= " << min_harmonics
       << (o.start_at_rest ? " (start_at_rest uses the first harmonic to stop at t = 0)" : "");
  else if (!std::isfinite(o.base_frequency) || !(o.base_frequency > 0.0))
    os << "base_frequency is " << o.base_frequency << " Hz, expected a finite frequency > 0";
  else if (!std::isfinite(o.sample_rate) ||
           !(o.sample_rate > 2.0 * o.harmonics * o.base_frequency) ||
           !(o.sample_rate / o.base_frequency <= 1e6))
    os << "sample_rate is " << o.sample_rate << " Hz, expected more than 2 L f_f = "
       << 2.0 * o.harmonics * o.base_frequency
       << " Hz (the highest harmonic above Nyquist) and at most 10^6 samples per period";
  else if (!(o.margin >= 0.0 && o.margin < 1.0))
    os << "margin is " << o.margin << ", expected 0 <= margin < 1";
  else if (o.evaluations < 1)
    os << "evaluations is " << o.evaluations << ", expected >= 1";
  else if (o.restarts < 1 || o.restarts > o.evaluations)
    os << "restarts is " << o.restarts << ", expected 1 <= restarts <= evaluations ("
       << o.evaluations << ")";
  else if (static_cast<double>(o.harmonics) * kFinalSamplesPerHarmonic > 1e7)
    os << "harmonics is " << o.harmonics << ", too many (the limits are checked on "
       << kFinalSamplesPerHarmonic << " samples per harmonic)";
  if (!os.str().empty()) refuse(os.str());
}

// The limits shrunk by the margin, inside which every candidate is kept.
ExcitationLimits shrink(const ExcitationLimits& l, double margin) {
  const VectorXd inset = 0.5 * margin * (l.q_max - l.q_min);
  return {l.q_min + inset, l.q_max - inset, (1.0 - margin) * l.qd_max,
          (1.0 - margin) * l.qdd_max};
}

// The basis over one period with `per_harmonic` samples per period of the highest harmonic.
FourierBasis limit_basis(double base_frequency, int harmonics, int per_harmonic) {
  const Eigen::Index count = static_cast<Eigen::Index>(harmonics) * per_harmonic;
  const VectorXd t = VectorXd::LinSpaced(count, 0.0, 1.0 / base_frequency * (count - 1) / count);
  return fourier_basis(base_frequency, harmonics, t);
}

// Scales each joint's coefficients down (never up) until its sampled motion stays inside
// `limits`; the motion is linear in (a_i, b_i) for a fixed offset, so the scaled motion is the
// sampled one times the factor. Returns the factors (n), 1 where the joint was inside.
VectorXd scale_into_limits(FourierTrajectory& traj, const FourierBasis& basis,
                           TrajectorySamples& samples, const ExcitationLimits& limits) {
  sample_fourier_trajectory(traj, basis, samples);
  const int n = traj.dof();
  VectorXd factor = VectorXd::Ones(n);
  for (int i = 0; i < n; ++i) {
    const double q0 = traj.offset[i];
    const double above = samples.q.col(i).maxCoeff() - q0;  // excursions about the offset
    const double below = q0 - samples.q.col(i).minCoeff();
    const double speed = samples.qd.col(i).cwiseAbs().maxCoeff();
    const double accel = samples.qdd.col(i).cwiseAbs().maxCoeff();
    double s = 1.0;
    if (above > 0.0) s = std::min(s, std::max(0.0, limits.q_max[i] - q0) / above);
    if (below > 0.0) s = std::min(s, std::max(0.0, q0 - limits.q_min[i]) / below);
    if (speed > 0.0) s = std::min(s, limits.qd_max[i] / speed);
    if (accel > 0.0) s = std::min(s, limits.qdd_max[i] / accel);
    traj.a.row(i) *= s;
    traj.b.row(i) *= s;
    factor[i] = s;
  }
  return factor;
}

// Normal numbers from mt19937_64 by Box-Muller (std::normal_distribution is not portable).
class NormalSource {
 public:
  explicit NormalSource(std::uint64_t seed) : rng_(seed) {}
  double uniform() { return (static_cast<double>(rng_() >> 11) + 0.5) * 0x1.0p-53; }  // (0, 1)
  double normal() {
    const double r = std::sqrt(-2.0 * std::log(uniform()));
    return r * std::cos(2.0 * std::numbers::pi * uniform());
  }

 private:
  std::mt19937_64 rng_;
};

// The search space: per joint one normalised offset (in [-1, 1] over the shrunk range) and the
// free coefficients a_il, b_il (l = 2..L with start_at_rest, 1..L otherwise) in units of
// qd_max_i / L. Decoding makes a feasible trajectory and writes the scaling back into x, so
// that the search moves among feasible points (a Lamarckian repair).
class Candidates {
 public:
  Candidates(const ExcitationLimits& limits, const ExcitationOptions& options, int n)
      : limits_(limits), options_(options), n_(n), L_(options.harmonics),
        first_(options.start_at_rest ? 1 : 0), free_(L_ - first_),
        basis_(limit_basis(options.base_frequency, L_, kSearchSamplesPerHarmonic)) {
    trajectory_.base_frequency = options.base_frequency;
    trajectory_.offset.resize(n);
    trajectory_.a.setZero(n, L_);
    trajectory_.b.setZero(n, L_);
  }
  int size() const { return n_ * (1 + 2 * free_); }

  // The feasible trajectory of x (x's coefficients scaled in place, its offsets clamped).
  const FourierTrajectory& decode(VectorXd& x) {
    const int stride = 1 + 2 * free_;
    for (int i = 0; i < n_; ++i) {
      double& u = x[i * stride];
      u = std::clamp(u, -1.0, 1.0);
      const double centre = 0.5 * (limits_.q_min[i] + limits_.q_max[i]);
      trajectory_.offset[i] = centre + 0.5 * (limits_.q_max[i] - limits_.q_min[i]) * u;
      const double unit = limits_.qd_max[i] / L_;
      for (int j = 0; j < free_; ++j) {
        trajectory_.a(i, first_ + j) = unit * x[i * stride + 1 + j];
        trajectory_.b(i, first_ + j) = unit * x[i * stride + 1 + free_ + j];
      }
    }
    if (options_.start_at_rest) start_at_rest(trajectory_);
    const VectorXd factor = scale_into_limits(trajectory_, basis_, samples_, limits_);
    for (int i = 0; i < n_; ++i) x.segment(i * stride + 1, 2 * free_) *= factor[i];
    return trajectory_;
  }

 private:
  const ExcitationLimits& limits_;
  const ExcitationOptions& options_;
  int n_, L_, first_, free_;
  FourierBasis basis_;
  FourierTrajectory trajectory_;
  TrajectorySamples samples_;
};

// Evaluates the cost of candidates, keeping the best trajectory, the history and the count.
class Evaluator {
 public:
  Evaluator(Candidates& candidates, const ExcitationCost& cost, const ExcitationOptions& options,
            ExcitationResult& result, FourierBasis basis)
      : candidates_(candidates), cost_(cost), options_(options), result_(result),
        basis_(std::move(basis)) {
    result_.cost = kInf;
  }

  // The cost of the trajectory `trajectory` (+inf if not finite), not recorded.
  double cost_of(const FourierTrajectory& trajectory) {
    sample_fourier_trajectory(trajectory, basis_, samples_);
    const double c = cost_(samples_);
    return std::isfinite(c) ? c : kInf;
  }

  // The cost of the candidate x (repaired in place), recorded in the result.
  double operator()(VectorXd& x) {
    const FourierTrajectory& trajectory = candidates_.decode(x);
    const double c = cost_of(trajectory);
    ++result_.evaluations;
    if (c < result_.cost) {
      result_.cost = c;
      result_.trajectory = trajectory;
    }
    result_.history.push_back(result_.cost);
    if (options_.progress) options_.progress(result_.evaluations, result_.cost);
    return c;
  }

 private:
  Candidates& candidates_;
  const ExcitationCost& cost_;
  const ExcitationOptions& options_;
  ExcitationResult& result_;
  FourierBasis basis_;
  TrajectorySamples samples_;
};

// One (1+1)-CMA-ES run of `budget` evaluations from a random start (Igel, Suttorp & Hansen
// 2006, "A computational efficient covariance matrix update and a (1+1)-CMA for evolution
// strategies", GECCO, Fig. 1 with the Cholesky update of Theorem 1): the step
// y = x + sigma A z, z ~ N(0, I), replaces x if its cost is not worse; sigma follows the
// smoothed success rate towards 2/11 and, on success, the Cholesky factor A of the step's
// covariance learns the direction of progress (an evolution path). The step actually taken
// (after the repair into the limits) is what the path learns.
void search(Evaluator& evaluate, NormalSource& random, int d, int budget) {
  if (budget < 1) return;
  const double dd = d;
  const double damping = 1.0 + dd / 2.0, target = 2.0 / 11.0, c_p = 1.0 / 12.0;
  const double c_c = 2.0 / (dd + 2.0), c_cov = 2.0 / (dd * dd + 6.0), threshold = 0.44;
  VectorXd x(d), y(d), z(d), path = VectorXd::Zero(d);
  MatrixXd A = MatrixXd::Identity(d, d);
  for (int j = 0; j < d; ++j) x[j] = random.uniform() - 0.5;
  double fx = evaluate(x), sigma = kInitialStep, success_rate = target;
  for (int k = 1; k < budget; ++k) {
    for (int j = 0; j < d; ++j) z[j] = random.normal();
    y.noalias() = x + sigma * (A * z);
    const double fy = evaluate(y);  // y is repaired in place
    const bool success = fy <= fx;
    // step size from the smoothed success rate
    success_rate = (1.0 - c_p) * success_rate + c_p * (success ? 1.0 : 0.0);
    sigma *= std::exp((success_rate - target) / (damping * (1.0 - target)));
    sigma = std::clamp(sigma, kMinStep, kMaxStep);
    if (!success) continue;
    // covariance C' = alpha C + c_cov path path^T, as a rank-one update of A
    const VectorXd step = (y - x) / sigma;
    x.swap(y);
    fx = fy;
    double alpha = 1.0 - c_cov;
    if (success_rate < threshold) {
      path = (1.0 - c_c) * path + std::sqrt(c_c * (2.0 - c_c)) * step;
    } else {
      path *= 1.0 - c_c;
      alpha += c_cov * c_c * (2.0 - c_c);
    }
    const VectorXd w = A.partialPivLu().solve(path);
    const double w2 = w.squaredNorm();
    if (!(w2 > 0.0) || !std::isfinite(w2)) continue;
    A *= std::sqrt(alpha);
    A += (std::sqrt(alpha) / w2 * (std::sqrt(1.0 + c_cov / alpha * w2) - 1.0)) * path *
         w.transpose();
  }
}

// The final check of the best trajectory on a fine sampling: scaled into the limits (less
// kFinalMargin) if the search's coarser sampling missed a peak by more than the margin (only
// with a margin near zero; the cost is then evaluated again), and its extrema and bounds.
void finish(ExcitationResult& result, Evaluator& evaluate) {
  FourierTrajectory& best = result.trajectory;
  const FourierBasis fine =
      limit_basis(best.base_frequency, best.harmonics(), kFinalSamplesPerHarmonic);
  TrajectorySamples samples;
  if (scale_into_limits(best, fine, samples, shrink(result.limits, kFinalMargin)).minCoeff() <
      1.0) {
    result.cost = evaluate.cost_of(best);
    result.history.back() = result.cost;
  }
  sample_fourier_trajectory(best, fine, samples);
  result.sampled = sampled_extrema(samples);
  result.bounds = fourier_trajectory_bounds(best);
}

}  // namespace

ExcitationLimits excitation_limits(const SerialModel& model, const ExcitationOptions& options) {
  ExcitationLimits l{limit_of(model, options.q_min, "q_min", &LinkParameters::q_min),
                     limit_of(model, options.q_max, "q_max", &LinkParameters::q_max),
                     limit_of(model, options.qd_max, "qd_max", &LinkParameters::qd_max),
                     limit_of(model, options.qdd_max, "qdd_max", nullptr)};
  for (int i = 0; i < model.dof(); ++i) {
    std::ostringstream os;
    os << "joint " << i + 1 << " has ";
    if (!std::isfinite(l.q_min[i]) || !std::isfinite(l.q_max[i]))
      os << "no finite position range [" << l.q_min[i] << ", " << l.q_max[i] << "]: give "
         << source_of(options.q_min, "q_min") << " and " << source_of(options.q_max, "q_max");
    else if (!(l.q_min[i] < l.q_max[i]))
      os << "q_min = " << l.q_min[i] << " >= q_max = " << l.q_max[i] << " ("
         << source_of(options.q_min, "q_min") << ", " << source_of(options.q_max, "q_max")
         << ")";
    else if (!std::isfinite(l.qd_max[i]) || !(l.qd_max[i] > 0.0))
      os << "qd_max = " << l.qd_max[i] << ", expected a finite limit > 0 ("
         << source_of(options.qd_max, "qd_max") << ")";
    else if (!(l.qdd_max[i] > 0.0))
      os << "qdd_max = " << l.qdd_max[i] << ", expected > 0 (ExcitationOptions::qdd_max)";
    else
      continue;
    refuse(os.str());
  }
  return l;
}

ExcitationResult design_excitation(const SerialModel& model, const ExcitationCost& cost,
                                   const ExcitationOptions& options) {
  check_options(options);
  if (!cost) refuse("cost is empty (give a function of the samples)");
  const int n = model.dof();
  if (n < 1) refuse("the model has no joints");
  ExcitationResult result;
  result.limits = excitation_limits(model, options);
  const ExcitationLimits inner = shrink(result.limits, options.margin);
  Candidates candidates(inner, options, n);
  // the cost's samples: one period at the sample rate
  const MatrixXd none = MatrixXd::Zero(n, options.harmonics);
  const FourierTrajectory zero{options.base_frequency, VectorXd::Zero(n), none, none};
  Evaluator evaluate(candidates, cost, options, result,
                     fourier_basis(options.base_frequency, options.harmonics,
                                   fourier_sample_times(zero, options.sample_rate, false)));
  // the restarts share the budget
  NormalSource random(options.seed);
  for (int r = 0; r < options.restarts; ++r) {
    const auto share = [&](int k) {
      return static_cast<int>(static_cast<long long>(options.evaluations) * k / options.restarts);
    };
    search(evaluate, random, candidates.size(), share(r + 1) - share(r));
  }
  if (!std::isfinite(result.cost)) {
    std::ostringstream os;
    os << kWhere << ": the cost was not finite at any of the " << result.evaluations
       << " candidates (a criterion that the limits cannot satisfy?)";
    throw std::runtime_error(os.str());
  }
  finish(result, evaluate);
  return result;
}

double decoupled_joint_condition(const TrajectorySamples& samples) {
  const Eigen::Index N = samples.q.rows(), n = samples.q.cols();
  if (N < 1 || n < 1) throw std::invalid_argument("decoupled_joint_condition: no samples");
  double largest = 0.0, smallest = kInf;
  MatrixXd block(N, 5);
  for (Eigen::Index i = 0; i < n; ++i) {
    // block i: [qdd_i, qd_i, sign(qd_i), sin(q_i), cos(q_i)] over the samples
    for (Eigen::Index k = 0; k < N; ++k) {
      const double v = samples.qd(k, i);
      block.row(k) << samples.qdd(k, i), v, (v > 0.0) - (v < 0.0), std::sin(samples.q(k, i)),
          std::cos(samples.q(k, i));
    }
    const VectorXd sv = Eigen::JacobiSVD<MatrixXd>(block).singularValues();
    largest = std::max(largest, sv.maxCoeff());
    smallest = std::min(smallest, N < 5 ? 0.0 : sv.minCoeff());
  }
  return smallest > 0.0 ? std::log10(largest / smallest) : kInf;
}

double stacked_condition(const TrajectorySamples& samples, int p, const RegressorRows& regressor) {
  const Eigen::Index N = samples.q.rows(), n = samples.q.cols();
  if (N < 1 || n < 1) throw std::invalid_argument("stacked_condition: no samples");
  if (p < 1) throw std::invalid_argument("stacked_condition: p is " + std::to_string(p) +
                                         ", expected >= 1");
  if (N * n < p) return kInf;
  // W: the regressor of sample k in rows k n .. k n + n - 1
  MatrixXd W(N * n, p), Y(n, p);
  VectorXd q(n), qd(n), qdd(n);
  for (Eigen::Index k = 0; k < N; ++k) {
    q = samples.q.row(k).transpose();
    qd = samples.qd.row(k).transpose();
    qdd = samples.qdd.row(k).transpose();
    regressor(q, qd, qdd, Y);
    W.middleRows(k * n, n) = Y;
  }
  // the singular values of W are those of R (W = Q R)
  const Eigen::HouseholderQR<MatrixXd> qr(W);
  const MatrixXd R = qr.matrixQR().topRows(p).triangularView<Eigen::Upper>();
  const VectorXd sv = Eigen::JacobiSVD<MatrixXd>(R).singularValues();
  const double smallest = sv[p - 1];
  return smallest > 0.0 ? std::log10(sv[0] / smallest) : kInf;
}

void write_excitation_csv(const std::filesystem::path& path, const FourierTrajectory& trajectory,
                          double sample_rate) {
  const TrajectorySamples s = sample_fourier_trajectory(trajectory, sample_rate, true);
  const int n = trajectory.dof();
  CsvWriter csv(path, "write_excitation_csv");
  // header: t, q1..qn, qd1..qdn, qdd1..qddn
  std::vector<std::string> cells{"t"};
  for (const char* name : {"q", "qd", "qdd"})
    for (int i = 1; i <= n; ++i) cells.push_back(name + std::to_string(i));
  csv.row(cells);
  for (Eigen::Index k = 0; k < s.t.size(); ++k) {
    cells.assign(1, csv_number(s.t[k]));
    for (const MatrixXd* m : {&s.q, &s.qd, &s.qdd})
      for (int i = 0; i < n; ++i) cells.push_back(csv_number((*m)(k, i)));
    csv.row(cells);
  }
  csv.finish();
}

}  // namespace manipdyn
