// The dynamics datasheet of a serial arm (analysis/arm_datasheet.hpp; docs/datasheet.md): its
// computation. The CSV files are written by arm_datasheet_csv.cpp, the formulations timed by
// formulation_timings.cpp.
#include "manipdyn/analysis/arm_datasheet.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>

#include <Eigen/Eigenvalues>

#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "arm_datasheet_checks.hpp"

namespace manipdyn::analysis {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kPi = std::numbers::pi;
/// lambda_min <= kSingularRatio lambda_max: M is taken as singular (cond = inf).
constexpr double kSingularRatio = 1e-12;
/// The largest workspace sample accepted (K x n doubles are stored).
constexpr int kMaxWorkspaceSamples = 1'000'000;

// Throws "arm_datasheet: options.<field> = <value>, expected <what>".
[[noreturn]] void bad_option(const char* field, double value, const char* expected) {
  std::ostringstream os;
  os << "arm_datasheet: options." << field << " = " << value << ", expected " << expected;
  throw std::invalid_argument(os.str());
}

}  // namespace

namespace detail {

void check_options(const ArmDatasheetOptions& o) {
  if (!(std::isfinite(o.prismatic_default_half_range) && o.prismatic_default_half_range > 0))
    bad_option("prismatic_default_half_range", o.prismatic_default_half_range, "finite and > 0");
  if (o.workspace_samples < 1 || o.workspace_samples > kMaxWorkspaceSamples)
    bad_option("workspace_samples", o.workspace_samples, "in [1, 1000000]");
  if (o.gravity_starts < 1) bad_option("gravity_starts", o.gravity_starts, ">= 1");
  if (o.gravity_grid_points < 3 || o.gravity_grid_points > 100000)
    bad_option("gravity_grid_points", o.gravity_grid_points, "in [3, 100000]");
  if (o.gravity_sweeps < 0 || o.gravity_sweeps > 1000)
    bad_option("gravity_sweeps", o.gravity_sweeps, "in [0, 1000]");
  if (!(o.gravity_shrink > 0 && o.gravity_shrink < 1))
    bad_option("gravity_shrink", o.gravity_shrink, "in (0, 1)");
  if (!(o.lspb_blend_fraction > 0 && o.lspb_blend_fraction <= 0.5))
    bad_option("lspb_blend_fraction", o.lspb_blend_fraction, "in (0, 0.5]");
  if (!(std::isfinite(o.default_qd_max_revolute) && o.default_qd_max_revolute > 0))
    bad_option("default_qd_max_revolute", o.default_qd_max_revolute, "finite and > 0");
  if (!(std::isfinite(o.default_qd_max_prismatic) && o.default_qd_max_prismatic > 0))
    bad_option("default_qd_max_prismatic", o.default_qd_max_prismatic, "finite and > 0");
  if (o.motion_samples < 3 || o.motion_samples > 1'000'000)
    bad_option("motion_samples", o.motion_samples, "in [3, 1000000]");
  if (o.timing_repetitions < 1 || o.timing_repetitions > 100000)
    bad_option("timing_repetitions", o.timing_repetitions, "in [1, 100000]");
  if (!(std::isfinite(o.timing_batch_ns) && o.timing_batch_ns > 0 && o.timing_batch_ns <= 1e10))
    bad_option("timing_batch_ns", o.timing_batch_ns, "in (0, 1e10]");
}

void check_model(const SerialModel& model, const char* where) {
  if (model.dof() < 1)
    throw std::invalid_argument(std::string(where) + ": the model has no joints");
}

void check_ranges(const SerialModel& model, const std::vector<JointRange>& ranges,
                  const char* where) {
  if (static_cast<int>(ranges.size()) != model.dof()) {
    std::ostringstream os;
    os << where << ": ranges has size " << ranges.size() << ", expected " << model.dof();
    throw std::invalid_argument(os.str());
  }
}

}  // namespace detail

namespace {

using detail::check_model;
using detail::check_options;
using detail::check_ranges;
using detail::uniform01;

void report(const ArmDatasheetOptions& o, std::string_view step) {
  if (o.progress) o.progress(step);
}

VectorXd clamp_to(const VectorXd& q, const std::vector<JointRange>& ranges) {
  VectorXd out = q;
  for (int i = 0; i < q.size(); ++i) out[i] = std::clamp(q[i], ranges[i].lo, ranges[i].hi);
  return out;
}

bool within(const VectorXd& q, const std::vector<JointRange>& ranges) {
  for (int i = 0; i < q.size(); ++i)
    if (q[i] < ranges[i].lo || q[i] > ranges[i].hi) return false;
  return true;
}

// A pose given by the user: size n and finite.
VectorXd user_pose(const VectorXd& q, int n, const char* field) {
  if (q.size() != n) {
    std::ostringstream os;
    os << "arm_datasheet: options." << field << " has size " << q.size() << ", expected " << n;
    throw std::invalid_argument(os.str());
  }
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(q[i])) {
      std::ostringstream os;
      os << "arm_datasheet: options." << field << "[" << i << "] = " << q[i]
         << ", expected a finite number";
      throw std::invalid_argument(os.str());
    }
  return q;
}

// The named configuration, with the option's name in the message.
VectorXd named_pose(const SerialModel& model, const std::string& name, const char* field) {
  try {
    return model.configuration(name).q;
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("arm_datasheet: options.") + field + ": " + e.what());
  }
}

}  // namespace

DhTable dh_table(const SerialModel& model, const DhChain& chain) {
  DhTable t;
  t.convention = chain.convention;
  t.is_model_table = chain.convention == model.convention;
  t.is_tree = chain.convention == DhConvention::modified && !model.is_chain();
  t.base = chain.base;
  t.tool = chain.tool;
  for (int i = 0; i < chain.n; ++i) {
    DhRow r;
    r.name = i < model.dof() ? model.links[i].name : std::string();
    r.type = chain.type[i];
    r.a = chain.a[i];
    r.alpha = chain.alpha[i];
    r.d = chain.d[i];
    r.theta = chain.theta[i];
    r.parent = i < static_cast<int>(chain.parent.size()) ? chain.parent[i] : i - 1;
    if (i < static_cast<int>(chain.gamma.size())) r.gamma = chain.gamma[i];
    if (i < static_cast<int>(chain.b.size())) r.b = chain.b[i];
    t.rows.push_back(r);
  }
  return t;
}

std::vector<JointRange> joint_ranges(const SerialModel& model,
                                     const ArmDatasheetOptions& options) {
  if (!(std::isfinite(options.prismatic_default_half_range) &&
        options.prismatic_default_half_range > 0))
    bad_option("prismatic_default_half_range", options.prismatic_default_half_range,
               "finite and > 0");
  std::vector<JointRange> out;
  for (const LinkParameters& l : model.links) {
    JointRange r;
    const bool revolute = l.type == JointType::revolute;
    const double half = revolute ? kPi : options.prismatic_default_half_range;
    r.type = l.type;
    r.q_min = l.q_min;
    r.q_max = l.q_max;
    r.from_limits = std::isfinite(l.q_min) && std::isfinite(l.q_max);
    // Both limits, one of them (the other at one default span away), or the default range.
    if (r.from_limits) {
      r.lo = l.q_min;
      r.hi = l.q_max;
    } else if (std::isfinite(l.q_min)) {
      r.lo = l.q_min;
      r.hi = l.q_min + 2 * half;
    } else if (std::isfinite(l.q_max)) {
      r.lo = l.q_max - 2 * half;
      r.hi = l.q_max;
    } else {
      r.lo = -half;
      r.hi = half;
    }
    r.qd_max = l.qd_max;
    r.qd_limit = std::isfinite(l.qd_max) ? l.qd_max
                 : revolute              ? options.default_qd_max_revolute
                                         : options.default_qd_max_prismatic;
    r.tau_max = l.tau_max;
    out.push_back(r);
  }
  return out;
}

double mass_matrix_condition_number(const MatrixXd& M) {
  if (!M.allFinite()) return kNaN;
  if (M.size() == 0) return kNaN;
  // Eigenvalues of the symmetric M (ascending); cond_2 = lambda_max / lambda_min.
  const Eigen::SelfAdjointEigenSolver<MatrixXd> eig(M, Eigen::EigenvaluesOnly);
  const double lmin = eig.eigenvalues()(0), lmax = eig.eigenvalues()(M.rows() - 1);
  if (!(lmax > 0) || lmin <= kSingularRatio * lmax) return kInf;
  return lmax / lmin;
}

MatrixXd workspace_sample(const SerialModel& model, const std::vector<JointRange>& ranges,
                          const ArmDatasheetOptions& options) {
  check_model(model, "workspace_sample");
  check_ranges(model, ranges, "workspace_sample");
  check_options(options);
  const int n = model.dof();
  std::vector<VectorXd> rows;
  // The zero pose and the mid pose, clamped into the ranges.
  rows.push_back(clamp_to(VectorXd::Zero(n), ranges));
  VectorXd mid(n);
  for (int i = 0; i < n; ++i) mid[i] = 0.5 * (ranges[i].lo + ranges[i].hi);
  rows.push_back(mid);
  // The named configurations inside the ranges.
  for (const NamedConfiguration& c : model.configurations)
    if (c.q.size() == n && within(c.q, ranges)) rows.push_back(c.q);
  // Uniform random poses.
  std::mt19937_64 rng(options.seed);
  for (int k = 0; k < options.workspace_samples; ++k) {
    VectorXd q(n);
    for (int i = 0; i < n; ++i)
      q[i] = ranges[i].lo + (ranges[i].hi - ranges[i].lo) * uniform01(rng);
    rows.push_back(q);
  }
  MatrixXd out(static_cast<Eigen::Index>(rows.size()), n);
  for (std::size_t k = 0; k < rows.size(); ++k) out.row(static_cast<Eigen::Index>(k)) = rows[k];
  return out;
}

std::vector<GravityPeak> gravity_peaks(const SerialModel& model,
                                       const std::vector<JointRange>& ranges,
                                       const MatrixXd& sample,
                                       const ArmDatasheetOptions& options) {
  check_model(model, "gravity_peaks");
  check_ranges(model, ranges, "gravity_peaks");
  check_options(options);
  const int n = model.dof();
  if (sample.cols() != n || sample.rows() < 1) {
    std::ostringstream os;
    os << "gravity_peaks: sample is " << sample.rows() << " x " << sample.cols()
       << ", expected K x " << n << " with K >= 1";
    throw std::invalid_argument(os.str());
  }
  SerialData data(model);
  const Vector3d g = model.gravity;

  // G(q) at every sample pose.
  const Eigen::Index K = sample.rows();
  MatrixXd G(K, n);
  for (Eigen::Index k = 0; k < K; ++k)
    G.row(k) = gravity_torques(model, data, VectorXd(sample.row(k).transpose()), g).transpose();

  std::vector<GravityPeak> out(n);
  const int P = options.gravity_grid_points;
  for (int i = 0; i < n; ++i) {
    // The sample poses with the largest |G_i|, best first.
    std::vector<Eigen::Index> order(static_cast<std::size_t>(K));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    const std::size_t starts = std::min<std::size_t>(order.size(), options.gravity_starts);
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(starts),
                      order.end(), [&](Eigen::Index a, Eigen::Index b) {
                        return std::abs(G(a, i)) > std::abs(G(b, i));
                      });
    GravityPeak peak;
    peak.sample_max_abs = std::abs(G(order[0], i));
    peak.max_abs = peak.sample_max_abs;
    peak.pose = sample.row(order[0]).transpose();

    // Coordinate search from each start: sweep each joint over a shrinking window.
    for (std::size_t s = 0; s < starts; ++s) {
      VectorXd q = sample.row(order[s]).transpose();
      double best = std::abs(G(order[s], i));
      VectorXd width(n);
      for (int j = 0; j < n; ++j) width[j] = ranges[j].hi - ranges[j].lo;
      for (int sweep = 0; sweep < options.gravity_sweeps; ++sweep) {
        for (int j = 0; j < n; ++j) {
          if (!(width[j] > 0)) continue;
          const double a = std::max(ranges[j].lo, q[j] - 0.5 * width[j]);
          const double b = std::min(ranges[j].hi, q[j] + 0.5 * width[j]);
          double best_x = q[j];
          for (int p = 0; p < P; ++p) {
            q[j] = p == P - 1 ? b : a + (b - a) * p / (P - 1);
            const double v = std::abs(gravity_torques(model, data, q, g)[i]);
            if (v > best) {
              best = v;
              best_x = q[j];
            }
          }
          q[j] = best_x;
        }
        width *= options.gravity_shrink;
      }
      if (best > peak.max_abs) {
        peak.max_abs = best;
        peak.pose = q;
      }
    }
    peak.value = gravity_torques(model, data, peak.pose, g)[i];
    peak.max_abs = std::abs(peak.value);
    peak.fraction_of_tau_max =
        std::isfinite(ranges[i].tau_max) ? peak.max_abs / ranges[i].tau_max : kNaN;
    out[i] = peak;
  }
  return out;
}

namespace {

// The motion's start and goal: the user's pose, a named configuration, else the model's first
// configuration (start) or half-way to the far end of each range (goal); clamped into the ranges.
void motion_end_points(const SerialModel& model, const std::vector<JointRange>& ranges,
                       const ArmDatasheetOptions& options, ArmMotion& m) {
  const int n = model.dof();
  if (options.start.size() > 0) {
    m.start = user_pose(options.start, n, "start");
    m.start_name = "user";
  } else if (!options.start_configuration.empty()) {
    m.start = named_pose(model, options.start_configuration, "start_configuration");
    m.start_name = options.start_configuration;
  } else if (!model.configurations.empty()) {
    m.start = model.configurations.front().q;
    m.start_name = model.configurations.front().name;
  } else {
    m.start = VectorXd::Zero(n);
    m.start_name = "zero";
  }
  m.start = clamp_to(m.start, ranges);
  if (options.goal.size() > 0) {
    m.goal = user_pose(options.goal, n, "goal");
    m.goal_name = "user";
  } else if (!options.goal_configuration.empty()) {
    m.goal = named_pose(model, options.goal_configuration, "goal_configuration");
    m.goal_name = options.goal_configuration;
  } else {
    m.goal.resize(n);
    for (int i = 0; i < n; ++i) {
      const double s = m.start[i], lo = ranges[i].lo, hi = ranges[i].hi;
      const double far = (hi - s >= s - lo) ? hi : lo;
      m.goal[i] = s + 0.5 * (far - s);
    }
    m.goal_name = "half_range";
  }
  m.goal = clamp_to(m.goal, ranges);
}

// The duration at which the fastest joint, relative to its speed limit, reaches it exactly
// (m.duration, m.limiting_joint); throws when start and goal are the same pose.
void motion_duration(const std::vector<JointRange>& ranges, const ArmDatasheetOptions& options,
                     ArmMotion& m) {
  const double peak_factor = options.motion_shape == ProfileShape::quintic
                                 ? 15.0 / 8.0
                                 : 1.0 / (1.0 - options.lspb_blend_fraction);
  m.duration = 0;
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    const auto k = static_cast<Eigen::Index>(i);
    const double T = peak_factor * std::abs(m.goal[k] - m.start[k]) / ranges[i].qd_limit;
    if (T > m.duration) {
      m.duration = T;
      m.limiting_joint = static_cast<int>(i);
    }
  }
  if (!(m.duration > 0)) {
    std::ostringstream os;
    os << "point_to_point_motion: the start (" << m.start_name << ") and the goal ("
       << m.goal_name << ") are the same pose after clamping into the joint ranges; give "
       << "options.goal or options.goal_configuration";
    throw std::invalid_argument(os.str());
  }
}

// Samples the motion at options.motion_samples instants: q, qd, qdd, the torques, the joint
// powers and the energies.
void sample_motion(const SerialModel& model, const JointTrajectory& traj, int K, ArmMotion& m) {
  const int n = model.dof();
  m.time.resize(K);
  m.q.resize(K, n);
  m.qd.resize(K, n);
  m.qdd.resize(K, n);
  m.tau.resize(K, n);
  m.power.resize(K, n);
  m.kinetic.resize(K);
  m.potential.resize(K);
  SerialData data(model);
  VectorXd q(n), qd(n), qdd(n);
  for (int k = 0; k < K; ++k) {
    const double t = k == K - 1 ? m.duration : m.duration * k / (K - 1);
    m.time[k] = t;
    traj.evaluate(t, q, qd, qdd);
    m.q.row(k) = q.transpose();
    m.qd.row(k) = qd.transpose();
    m.qdd.row(k) = qdd.transpose();
    const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd);
    m.tau.row(k) = tau.transpose();
    m.power.row(k) = tau.cwiseProduct(qd).transpose();
    const MechanicalEnergy e = mechanical_energy(model, data, q, qd, model.gravity);
    m.kinetic[k] = e.kinetic;
    m.potential[k] = e.potential;
  }
}

