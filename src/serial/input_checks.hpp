#pragma once
/// \file input_checks.hpp
/// Private to src/serial: the input and result checks shared by the serial-arm algorithms (the
/// model was built with its precomputed data, the Data's size, the joint vectors' sizes and
/// finiteness; core/check.hpp does the checking).
#include <stdexcept>
#include <string>
#include <string_view>

#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn::detail {

/// Throws std::invalid_argument "<where>: model 'm' is a tree (joint 4 'x' hangs from joint 2
/// 'y'); <where> is written for serial chains ...": the chain formulations refuse a tree.
[[noreturn]] inline void throw_not_a_chain(std::string_view where, const SerialModel& model) {
  const std::vector<std::string> names = model.joint_names();
  std::string why;
  for (int i = 0; i < model.dof() && why.empty(); ++i) {
    const int p = model.parent[i];
    if (p != i - 1)
      why = "joint " + std::to_string(i + 1) + " '" + names[i] + "' hangs from " +
            (p < 0 ? std::string("the base") :
                     "joint " + std::to_string(p + 1) + " '" + names[p] + "'") +
            ", not from joint " + std::to_string(i) + (i > 0 ? " '" + names[i - 1] + "'" : "");
  }
  for (int i = 0; i < model.dof() && why.empty(); ++i)
    if (model.links[i].gamma != 0.0 || model.links[i].b != 0.0)
      why = "joint " + std::to_string(i + 1) + " '" + names[i] +
            "' has Khalil-Kleinfinger gamma or b";
  throw std::invalid_argument(std::string(where) + ": model '" + model.name + "' is a tree (" +
                              why + "); " + std::string(where) +
                              " is written for serial chains: the default algorithms "
                              "(inverse_dynamics, mass_matrix, gravity_torques, bias_torques, "
                              "forward_dynamics, link_transforms, jacobian) take trees");
}

/// Throws std::invalid_argument "<where>: model 'm' has a free-flyer root; <where> takes
/// fixed-root models" for a floating base: the functions that take one call it only where they
/// do not.
inline void check_fixed_root(std::string_view where, const SerialModel& model) {
  if (model.root != RootJoint::fixed)
    throw std::invalid_argument(std::string(where) + ": model '" + model.name +
                                "' has a free-flyer root; " + std::string(where) +
                                " takes fixed-root models");
}

/// Which models an algorithm takes, for the checks below: chains only (the textbook
/// formulations), fixed-root trees, or trees with a fixed or free-flyer root (the default
/// algorithms that take a floating base; docs/trees.md).
enum class Takes { chains, trees, free_flyers };

/// Throws std::invalid_argument unless the model carries the precomputed data of
/// SerialModel::from_dh/from_modified_dh/from_table (a default-constructed or hand-filled one);
/// for a tree unless `takes` is trees or free_flyers (throw_not_a_chain); for a free-flyer root
/// unless `takes` is free_flyers (check_fixed_root).
inline void check_model_built(std::string_view where, const SerialModel& model,
                              Takes takes = Takes::chains) {
  const int n = model.dof();
  if (takes != Takes::free_flyers) check_fixed_root(where, model);
  if (takes == Takes::chains && !model.is_chain() &&
      static_cast<int>(model.modified.ne_p.size()) == n)
    throw_not_a_chain(where, model);
  if ((model.is_chain() && static_cast<int>(model.standard.ne_p.size()) != n) ||
      static_cast<int>(model.modified.ne_p.size()) != n)
    throw std::invalid_argument(std::string(where) +
                                ": the model was not built by SerialModel::from_dh/"
                                "from_modified_dh/from_table (its precomputed data is missing)");
}

/// q of the model: for a free-flyer, size nq with a unit quaternion (check_configuration,
/// configuration.hpp); for a fixed root, size n ("<where>: q has size 5, expected 6").
template <typename S>
void check_q(std::string_view where, const SerialModel& model,
             const Eigen::Ref<const VectorX<S>>& q) {
  if (model.root == RootJoint::free_flyer)
    check_configuration<S>(where, "q", model, q);
  else
    check_vector(where, "q", q, model.dof());
}

/// Throws std::invalid_argument for a Data built for another n, a wrong size or a non-finite
/// entry of q, qd, the third vector (qdd or tau), gravity, f_ext; with a free-flyer root (when
/// `takes` is free_flyers) q has size nq with a unit quaternion, qd and the third size nv.
template <typename S>
void check_state_inputs(std::string_view where, const SerialModel& model,
                        const SerialDataTpl<S>& data, const Eigen::Ref<const VectorX<S>>& q,
                        const Eigen::Ref<const VectorX<S>>& qd, std::string_view third_name,
                        const Eigen::Ref<const VectorX<S>>& third, const Vector3<S>& gravity,
                        const Vector6<S>& f_ext, Takes takes) {
  const int n = model.dof();
  check_model_built(where, model, takes);
  if (model.root != RootJoint::free_flyer) {
    check_joint_state(where, data.n, n, q, qd, third_name, third, gravity, f_ext);
    return;
  }
  check_data_size(where, data.n, n);
  check_q<S>(where, model, q);
  check_vector(where, "qd", qd, model.nv());
  check_vector(where, third_name, third, model.nv());
  check_finite(where, "gravity", gravity);
  check_finite(where, "f_ext", f_ext);
}

