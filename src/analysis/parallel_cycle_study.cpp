// The pick-and-place cycle of a parallel robot at its shortest cycle time
// (analysis/parallel_cycle_study.hpp): the path's dynamics coefficients from the inverse
// dynamics, the time-optimal parametrisation of each way, the motion and forces along it.
#include "manipdyn/analysis/parallel_cycle_study.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/trajectory/time_optimal_path.hpp"

namespace manipdyn::analysis {
namespace {

constexpr const char* kWhere = "parallel_cycle_study";

bool has_friction(const parallel::ParallelModel& model) {
  if (model.has_cut_friction) return true;
  for (const parallel::Leg& leg : model.legs)
    for (const LinkParameters& joint : leg.chain.links)
      if (joint.viscous != 0.0 || joint.coulomb_positive != 0.0 || joint.coulomb_negative != 0.0) return true;
  return false;
}

// The model with its velocity-dependent terms taken out (drive friction, cut-joint viscosity).
parallel::ParallelModel without_friction(const parallel::ParallelModel& model) {
  parallel::ParallelDescription description = model.description();
  for (parallel::LegDescription& leg : description.legs) {
    leg.cut_viscous = 0.0;
    for (LinkParameters& joint : leg.joints) joint.viscous = joint.coulomb_positive = joint.coulomb_negative = 0.0;
  }
  return parallel::build_model(description);
}

// The limits: given (checked), or each actuated joint's tau_max.
VectorXd actuator_limits(const parallel::ParallelModel& model, const VectorXd& given) {
  const int m = model.actuated_count();
  if (given.size() != 0) {
    if (given.size() != m) {
      std::ostringstream os;
      os << kWhere << ": tau_max has size " << given.size() << ", expected " << m << " (one per actuator)";
      throw std::invalid_argument(os.str());
    }
    for (int j = 0; j < m; ++j)
      if (!(given[j] > 0.0) || std::isnan(given[j])) {
        std::ostringstream os;
        os << kWhere << ": tau_max[" << j << "] must be > 0, got " << given[j];
        throw std::invalid_argument(os.str());
      }
    return given;
  }
  VectorXd limits(m);
  for (int j = 0; j < m; ++j) {
    const auto [leg, joint] = model.actuators[static_cast<std::size_t>(j)];
    limits[j] = model.legs[static_cast<std::size_t>(leg)].chain.links[static_cast<std::size_t>(joint)].tau_max;
    if (!std::isfinite(limits[j])) {
      std::ostringstream os;
      os << kWhere << ": actuator " << j << " (" << model.joint_label(leg, joint)
         << ") has no limit: its tau_max is infinite; give options.tau_max";
      throw std::invalid_argument(os.str());
    }
  }
  return limits;
}

// The platform motion at a path point moving at sdot (sd) and sddot (sdd).
PlatformMotion motion_at(const PathPoint& x, const Matrix3d& R, double sd, double sdd) {
  PlatformMotion motion;
  motion.t = x.p;
  motion.R = R;
  motion.v = x.dp * sd;
  motion.a = x.dp * sdd + x.ddp * (sd * sd);
  return motion;
}

// One way of the cycle: the path's points, its coefficients, its time-optimal motion.
struct Way {
  std::vector<PathPoint> points;
  PathDynamics dynamics;
  TimeOptimalPath motion;
};

Way solve_way(const parallel::ParallelModel& model, parallel::ParallelData& data, const PickAndPlacePath& path,
              bool back, const Matrix3d& R, const ParallelCycleStudyOptions& options, const VectorXd& limits) {
  const int N = options.intervals, m = model.actuated_count();
  const char* way = back ? "the way back" : "the way there";
  Way w;
  PathDynamics& p = w.dynamics;
  p.s = VectorXd::LinSpaced(N + 1, 0.0, path.length);
  p.a.resize(N + 1, m);
  p.b.resize(N + 1, m);
  p.c.resize(N + 1, m);
  p.tau_min = -limits;
  p.tau_max = limits;
  if (std::isfinite(options.max_speed)) p.b_max = VectorXd::Constant(N + 1, options.max_speed * options.max_speed);
  // the coefficients at each grid point: c at rest, a from x', b from x' and x''
  for (int k = 0; k <= N; ++k) {
    const PathPoint x = path_point(path, p.s[k], back);
    w.points.push_back(x);
    try {
      PlatformMotion motion = motion_at(x, R, 0.0, 0.0);
      p.c.row(k) = parallel::inverse_dynamics(model, data, motion).transpose();
      motion.a = x.dp;
      p.a.row(k) = parallel::inverse_dynamics(model, data, motion).transpose() - p.c.row(k);
      motion.v = x.dp;
      motion.a = x.ddp;
      p.b.row(k) = parallel::inverse_dynamics(model, data, motion).transpose() - p.c.row(k);
    } catch (const std::invalid_argument& e) {
      std::ostringstream os;
      os << kWhere << ": " << way << ", grid point " << k << " (platform at " << x.p.transpose() << "): " << e.what();
      throw std::invalid_argument(os.str());
    }
  }
  try {
    w.motion = time_optimal_path(p);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(kWhere) + ": " + way + ": " + e.what());
  }
  return w;
}

void check_options(const parallel::ParallelModel& model, const ParallelCycleStudyOptions& options) {
  if (model.mobility != parallel::Mobility::translation && model.mobility != parallel::Mobility::spatial)
    throw std::invalid_argument(std::string(kWhere) + ": the platform of '" + model.name + "' has mobility " +
                                std::string(to_string(model.mobility)) +
                                "; the cycle needs a translating or spatial platform");
  if (options.intervals < 2)
    throw std::invalid_argument(std::string(kWhere) + ": intervals must be >= 2, got " +
                                std::to_string(options.intervals));
  if (!(options.max_speed > 0.0))
    throw std::invalid_argument(std::string(kWhere) + ": max_speed must be > 0 (m/s), got " +
                                std::to_string(options.max_speed));
}

}  // namespace

