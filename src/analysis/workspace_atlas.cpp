// The workspace atlas of a Stewart platform (analysis/workspace_atlas.hpp; docs/stewart/atlas.md).
#include "manipdyn/analysis/workspace_atlas.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include <Eigen/LU>

#include "manipdyn/io/csv.hpp"
#include "workspace_atlas_checks.hpp"
#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas_batch.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"

namespace manipdyn::analysis {
namespace {

using stewart::kLegs;
constexpr double kPi = std::numbers::pi;
// Rows per atlas_poses_batch call of workspace_atlas: 16384 x 6 doubles = 768 KiB of poses.
constexpr std::size_t kAtlasBlock = 16384;

[[noreturn]] void bad(const char* where, const std::string& field, double value,
                      const char* expected) {
  std::ostringstream os;
  os << where << ": " << field << " = " << value << ", expected " << expected;
  throw std::invalid_argument(os.str());
}

bool angle_ok(double a) { return (a > 0 && a <= kPi) || a == std::numeric_limits<double>::infinity(); }

// Checks the leg limits used by an atlas and returns them with unit normals.
AtlasLegLimits checked_limits(AtlasLegLimits limits, const char* where, const char* prefix) {
  detail::check_atlas_limits(limits, where, prefix);
  for (stewart::LegLimits& l : limits) {
    l.u_joint_normal.normalize();
    l.s_joint_normal.normalize();
  }
  return limits;
}

}  // namespace

void detail::check_atlas_limits(const AtlasLegLimits& limits, const char* where,
                                const char* prefix) {
  for (int i = 0; i < kLegs; ++i) {
    const stewart::LegLimits& l = limits[i];
    // The field's name, built only for a message.
    const auto f = [&](const char* name) {
      return std::string(prefix) + "[" + std::to_string(i) + "]." + name;
    };
    if (!(std::isfinite(l.length_min) && l.length_min >= 0))
      bad(where, f("length_min"), l.length_min, "finite and >= 0");
    if (!(l.length_max > 0)) bad(where, f("length_max"), l.length_max, "> 0 (or inf)");
    if (!(l.length_min <= l.length_max))
      bad(where, f("length_min"), l.length_min, "<= length_max");
    if (!angle_ok(l.u_joint_angle_max))
      bad(where, f("u_joint_angle_max"), l.u_joint_angle_max, "in (0, pi] or inf");
    if (!angle_ok(l.s_joint_angle_max))
      bad(where, f("s_joint_angle_max"), l.s_joint_angle_max, "in (0, pi] or inf");
    for (const Vector3d* n : {&l.u_joint_normal, &l.s_joint_normal}) {
      const char* name = n == &l.u_joint_normal ? "u_joint_normal" : "s_joint_normal";
      if (!(n->allFinite() && n->norm() > 0))
        throw std::invalid_argument(std::string(where) + ": " + f(name) +
                                    " must be finite and non-zero");
    }
  }
}

void detail::check_atlas_settings(const AtlasPoseSettings& st, const char* where,
                                  const char* prefix) {
  const auto f = [&](const char* name, int k) {
    std::string field = std::string(prefix) + name;
    if (k >= 0) field.append("[").append(std::to_string(k)).append("]");
    return field;
  };
  for (int k = 0; k < 3; ++k) {
    if (!(std::isfinite(st.envelope.linear[k]) && st.envelope.linear[k] >= 0))
      bad(where, f("envelope.linear", k), st.envelope.linear[k], "finite and >= 0");
    if (!(std::isfinite(st.envelope.angular[k]) && st.envelope.angular[k] >= 0))
      bad(where, f("envelope.angular", k), st.envelope.angular[k], "finite and >= 0");
  }
  if (!(st.singular_condition > 1))
    bad(where, f("singular_condition", -1), st.singular_condition, "> 1");
}

const char* to_string(AtlasLimit limit) {
  switch (limit) {
    case AtlasLimit::none: return "none";
    case AtlasLimit::length_min: return "length_min";
    case AtlasLimit::length_max: return "length_max";
    case AtlasLimit::u_joint_angle: return "u_joint_angle";
    case AtlasLimit::s_joint_angle: return "s_joint_angle";
    case AtlasLimit::singular: return "singular";
  }
  return "?";
}

bool has_workspace_limits(const stewart::StewartModel& model) {
  for (const stewart::LegLimits& l : model.limits)
    if (l.length_min > 0 || std::isfinite(l.length_max) || std::isfinite(l.u_joint_angle_max) ||
        std::isfinite(l.s_joint_angle_max))
      return true;
  return false;
}

AtlasLegLimits atlas_default_limits(const stewart::StewartModel& model,
                                    const AtlasDefaultLimits& spec) {
  const char* where = "atlas_default_limits";
  if (!std::isnan(spec.half_stroke) && !(std::isfinite(spec.half_stroke) && spec.half_stroke > 0))
    bad(where, "half_stroke", spec.half_stroke, "finite and > 0 (or NaN for the default)");
  if (!(spec.half_stroke_fraction > 0 && spec.half_stroke_fraction < 1))
    bad(where, "half_stroke_fraction", spec.half_stroke_fraction, "in (0, 1)");
  if (!(spec.u_joint_angle_max > 0 && spec.u_joint_angle_max <= kPi))
    bad(where, "u_joint_angle_max", spec.u_joint_angle_max, "in (0, pi]");
  if (!(spec.s_joint_angle_max > 0 && spec.s_joint_angle_max <= kPi))
    bad(where, "s_joint_angle_max", spec.s_joint_angle_max, "in (0, pi]");
  // Home pose (R = identity) and the legs there.
  PlatformDatasheetOptions home_options;
  const Vector3d t = platform_home_pose(model, home_options).t;
  Eigen::Matrix<double, 3, 6> S;
  for (int i = 0; i < kLegs; ++i) S.col(i) = model.p.col(i) + t - model.b.col(i);
  const double h = std::isnan(spec.half_stroke)
                       ? spec.half_stroke_fraction * S.colwise().norm().mean()
                       : spec.half_stroke;
  AtlasLegLimits limits;
  for (int i = 0; i < kLegs; ++i) {
    const double L = S.col(i).norm();
    stewart::LegLimits& l = limits[i];
    l.length_min = std::max(0.0, L - h);
    l.length_max = L + h;
    l.u_joint_angle_max = spec.u_joint_angle_max;
    l.s_joint_angle_max = spec.s_joint_angle_max;
    l.u_joint_normal = S.col(i) / L;
    l.s_joint_normal = -S.col(i) / L;
  }
  return limits;
}

double u_joint_angle(const Vector3d& s, const Vector3d& u_normal) {
  return std::atan2(s.cross(u_normal).norm(), s.dot(u_normal));
}

double s_joint_angle(const Vector3d& s, const Matrix3d& R, const Vector3d& s_normal) {
  const Vector3d n = R * s_normal;
  return std::atan2(s.cross(n).norm(), -s.dot(n));
}

Vector6d envelope_force_bound(const Vector6d& F0, const Matrix6<double>& G, const Vector6d& A) {
  return F0.cwiseAbs() + G.cwiseAbs() * A;
}

AtlasPoint evaluate_atlas_pose(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                               AtlasWorkspace& ws, const Vector3d& t, const Matrix3d& R,
                               const AtlasPoseSettings& settings) {
  AtlasPoint pt;
  // Leg lengths and joint angles; the first limit violated (leg order, then the limit order).
  for (int i = 0; i < kLegs; ++i) {
    const Vector3d S = R * model.p.col(i) + t - model.b.col(i);
    const double L = S.norm();
    const Vector3d s = L > 0 ? Vector3d(S / L) : Vector3d(Vector3d::Zero());
    const stewart::LegLimits& l = limits[i];
    ws.L[i] = L;
    ws.u_angle[i] = u_joint_angle(s, l.u_joint_normal);
    ws.s_angle[i] = s_joint_angle(s, R, l.s_joint_normal);
    pt.max_u_joint_angle = std::max(pt.max_u_joint_angle, ws.u_angle[i]);
    pt.max_s_joint_angle = std::max(pt.max_s_joint_angle, ws.s_angle[i]);
    if (pt.limit != AtlasLimit::none) continue;
    AtlasLimit hit = AtlasLimit::none;
    if (L < l.length_min) hit = AtlasLimit::length_min;
    else if (L > l.length_max) hit = AtlasLimit::length_max;
    else if (ws.u_angle[i] > l.u_joint_angle_max) hit = AtlasLimit::u_joint_angle;
    else if (ws.s_angle[i] > l.s_joint_angle_max) hit = AtlasLimit::s_joint_angle;
    if (hit != AtlasLimit::none) {
      pt.limit = hit;
      pt.leg = i;
    }
  }
  if (pt.limit != AtlasLimit::none) return pt;
  // Static forces F(0) at rest; cond(H). A singular pose (or a leg along its U-joint axis)
  // throws from the inverse dynamics.
  stewart::PlatformMotion rest;
  rest.t = t;
  rest.R = R;
  stewart::InverseDynamicsOptions id;
  id.condition_number = true;
  id.singular_condition = settings.singular_condition;
  try {
    stewart::inverse_dynamics(settings.dynamics, model, ws.data, rest, {}, id);
    if (!(ws.data.condition_number <= settings.singular_condition))
      throw std::invalid_argument("singular");
  } catch (const std::invalid_argument&) {
    pt.limit = AtlasLimit::singular;
    return pt;
  }
  pt.reachable = true;
  pt.condition_number = ws.data.condition_number;
  ws.F_static = ws.data.F;
  pt.max_static_force = ws.F_static.cwiseAbs().maxCoeff();
  if (!settings.forces) return pt;
  // G = dF/dxdd = H^-1 Lambda (forward_dynamics.hpp: Lambda = H dF/dxdd), then the closed-form
  // maximum over the box of accelerations.
  // (the direct task-space inertia leaves the LU factors of H from the inverse dynamics in data)
  stewart::task_space_inertia(settings.dynamics, model, ws.data, rest);
  ws.G = stewart::solve_leg_jacobian(ws.data, ws.data.Lambda);
  Vector6d A;
  A << settings.envelope.linear, settings.envelope.angular;
  pt.max_envelope_force = envelope_force_bound(ws.F_static, ws.G, A).maxCoeff();
  return pt;
}

AtlasLegLimits atlas_limits(const stewart::StewartModel& model, const WorkspaceAtlasOptions& options,
                            std::string* rule) {
  const char* where = "workspace_atlas";
  std::string used;
  AtlasLegLimits limits;
  if (options.use_given_limits) {
    limits = checked_limits(options.limits, where, "options.limits");
    used = "given";
  } else if (has_workspace_limits(model)) {
    limits = checked_limits(model.limits, where, "model.limits");
    used = "model";
  } else {
    limits = atlas_default_limits(model, options.default_limits);
    used = "default";
  }
  if (rule) *rule = used;
  return limits;
}

namespace {

// The grid box [lo, hi] of workspace_atlas (the given one, NaN entries replaced by the default
// box around the home pose) after checking every option; returns the number of poses.
double checked_atlas_grid(const stewart::StewartModel& model, const WorkspaceAtlasOptions& options,
                          Vector3d& lo, Vector3d& hi) {
  const char* where = "workspace_atlas";
  // The grid box: given or the default around the home pose.
  const Vector3d home = platform_home_pose(model).t;
  const double r = platform_size(model);
  const Vector3d half(0.5 * r, 0.5 * r, 0.35 * r);
  lo = options.lower;
  hi = options.upper;
  const char* axis = "xyz";
  for (int a = 0; a < 3; ++a) {
    if (std::isnan(lo[a])) lo[a] = home[a] - half[a];
    if (std::isnan(hi[a])) hi[a] = home[a] + half[a];
    const std::string c(1, axis[a]);
    if (!std::isfinite(lo[a])) bad(where, "options.lower." + c, lo[a], "finite (or NaN for the default)");
    if (!std::isfinite(hi[a])) bad(where, "options.upper." + c, hi[a], "finite (or NaN for the default)");
    if (!(lo[a] < hi[a])) bad(where, "options.lower." + c, lo[a], ("< options.upper." + c).c_str());
    const int n = options.resolution[a];
    if (!(n >= 2 && n <= 1001)) bad(where, "options.resolution[" + std::to_string(a) + "]", n, "in 2..1001");
  }
  if (options.orientations.empty())
    throw std::invalid_argument(std::string(where) + ": options.orientations is empty, expected at least one RPY");
  for (std::size_t o = 0; o < options.orientations.size(); ++o)
    if (!options.orientations[o].allFinite())
      throw std::invalid_argument(std::string(where) + ": options.orientations[" + std::to_string(o) +
                                  "] is not finite");
  detail::check_atlas_settings(options.settings, where, "options.settings.");
  if (!(options.max_poses >= 1)) bad(where, "options.max_poses", options.max_poses, ">= 1");
  if (options.threads < 0)
    bad(where, "options.threads", options.threads, ">= 0 (0 = one per hardware thread)");
  const double poses = double(options.resolution[0]) * options.resolution[1] * options.resolution[2] *
                       double(options.orientations.size());
  if (poses > options.max_poses) {
    std::ostringstream os;
    os << where << ": too much work: " << options.resolution[0] << " x " << options.resolution[1] << " x "
       << options.resolution[2] << " grid points x " << options.orientations.size() << " orientations = "
       << poses << " poses, options.max_poses = " << options.max_poses;
    throw std::invalid_argument(os.str());
  }
  return poses;
}

// The summary of orientation o over its `grid` points (in index order).
AtlasSummary orientation_summary(const WorkspaceAtlas& atlas, std::size_t o, std::size_t grid) {
  AtlasSummary s;
  s.rpy = atlas.orientations[o];
  for (std::size_t g = 0; g < grid; ++g) {
    const AtlasPoint& p = atlas.points[o * grid + g];
    ++s.points;
    if (!p.reachable) continue;
    ++s.reachable;
    s.max_condition_number = std::max(s.max_condition_number, p.condition_number);
    s.max_static_force = std::max(s.max_static_force, p.max_static_force);
    if (atlas.settings.forces) s.max_envelope_force = std::max(s.max_envelope_force, p.max_envelope_force);
  }
  s.volume = double(s.reachable) * atlas.cell_volume;
  return s;
}

}  // namespace

WorkspaceAtlas workspace_atlas(const stewart::StewartModel& model,
                               const WorkspaceAtlasOptions& options) {
  WorkspaceAtlas atlas;
  atlas.name = model.name;
  Vector3d lo, hi;
  const double poses = checked_atlas_grid(model, options, lo, hi);
  const AtlasPoseSettings& st = options.settings;
  // The limits: given, the model's, or the defaults.
  atlas.limits = atlas_limits(model, options, &atlas.limits_rule);
  atlas.settings = st;
  atlas.orientations = options.orientations;
  // Grid coordinates (end points included) and the cell volume.
  std::array<std::vector<double>*, 3> coords{&atlas.x, &atlas.y, &atlas.z};
  atlas.cell_volume = 1;
  for (int a = 0; a < 3; ++a) {
    const int n = options.resolution[a];
    const double d = (hi[a] - lo[a]) / (n - 1);
    coords[a]->resize(n);
    for (int i = 0; i < n; ++i) (*coords[a])[i] = i == n - 1 ? hi[a] : lo[a] + i * d;
    atlas.cell_volume *= d;
  }
  // Every pose through the batch layer (workspace_atlas_batch.hpp), orientation by orientation
  // in blocks of kAtlasBlock rows: the block's poses (t, rpy) in the order of atlas.index, the
  // entries written in place.
  atlas.points.resize(static_cast<std::size_t>(poses));
  const std::size_t nx = atlas.x.size(), ny = atlas.y.size(), grid = nx * ny * atlas.z.size();
  RowMatrixXd block(static_cast<Eigen::Index>(std::min(grid, kAtlasBlock)), kAtlasPoseColumns);
  AtlasBatchWorkspace workspace;
  AtlasBatchOptions batch;
  batch.threads = options.threads;
  batch.settings = st;
  for (std::size_t o = 0; o < atlas.orientations.size(); ++o) {
    for (std::size_t begin = 0; begin < grid; begin += kAtlasBlock) {
      const std::size_t rows = std::min(kAtlasBlock, grid - begin);
      for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t g = begin + r;
        block.row(static_cast<Eigen::Index>(r)) << atlas.x[g % nx], atlas.y[g / nx % ny],
            atlas.z[g / (nx * ny)], atlas.orientations[o].transpose();
      }
      atlas_poses_batch(model, atlas.limits, workspace,
                        block.topRows(static_cast<Eigen::Index>(rows)),
                        std::span<AtlasPoint>(atlas.points.data() + o * grid + begin, rows), batch);
    }
    // The summary of the orientation, in index order.
    atlas.summary.push_back(orientation_summary(atlas, o, grid));
  }
  return atlas;
}

