#pragma once
/// \file check.hpp
/// Checks of user input at the public boundary. Each throws std::invalid_argument with a message
/// that names the function, the argument and what is wrong ("inverse_dynamics: q has size 5,
/// expected 6"; "inverse_dynamics: qd[2] is nan"). Internal invariants use assert instead.
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

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

/// Throws "<where>: <name>[i] is nan|inf" for the first non-finite entry.
template <typename Derived>
void check_finite(std::string_view where, std::string_view name,
                  const Eigen::DenseBase<Derived>& v) {
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

/// Throws "<where>: <name> is nan|inf" unless x is finite.
inline void check_finite_scalar(std::string_view where, std::string_view name, double x) {
  if (!std::isfinite(x))
    throw std::invalid_argument(std::string(where) + ": " + std::string(name) + " is " +
                                (std::isnan(x) ? "nan" : "inf"));
}

}  // namespace manipdyn
