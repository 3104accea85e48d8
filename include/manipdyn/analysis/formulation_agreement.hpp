#pragma once
/// \file formulation_agreement.hpp
/// Whether the formulations of inverse dynamics compute the same torques (Turney, Mudge & Lee
/// 1980; Lee et al. 1982; Craig): each formulation at every named configuration of a model,
/// compared with a reference formulation. Used by `manipdyn report` (section 1, on the PUMA 560
/// with its drive terms); the same identity is asserted on random arms in tests/crosscheck. Not a
/// hot path.
#include <string>
#include <vector>

#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::analysis {

/// Options of formulation_agreement.
struct FormulationAgreementOptions {
  /// The formulations compared, in this order (the report's column order).
  std::vector<InverseDynamicsMethod> methods = {
      InverseDynamicsMethod::lagrange_euler, InverseDynamicsMethod::newton_euler,
      InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::craig,
      InverseDynamicsMethod::fastest};
  /// The formulation the others are compared with; one of `methods`.
  InverseDynamicsMethod reference = InverseDynamicsMethod::newton_euler;
  double qd = 0.5;   ///< rad/s (m/s) on every joint
  double qdd = 1.0;  ///< rad/s^2 (m/s^2) on every joint
};

/// The formulations at one named configuration.
struct FormulationConfiguration {
  std::string name;
  VectorXd q;                ///< (n)
  std::vector<VectorXd> tau;  ///< per method, (n): the torques at q, qd, qdd with the model's gravity
  /// Per method: max_i |tau_m,i - tau_ref,i| (N m or N), and that over max_i |tau_ref,i|.
  std::vector<double> max_abs_difference, max_relative_difference;
  double max_abs_tau_reference = 0;  ///< max_i |tau_ref,i|
};

/// What formulation_agreement gave.
struct FormulationAgreement {
  std::vector<InverseDynamicsMethod> methods;  ///< as in the options
  VectorXd qd, qdd;                            ///< (n) the velocities and accelerations used
  std::vector<FormulationConfiguration> configurations;  ///< the model's, in its order
  /// Per method: the largest max_relative_difference over the configurations.
  std::vector<double> worst_relative_difference;
};

/// The inverse dynamics of `model` by every formulation of `options` at each of the model's named
/// configurations (SerialModel::configurations), with qd and qdd constant over the joints, the
/// model's gravity and no external wrench, compared with the reference formulation. Throws
/// std::invalid_argument naming the field for a model without configurations, no methods, a
/// reference that is not among them, or qd, qdd not finite.
FormulationAgreement formulation_agreement(const SerialModel& model,
                                           const FormulationAgreementOptions& options = {});

}  // namespace manipdyn::analysis
