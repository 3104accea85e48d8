#pragma once
/// \file platform_forward_dynamics_study.hpp
/// The forward dynamics of a Stewart platform (stewart/forward_dynamics.hpp) tried against its
/// inverse dynamics: FD(ID(xdd)) = xdd along a paper path for both dynamic models and both
/// ways of forming the task-space inertia, and the operation counts of one forward dynamics as
/// multiples of one inverse dynamics (counting scalar, core/counting_scalar.hpp). Used by
/// `manipdyn report` (section 5, "Stewart platform beyond the papers"); docs/stewart/forward.md.
/// Not a hot path.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::analysis {

/// Options of forward_dynamics_round_trip.
struct ForwardDynamicsRoundTripOptions {
  std::string path = "I";  ///< the paper path of the states (stewart/studies.hpp)
  double interval = 0.25;  ///< s, > 0: a state every interval from t = 0 to the path's end
  /// Bounds of the pseudo-random accelerations that replace the path's: |a_k| <= linear (m/s^2),
  /// |alpha_k| <= angular (rad/s^2), uniform, std::mt19937 seeded with `seed`.
  double linear = 2.0, angular = 5.0;
  unsigned seed = 1;
};

/// FD(ID(xdd)) = xdd for one dynamic model and one method.
struct ForwardDynamicsRoundTripRow {
  stewart::DynamicsModel model = stewart::DynamicsModel::dasgupta;
  stewart::TaskSpaceMethod method = stewart::TaskSpaceMethod::direct;
  std::size_t states = 0;
  double max_abs_error = 0;       ///< max over states and components of |FD(ID(xdd)) - xdd|
  double max_abs_xdd = 0;         ///< max |xdd|
  double max_relative_error = 0;  ///< max_abs_error / max_abs_xdd
};

/// Along the path's poses and twists with pseudo-random accelerations xdd: F = ID(xdd) (cond(H)
/// not computed), then FD(F), for Dasgupta's and the improved model (in this order), each with
/// every TaskSpaceMethod. Throws std::invalid_argument for an unknown path, an interval that is
/// not positive or bounds that are negative.
std::vector<ForwardDynamicsRoundTripRow> forward_dynamics_round_trip(
    const stewart::StewartModel& model, const ForwardDynamicsRoundTripOptions& options = {});

/// Options of forward_dynamics_cost.
struct ForwardDynamicsCostOptions {
  std::string path = "I";  ///< the paper path of the state (stewart/studies.hpp)
  /// s: the state along the path (1.3 s on Path I: the acceleration blend, every term non-zero;
  /// the state of bench_stewart).
  double time = 1.3;
};

/// The operations of one call.
struct ForwardDynamicsCostRow {
  stewart::DynamicsModel model = stewart::DynamicsModel::dasgupta;
  /// "inverse_dynamics", or "forward_dynamics_<method>" (forward_dynamics_direct, ...)
  std::string algorithm;
  std::uint64_t mul = 0, add = 0, div = 0, functions = 0, flops = 0;  ///< OpCounter's
  double ratio_to_inverse_dynamics = 0;  ///< flops / the flops of the model's inverse dynamics
};

/// For Dasgupta's and the improved model (in this order): the operations of one inverse
/// dynamics at the path's state (cond(H) not computed), then of one forward dynamics with each
/// TaskSpaceMethod applied to its forces. Resets op_counter() of the calling thread. Throws
/// std::invalid_argument for an unknown path or a time outside it.
std::vector<ForwardDynamicsCostRow> forward_dynamics_cost(
    const stewart::StewartModel& model, const ForwardDynamicsCostOptions& options = {});

}  // namespace manipdyn::analysis
