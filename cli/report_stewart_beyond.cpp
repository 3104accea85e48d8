// The section of the papers report on the Stewart platform beyond the papers
// (report_stewart_beyond.hpp): forward kinematics and forward dynamics by the library's studies (analysis/platform_forward_*_study.hpp), control by the library's control
// study (stewart/control_study.hpp) and the workspace atlas by the library
// (analysis/workspace_atlas.hpp), each presented as `manipdyn stewart control` and `manipdyn
// stewart atlas` present them; every number quoted from a CSV written beside the page.
#include "report_stewart_beyond.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "report_support.hpp"
#include "stewart_atlas_output.hpp"
#include "stewart_control_output.hpp"
#include "manipdyn/analysis/platform_forward_dynamics_study.hpp"
#include "manipdyn/analysis/platform_forward_kinematics_study.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"
#include "manipdyn/stewart/control_study.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace fs = std::filesystem;
namespace ms = manipdyn::stewart;

namespace manipdyn::cli {
namespace {

// FK(IK(x)) = x holds when the pose comes back to this (m, and rad for the orientation).
constexpr double kFkTolerance = 1e-9;
// FD(ID(xdd)) = xdd holds to this, relative to max |xdd| (tests/crosscheck: 1e-10).
constexpr double kFdTolerance = 1e-10;

const char* model_word(ms::DynamicsModel which) { return to_string(which); }

Html verdict(bool holds) {
  return tag("span", text(holds ? "Holds." : "Fails."),
             std::string("verdict ") + (holds ? "agrees" : "differs"));
}


// ---- (a) forward kinematics --------------------------------------------------------------------

// FK(IK(x)) over a grid about the home pose (the library's defaults: 5 x 5 x 5 positions, home
// +- 0.1 m, at three orientations): fk_grid.csv and fk_summary.csv in `dir`.
void write_fk_grid(const fs::path& dir, const ms::StewartModel& model) {
  const analysis::ForwardKinematicsRoundTrip rt = analysis::forward_kinematics_round_trip(model);
  std::vector<std::vector<std::string>> grid_rows;
  for (const analysis::ForwardKinematicsRoundTripPose& p : rt.poses)
    grid_rows.push_back({csv_number(p.t.x()), csv_number(p.t.y()), csv_number(p.t.z()),
                         csv_number(p.rpy(0)), csv_number(p.rpy(1)), csv_number(p.rpy(2)),
                         std::to_string(p.iterations), csv_number(p.residual),
                         csv_number(p.position_error), csv_number(p.orientation_error),
                         csv_number(p.condition_number)});
  write_csv(dir / "fk_grid.csv",
            {"x", "y", "z", "roll", "pitch", "yaw", "iterations", "residual", "position_error",
             "orientation_error", "condition_number"},
            grid_rows);
  write_csv(dir / "fk_summary.csv",
            {"poses", "converged", "max_position_error", "max_orientation_error",
             "max_iterations", "mean_iterations", "max_condition_number"},
            {{std::to_string(rt.poses.size()), std::to_string(rt.converged),
              csv_number(rt.max_position_error), csv_number(rt.max_orientation_error),
              std::to_string(rt.max_iterations), csv_number(rt.mean_iterations),
              csv_number(rt.max_condition_number)}});
}

// One solve in full (Path I at t = 3 s from the home pose), its residual per iteration:
// fk_iterations.csv in `dir`. Returns whether the convergence is quadratic.
bool write_fk_iterations(const fs::path& dir, const ms::StewartModel& model) {
  const analysis::ForwardKinematicsConvergence c = analysis::forward_kinematics_convergence(model);
  std::vector<std::vector<std::string>> log_rows;
  for (std::size_t k = 0; k < c.residuals.size(); ++k)
    log_rows.push_back({std::to_string(k), csv_number(c.residuals[k]),
                        k > 0 ? csv_number(c.ratios[k]) : std::string()});
  write_csv(dir / "fk_iterations.csv", {"iteration", "residual", "ratio_to_previous_squared"},
            log_rows);
  return c.quadratic;
}

void forward_kinematics_part(HtmlPage& page, const fs::path& out, const fs::path& dir,
                             const ms::StewartModel& model) {
  write_fk_grid(dir, model);
  const bool quadratic = write_fk_iterations(dir, model);
  const CsvTable sum(out, "stewart_beyond/fk_summary.csv");
  const CsvTable grid(out, "stewart_beyond/fk_grid.csv");
  const CsvTable its(out, "stewart_beyond/fk_iterations.csv");
  const bool round_trip = sum.value("", "converged") == sum.value("", "poses") &&
                          sum.value("", "max_position_error") < kFkTolerance &&
                          sum.value("", "max_orientation_error") < kFkTolerance;
  page.heading(3, "Forward kinematics: leg lengths to pose");
  page.paragraph(
      text("Newton-Raphson on the six length equations with the analytic Jacobian H^T "
           "(docs/stewart/forward.md), on Dasgupta's test platform. FK(IK(x)) over ") +
      sum.quote_text("", "poses") +
      text(" poses (home +- 0.1 m in x, y and z at 0.05 m, at three orientations up to 0.2 "
           "rad), each solved from a cold start at the home pose: ") +
      sum.quote_text("", "converged") + text(" converged, in at most ") +
      sum.quote_text("", "max_iterations") + text(" iterations (mean ") +
      sum.quote("", "mean_iterations", 2) + text("); the largest position error is ") +
      sum.quote("", "max_position_error", 2) + text(" m and the largest orientation error ") +
      sum.quote("", "max_orientation_error", 2) + text(" rad (cond(H) up to ") +
      sum.quote("", "max_condition_number") + text("). ") + verdict(round_trip) +
      text(" Every pose: ") + grid.link() + text("."));
  std::vector<std::vector<Html>> rows;
  for (const auto& r : its.rows()) {
    const std::string key = "iteration=" + r[0];
    rows.push_back({text(r[0]), its.quote(key, "residual", 3),
                    r[2].empty() ? text("-") : its.quote(key, "ratio_to_previous_squared", 3)});
  }
  page.table({text("iteration k"), text("residual r_k = max_i |L_i - L_i*| (m)"),
              text("r_k / r_{k-1}^2 (1/m)")},
             rows,
             text("One solve: the pose of Path I at t = 3 s from the home pose (") + its.link() +
                 text(")"));
  page.paragraph(
      text("Quadratic convergence shows as a bounded r_k / r_{k-1}^2 (the number of correct "
           "digits doubles per step): below 100 /m on every step from r_{k-1} <= 0.05 m down to "
           "the rounding floor, where an iteration converging linearly at rate 1/2 would show "
           "1/(2 r_{k-1}), 10^4 /m at r_{k-1} = 5e-5 m. ") +
      verdict(quadratic) +
      text(" The first step starts far from the root (r_0 above 0.05 m); the last only reaches "
           "the rounding floor of double precision, where the ratio means nothing."));
}

// ---- (b) forward dynamics ----------------------------------------------------------------------

// FD(ID(xdd)) = xdd on Path I (every 0.25 s, pseudo-random accelerations) for both models and
// both methods: fd_round_trip.csv in `dir`.
void write_fd_round_trip(const fs::path& dir, const ms::StewartModel& model) {
  std::vector<std::vector<std::string>> rt_rows;
  for (const analysis::ForwardDynamicsRoundTripRow& r : analysis::forward_dynamics_round_trip(model))
    rt_rows.push_back({model_word(r.model), to_string(r.method), std::to_string(r.states),
                       csv_number(r.max_abs_error), csv_number(r.max_abs_xdd),
                       csv_number(r.max_relative_error)});
  write_csv(dir / "fd_round_trip.csv",
            {"model", "method", "states", "max_abs_error", "max_abs_xdd", "max_relative_error"},
            rt_rows);
}

// The operation counts of forward dynamics as multiples of one inverse dynamics (Path I at
// t = 1.3 s): fd_cost.csv in `dir`.
void write_fd_cost(const fs::path& dir, const ms::StewartModel& model) {
  std::vector<std::vector<std::string>> cost_rows;
  for (const analysis::ForwardDynamicsCostRow& r : analysis::forward_dynamics_cost(model))
    cost_rows.push_back({model_word(r.model), r.algorithm, std::to_string(r.mul),
                         std::to_string(r.add), std::to_string(r.div),
                         std::to_string(r.functions), std::to_string(r.flops),
                         csv_number(r.ratio_to_inverse_dynamics)});
  write_csv(dir / "fd_cost.csv",
            {"model", "algorithm", "mul", "add", "div", "functions", "flops",
             "ratio_to_inverse_dynamics"},
            cost_rows);
}

void forward_dynamics_part(HtmlPage& page, const fs::path& out, const fs::path& dir,
                           const ms::StewartModel& model) {
  write_fd_round_trip(dir, model);
  write_fd_cost(dir, model);
  const CsvTable rt(out, "stewart_beyond/fd_round_trip.csv");
  const CsvTable cost(out, "stewart_beyond/fd_cost.csv");
  bool holds = true;
  double worst = 0;
  for (const auto& r : rt.rows()) {
    const double e = rt.value("model=" + r[0] + ";method=" + r[1], "max_relative_error");
    holds = holds && e < kFdTolerance;
    worst = std::max(worst, e);
  }
  page.heading(3, "Forward dynamics: forces to platform acceleration");
  page.paragraph(
      text("Both dynamic models written as Lambda(x) xdd + mu(x, xd) = H F (the task-space "
           "inertia Lambda in closed form, or strobed from the inverse dynamics at unit "
           "accelerations as Turney et al. 1980 do for serial arms; docs/stewart/forward.md), "
           "on the test platform with corrected inertias. FD(ID(xdd)) = xdd over ") +
      rt.quote_text("model=dasgupta;method=direct", "states") +
      text(" states of Path I (every 0.25 s, with pseudo-random accelerations up to 2 m/s^2 and "
           "5 rad/s^2): ") +
      verdict(holds) + text(" The largest error relative to max |xdd| is ") +
      rt.quote("model=dasgupta;method=direct", "max_relative_error", 2) +
      text(" (Dasgupta's model) and ") +
      rt.quote("model=improved;method=direct", "max_relative_error", 2) +
      text(" (improved), rounding level (") + rt.link() + text(")."));
  std::vector<std::vector<Html>> rows;
  for (const auto& r : cost.rows()) {
    const std::string key = "model=" + r[0] + ";algorithm=" + r[1];
    rows.push_back({text(r[0]), tag("code", text(r[1])), cost.quote_text(key, "mul"),
                    cost.quote_text(key, "add"), cost.quote_text(key, "div"),
                    cost.quote_text(key, "functions"), cost.quote_text(key, "flops"),
                    cost.quote(key, "ratio_to_inverse_dynamics", 3)});
  }
  page.table({text("model"), text("algorithm"), text("mul"), text("add"), text("div"),
              text("sqrt, sin, ..."), text("all operations"), text("/ one inverse dynamics")},
             rows,
             text("Operations of one call (counting scalar, Path I at t = 1.3 s, cond(H) not "
                  "computed), deterministic, unlike timings (") +
                 cost.link() + text(")"));
  page.paragraph(
      text("One forward dynamics with the closed-form Lambda costs ") +
      cost.quote("model=dasgupta;algorithm=forward_dynamics_direct", "ratio_to_inverse_dynamics",
                 2) +
      text(" inverse dynamics (Dasgupta's model) and ") +
      cost.quote("model=improved;algorithm=forward_dynamics_direct", "ratio_to_inverse_dynamics",
                 2) +
      text(" (improved); strobing Lambda costs ") +
      cost.quote("model=dasgupta;algorithm=forward_dynamics_strobing", "ratio_to_inverse_dynamics",
                 2) +
      text(" and ") +
      cost.quote("model=improved;algorithm=forward_dynamics_strobing", "ratio_to_inverse_dynamics",
                 2) +
      text(". Measured times are in docs/stewart.md (Performance)."));
}

// ---- (c) control ---------------------------------------------------------------------------------

void control_part(HtmlPage& page, const fs::path& out, const fs::path& dir) {
  // The library's control study with its defaults on Path I, as `manipdyn stewart control
  // --paper-path I --out DIR/control` presents it: its text and the plot scripts' output in
  // control.txt.
  const fs::path cdir = dir / "control";
  fs::create_directories(cdir);
  const fs::path log = cdir / "control.txt";
  write_log(log, [&](std::ostream& text) {
    write_platform_control_study({cdir, true, text, log}, ms::dasgupta_test_platform(false),
                                 ms::paper_path("I"), ms::PlatformControlStudyOptions{});
  });

  const CsvTable s(out, "stewart_beyond/control/summary.csv");
  page.heading(3, "Task-space computed-torque control on Path I");
  page.paragraph(
      text("Run by ") + tag("code", text("manipdyn stewart control --paper-path I")) +
      text(" (docs/stewart/simulation.md): the plant is the improved model of the test platform "
           "(corrected inertias) integrated by RK4 at 1 ms; the controller F = ID(x, xd, a_cmd) "
           "with a_cmd = xdd_d + Kv (xd_d - xd) + Kp e (wn = 40 rad/s, critically damped) is "
           "sampled every 1 ms with zero-order hold. The cases: an exact model (ideal), a 10 kg "
           "payload the controller does not know, the controller's masses and inertias +20%, "
           "Dasgupta's model in the controller, 16-bit leg-length sensors with forward "
           "kinematics in the loop, and a leg-space PD with gravity compensation."));
  std::vector<std::vector<Html>> rows;
  std::vector<std::string> cases, srcs;
  std::vector<Html> caps;
  for (const auto& r : s.rows()) {
    const std::string key = "case=" + r[0];
    cases.push_back(r[0]);
    rows.push_back({tag("code", text(r[0])), s.quote(key, "max_position_error", 3),
                    s.quote(key, "rms_position_error", 3),
                    s.quote(key, "max_orientation_error", 3),
                    s.quote(key, "rms_orientation_error", 3), s.quote(key, "max_abs_force", 4)});
    const std::string stem = "stewart_beyond/control/control_I_" + r[0];
    srcs.push_back(stem + "_tracking.png");
    caps.push_back(tag("code", text(r[0])) +
                   text(": position and orientation error along Path I; data ") +
                   link(stem + ".csv", stem + ".csv") + text(", forces ") +
                   link(stem + "_forces.png", stem + "_forces.png"));
  }
  page.table({text("case"), text("max |t_d - t| (m)"), text("rms (m)"),
              text("max |log(R_d R^T)| (rad)"), text("rms (rad)"), text("max |F_i| (N)")},
             rows, text("Tracking errors along Path I (6 s) (") + s.link() + text(")"));
  // The worst case, and how much better the ideal one is than every other (a factor, not quoted).
  const double ideal = s.value("case=ideal", "max_position_error");
  std::string worst = cases.front();
  double least_ratio = 1e300;
  for (const auto& c : cases) {
    const double e = s.value("case=" + c, "max_position_error");
    if (e > s.value("case=" + worst, "max_position_error")) worst = c;
    if (c != "ideal") least_ratio = std::min(least_ratio, e / ideal);
  }
  const bool offset = worst == "payload" || worst == "inertia";
  const bool noisy =
      s.value("case=quantised", "max_abs_force") > s.value("case=ideal", "max_abs_force");
  page.paragraph(
      text("With an exact model the only error left is the zero-order hold: ") +
      s.quote("case=ideal", "max_position_error", 2) + text(" m and ") +
      s.quote("case=ideal", "max_orientation_error", 2) +
      text(std::string(" rad. ") +
           (least_ratio >= 10 ? "Every other case tracks at least ten times worse; the"
                              : "The") +
           " largest position error is that of ") +
      tag("code", text(worst)) + text(", ") + s.quote("case=" + worst, "max_position_error", 2) +
      text(offset ? " m, a nearly constant offset (the law has no integral action). "
                  : " m. ") +
      text("With quantised sensors and forward kinematics in the loop the peak force is ") +
      s.quote("case=quantised", "max_abs_force", 3) + text(" N against ") +
      s.quote("case=ideal", "max_abs_force", 3) +
      text(noisy ? " N: the twist, a difference of quantised poses, is noisy, and the "
                   "controller passes the noise on to the forces."
                 : " N."));
  page.figures(srcs, caps);
}

// ---- (d) workspace atlas -------------------------------------------------------------------------

void atlas_part(HtmlPage& page, const fs::path& out, const fs::path& dir) {
  // The library's atlas of the Dasgupta platform as printed (a 21^3 grid, RPY 0, the default
  // envelope; the platform has no limits, so the default rule's), presented as `manipdyn
  // stewart atlas --resolution 21 --out DIR/atlas` presents it: its text and the plot script's
  // output in atlas.txt.
  const fs::path adir = dir / "atlas";
  fs::create_directories(adir);
  const fs::path log = adir / "atlas.txt";
  const ms::StewartModel printed = ms::dasgupta_test_platform(true);
  analysis::WorkspaceAtlasOptions options;
  options.use_given_limits = true;
  options.limits = analysis::atlas_default_limits(printed, {});
  const analysis::WorkspaceAtlas atlas = analysis::workspace_atlas(printed, options);
  write_log(log, [&](std::ostream& text) {
    write_workspace_atlas({adir, true, text, log}, printed, options, atlas, false);
  });

  const CsvTable s(out, "stewart_beyond/atlas/summary.csv");
  const CsvTable limits(out, "stewart_beyond/atlas/limits.csv");
  const std::string k = "orientation=0";
  page.heading(3, "Workspace atlas of the Dasgupta platform");
  page.paragraph(
      text("Run by ") + tag("code", text("manipdyn stewart atlas --resolution 21")) +
      text(" (docs/stewart/atlas.md): a 21 x 21 x 21 grid of platform positions at RPY 0 on the "
           "printed test platform, with the default limits (each leg its home length +- 20% of "
           "the mean home length, U-joint cone 40 deg, S-joint cone 30 deg about the home leg "
           "axis; ") +
      limits.link() +
      text("). At each reachable pose: cond(H), the static leg forces, and the largest leg force "
           "over the acceleration box |a_k| <= 2 m/s^2, |alpha_k| <= 5 rad/s^2. Of ") +
      s.quote_text(k, "points") + text(" grid points ") + s.quote_text(k, "reachable") +
      text(" are reachable, a volume of ") + s.quote(k, "volume", 3) + text(" m^3 (cells of ") +
      s.quote(k, "cell_volume", 3) + text(" m^3); over it cond(H) stays below ") +
      s.quote(k, "max_condition_number", 3) + text(", the static leg forces below ") +
      s.quote(k, "max_static_force", 3) + text(" N and the envelope forces below ") +
      s.quote(k, "max_envelope_force", 3) + text(" N (") + s.link() + text(")."));
  page.figure("stewart_beyond/atlas/atlas_o0_envelope_force.png",
              "largest leg force over the acceleration box, x-y slices",
              text("The largest leg force over the acceleration box at six heights: the forces "
                   "grow towards the reachable boundary at negative x. Also ") +
                  link("stewart_beyond/atlas/atlas_o0_condition.png", "cond(H)") + text(", ") +
                  link("stewart_beyond/atlas/atlas_o0_static_force.png", "static force") +
                  text(", ") + link("stewart_beyond/atlas/atlas_o0_limits.png", "which limit") +
                  text(" and every pose in ") +
                  link("stewart_beyond/atlas/atlas.csv", "atlas.csv") + text("."));
}

}  // namespace

void stewart_beyond_section(HtmlPage& page, const fs::path& out, ReportProgress& progress,
                            int number) {
  const fs::path dir = out / "stewart_beyond";
  fs::create_directories(dir);
  page.heading(2, std::to_string(number) + ". Stewart platform beyond the papers",
               "stewart-beyond");
  page.paragraph(
      tag("strong", text("The papers: ")) +
      text("Dasgupta & Mruthyunjaya (1998) solve the inverse dynamics only and close with ") +
      tag("em", text("\"The scope for future work includes the development of closed form "
                     "dynamic equations of the Stewart platform based on this formulation which "
                     "will be useful for the purpose of simulation and the design of control "
                     "systems\"")) +
      text(" (sec. 6); their paths are assumed to lie in the workspace, \"no limitation has "
           "been imposed on the leg lengths\" (sec. 5). Pedrammehr et al. (2012) likewise stop "
           "at the inverse dynamics. This section does that future work on their test "
           "platform: forward kinematics, forward dynamics of both models, control along Path I "
           "and the workspace under leg and joint limits."));
  progress.step("Stewart forward kinematics and forward dynamics");
  const ms::StewartModel corrected = ms::dasgupta_test_platform(false);
  forward_kinematics_part(page, out, dir, corrected);
  forward_dynamics_part(page, out, dir, corrected);
  progress.step("Stewart control on Path I (6 simulations)");
  control_part(page, out, dir);
  progress.step("Stewart workspace atlas");
  atlas_part(page, out, dir);
}

}  // namespace manipdyn::cli
