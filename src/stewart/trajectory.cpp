// Straight-line paths with parabolic blends (Dasgupta 1998 sec. 4.3, eqs. 39-40).
#include "manipdyn/stewart/trajectory.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"

namespace manipdyn::stewart {

namespace {

struct Group {
  double tau_b = 0;
  Vector3d acc = Vector3d::Zero();
  Vector3d vel = Vector3d::Zero();
};

Group plan_group(const char* name, const char* speed_name, const Vector3d& delta, double speed,
                 double tau_f, PathProfile profile) {
  Group g;
  const double dist = delta.norm();
  if (dist == 0.0) return g;
  if (profile == PathProfile::constant_velocity) {
    g.vel = delta / tau_f;
    return g;
  }
  // eq. 39: blend time, eq. 40: blend acceleration
  g.tau_b = tau_f - dist / speed;
  std::ostringstream os;
  if (g.tau_b <= 0.0) {
    os << "plan_path: " << name << " blend time tau_f - |Delta|/" << speed_name << " = " << tau_f
       << " - " << dist << "/" << speed << " = " << g.tau_b
       << " s is not positive: the move cannot be made at " << speed_name << " = " << speed
       << " within tau_f (raise " << speed_name << " or tau_f)";
    throw std::invalid_argument(os.str());
  }
  if (g.tau_b > 0.5 * tau_f) {
    os << "plan_path: " << name << " blend time " << g.tau_b << " s exceeds tau_f/2 = "
       << 0.5 * tau_f << " s: " << speed_name << " = " << speed
       << " is never reached (lower it to at most 2|Delta|/tau_f = " << 2 * dist / tau_f << ")";
    throw std::invalid_argument(os.str());
  }
  g.vel = speed * delta / dist;
  g.acc = g.vel / g.tau_b;
  return g;
}

void eval_group(const Group& g, const Vector3d& x0, const Vector3d& x1, double tau_f, double time,
                Vector3d& x, Vector3d& xd, Vector3d& xdd) {
  if (g.tau_b == 0.0) {  // at rest or constant velocity
    x = x0 + g.vel * time;
    xd = g.vel;
    xdd.setZero();
    return;
  }
  const double tb = g.tau_b;
  if (time < tb) {
    x = x0 + 0.5 * g.acc * time * time;
    xd = g.acc * time;
    xdd = g.acc;
  } else if (time <= tau_f - tb) {
    x = x0 + 0.5 * g.acc * tb * tb + g.vel * (time - tb);
    xd = g.vel;
    xdd.setZero();
  } else {
    const double r = tau_f - time;
    x = x1 - 0.5 * g.acc * r * r;
    xd = g.acc * r;
    xdd = -g.acc;
  }
}

}  // namespace

PlannedPath plan_path(const PathSpec& spec) {
  for (const auto& [name, v] : {std::pair{"t0", spec.t0}, std::pair{"t1", spec.t1},
                                std::pair{"theta0", spec.theta0}, std::pair{"theta1", spec.theta1}})
    check_finite("plan_path", name, v);
  const auto positive = [](const char* name, double x) {
    if (!(x > 0.0) || !std::isfinite(x))
      throw std::invalid_argument(std::string("plan_path: ") + name + " must be positive and finite, got " +
                                  std::to_string(x));
  };
  positive("tau_f", spec.tau_f);
  positive("dt", spec.dt);
  // Bounded work: path_times allocates tau_f / dt + 1 samples.
  if (spec.tau_f / spec.dt > static_cast<double>(kMaxPathSamples)) {
    std::ostringstream os;
    os << "plan_path: tau_f / dt = " << spec.tau_f << " / " << spec.dt << " = "
       << spec.tau_f / spec.dt << " samples, more than the limit " << kMaxPathSamples;
    throw std::invalid_argument(os.str());
  }
  PlannedPath path;
  path.spec = spec;
  if (spec.profile == PathProfile::parabolic_blend) {
    if ((spec.t1 - spec.t0).norm() > 0) positive("V", spec.V);
    if ((spec.theta1 - spec.theta0).norm() > 0) positive("Omega", spec.Omega);
  }
  const Group gt = plan_group("position", "V", spec.t1 - spec.t0, spec.V, spec.tau_f, spec.profile);
  const Group gr = plan_group("orientation", "Omega", spec.theta1 - spec.theta0, spec.Omega,
                              spec.tau_f, spec.profile);
  path.tau_t = gt.tau_b;
  path.a_t = gt.acc;
  path.v_t = gt.vel;
  path.tau_theta = gr.tau_b;
  path.a_theta = gr.acc;
  path.v_theta = gr.vel;
  return path;
}

PathSample sample_path(const PlannedPath& path, double time) {
  const PathSpec& sp = path.spec;
  time = std::min(std::max(time, 0.0), sp.tau_f);
  PathSample out;
  out.time = time;
  eval_group(Group{path.tau_t, path.a_t, path.v_t}, sp.t0, sp.t1, sp.tau_f, time, out.t, out.v, out.a);
  eval_group(Group{path.tau_theta, path.a_theta, path.v_theta}, sp.theta0, sp.theta1, sp.tau_f, time,
             out.theta, out.theta_d, out.theta_dd);
  return out;
}

std::vector<double> path_times(const PlannedPath& path) {
  const double tf = path.spec.tau_f, dt = path.spec.dt;
  const auto n = static_cast<long>(std::floor(tf / dt + 1e-9));
  std::vector<double> times;
  times.reserve(static_cast<std::size_t>(n) + 2);
  for (long j = 0; j <= n; ++j) times.push_back(static_cast<double>(j) * dt);
  if (tf - times.back() > 1e-9 * dt) times.push_back(tf);
  return times;
}

}  // namespace manipdyn::stewart
