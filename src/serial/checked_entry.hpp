#pragma once
/// \file checked_entry.hpp
/// Private to src/serial: the one shape of a serial-arm algorithm's public entries. Each
/// algorithm has one body; its unchecked entry `f(unchecked, model, data, ...)` runs the body
/// (an assert on the sizes only); its checked entry `f(model, data, ...)` is checked_entry: the
/// input checks, the same body, the check of the result (core/check.hpp: a non-finite result
/// names the output and the largest input), in that order for every algorithm. The family
/// helpers below fix the checks of the inverse-dynamics formulations and of the functions of q;
/// MANIPDYN_INSTANTIATE_ENTRIES instantiates both entries of one algorithm for one scalar.
#include <string_view>
#include <type_traits>
#include <utility>

#include "input_checks.hpp"
#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/data.hpp"
#include "scalars.hpp"

namespace manipdyn::detail {

/// check_inputs() (throws naming the bad input), then body() (the algorithm, writes Data and
/// returns its result or nothing), then check_result(result) (or check_result() for a body that
/// returns nothing); returns what body() returned.
template <typename CheckInputs, typename Body, typename CheckResult>
MANIPDYN_ALWAYS_INLINE decltype(auto) checked_entry(CheckInputs&& check_inputs, Body&& body,
                                                    CheckResult&& check_result) {
  std::forward<CheckInputs>(check_inputs)();
  if constexpr (std::is_void_v<decltype(std::forward<Body>(body)())>) {
    std::forward<Body>(body)();
    std::forward<CheckResult>(check_result)();
  } else {
    decltype(auto) out = std::forward<Body>(body)();
    std::forward<CheckResult>(check_result)(out);
    return out;
  }
}

/// The checked entry of an inverse-dynamics formulation, f(model, data, q, qd, qdd, gravity,
/// f_ext) -> tau (n): check_inverse_dynamics_inputs, body() (returns tau), the finiteness of tau
/// naming the largest of q, qd, qdd, gravity, f_ext.
template <typename S, typename Body>
MANIPDYN_ALWAYS_INLINE const VectorX<S>& checked_inverse_dynamics(
    std::string_view where, const SerialModel& model, const SerialDataTpl<S>& data,
    JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext, Body&& body) {
  return checked_entry(
      [&] { check_inverse_dynamics_inputs(where, model, data, q, qd, qdd, gravity, f_ext); },
      std::forward<Body>(body),
      [&](const VectorX<S>& tau) {
        check_dynamics_result<S>(where, "tau", tau, q, qd, qdd, gravity, f_ext);
      });
}

/// The checked entry of a function of q alone, f(model, data, q) -> a result named
/// `result_name` (M): check_q_input, body(), the finiteness of the result naming q.
template <typename S, typename Body>
MANIPDYN_ALWAYS_INLINE decltype(auto) checked_of_q(std::string_view where,
                                                   std::string_view result_name,
                                                   const SerialModel& model,
                                                   const SerialDataTpl<S>& data,
                                                   JointVectorIn<S> q, Body&& body) {
  return checked_entry([&] { check_q_input(where, model, data, q); }, std::forward<Body>(body),
                       [&](const auto& out) { check_result(where, result_name, out,
                                                           result_input("q", q)); });
}

}  // namespace manipdyn::detail

/// Explicit instantiations of both entries of the algorithm `name` for the scalar S:
/// `Ret name<S>(const SerialModel&, SerialDataTpl<S>&, params...)` and the same with Unchecked
/// first. params: the parameter types after the Data, as declared in the public header.
#define MANIPDYN_INSTANTIATE_ENTRIES(Ret, name, S, ...)                                          \
  template Ret name<S>(const SerialModel&, SerialDataTpl<S>&, __VA_ARGS__);                      \
  template Ret name<S>(Unchecked, const SerialModel&, SerialDataTpl<S>&, __VA_ARGS__)

/// The parameter types of an inverse-dynamics formulation after the Data (q, qd, qdd, gravity,
/// f_ext), for MANIPDYN_INSTANTIATE_ENTRIES.
#define MANIPDYN_INVERSE_DYNAMICS_PARAMS(S)                                                      \
  JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&

/// Both entries of one inverse-dynamics formulation for the scalar S.
#define MANIPDYN_INSTANTIATE_INVERSE_DYNAMICS(name, S)                                            \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, name, S, MANIPDYN_INVERSE_DYNAMICS_PARAMS(S));

/// The checked entry of the inverse-dynamics formulation `name`, f(model, data, q, qd, qdd,
/// gravity, f_ext) -> tau: checked_inverse_dynamics (messages prefixed "name: ") around the
/// unchecked entry name(unchecked, model, data, ...), which the file defines before it; then the
/// explicit instantiations of both entries for every serial scalar (scalars.hpp).
#define MANIPDYN_INVERSE_DYNAMICS_ENTRIES(name)                                                   \
  template <typename S>                                                                          \
  const VectorX<S>& name(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,   \
                         JointVectorIn<S> qd, JointVectorIn<S> qdd,                               \
                         const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {                \
    auto body = [&]() -> const VectorX<S>& {                                                     \
      return name<S>(unchecked, model, data, q, qd, qdd, gravity, f_ext);                         \
    };                                                                                           \
    return detail::checked_inverse_dynamics<S>(#name, model, data, q, qd, qdd, gravity, f_ext,    \
                                               body);                                            \
  }                                                                                              \
  MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE_INVERSE_DYNAMICS, name)
