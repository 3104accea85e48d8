// The pick-and-place cycle of a parallel robot at its shortest cycle time
// (analysis/parallel_cycle_study.hpp): the path's dynamics coefficients from the inverse
// dynamics, the time-optimal parametrisation of each way, the motion and forces along it.
#include "manipdyn/analysis/parallel_cycle_study.hpp"

#include <algorithm>
#include <array>
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
  std::vector<int> piece;  // (N) the piece of the path each interval lies on
  std::vector<PathPoint> points;
  PathDynamics dynamics;
  TimeOptimalPath motion;
};

// The grid of one way: each piece of the path (pick_and_place_path.hpp's breaks) divided
// evenly, its joints on grid points, N intervals in all shared by length; `piece` receives the
// piece of each interval (along the way travelled; the path is symmetric, so both ways share it).
VectorXd piece_grid(const PickAndPlacePath& path, int N, std::vector<int>& piece) {
  std::array<int, 5> count{};
  std::array<double, 5> length{};
  int total = 0;
  for (int j = 0; j < 5; ++j) {
    length[j] = path.breaks[j + 1] - path.breaks[j];
    count[j] = length[j] > 1e-12 * path.length ? std::max(1, static_cast<int>(N * length[j] / path.length)) : 0;
    total += count[j];
  }
  // the intervals left over go to the pieces with the longest steps
  for (; total < N; ++total) {
    int longest = 0;
    for (int j = 1; j < 5; ++j)
      if (count[j] > 0 && length[j] / count[j] > length[longest] / std::max(count[longest], 1)) longest = j;
    ++count[longest];
  }
  piece.clear();
  std::vector<double> s;
  for (int j = 0; j < 5; ++j)
    for (int i = 0; i < count[j]; ++i) {
      s.push_back(path.breaks[j] + length[j] * i / count[j]);
      piece.push_back(j);
    }
  s.push_back(path.length);
  return Eigen::Map<const VectorXd>(s.data(), static_cast<Eigen::Index>(s.size()));
}

// The path coefficients at one point x (row `row` of a, b, c): c at rest, a from x', b from x'
// and x''.
void coefficients_at(const parallel::ParallelModel& model, parallel::ParallelData& data, const PathPoint& x,
                     const Matrix3d& R, Eigen::Index row, MatrixXd& a, MatrixXd& b, MatrixXd& c) {
  PlatformMotion motion = motion_at(x, R, 0.0, 0.0);
  c.row(row) = parallel::inverse_dynamics(model, data, motion).transpose();
  motion.a = x.dp;
  a.row(row) = parallel::inverse_dynamics(model, data, motion).transpose() - c.row(row);
  motion.v = x.dp;
  motion.a = x.ddp;
  b.row(row) = parallel::inverse_dynamics(model, data, motion).transpose() - c.row(row);
}

Way solve_way(const parallel::ParallelModel& model, parallel::ParallelData& data, const PickAndPlacePath& path,
              bool back, const Matrix3d& R, const ParallelCycleStudyOptions& options, const VectorXd& limits) {
  const int m = model.actuated_count();
  const char* way = back ? "the way back" : "the way there";
  Way w;
  PathDynamics& p = w.dynamics;
  std::vector<int>& piece = w.piece;
  p.s = piece_grid(path, options.intervals, piece);
  const Eigen::Index N = p.s.size() - 1;
  for (MatrixXd* M : {&p.a, &p.b, &p.c}) M->resize(N + 1, m);
  for (MatrixXd* M : {&p.a_end, &p.b_end, &p.c_end}) M->resize(N, m);
  p.tau_min = -limits;
  p.tau_max = limits;
  if (std::isfinite(options.max_speed)) p.b_max = VectorXd::Constant(N + 1, options.max_speed * options.max_speed);
  // the coefficients at each grid point, on the side of the interval that starts there (the
  // last point: the last interval's), and at each interval's end on its own side where the
  // curvature jumps (elsewhere the next point's)
  Eigen::Index k = 0;
  try {
    for (k = 0; k <= N; ++k) {
      const int j = piece[static_cast<std::size_t>(std::min(k, N - 1))];
      w.points.push_back(path_point(path, p.s[k], back, j));
      coefficients_at(model, data, w.points.back(), R, k, p.a, p.b, p.c);
    }
    for (k = 0; k < N; ++k) {
      const int j = piece[static_cast<std::size_t>(k)];
      if (k + 1 < N && piece[static_cast<std::size_t>(k + 1)] == j) {
        p.a_end.row(k) = p.a.row(k + 1);
        p.b_end.row(k) = p.b.row(k + 1);
        p.c_end.row(k) = p.c.row(k + 1);
      } else {
        coefficients_at(model, data, path_point(path, p.s[k + 1], back, j), R, k, p.a_end, p.b_end, p.c_end);
      }
    }
  } catch (const std::invalid_argument& e) {
    std::ostringstream os;
    os << kWhere << ": " << way << ", grid point " << k << " (platform at "
       << path_point(path, p.s[std::min(k, N)], back).p.transpose() << "): " << e.what();
    throw std::invalid_argument(os.str());
  }
  try {
    w.motion = time_optimal_path(p);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(kWhere) + ": " + way + ": " + e.what());
  }
  return w;
}

// The worst excess of the forces over the limits (relative; negative when within) at the
// middle of each interval of a way: u_k constant, b = b_k + Delta_k u_k there.
double midpoint_excess(const parallel::ParallelModel& model, parallel::ParallelData& data,
                       const PickAndPlacePath& path, bool back, const Matrix3d& R, const Way& w,
                       const VectorXd& limits) {
  const TimeOptimalPath& mo = w.motion;
  double worst = -1.0;
  for (Eigen::Index k = 0; k + 1 < mo.s.size(); ++k) {
    const double half = 0.5 * (mo.s[k + 1] - mo.s[k]);
    const double b = std::max(0.0, mo.b[k] + 2.0 * half * mo.u[k]);
    const PathPoint x = path_point(path, mo.s[k] + half, back, w.piece[static_cast<std::size_t>(k)]);
    const VectorXd& tau = parallel::inverse_dynamics(model, data, motion_at(x, R, std::sqrt(b), mo.u[k]));
    worst = std::max(worst, (tau.cwiseAbs().array() / limits.array()).maxCoeff() - 1.0);
  }
  return worst;
}

void check_options(const parallel::ParallelModel& model, const ParallelCycleStudyOptions& options) {
  if (model.mobility != parallel::Mobility::translation && model.mobility != parallel::Mobility::spatial)
    throw std::invalid_argument(std::string(kWhere) + ": the platform of '" + model.name + "' has mobility " +
                                std::string(to_string(model.mobility)) +
                                "; the cycle needs a translating or spatial platform");
  if (options.intervals < 5)
    throw std::invalid_argument(std::string(kWhere) + ": intervals must be >= 5 (one per piece of the path), got " +
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
  r.midpoint_excess = std::max(midpoint_excess(smooth, data, path, false, R, there, r.tau_max),
                               midpoint_excess(smooth, data, path, true, R, back, r.tau_max));
  r.time_there = there.motion.duration;
  r.time_back = back.motion.duration;
  r.cycle_time = r.time_there + r.time_back;

  // the rows: the motion, the forces from the coefficients, and with the model's friction
  const int n = static_cast<int>(there.motion.s.size()), m = model.actuated_count();
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
