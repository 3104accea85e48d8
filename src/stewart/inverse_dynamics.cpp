// The Stewart-platform inverse dynamics by either dynamic model (see inverse_dynamics.hpp).
#include "manipdyn/stewart/inverse_dynamics.hpp"

#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "scalars.hpp"

namespace manipdyn::stewart {

template <typename S>
const Vector6<S>& inverse_dynamics(DynamicsModel which, const StewartModel& model,
                                   StewartDataTpl<S>& data, const PlatformMotionTpl<S>& motion,
                                   const ExternalWrenchTpl<S>& wrench,
                                   const InverseDynamicsOptions& options) {
  if (which == DynamicsModel::improved)
    return inverse_dynamics_improved(model, data, motion, wrench, options);
  return inverse_dynamics_dasgupta(model, data, motion, wrench, options);
}

#define MANIPDYN_INSTANTIATE(S)                                                                   \
  template const Vector6<S>& inverse_dynamics<S>(DynamicsModel, const StewartModel&,              \
                                                 StewartDataTpl<S>&, const PlatformMotionTpl<S>&, \
                                                 const ExternalWrenchTpl<S>&,                     \
                                                 const InverseDynamicsOptions&);
MANIPDYN_FOR_STEWART_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
