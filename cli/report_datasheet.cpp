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
Html quote_limit(const CsvFile& csv, const std::string& row, const std::string& col,
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
  run_plot_script("datasheet_plots.py", {"arm", dir.string(), name});
  progress.step("page");

  const CsvFile summary(out, rel("summary.csv"));
  const CsvFile links(out, rel("links.csv"));
  const CsvFile joints(out, rel("joints.csv"));
  const CsvFile gravity(out, rel("gravity.csv"));
  const CsvFile peaks(out, rel("motion_peaks.csv"));
  const CsvFile diag(out, rel("mass_diagonal.csv"));
  const CsvFile cond(out, rel("condition_number.csv"));
  const std::string own = to_string(sheet.convention);
  const CsvFile dh(out, rel(own == "modified" ? "dh_modified.csv" : "dh_standard.csv"));
  const int n = sheet.dof;
  const auto key = [](int i) { return "i=" + std::to_string(i); };
  const auto sv = [](const std::string& k) { return "key=" + k; };

  HtmlPage page("manipdyn datasheet: " + name);
  page.heading(1, "Dynamics datasheet: " + name);
  page.paragraph(
      text("Written by ") + tag("code", text(command)) +
      text(". Every number on this page is read from a CSV file in ") + tag("code", text(kData)) +
      text("/ (linked under each table); the sampling, the default motion and the quantities "
           "are described in docs/datasheet.md. SI units and radians; joint torques include the "
           "drive terms (reflected motor inertia, friction) when the model has them."));
  warnings_paragraph(page, sheet.warnings);

  page.heading(2, "Model", "model");
  page.paragraph(text("Joints: ") + summary.quote_text(sv("dof"), "value") +
                 text("; DH convention of the model: ") +
                 summary.quote_text(sv("convention"), "value") + text("; drive terms: ") +
                 summary.quote_text(sv("has_drive"), "value") + text("; total link mass ") +
                 summary.quote(sv("total_mass"), "value", 4) + text(" kg; gravity (") +
                 summary.quote(sv("gravity_x"), "value") + text(", ") +
                 summary.quote(sv("gravity_y"), "value") + text(", ") +
                 summary.quote(sv("gravity_z"), "value") + text(") m/s") +
                 tag("sup", text("2")) + text(" in the world frame."));
  std::vector<std::vector<Html>> rows;
  for (int i = 1; i <= n; ++i)
    rows.push_back({text(std::to_string(i)), dh.quote_text(key(i), "type"),
                    dh.quote(key(i), "a", 4), dh.quote(key(i), "alpha", 4),
                    dh.quote(key(i), "d", 4), dh.quote(key(i), "theta", 4),
                    links.quote(key(i), "mass", 4), links.quote(key(i), "com_x", 3),
                    links.quote(key(i), "com_y", 3), links.quote(key(i), "com_z", 3),
                    links.quote(key(i), "Ixx", 3), links.quote(key(i), "Iyy", 3),
                    links.quote(key(i), "Izz", 3), links.quote(key(i), "reflected_inertia", 3)});
  page.table({text("joint"), text("type"), text("a (m)"), text("alpha (rad)"), text("d (m)"),
              text("theta (rad)"), text("mass (kg)"), text("com x"), text("com y"),
              text("com z (m)"), text("Ixx"), text("Iyy"), text("Izz (kg m^2)"),
              text("G^2 Jm (kg m^2)")},
             rows,
             text("The model's own DH table (" + own + ") and link inertias about the COM in "
                  "frame i (") + dh.link() + text(", ") + links.link() +
                 text("; the other convention: ") +
                 link(rel(own == "modified" ? "dh_standard.csv" : "dh_modified.csv"),
                      rel(own == "modified" ? "dh_standard.csv" : "dh_modified.csv")) +
                 text(")"));

  page.heading(2, "Joint ranges and the largest gravity torques", "gravity");
  rows.clear();
  for (int i = 1; i <= n; ++i)
    rows.push_back({text(std::to_string(i)), joints.quote(key(i), "lo", 4),
                    joints.quote(key(i), "hi", 4), joints.quote_text(key(i), "from_limits"),
                    quote_limit(joints, key(i), "qd_max"), joints.quote(key(i), "qd_limit", 3),
                    quote_limit(joints, key(i), "tau_max"),
                    gravity.quote(key(i), "max_abs_tau_g", 4),
                    gravity.quote(key(i), "sample_max_abs_tau_g", 4),
                    quote_limit(gravity, key(i), "fraction_of_tau_max", 3)});
  page.table({text("joint"), text("range lo"), text("range hi"), text("from limits"),
              text("qd_max"), text("qd used"), text("tau_max"), text("max |G_i|"),
              text("sample max |G_i|"), text("max |G_i| / tau_max")},
             rows,
             text("Ranges sampled (rad or m; the model's limits where it has them), speed and "
                  "effort limits, and the largest |gravity torque| of each joint over the ranges (") +
                 joints.link() + text(", ") + gravity.link() + text(", with the pose of each)"));
  page.paragraph(text(
      "The largest |G_i| is searched over a seeded random sample of poses, then refined by a "
      "coordinate search from the best samples; the refined value is never below the sample's "
      "(column 'sample max'), which is the check that the refinement worked. Where tau_max is "
      "known, the last column says how much of the motor's effort gravity alone takes."));
  page.figure(rel("gravity.png"), "largest gravity torque per joint",
              text("Largest |G_i| per joint against the effort limit (where the model has one)."));

  page.heading(2, "A point-to-point motion at the speed limits", "motion");
  page.paragraph(
      text("The default motion (docs/datasheet.md): from the start pose to the goal pose with a ") +
      summary.quote_text(sv("motion_shape"), "value") +
      text(" profile, as fast as the speed limits allow: it lasts ") +
      summary.quote(sv("motion_duration"), "value") + text(" s, set by joint ") +
      summary.quote_text(sv("limiting_joint"), "value") +
      text(". The torques are the inverse dynamics along it; the power of joint i is "
           "tau_i qd_i (positive: the motor drives, negative: it brakes)."));
  rows.clear();
  for (int i = 1; i <= n; ++i)
    rows.push_back({text(std::to_string(i)), peaks.quote(key(i), "start", 4),
                    peaks.quote(key(i), "goal", 4), peaks.quote(key(i), "max_abs_qd", 3),
                    peaks.quote(key(i), "max_abs_tau", 4), peaks.quote(key(i), "rms_tau", 4),
                    quote_limit(peaks, key(i), "tau_fraction_of_limit", 3),
                    peaks.quote(key(i), "max_power", 4), peaks.quote(key(i), "min_power", 4)});
  page.table({text("joint"), text("start"), text("goal"), text("max |qd|"), text("max |tau|"),
              text("rms tau"), text("max |tau| / tau_max"), text("max power (W)"),
              text("min power (W)")},
             rows, text("Peaks along the motion (") + peaks.link() + text("; samples: ") +
                       link(rel("motion.csv"), rel("motion.csv")) + text(")"));
  page.figures({rel("motion_tau.png"), rel("motion_power.png")},
               {text("Joint torques along the motion (dashed: effort limits)."),
                text("Joint powers tau_i qd_i and their sum.")});

  page.heading(2, "Mass matrix over the workspace", "mass-matrix");
  rows.clear();
  for (int i = 1; i <= n; ++i)
    rows.push_back({text(std::to_string(i)), diag.quote(key(i), "M_min", 4),
                    diag.quote(key(i), "M_max", 4), diag.quote(key(i), "gear_ratio", 4),
                    diag.quote(key(i), "motor_side_min", 3),
                    diag.quote(key(i), "motor_side_max", 3)});
  page.table({text("joint"), text("min M_ii"), text("max M_ii"), text("gear ratio G"),
              text("min M_ii / G^2"), text("max M_ii / G^2")},
             rows,
             text("Range of the mass-matrix diagonal over the workspace sample (kg m^2 or kg, "
                  "joint side; divided by G^2: the inertia the motor shaft sees) (") +
                 diag.link() + text(")"));
  page.paragraph(
      text("The 2-norm condition number of M over ") +
      summary.quote_text(sv("workspace_samples"), "value") + text(" poses: min ") +
      cond.quote("statistic=min", "value") + text(", median ") +
      cond.quote("statistic=median", "value") + text(", max ") +
      cond.quote("statistic=max", "value") + text(" (") + cond.link() +
      text(", with the poses; every sample: ") +
      link(rel("workspace.csv"), rel("workspace.csv")) +
      text("). A large condition number means that some joint accelerations are much easier "
           "to produce than others, which a joint-space controller with equal gains feels."));
  page.figures({rel("mass_diagonal.png"), rel("condition.png")},
               {text("Range of each M_ii over the workspace sample (log scale)."),
                text("Condition number of M over the workspace sample.")});

  if (!sheet.timings.empty()) {
    const CsvFile timings(out, rel("timings.csv"));
    page.heading(2, "Time of each formulation on this arm", "timings");
    rows.clear();
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
  page.paragraph(files_paragraph(written, dir));
  page.write(out / "index.html");
}

// ---- a Stewart platform ---------------------------------------------------------------------

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
  run_plot_script("datasheet_plots.py", {"platform", dir.string(), name});
  run_plot_script("stewart_plots.py",
                  {(dir / "path.csv").string(), (dir / "path").string(), name + ", default motion"});
  progress.step("page");

  const CsvFile summary(out, rel("summary.csv"));
  const CsvFile legs(out, rel("legs.csv"));
  const auto sv = [](const std::string& k) { return "key=" + k; };
  const auto leg = [](int i) { return "leg=" + std::to_string(i); };

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