// The peaks of the sampled motion per joint: |qd|, |tau| (and when), RMS tau, powers.
void motion_peaks(const std::vector<JointRange>& ranges, ArmMotion& m) {
  const Eigen::Index n = m.tau.cols(), K = m.tau.rows();
  m.max_abs_qd = m.qd.cwiseAbs().colwise().maxCoeff().transpose();
  m.max_abs_tau.resize(n);
  m.time_max_tau.resize(n);
  m.rms_tau.resize(n);
  m.max_abs_power.resize(n);
  m.time_max_power.resize(n);
  m.tau_fraction_of_limit.resize(n);
  m.max_power = m.power.colwise().maxCoeff().transpose();
  m.min_power = m.power.colwise().minCoeff().transpose();
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::size_t joint = static_cast<std::size_t>(i);
    Eigen::Index k = 0;
    m.max_abs_tau[i] = m.tau.col(i).cwiseAbs().maxCoeff(&k);
    m.time_max_tau[i] = m.time[k];
    m.max_abs_power[i] = m.power.col(i).cwiseAbs().maxCoeff(&k);
    m.time_max_power[i] = m.time[k];
    // RMS by the trapezoid rule over [0, T].
    double integral = 0;
    for (Eigen::Index j = 0; j + 1 < K; ++j)
      integral += 0.5 * (m.tau(j, i) * m.tau(j, i) + m.tau(j + 1, i) * m.tau(j + 1, i)) *
                  (m.time[j + 1] - m.time[j]);
    m.rms_tau[i] = std::sqrt(integral / m.duration);
    m.tau_fraction_of_limit[i] =
        std::isfinite(ranges[joint].tau_max) ? m.max_abs_tau[i] / ranges[joint].tau_max : kNaN;
  }
  m.max_total_power = m.power.rowwise().sum().maxCoeff();
}

}  // namespace

ArmMotion point_to_point_motion(const SerialModel& model, const std::vector<JointRange>& ranges,
                                const ArmDatasheetOptions& options) {
  check_model(model, "point_to_point_motion");
  check_ranges(model, ranges, "point_to_point_motion");
  check_options(options);
  ArmMotion m;
  m.shape = options.motion_shape;
  motion_end_points(model, ranges, options, m);
  motion_duration(ranges, options, m);
  const JointTrajectory traj =
      options.motion_shape == ProfileShape::quintic
          ? JointTrajectory::quintic({m.start, m.goal}, {m.duration})
          : JointTrajectory::lspb_fraction({m.start, m.goal}, {m.duration},
                                           options.lspb_blend_fraction);
  sample_motion(model, traj, options.motion_samples, m);
  motion_peaks(ranges, m);
  return m;
}

namespace {

// The links' inertial parameters and the total mass.
void datasheet_links(const SerialModel& model, ArmDatasheet& s) {
  const int n = model.dof();
  for (int i = 0; i < n; ++i) {
    const LinkParameters& l = model.links[i];
    LinkInertial li;
    li.name = l.name;
    li.mass = l.mass;
    li.com = l.com;
    li.inertia = l.inertia;
    li.gear_ratio = l.gear_ratio;
    li.reflected_inertia =
        i < static_cast<int>(model.reflected_inertia.size()) ? model.reflected_inertia[i] : 0.0;
    s.total_mass += l.mass;
    s.links.push_back(li);
  }
}

// A warning for each joint whose range was not taken from its limits.
void range_warnings(ArmDatasheet& s) {
  for (std::size_t i = 0; i < s.ranges.size(); ++i)
    if (!s.ranges[i].from_limits) {
      std::ostringstream os;
      os << "joint " << i + 1 << " has no " << (std::isfinite(s.ranges[i].q_min) ? "upper"
                                                : std::isfinite(s.ranges[i].q_max) ? "lower"
                                                                                    : "position")
         << " limit: sampled over [" << s.ranges[i].lo << ", " << s.ranges[i].hi << "]";
      s.warnings.push_back(os.str());
    }
}

// Range of each diagonal entry of M over the sample, joint side and at the motor (/ G^2).
void mass_diagonal_range(const SerialModel& model, ArmDatasheet& s) {
  const int n = model.dof();
  MassDiagonalRange& md = s.mass_diagonal;
  md.min.resize(n);
  md.max.resize(n);
  md.motor_side_min.resize(n);
  md.motor_side_max.resize(n);
  for (int i = 0; i < n; ++i) {
    Eigen::Index kmin = 0, kmax = 0;
    md.min[i] = s.sample_mass_diagonal.col(i).minCoeff(&kmin);
    md.max[i] = s.sample_mass_diagonal.col(i).maxCoeff(&kmax);
    md.pose_min.push_back(s.sample_q.row(kmin).transpose());
    md.pose_max.push_back(s.sample_q.row(kmax).transpose());
    const double G2 = model.links[i].gear_ratio * model.links[i].gear_ratio;
    md.motor_side_min[i] = md.min[i] / G2;
    md.motor_side_max[i] = md.max[i] / G2;
  }
}

// The condition number of M over the sample: min, (lower) median, max, with the poses; a
// warning when M is singular somewhere.
void condition_summary(ArmDatasheet& s) {
  const Eigen::Index K = s.sample_q.rows();
  std::vector<Eigen::Index> order(static_cast<std::size_t>(K));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  auto cond = [&](Eigen::Index k) {
    const double c = s.sample_condition[static_cast<std::size_t>(k)];
    return std::isnan(c) ? kInf : c;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return cond(a) < cond(b); });
  const Eigen::Index kmin = order.front(), kmed = order[(order.size() - 1) / 2],
                     kmax = order.back();
  s.condition.min = cond(kmin);
  s.condition.median = cond(kmed);
  s.condition.max = cond(kmax);
  s.condition.pose_min = s.sample_q.row(kmin).transpose();
  s.condition.pose_median = s.sample_q.row(kmed).transpose();
  s.condition.pose_max = s.sample_q.row(kmax).transpose();
  for (Eigen::Index k = 0; k < K; ++k) s.condition.singular_samples += std::isinf(cond(k));
  if (s.condition.singular_samples > 0) {
    std::ostringstream os;
    os << "the mass matrix is singular at " << s.condition.singular_samples << " of " << K
       << " sampled poses (a link or joint that moves no mass?): condition number inf";
    s.warnings.push_back(os.str());
  }
}

