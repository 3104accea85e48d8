#pragma once
/// \file parameters.hpp
/// The standard parameter vector pi of an n-joint serial arm (docs/identification.md, "The
/// regressor"), p = 14 n entries:
///  - entries 10 i .. 10 i + 9 (link i + 1): [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], the
///    mass (kg), the first moment h = m c (kg m) and the inertia tensor about the ORIGIN of frame
///    i + 1, I_o = I_com + m (c.c E - c c^T) (kg m^2), all in frame i + 1 of the model's own DH
///    chain (model.own_chain(): the convention the model was given in). Pinocchio's order
///    (InertiaTpl::toDynamicParameters).
///  - entries 10 n + 4 i .. 10 n + 4 i + 3 (joint i + 1): the drive parameters, joint side,
///    [Ia, Fv, Fc, Fo] = armature G^2 Jm (kg m^2), viscous G^2 B (N m s/rad), Coulomb
///    |G| (Tc+ - Tc-) / 2 (N m) and offset |G| (Tc+ + Tc-) / 2 (N m), so that the joint's drive
///    torque is Ia qdd + Fv qd + Fc s(qd) + Fo o(qd): s = sign, o = [qd != 0] for the
///    discontinuous Coulomb model, s = tanh(qd / v_s), o = 1 for the smooth one
///    (LinkParameters::coulomb_velocity_scale v_s > 0; serial/regressor.hpp).
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

/// The 4x4 pseudo-inertia J = [[tr(I_o)/2 E - I_o, h], [h^T, m]] of one link block
/// [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (10): the integral of [r; 1][r; 1]^T dm (Turney
/// et al. 1980 eq. 1.12; Wensing, Kim & Slotine 2017). It is positive semi-definite exactly when
/// the block is the inertia of some rigid body (Wensing et al. 2017, Theorem 1). Throws
/// std::invalid_argument unless the block has 10 entries.
Matrix4d pseudo_inertia(const Eigen::Ref<const VectorXd>& link_block);

/// The block [m, h, I_o] (10) of a link of mass m (kg), first moment h = m c (kg m) and inertia
/// I_o about the frame origin (kg m^2), in the order of pi.
Eigen::Matrix<double, 10, 1> link_parameter_block(double mass, const Vector3d& first_moment,
                                                  const Matrix3d& inertia_origin);

/// The model with the inertial and drive data of pi (14 n) and the kinematics, limits, names,
/// base, tool, gravity and configurations of `model`: link i gets mass m, com = h / m (zero for
/// m = 0), inertia about the COM I_com = I_o - m (c.c E - c c^T); the drive gets gear ratio 1,
/// motor_inertia Ia, viscous Fv, Coulomb Tc+ = Fc + Fo, Tc- = Fo - Fc (the smooth-friction velocity
/// scale of `model` kept). The builder's checks apply (SerialModel::from_table: a negative mass,
/// an inertia that is not physical unless allow_invalid_inertia, Ia < 0, Fv < 0, Fc < |Fo| throw
/// std::invalid_argument naming the link and the field). Also throws for a pi of the wrong size
/// or with a non-finite entry ("pi[12] (mx_2) is nan") and for m = 0 with h != 0 (naming the
/// link: a first moment without mass has no centre of mass).
SerialModel model_with_standard_parameters(const SerialModel& model,
                                           const Eigen::Ref<const VectorXd>& pi,
                                           bool allow_invalid_inertia = false);

}  // namespace manipdyn
