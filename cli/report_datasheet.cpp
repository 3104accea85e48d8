// The datasheet part of `manipdyn report --model M` (report.hpp): the dynamics datasheet of an
// arm or a Stewart platform, computed by analysis/arm_datasheet.hpp or
// analysis/platform_datasheet.hpp, written as CSV (their writers), plotted by
// python/manipdyn/datasheet_plots.py (and stewart_plots.py for a platform's path), and quoted
// from those CSV files into DIR/index.html.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "html_page.hpp"
#include "model_option.hpp"
#include "report.hpp"
#include "python_scripts.hpp"
#include "report_support.hpp"
#include "manipdyn/analysis/arm_datasheet.hpp"
#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/io/model_file.hpp"

namespace fs = std::filesystem;

namespace manipdyn::cli {
namespace {

constexpr const char* kData = "datasheet";  // sub-folder of the CSV and PNG files

std::string rel(const std::string& file) { return std::string(kData) + "/" + file; }

// A CSV cell that may be "inf"/"nan" (no limit): quoted as it is, else as a number.
Html quote_limit(const CsvTable& csv, const std::string& row, const std::string& col,
                 int digits = 4) {
  const double x = csv.value(row, col);
  return std::isfinite(x) ? csv.quote(row, col, digits) : csv.quote_text(row, col);
}

void warnings_paragraph(HtmlPage& page, const std::vector<std::string>& warnings) {
  if (warnings.empty()) return;
  std::vector<Html> items;
  for (const auto& w : warnings) items.push_back(text(w));
  page.paragraph(tag("strong", text("Warnings of the model and the datasheet:")));
  page.list(items);
}

Html files_paragraph(const std::vector<fs::path>& written, const fs::path& folder) {
  Html files = text("CSV files: ");
  bool first = true;
  for (const auto& p : written) {
    const std::string r = rel(p.filename().string());
    if (fs::path(r).extension() != ".csv") continue;
    files = files + text(first ? "" : ", ") + link(r, r);
    first = false;
  }
  (void)folder;
  return files + text(".");
}

// ---- a serial arm ---------------------------------------------------------------------------

// The CSV files of an arm's datasheet, read back for quoting.
struct ArmTables {
  ArmTables(const fs::path& out, const analysis::ArmDatasheet& sheet)
      : summary(out, rel("summary.csv")), links(out, rel("links.csv")),
        joints(out, rel("joints.csv")), gravity(out, rel("gravity.csv")),
        peaks(out, rel("motion_peaks.csv")), diag(out, rel("mass_diagonal.csv")),
        cond(out, rel("condition_number.csv")), own(to_string(sheet.convention)),
        dh(out, rel(own == "modified" ? "dh_modified.csv" : "dh_standard.csv")), n(sheet.dof),
        tree(sheet.is_tree) {}
  CsvTable summary, links, joints, gravity, peaks, diag, cond;
  std::string own;  // the model's DH convention
  CsvTable dh;
  int n;
  bool tree;  // a tree: the modified table with parent, gamma, b; no standard table
};

// The row of joint i in a per-joint file; the row of `k` in summary.csv.
std::string key(int i) { return "i=" + std::to_string(i); }
std::string sv(const std::string& k) { return "key=" + k; }

// The model: joints, convention, masses, the DH table and the link inertias.
void arm_model_section(HtmlPage& page, const ArmTables& t) {
  page.heading(2, "Model", "model");
  page.paragraph(text("Joints: ") + t.summary.quote_text(sv("dof"), "value") +
                 text("; DH convention of the model: ") +
                 t.summary.quote_text(sv("convention"), "value") + text("; drive terms: ") +
                 t.summary.quote_text(sv("has_drive"), "value") + text("; total link mass ") +
                 t.summary.quote(sv("total_mass"), "value", 4) + text(" kg; gravity (") +
                 t.summary.quote(sv("gravity_x"), "value") + text(", ") +
                 t.summary.quote(sv("gravity_y"), "value") + text(", ") +
                 t.summary.quote(sv("gravity_z"), "value") + text(") m/s") +
                 tag("sup", text("2")) + text(" in the world frame."));
  // A tree's rows also name the joint, its parent (0: the base), gamma and b.
  std::vector<std::vector<Html>> rows;
  for (int i = 1; i <= t.n; ++i) {
    std::vector<Html> row = {text(std::to_string(i))};
    if (t.tree)
      row.insert(row.end(), {t.dh.quote_text(key(i), "name"), t.dh.quote_text(key(i), "type"),
                             t.dh.quote_text(key(i), "parent"), t.dh.quote(key(i), "gamma", 4),
                             t.dh.quote(key(i), "b", 4)});
    else
      row.push_back(t.dh.quote_text(key(i), "type"));
    row.insert(row.end(),
               {t.dh.quote(key(i), "a", 4), t.dh.quote(key(i), "alpha", 4),
                t.dh.quote(key(i), "d", 4), t.dh.quote(key(i), "theta", 4),
                t.links.quote(key(i), "mass", 4), t.links.quote(key(i), "com_x", 3),
                t.links.quote(key(i), "com_y", 3), t.links.quote(key(i), "com_z", 3),
                t.links.quote(key(i), "Ixx", 3), t.links.quote(key(i), "Iyy", 3),
                t.links.quote(key(i), "Izz", 3), t.links.quote(key(i), "reflected_inertia", 3)});
    rows.push_back(row);
  }
  std::vector<Html> header = {text("joint")};
  if (t.tree)
    header.insert(header.end(), {text("name"), text("type"), text("parent"), text("gamma (rad)"),
                                 text("b (m)")});
  else
    header.push_back(text("type"));
  header.insert(header.end(), {text("a (m)"), text("alpha (rad)"), text("d (m)"),
                               text("theta (rad)"), text("mass (kg)"), text("com x"),
                               text("com y"), text("com z (m)"), text("Ixx"), text("Iyy"),
                               text("Izz (kg m^2)"), text("G^2 Jm (kg m^2)")});
  const Html caption =
      t.tree ? text("The model is a tree (Khalil & Kleinfinger 1986): joint i is placed on the "
                    "frame of its parent (0: the base) by Rz(gamma) Tz(b), then the modified DH "
                    "row; a tree has no standard-DH form. Link inertias about the COM in frame "
                    "i (") + t.dh.link() + text(", ") + t.links.link() + text(")")
             : text("The model's own DH table (" + t.own + ") and link inertias about the COM in "
                    "frame i (") + t.dh.link() + text(", ") + t.links.link() +
                   text("; the other convention: ") +
                   link(rel(t.own == "modified" ? "dh_standard.csv" : "dh_modified.csv"),
                        rel(t.own == "modified" ? "dh_standard.csv" : "dh_modified.csv")) +
                   text(")");
  page.table(header, rows, caption);

}

// The joint ranges and the largest gravity torques.
void arm_gravity_section(HtmlPage& page, const ArmTables& t) {
  page.heading(2, "Joint ranges and the largest gravity torques", "gravity");
  std::vector<std::vector<Html>> rows;
  for (int i = 1; i <= t.n; ++i)
    rows.push_back({text(std::to_string(i)), t.joints.quote(key(i), "lo", 4),
                    t.joints.quote(key(i), "hi", 4), t.joints.quote_text(key(i), "from_limits"),
                    quote_limit(t.joints, key(i), "qd_max"), t.joints.quote(key(i), "qd_limit", 3),
                    quote_limit(t.joints, key(i), "tau_max"),
                    t.gravity.quote(key(i), "max_abs_tau_g", 4),
                    t.gravity.quote(key(i), "sample_max_abs_tau_g", 4),
                    quote_limit(t.gravity, key(i), "fraction_of_tau_max", 3)});
  page.table({text("joint"), text("range lo"), text("range hi"), text("from limits"),
              text("qd_max"), text("qd used"), text("tau_max"), text("max |G_i|"),
              text("sample max |G_i|"), text("max |G_i| / tau_max")},
             rows,
             text("Ranges sampled (rad or m; the model's limits where it has them), speed and "
                  "effort limits, and the largest |gravity torque| of each joint over the ranges (") +
                 t.joints.link() + text(", ") + t.gravity.link() + text(", with the pose of each)"));
  page.paragraph(text(
      "The largest |G_i| is searched over a seeded random sample of poses, then refined by a "
      "coordinate search from the best samples; the refined value is never below the sample's "
      "(column 'sample max'), which is the check that the refinement worked. Where tau_max is "
      "known, the last column says how much of the motor's effort gravity alone takes."));
  page.figure(rel("gravity.png"), "largest gravity torque per joint",
              text("Largest |G_i| per joint against the effort limit (where the model has one)."));

}

// The default point-to-point motion: peaks of torque and power.
void arm_motion_section(HtmlPage& page, const ArmTables& t) {
  page.heading(2, "A point-to-point motion at the speed limits", "motion");
  page.paragraph(
      text("The default motion (docs/datasheet.md): from the start pose to the goal pose with a ") +
      t.summary.quote_text(sv("motion_shape"), "value") +
      text(" profile, as fast as the speed limits allow: it lasts ") +
      t.summary.quote(sv("motion_duration"), "value") + text(" s, set by joint ") +
      t.summary.quote_text(sv("limiting_joint"), "value") +
      text(". The torques are the inverse dynamics along it; the power of joint i is "
           "tau_i qd_i (positive: the motor drives, negative: it brakes)."));
  std::vector<std::vector<Html>> rows;
  for (int i = 1; i <= t.n; ++i)
    rows.push_back({text(std::to_string(i)), t.peaks.quote(key(i), "start", 4),
                    t.peaks.quote(key(i), "goal", 4), t.peaks.quote(key(i), "max_abs_qd", 3),
                    t.peaks.quote(key(i), "max_abs_tau", 4), t.peaks.quote(key(i), "rms_tau", 4),
                    quote_limit(t.peaks, key(i), "tau_fraction_of_limit", 3),
                    t.peaks.quote(key(i), "max_power", 4), t.peaks.quote(key(i), "min_power", 4)});
  page.table({text("joint"), text("start"), text("goal"), text("max |qd|"), text("max |tau|"),
              text("rms tau"), text("max |tau| / tau_max"), text("max power (W)"),
              text("min power (W)")},
             rows, text("Peaks along the motion (") + t.peaks.link() + text("; samples: ") +
                       link(rel("motion.csv"), rel("motion.csv")) + text(")"));
  page.figures({rel("motion_tau.png"), rel("motion_power.png")},
               {text("Joint torques along the motion (dashed: effort limits)."),
                text("Joint powers tau_i qd_i and their sum.")});

}

// The mass-matrix diagonal and condition number over the workspace.
void arm_mass_matrix_section(HtmlPage& page, const ArmTables& t) {
  page.heading(2, "Mass matrix over the workspace", "mass-matrix");
  std::vector<std::vector<Html>> rows;
  for (int i = 1; i <= t.n; ++i)
    rows.push_back({text(std::to_string(i)), t.diag.quote(key(i), "M_min", 4),
                    t.diag.quote(key(i), "M_max", 4), t.diag.quote(key(i), "gear_ratio", 4),
                    t.diag.quote(key(i), "motor_side_min", 3),
                    t.diag.quote(key(i), "motor_side_max", 3)});
  page.table({text("joint"), text("min M_ii"), text("max M_ii"), text("gear ratio G"),
              text("min M_ii / G^2"), text("max M_ii / G^2")},
             rows,
             text("Range of the mass-matrix diagonal over the workspace sample (kg m^2 or kg, "
                  "joint side; divided by G^2: the inertia the motor shaft sees) (") +
                 t.diag.link() + text(")"));
  page.paragraph(
      text("The 2-norm condition number of M over ") +
      t.summary.quote_text(sv("workspace_samples"), "value") + text(" poses: min ") +
      t.cond.quote("statistic=min", "value") + text(", median ") +
      t.cond.quote("statistic=median", "value") + text(", max ") +
      t.cond.quote("statistic=max", "value") + text(" (") + t.cond.link() +
      text(", with the poses; every sample: ") +
      link(rel("workspace.csv"), rel("workspace.csv")) +
      text("). A large condition number means that some joint accelerations are much easier "
           "to produce than others, which a joint-space controller with equal gains feels."));
  page.figures({rel("mass_diagonal.png"), rel("condition.png")},
               {text("Range of each M_ii over the workspace sample (log scale)."),
                text("Condition number of M over the workspace sample.")});

}

// The time of each formulation on this arm (when measured).
void arm_timings_section(HtmlPage& page, const fs::path& out) {
  const CsvTable timings(out, rel("timings.csv"));
  page.heading(2, "Time of each formulation on this arm", "timings");
  std::vector<std::vector<Html>> rows;
  for (const auto& t : timings.rows()) {
    const std::string k = "operation=" + t[0] + ";method=" + t[1];
    const bool timed = std::isfinite(timings.value(k, "median_ns"));
    rows.push_back({text(t[0]), tag("code", text(t[1])),
                    timed ? timings.quote(k, "median_ns", 3) : text("-"),
                    timed ? timings.quote(k, "min_ns", 3) : text("-"),
                    timings.quote_text(k, "calls_per_repetition"), text(t.size() > 6 ? t[6] : "")});
  }
  page.table({text("operation"), text("method"), text("median (ns)"), text("fastest (ns)"),
              text("calls per repetition"), text("note")},
             rows, text("Median time of one call on this machine (") + timings.link() +
                       text("); times vary from run to run and machine to machine"));
}

void arm_page(const SerialModel& model, const std::string& label, const fs::path& out,
              const std::string& command) {
  // arm_datasheet's own steps (workspace, gravity, motion, timings), CSV and plots, the page.
  ReportProgress progress(6);
  analysis::ArmDatasheetOptions options;
  options.progress = [&progress](std::string_view step) { progress.step(std::string(step)); };
  const analysis::ArmDatasheet sheet = analysis::arm_datasheet(model, options);
  progress.step("CSV files and plots");
  const fs::path dir = out / kData;
  const auto written = analysis::write_arm_datasheet_csv(sheet, dir);
  const std::string name = sheet.name.empty() ? label : sheet.name;
  run_plot_script(python_script("datasheet_plots.py"), {"arm", dir.string(), name});
  progress.step("page");

  const ArmTables t(out, sheet);

  HtmlPage page("manipdyn datasheet: " + name);
  page.heading(1, "Dynamics datasheet: " + name);
  page.paragraph(
      text("Written by ") + tag("code", text(command)) +
      text(". Every number on this page is read from a CSV file in ") + tag("code", text(kData)) +
      text("/ (linked under each table); the sampling, the default motion and the quantities "
           "are described in docs/datasheet.md. SI units and radians; joint torques include the "
           "drive terms (reflected motor inertia, friction) when the model has them."));
  warnings_paragraph(page, sheet.warnings);

  arm_model_section(page, t);
  arm_gravity_section(page, t);
  arm_motion_section(page, t);
  arm_mass_matrix_section(page, t);
  if (!sheet.timings.empty()) arm_timings_section(page, out);
  page.paragraph(files_paragraph(written, dir));
  page.write(out / "index.html");
}

// ---- a Stewart platform ---------------------------------------------------------------------

// The per-leg table along the default motion, with its figures.
void platform_legs_section(HtmlPage& page, const CsvTable& legs) {
  const auto leg = [](int i) { return "leg=" + std::to_string(i); };
  std::vector<std::vector<Html>> rows;
  for (int i = 1; i <= 6; ++i)
    rows.push_back({text(std::to_string(i)), legs.quote(leg(i), "length_min_used", 4),
                    legs.quote(leg(i), "length_max_used", 4), legs.quote(leg(i), "stroke_used", 3),
                    quote_limit(legs, leg(i), "stroke_available", 3),
                    legs.quote_text(leg(i), "within_limits"),
                    legs.quote(leg(i), "max_abs_force", 4),
                    legs.quote(leg(i), "max_abs_force_improved", 4),
                    legs.quote(leg(i), "max_abs_force_static", 4),
                    quote_limit(legs, leg(i), "force_max", 4),
                    legs.quote(leg(i), "max_abs_dynamic_fraction", 3),
                    legs.quote(leg(i), "max_abs_rate", 3), legs.quote(leg(i), "max_abs_power", 4)});
  page.table({text("leg"), text("L min (m)"), text("L max (m)"), text("stroke used"),
              text("stroke available"), text("within limits"), text("max |F| (N)"),
              text("max |F_improved|"), text("max |F0|"), text("force limit"),
              text("max |Fd/F|"), text("max |dL/dt| (m/s)"), text("max |F dL/dt| (W)")},
             rows, text("Per leg along the default motion (") + legs.link() +
                       text("; |Fd/F| where |F| is at least 25% of the leg's peak)"));
  page.figures({rel("stroke.png"), rel("leg_forces.png")},
               {text("Stroke used against the stroke available (where the model has limits)."),
                text("Largest forces per leg, both models and the static part.")});
}

// Forces, dynamic fraction and conditioning along the motion.
void platform_forces_section(HtmlPage& page, const CsvTable& summary) {
  page.heading(2, "Forces, dynamic fraction and conditioning along the motion", "forces");
  page.paragraph(
      text("cond(H) of the 6x6 system (Dasgupta 1998 eq. 35) along the motion: min ") +
      summary.quote(sv("condition_min"), "value") + text(", median ") +
      summary.quote(sv("condition_median"), "value") + text(", max ") +
      summary.quote(sv("condition_max"), "value") + text(" at t = ") +
      summary.quote(sv("time_condition_max"), "value") + text(" s; ") +
      summary.quote_text(sv("ill_conditioned_samples"), "value") +
      text(" samples above the warning threshold. Largest |F| ") +
      summary.quote(sv("max_abs_force"), "value", 4) +
      text(" N; the two models differ by at most ") +
      summary.quote(sv("max_abs_model_difference"), "value") +
      text(" N (the improved model's U-joint reaction and leg spin)."));
  page.figures({rel("path_forces.png"), rel("path_fraction.png"), rel("path_condition.png"),
                rel("path_models.png")},
               {text("F, F0 and Fd = F - F0 per leg."), text("Dynamic fraction Fd/F per leg."),
                text("Condition number of H."),
                text("Improved vs Dasgupta forces per leg.")});
}

void platform_page(const stewart::StewartModel& model, const std::string& label,
                   const fs::path& out, const std::string& command) {
  // platform_datasheet's own step (the path), CSV and plots, the page.
  ReportProgress progress(3);
  analysis::PlatformDatasheetOptions options;
  options.progress = [&progress](std::string_view step) { progress.step(std::string(step)); };
  const analysis::PlatformDatasheet sheet = analysis::platform_datasheet(model, options);
  progress.step("CSV files and plots");
  const fs::path dir = out / kData;
  const auto written = analysis::write_platform_datasheet_csv(sheet, dir);
  const std::string name = sheet.name.empty() ? label : sheet.name;
  run_plot_script(python_script("datasheet_plots.py"), {"platform", dir.string(), name});
  run_plot_script(python_script("stewart_plots.py"),
                  {(dir / "path.csv").string(), (dir / "path").string(), name + ", default motion"});
  progress.step("page");

  const CsvTable summary(out, rel("summary.csv"));
  const CsvTable legs(out, rel("legs.csv"));

  HtmlPage page("manipdyn datasheet: " + name);
  page.heading(1, "Dynamics datasheet: " + name + " (Stewart platform)");
  page.paragraph(
      text("Written by ") + tag("code", text(command)) +
      text(". Every number on this page is read from a CSV file in ") + tag("code", text(kData)) +
      text("/ (linked under each table); docs/datasheet.md describes the home pose, the default "
           "motion and each quantity. F is the actuator force of Dasgupta & Mruthyunjaya's "
           "model (1998, eq. 37), F0 its massless-leg static part, F_improved that of "
           "Pedrammehr et al. (2012), which keeps the legs' axial spin."));
  warnings_paragraph(page, sheet.warnings);

  page.heading(2, "Masses and the default motion", "motion");
  page.paragraph(
      text("Platform mass ") + summary.quote(sv("platform_mass"), "value", 4) +
      text(" kg, legs ") + summary.quote(sv("leg_mass"), "value", 4) +
      text(" kg, moving mass ") + summary.quote(sv("total_moving_mass"), "value", 4) +
      text(" kg; platform size r = ") + summary.quote(sv("platform_size"), "value", 4) +
      text(" m. Home pose t = (") + summary.quote(sv("home_x"), "value") + text(", ") +
      summary.quote(sv("home_y"), "value") + text(", ") + summary.quote(sv("home_z"), "value") +
      text(") m (rule: ") + summary.quote_text(sv("home_rule"), "value") +
      text("). The default motion passes through it along (1, 1, 1)/sqrt(3) in translation "
           "and rotation with parabolic blends, in ") +
      summary.quote(sv("duration"), "value") + text(" s, sampled every ") +
      summary.quote(sv("dt"), "value") + text(" s (") +
      summary.quote_text(sv("samples"), "value") + text(" samples; ") +
      link(rel("path.csv"), rel("path.csv")) + text(")."));

  platform_legs_section(page, legs);
  platform_forces_section(page, summary);
  page.paragraph(files_paragraph(written, dir));
  page.write(out / "index.html");
}

}  // namespace

ReportModel load_report_model(const ModelSpec& spec) {
  // Arm or platform: by the spec, or for a YAML file by its content.
  const ModelSpecKind kind = model_spec_kind(spec.model);
  check_urdf_chain_options(spec, kind);
  bool platform = kind == ModelSpecKind::stewart_builtin;
  if (kind == ModelSpecKind::yaml_file)
    platform = std::holds_alternative<stewart::StewartModel>(load_model_file(spec));
  if (platform) return load_stewart_model(spec.model, true, "--model", spec.allow_invalid_inertia);
  return load_serial_model(spec, true, false);
}

void write_datasheet_report(const ReportModel& model, const std::string& label,
                            const fs::path& out, const std::string& command_line) {
  if (const auto* platform = std::get_if<stewart::StewartModel>(&model))
    platform_page(*platform, label, out, command_line);
  else
    arm_page(std::get<SerialModel>(model), label, out, command_line);
}

}  // namespace manipdyn::cli
