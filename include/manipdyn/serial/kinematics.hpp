#pragma once
/// \file kinematics.hpp
/// Forward kinematics of a serial arm or a tree in the frames of the model's own DH convention:
/// all link frames, the end-effector pose and the geometric Jacobian, the pose and Jacobian of
/// any joint frame or named frame (model.frames), the centre of mass and its Jacobian, and the
/// spatial velocity and acceleration of every link. Each throws std::invalid_argument for
/// a wrong size, a non-finite q or a Data built for another model, and for a non-finite result
/// (checked once per call; the message names the output and |q|). Each has an overload taking
/// the tag `unchecked` first (core/check.hpp) that skips these checks.
///
/// A free-flyer model (RootJoint::free_flyer) takes q of size nq = 7 + n (configuration.hpp:
/// base position, quaternion (x, y, z, w), joints; a quaternion farther than
/// kQuaternionNormTolerance from unit is refused) and carries the whole tree on the base body:
/// frame 0 is world <- base body (q) * model.base; its Jacobian has nv = 6 + n columns.
#include <string>

#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// All link frames world <- frame i, i = 0..n (T0[0] is the base frame 0), for joint values q
/// (n; nq = 7 + n for a free-flyer, T0[0] = base_pose(q) * model.base). Result in data.T0 (n+1 4x4 matrices), end-effector pose in data.T_ee.
template <typename S>
const AlignedVector<Matrix4<S>>& link_transforms(const SerialModel& model, SerialDataTpl<S>& data,
                                                 JointVectorIn<S> q);
/// link_transforms without the input and result checks (Unchecked).
template <typename S>
const AlignedVector<Matrix4<S>>& link_transforms(Unchecked, const SerialModel& model,
                                                 SerialDataTpl<S>& data, JointVectorIn<S> q);

/// The end-effector pose world <- end-effector (4 x 4) = T0[n] * tool, in data.T_ee.
template <typename S>
const Matrix4<S>& end_effector_pose(const SerialModel& model, SerialDataTpl<S>& data,
                                    JointVectorIn<S> q);
/// end_effector_pose without the input and result checks (Unchecked).
template <typename S>
const Matrix4<S>& end_effector_pose(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                    JointVectorIn<S> q);

/// Geometric Jacobian (6 x nv) in data.J (sized on the first call): rows 0-2 the linear velocity
/// of the end-effector origin, rows 3-5 the angular velocity, both in the world frame, so
/// [v; w] = J qd. Column i is [z x (p_ee - o); z] for a revolute joint and [z; 0] for a prismatic
/// one, with z and o the joint axis and a point on it (z_{i-1}, o_{i-1} in standard DH; z_i, o_i
/// in modified DH); on a tree the joints that do not support the last link have zero columns.
/// For a free-flyer (nv = 6 + n) the first six columns take the base twist v[0..5] (linear and
/// angular velocity of the base in the base frame, Pinocchio's): [R, -[p_ee - p_b]x R; 0, R]
/// with (R, p_b) = world <- base body; the joints' columns follow.
template <typename S>
const MatrixX<S>& jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q);
/// jacobian without the input and result checks (Unchecked).
template <typename S>
const MatrixX<S>& jacobian(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q);

/// The pose world <- `frame` (4 x 4) = T0[frame.joint + 1] * frame.placement for joint values q
/// (n): a named frame of the model (model.frames; a URDF link, a tool, a sensor) or a joint's
/// own frame (NamedFrame{"", i} is frame i + 1 of link_transforms; joint -1 the base frame 0).
/// In data.T_frame (data.T0 updated too). Throws std::invalid_argument for a frame.joint
/// outside [-1, n), besides the checks of link_transforms.
template <typename S>
const Matrix4<S>& frame_pose(const SerialModel& model, SerialDataTpl<S>& data,
                             JointVectorIn<S> q, const NamedFrame& frame);
/// frame_pose of the named frame model.frame(name); throws std::invalid_argument listing the
/// known names for an unknown one.
template <typename S>
const Matrix4<S>& frame_pose(const SerialModel& model, SerialDataTpl<S>& data,
                             JointVectorIn<S> q, const std::string& name);

