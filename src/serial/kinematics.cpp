#include "manipdyn/serial/kinematics.hpp"

#include <cassert>
#include <stdexcept>
#include <string>
#include <string_view>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "scalars.hpp"
#include "free_flyer_root.hpp"
#include "tree_algorithms.hpp"

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
  detail::check_q<S>(where, model, q);  // size nq, a free-flyer's quaternion unit
}

// The result check of link_transforms and end_effector_pose. Each 0T_{i+1} = 0T_i A_i: a nan or
// inf in any link frame reaches T_ee (inf * 0 is nan, and the last row of A_i is (0 0 0 1)), so
// checking T_ee checks all n + 1 frames in 16 comparisons. On a tree the other branches'
// frames do not reach T_ee: each is checked.
template <typename S>
MANIPDYN_ALWAYS_INLINE void check_pose_result(std::string_view where, std::string_view name,
                                              const SerialModel& model,
                                              const SerialDataTpl<S>& data, JointVectorIn<S> q) {
  if (!model.is_chain() || model.root == RootJoint::free_flyer)
    for (std::size_t i = 0; i < data.T0.size(); ++i)
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

namespace {

// The columns of the joints that support `link` (the link and its ancestors) of the Jacobian of
// a point p (world frame) rigidly attached to it, from the link frames in data.T0: [z x (p - o);
// z] for a revolute joint and [z; 0] for a prismatic one, with z and o the joint axis and a
// point on it (z_{i-1}, o_{i-1} in standard DH; z_i, o_i in modified DH); the other columns are
// left as they are. Column offset + i for joint i (6 on a free-flyer, whose base columns are
// write_base_jacobian's).
template <typename S>
void write_point_jacobian(const DhChain& chain, const SerialDataTpl<S>& data, int link,
                          const Vector3<S>& p, MatrixX<S>& J, int offset = 0) {
  for (int i = link; i >= 0; i = chain.parent[i]) {
    const int frame = chain.convention == DhConvention::standard ? i : i + 1;
    const Vector3<S> z = data.T0[frame].template block<3, 1>(0, 2);
    const Vector3<S> o = data.T0[frame].template block<3, 1>(0, 3);
    if (chain.type[i] == JointType::revolute) {
      J.col(offset + i).template head<3>() = z.cross(p - o);
      J.col(offset + i).template tail<3>() = z;
    } else {
      J.col(offset + i).template head<3>() = z;
      J.col(offset + i).template tail<3>().setZero();
    }
  }
}

// A free-flyer's six base columns of the Jacobian (rows `rows`: 6 for [v; w], 3 for a point's
// velocity alone) of a point p (world frame) moving with the base: the base's linear velocity
// (base frame) moves it by R, its angular velocity w by (R w) x (p - o) (R, o: the base's
// rotation and origin in the world).
template <typename S>
void write_base_jacobian(const SerialModel& model, JointVectorIn<S> q, const Vector3<S>& p,
                         MatrixX<S>& J) {
  const Matrix3<S> R = detail::base_rotation<S>(model, q);
  const Vector3<S> r = p - q.template head<3>();
  for (int c = 0; c < 3; ++c) {
    J.col(c).template head<3>() = R.col(c);
    J.col(3 + c).template head<3>() = Vector3<S>(R.col(c)).cross(r);
    if (J.rows() == 6) {
      J.col(c).template tail<3>().setZero();
      J.col(3 + c).template tail<3>() = R.col(c);
    }
  }
}

}  // namespace

template <typename S>
const MatrixX<S>& jacobian(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q) {
  link_transforms<S>(unchecked, model, data, q);
  const DhChain& chain = model.own_chain();
  detail::ensure_size(data.J, 6, model.nv());  // sized on first use
  const Vector3<S> p_ee = data.T_ee.template block<3, 1>(0, 3);
  // On a tree only the joints that support the last link move the end-effector: the others'
  // columns are zero. A free-flyer's base moves it as a rigid body.
  if (!chain.is_chain) data.J.setZero();
  if (model.root == RootJoint::free_flyer) [[unlikely]] {
    write_base_jacobian<S>(model, q, p_ee, data.J);
    write_point_jacobian<S>(chain, data, chain.n - 1, p_ee, data.J, 6);
    return data.J;
  }
  write_point_jacobian<S>(chain, data, chain.n - 1, p_ee, data.J);
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

namespace {

// The input checks of frame_pose and frame_jacobian: those of link_transforms and the frame's
// joint in [-1, n).
template <typename S>
void check_frame_input(std::string_view where, const SerialModel& model,
                       const SerialDataTpl<S>& data, JointVectorIn<S> q, const NamedFrame& frame) {
  check_kinematics_input(where, model, data, q);
  if (frame.joint < -1 || frame.joint >= model.dof())
    throw std::invalid_argument(std::string(where) + ": frame '" + frame.name + "' is on joint " +
                                std::to_string(frame.joint) + ", outside [-1, " +
                                std::to_string(model.dof()) + ") (-1 = the base)");
}

// world <- frame from the link frames in data.T0, into data.T_frame.
template <typename S>
void compose_frame_pose(SerialDataTpl<S>& data, const NamedFrame& frame) {
  data.T_frame.noalias() = data.T0[frame.joint + 1] * to_matrix4<S>(frame.placement);
}

}  // namespace

template <typename S>
const Matrix4<S>& frame_pose(const SerialModel& model, SerialDataTpl<S>& data,
                             JointVectorIn<S> q, const NamedFrame& frame) {
  constexpr std::string_view where = "frame_pose";
  return detail::checked_entry(
      [&] { check_frame_input(where, model, data, q, frame); },
      [&]() -> const Matrix4<S>& {
        link_transforms<S>(unchecked, model, data, q);
        compose_frame_pose(data, frame);
        return data.T_frame;
      },
      [&](const Matrix4<S>& T) { check_result(where, "T_frame", T, result_input("q", q)); });
}

template <typename S>
const Matrix4<S>& frame_pose(const SerialModel& model, SerialDataTpl<S>& data,
                             JointVectorIn<S> q, const std::string& name) {
  return frame_pose<S>(model, data, q, model.frame(name));
}

template <typename S>
const MatrixX<S>& frame_jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q, const NamedFrame& frame) {
  constexpr std::string_view where = "frame_jacobian";
  return detail::checked_entry(
      [&] { check_frame_input(where, model, data, q, frame); },
      [&]() -> const MatrixX<S>& {
        link_transforms<S>(unchecked, model, data, q);
        compose_frame_pose(data, frame);
        detail::ensure_size(data.J_frame, 6, model.nv());  // sized on first use
        data.J_frame.setZero();
        const Vector3<S> p = data.T_frame.template block<3, 1>(0, 3);
        const int off = model.nv() - model.dof();
        if (off > 0) write_base_jacobian<S>(model, q, p, data.J_frame);
        write_point_jacobian<S>(model.own_chain(), data, frame.joint, p, data.J_frame, off);
        return data.J_frame;
      },
      [&](const MatrixX<S>& J) { check_result(where, "J_frame", J, result_input("q", q)); });
}

template <typename S>
const MatrixX<S>& frame_jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q, const std::string& name) {
  return frame_jacobian<S>(model, data, q, model.frame(name));
}

namespace {

// The input checks of the centre-of-mass functions: those of link_transforms and a model with
// mass.
template <typename S>
void check_com_input(std::string_view where, const SerialModel& model,
                     const SerialDataTpl<S>& data, JointVectorIn<S> q) {
  check_kinematics_input(where, model, data, q);
  double mass = model.root == RootJoint::free_flyer ? model.base_inertia.mass : 0.0;
  for (const LinkParameters& l : model.links) mass += l.mass;
  if (!(mass > 0.0))
    throw std::invalid_argument(std::string(where) + ": model '" + model.name +
                                "' has no mass (the links' masses sum to " +
                                std::to_string(mass) + ")");
}

// The centre of mass into data.com from the link frames in data.T0 (and a free-flyer's base
// body, placed by q), and, with kSubtrees, the first moments m_j c_j of each subtree (world
// frame) into data.p[j] (the leaves first, each added to its parent's); returns the total mass.
template <typename S, bool kSubtrees>
double compose_center_of_mass(const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q) {
  const DhChain& chain = model.own_chain();
  const int n = chain.n;
  double mass = 0.0;
  Vector3<S> sum = Vector3<S>::Zero();
  for (int i = n - 1; i >= 0; --i) {
    const Matrix4<S>& T = data.T0[i + 1];
    Vector3<S> c = T.template block<3, 1>(0, 3);
    c.noalias() += T.template block<3, 3>(0, 0) * chain.com[i].template cast<S>();
    const Vector3<S> h = c * chain.mass[i];
    mass += chain.mass[i];
    sum += h;
    if constexpr (kSubtrees) data.p[i] += h;  // the children's already in
    if constexpr (kSubtrees)
      if (chain.parent[i] >= 0) data.p[chain.parent[i]] += data.p[i];
  }
  if (model.root == RootJoint::free_flyer) {
    const BodyInertia& b = model.base_inertia;
    const Vector3<S> c = detail::base_rotation<S>(model, q) * b.com.template cast<S>() +
                         q.template head<3>();
    sum += c * b.mass;
    mass += b.mass;
  }
  data.com = sum / mass;
  return mass;
}

}  // namespace

template <typename S>
const Vector3<S>& center_of_mass(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q) {
  constexpr std::string_view where = "center_of_mass";
  return detail::checked_entry(
      [&] { check_com_input(where, model, data, q); },
      [&]() -> const Vector3<S>& {
        link_transforms<S>(unchecked, model, data, q);
        compose_center_of_mass<S, false>(model, data, q);
        return data.com;
      },
      [&](const Vector3<S>& c) { check_result(where, "com", c, result_input("q", q)); });
}

template <typename S>
const MatrixX<S>& center_of_mass_jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                                          JointVectorIn<S> q) {
  constexpr std::string_view where = "center_of_mass_jacobian";
  return detail::checked_entry(
      [&] { check_com_input(where, model, data, q); },
      [&]() -> const MatrixX<S>& {
        link_transforms<S>(unchecked, model, data, q);
        const DhChain& chain = model.own_chain();
        for (int i = 0; i < chain.n; ++i) data.p[i].setZero();
        const double mass = compose_center_of_mass<S, true>(model, data, q);
        const int off = model.nv() - model.dof();
        detail::ensure_size(data.J_com, 3, model.nv());  // sized on first use
        // a free-flyer's base moves the whole centre of mass as a rigid body
        if (off > 0) write_base_jacobian<S>(model, q, data.com, data.J_com);
        // column j: the subtree's first moment about joint j's axis, over the total mass
        for (int j = 0; j < chain.n; ++j) {
          const int frame = chain.convention == DhConvention::standard ? j : j + 1;
          const Vector3<S> z = data.T0[frame].template block<3, 1>(0, 2);
          const Vector3<S> o = data.T0[frame].template block<3, 1>(0, 3);
          const double m = chain.ne_mass_outboard[j];
          if (chain.type[j] == JointType::revolute)
            data.J_com.col(off + j) = z.cross(Vector3<S>(data.p[j] - o * m)) / mass;
          else
            data.J_com.col(off + j) = z * (m / mass);
        }
        return data.J_com;
      },
      [&](const MatrixX<S>& J) { check_result(where, "J_com", J, result_input("q", q)); });
}

template <typename S>
const AlignedVector<Vector6<S>>& link_motion(const SerialModel& model, SerialDataTpl<S>& data,
                                             JointVectorIn<S> q, JointVectorIn<S> qd,
                                             JointVectorIn<S> qdd) {
  constexpr std::string_view where = "link_motion";
  return detail::checked_entry(
      [&] {
        detail::check_q_input<S>(where, model, data, q, detail::Takes::free_flyers);
        check_vector(where, "qd", qd, model.nv());
        check_vector(where, "qdd", qdd, model.nv());
      },
      [&]() -> const AlignedVector<Vector6<S>>& {
        detail::size_link_buffers(data);  // a chain's, on first use
        detail::tree_motion_pass<S>(model, data, q, qd, qdd, Vector3<S>::Zero());
        return data.link_v;
      },
      [&](const AlignedVector<Vector6<S>>&) {
        for (std::size_t i = 0; i < data.link_v.size(); ++i) {
          check_result(where, "link_v", data.link_v[i], result_input("q", q),
                       result_input("qd", qd));
          check_result(where, "link_a", data.link_a[i], result_input("q", q),
                       result_input("qd", qd), result_input("qdd", qdd));
        }
      });
}

