// The dynamics datasheet of a serial arm (analysis/arm_datasheet.hpp; docs/datasheet.md).
#include "manipdyn/analysis/arm_datasheet.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>

#include <Eigen/Eigenvalues>

#include "manipdyn/io/csv.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/simulation/energy.hpp"

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

void report(const ArmDatasheetOptions& o, std::string_view step) {
  if (o.progress) o.progress(step);
}

// A uniform double in [0, 1) from the top 53 bits of the generator (the same on every platform,
// unlike std::uniform_real_distribution).
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

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

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[(v.size() - 1) / 2];
}

}  // namespace

DhTable dh_table(const SerialModel& model, const DhChain& chain) {
  DhTable t;
  t.convention = chain.convention;
  t.is_model_table = chain.convention == model.convention;
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

std::vector<FormulationTiming> formulation_timings(const SerialModel& model,
                                                   const std::vector<JointRange>& ranges,
                                                   const ArmDatasheetOptions& options) {
  check_model(model, "formulation_timings");
  check_ranges(model, ranges, "formulation_timings");
  check_options(options);
  using Clock = std::chrono::steady_clock;
  const int n = model.dof();

  // One seeded random state within the ranges (a stream apart from the workspace sample's).
  std::mt19937_64 rng(options.seed ^ 0x9e3779b97f4a7c15ULL);
  VectorXd q(n), qd(n), qdd(n), tau(n);
  for (int i = 0; i < n; ++i) {
    q[i] = ranges[i].lo + (ranges[i].hi - ranges[i].lo) * uniform01(rng);
    qd[i] = 2 * uniform01(rng) - 1;
    qdd[i] = 2 * uniform01(rng) - 1;
  }
  const Vector3d g = model.gravity;
  const Vector6d f_ext = Vector6d::Zero();
  SerialData data(model);
  ForwardDynamicsData fd_data(model);
  volatile double sink = 0;

  // Times `call` (one evaluation): calibrate the batch, then the median of the repetitions.
  auto time_it = [&](const std::string& operation, const std::string& method, auto&& call) {
    FormulationTiming t;
    t.operation = operation;
    t.method = method;
    try {
      call();  // warm-up; sizes the buffers
      const auto t0 = Clock::now();
      call();
      const double one =
          std::max(1.0, std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
      t.calls_per_repetition = static_cast<int>(
          std::clamp(std::ceil(options.timing_batch_ns / one), 1.0, 1e6));
      std::vector<double> per_call;
      for (int r = 0; r < options.timing_repetitions; ++r) {
        const auto a = Clock::now();
        for (int c = 0; c < t.calls_per_repetition; ++c) call();
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - a).count();
        per_call.push_back(ns / t.calls_per_repetition);
      }
      t.repetitions = options.timing_repetitions;
      t.median_ns = median_of(per_call);
      t.min_ns = *std::min_element(per_call.begin(), per_call.end());
    } catch (const std::exception& e) {
      t.median_ns = t.min_ns = kNaN;
      t.note = e.what();
    }
    return t;
  };

  std::vector<FormulationTiming> out;
  for (InverseDynamicsMethod m :
       {InverseDynamicsMethod::lagrange_euler, InverseDynamicsMethod::newton_euler,
        InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::craig,
        InverseDynamicsMethod::fastest}) {
    out.push_back(time_it("inverse_dynamics", to_string(m), [&] {
      sink = sink + inverse_dynamics(m, model, data, q, qd, qdd, g, f_ext)[0];
    }));
  }
  // Forward dynamics with the torques of the state (so qdd comes back).
  tau = inverse_dynamics(model, data, q, qd, qdd, g, f_ext);
  for (ForwardDynamicsMethod m :
       {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
        ForwardDynamicsMethod::articulated_body, ForwardDynamicsMethod::fastest}) {
    out.push_back(time_it("forward_dynamics", to_string(m), [&] {
      sink = sink + forward_dynamics(m, model, fd_data, q, qd, tau, g, f_ext)[0];
    }));
  }
  return out;
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

  // Tables, links, ranges.
  s.dh_standard = dh_table(model, model.standard);
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

namespace {

constexpr const char* kArmWhere = "write_arm_datasheet_csv";

/// ",<prefix>1,<prefix>2,...,<prefix>n": the header cells of one joint vector.
std::string joint_columns(int n, const std::string& prefix) {
  std::string h;
  for (int i = 1; i <= n; ++i) h += "," + prefix + std::to_string(i);
  return h;
}

/// ",v0,v1,...": the cells of one vector, each as csv_number().
void write_values(std::ostream& os, const VectorXd& v) {
  for (int i = 0; i < v.size(); ++i) os << "," << csv_number(v[i]);
}

std::filesystem::path write_summary_csv(const ArmDatasheet& s,
                                        const std::filesystem::path& folder) {
  CsvWriter f(folder / "summary.csv", kArmWhere);
  auto kv = [&](const std::string& key, const std::string& value) {
    f.out << key << "," << csv_text(value) << "\n";
  };
  f.out << "key,value\n";
  kv("name", s.name);
  kv("dof", std::to_string(s.dof));
  kv("convention", to_string(s.convention));
  kv("has_drive", s.has_drive ? "true" : "false");
  kv("gravity_x", csv_number(s.gravity.x()));
  kv("gravity_y", csv_number(s.gravity.y()));
  kv("gravity_z", csv_number(s.gravity.z()));
  kv("total_mass", csv_number(s.total_mass));
  kv("workspace_samples", std::to_string(s.sample_q.rows()));
  kv("seed", std::to_string(s.options.seed));
  kv("motion_duration", csv_number(s.motion.duration));
  kv("motion_shape", to_string(s.motion.shape));
  kv("motion_start", s.motion.start_name);
  kv("motion_goal", s.motion.goal_name);
  kv("limiting_joint", std::to_string(s.motion.limiting_joint + 1));
  kv("condition_min", csv_number(s.condition.min));
  kv("condition_median", csv_number(s.condition.median));
  kv("condition_max", csv_number(s.condition.max));
  kv("singular_samples", std::to_string(s.condition.singular_samples));
  return f.finish();
}

/// dh_standard.csv or dh_modified.csv.
std::filesystem::path write_dh_csv(const DhTable& t, const std::filesystem::path& folder) {
  const std::string file = t.convention == DhConvention::standard ? "dh_standard.csv"
                                                                  : "dh_modified.csv";
  CsvWriter f(folder / file, kArmWhere);
  f.out << "i,name,type,a,alpha,d,theta\n";
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const DhRow& r = t.rows[i];
    f.out << i + 1 << "," << csv_text(r.name) << "," << to_string(r.type) << ","
          << csv_number(r.a) << "," << csv_number(r.alpha) << "," << csv_number(r.d) << ","
          << csv_number(r.theta) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_base_tool_csv(const ArmDatasheet& s,
                                          const std::filesystem::path& folder) {
  CsvWriter f(folder / "base_tool.csv", kArmWhere);
  f.out << "table,frame,x,y,z,roll,pitch,yaw\n";
  for (const DhTable* t : {&s.dh_standard, &s.dh_modified})
    for (int which = 0; which < 2; ++which) {
      const Eigen::Isometry3d& x = which == 0 ? t->base : t->tool;
      const Vector3d p = x.translation(), rpy = rpy_from_rotation(x.linear());
      f.out << to_string(t->convention) << "," << (which == 0 ? "base" : "tool");
      write_values(f.out, p);
      write_values(f.out, rpy);
      f.out << "\n";
    }
  return f.finish();
}

std::filesystem::path write_links_csv(const ArmDatasheet& s,
                                      const std::filesystem::path& folder) {
  CsvWriter f(folder / "links.csv", kArmWhere);
  f.out << "i,name,type,mass,com_x,com_y,com_z,Ixx,Iyy,Izz,Ixy,Ixz,Iyz,gear_ratio,"
           "reflected_inertia\n";
  for (int i = 0; i < s.dof; ++i) {
    const LinkInertial& l = s.links[i];
    const Matrix3d& I = l.inertia;
    f.out << i + 1 << "," << csv_text(l.name) << "," << to_string(s.ranges[i].type) << ","
          << csv_number(l.mass);
    write_values(f.out, l.com);
    f.out << "," << csv_number(I(0, 0)) << "," << csv_number(I(1, 1)) << ","
          << csv_number(I(2, 2)) << "," << csv_number(I(0, 1)) << "," << csv_number(I(0, 2))
          << "," << csv_number(I(1, 2)) << "," << csv_number(l.gear_ratio) << ","
          << csv_number(l.reflected_inertia) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_joints_csv(const ArmDatasheet& s,
                                       const std::filesystem::path& folder) {
  CsvWriter f(folder / "joints.csv", kArmWhere);
  f.out << "i,type,q_min,q_max,lo,hi,from_limits,qd_max,qd_limit,tau_max\n";
  for (int i = 0; i < s.dof; ++i) {
    const JointRange& r = s.ranges[i];
    f.out << i + 1 << "," << to_string(r.type) << "," << csv_number(r.q_min) << ","
          << csv_number(r.q_max) << "," << csv_number(r.lo) << "," << csv_number(r.hi) << ","
          << (r.from_limits ? "true" : "false") << "," << csv_number(r.qd_max) << ","
          << csv_number(r.qd_limit) << "," << csv_number(r.tau_max) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_gravity_csv(const ArmDatasheet& s,
                                        const std::filesystem::path& folder) {
  CsvWriter f(folder / "gravity.csv", kArmWhere);
  f.out << "i,max_abs_tau_g,tau_g,sample_max_abs_tau_g,fraction_of_tau_max"
        << joint_columns(s.dof, "q") << "\n";
  for (int i = 0; i < s.dof; ++i) {
    const GravityPeak& g = s.gravity_peaks[i];
    f.out << i + 1 << "," << csv_number(g.max_abs) << "," << csv_number(g.value) << ","
          << csv_number(g.sample_max_abs) << "," << csv_number(g.fraction_of_tau_max);
    write_values(f.out, g.pose);
    f.out << "\n";
  }
  return f.finish();
}

std::filesystem::path write_motion_csv(const ArmDatasheet& s,
                                       const std::filesystem::path& folder) {
  const ArmMotion& m = s.motion;
  const int n = s.dof;
  CsvWriter f(folder / "motion.csv", kArmWhere);
  f.out << "time" << joint_columns(n, "q") << joint_columns(n, "qd") << joint_columns(n, "qdd")
        << joint_columns(n, "tau") << joint_columns(n, "power")
        << ",power_total,kinetic,potential\n";
  for (std::size_t k = 0; k < m.time.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(k);
    f.out << csv_number(m.time[k]);
    write_values(f.out, m.q.row(r).transpose());
    write_values(f.out, m.qd.row(r).transpose());
    write_values(f.out, m.qdd.row(r).transpose());
    write_values(f.out, m.tau.row(r).transpose());
    write_values(f.out, m.power.row(r).transpose());
    f.out << "," << csv_number(m.power.row(r).sum()) << "," << csv_number(m.kinetic[k]) << ","
          << csv_number(m.potential[k]) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_motion_peaks_csv(const ArmDatasheet& s,
                                             const std::filesystem::path& folder) {
  const ArmMotion& m = s.motion;
  CsvWriter f(folder / "motion_peaks.csv", kArmWhere);
  f.out << "i,start,goal,max_abs_qd,qd_limit,max_abs_tau,time_max_tau,rms_tau,tau_max,"
           "tau_fraction_of_limit,max_abs_power,time_max_power,max_power,min_power\n";
  for (int i = 0; i < s.dof; ++i)
    f.out << i + 1 << "," << csv_number(m.start[i]) << "," << csv_number(m.goal[i]) << ","
          << csv_number(m.max_abs_qd[i]) << "," << csv_number(s.ranges[i].qd_limit) << ","
          << csv_number(m.max_abs_tau[i]) << "," << csv_number(m.time_max_tau[i]) << ","
          << csv_number(m.rms_tau[i]) << "," << csv_number(s.ranges[i].tau_max) << ","
          << csv_number(m.tau_fraction_of_limit[i]) << "," << csv_number(m.max_abs_power[i])
          << "," << csv_number(m.time_max_power[i]) << "," << csv_number(m.max_power[i])
          << "," << csv_number(m.min_power[i]) << "\n";
  return f.finish();
}

std::filesystem::path write_mass_diagonal_csv(const ArmDatasheet& s,
                                              const std::filesystem::path& folder) {
  const MassDiagonalRange& md = s.mass_diagonal;
  CsvWriter f(folder / "mass_diagonal.csv", kArmWhere);
  f.out << "i,M_min,M_max,gear_ratio,motor_side_min,motor_side_max\n";
  for (int i = 0; i < s.dof; ++i)
    f.out << i + 1 << "," << csv_number(md.min[i]) << "," << csv_number(md.max[i]) << ","
          << csv_number(s.links[i].gear_ratio) << "," << csv_number(md.motor_side_min[i])
          << "," << csv_number(md.motor_side_max[i]) << "\n";
  return f.finish();
}

std::filesystem::path write_condition_number_csv(const ArmDatasheet& s,
                                                 const std::filesystem::path& folder) {
  CsvWriter f(folder / "condition_number.csv", kArmWhere);
  f.out << "statistic,value" << joint_columns(s.dof, "q") << "\n";
  const ArmConditionNumber& c = s.condition;
  f.out << "min," << csv_number(c.min);
  write_values(f.out, c.pose_min);
  f.out << "\nmedian," << csv_number(c.median);
  write_values(f.out, c.pose_median);
  f.out << "\nmax," << csv_number(c.max);
  write_values(f.out, c.pose_max);
  f.out << "\n";
  return f.finish();
}

std::filesystem::path write_workspace_csv(const ArmDatasheet& s,
                                          const std::filesystem::path& folder) {
  CsvWriter f(folder / "workspace.csv", kArmWhere);
  f.out << "sample" << joint_columns(s.dof, "q") << ",condition" << joint_columns(s.dof, "M")
        << "\n";
  for (Eigen::Index k = 0; k < s.sample_q.rows(); ++k) {
    f.out << k;
    write_values(f.out, s.sample_q.row(k).transpose());
    f.out << "," << csv_number(s.sample_condition[static_cast<std::size_t>(k)]);
    write_values(f.out, s.sample_mass_diagonal.row(k).transpose());
    f.out << "\n";
  }
  return f.finish();
}

std::filesystem::path write_timings_csv(const ArmDatasheet& s,
                                        const std::filesystem::path& folder) {
  CsvWriter f(folder / "timings.csv", kArmWhere);
  f.out << "operation,method,median_ns,min_ns,repetitions,calls_per_repetition,note\n";
  for (const FormulationTiming& t : s.timings)
    f.out << t.operation << "," << t.method << "," << csv_number(t.median_ns) << ","
          << csv_number(t.min_ns) << "," << t.repetitions << "," << t.calls_per_repetition
          << "," << csv_text(t.note) << "\n";
  return f.finish();
}

}  // namespace

std::vector<std::filesystem::path> write_arm_datasheet_csv(const ArmDatasheet& s,
                                                           const std::filesystem::path& folder) {
  make_csv_folder(folder, kArmWhere);
  std::vector<std::filesystem::path> written;
  written.push_back(write_summary_csv(s, folder));
  written.push_back(write_dh_csv(s.dh_standard, folder));
  written.push_back(write_dh_csv(s.dh_modified, folder));
  written.push_back(write_base_tool_csv(s, folder));
  written.push_back(write_links_csv(s, folder));
  written.push_back(write_joints_csv(s, folder));
  written.push_back(write_gravity_csv(s, folder));
  written.push_back(write_motion_csv(s, folder));
  written.push_back(write_motion_peaks_csv(s, folder));
  written.push_back(write_mass_diagonal_csv(s, folder));
  written.push_back(write_condition_number_csv(s, folder));
  written.push_back(write_workspace_csv(s, folder));
  if (!s.timings.empty()) written.push_back(write_timings_csv(s, folder));
  return written;
}

}  // namespace manipdyn::analysis
