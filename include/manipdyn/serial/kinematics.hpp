#pragma once
/// \file kinematics.hpp
/// Forward kinematics of a serial arm in the frames of the model's own DH convention: all link
/// frames, the end-effector pose and the geometric Jacobian. Each throws std::invalid_argument for
/// a wrong size, a non-finite q or a Data built for another model, and for a non-finite result
/// (checked once per call; the message names the output and |q|). Each has an overload taking
/// the tag `unchecked` first (core/check.hpp) that skips these checks.
///
/// A free-flyer model (RootJoint::free_flyer) takes q of size nq = 7 + n (configuration.hpp:
/// base position, quaternion (x, y, z, w), joints; a quaternion farther than
/// kQuaternionNormTolerance from unit is refused) and carries the whole tree on the base body:
/// frame 0 is world <- base body (q) * model.base; its Jacobian has nv = 6 + n columns.
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

}  // namespace manipdyn
