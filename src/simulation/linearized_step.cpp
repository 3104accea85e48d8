// The linearised discrete step (manipdyn/simulation/linearized_step.hpp): its buffers.
#include "manipdyn/simulation/linearized_step.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

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
  const double n = std::ceil(period / max_step - 1e-9);
  if (n > 1e7) throw std::invalid_argument(os.str() + " make more than 1e7 steps");
  return std::max(1, static_cast<int>(n));
}

}  // namespace manipdyn