template <typename S>
FrameMotion<S> frame_motion(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                            JointVectorIn<S> qd, JointVectorIn<S> qdd, const NamedFrame& frame) {
  constexpr std::string_view where = "frame_motion";
  return detail::checked_entry(
      [&] {
        check_frame_input(where, model, data, q, frame);
        check_vector(where, "qd", qd, model.nv());
        check_vector(where, "qdd", qdd, model.nv());
      },
      [&]() -> FrameMotion<S> {
        link_transforms<S>(unchecked, model, data, q);
        compose_frame_pose(data, frame);
        detail::size_link_buffers(data);  // a chain's, on first use
        detail::tree_motion_pass<S>(model, data, q, qd, qdd, Vector3<S>::Zero());
        const bool floating = model.root == RootJoint::free_flyer;
        // The link that carries the frame: world <- its frame (R, o) and its spatial velocity
        // (w, v at o) and acceleration (wd, a at o) in that frame. Link frames are those of
        // model.modified (link_motion), composed up the parents to frame 0 on the base.
        Matrix3<S> R = Matrix3<S>::Identity();
        Vector3<S> o = Vector3<S>::Zero();
        Vector6<S> v = Vector6<S>::Zero(), a = Vector6<S>::Zero();
        const int j = frame.joint;
        const DhChain& ch = model.modified;
        if (j >= 0) {
          v = data.link_v[j];
          a = data.link_a[j];
          R = data.link_rot[j];
          o = data.link_pos[j];
          for (int k = ch.parent[j]; k >= 0; k = ch.parent[k]) {
            o = data.link_rot[k] * o + data.link_pos[k];
            R = data.link_rot[k] * R;
          }
          o = ch.base.linear().template cast<S>() * o + ch.base.translation().template cast<S>();
          R = ch.base.linear().template cast<S>() * R;
        } else if (floating) {  // the base body itself
          v = detail::base_motion<S>(qd);
          a = detail::base_motion<S>(qdd);
        }
        if (floating) {
          const Matrix4<S> Tb = base_pose<S>(unchecked, model, q);
          const Matrix3<S> Rb = Tb.template topLeftCorner<3, 3>();
          o = Rb * o + Tb.template topRightCorner<3, 1>();
          R = Rb * R;
        }
        const Vector3<S> r = Vector3<S>(data.T_frame.template block<3, 1>(0, 3)) - o;
        const Vector3<S> w = R * v.template head<3>();
        const Vector3<S> wd = R * a.template head<3>();
        FrameMotion<S> m;
        const Vector3<S> vF = R * v.template tail<3>() + w.cross(r);
        m.velocity << vF, w;
        m.acceleration << Vector3<S>(R * a.template tail<3>() + wd.cross(r) + w.cross(vF)), wd;
        return m;
      },
      [&](const FrameMotion<S>& m) {
        check_result(where, "velocity", m.velocity, result_input("q", q), result_input("qd", qd));
        check_result(where, "acceleration", m.acceleration, result_input("q", q),
                     result_input("qd", qd), result_input("qdd", qdd));
      });
}

template <typename S>
FrameMotion<S> frame_motion(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                            JointVectorIn<S> qd, JointVectorIn<S> qdd, const std::string& name) {
  return frame_motion<S>(model, data, q, qd, qdd, model.frame(name));
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  MANIPDYN_INSTANTIATE_ENTRIES(const AlignedVector<Matrix4<S>>&, link_transforms, S,           \
                               JointVectorIn<S>);                                             \
  MANIPDYN_INSTANTIATE_ENTRIES(const Matrix4<S>&, end_effector_pose, S, JointVectorIn<S>);     \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, jacobian, S, JointVectorIn<S>);             \
  template const Matrix4<S>& frame_pose<S>(const SerialModel&, SerialDataTpl<S>&,               \
                                           JointVectorIn<S>, const NamedFrame&);                \
  template const Matrix4<S>& frame_pose<S>(const SerialModel&, SerialDataTpl<S>&,               \
                                           JointVectorIn<S>, const std::string&);               \
  template const MatrixX<S>& frame_jacobian<S>(const SerialModel&, SerialDataTpl<S>&,           \
                                               JointVectorIn<S>, const NamedFrame&);            \
  template const MatrixX<S>& frame_jacobian<S>(const SerialModel&, SerialDataTpl<S>&,           \
                                               JointVectorIn<S>, const std::string&);           \
  template const Vector3<S>& center_of_mass<S>(const SerialModel&, SerialDataTpl<S>&,           \
                                               JointVectorIn<S>);                               \
  template const MatrixX<S>& center_of_mass_jacobian<S>(const SerialModel&, SerialDataTpl<S>&,  \
                                                        JointVectorIn<S>);                      \
  template FrameMotion<S> frame_motion<S>(const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>, \
                                          JointVectorIn<S>, JointVectorIn<S>, const NamedFrame&); \
  template FrameMotion<S> frame_motion<S>(const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>, \
                                          JointVectorIn<S>, JointVectorIn<S>,                   \
                                          const std::string&);                                  \
  template const AlignedVector<Vector6<S>>& link_motion<S>(                                     \
      const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>,                \
      JointVectorIn<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
