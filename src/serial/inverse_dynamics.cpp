/// \file inverse_dynamics.cpp
/// The default inverse dynamics (the fastest O(n) formulation we have), the dispatch by method
/// and the method names.
///
/// The fastest formulation is the modified Newton-Euler of Turney et al. 1980 sec. 5 (A_i, K_i)
/// in standard DH link coordinates (detail::fast_core), with: rotations applied in the factored
/// form Rz(theta) Rx(alpha) (8 mul 4 add instead of 9 and 6, no matrix built from sin/cos), and
/// by sign flips alone for alpha a multiple of pi/2; the first link specialised (w_0 = alpha_0
/// = 0, gravity along z0 rotated as one column); tau read from the moment rotated into the
/// parent frame (which the parent needs anyway); the last link's a_n skipped; the wrist terms
/// skipped for a zero wrench; K_i in its diagonal form when the link's principal axes are along
/// frame i; zero entries of the model's constant vectors skipped. The structure tests run only
/// for chains that have such structure (DhChain::ne_sparse), so general arms pay no branches.
#include "manipdyn/serial/inverse_dynamics.hpp"

#include <cassert>
#include <stdexcept>
#include <string>
#include <string_view>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "tree_algorithms.hpp"
#include "scalars.hpp"

namespace manipdyn {

template <typename S>
const VectorX<S>& inverse_dynamics(const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  // written out rather than through detail::checked_inverse_dynamics: the hot path, kept as g++
  // laid it out before (the helper's form added 20 instructions here)
  constexpr std::string_view where = "inverse_dynamics";
  detail::check_inverse_dynamics_inputs(where, model, data, q, qd, qdd, gravity, f_ext,
                                        detail::Takes::free_flyers);
  if (detail::uses_tree_path(model)) [[unlikely]]
    detail::tree_inverse_dynamics<S>(model, data, q, qd, qdd, gravity, f_ext, nullptr,
                                     detail::DriveTerms::all, data.tau);
  else
    detail::fastest_inverse_dynamics<S>(model, data, q, qd, qdd, gravity, f_ext);
  // one finiteness check of the result (overflow of a large input)
  detail::check_dynamics_result<S>(where, "tau", data.tau, q, qd, qdd, gravity, f_ext);
  return data.tau;
}

template <typename S>
const VectorX<S>& inverse_dynamics(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  assert(data.n == model.dof() && q.size() == model.nq() && qd.size() == model.nv() &&
         qdd.size() == model.nv());
  if (detail::uses_tree_path(model)) [[unlikely]]
    detail::tree_inverse_dynamics<S>(model, data, q, qd, qdd, gravity, f_ext, nullptr,
                                     detail::DriveTerms::all, data.tau);
  else
    detail::fastest_inverse_dynamics<S>(model, data, q, qd, qdd, gravity, f_ext);
  return data.tau;
}

template <typename S>
const VectorX<S>& inverse_dynamics(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext,
                                   const LinkWrenchesIn<S>& f_links) {
  assert(data.n == model.dof() && q.size() == model.nq() && f_links.cols() == data.n);
  detail::size_link_buffers(data);  // a chain's, on first use
  detail::tree_inverse_dynamics<S>(model, data, q, qd, qdd, gravity, f_ext, &f_links,
                                   detail::DriveTerms::all, data.tau);
  return data.tau;
}

template <typename S>
const VectorX<S>& inverse_dynamics(const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext,
                                   const LinkWrenchesIn<S>& f_links) {
  constexpr std::string_view where = "inverse_dynamics";
  return detail::checked_entry(
      [&] {
        detail::check_inverse_dynamics_inputs(where, model, data, q, qd, qdd, gravity, f_ext,
                                              detail::Takes::free_flyers);
        detail::check_link_wrenches(where, model, f_links);
      },
      [&]() -> const VectorX<S>& {
        return inverse_dynamics<S>(unchecked, model, data, q, qd, qdd, gravity, f_ext, f_links);
      },
      [&](const VectorX<S>& tau) {
        check_result(where, "tau", tau, result_input("q", q), result_input("qd", qd),
                     result_input("qdd", qdd), result_input("gravity", gravity),
                     result_input("f_ext", f_ext), result_input("f_links", f_links));
      });
}

template <typename S>
const VectorX<S>& inverse_dynamics(InverseDynamicsMethod method, const SerialModel& model,
                                   SerialDataTpl<S>& data, JointVectorIn<S> q, JointVectorIn<S> qd,
                                   JointVectorIn<S> qdd, const Vector3In<S>& gravity,
                                   const Vector6In<S>& f_ext) {
  switch (method) {
    case InverseDynamicsMethod::fastest:
      return inverse_dynamics<S>(model, data, q, qd, qdd, gravity, f_ext);
    case InverseDynamicsMethod::lagrange_euler:
      return inverse_dynamics_lagrange_euler<S>(model, data, q, qd, qdd, gravity, f_ext);
    case InverseDynamicsMethod::newton_euler:
      return inverse_dynamics_newton_euler<S>(model, data, q, qd, qdd, gravity, f_ext);
    case InverseDynamicsMethod::modified_newton_euler:
      return inverse_dynamics_modified_newton_euler<S>(model, data, q, qd, qdd, gravity, f_ext);
    case InverseDynamicsMethod::craig:
      return inverse_dynamics_craig<S>(model, data, q, qd, qdd, gravity, f_ext);
  }
  throw std::invalid_argument("inverse_dynamics: unknown method " +
                              std::to_string(static_cast<int>(method)));
}

template <typename S>
const VectorX<S>& inverse_dynamics(Unchecked, InverseDynamicsMethod method,
                                   const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  switch (method) {
    case InverseDynamicsMethod::fastest:
      return inverse_dynamics<S>(unchecked, model, data, q, qd, qdd, gravity, f_ext);
    case InverseDynamicsMethod::lagrange_euler:
      return inverse_dynamics_lagrange_euler<S>(unchecked, model, data, q, qd, qdd, gravity,
                                                f_ext);
    case InverseDynamicsMethod::newton_euler:
      return inverse_dynamics_newton_euler<S>(unchecked, model, data, q, qd, qdd, gravity, f_ext);
    case InverseDynamicsMethod::modified_newton_euler:
      return inverse_dynamics_modified_newton_euler<S>(unchecked, model, data, q, qd, qdd,
                                                       gravity, f_ext);
    case InverseDynamicsMethod::craig:
      return inverse_dynamics_craig<S>(unchecked, model, data, q, qd, qdd, gravity, f_ext);
  }
  throw std::invalid_argument("inverse_dynamics: unknown method " +
                              std::to_string(static_cast<int>(method)));
}

#define MANIPDYN_INSTANTIATE(S)                                                                    \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, inverse_dynamics, S,                             \
                               MANIPDYN_INVERSE_DYNAMICS_PARAMS(S));                               \
  template const VectorX<S>& inverse_dynamics<S>(                                                  \
      InverseDynamicsMethod, const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>,              \
      JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&);               \
  template const VectorX<S>& inverse_dynamics<S>(                                                  \
      Unchecked, InverseDynamicsMethod, const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>,   \
      JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&);             \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, inverse_dynamics, S,                             \
                               MANIPDYN_INVERSE_DYNAMICS_PARAMS(S), const LinkWrenchesIn<S>&);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
