#include "manipdyn/serial/kinematics.hpp"

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/dh_transform.hpp"

namespace manipdyn {

template <typename S>
const AlignedVector<Matrix4<S>>& link_transforms(const SerialModel& model, SerialDataTpl<S>& data,
                                                 JointVectorIn<S> q) {
  check_vector("link_transforms", "q", q, model.dof());
  const DhChain& chain = model.own_chain();
  // Compose the link transforms outward from the base.
  data.T0[0] = to_matrix4<S>(chain.base);
  for (int i = 0; i < chain.n; ++i)
    data.T0[i + 1].noalias() = data.T0[i] * dh_link_transform<S>(chain, i, q[i]);
  data.T_ee.noalias() = data.T0[chain.n] * to_matrix4<S>(chain.tool);
  return data.T0;
}

template <typename S>
const Matrix4<S>& end_effector_pose(const SerialModel& model, SerialDataTpl<S>& data,
                                    JointVectorIn<S> q) {
  link_transforms(model, data, q);
  return data.T_ee;
}

template <typename S>
const MatrixX<S>& jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q) {
  link_transforms(model, data, q);
  const DhChain& chain = model.own_chain();
  const Vector3<S> p_ee = data.T_ee.template block<3, 1>(0, 3);
  // Column i from the axis of joint i: z_{i-1} (standard) or z_i (modified).
  for (int i = 0; i < chain.n; ++i) {
    const int frame = chain.convention == DhConvention::standard ? i : i + 1;
    const Vector3<S> z = data.T0[frame].template block<3, 1>(0, 2);
    const Vector3<S> o = data.T0[frame].template block<3, 1>(0, 3);
    if (chain.type[i] == JointType::revolute) {
      data.J.col(i).template head<3>() = z.cross(p_ee - o);
      data.J.col(i).template tail<3>() = z;
    } else {
      data.J.col(i).template head<3>() = z;
      data.J.col(i).template tail<3>().setZero();
    }
  }
  return data.J;
}

#define MANIPDYN_INSTANTIATE(S)                                                              \
  template const AlignedVector<Matrix4<S>>& link_transforms<S>(                              \
      const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>);           \
  template const Matrix4<S>& end_effector_pose<S>(const SerialModel&, SerialDataTpl<S>&,     \
                                                  JointVectorIn<S>);      \
  template const MatrixX<S>& jacobian<S>(const SerialModel&, SerialDataTpl<S>&,              \
                                         JointVectorIn<S>);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
