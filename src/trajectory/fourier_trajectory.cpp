#include "manipdyn/trajectory/fourier_trajectory.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr double kMaxSamples = 1e8;

[[noreturn]] void refuse(std::string_view where, const std::string& what) {
  throw std::invalid_argument(std::string(where) + ": " + what);
}

// w_f l for l = 1..L as a row (1 x L).
Eigen::RowVectorXd harmonic_frequencies(double base_frequency, int harmonics) {
  return kTwoPi * base_frequency * Eigen::RowVectorXd::LinSpaced(harmonics, 1.0, harmonics);
}

}  // namespace

void check_fourier_trajectory(std::string_view where, const FourierTrajectory& trajectory) {
  const double f = trajectory.base_frequency;
  if (!std::isfinite(f) || !(f > 0.0)) {
    std::ostringstream os;
    os << "base_frequency is " << f << " Hz, expected a finite frequency > 0";
    refuse(where, os.str());
  }
  const Eigen::Index n = trajectory.offset.size();
  if (n < 1) refuse(where, "offset is empty (the trajectory needs at least one joint)");
  if (trajectory.a.cols() < 1) refuse(where, "a has no columns (harmonics must be >= 1)");
  // a and b are n x L
  for (const auto& [name, m] : {std::pair<const char*, const MatrixXd*>{"a", &trajectory.a},
                                {"b", &trajectory.b}})
    if (m->rows() != n || m->cols() != trajectory.a.cols()) {
      std::ostringstream os;
      os << name << " has shape " << m->rows() << " x " << m->cols() << ", expected n x L = " << n
         << " x " << trajectory.a.cols() << " (n from offset, L from a)";
      refuse(where, os.str());
    }
  check_finite(where, "offset", trajectory.offset);
  check_finite(where, "a", trajectory.a);
  check_finite(where, "b", trajectory.b);
  // the derivatives must not overflow: sum_l w_f l (|a_il| + |b_il|) is finite (no allocation)
  const double w = kTwoPi * f;
  for (Eigen::Index i = 0; i < n; ++i) {
    double excursion = 0.0, acceleration = 0.0;
    for (Eigen::Index l = 0; l < trajectory.a.cols(); ++l) {
      const double c = std::abs(trajectory.a(i, l)) + std::abs(trajectory.b(i, l));
      excursion += c / (w * static_cast<double>(l + 1));
      acceleration += c * w * static_cast<double>(l + 1);
    }
    if (!std::isfinite(excursion + acceleration + trajectory.offset[i])) {
      std::ostringstream os;
      os << "joint " << i + 1 << ": the position or acceleration overflows (base_frequency "
         << f << " Hz, coefficients up to "
         << std::max(trajectory.a.row(i).cwiseAbs().maxCoeff(),
                     trajectory.b.row(i).cwiseAbs().maxCoeff())
         << ")";
      refuse(where, os.str());
    }
  }
}

void start_at_rest(FourierTrajectory& trajectory) {
  check_fourier_trajectory("start_at_rest", trajectory);
  const int L = trajectory.harmonics();
  // a_i1 = -sum_{l>=2} a_il (qd(0) = 0); b_i1 = -sum_{l>=2} l b_il (qdd(0) = 0)
  const Eigen::RowVectorXd l = Eigen::RowVectorXd::LinSpaced(L, 1.0, L);
  for (int i = 0; i < trajectory.dof(); ++i) {
    trajectory.a(i, 0) = -trajectory.a.row(i).tail(L - 1).sum();
    trajectory.b(i, 0) = -trajectory.b.row(i).tail(L - 1).dot(l.tail(L - 1));
  }
}

void fourier_trajectory_state(const FourierTrajectory& trajectory, double t,
                              Eigen::Ref<VectorXd> q, Eigen::Ref<VectorXd> qd,
                              Eigen::Ref<VectorXd> qdd) {
  constexpr std::string_view where = "fourier_trajectory_state";
  check_fourier_trajectory(where, trajectory);
  check_finite_scalar(where, "t", t);
  const int n = trajectory.dof();
  check_size(where, "q", q, n);
  check_size(where, "qd", qd, n);
  check_size(where, "qdd", qdd, n);
  // Swevers et al. 1997 eq. 9-10, one harmonic at a time
  const double w = kTwoPi * trajectory.base_frequency;
  q = trajectory.offset;
  qd.setZero();
  qdd.setZero();
  for (int l = 0; l < trajectory.harmonics(); ++l) {
    const double wl = w * (l + 1);
    // the phase of t modulo the period keeps sin/cos accurate for large t
    const double phase = wl * std::fmod(t, trajectory.period());
    const double s = std::sin(phase), c = std::cos(phase);
    q += (trajectory.a.col(l) * s - trajectory.b.col(l) * c) / wl;
    qd += trajectory.a.col(l) * c + trajectory.b.col(l) * s;
    qdd += (trajectory.b.col(l) * c - trajectory.a.col(l) * s) * wl;
  }
}

