#pragma once
/// \file standard_parameters.hpp
/// The standard parameter vector pi of an n-joint serial arm or tree (docs/identification.md, "The
/// regressor"), p = 14 n entries:
///  - entries 10 i .. 10 i + 9 (link i + 1): [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], the
///    mass (kg), the first moment h = m c (kg m) and the inertia tensor about the ORIGIN of frame
///    i + 1, I_o = I_com + m (c.c E - c c^T) (kg m^2), all in frame i + 1 of the model's own DH
///    chain (model.own_chain(): the convention the model was given in; for a tree, Khalil &
///    Kleinfinger's frame i + 1 of model.modified, on joint i + 1). Pinocchio's order
///    (InertiaTpl::toDynamicParameters). A free-flyer's base body is no part of pi.
///  - entries 10 n + 4 i .. 10 n + 4 i + 3 (joint i + 1): the drive parameters, joint side,
///    [Ia, Fv, Fc, Fo] = armature G^2 Jm (kg m^2), viscous G^2 B (N m s/rad), Coulomb
///    |G| (Tc+ - Tc-) / 2 (N m) and offset |G| (Tc+ + Tc-) / 2 (N m), so that the joint's drive
///    torque is Ia qdd + Fv qd + Fc s(qd) + Fo o(qd): s = sign, o = [qd != 0] for the
///    discontinuous Coulomb model, s = tanh(qd / v_s), o = 1 for the smooth one
///    (LinkParameters::coulomb_velocity_scale v_s > 0; serial/regressor.hpp).
/// The layout lives beside the regressor that multiplies it; identification/parameters.hpp adds
/// the way back from pi to a model and the pseudo-inertia of a link block.
/// tau = Y(q, qd, qdd) pi (joint_torque_regressor) is linear in pi (Atkeson, An & Hollerbach
/// 1986; Khalil & Dombre 2002, sec. 9.3 and 12.3).
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// Parameters per link block of pi: m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz.
inline constexpr int kLinkParameters = 10;
/// Parameters per drive block of pi: Ia, Fv, Fc, Fo.
inline constexpr int kDriveParameters = 4;

/// The length of pi for n joints: 14 n (throws std::invalid_argument for n < 0).
int standard_parameter_count(int n);

/// The names of the entries of pi: "m_1", "mx_1", "my_1", "mz_1", "Ixx_1", "Ixy_1", "Iyy_1",
/// "Ixz_1", "Iyz_1", "Izz_1", ..., then "Ia_1", "Fv_1", "Fc_1", "Fo_1", ... (14 n names).
std::vector<std::string> standard_parameter_names(const SerialModel& model);
/// The same for an arm of n >= 1 joints (throws std::invalid_argument naming n otherwise).
std::vector<std::string> standard_parameter_names(Eigen::Index n);

/// The model's own standard parameters pi (14 n): mass, first moment and inertia about the
/// frame origin from model.own_chain() (the parallel-axis theorem), drive parameters from the
/// links' motor inertia, gear ratio, viscous and Coulomb friction (see the file comment).
VectorXd standard_parameters(const SerialModel& model);

/// The block [m, h, I_o] (10) of a link of mass m (kg), first moment h = m c (kg m) and inertia
/// I_o about the frame origin (kg m^2), in the order of pi.
Eigen::Matrix<double, 10, 1> link_parameter_block(double mass, const Vector3d& first_moment,
                                                  const Matrix3d& inertia_origin);

}  // namespace manipdyn
