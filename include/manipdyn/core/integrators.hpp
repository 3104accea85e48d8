#pragma once
/// \file integrators.hpp
/// Integrators of y' = f(t, y) for the simulations of the arm (y = [q; qd], size 2n) and of the
/// platform (stewart/simulate.hpp), the choice between them (IntegratorType), the step count
/// every fixed-step loop uses (covering_steps) and the work limits of one simulation:
///  - RungeKutta4: the classical fixed-step four-point Runge-Kutta of Turney et al. 1980, sec. 7
///    (h1 = e g(y), h2 = e g(y + h1/2), h3 = e g(y + h2/2), h4 = e g(y + h3),
///    y+ = y + (h1 + 2 h2 + 2 h3 + h4)/6), global error O(h^4);
///  - DormandPrince54: the adaptive embedded Runge-Kutta 5(4) of Dormand & Prince (1980;
///    Hairer, Norsett, Wanner, Solving ODEs I, Table 5.2), local extrapolation (the 5th-order
///    solution is kept), error norm sqrt(mean((e_i / (atol + rtol max(|y_i|, |y+_i|)))^2)) <= 1.
/// `f` is any callable f(double t, const VectorXd& y, VectorXd& ydot); the integrators own their
/// stage buffers and allocate nothing per step.
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// The integrator of a simulation's plant.
enum class IntegratorType { rk4, dormand_prince };
/// The names of IntegratorType (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<IntegratorType> {
  static constexpr std::string_view argument = "integrator";
  static constexpr EnumName<IntegratorType> table[] = {{IntegratorType::rk4, "rk4"},
                                                        {IntegratorType::dormand_prince, "dormand_prince"}};
};
/// from_string<IntegratorType>: throws std::invalid_argument "simulate: unknown integrator
/// 'euler' (valid: rk4, dormand_prince)" for an unknown name.
inline IntegratorType integrator_from_string(const std::string& name) {
  return from_string<IntegratorType>(name, "simulate");
}

/// The most samples (logged rows or controller instants) one simulation may produce, and the
/// most RK4 steps it may take: larger runs are refused before anything is allocated.
inline constexpr long kMaxSimulationSamples = 1'000'000;
inline constexpr double kMaxRk4Steps = 1e7;

/// The number of equal steps of at most `step` that cover `span`: ceil(span / step - 1e-9), the
/// 1e-9 keeping a span that is a whole number of steps up to rounding (0.3 / 0.1) from taking one
/// step more. A double, so that a caller can bound it before converting; 0 for span <= 0 (a
/// caller that needs at least one step says so).
inline double covering_steps(double span, double step) { return std::ceil(span / step - 1e-9); }

/// Classical fixed-step RK4 (Turney et al. 1980, sec. 7).
class RungeKutta4 {
 public:
  /// Buffers for a state of `size` entries (2n for an arm of n joints).
  explicit RungeKutta4(int size)
      : k1_(VectorXd::Zero(size)), k2_(k1_), k3_(k1_), k4_(k1_), tmp_(k1_) {}

  /// One step of size h from (t, y); y is overwritten with the state at t + h.
  template <typename F>
  void step(F&& f, double t, VectorXd& y, double h) {
    f(t, y, k1_);
    tmp_ = y + (0.5 * h) * k1_;
    f(t + 0.5 * h, tmp_, k2_);
    tmp_ = y + (0.5 * h) * k2_;
    f(t + 0.5 * h, tmp_, k3_);
    tmp_ = y + h * k3_;
    f(t + h, tmp_, k4_);
    y += (h / 6.0) * (k1_ + 2.0 * k2_ + 2.0 * k3_ + k4_);
  }

