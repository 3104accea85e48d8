// Forward dynamics of a parallel robot by projection onto the platform coordinates
// (forward_dynamics.hpp; docs/parallel_forward.md).
#include "manipdyn/parallel/forward_dynamics.hpp"

#include <sstream>
#include <stdexcept>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/small_lu.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "cross_matrix.hpp"
#include "scalars.hpp"

namespace manipdyn::parallel {

namespace {

// The platform's spatial inertia about its origin, world axes, acting on V = [v; omega]:
// [m I, -m [c]x; m [c]x, I_O], c = R com (the Newton-Euler of platform_wrench, linear in [a; alpha]).
template <typename S>
Matrix6<S> platform_spatial_inertia(const ParallelModel& model, const Matrix3<S>& R) {
  const S m = S(model.platform.mass);
  const Vector3<S> c = R * model.platform.com.template cast<S>();
  const Matrix3<S> cx = detail::cross_matrix(c);
  Matrix6<S> Mp;
  Mp.template topLeftCorner<3, 3>() = m * Matrix3<S>::Identity();
  Mp.template topRightCorner<3, 3>() = -m * cx;
  Mp.template bottomLeftCorner<3, 3>() = m * cx;
  Mp.template bottomRightCorner<3, 3>() = R * model.platform_inertia_origin.template cast<S>() * R.transpose();
  return Mp;
}

// LU of data.Lambda_lu in place; throws for a singular inertia.
template <typename S>
void factor_inertia(const char* where, const ParallelModel& model, ParallelDataTpl<S>& data) {
  if (!lu_factor_in_place(data.Lambda_lu, data.Lambda_perm, 1e-12))
    throw std::invalid_argument(std::string(where) + ": the task-space inertia of '" + model.name +
                                "' is singular at this pose (a massless direction of the platform?)");
}

template <typename S>
PlatformMotionTpl<S> at_rest_acceleration(const PlatformMotionTpl<S>& state) {
  PlatformMotionTpl<S> x = state;
  x.a.setZero();
  x.alpha.setZero();
  return x;
}

}  // namespace

template <typename S>
const MatrixX<S>& task_space_inertia_from_kinematics(const ParallelModel& model, ParallelDataTpl<S>& data) {
  // the platform: E^T M_p E
  data.MpE.noalias() = platform_spatial_inertia(model, data.motion.R) * data.E;
  data.Lambda.noalias() = data.E.transpose() * data.MpE;
  // each leg: (M_i E)^T H_i (M_i E), H_i with the drives' reflected inertia
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const MatrixX<S>& H = mass_matrix(unchecked, model.legs[ii].chain, data.leg[ii], JointVectorIn<S>(data.q[ii]));
    data.ME[ii].noalias() = data.M[ii] * data.E;
    data.HME[ii].noalias() = H * data.ME[ii];
    data.Lambda.noalias() += data.ME[ii].transpose() * data.HME[ii];
  }
  return data.Lambda;
}

template <typename S>
const MatrixX<S>& task_space_inertia(const ParallelModel& model, ParallelDataTpl<S>& data,
                                     const PlatformMotionTpl<S>& pose) {
  PlatformMotionTpl<S> rest;
  rest.t = pose.t;
  rest.R = pose.R;
  leg_motion(model, data, rest);
  return task_space_inertia_from_kinematics(model, data);
}

template <typename S>
const VectorX<S>& task_space_bias(const ParallelModel& model, ParallelDataTpl<S>& data,
                                  const PlatformMotionTpl<S>& state, const ExternalWrenchTpl<S>& wrench) {
  data.mu = generalized_force(model, data, at_rest_acceleration(state), wrench);
  return data.mu;
}

