#pragma once
/// \file parallel_payload.hpp
/// Identification of a payload rigidly fixed to the platform of a parallel robot by description
/// (parallel/model.hpp): its mass, first moment and inertia from sampled platform motions and
/// measured actuator forces, as identification/platform_payload.hpp does for the Stewart module.
///
/// The relation. A payload fixed to the platform needs the wrench w_p = A(omega_p, alpha_p, a_p)
/// pi about the platform origin, platform frame (Atkeson, An & Hollerbach 1986, eq. 9;
/// core/body_regressor.hpp; omega_p = R^T omega, alpha_p = R^T alpha, a_p = R^T (a - g)); on the
/// platform it is the external wrench -w_p, so by the virtual power of the inverse dynamics
/// (parallel/inverse_dynamics.hpp)
///     tau_with = tau_without + Y pi,   Y = (A^T)^-1 E^T blkdiag(R, R) A(...),
/// ((A N)^T)^-1 N^T E^T ... on a platform its legs restrict). Exact with the legs' friction and
/// inertia. The least squares and their statistics are the Stewart module's (one body).
///
/// What the mobility shows. Only the components of w_p along the platform's free motions reach
/// the actuators: a translating platform shows the mass alone (the moments go to the legs'
/// structure), a planar one m, m c_x, m c_y and I_zz (about the origin); a spatial one all ten.
/// By default identify_payload fits those; options.parameters chooses others.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "manipdyn/core/body_regressor.hpp"
#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// Options of identify_payload.
struct PayloadIdentificationOptions {
  /// the parameters to fit (indices into [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz]); empty:
  /// those the platform's mobility shows (file comment). The others are taken as zero.
  std::vector<int> parameters;
  /// a direction of the scaled observation matrix whose singular value is below this times the
  /// largest is "not excited": the call throws naming the parameters in it. In (0, 1).
  double excitation_tolerance = 1e-6;
};

/// The identified payload and the statistics of the fit.
struct PayloadEstimate {
  /// [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (kg, kg m, kg m^2): mass, first moment m c and
  /// inertia about the platform-frame origin, platform frame; zero where not fitted (10)
  BodyParametersd parameters = BodyParametersd::Zero();
  BodyParametersd standard_deviation = BodyParametersd::Zero();  ///< of each fitted parameter (10)
  std::vector<int> fitted;              ///< the parameters fitted
  double mass = 0;                      ///< kg
  Vector3d com = Vector3d::Zero();      ///< centre of mass, platform frame (m; zero unless m c fitted)
  double condition_number = 0;          ///< sigma_max / sigma_min of Y's fitted columns, SI units
  double scaled_condition_number = 0;   ///< the same with the columns scaled by the platform's size
  double sigma = 0;                     ///< estimated actuator-force noise: |r| / sqrt(N m - k)
  VectorXd residual_rms;                ///< RMS residual of each actuator (actuated_count())
  int samples = 0;                      ///< N
};

/// The actuator-force regressor Y (actuated_count() x 10) of a payload at the motion of `data`
/// (tau_with = tau_without + Y pi), `data` as left by inverse_dynamics at that motion (its LU of
/// A^T, or of (A N)^T).
MatrixXd payload_regressor(const ParallelModel& model, const ParallelData& data);

/// Identifies the payload from N samples: `motions` (N, base frame; a platform its legs restrict:
/// complete motions, parallel/kinematics.hpp complete_motion) and the measured actuator forces
/// `tau` (N x actuated_count(), row k = sample k, model.actuators' order). `model` is the robot
/// WITHOUT the payload. Throws std::invalid_argument for too few samples, tau of the wrong shape,
/// a non-finite entry (naming the sample and the actuator), a sample the robot cannot take (naming
/// it), a parameter index out of range, and a motion that does not excite some parameter.
PayloadEstimate identify_payload(const ParallelModel& model, const std::vector<PlatformMotion>& motions,
                                 const Eigen::Ref<const MatrixXd>& tau, const PayloadIdentificationOptions& options = {});

/// A copy of `model` with a payload of parameters `payload` (platform frame, inertia about the
/// platform-frame origin) fixed to its platform: mass, COM and inertia combined, the robot rebuilt
/// (build_model). Throws std::invalid_argument for non-finite parameters, a combined mass <= 0, or
/// a combined inertia that is not physical (unless the model allows invalid inertias).
ParallelModel with_payload(const ParallelModel& model, const BodyParametersd& payload);

}  // namespace manipdyn::parallel
