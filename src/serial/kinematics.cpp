#include "manipdyn/serial/kinematics.hpp"

#include <cassert>
#include <string>
#include <string_view>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "checked_entry.hpp"
#include "scalars.hpp"

namespace manipdyn {

template <typename S>
const AlignedVector<Matrix4<S>>& link_transforms(Unchecked, const SerialModel& model,
                                                 SerialDataTpl<S>& data, JointVectorIn<S> q) {
  assert(data.n == model.dof() && q.size() == model.nq());
  const DhChain& chain = model.own_chain();
  // Frame 0: the table's base, on a free-flyer carried by the base body's pose q[0..6].
  const int offset = model.nq() - model.dof();  // the joints' place in q
  if (model.root == RootJoint::free_flyer)
    data.T0[0].noalias() = base_pose<S>(unchecked, model, q) * to_matrix4<S>(chain.base);
  else
    data.T0[0] = to_matrix4<S>(chain.base);
  // Compose the link transforms outward from the base, each on its antecedent's (i - 1 on a
  // chain; T0[a(i) + 1] on a tree).
  for (int i = 0; i < chain.n; ++i)
    data.T0[i + 1].noalias() =
        data.T0[chain.parent[i] + 1] * dh_link_transform<S>(chain, i, q[offset + i]);
  data.T_ee.noalias() = data.T0[chain.n] * to_matrix4<S>(chain.tool);
  return data.T0;
}

namespace {

// The input checks of the kinematics functions.
template <typename S>
void check_kinematics_input(std::string_view where, const SerialModel& model,
                            const SerialDataTpl<S>& data, JointVectorIn<S> q) {
  check_data_size(where, data.n, model.dof());
  if (model.root == RootJoint::free_flyer)
    check_configuration<S>(where, "q", model, q);  // size nq, the quaternion unit
  else
    check_vector(where, "q", q, model.dof());
}

// The result check of link_transforms and end_effector_pose. Each 0T_{i+1} = 0T_i A_i: a nan or
// inf in any link frame reaches T_ee (inf * 0 is nan, and the last row of A_i is (0 0 0 1)), so
// checking T_ee checks all n + 1 frames in 16 comparisons. On a tree the other branches'
// frames do not reach T_ee: each is checked.
template <typename S>
MANIPDYN_ALWAYS_INLINE void check_pose_result(std::string_view where, std::string_view name,
                                              const SerialModel& model,
                                              const SerialDataTpl<S>& data, JointVectorIn<S> q) {
  if (!model.is_chain())
    for (std::size_t i = 1; i < data.T0.size(); ++i)
      check_result(where, "T0[" + std::to_string(i) + "]", data.T0[i], result_input("q", q));
  check_result(where, name, data.T_ee, result_input("q", q));
}

}  // namespace

template <typename S>
const AlignedVector<Matrix4<S>>& link_transforms(const SerialModel& model, SerialDataTpl<S>& data,
                                                 JointVectorIn<S> q) {
  constexpr std::string_view where = "link_transforms";
  return detail::checked_entry(
      [&] { check_kinematics_input(where, model, data, q); },
      [&]() -> const AlignedVector<Matrix4<S>>& {
        return link_transforms<S>(unchecked, model, data, q);
      },
      [&](const AlignedVector<Matrix4<S>>&) { check_pose_result(where, "T_ee", model, data, q); });
}

template <typename S>
const Matrix4<S>& end_effector_pose(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                    JointVectorIn<S> q) {
  link_transforms<S>(unchecked, model, data, q);
  return data.T_ee;
}

template <typename S>
const Matrix4<S>& end_effector_pose(const SerialModel& model, SerialDataTpl<S>& data,
                                    JointVectorIn<S> q) {
  constexpr std::string_view where = "end_effector_pose";
  return detail::checked_entry(
      [&] { check_kinematics_input(where, model, data, q); },
      [&]() -> const Matrix4<S>& { return end_effector_pose<S>(unchecked, model, data, q); },
      [&](const Matrix4<S>&) { check_pose_result(where, "T_ee", model, data, q); });
}

template <typename S>
const MatrixX<S>& jacobian(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q) {
  link_transforms<S>(unchecked, model, data, q);
  const DhChain& chain = model.own_chain();
  detail::ensure_size(data.J, 6, model.nv());  // sized on first use
  const Vector3<S> p_ee = data.T_ee.template block<3, 1>(0, 3);
  // On a tree only the joints that support the last link move the end-effector: the others'
  // columns are zero.
  if (!chain.is_chain) data.J.setZero();
  // A free-flyer's six columns, for the base twist [v; w] in the base frame (R = world <- base,
  // r = p_ee - p_base): [R, -[r]x R; 0, R].
  const int offset = model.nv() - model.dof();  // the joints' place in v
  if (model.root == RootJoint::free_flyer) {
    const Matrix4<S> M = base_pose<S>(unchecked, model, q);
    const Vector3<S> r = p_ee - M.template block<3, 1>(0, 3);
    for (int k = 0; k < 3; ++k) {
      const Vector3<S> axis = M.template block<3, 1>(0, k);
      data.J.col(k).template head<3>() = axis;
      data.J.col(k).template tail<3>().setZero();
      data.J.col(3 + k).template head<3>() = axis.cross(r);
      data.J.col(3 + k).template tail<3>() = axis;
    }
  }
  // Column i from the axis of joint i: z_{i-1} (standard) or z_i (modified).
  for (int i = chain.n - 1; i >= 0; i = chain.parent[i]) {
    const int frame = chain.convention == DhConvention::standard ? i : i + 1;
    const Vector3<S> z = data.T0[frame].template block<3, 1>(0, 2);
    const Vector3<S> o = data.T0[frame].template block<3, 1>(0, 3);
    const int c = offset + i;
    if (chain.type[i] == JointType::revolute) {
      data.J.col(c).template head<3>() = z.cross(p_ee - o);
      data.J.col(c).template tail<3>() = z;
    } else {
      data.J.col(c).template head<3>() = z;
      data.J.col(c).template tail<3>().setZero();
    }
  }
  return data.J;
}

template <typename S>
const MatrixX<S>& jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q) {
  constexpr std::string_view where = "jacobian";
  return detail::checked_entry(
      [&] { check_kinematics_input(where, model, data, q); },
      [&]() -> const MatrixX<S>& { return jacobian<S>(unchecked, model, data, q); },
      [&](const MatrixX<S>& J) { check_result(where, "J", J, result_input("q", q)); });
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  MANIPDYN_INSTANTIATE_ENTRIES(const AlignedVector<Matrix4<S>>&, link_transforms, S,           \
                               JointVectorIn<S>);                                             \
  MANIPDYN_INSTANTIATE_ENTRIES(const Matrix4<S>&, end_effector_pose, S, JointVectorIn<S>);     \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, jacobian, S, JointVectorIn<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
