// The linearised discrete step (manipdyn/simulation/linearized_step.hpp): its buffers.
#include "manipdyn/simulation/linearized_step.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/integrators.hpp"

namespace manipdyn {

LinearizedStepData::LinearizedStepData(int ny, int nu)
    : y_next(VectorXd::Zero(ny)),
      A(MatrixXd::Identity(ny, ny)),
      B(MatrixXd::Zero(ny, nu)),
      y(y_next),
      stage(y_next),
      F(A),
      G(B),
      As(A),
      Bs(B),
      tmp_y(A),
      tmp_u(B) {
  for (int i = 0; i < 4; ++i) {
    k[i] = y_next;
    Ky[i] = A;
    Ku[i] = B;
  }
}

int step_count(double period, double max_step) {
  std::ostringstream os;
  os << "step_count: the period " << period << " s and the step " << max_step << " s";
  if (!(period > 0) || !(max_step > 0) || !std::isfinite(period) || !std::isfinite(max_step))
    throw std::invalid_argument(os.str() + " must be positive and finite");
  const double n = covering_steps(period, max_step);
  if (n > 1e7) throw std::invalid_argument(os.str() + " make more than 1e7 steps");
  return std::max(1, static_cast<int>(n));
}

const LinearizedStepData& linearized_step(const SerialModel& model, DerivativesData& dd,
                                          const VectorXd& x, const VectorXd& tau, double period,
                                          int substeps, StepMethod method,
                                          LinearizedStepData& data) {
  // Input checks: a fixed root (x = [q; qd] adds on a vector space), sizes, finite values, the
  // period and the sub-steps.
  const int n = model.dof();
  constexpr const char* where = "linearized_step";
  if (model.root != RootJoint::fixed)
    throw std::invalid_argument(std::string(where) + ": model '" + model.name +
                                "' has a free-flyer root; linearized_step takes fixed-root models "
                                "(chains and trees: x = [q; qd] adds on a vector space)");
  check_vector(where, "x", x, 2 * n);
  check_vector(where, "tau", tau, n);
  if (data.A.rows() != 2 * n || data.B.cols() != n)
    throw std::invalid_argument(std::string(where) + ": data was built for " +
                                std::to_string(data.B.cols()) + " joints, the model has " +
                                std::to_string(n));
  if (!(period > 0) || !std::isfinite(period) || substeps < 1)
    throw std::invalid_argument(std::string(where) + ": the period must be positive and finite "
                                "and substeps >= 1");
  // y' = [qd; qdd(q, qd, tau)] with its Jacobians, the top rows constant.
  const Vector3d gravity = model.gravity;
  const Vector6d no_wrench = Vector6d::Zero();
  const auto f = [&](const VectorXd& y, const VectorXd& u, VectorXd& ydot, MatrixXd& F,
                     MatrixXd& G) {
    forward_dynamics_derivatives<double>(model, dd, y.head(n), y.tail(n), u, gravity, no_wrench);
    ydot.head(n) = y.tail(n);
    ydot.tail(n) = dd.qdd;
    F.topLeftCorner(n, n).setZero();
    F.topRightCorner(n, n).setIdentity();
    F.bottomLeftCorner(n, n) = dd.dqdd_dq;
    F.bottomRightCorner(n, n) = dd.dqdd_dqd;
    G.topRows(n).setZero();
    G.bottomRows(n) = dd.dqdd_dtau;
  };
  linearize_step(f, x, tau, period, substeps, method, data);
  return data;
}

}  // namespace manipdyn