/// The geometric Jacobian (6 x n) of `frame` (as frame_pose): rows 0-2 the linear velocity of
/// the frame's origin, rows 3-5 its angular velocity, both in the world frame, [v; w] = J qd;
/// column i is that of jacobian() for the joints that support the frame's link (the link and
/// its ancestors), zero for the others. In data.J_frame (sized on the first call), pose in
/// data.T_frame.
template <typename S>
const MatrixX<S>& frame_jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q, const NamedFrame& frame);
/// frame_jacobian of the named frame model.frame(name).
template <typename S>
const MatrixX<S>& frame_jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q, const std::string& name);

/// The centre of mass of the links (3, world frame), c = sum_i m_i (T0[i+1] c_i) / sum_i m_i,
/// for joint values q (n); in data.com. Throws std::invalid_argument for a model without mass.
template <typename S>
const Vector3<S>& center_of_mass(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q);
/// The Jacobian of the centre of mass (3 x n, world frame), dc/dt = J_com qd: column j =
/// z_j x (c_j - o_j) m_j / m for a revolute joint and z_j m_j / m for a prismatic one, with m_j
/// and c_j the mass and centre of mass of the links joint j carries (its subtree), by one pass
/// from the leaves. In data.J_com (sized on the first call), the centre of mass in data.com.
template <typename S>
const MatrixX<S>& center_of_mass_jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                                          JointVectorIn<S> q);

/// The spatial velocity v_i and acceleration a_i ([angular; linear], RBDA ch. 2) of every link,
/// each in its own frame i of model.modified, for q, qd, qdd (n each), the fixed base at rest:
/// the forward pass of the recursive Newton-Euler algorithm (RBDA Table 5.1), without gravity.
/// On a free-flyer root q has nq entries and qd, qdd nv: the base moves with the twist qd[0..5]
/// and its derivative qdd[0..5] (linear then angular, base frame; the base's own motion is those
/// six entries), and the links with it. In
/// data.link_v and data.link_a (n each; on a chain sized on the first call), the placements in
/// data.link_rot, link_pos. The linear parts are the velocity and acceleration of the field of
/// the link at frame i's origin (spatial, not the classical acceleration of that point).
template <typename S>
const AlignedVector<Vector6<S>>& link_motion(const SerialModel& model, SerialDataTpl<S>& data,
                                             JointVectorIn<S> q, JointVectorIn<S> qd,
                                             JointVectorIn<S> qdd);

/// The motion of a frame (frame_motion): its origin's velocity and classical acceleration and
/// its angular velocity and acceleration, world axes, in the row order of frame_jacobian.
template <typename S>
struct FrameMotion {
  Vector6<S> velocity;      ///< [v; w]: velocity of the frame's origin, angular velocity (= J qd)
  Vector6<S> acceleration;  ///< [a; wd]: classical acceleration of the origin (d/dt of v), wd
};

/// The velocity and acceleration of `frame` (as frame_pose; joint -1 the base) at q, qd, qdd
/// (q: nq; qd, qdd: nv), no gravity: velocity = J qd and acceleration = J qdd + Jdot qd with J
/// the frame's Jacobian (frame_jacobian), both [linear; angular] in the world frame
/// (Pinocchio's LOCAL_WORLD_ALIGNED, the classical acceleration of the origin). From the link's
/// spatial velocity and acceleration (link_motion) moved to the frame's origin: v_F = v_O + w x
/// r, a_F = a_O + wd x r + w x v_F (a_O the spatial acceleration at the link frame's origin O, r
/// = F - O). Uses data's link buffers, data.T0 and data.T_frame (the frame's pose). Throws
/// std::invalid_argument as frame_pose and link_motion.
template <typename S>
FrameMotion<S> frame_motion(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                            JointVectorIn<S> qd, JointVectorIn<S> qdd, const NamedFrame& frame);
/// frame_motion of the named frame model.frame(name).
template <typename S>
FrameMotion<S> frame_motion(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                            JointVectorIn<S> qd, JointVectorIn<S> qdd, const std::string& name);

}  // namespace manipdyn