  /// Advances from t0 to t1 in covering_steps(t1 - t0, h_max) equal steps (at least 1); returns
  /// the number of steps.
  template <typename F>
  long integrate(F&& f, double t0, VectorXd& y, double t1, double h_max) {
    const double span = t1 - t0;
    if (!(span > 0.0)) return 0;
    const long steps = std::max(1L, static_cast<long>(covering_steps(span, h_max)));
    const double h = span / static_cast<double>(steps);
    for (long k = 0; k < steps; ++k) step(f, t0 + static_cast<double>(k) * h, y, h);
    return steps;
  }

 private:
  VectorXd k1_, k2_, k3_, k4_, tmp_;
};

/// Tolerances and limits of the adaptive integrator.
struct AdaptiveOptions {
  double atol = 1e-9;         ///< absolute tolerance (state units)
  double rtol = 1e-7;         ///< relative tolerance
  double initial_step = 1e-3; ///< s, first trial step (later steps carry over between calls)
  double min_step = 1e-12;    ///< s; a smaller step needed means failure (stiff or singular)
  double max_step = std::numeric_limits<double>::infinity();  ///< s
  /// Most steps (accepted + rejected) in one integrate() call; more means failure (a
  /// discontinuous right-hand side, e.g. Coulomb friction chattering at zero velocity).
  long max_steps = 20000;
};

/// Dormand-Prince 5(4) with step-size control (Hairer, Norsett, Wanner, Solving ODEs I, II.4-5).
class DormandPrince54 {
 public:
  /// Buffers for a state of `size` entries; throws std::invalid_argument for bad tolerances.
  DormandPrince54(int size, const AdaptiveOptions& options = {})
      : options_(options), k1_(VectorXd::Zero(size)), k2_(k1_), k3_(k1_), k4_(k1_), k5_(k1_),
        k6_(k1_), k7_(k1_), tmp_(k1_), y5_(k1_), err_(k1_), h_(options.initial_step) {
    if (!(options.atol > 0.0) || !(options.rtol >= 0.0) || !std::isfinite(options.atol) ||
        !std::isfinite(options.rtol))
      throw std::invalid_argument("dormand_prince: tolerances must be finite, atol > 0, rtol >= 0");
    if (options.max_steps < 1)
      throw std::invalid_argument("dormand_prince: max_steps must be >= 1");
    if (!(options.initial_step > 0.0) || !(options.min_step > 0.0) ||
        !(options.max_step >= options.min_step))
      throw std::invalid_argument(
          "dormand_prince: expected initial_step > 0, min_step > 0, max_step >= min_step");
  }

  /// Advances y from t0 to t1 with as many accepted steps as the tolerances need (the last step
  /// is shortened to land on t1). Throws std::runtime_error if the step falls below min_step or
  /// more than max_steps steps are needed.
  template <typename F>
  void integrate(F&& f, double t0, VectorXd& y, double t1) {
    double t = t0;
    f(t, y, k1_);  // fresh at each call: the input may have jumped (zero-order hold)
    ++evaluations_;
    long steps = 0;
    while (t < t1) {
      if (++steps > options_.max_steps) {
        std::ostringstream os;
        os << "dormand_prince: more than " << options_.max_steps << " steps between t = " << t0
           << " s and " << t1 << " s (stuck at t = " << t << " s with step " << h_
           << " s: a discontinuous right-hand side such as Coulomb friction at zero velocity? "
              "use rk4)";
        throw std::runtime_error(os.str());
      }
      double h = std::min({h_, options_.max_step, t1 - t});
      const bool last = h >= t1 - t;
      stage(f, t, y, h);
      // Weighted RMS norm of the embedded error estimate.
      double sum = 0.0;
      for (Eigen::Index i = 0; i < y.size(); ++i) {
        const double sc = options_.atol + options_.rtol * std::max(std::abs(y[i]), std::abs(y5_[i]));
        const double r = err_[i] / sc;
        sum += r * r;
      }
      const double e = std::sqrt(sum / static_cast<double>(y.size()));
      const double factor =
          std::isfinite(e) ? std::clamp(0.9 * std::pow(std::max(e, 1e-10), -0.2), 0.2, 5.0) : 0.2;
      if (e <= 1.0) {
        // Accept: keep the 5th-order solution; k7 = f(t + h, y5) is the next k1 (FSAL).
        t = last ? t1 : t + h;
        y = y5_;
        std::swap(k1_, k7_);
        ++accepted_;
        if (!last || factor < 1.0) h_ = h * factor;
      } else {
        ++rejected_;
        h_ = h * factor;
      }
      if (h_ < options_.min_step) {
        std::ostringstream os;
        os << "dormand_prince: step size " << h_ << " s fell below min_step "
           << options_.min_step << " s at t = " << t << " s (stiff or singular dynamics?)";
        throw std::runtime_error(os.str());
      }
    }
  }

