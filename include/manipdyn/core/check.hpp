#pragma once
/// \file check.hpp
/// Checks of user input at the public boundary. Each throws std::invalid_argument with a message
/// that names the function, the argument and what is wrong ("inverse_dynamics: q has size 5,
/// expected 6"; "inverse_dynamics: qd[2] is nan"). Internal invariants use assert instead.
/// check_result checks an algorithm's output once per call (a non-finite result names the output
/// and the largest input, the likely overflow).
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"

namespace manipdyn {

/// Throws "<where>: <name> has size <n>, expected <expected>" unless v.size() == expected.
template <typename Derived>
void check_size(std::string_view where, std::string_view name, const Eigen::EigenBase<Derived>& v,
                Eigen::Index expected) {
  if (v.size() != expected) {
    std::ostringstream os;
    os << where << ": " << name << " has size " << v.size() << ", expected " << expected;
    throw std::invalid_argument(os.str());
  }
}

template <typename Derived>
MANIPDYN_ALWAYS_INLINE bool all_finite(const Eigen::DenseBase<Derived>& v);

/// Throws "<where>: <name>[i] is nan|inf" for the first non-finite entry. One vectorised pass
/// (all_finite) when every entry is finite; the entry is looked for only on failure.
template <typename Derived>
void check_finite(std::string_view where, std::string_view name,
                  const Eigen::DenseBase<Derived>& v) {
  if (all_finite(v)) [[likely]]
    return;
  for (Eigen::Index j = 0; j < v.cols(); ++j)
    for (Eigen::Index i = 0; i < v.rows(); ++i) {
      const double x = math::value(v(i, j));
      if (!std::isfinite(x)) {
        std::ostringstream os;
        os << where << ": " << name << "[" << (v.cols() == 1 ? i : i * v.cols() + j) << "]";
        if (v.cols() != 1) os << " (row " << i << ", column " << j << ")";
        os << " is " << (std::isnan(x) ? "nan" : "inf");
        throw std::invalid_argument(os.str());
      }
    }
}

/// check_size and check_finite together.
template <typename Derived>
void check_vector(std::string_view where, std::string_view name,
                  const Eigen::DenseBase<Derived>& v, Eigen::Index expected) {
  check_size(where, name, v, expected);
  check_finite(where, name, v);
}

/// Throws "<where>: data was built for <data_n> joints, the model has <model_n>" unless the
/// workspace was built for this model's size.
inline void check_data_size(std::string_view where, int data_n, int model_n) {
  if (data_n != model_n) {
    std::ostringstream os;
    os << where << ": data was built for " << data_n << " joints, the model has " << model_n;
    throw std::invalid_argument(os.str());
  }
}

namespace detail {
/// The detailed checks of check_joint_state, in order, for the message of the first failure.
template <typename Q, typename Qd, typename Third, typename Gravity, typename Wrench>
[[gnu::cold, gnu::noinline]] void check_joint_state_detail(
    std::string_view where, int data_n, int n, const Q& q, const Qd& qd,
    std::string_view third_name, const Third& third, const Gravity& gravity, const Wrench& f_ext) {
  check_data_size(where, data_n, n);
  check_vector(where, "q", q, n);
  check_vector(where, "qd", qd, n);
  check_vector(where, third_name, third, n);
  check_finite(where, "gravity", gravity);
  check_finite(where, "f_ext", f_ext);
}
}  // namespace detail

/// The input checks of the dynamics algorithms of a serial arm: the workspace was built for n
/// joints (data_n); q, qd and a third joint vector named `third_name` (qdd or tau) have size n
/// and finite entries; gravity (3) and f_ext (6) are finite. Inline, one test of everything
/// when all is right (the hot path of every call); the first problem is named otherwise.
template <typename Q, typename Qd, typename Third, typename Gravity, typename Wrench>
MANIPDYN_ALWAYS_INLINE void check_joint_state(std::string_view where, int data_n, int n,
                                              const Q& q, const Qd& qd,
                                              std::string_view third_name, const Third& third,
                                              const Gravity& gravity, const Wrench& f_ext) {
  if (data_n == n && q.size() == n && qd.size() == n && third.size() == n && all_finite(q) &&
      all_finite(qd) && all_finite(third) && all_finite(gravity) && all_finite(f_ext))
      [[likely]]
    return;
  detail::check_joint_state_detail(where, data_n, n, q, qd, third_name, third, gravity, f_ext);
}

/// Throws "<where>: <name> is nan|inf" unless x is finite.
inline void check_finite_scalar(std::string_view where, std::string_view name, double x) {
  if (!std::isfinite(x))
    throw std::invalid_argument(std::string(where) + ": " + std::string(name) + " is " +
                                (std::isnan(x) ? "nan" : "inf"));
}

/// Tag of the unchecked overloads of the hot-path algorithms: `inverse_dynamics(unchecked, model,
/// data, q, ...)` computes the same numbers as `inverse_dynamics(model, data, q, ...)` but skips
/// the checks of the inputs (sizes, finiteness, the Data's size) and of the result (check_result),
/// for callers that validate upstream. Wrong sizes are then undefined behaviour (an assert in
/// Debug builds) and a non-finite input or overflow gives a non-finite result instead of an error.
struct Unchecked {
  explicit Unchecked() = default;
};
/// The value of the Unchecked tag (like std::nothrow).
inline constexpr Unchecked unchecked{};

/// True if every entry is finite. For double this is Eigen's vectorised allFinite(); for other
/// scalars (the counting scalar) it reads the values, so that it costs no counted operation.
template <typename Derived>
MANIPDYN_ALWAYS_INLINE bool all_finite(const Eigen::DenseBase<Derived>& v) {
  if constexpr (std::is_same_v<typename Derived::Scalar, double>) {
    return v.derived().allFinite();
  } else {
    for (Eigen::Index j = 0; j < v.cols(); ++j)
      for (Eigen::Index i = 0; i < v.rows(); ++i)
        if (!std::isfinite(math::value(v(i, j)))) return false;
    return true;
  }
}

/// An input of a computation named for the message of check_result (holds a reference only).
template <typename Derived>
struct ResultInput {
  std::string_view name;
  const Eigen::DenseBase<Derived>& value;
};
/// ResultInput{name, v}: `check_result(..., result_input("qd", qd), ...)`.
template <typename Derived>
ResultInput<Derived> result_input(std::string_view name, const Eigen::DenseBase<Derived>& v) {
  return {name, v};
}

namespace detail {

/// The name and largest magnitude max |x_i| of one input (nan if it holds a nan).
struct InputMagnitude {
  std::string_view name;
  double max_abs = 0.0;
};

template <typename Derived>
InputMagnitude input_magnitude(const ResultInput<Derived>& in) {
  double m = 0.0;
  for (Eigen::Index j = 0; j < in.value.cols(); ++j)
    for (Eigen::Index i = 0; i < in.value.rows(); ++i) {
      const double x = std::abs(math::value(in.value(i, j)));
      if (std::isnan(x)) return {in.name, x};
      if (x > m) m = x;
    }
  return {in.name, m};
}

/// "tau[2] = nan" or "M(1, 3) = inf" for the first non-finite entry of v, named `name`.
template <typename Derived>
std::string first_non_finite(std::string_view name, const Eigen::DenseBase<Derived>& v) {
  std::ostringstream os;
  for (Eigen::Index j = 0; j < v.cols(); ++j)
    for (Eigen::Index i = 0; i < v.rows(); ++i) {
      const double x = math::value(v(i, j));
      if (std::isfinite(x)) continue;
      os << name;
      if (v.cols() == 1)
        os << "[" << i << "]";
      else
        os << "(" << i << ", " << j << ")";
      os << " = " << (std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
      return os.str();
    }
  return std::string(name);
}

/// Inputs at least this large in magnitude overflow the products of the dynamics (qd_i qd_j,
/// m qdd, ...): the square root of the largest double, about 1.3e154.
inline constexpr double kOverflowMagnitude = 1.3407807929942596e154;

/// Throws "<where>: the result <name> is not finite (<entry>); an input is too large: |qd| =
/// 1e+200 (overflow)" or, when no input is that large, "...; the largest input is |q| = 3, so the
/// model's parameters (or a near-singular mass matrix) are the likely cause".
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_non_finite_result(
    std::string_view where, std::string_view name, const std::string& entry,
    std::initializer_list<InputMagnitude> inputs) {
  std::ostringstream os;
  os << where << ": the result " << name << " is not finite (" << entry << ")";
  const InputMagnitude* largest = nullptr;
  for (const InputMagnitude& in : inputs)
    if (largest == nullptr || std::isnan(in.max_abs) || in.max_abs > largest->max_abs) {
      largest = &in;
      if (std::isnan(in.max_abs)) break;
    }
  if (largest == nullptr) {
    os << "; the model's parameters are the likely cause";
  } else if (std::isnan(largest->max_abs) || std::isinf(largest->max_abs)) {
    os << "; an input is not finite: " << largest->name << " holds " << largest->max_abs;
  } else if (largest->max_abs >= kOverflowMagnitude) {
    os << "; an input is too large: |" << largest->name << "| = " << largest->max_abs
       << " (overflow)";
  } else {
    os << "; the largest input is |" << largest->name << "| = " << largest->max_abs
       << ", so the model's parameters (or a near-singular mass matrix) are the likely cause";
  }
  throw std::invalid_argument(os.str());
}

}  // namespace detail

/// The output check of the public algorithms, once per call: returns if every entry of `out` is
/// finite, else throws std::invalid_argument naming `where`, the output `name`, its first
/// non-finite entry and the input of largest magnitude among `inputs` (the likely overflow):
/// "inverse_dynamics: the result tau is not finite (tau[2] = nan); an input is too large: |qd| =
/// 1e+200 (overflow)". Costs one allFinite() pass over `out` when it succeeds.
template <typename Derived, typename... Inputs>
MANIPDYN_ALWAYS_INLINE void check_result(std::string_view where, std::string_view name,
                                         const Eigen::DenseBase<Derived>& out,
                                         const ResultInput<Inputs>&... inputs) {
  if (all_finite(out)) [[likely]]
    return;
  detail::throw_non_finite_result(where, name, detail::first_non_finite(name, out),
                                  {detail::input_magnitude(inputs)...});
}

}  // namespace manipdyn
