// Inverse dynamics of a parallel robot in actuator space (inverse_dynamics.hpp; Khalil & Ibrahim
// 2007, eq. 26, by virtual power).
#include "manipdyn/parallel/inverse_dynamics.hpp"

#include <sstream>
#include <stdexcept>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/small_lu.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "scalars.hpp"

namespace manipdyn::parallel {

template <typename S>
Vector6<S> platform_wrench(const ParallelModel& model, const PlatformMotionTpl<S>& x,
                           const ExternalWrenchTpl<S>& wrench) {
  // Newton-Euler about the platform origin O (moving): force m (a_c - g), moment
  // I_O alpha + omega x I_O omega + m c x (a_O - g), c = R com, minus the external wrench
  const S m = S(model.platform.mass);
  const Vector3<S> c = x.R * model.platform.com.template cast<S>();
  const Matrix3<S> I_O = x.R * model.platform_inertia_origin.template cast<S>() * x.R.transpose();
  const Vector3<S> g = model.gravity.template cast<S>();
  const Vector3<S> a_c = x.a + x.alpha.cross(c) + x.omega.cross(x.omega.cross(c));
  Vector6<S> F;
  F.template head<3>() = m * (a_c - g) - x.R * wrench.f;
  F.template tail<3>() = I_O * x.alpha + x.omega.cross(Vector3<S>(I_O * x.omega)) + m * c.cross(Vector3<S>(x.a - g)) -
                         x.R * wrench.m;
  return F;
}

template <typename S>
const VectorX<S>& generalized_force(const ParallelModel& model, ParallelDataTpl<S>& data,
                                    const PlatformMotionTpl<S>& x, const ExternalWrenchTpl<S>& wrench) {
  static constexpr const char* where = "inverse_dynamics";
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(math::value(wrench.f(k))) || !std::isfinite(math::value(wrench.m(k))))
      throw std::invalid_argument(std::string(where) + ": the external wrench has a non-finite entry");
  // the legs' joint values, rates and accelerations, and the actuation Jacobian
  leg_motion(model, data, x);
  // the platform's Newton-Euler wrench
  data.platform_wrench = platform_wrench(model, x, wrench);
  data.wrench_total = data.platform_wrench;
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const Leg& leg = model.legs[ii];
    // the leg's joint torques by its chain's inverse dynamics (gravity, drive terms)
    VectorX<S>& tau = const_cast<VectorX<S>&>(inverse_dynamics(unchecked, leg.chain, data.leg[ii],
                                                               JointVectorIn<S>(data.q[ii]), JointVectorIn<S>(data.qd[ii]),
                                                               JointVectorIn<S>(data.qdd[ii])));
    // the cut joint's viscous friction: c w_rel must be supplied on the platform, -c w_rel on the leg
    if (leg.cut_viscous > 0) {
      const Vector3<S> m_fric = S(leg.cut_viscous) * (x.omega - data.omega_leg[ii]);
      data.wrench_total.template tail<3>() += m_fric;
      tau.noalias() -= data.J_rot[ii].transpose() * m_fric;
    }
    // moved to the platform by virtual power: M_i^T tau_i = [f_i; r_i x f_i], f_i = J_i^+T tau_i
    const Vector3<S> f = data.J_plus_T[ii] * tau;
    data.wrench_total.template head<3>() += f;
    data.wrench_total.template tail<3>() += data.r[ii].cross(f);
  }
  // A^T tau_a = E^T (F_p + sum_i M_i^T tau_i); on a platform the legs restrict, over its allowed
  // rates xd = N zd: (A N)^T tau_a = N^T E^T (...)
  data.rhs.noalias() = model.E.transpose().template cast<S>() * data.wrench_total;
  return data.rhs;
}

template <typename S>
const VectorX<S>& inverse_dynamics(const ParallelModel& model, ParallelDataTpl<S>& data,
                                   const PlatformMotionTpl<S>& x, const ExternalWrenchTpl<S>& wrench) {
  static constexpr const char* where = "inverse_dynamics";
  generalized_force(model, data, x, wrench);
  if (model.dependent.empty()) {
    data.lu = data.A.transpose();
  } else {
    data.lu = data.AN.transpose();
    data.rhs_dof.noalias() = data.N.transpose() * data.rhs;
  }
  if (!lu_factor_in_place(data.lu, data.perm, 1e-12)) {
    std::ostringstream os;
    os << where << ": the actuation of '" << model.name
       << "' is singular at this pose (the actuated joints cannot move the platform in some direction: "
          "a parallel singularity, Gosselin & Angeles 1990 type 2): no actuator forces balance it";
    throw std::invalid_argument(os.str());
  }
  data.tau = model.dependent.empty() ? data.rhs : data.rhs_dof;
  lu_solve_in_place(data.lu, data.perm, data.tau, data.work);
  for (int k = 0; k < data.tau.size(); ++k)
    if (!std::isfinite(math::value(data.tau(k))))
      throw std::invalid_argument(std::string(where) + ": the actuator forces are not finite (a pose at a singularity?)");
  return data.tau;
}

#define MANIPDYN_INSTANTIATE(S)                                                                          \
  template Vector6<S> platform_wrench<S>(const ParallelModel&, const PlatformMotionTpl<S>&,              \
                                         const ExternalWrenchTpl<S>&);                                   \
  template const VectorX<S>& generalized_force<S>(const ParallelModel&, ParallelDataTpl<S>&,             \
                                                  const PlatformMotionTpl<S>&, const ExternalWrenchTpl<S>&); \
  template const VectorX<S>& inverse_dynamics<S>(const ParallelModel&, ParallelDataTpl<S>&,              \
                                                 const PlatformMotionTpl<S>&, const ExternalWrenchTpl<S>&);
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel
