// The dynamics datasheet of a Stewart platform (analysis/platform_datasheet.hpp;
// docs/datasheet.md).
#include "manipdyn/analysis/platform_datasheet.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include "manipdyn/io/csv.hpp"

namespace manipdyn::analysis {
namespace {

using stewart::kLegs;

[[noreturn]] void bad_option(const char* field, double value, const char* expected) {
  std::ostringstream os;
  os << "platform_datasheet: options." << field << " = " << value << ", expected " << expected;
  throw std::invalid_argument(os.str());
}

void check_options(const PlatformDatasheetOptions& o) {
  if (!std::isnan(o.home_height) && !std::isfinite(o.home_height))
    bad_option("home_height", o.home_height, "a finite height or NaN (the default rule)");
  if (!(std::isfinite(o.translation_fraction) && o.translation_fraction >= 0))
    bad_option("translation_fraction", o.translation_fraction, "finite and >= 0");
  if (!(o.rotation_amplitude >= 0 && o.rotation_amplitude < std::numbers::pi / 2))
    bad_option("rotation_amplitude", o.rotation_amplitude, "in [0, pi/2)");
  if (!(std::isfinite(o.duration) && o.duration > 0))
    bad_option("duration", o.duration, "finite and > 0");
  if (!(std::isfinite(o.dt) && o.dt > 0)) bad_option("dt", o.dt, "finite and > 0");
  if (!(std::isfinite(o.condition_warning) && o.condition_warning > 1))
    bad_option("condition_warning", o.condition_warning, "finite and > 1");
  if (!(o.significant_force_fraction >= 0 && o.significant_force_fraction < 1))
    bad_option("significant_force_fraction", o.significant_force_fraction, "in [0, 1)");
  if (!o.path && o.translation_fraction == 0 && o.rotation_amplitude == 0)
    throw std::invalid_argument(
        "platform_datasheet: options.translation_fraction and options.rotation_amplitude are "
        "both 0: the default motion would not move; give one > 0 or options.path");
}

// Leg lengths with R = identity and the platform origin at t.
Vector6d lengths_at(const stewart::StewartModel& model, const Vector3d& t) {
  Vector6d L;
  for (int i = 0; i < kLegs; ++i) L[i] = (model.p.col(i) + t - model.b.col(i)).norm();
  return L;
}

}  // namespace

double platform_size(const stewart::StewartModel& model) {
  const Eigen::Vector2d c = model.b.topRows<2>().rowwise().mean();
  double r = 0;
  for (int i = 0; i < kLegs; ++i) r += (model.b.col(i).head<2>() - c).norm();
  return r / kLegs;
}

HomePose platform_home_pose(const stewart::StewartModel& model,
                            const PlatformDatasheetOptions& options) {
  check_options(options);
  HomePose home;
  // x, y: the platform points' centroid above the base points' centroid.
  const Vector3d cb = model.b.rowwise().mean(), cp = model.p.rowwise().mean();
  home.t = Vector3d(cb.x() - cp.x(), cb.y() - cp.y(), 0.0);
  if (std::isfinite(options.home_height)) {
    home.t.z() = options.home_height;
    home.rule = "option";
    return home;
  }
  // Mid-stroke: the mean leg length is the mean of the legs' mid-strokes (bisection on z; the
  // mean length grows with z above the highest level of base point minus platform point).
  bool limits = true;
  double target = 0;
  for (const stewart::LegLimits& l : model.limits) {
    limits = limits && l.length_min > 0 && std::isfinite(l.length_max);
    target += 0.5 * (l.length_min + l.length_max) / kLegs;
  }
  if (limits) {
    double lo = (model.b.row(2) - model.p.row(2)).maxCoeff();
    auto mean_length = [&](double z) {
      return lengths_at(model, Vector3d(home.t.x(), home.t.y(), z)).mean();
    };
    if (mean_length(lo) <= target) {
      double hi = lo + 1.0;
      while (mean_length(hi) < target) hi = lo + 2 * (hi - lo);
      for (int it = 0; it < 200 && hi - lo > 1e-12 * (1 + std::abs(hi)); ++it) {
        const double mid = 0.5 * (lo + hi);
        (mean_length(mid) < target ? lo : hi) = mid;
      }
      home.t.z() = 0.5 * (lo + hi);
      home.rule = "mid_stroke";
      return home;
    }
  }
  // Platform size: one platform radius above the base.
  home.t.z() = cb.z() - cp.z() + platform_size(model);
  home.rule = "platform_size";
  return home;
}

stewart::PathSpec platform_default_path(const stewart::StewartModel& model,
                                        const PlatformDatasheetOptions& options) {
  check_options(options);
  if (options.path) return *options.path;
  const HomePose home = platform_home_pose(model, options);
  const Vector3d e = Vector3d::Ones().normalized();
  const double a = options.translation_fraction * platform_size(model);
  const double phi = options.rotation_amplitude;
  stewart::PathSpec spec;
  spec.t0 = home.t - a * e;
  spec.t1 = home.t + a * e;
  spec.theta0 = -phi * e;
  spec.theta1 = phi * e;
  spec.tau_f = options.duration;
  spec.dt = options.dt;
  spec.profile = stewart::PathProfile::parabolic_blend;
  // Cruise at 1.5 |Delta| / tau_f: the blends last tau_f / 3.
  spec.V = a > 0 ? 1.5 * 2 * a / options.duration : 1.0;
  spec.Omega = phi > 0 ? 1.5 * 2 * phi / options.duration : 1.0;
  return spec;
}

namespace {

// The summary of leg i along the evaluated motion (rows): stroke, forces, dynamic fraction,
// rate and power; a warning when the leg leaves its length limits.
LegSummary leg_summary(const stewart::StewartModel& model, const std::vector<stewart::PathRow>& rows, int i,
                       const PlatformDatasheetOptions& options, std::vector<std::string>& warnings) {
  LegSummary g;
  const stewart::LegLimits& lim = model.limits[i];
  g.length_min_used = g.length_max_used = rows.front().L[i];
  for (const stewart::PathRow& r : rows) {
    g.length_min_used = std::min(g.length_min_used, r.L[i]);
    g.length_max_used = std::max(g.length_max_used, r.L[i]);
    if (std::abs(r.F[i]) > g.max_abs_force) {
      g.max_abs_force = std::abs(r.F[i]);
      g.time_max_force = r.time;
    }
    g.max_abs_force_improved = std::max(g.max_abs_force_improved, std::abs(r.F_improved[i]));
    g.max_abs_force_static = std::max(g.max_abs_force_static, std::abs(r.F0[i]));
    g.max_abs_rate = std::max(g.max_abs_rate, std::abs(r.Ld[i]));
    g.max_abs_power = std::max(g.max_abs_power, std::abs(r.F[i] * r.Ld[i]));
  }
  g.stroke_used = g.length_max_used - g.length_min_used;
  g.length_min = lim.length_min;
  g.length_max = lim.length_max;
  g.stroke_available = lim.length_max - lim.length_min;
  g.stroke_fraction =
      std::isfinite(g.stroke_available) && g.stroke_available > 0
          ? g.stroke_used / g.stroke_available
          : 0.0;
  g.within_limits = g.length_min_used >= lim.length_min && g.length_max_used <= lim.length_max;
  g.force_max = lim.force_max;
  g.force_fraction = std::max(g.max_abs_force, g.max_abs_force_improved) / lim.force_max;
  // Dynamic fraction where |F| is significant (>= the option's fraction of the leg's peak).
  const double threshold = options.significant_force_fraction * g.max_abs_force;
  for (const stewart::PathRow& r : rows)
    if (std::abs(r.F[i]) >= threshold && r.F[i] != 0 &&
        std::abs(r.fraction[i]) > g.max_abs_dynamic_fraction) {
      g.max_abs_dynamic_fraction = std::abs(r.fraction[i]);
      g.time_max_dynamic_fraction = r.time;
    }
  if (!g.within_limits) {
    std::ostringstream os;
    os << "leg " << i + 1 << " leaves its length limits along the motion: L in ["
       << g.length_min_used << ", " << g.length_max_used << "] m, limits ["
       << lim.length_min << ", " << lim.length_max << "] m";
    warnings.push_back(os.str());
  }
  return g;
}

// The condition number of H along the motion (min, median, max, ill-conditioned samples) and the
// largest forces, into s; a warning when cond(H) exceeds the option's threshold.
void conditioning_summary(PlatformDatasheet& s, const PlatformDatasheetOptions& options) {
  std::vector<double> cond;
  for (const stewart::PathRow& r : s.rows) {
    cond.push_back(r.condition_number);
    s.ill_conditioned_samples += r.ill_conditioned;
    if (r.condition_number >= s.condition_max) {
      s.condition_max = r.condition_number;
      s.time_condition_max = r.time;
    }
    s.max_abs_force = std::max(s.max_abs_force, r.F.cwiseAbs().maxCoeff());
    s.max_abs_model_difference =
        std::max(s.max_abs_model_difference, (r.F_improved - r.F).cwiseAbs().maxCoeff());
  }
  std::sort(cond.begin(), cond.end());
  s.condition_min = cond.front();
  s.condition_median = cond[(cond.size() - 1) / 2];
  if (s.ill_conditioned_samples > 0) {
    std::ostringstream os;
    os << "cond(H) exceeds " << options.condition_warning << " at " << s.ill_conditioned_samples
       << " of " << s.rows.size() << " samples (near a singularity)";
    s.warnings.push_back(os.str());
  }
}

}  // namespace

PlatformDatasheet platform_datasheet(const stewart::StewartModel& model,
                                     const PlatformDatasheetOptions& options) {
  check_options(options);
  PlatformDatasheet s;
  s.options = options;
  s.options.progress = nullptr;
  s.name = model.name;
  s.warnings = model.warnings;

  // Mass summary and the home pose.
  s.platform_mass = model.M;
  for (const stewart::LegMassProperties& l : model.legs) s.leg_mass += l.m_d + l.m_u;
  s.total_moving_mass = s.platform_mass + s.leg_mass;
  s.platform_size = platform_size(model);
  s.platform_com = model.R0;
  s.platform_inertia = model.I_p;
  s.b = model.b;
  s.k = model.k;
  s.p = model.p;
  s.leg_properties = model.legs;
  const HomePose home = platform_home_pose(model, options);
  s.home_t = home.t;
  s.home_rule = home.rule;
  s.home_lengths = lengths_at(model, home.t);

  // The motion, evaluated with both dynamic models.
  if (options.progress) options.progress("platform path");
  s.path = platform_default_path(model, options);
  const stewart::PlannedPath planned = stewart::plan_path(s.path);
  stewart::InverseDynamicsOptions id;
  id.condition_warning = options.condition_warning;
  s.rows = stewart::evaluate_path(model, planned, id);
  s.summary = stewart::summarize(s.rows);

  // Per leg: stroke, forces, dynamic fraction, rate and power.
  for (int i = 0; i < kLegs; ++i) s.legs[i] = leg_summary(model, s.rows, i, options, s.warnings);

  // Condition number of H along the motion; largest forces.
  conditioning_summary(s, options);
  return s;
}

namespace {

constexpr const char* kPlatformWhere = "write_platform_datasheet_csv";

std::filesystem::path write_platform_summary_csv(const PlatformDatasheet& s,
                                                 const std::filesystem::path& folder) {
  CsvWriter f(folder / "summary.csv", kPlatformWhere);
  auto kv = [&](const std::string& key, const std::string& value) {
    f.out << key << "," << csv_text(value) << "\n";
  };
  f.out << "key,value\n";
  kv("name", s.name);
  kv("platform_mass", csv_number(s.platform_mass));
  kv("leg_mass", csv_number(s.leg_mass));
  kv("total_moving_mass", csv_number(s.total_moving_mass));
  kv("platform_size", csv_number(s.platform_size));
  kv("platform_com_x", csv_number(s.platform_com.x()));
  kv("platform_com_y", csv_number(s.platform_com.y()));
  kv("platform_com_z", csv_number(s.platform_com.z()));
  const Matrix3d& I = s.platform_inertia;
  kv("platform_Ixx", csv_number(I(0, 0)));
  kv("platform_Iyy", csv_number(I(1, 1)));
  kv("platform_Izz", csv_number(I(2, 2)));
  kv("platform_Ixy", csv_number(I(0, 1)));
  kv("platform_Ixz", csv_number(I(0, 2)));
  kv("platform_Iyz", csv_number(I(1, 2)));
  kv("home_x", csv_number(s.home_t.x()));
  kv("home_y", csv_number(s.home_t.y()));
  kv("home_z", csv_number(s.home_t.z()));
  kv("home_rule", s.home_rule);
  kv("duration", csv_number(s.path.tau_f));
  kv("dt", csv_number(s.path.dt));
  kv("samples", std::to_string(s.rows.size()));
  kv("condition_min", csv_number(s.condition_min));
  kv("condition_median", csv_number(s.condition_median));
  kv("condition_max", csv_number(s.condition_max));
  kv("time_condition_max", csv_number(s.time_condition_max));
  kv("ill_conditioned_samples", std::to_string(s.ill_conditioned_samples));
  kv("max_abs_force", csv_number(s.max_abs_force));
  kv("max_abs_model_difference", csv_number(s.max_abs_model_difference));
  return f.finish();
}

std::filesystem::path write_geometry_csv(const PlatformDatasheet& s,
                                         const std::filesystem::path& folder) {
  CsvWriter f(folder / "geometry.csv", kPlatformWhere);
  f.out << "leg,b_x,b_y,b_z,k_x,k_y,k_z,p_x,p_y,p_z,m_d,m_u\n";
  for (int i = 0; i < kLegs; ++i) {
    f.out << i + 1;
    for (const auto* m : {&s.b, &s.k, &s.p})
      for (int r = 0; r < 3; ++r) f.out << "," << csv_number((*m)(r, i));
    f.out << "," << csv_number(s.leg_properties[i].m_d) << ","
          << csv_number(s.leg_properties[i].m_u) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_legs_csv(const PlatformDatasheet& s,
                                     const std::filesystem::path& folder) {
  CsvWriter f(folder / "legs.csv", kPlatformWhere);
  f.out << "leg,home_length,length_min_used,length_max_used,stroke_used,length_min,length_max,"
           "stroke_available,stroke_fraction,within_limits,max_abs_force,time_max_force,"
           "max_abs_force_improved,max_abs_force_static,force_max,force_fraction,"
           "max_abs_dynamic_fraction,time_max_dynamic_fraction,max_abs_rate,max_abs_power\n";
  for (int i = 0; i < kLegs; ++i) {
    const LegSummary& g = s.legs[i];
    f.out << i + 1;
    for (double x : {s.home_lengths[i], g.length_min_used, g.length_max_used, g.stroke_used,
                     g.length_min, g.length_max, g.stroke_available, g.stroke_fraction})
      f.out << "," << csv_number(x);
    f.out << "," << (g.within_limits ? "true" : "false");
    for (double x : {g.max_abs_force, g.time_max_force, g.max_abs_force_improved,
                     g.max_abs_force_static, g.force_max, g.force_fraction,
                     g.max_abs_dynamic_fraction, g.time_max_dynamic_fraction, g.max_abs_rate,
                     g.max_abs_power})
      f.out << "," << csv_number(x);
    f.out << "\n";
  }
  return f.finish();
}

}  // namespace

std::vector<std::filesystem::path> write_platform_datasheet_csv(
    const PlatformDatasheet& s, const std::filesystem::path& folder) {
  make_csv_folder(folder, kPlatformWhere);
  std::vector<std::filesystem::path> written;
  written.push_back(write_platform_summary_csv(s, folder));
  written.push_back(write_geometry_csv(s, folder));
  written.push_back(write_legs_csv(s, folder));
  CsvWriter path(folder / "path.csv", kPlatformWhere);
  path.out.precision(17);
  stewart::write_path_csv(path.out, s.rows);
  written.push_back(path.finish());
  return written;
}

}  // namespace manipdyn::analysis
