// An outside program compiled with clang++-14 against the installed, g++-built manipdyn
// (tests/install/clang_consumer.cmake). Another Eigen-heavy header comes first on purpose: after
// <Eigen/Sparse>, clang-14 mangled the default stride of Eigen::Ref<const VectorX<S>> in the
// entry points' parameters with another substitution than g++, and this program did not link
// (undefined inverse_dynamics<double>, mass_matrix<double>, gravity_torques<double>,
// forward_dynamics<double>). It checks the PUMA 560 against Corke's published values
// (tests/data/published/puma560_robotics_toolbox.txt) and exits non-zero on a mismatch.
#include <Eigen/Sparse>
#include <unsupported/Eigen/MatrixFunctions>

#include <cmath>
#include <cstdio>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace {

int failures = 0;

// Compares a result with published values to `tol` (half a unit in the last printed digit).
void expect_near(const char* what, const manipdyn::VectorXd& got,
                 const manipdyn::VectorXd& published, double tol) {
  const double err = (got - published).cwiseAbs().maxCoeff();
  std::printf("%-16s max |error| = %.2g (tolerance %.0e)\n", what, err, tol);
  if (!(err <= tol)) {
    ++failures;
  }
}

manipdyn::VectorXd vec(std::initializer_list<double> values) {
  manipdyn::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

}  // namespace

int main() {
  using namespace manipdyn;
  const SerialModel model = puma560();  // with Corke's drive terms, as the toolbox's numbers
  SerialData data(model);
  ForwardDynamicsData fd_data(model);
  const double pi = std::acos(-1.0);
  const VectorXd qn = vec({0, pi / 4, pi, 0, pi / 4, 0});  // the toolbox's nominal pose
  const VectorXd ones = VectorXd::Ones(6);
  const Vector3d gravity = model.gravity;
  const Vector6d no_wrench = Vector6d::Zero();

  // puma.gravload(qn), puma.rne(qn, 1, 1), diag(puma.inertia(qn)), puma.accel(qn, qd, tau).
  expect_near("gravity_torques", gravity_torques(model, data, qn, gravity),
              vec({0, 31.6399, 6.0351, 0, 0.0283, 0}), 5e-5);
  expect_near("inverse_dynamics", inverse_dynamics(model, data, qn, ones, ones, gravity, no_wrench),
              vec({32.4952, 60.867, 17.7436, 1.45452, 1.29911, 0.713781}), 5e-4);
  const MatrixXd& M = mass_matrix(model, data, qn);
  expect_near("mass_matrix", M.diagonal(), vec({3.6594, 4.4137, 0.9378, 0.1925, 0.1713, 0.1941}),
              5e-5);
  const VectorXd qd = vec({0.1, 0.2, 0.8, 0.2, 0.5, 1.0});
  const VectorXd tau = vec({1.0, 3.2, 1.8, 0.1, 0.7, 4.6});
  expect_near("forward_dynamics", forward_dynamics(model, fd_data, qn, qd, tau, gravity, no_wrench),
              vec({-7.4102, -9.8432, -10.9694, -4.4314, -0.9881, 21.0228}), 5e-5);

  // The sparse header is in use too: M as a sparse matrix keeps its entries.
  const Eigen::SparseMatrix<double> M_sparse = M.sparseView();
  if (M_sparse.nonZeros() < 6) ++failures;
  std::printf("%s\n", failures == 0 ? "clang consumer: ok" : "clang consumer: FAILED");
  return failures == 0 ? 0 : 1;
}