ParallelCycleStudyResult parallel_cycle_study(const parallel::ParallelModel& model,
                                              const ParallelCycleStudyOptions& options) {
  check_options(model, options);
  ParallelCycleStudyResult r;
  r.model_name = model.name;
  r.tau_max = actuator_limits(model, options.tau_max);
  r.has_friction = has_friction(model);
  // the path: from the given pick point, or centred on the home position
  PickAndPlacePath path = pick_and_place_path(Vector3d::Zero(), options.cycle);
  const bool centred = options.start.array().isNaN().all();
  path.start = centred ? Vector3d(model.home.translation() - 0.5 * path.span * path.across) : options.start;
  path = pick_and_place_path(path.start, options.cycle);
  r.path_length = path.length;
  const Matrix3d R = model.home.linear();

  // each way's coefficients and time-optimal motion (on the model without friction)
  const parallel::ParallelModel frictionless = r.has_friction ? without_friction(model) : parallel::ParallelModel{};
  const parallel::ParallelModel& smooth = r.has_friction ? frictionless : model;
  parallel::ParallelData data(smooth);
  const Way there = solve_way(smooth, data, path, false, R, options, r.tau_max);
  const Way back = solve_way(smooth, data, path, true, R, options, r.tau_max);
  r.time_there = there.motion.duration;
  r.time_back = back.motion.duration;
  r.cycle_time = r.time_there + r.time_back;

  // the rows: the motion, the forces from the coefficients, and with the model's friction
  const int n = options.intervals + 1, m = model.actuated_count();
  r.t.resize(2 * n);
  r.s.resize(2 * n);
  r.sd.resize(2 * n);
  r.sdd.resize(2 * n);
  r.position.resize(2 * n, 3);
  r.velocity.resize(2 * n, 3);
  r.acceleration.resize(2 * n, 3);
  r.tau.resize(2 * n, m);
  r.tau_with_friction.resize(2 * n, m);
  r.active.resize(static_cast<std::size_t>(2 * n));
  parallel::ParallelData with_friction(model);
  for (const Way* w : {&there, &back}) {
    const int offset = w == &there ? 0 : n;
    const double t0 = w == &there ? 0.0 : r.time_there;
    const TimeOptimalPath& mo = w->motion;
    for (int k = 0; k < n; ++k) {
      const int row = offset + k;
      const PathPoint& x = w->points[static_cast<std::size_t>(k)];
      const PlatformMotion motion = motion_at(x, R, mo.sd[k], mo.u[k]);
      r.t[row] = t0 + mo.t[k];
      r.s[row] = mo.s[k];
      r.sd[row] = mo.sd[k];
      r.sdd[row] = mo.u[k];
      r.position.row(row) = motion.t.transpose();
      r.velocity.row(row) = motion.v.transpose();
      r.acceleration.row(row) = motion.a.transpose();
      r.tau.row(row) = w->dynamics.a.row(k) * mo.u[k] + w->dynamics.b.row(k) * mo.b[k] + w->dynamics.c.row(k);
      if (r.has_friction)
        r.tau_with_friction.row(row) = parallel::inverse_dynamics(model, with_friction, motion).transpose();
      else
        r.tau_with_friction.row(row) = r.tau.row(row);
      r.active[static_cast<std::size_t>(row)] = mo.active[static_cast<std::size_t>(k)];
    }
  }

  // the actuator at its limit most often; how far friction takes the forces past the limits
  std::vector<int> count(static_cast<std::size_t>(m), 0);
  for (const int j : r.active)
    if (j >= 0) ++count[static_cast<std::size_t>(j)];
  const auto most = std::max_element(count.begin(), count.end());
  r.limiting_actuator = *most > 0 ? static_cast<int>(most - count.begin()) : -1;
  for (int j = 0; j < m; ++j)
    r.friction_excess = std::max(r.friction_excess,
                                 (r.tau_with_friction.col(j).cwiseAbs().maxCoeff() - r.tau_max[j]) / r.tau_max[j]);
  return r;
}

}  // namespace manipdyn::analysis
