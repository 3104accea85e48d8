/// \file forward_dynamics_derivatives.cpp
/// forward_dynamics_derivatives (serial/derivatives.hpp): its checked entry and the
/// instantiations for double; the computation and the unchecked entry are in
/// forward_dynamics_derivatives_body.hpp (instantiated for the tracing scalar of code generation
/// in src/codegen/traced_instantiations.cpp).
#include <cassert>
#include <stdexcept>
#include <string>
#include <string_view>

#include "checked_entry.hpp"
#include "forward_dynamics_derivatives_body.hpp"
#include "input_checks.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn {

template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext) {
  constexpr std::string_view where = "forward_dynamics_derivatives";
  auto check_result_of = [&](const DerivativesDataTpl<S>& out) {
    check_result(where, "qdd", out.qdd, result_input("q", q), result_input("qd", qd),
                 result_input("tau", tau), result_input("gravity", gravity),
                 result_input("f_ext", f_ext));
    detail::check_derivatives_result<S>(where, out, true, q, qd, "tau", tau, gravity, f_ext);
  };
  if (detail::uses_tree_path(model)) [[unlikely]]
    return detail::checked_entry(
        [&] { detail::check_tree_derivatives_inputs<S>(where, model, data, q, qd, "tau", tau,
                                                       gravity, f_ext); },
        [&]() -> const DerivativesDataTpl<S>& {
          detail::tree_forward_dynamics_derivatives<S>(model, data, q, qd, tau, gravity, f_ext);
          return data;
        },
        check_result_of);
  return detail::checked_entry(
      [&] {
        detail::check_model_built(where, model);
        check_joint_state(where, data.n, model.dof(), q, qd, "tau", tau, gravity, f_ext);
      },
      [&]() -> const DerivativesDataTpl<S>& {
        detail::forward_dynamics_derivatives_body<S>(model, data, q, qd, tau, gravity, f_ext);
        return data;
      },
      check_result_of);
}

#define MANIPDYN_DERIVATIVES_PARAMS                                                             \
  DerivativesDataTpl<double>&, JointVectorIn<double>, JointVectorIn<double>,                      \
      JointVectorIn<double>, const Vector3In<double>&, const Vector6In<double>&
template const DerivativesDataTpl<double>& forward_dynamics_derivatives<double>(const SerialModel&,
                                                                    MANIPDYN_DERIVATIVES_PARAMS);
template const DerivativesDataTpl<double>& forward_dynamics_derivatives<double>(Unchecked, const SerialModel&,
                                                                    MANIPDYN_DERIVATIVES_PARAMS);
#undef MANIPDYN_DERIVATIVES_PARAMS

}  // namespace manipdyn