  long accepted() const { return accepted_; }        ///< accepted steps so far
  long rejected() const { return rejected_; }        ///< rejected steps so far
  long evaluations() const { return evaluations_; }  ///< calls of f so far
  double step_size() const { return h_; }            ///< the next trial step, s

 private:
  template <typename F>
  void stage(F&& f, double t, const VectorXd& y, double h) {
    // Butcher tableau of Dormand & Prince (1980).
    constexpr double a21 = 1.0 / 5.0;
    constexpr double a31 = 3.0 / 40.0, a32 = 9.0 / 40.0;
    constexpr double a41 = 44.0 / 45.0, a42 = -56.0 / 15.0, a43 = 32.0 / 9.0;
    constexpr double a51 = 19372.0 / 6561.0, a52 = -25360.0 / 2187.0, a53 = 64448.0 / 6561.0,
                     a54 = -212.0 / 729.0;
    constexpr double a61 = 9017.0 / 3168.0, a62 = -355.0 / 33.0, a63 = 46732.0 / 5247.0,
                     a64 = 49.0 / 176.0, a65 = -5103.0 / 18656.0;
    constexpr double b1 = 35.0 / 384.0, b3 = 500.0 / 1113.0, b4 = 125.0 / 192.0,
                     b5 = -2187.0 / 6784.0, b6 = 11.0 / 84.0;
    // e = b(5th) - b(4th).
    constexpr double e1 = 71.0 / 57600.0, e3 = -71.0 / 16695.0, e4 = 71.0 / 1920.0,
                     e5 = -17253.0 / 339200.0, e6 = 22.0 / 525.0, e7 = -1.0 / 40.0;
    tmp_ = y + h * a21 * k1_;
    f(t + h / 5.0, tmp_, k2_);
    tmp_ = y + h * (a31 * k1_ + a32 * k2_);
    f(t + 3.0 * h / 10.0, tmp_, k3_);
    tmp_ = y + h * (a41 * k1_ + a42 * k2_ + a43 * k3_);
    f(t + 4.0 * h / 5.0, tmp_, k4_);
    tmp_ = y + h * (a51 * k1_ + a52 * k2_ + a53 * k3_ + a54 * k4_);
    f(t + 8.0 * h / 9.0, tmp_, k5_);
    tmp_ = y + h * (a61 * k1_ + a62 * k2_ + a63 * k3_ + a64 * k4_ + a65 * k5_);
    f(t + h, tmp_, k6_);
    y5_ = y + h * (b1 * k1_ + b3 * k3_ + b4 * k4_ + b5 * k5_ + b6 * k6_);
    f(t + h, y5_, k7_);
    err_ = h * (e1 * k1_ + e3 * k3_ + e4 * k4_ + e5 * k5_ + e6 * k6_ + e7 * k7_);
    evaluations_ += 6;
  }

  AdaptiveOptions options_;
  VectorXd k1_, k2_, k3_, k4_, k5_, k6_, k7_, tmp_, y5_, err_;
  double h_;
  long accepted_ = 0, rejected_ = 0, evaluations_ = 0;
};

}  // namespace manipdyn