// The workspace sample: M, its diagonal and condition number at every pose, then their ranges.
void mass_matrix_over_workspace(const SerialModel& model, const ArmDatasheetOptions& options,
                                ArmDatasheet& s) {
  s.sample_q = workspace_sample(model, s.ranges, options);
  const Eigen::Index K = s.sample_q.rows();
  s.sample_mass_diagonal.resize(K, model.dof());
  s.sample_condition.resize(static_cast<std::size_t>(K));
  SerialData data(model);
  for (Eigen::Index k = 0; k < K; ++k) {
    const MatrixXd& M = mass_matrix(model, data, VectorXd(s.sample_q.row(k).transpose()));
    s.sample_mass_diagonal.row(k) = M.diagonal().transpose();
    s.sample_condition[static_cast<std::size_t>(k)] = mass_matrix_condition_number(M);
  }
  mass_diagonal_range(model, s);
  condition_summary(s);
}

}  // namespace

ArmDatasheet arm_datasheet(const SerialModel& model, const ArmDatasheetOptions& options) {
  check_model(model, "arm_datasheet");
  if (model.root != RootJoint::fixed)
    throw std::invalid_argument(
        "arm_datasheet: model '" + model.name + "' has a free-flyer root; the datasheet takes "
        "the base fixed (gravity torques and motor loads depend on how a floating base is "
        "supported): load it with a fixed root (without --floating-base / floating_base)");
  check_options(options);
  ArmDatasheet s;
  s.options = options;
  s.options.progress = nullptr;
  s.name = model.name;
  s.dof = model.dof();
  s.convention = model.convention;
  s.has_drive = model.has_drive;
  s.gravity = model.gravity;
  s.warnings = model.warnings;

  // Tables, links, ranges (a tree has no standard-DH table).
  s.is_tree = !model.is_chain();
  if (s.is_tree) s.dh_standard.convention = DhConvention::standard;
  else s.dh_standard = dh_table(model, model.standard);
  s.dh_modified = dh_table(model, model.modified);
  datasheet_links(model, s);
  s.ranges = joint_ranges(model, options);
  range_warnings(s);

  report(options, "mass matrix over the workspace");
  mass_matrix_over_workspace(model, options, s);

  report(options, "gravity torques");
  s.gravity_peaks = gravity_peaks(model, s.ranges, s.sample_q, options);

  report(options, "point-to-point motion");
  s.motion = point_to_point_motion(model, s.ranges, options);

  if (options.timings) {
    report(options, "timings");
    s.timings = formulation_timings(model, s.ranges, options);
  }
  return s;
}

}  // namespace manipdyn::analysis