VectorXd fourier_sample_times(const FourierTrajectory& trajectory, double sample_rate,
                              bool include_end) {
  constexpr std::string_view where = "fourier_sample_times";
  check_fourier_trajectory(where, trajectory);
  const double T = trajectory.period();
  if (!std::isfinite(sample_rate) || !(sample_rate > 0.0) || T * sample_rate > kMaxSamples) {
    std::ostringstream os;
    os << "sample_rate is " << sample_rate << " Hz, expected a finite rate > 0 giving at most "
       << kMaxSamples << " samples over the period " << T << " s";
    refuse(where, os.str());
  }
  // k / rate < T, with a tolerance so that an exact multiple does not add a sample at T
  const auto count = static_cast<Eigen::Index>(std::ceil(T * sample_rate * (1.0 - 1e-12)));
  VectorXd t(count + (include_end ? 1 : 0));
  for (Eigen::Index k = 0; k < count; ++k) t[k] = static_cast<double>(k) / sample_rate;
  if (include_end) t[count] = T;
  return t;
}

FourierBasis fourier_basis(double base_frequency, int harmonics, const VectorXd& t) {
  FourierBasis basis;
  basis.base_frequency = base_frequency;
  basis.t = t;
  basis.sin.resize(t.size(), harmonics);
  basis.cos.resize(t.size(), harmonics);
  const double period = 1.0 / base_frequency;
  const Eigen::RowVectorXd wl = harmonic_frequencies(base_frequency, harmonics);
  for (Eigen::Index k = 0; k < t.size(); ++k)
    for (int l = 0; l < harmonics; ++l) {
      const double phase = wl[l] * std::fmod(t[k], period);
      basis.sin(k, l) = std::sin(phase);
      basis.cos(k, l) = std::cos(phase);
    }
  return basis;
}

void sample_fourier_trajectory(const FourierTrajectory& trajectory, const FourierBasis& basis,
                               TrajectorySamples& samples) {
  constexpr std::string_view where = "sample_fourier_trajectory";
  check_fourier_trajectory(where, trajectory);
  const int L = trajectory.harmonics();
  if (basis.base_frequency != trajectory.base_frequency || basis.sin.cols() != L) {
    std::ostringstream os;
    os << "the basis was built for " << basis.base_frequency << " Hz and " << basis.sin.cols()
       << " harmonics, the trajectory has " << trajectory.base_frequency << " Hz and " << L;
    refuse(where, os.str());
  }
  const Eigen::Index N = basis.t.size();
  const int n = trajectory.dof();
  samples.t = basis.t;
  samples.q.resize(N, n);
  samples.qd.resize(N, n);
  samples.qdd.resize(N, n);
  // w_f l (1 x L), to scale the coefficients' columns
  const Eigen::ArrayXXd wl = harmonic_frequencies(trajectory.base_frequency, L).array();
  const MatrixXd a_over = (trajectory.a.array().rowwise() / wl.row(0)).matrix().transpose();
  const MatrixXd b_over = (trajectory.b.array().rowwise() / wl.row(0)).matrix().transpose();
  const MatrixXd a_times = (trajectory.a.array().rowwise() * wl.row(0)).matrix().transpose();
  const MatrixXd b_times = (trajectory.b.array().rowwise() * wl.row(0)).matrix().transpose();
  // Q = 1 q_0^T + S (A / wl)^T - C (B / wl)^T; QD = C A^T + S B^T; QDD = C (wl B)^T - S (wl A)^T
  samples.q.noalias() = basis.sin * a_over;
  samples.q.noalias() -= basis.cos * b_over;
  samples.q.rowwise() += trajectory.offset.transpose();
  samples.qd.noalias() = basis.cos * trajectory.a.transpose();
  samples.qd.noalias() += basis.sin * trajectory.b.transpose();
  samples.qdd.noalias() = basis.cos * b_times;
  samples.qdd.noalias() -= basis.sin * a_times;
}

TrajectorySamples sample_fourier_trajectory(const FourierTrajectory& trajectory,
                                            double sample_rate, bool include_end) {
  const VectorXd t = fourier_sample_times(trajectory, sample_rate, include_end);
  TrajectorySamples samples;
  sample_fourier_trajectory(trajectory,
                            fourier_basis(trajectory.base_frequency, trajectory.harmonics(), t),
                            samples);
  return samples;
}

TrajectoryExtrema fourier_trajectory_bounds(const FourierTrajectory& trajectory) {
  const int L = static_cast<int>(trajectory.a.cols());
  const Eigen::ArrayXXd amplitude = (trajectory.a.array().square() + trajectory.b.array().square())
                                        .sqrt();  // c_il (n x L)
  const Eigen::RowVectorXd wl = harmonic_frequencies(trajectory.base_frequency, L);
  const VectorXd excursion = (amplitude.rowwise() / wl.array()).rowwise().sum();
  TrajectoryExtrema e;
  e.q_min = trajectory.offset - excursion;
  e.q_max = trajectory.offset + excursion;
  e.qd_max = amplitude.rowwise().sum();
  e.qdd_max = (amplitude.rowwise() * wl.array()).rowwise().sum();
  return e;
}

TrajectoryExtrema sampled_extrema(const TrajectorySamples& samples) {
  if (samples.q.rows() < 1) refuse("sampled_extrema", "the samples are empty");
  TrajectoryExtrema e;
  e.q_min = samples.q.colwise().minCoeff().transpose();
  e.q_max = samples.q.colwise().maxCoeff().transpose();
  e.qd_max = samples.qd.cwiseAbs().colwise().maxCoeff().transpose();
  e.qdd_max = samples.qdd.cwiseAbs().colwise().maxCoeff().transpose();
  return e;
}

}  // namespace manipdyn
