// Quick start (the code shown in README.md): PUMA 560 inverse dynamics and mass matrix.
#include <iostream>
#include <numbers>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

int main() {
  using namespace manipdyn;
  const double pi = std::numbers::pi;

  const SerialModel model = puma560();  // standard DH, Corke's numbers, with drive terms
  SerialData data(model);               // the workspace: build once, reuse for every call

  VectorXd q(6), qd(6), qdd(6);
  q << 0, pi / 4, pi, 0, pi / 4, 0;  // Corke's nominal pose qn
  qd.setConstant(0.5);               // rad/s
  qdd.setConstant(1.0);              // rad/s^2

  // Default (fastest) formulation, model gravity (0, 0, -9.81) m/s^2, no external wrench.
  const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd);
  // Any formulation, with an explicit gravity and end-effector wrench [f; n].
  const VectorXd tau_le = inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, model.gravity,
                                                          Vector6d::Zero());
  // Terms of tau = M(q) qdd + C(q, qd) qd + G(q) + friction(qd).
  const MatrixXd M = mass_matrix(model, data, q);
  const VectorXd b = bias_torques(model, data, q, qd, model.gravity);

  std::cout << "tau (N m)         = " << tau.transpose() << "\n"
            << "Lagrange-Euler    = " << tau_le.transpose() << "\n"
            << "M qdd + b         = " << (M * qdd + b).transpose() << "\n";
  const double gap = (tau - (M * qdd + b)).cwiseAbs().maxCoeff();
  return gap < 1e-9 * tau.cwiseAbs().maxCoeff() ? 0 : 1;
}
