#pragma once
/// \file parameters.hpp
/// The standard parameter vector pi of an n-joint serial arm: its layout, names and the model's
/// own pi are serial/standard_parameters.hpp (beside the regressor, serial/regressor.hpp); this
/// header adds the pseudo-inertia of a link block and the way back from pi to a model
/// (docs/identification.md, "The regressor").
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/serial/standard_parameters.hpp"

namespace manipdyn {

/// The 4x4 pseudo-inertia J = [[tr(I_o)/2 E - I_o, h], [h^T, m]] of one link block
/// [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (10): the integral of [r; 1][r; 1]^T dm (Turney
/// et al. 1980 eq. 1.12; Wensing, Kim & Slotine 2017). It is positive semi-definite exactly when
/// the block is the inertia of some rigid body (Wensing et al. 2017, Theorem 1). Throws
/// std::invalid_argument unless the block has 10 entries.
Matrix4d pseudo_inertia(const Eigen::Ref<const VectorXd>& link_block);

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
