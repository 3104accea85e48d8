#pragma once
/// \file kinematics.hpp
/// Forward kinematics of a serial arm in the frames of the model's own DH convention: all link
/// frames, the end-effector pose and the geometric Jacobian. Each throws std::invalid_argument for
/// a wrong size, a non-finite q or a Data built for another model, and for a non-finite result
/// (checked once per call; the message names the output and |q|). Each has an overload taking
/// the tag `unchecked` first (core/check.hpp) that skips these checks.
#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// All link frames world <- frame i, i = 0..n (T0[0] is the base frame 0), for joint values q
/// (n). Result in data.T0 (n+1 4x4 matrices), end-effector pose in data.T_ee.
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

/// Geometric Jacobian (6 x n) in data.J (sized on the first call): rows 0-2 the linear velocity of
/// the end-effector origin, rows 3-5 the angular velocity, both in the world frame, so [v; w] = J
/// qd. Column i is [z x (p_ee - o); z] for a revolute joint and [z; 0] for a prismatic one, with z
/// and o the joint axis and a point on it (z_{i-1}, o_{i-1} in standard DH; z_i, o_i in modified
/// DH).
template <typename S>
const MatrixX<S>& jacobian(const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q);
/// jacobian without the input and result checks (Unchecked).
template <typename S>
const MatrixX<S>& jacobian(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                           JointVectorIn<S> q);

}  // namespace manipdyn
