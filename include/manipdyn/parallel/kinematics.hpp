#pragma once
/// \file kinematics.hpp
/// The closure of the loops of a parallel robot (model.hpp): each leg's joint values, rates and
/// accelerations for a given platform motion, and the actuation Jacobian. Leg i closes when its
/// end point (the origin of its chain's tool frame) coincides with the platform point t + R p_i;
/// its end point velocity is then J_i qd_i = v + omega x r_i (r_i = R p_i) and its acceleration
/// J_i qdd_i + Jdot_i qd_i = a + alpha x r_i + omega x (omega x r_i), so that qd_i = M_i V with
/// M_i = J_i^+ [I, -[r_i]x] and V = [v; omega] (Khalil & Ibrahim 2007, eqs. 8-13, in world
/// axes). J_i is 3 x n_i with n_i <= 3 joints: square (a spatial leg), so J_i^+ is its inverse;
/// or tall, of full column rank, and J_i^+ its left inverse (J^T J)^-1 J^T: a planar leg, whose
/// missing row is zero, or a leg that restricts the platform (the 3-PRS's), whose missing
/// directions W_i give the closure rows K xd = 0 and the dependent coordinates (model.hpp).
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// Each leg's joint values (data.q[i], n_i) that close it at the platform pose (t, R): Newton's
/// method on the leg's end point from data.q[i] (the last solution; the home assembly for a new
/// Data), so that a motion sampled finely stays on one assembly. R must agree with the mobility
/// (identity for a translating platform, a rotation about z for a planar one). Throws
/// std::invalid_argument for a non-finite or non-rigid pose, a pose the mobility forbids, and a
/// leg that cannot reach its point ("leg 2 'B' cannot reach its platform point ...: its end stays
/// 3.1 mm away"), naming the leg.
template <typename S>
const std::vector<VectorX<S>>& inverse_kinematics(const ParallelModel& model, ParallelDataTpl<S>& data,
                                                  const Vector3<S>& t, const Matrix3<S>& R);

/// The legs' joint values, rates and accelerations (data.q, qd, qdd) for the platform motion
/// `motion` (world axes: t, R, v, omega, a, alpha; the components the mobility fixes must be
/// zero), and each leg's closure map data.M[i]; the actuation Jacobian data.A (qd_a = A xd).
/// Throws as inverse_kinematics, and for a motion the mobility forbids or a leg at a singular
/// configuration (J_i loses rank: a serial singularity, Gosselin & Angeles 1990 type 1), naming
/// the leg.
template <typename S>
void leg_motion(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& motion);

/// The motion `motion` with its dependent components (model.dependent: the parasitic motions of a
/// platform whose legs take away some of its mobility, such as the 3-PRS's x, y and rotation about
/// z) solved so that the legs close; the independent components as given. The pose moves along
/// the dependent directions only (t's dependent components; R = exp([dphi]x) R about the dependent
/// rotation axes: with R = Rz Ry Rx, the 3-PRS's dependent rotation changes the angle about z only),
/// by Newton's method (K_rd dx_dep = W^T gap, model.constraint_rows); then K xd = 0 and the
/// acceleration's closure give the dependent rates. Also fills data as leg_motion. A model without
/// dependent coordinates: leg_motion, the motion returned as given. Throws as leg_motion, and when
/// the legs do not close (naming the gap).
template <typename S>
PlatformMotionTpl<S> complete_motion(const ParallelModel& model, ParallelDataTpl<S>& data,
                                     const PlatformMotionTpl<S>& motion);

}  // namespace manipdyn::parallel
