// Your own robot from its URDF: load the chain base -> tip, print its DH table, and compute
// inverse dynamics, the mass matrix and the bias torques with every formulation available.
//   build/examples/urdf_robot path/to/robot.urdf [tip_link]
// Without arguments it loads the Franka Emika Panda of the test data (tests/data/urdf).
#include <cmath>
#include <iomanip>
#include <iostream>
#include <string>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

int main(int argc, char** argv) {
  using namespace manipdyn;
  const std::string path =
      argc > 1 ? argv[1] : std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/panda.urdf";
  UrdfOptions options;
  options.tip_link = argc > 2 ? argv[2] : (argc > 1 ? "" : "panda_hand_tcp");
  try {
    const SerialModel model = serial_model_from_urdf_file(path, options);  // throws ParseError
    SerialData data(model);
    const int n = model.dof();

    // The modified DH table the URDF was converted to (q and tau keep the URDF's signs).
    std::cout << model.name << ": " << n << " joints\n   joint                    a       alpha"
              << "           d       theta\n"
              << std::fixed << std::setprecision(5);
    for (int i = 0; i < n; ++i)
      std::cout << std::setw(8) << model.links[i].name << std::setw(17) << model.modified.a[i]
                << std::setw(12) << model.modified.alpha[i] << std::setw(12)
                << model.modified.d[i] << std::setw(12) << model.modified.theta[i] << "\n";
    for (const auto& w : model.warnings) std::cout << "warning: " << w << "\n";

    // tau = M(q) qdd + b(q, qd) at a pose inside the limits.
    VectorXd q(n), qd = VectorXd::Constant(n, 0.3), qdd = VectorXd::Constant(n, 1.0);
    for (int i = 0; i < n; ++i) {
      const LinkParameters& l = model.links[i];
      q[i] = std::isfinite(l.q_min) && std::isfinite(l.q_max) ? 0.5 * (l.q_min + l.q_max) : 0.2;
    }
    const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd);
    const VectorXd tau_le = inverse_dynamics_lagrange_euler(model, data, q, qd, qdd,
                                                            model.gravity, Vector6d::Zero());
    const MatrixXd M = mass_matrix(model, data, q);
    const VectorXd b = bias_torques(model, data, q, qd, model.gravity);
    std::cout << std::setprecision(6) << "tau (default)        = " << tau.transpose()
              << "\ntau (Lagrange-Euler) = " << tau_le.transpose()
              << "\nM qdd + b            = " << (M * qdd + b).transpose() << "\n";
    const double scale = std::max(1.0, tau.cwiseAbs().maxCoeff());
    const bool agree = (tau - tau_le).cwiseAbs().maxCoeff() < 1e-9 * scale &&
                       (tau - (M * qdd + b)).cwiseAbs().maxCoeff() < 1e-9 * scale;
    return agree ? 0 : 1;
  } catch (const ParseError& e) {
    std::cerr << "urdf_robot: " << e.what() << "\n";
    return 1;
  }
}