/// Throws std::invalid_argument unless f_links (the link wrenches of inverse_dynamics) is 6 x n
/// joints with finite entries (named).
template <typename M>
void check_link_wrenches(std::string_view where, const SerialModel& model, const M& f_links) {
  if (f_links.rows() != 6 || f_links.cols() != model.dof())
    throw std::invalid_argument(std::string(where) + ": f_links has size " +
                                std::to_string(f_links.rows()) + " x " +
                                std::to_string(f_links.cols()) + ", expected 6 x " +
                                std::to_string(model.dof()));
  check_finite(where, "f_links", f_links);
}

/// Throws std::invalid_argument for a Data built for another n, a wrong size or a non-finite
/// entry of q, qd, qdd, gravity, f_ext; `takes` as check_model_built.
template <typename S>
void check_inverse_dynamics_inputs(std::string_view where, const SerialModel& model,
                                   const SerialDataTpl<S>& data,
                                   const Eigen::Ref<const VectorX<S>>& q,
                                   const Eigen::Ref<const VectorX<S>>& qd,
                                   const Eigen::Ref<const VectorX<S>>& qdd,
                                   const Vector3<S>& gravity, const Vector6<S>& f_ext,
                                   Takes takes = Takes::chains) {
  if (takes == Takes::free_flyers) {
    check_state_inputs<S>(where, model, data, q, qd, "qdd", qdd, gravity, f_ext, takes);
    return;
  }
  const int n = model.dof();
  check_model_built(where, model, takes);
  check_joint_state(where, data.n, n, q, qd, "qdd", qdd, gravity, f_ext);
}

/// The result check of the inverse-dynamics family (check_result): `out` (named `name`) must be
/// finite, else the message names the largest of q, qd, qdd, gravity, f_ext.
template <typename S, typename Out>
MANIPDYN_ALWAYS_INLINE void check_dynamics_result(std::string_view where, std::string_view name,
                                                  const Out& out,
                                                  const Eigen::Ref<const VectorX<S>>& q,
                                                  const Eigen::Ref<const VectorX<S>>& qd,
                                                  const Eigen::Ref<const VectorX<S>>& qdd,
                                                  const Vector3<S>& gravity,
                                                  const Vector6<S>& f_ext) {
  check_result(where, name, out, result_input("q", q), result_input("qd", qd),
               result_input("qdd", qdd), result_input("gravity", gravity),
               result_input("f_ext", f_ext));
}

/// Data size and q only (mass matrix, C^k); `takes` as check_model_built (a free-flyer's q: nq,
/// check_q).
template <typename S>
void check_q_input(std::string_view where, const SerialModel& model, const SerialDataTpl<S>& data,
                   const Eigen::Ref<const VectorX<S>>& q, Takes takes = Takes::chains) {
  const int n = model.dof();
  check_model_built(where, model, takes);
  check_data_size(where, data.n, n);
  check_q<S>(where, model, q);
}

/// The result check of the forward dynamics: throws "<where>: the result qdd is not finite
/// (<entry>); ..." naming the largest of q, qd, tau, gravity, f_ext (throw_non_finite_result).
template <typename S>
[[noreturn]] void throw_non_finite_qdd(std::string_view where, const std::string& entry,
                                       const Eigen::Ref<const VectorX<S>>& q,
                                       const Eigen::Ref<const VectorX<S>>& qd,
                                       const Eigen::Ref<const VectorX<S>>& tau,
                                       const Vector3<S>& gravity, const Vector6<S>& f_ext) {
  throw_non_finite_result(where, "qdd", entry,
                          {input_magnitude(result_input("q", q)),
                           input_magnitude(result_input("qd", qd)),
                           input_magnitude(result_input("tau", tau)),
                           input_magnitude(result_input("gravity", gravity)),
                           input_magnitude(result_input("f_ext", f_ext))});
}

/// The last step of a forward-dynamics body: with kChecked, a non-finite entry of qdd calls
/// fail(entry) (which throws: throw_non_finite_qdd with the body's inputs); returns qdd.
template <bool kChecked, typename S, typename Fail>
MANIPDYN_ALWAYS_INLINE const VectorX<S>& checked_qdd(const VectorX<S>& qdd, const Fail& fail) {
  if constexpr (kChecked)
    if (!all_finite(qdd)) [[unlikely]]
      fail(first_non_finite("qdd", qdd));
  return qdd;
}

}  // namespace manipdyn::detail
