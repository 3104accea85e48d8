/// \file mass_matrix.cpp
/// The joint-space mass matrix M(q) by the composite-rigid-body algorithm (Walker & Orin 1982,
/// method 3; Featherstone RBDA sec. 6.2) in the standard DH link coordinates of the Newton-Euler
/// family (2-2.5 times fewer operations than strobing for n = 6..12): mass_matrix, and
/// mass_matrix_and_bias, which shares the joint sin/cos with the bias torques. The strobed M
/// (mass_matrix_strobing) is in strobing.cpp, the Lagrange-Euler one in lagrange_euler.cpp. The
/// algorithm itself is in mass_matrix_body.hpp; its instantiation for the tracing scalar of code
/// generation is in src/codegen/traced_instantiations.cpp.
#include <cassert>
#include <string_view>
#include <utility>

#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "mass_matrix_body.hpp"
#include "scalars.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn {

template <typename S>
const MatrixX<S>& mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q) {
  constexpr std::string_view where = "mass_matrix";
  return detail::checked_entry(
      [&] { detail::check_q_input(where, model, data, q, detail::Takes::free_flyers); },
      [&]() -> const MatrixX<S>& { return mass_matrix<S>(unchecked, model, data, q); },
      [&](const MatrixX<S>& M) { check_result(where, "M", M, result_input("q", q)); });
}

template <typename S>
void mass_matrix_and_bias(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                          JointVectorIn<S> q, JointVectorIn<S> qd, const Vector3In<S>& gravity,
                          const Vector6In<S>& f_ext) {
  assert(data.n == model.dof() && q.size() == model.nq() && qd.size() == model.nv());
  if (detail::uses_tree_path(model)) [[unlikely]] {
    // a tree: the bias by the recursive Newton-Euler algorithm with qdd = 0, M by the
    // composite-rigid-body algorithm (tree_algorithms.hpp)
    data.qdd_work.setZero();
    detail::tree_inverse_dynamics<S>(model, data, q, qd, data.qdd_work, gravity, f_ext, nullptr,
                                     detail::DriveTerms::all, data.bias);
    detail::tree_mass_matrix<S>(model, data, q);
    return;
  }
  const DhChain& ch = model.standard;
  // sin/cos of the joint angles, once for both terms
  detail::joint_trig(ch, data, q);
  // b = tau(q, qd, qdd = 0) with gravity and the wrist wrench, + friction(qd)
  const bool has_wrench = detail::any_nonzero(f_ext);
  Vector3<S> fw = Vector3<S>::Zero(), nw = Vector3<S>::Zero();
  if (has_wrench) detail::wrench_in_frame_n(ch, f_ext, fw, nw);
  data.qdd_work.setZero();
  detail::run_fast_core<S, true>(ch, data, q, qd, data.qdd_work,
                                 detail::base_acceleration(ch, gravity), has_wrench, fw, nw,
                                 {0, 0}, data.bias);
  detail::add_drive_unchecked<S>(model, qd, data.qdd_work, data.bias);
  // M from the same sin/cos
  detail::mass_matrix_from_trig(model, data, q);
}

template <typename S>
void mass_matrix_and_bias(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                          JointVectorIn<S> qd, const Vector3In<S>& gravity,
                          const Vector6In<S>& f_ext) {
  constexpr std::string_view where = "mass_matrix_and_bias";
  detail::checked_entry(
      [&] {
        detail::check_q_input(where, model, data, q, detail::Takes::free_flyers);
        check_vector(where, "qd", qd, model.nv());
        check_finite(where, "gravity", gravity);
        check_finite(where, "f_ext", f_ext);
      },
      [&] { mass_matrix_and_bias<S>(unchecked, model, data, q, qd, gravity, f_ext); },
      [&] {
        check_result(where, "M", data.M, result_input("q", q));
        check_result(where, "bias", data.bias, result_input("q", q), result_input("qd", qd),
                     result_input("gravity", gravity), result_input("f_ext", f_ext));
      });
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, mass_matrix, S, JointVectorIn<S>);           \
  MANIPDYN_INSTANTIATE_ENTRIES(void, mass_matrix_and_bias, S, JointVectorIn<S>,                \
                               JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
