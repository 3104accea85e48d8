// The 6 x 6 system H x = c of the Stewart-platform inverse dynamics (Dasgupta 1998 eqs. 35-37,
// 41-42): columns of H, LU with partial pivoting, cond(H) and the solves (see the header).
#include "manipdyn/stewart/task_space_elimination.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/small_lu.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "scalars.hpp"

namespace manipdyn::stewart {

namespace {

template <typename S>
Matrix6<double> to_double(const Matrix6<S>& m) {
  Matrix6<double> r;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) r(i, j) = math::value(m(i, j));
  return r;
}

// The thresholds on cond(H) are >= 1 (inf: never).
void check_condition_options(const InverseDynamicsOptions& options, const char* where) {
  for (const auto& [name, x] : {std::pair{"options.condition_warning", options.condition_warning},
                                std::pair{"options.singular_condition", options.singular_condition}})
    if (!(x >= 1)) {
      std::ostringstream os;
      os << where << ": " << name << " = " << x
         << " must be >= 1 (a condition number is at least 1; inf for none)";
      throw std::invalid_argument(os.str());
    }
}

// The error of a singular H: the pose, cond(H) and the leg that dominates its null direction.
template <typename S>
[[noreturn]] void throw_singular(const StewartDataTpl<S>& d, const InverseDynamicsOptions& options,
                                 const char* where) {
  Eigen::JacobiSVD<Matrix6<double>> svd(to_double(d.H), Eigen::ComputeFullV);
  Eigen::Index leg = 0;
  svd.matrixV().col(5).cwiseAbs().maxCoeff(&leg);
  const double c = svd.singularValues()(5) > 0 ? svd.singularValues()(0) / svd.singularValues()(5)
                                               : std::numeric_limits<double>::infinity();
  std::ostringstream os;
  os << where << ": singular configuration at " << describe_pose(d.motion) << ": H has condition number " << c
     << " (limit " << options.singular_condition << "); leg " << leg + 1
     << " dominates the null direction of H, no leg forces can balance the platform";
  throw std::invalid_argument(os.str());
}

// LU of data.H into data.lu, data.perm (see factor_leg_jacobian; core/small_lu.hpp).
template <typename S>
bool lu_factor6(StewartDataTpl<S>& d) {
  d.lu = d.H;
  return lu_factor_in_place(d.lu, d.perm);
}

// Solves H y = b with the factors of lu_factor6.
template <typename S>
Vector6<S> lu_solve6(const StewartDataTpl<S>& d, const Vector6<S>& b) {
  Vector6<S> y;
  lu_solve(d.lu, d.perm, b, y);
  return y;
}

}  // namespace

double leg_jacobian_condition(const Matrix6<double>& H) {
  // singular values as square roots of the eigenvalues of H^T H (sec. 4.2); accurate while
  // cond^2 << 1/eps, so a one-sided Jacobi SVD takes over for ill-conditioned H
  Eigen::SelfAdjointEigenSolver<Matrix6<double>> eig(H.transpose() * H, Eigen::EigenvaluesOnly);
  const auto& ev = eig.eigenvalues();  // ascending
  const double cond = ev(0) > 0 ? std::sqrt(ev(5) / ev(0)) : std::numeric_limits<double>::infinity();
  if (cond < 1e4) return cond;
  Eigen::JacobiSVD<Matrix6<double>> svd(H);
  const auto& sv = svd.singularValues();
  return sv(5) > 0 ? sv(0) / sv(5) : std::numeric_limits<double>::infinity();
}

template <typename S>
bool factor_leg_jacobian(StewartDataTpl<S>& d) {
  return lu_factor6(d);
}

template <typename S>
Vector6<S> solve_leg_jacobian(const StewartDataTpl<S>& d, const Vector6<S>& b) {
  return lu_solve6(d, b);
}

template <typename S>
Matrix6<S> solve_leg_jacobian(const StewartDataTpl<S>& d, const Matrix6<S>& B) {
  Matrix6<S> Y;
  for (int j = 0; j < 6; ++j) Y.col(j) = lu_solve6(d, Vector6<S>(B.col(j)));
  return Y;
}

template <typename S>
void eliminated_right_hand_side(const StewartModel& model, StewartDataTpl<S>& d) {
  Vector3<S> sumK = d.K.col(0);
  Vector3<S> sumM = d.q.col(0).cross(d.K.col(0));
  for (int i = 1; i < kLegs; ++i) {
    sumK += d.K.col(i);
    sumM += d.q.col(i).cross(d.K.col(i));
  }
  if (model.has_friction)
    for (int i = 0; i < kLegs; ++i) sumM -= d.f.col(i);
  d.rhs.template head<3>() = d.c0.template head<3>() - sumK;
  d.rhs.template tail<3>() = d.c0.template tail<3>() - sumM;
}

template <typename S>
void solve_leg_forces(const StewartModel& model, StewartDataTpl<S>& d, const InverseDynamicsOptions& options,
                      const char* where) {
  check_condition_options(options, where);
  // right-hand side c of eq. 35
  eliminated_right_hand_side(model, d);
  // conditioning (sec. 4.2): ratio of extreme singular values, in double
  d.condition_number = options.condition_number ? leg_jacobian_condition(to_double(d.H)) : 0.0;
  d.ill_conditioned = d.condition_number > options.condition_warning;
  // LU of H; a zero pivot or a huge condition number is a singular pose
  if (!lu_factor6(d) || !(d.condition_number <= options.singular_condition))
    throw_singular(d, options, where);
  // leg forces (eq. 37) and the massless-leg forces (eqs. 41-42)
  d.x = lu_solve6(d, d.rhs);
  d.F = d.D - d.x;
  d.F0 = lu_solve6(d, Vector6<S>(-d.c0));
  d.Fd = d.F - d.F0;
  for (int i = 0; i < kLegs; ++i) d.dynamic_fraction(i) = d.Fd(i) / d.F(i);
  d.has_constraint_forces = false;
}

#define MANIPDYN_INSTANTIATE(S)                                                                   \
  template bool factor_leg_jacobian<S>(StewartDataTpl<S>&);                                       \
  template Vector6<S> solve_leg_jacobian<S>(const StewartDataTpl<S>&, const Vector6<S>&);         \
  template Matrix6<S> solve_leg_jacobian<S>(const StewartDataTpl<S>&, const Matrix6<S>&);         \
  template void eliminated_right_hand_side<S>(const StewartModel&, StewartDataTpl<S>&);           \
  template void solve_leg_forces<S>(const StewartModel&, StewartDataTpl<S>&,                      \
                                    const InverseDynamicsOptions&, const char*);
MANIPDYN_FOR_STEWART_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
