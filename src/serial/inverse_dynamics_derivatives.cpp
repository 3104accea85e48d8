/// \file inverse_dynamics_derivatives.cpp
/// inverse_dynamics_derivatives (serial/derivatives.hpp): its checked entry, the result check it
/// shares with forward_dynamics_derivatives, and the instantiations for double; the recursion and
/// the unchecked entry are in inverse_dynamics_derivatives_body.hpp (instantiated for the tracing
/// scalar of code generation in src/codegen/traced_instantiations.cpp).
#include <cassert>
#include <cmath>
#include <type_traits>
#include <string_view>

#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "inverse_dynamics_derivatives_body.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn {
namespace detail {

/// True if the three matrices are certainly finite: for double, the plain sum of their entries is
/// (one vectorised pass each; a nan, an inf or an overflowing sum sends the caller to the entry by
/// entry check); other scalars: all_finite.
template <typename S>
MANIPDYN_ALWAYS_INLINE bool looks_finite(const MatrixX<S>& a, const MatrixX<S>& b,
                                         const MatrixX<S>& c) {
  if constexpr (std::is_same_v<S, double>)
    return std::isfinite(a.sum() + b.sum() + c.sum());
  else
    return all_finite(a) && all_finite(b) && all_finite(c);
}

/// The result check of the derivative functions: each named output finite, else the message
/// names it and the largest of q, qd, `third` (qdd or tau), gravity, f_ext.
template <typename S>
void check_derivatives_result(std::string_view where, const DerivativesDataTpl<S>& data,
                              bool forward, JointVectorIn<S> q, JointVectorIn<S> qd,
                              std::string_view third_name, JointVectorIn<S> third,
                              const Vector3<S>& gravity, const Vector6<S>& f_ext) {
  const MatrixX<S>& a = forward ? data.dqdd_dq : data.dtau_dq;
  const MatrixX<S>& b = forward ? data.dqdd_dqd : data.dtau_dqd;
  const MatrixX<S>& c = forward ? data.dqdd_dtau : data.dtau_dqdd;
  if (looks_finite<S>(a, b, c)) [[likely]]
    return;
  auto check = [&](std::string_view name, const MatrixX<S>& m) {
    check_result(where, name, m, result_input("q", q), result_input("qd", qd),
                 result_input(third_name, third), result_input("gravity", gravity),
                 result_input("f_ext", f_ext));
  };
  check(forward ? "dqdd_dq" : "dtau_dq", a);
  check(forward ? "dqdd_dqd" : "dtau_dqd", b);
  check(forward ? "dqdd_dtau" : "dtau_dqdd", c);
}

template <typename S>
void check_tree_derivatives_inputs(std::string_view where, const SerialModel& model,
                                   const DerivativesDataTpl<S>& data, JointVectorIn<S> q,
                                   JointVectorIn<S> qd, std::string_view third_name,
                                   JointVectorIn<S> third, const Vector3<S>& gravity,
                                   const Vector6<S>& f_ext) {
  check_state_inputs<S>(where, model, data.serial, q, qd, third_name, third, gravity, f_ext,
                        Takes::free_flyers);
  check_data_size(where, data.n, model.nv());
}

template void check_tree_derivatives_inputs<double>(
    std::string_view, const SerialModel&, const DerivativesDataTpl<double>&,
    JointVectorIn<double>, JointVectorIn<double>, std::string_view, JointVectorIn<double>,
    const Vector3<double>&, const Vector6<double>&);

template void check_derivatives_result<double>(std::string_view,
                                               const DerivativesDataTpl<double>&, bool,
                                               JointVectorIn<double>, JointVectorIn<double>,
                                               std::string_view, JointVectorIn<double>,
                                               const Vector3<double>&, const Vector6<double>&);

}  // namespace detail

template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext) {
  constexpr std::string_view where = "inverse_dynamics_derivatives";
  if (detail::uses_tree_path(model)) [[unlikely]]
    return detail::checked_entry(
        [&] { detail::check_tree_derivatives_inputs<S>(where, model, data, q, qd, "qdd", qdd,
                                                       gravity, f_ext); },
        [&]() -> const DerivativesDataTpl<S>& {
          detail::tree_inverse_dynamics_derivatives<S>(model, data, q, qd, qdd, gravity, f_ext,
                                                       nullptr);
          return data;
        },
        [&](const DerivativesDataTpl<S>& out) {
          detail::check_derivatives_result<S>(where, out, false, q, qd, "qdd", qdd, gravity,
                                              f_ext);
        });
  return detail::checked_entry(
      [&] {
        detail::check_model_built(where, model);
        check_joint_state(where, data.n, model.dof(), q, qd, "qdd", qdd, gravity, f_ext);
      },
      [&]() -> const DerivativesDataTpl<S>& {
        detail::inverse_dynamics_derivatives_body<S>(model, data, q, qd, qdd, gravity, f_ext);
        return data;
      },
      [&](const DerivativesDataTpl<S>& out) {
        detail::check_derivatives_result<S>(where, out, false, q, qd, "qdd", qdd, gravity, f_ext);
      });
}

template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext, const LinkWrenchesIn<S>& f_links) {
  assert(data.n == model.nv() && q.size() == model.nq() && f_links.cols() == model.dof());
  detail::size_tree_derivative_buffers(model, data);  // a fixed-root chain's, on first use
  detail::tree_inverse_dynamics_derivatives<S>(model, data, q, qd, qdd, gravity, f_ext, &f_links);
  return data;
}

template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext, const LinkWrenchesIn<S>& f_links) {
  constexpr std::string_view where = "inverse_dynamics_derivatives";
  return detail::checked_entry(
      [&] {
        detail::check_tree_derivatives_inputs<S>(where, model, data, q, qd, "qdd", qdd, gravity,
                                                 f_ext);
        detail::check_link_wrenches(where, model, f_links);
      },
      [&]() -> const DerivativesDataTpl<S>& {
        return inverse_dynamics_derivatives<S>(unchecked, model, data, q, qd, qdd, gravity,
                                               f_ext, f_links);
      },
      [&](const DerivativesDataTpl<S>& out) {
        detail::check_derivatives_result<S>(where, out, false, q, qd, "qdd", qdd, gravity,
                                            f_ext);
      });
}

template struct DerivativesDataTpl<double>;
#define MANIPDYN_DERIVATIVES_PARAMS                                                             \
  DerivativesDataTpl<double>&, JointVectorIn<double>, JointVectorIn<double>,                      \
      JointVectorIn<double>, const Vector3In<double>&, const Vector6In<double>&
template const DerivativesDataTpl<double>& inverse_dynamics_derivatives<double>(const SerialModel&,
                                                                    MANIPDYN_DERIVATIVES_PARAMS);
template const DerivativesDataTpl<double>& inverse_dynamics_derivatives<double>(Unchecked, const SerialModel&,
                                                                    MANIPDYN_DERIVATIVES_PARAMS);
template const DerivativesDataTpl<double>& inverse_dynamics_derivatives<double>(
    const SerialModel&, MANIPDYN_DERIVATIVES_PARAMS, const LinkWrenchesIn<double>&);
template const DerivativesDataTpl<double>& inverse_dynamics_derivatives<double>(
    Unchecked, const SerialModel&, MANIPDYN_DERIVATIVES_PARAMS, const LinkWrenchesIn<double>&);
#undef MANIPDYN_DERIVATIVES_PARAMS

}  // namespace manipdyn
