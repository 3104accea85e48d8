#include "manipdyn/core/inertia.hpp"

#include <sstream>

#include <Eigen/Eigenvalues>

namespace manipdyn {

std::string inertia_realisability_problem(const Matrix3d& I, double tolerance) {
  const Eigen::SelfAdjointEigenSolver<Matrix3d> eig(0.5 * (I + I.transpose()),
                                                    Eigen::EigenvaluesOnly);
  const Vector3d lambda = eig.eigenvalues();  // ascending
  std::ostringstream os;
  if (lambda[0] < -tolerance) {
    os << "is not positive semi-definite (principal moments " << lambda[0] << ", " << lambda[1]
       << ", " << lambda[2] << ")";
  } else if (lambda[0] + lambda[1] < lambda[2] - tolerance) {
    os << "breaks the triangle inequality (principal moments " << lambda[0] << " + "
       << lambda[1] << " < " << lambda[2] << ")";
  }
  return os.str();
}

}  // namespace manipdyn