template <typename S>
const VectorX<S>& forward_dynamics(const ParallelModel& model, ParallelDataTpl<S>& data,
                                   const PlatformMotionTpl<S>& state, const VectorX<S>& tau_a,
                                   const ExternalWrenchTpl<S>& wrench) {
  static constexpr const char* where = "forward_dynamics";
  if (tau_a.size() != model.actuated_count())
    throw std::invalid_argument(std::string(where) + ": tau_a has size " + std::to_string(tau_a.size()) +
                                ", expected " + std::to_string(model.actuated_count()) + " (the actuated joints of '" +
                                model.name + "')");
  for (int k = 0; k < tau_a.size(); ++k)
    if (!std::isfinite(math::value(tau_a(k)))) {
      std::ostringstream os;
      os << where << ": tau_a[" << k << "] is " << math::value(tau_a(k));
      throw std::invalid_argument(os.str());
    }
  if (model.dependent.empty()) {
    // mu: the generalised force at zero acceleration (the legs' kinematics at this state as a side effect)
    task_space_bias(model, data, state, wrench);
    // Lambda from the same kinematics
    task_space_inertia_from_kinematics(model, data);
    // Lambda xdd = A^T tau_a - mu
    data.xdd.noalias() = data.A.transpose() * tau_a;
    data.xdd -= data.mu;
    data.Lambda_lu = data.Lambda;
    factor_inertia(where, model, data);
    lu_solve_in_place(data.Lambda_lu, data.Lambda_perm, data.xdd, data.work);
  } else {
    // a platform its legs restrict: over the independent coordinates, xd = N zd and
    // xdd = N zdd + c, c the dependent accelerations at zdd = 0 (complete_motion), so that
    // N^T Lambda N zdd = (A N)^T tau_a - N^T f(x, xd, c), f the generalised force
    const PlatformMotionTpl<S> xc = complete_motion(model, data, at_rest_acceleration(state));
    data.mu = generalized_force(model, data, xc, wrench);
    task_space_inertia_from_kinematics(model, data);
    data.LambdaN.noalias() = data.Lambda * data.N;
    data.Lambda_lu.noalias() = data.N.transpose() * data.LambdaN;
    data.zdd.noalias() = data.AN.transpose() * tau_a;
    data.zdd.noalias() -= data.N.transpose() * data.mu;
    factor_inertia(where, model, data);
    lu_solve_in_place(data.Lambda_lu, data.Lambda_perm, data.zdd, data.work);
    Vector6<S> Vd;
    Vd << xc.a, xc.alpha;
    data.xdd.noalias() = data.E.transpose() * Vd;
    data.xdd.noalias() += data.N * data.zdd;
  }
  for (int k = 0; k < data.xdd.size(); ++k)
    if (!std::isfinite(math::value(data.xdd(k))))
      throw std::invalid_argument(std::string(where) + ": the platform acceleration is not finite (an input too large?)");
  return data.xdd;
}

template <typename S>
PlatformMotionTpl<S> with_acceleration(const ParallelModel& model, const PlatformMotionTpl<S>& state,
                                       const VectorX<S>& xdd) {
  if (xdd.size() != model.platform_dof())
    throw std::invalid_argument("with_acceleration: xdd has size " + std::to_string(xdd.size()) + ", expected " +
                                std::to_string(model.platform_dof()));
  PlatformMotionTpl<S> x = state;
  const Vector6<S> Vd = model.E.template cast<S>() * xdd;
  x.a = Vd.template head<3>();
  x.alpha = Vd.template tail<3>();
  return x;
}

#define MANIPDYN_INSTANTIATE(S)                                                                               \
  template const MatrixX<S>& task_space_inertia_from_kinematics<S>(const ParallelModel&, ParallelDataTpl<S>&); \
  template const MatrixX<S>& task_space_inertia<S>(const ParallelModel&, ParallelDataTpl<S>&,                 \
                                                   const PlatformMotionTpl<S>&);                              \
  template const VectorX<S>& task_space_bias<S>(const ParallelModel&, ParallelDataTpl<S>&,                    \
                                                const PlatformMotionTpl<S>&, const ExternalWrenchTpl<S>&);    \
  template const VectorX<S>& forward_dynamics<S>(const ParallelModel&, ParallelDataTpl<S>&,                   \
                                                 const PlatformMotionTpl<S>&, const VectorX<S>&,              \
                                                 const ExternalWrenchTpl<S>&);                                \
  template PlatformMotionTpl<S> with_acceleration<S>(const ParallelModel&, const PlatformMotionTpl<S>&,       \
                                                     const VectorX<S>&);
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel
