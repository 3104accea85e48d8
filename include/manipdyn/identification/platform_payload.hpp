#pragma once
/// \file platform_payload.hpp
/// Identification of a payload rigidly fixed to the moving platform (issue 19, item 5): its mass,
/// first moment and inertia from sampled platform motions and measured leg forces.
///
/// The relation. The inverse dynamics of both models ends in H x = c, F = D - x (Dasgupta &
/// Mruthyunjaya 1998, eqs. 35-37; the same system for Pedrammehr et al. 2012), H = [s_i; q_i x s_i]
/// (eq. 36), where c holds the external wrench as + [R F_ext; R M_ext] (eq. 35; F_ext acts at the
/// platform-frame origin, both in the platform frame). A payload fixed to the platform needs the
/// wrench w_p = [f; n] = A(omega_p, alpha_p, a_p) pi (Atkeson, An & Hollerbach 1986, eq. 9;
/// core/body_regressor.hpp) about the platform-frame origin, in the platform frame, with
/// omega_p = R^T omega, alpha_p = R^T alpha, a_p = R^T (a - g); it acts on the platform as the
/// external wrench -w_p. The leg terms D, K do not see it, so
///     F_with = F_without + Y pi,   Y = H^-1 blkdiag(R, R) A(R^T omega, R^T alpha, R^T (a - g)),
/// i.e. H (F_with - F_without) = blkdiag(R, R) w_p: the extra leg forces along s_i (with moments
/// q_i x s_i F_i about the origin t) carry the payload. H = J^T for the leg-rate Jacobian
/// (Ld = H^T [v; omega], base frame), so this is the virtual-work statement dF = J^-T w.
/// The relation is exact for both DynamicsModel variants and with joint friction.
///
/// Least squares. The residuals F_measured - F_model_without_payload of N samples stacked (6N)
/// against the stacked Y (6N x 10) are solved by Householder QR; the leg-force noise sigma is
/// estimated from the residual (6N - 10 degrees of freedom) and the covariance of the estimate is
/// sigma^2 (Y^T Y)^-1 = sigma^2 R^-1 R^-T. Columns are scaled by the platform radius r
/// (max |p_i|): m by 1, the first moments by r, the inertias by r^2, so that each column is the
/// leg force of a payload of platform size; a direction of the scaled matrix whose singular value
/// is below `excitation_tolerance` times the largest is not excited and is reported by name.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "manipdyn/core/body_regressor.hpp"
#include "manipdyn/stewart/data.hpp"

namespace manipdyn::stewart {

/// Options of identify_payload.
struct PayloadIdentificationOptions {
  /// the dynamic model of the platform without the payload, whose leg forces are subtracted
  DynamicsModel model = DynamicsModel::improved;
  /// a direction of the scaled observation matrix (see the file comment) with a singular value
  /// below this times the largest one is "not excited": the call throws naming the parameters
  /// in it. In (0, 1).
  double excitation_tolerance = 1e-6;
};

/// The identified payload and the statistics of the fit.
struct PayloadEstimate {
  /// [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (kg, kg m, kg m^2): mass, first moment m c
  /// and inertia about the PLATFORM-FRAME ORIGIN, all in the platform frame (10)
  BodyParametersd parameters = BodyParametersd::Zero();
  BodyParametersd standard_deviation = BodyParametersd::Zero();  ///< of each parameter (10)
  double mass = 0;                                ///< kg (= parameters[0])
  Vector3d com = Vector3d::Zero();                ///< centre of mass c, platform frame (m) (3)
  Matrix3d inertia = Matrix3d::Zero();            ///< inertia about the COM, platform frame (3x3)
  Matrix3d inertia_origin = Matrix3d::Zero();     ///< inertia about the platform-frame origin (3x3)
  double condition_number = 0;         ///< sigma_max / sigma_min of Y (6N x 10), SI units
  double scaled_condition_number = 0;  ///< the same with the columns scaled (file comment)
  double sigma = 0;                    ///< estimated leg-force noise (N): |r| / sqrt(6N - 10)
  Vector6d residual_rms = Vector6d::Zero();  ///< RMS residual of each leg (N) (6)
  int samples = 0;                     ///< N
  /// why the payload is not a physical body (mass <= 0, or the inertia about the COM not
  /// positive semi-definite or breaking the triangle inequality), empty if it is one. Reported,
  /// never fixed.
  std::string physical_problem;
};

/// The leg-force regressor Y (6 x 10) of a payload at the motion of `data` (F_with_payload =
/// F_without + Y pi, file comment): Y = H^-1 blkdiag(R, R) A(R^T omega, R^T alpha, R^T (a - g)).
/// `data` must hold the LU factors of H at data.motion, as left by inverse_dynamics (either
/// model); g is model.gravity.
template <typename S>
BodyRegressor<S> payload_regressor(const StewartModel& model, const StewartDataTpl<S>& data);

/// Identifies the payload from N samples: `motions` (N; pose t, R, twist v, omega and
/// acceleration a, alpha, base frame, as PlatformMotion) and the measured leg forces `F`
/// (N x 6, row k = sample k). `model` is the platform WITHOUT the payload. Throws
/// std::invalid_argument for fewer than 2 samples, F of the wrong shape, a non-finite or
/// invalid sample (naming the sample and the field), a singular pose, and a motion that does not
/// excite some parameter (naming them).
PayloadEstimate identify_payload(const StewartModel& model,
                                       const std::vector<PlatformMotion>& motions,
                                       const Eigen::Ref<const MatrixXd>& F,
                                       const PayloadIdentificationOptions& options = {});

/// Why the 10 parameters (order of body_wrench_regressor) are not a physical rigid body: the mass
/// is not > 0, or the inertia about the centre of mass is not positive semi-definite or breaks the
/// triangle inequality (tolerance 1e-9 x the largest entry of the inertia about the origin).
/// Empty if they are one.
std::string payload_problem(const BodyParametersd& parameters);

/// A copy of `model` with a payload of parameters `payload` (order of body_wrench_regressor,
/// platform frame, inertia about the platform-frame origin) fixed to the platform: mass
/// M' = M + m, COM R0' = (M R0 + m c) / M', inertia about the origin I_p_origin + I_payload, moved
/// back to the new COM for I_p (parallel axes), then derive_inertias. Throws
/// std::invalid_argument for non-finite parameters, M' <= 0, and (unless
/// `allow_invalid_inertia`) a payload or a combined platform that is not a physical body; with
/// the opt-in, the problem is recorded in model.warnings and model.allow_invalid_inertia is set.
StewartModel with_payload(const StewartModel& model, const BodyParametersd& payload,
                          bool allow_invalid_inertia = false);

}  // namespace manipdyn::stewart