std::vector<std::filesystem::path> write_workspace_atlas_csv(const WorkspaceAtlas& atlas,
                                                             const std::filesystem::path& folder) {
  const char* where = "write_workspace_atlas_csv";
  make_csv_folder(folder, where);
  std::vector<std::filesystem::path> written;
  // atlas.csv: one row per pose.
  {
    CsvWriter f(folder / "atlas.csv", where);
    f.out << "orientation,roll,pitch,yaw,x,y,z,reachable,limit,leg,condition_number,"
             "max_static_force,max_envelope_force,max_u_joint_angle,max_s_joint_angle\n";
    for (std::size_t o = 0; o < atlas.orientations.size(); ++o) {
      const Vector3d& th = atlas.orientations[o];
      const std::string head = std::to_string(o) + "," + csv_number(th[0]) + "," +
                               csv_number(th[1]) + "," + csv_number(th[2]) + ",";
      for (std::size_t k = 0; k < atlas.z.size(); ++k)
        for (std::size_t j = 0; j < atlas.y.size(); ++j)
          for (std::size_t i = 0; i < atlas.x.size(); ++i) {
            const AtlasPoint& p = atlas.points[atlas.index(o, i, j, k)];
            f.out << head << csv_number(atlas.x[i]) << "," << csv_number(atlas.y[j]) << ","
                  << csv_number(atlas.z[k]) << "," << (p.reachable ? 1 : 0) << ","
                  << to_string(p.limit) << "," << p.leg + 1 << ","
                  << csv_number(p.condition_number) << "," << csv_number(p.max_static_force)
                  << "," << csv_number(p.max_envelope_force) << ","
                  << csv_number(p.max_u_joint_angle) << "," << csv_number(p.max_s_joint_angle)
                  << "\n";
          }
    }
    written.push_back(f.finish());
  }
  // summary.csv: one row per orientation.
  {
    CsvWriter f(folder / "summary.csv", where);
    f.out << "orientation,roll,pitch,yaw,points,reachable,cell_volume,volume,"
             "max_condition_number,max_static_force,max_envelope_force\n";
    for (std::size_t o = 0; o < atlas.summary.size(); ++o) {
      const AtlasSummary& s = atlas.summary[o];
      f.out << o << "," << csv_number(s.rpy[0]) << "," << csv_number(s.rpy[1]) << ","
            << csv_number(s.rpy[2]) << "," << s.points << "," << s.reachable << ","
            << csv_number(atlas.cell_volume) << "," << csv_number(s.volume) << ","
            << csv_number(s.max_condition_number) << "," << csv_number(s.max_static_force) << ","
            << csv_number(s.max_envelope_force) << "\n";
    }
    written.push_back(f.finish());
  }
  // limits.csv: the limits used.
  {
    CsvWriter f(folder / "limits.csv", where);
    f.out << "leg,length_min,length_max,u_joint_angle_max,s_joint_angle_max,u_normal_x,"
             "u_normal_y,u_normal_z,s_normal_x,s_normal_y,s_normal_z,rule\n";
    for (int i = 0; i < kLegs; ++i) {
      const stewart::LegLimits& l = atlas.limits[i];
      f.out << i + 1 << "," << csv_number(l.length_min) << "," << csv_number(l.length_max) << ","
            << csv_number(l.u_joint_angle_max) << "," << csv_number(l.s_joint_angle_max);
      for (const Vector3d* n : {&l.u_joint_normal, &l.s_joint_normal})
        for (int r = 0; r < 3; ++r) f.out << "," << csv_number((*n)[r]);
      f.out << "," << atlas.limits_rule << "\n";
    }
    written.push_back(f.finish());
  }
  return written;
}

}  // namespace manipdyn::analysis
