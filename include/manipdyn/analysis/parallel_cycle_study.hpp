#pragma once
/// \file parallel_cycle_study.hpp
/// The shortest cycle time of a parallel robot on the pick-and-place cycle (the Adept cycle of
/// Delta robots: 25 mm up, 305 mm across, 25 mm down, and back; trajectory/pick_and_place_path.hpp)
/// under its actuators' force or torque limits. The platform follows the path x(s) (arc length
/// s, the orientation held at the home pose's), each way from rest to rest; along it the actuator
/// forces of the inverse dynamics (parallel/inverse_dynamics.hpp) are
///     tau = a(s) sddot + b(s) sdot^2 + c(s),
///     c = ID(x, 0, 0),  a = ID(x, 0, x') - c,  b = ID(x, x', x'') - c,
/// (ID(x, v, a): the forces for platform position x, velocity v and acceleration a; the motion
/// has v = x' sdot and a = x' sddot + x'' sdot^2, and ID is affine in a and quadratic in v), and
/// the time-optimal parametrisation by reachability analysis (trajectory/time_optimal_path.hpp,
/// Pham & Pham 2018) gives the fastest motion that keeps every |tau_j| <= tau_max_j.
///
/// Friction: the identity above holds exactly only without velocity-dependent terms, so the
/// coefficients come from the model with its friction taken out (the legs' viscous and Coulomb
/// drive friction and the cut joints' viscosity set to zero). The model as given, friction
/// included, is then evaluated along that motion: tau_with_friction, and friction_excess says
/// how far it goes past the limits (0 for a frictionless model).
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/parallel/model.hpp"
#include "manipdyn/trajectory/pick_and_place_path.hpp"

namespace manipdyn::analysis {

/// Options of parallel_cycle_study().
struct ParallelCycleStudyOptions {
  /// The pick point (base frame, m); NaN (the default): centred on the home position, start =
  /// home - span / 2 * across (the cycle rises 25 mm above the home height).
  Vector3d start = Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  PickAndPlaceCycle cycle;  ///< the cycle's geometry (pick_and_place_path.hpp)
  /// (actuated_count()) the actuators' limits |tau_j| <= tau_max_j (N or N m, joint side, in
  /// the order of model.actuators); empty: each actuated joint's LinkParameters::tau_max.
  VectorXd tau_max;
  /// N, grid intervals of each way, shared among the path's five pieces by length (each at
  /// least one, so a small N may grow; the joints of the pieces, where the curvature jumps,
  /// are grid points). The limits hold at both ends of every interval; the cycle time
  /// converges from above at first order in the grid step, the excess between grid points
  /// (midpoint_excess) at second order: docs/pick_and_place_cycle.md.
  int intervals = 2000;
  /// Speed limit of the platform along the path (m/s; infinity: none).
  double max_speed = std::numeric_limits<double>::infinity();
};

/// What parallel_cycle_study() found. The rows are the grid points of the way there (N + 1)
/// and then of the way back (N + 1): the place point appears twice, at rest.
struct ParallelCycleStudyResult {
  std::string model_name;
  VectorXd tau_max;          ///< (m) the limits used
  double path_length = 0.0;  ///< m, one way
  double time_there = 0.0;   ///< s, pick -> place
  double time_back = 0.0;    ///< s, place -> pick
  double cycle_time = 0.0;   ///< s, there and back
  VectorXd t;                ///< (2(N+1)) s, from the start of the cycle
  VectorXd s;                ///< (2(N+1)) m, arc length along the way (0..L there, 0..L back)
  VectorXd sd;               ///< (2(N+1)) m/s, sdot
  VectorXd sdd;              ///< (2(N+1)) m/s^2, sddot (time_optimal_path.hpp's u)
  MatrixXd position;         ///< (2(N+1) x 3) platform position, base frame (m)
  MatrixXd velocity;         ///< (2(N+1) x 3) m/s, x' sdot
  MatrixXd acceleration;     ///< (2(N+1) x 3) m/s^2, x' sddot + x'' sdot^2
  MatrixXd tau;              ///< (2(N+1) x m) actuator forces along the motion, without friction
  MatrixXd tau_with_friction;  ///< (2(N+1) x m) the same with the model's friction
  /// (2(N+1)) per row: the actuator (0-based) at its limit, or -1 where the controllable set (or
  /// the speed limit) bounds the acceleration (TimeOptimalPath::active).
  std::vector<int> active;
  int limiting_actuator = -1;  ///< the actuator at its limit on the most rows
  bool has_friction = false;   ///< the model has viscous or Coulomb friction
  /// max over rows and actuators of (|tau_with_friction| - tau_max) / tau_max, or 0 when none
  /// goes past its limit.
  double friction_excess = 0.0;
  /// max over the middle of every interval and the actuators of (|tau| - tau_max) / tau_max,
  /// without friction (negative: within the limits): what the grid leaves between its points.
  double midpoint_excess = 0.0;
};

/// The grid: each way's N + 1 points, each piece of the path divided evenly; at every grid
/// point the coefficients of the piece the next interval lies on, and at every interval's end
/// those of its own piece (PathDynamics::a_end, b_end, c_end), so the limits hold at both ends
/// of every interval, on both sides of a jump in curvature.
///
/// Runs the study for a robot whose platform translates or moves in space (a planar one cannot
/// follow the vertical cycle). Throws std::invalid_argument for a planar platform, bad options
/// (fewer than 5 intervals, a tau_max of the wrong size or not > 0, an actuator without a limit:
/// "actuator 2 (leg 1 joint 0) has no limit: tau_max is infinite; give options.tau_max"), a
/// cycle the legs cannot reach (parallel::inverse_kinematics's message, with the grid point and
/// the platform's position), and a point of the path the limits cannot hold at rest
/// (time_optimal_path's message, naming the way, the grid point and the actuator).
ParallelCycleStudyResult parallel_cycle_study(const parallel::ParallelModel& model,
                                              const ParallelCycleStudyOptions& options = {});

/// Writes the result as CSV, one row per grid point: t,x,y,z,tau1..taum,tau_max1..tau_maxm (s,
/// m, N or N m; the forces without friction). Returns the path; throws std::runtime_error
/// naming the file if it cannot be written.
std::filesystem::path write_parallel_cycle_csv(const ParallelCycleStudyResult& result,
                                               const std::filesystem::path& file);

}  // namespace manipdyn::analysis
