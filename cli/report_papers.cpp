// The papers part of `manipdyn report`: the founding papers reproduced into one page
// (report.hpp). Each section computes with the same library functions as the command that does
// the same job alone (inverse-dynamics, opcount, control --paper, stewart studies) or with the
// library's studies (analysis/formulation_agreement.hpp, stewart/leg_extremes.hpp), writes its
// CSV and PNG files into its own sub-folder, reads the CSV back and quotes from it.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "control_output.hpp"
#include "html_page.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
#include "report.hpp"
#include "report_free_floating.hpp"
#include "report_parallel.hpp"
#include "report_identification.hpp"
#include "report_optimal_control.hpp"
#include "report_stewart_beyond.hpp"
#include "report_support.hpp"
#include "manipdyn/analysis/formulation_agreement.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"
#include "manipdyn/stewart/leg_extremes.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace fs = std::filesystem;
namespace ms = manipdyn::stewart;

namespace manipdyn::cli {
namespace {

// A leg spin below this (rad/s) is zero to rounding.
constexpr double kZeroSpin = 1e-12;

// A published operation count: an integer as it is, else with 6 digits.
Html paper_count(const CsvTable& csv, const std::string& row, const std::string& col) {
  const double x = csv.value(row, col);
  return x == std::round(x) ? csv.quote_text(row, col) : csv.quote(row, col, 6);
}

// ---- 1. the formulations agree ------------------------------------------------------------

// The formulations compared, in the column order of puma560_tau.csv.
std::vector<InverseDynamicsMethod> formulations() {
  return analysis::FormulationAgreementOptions{}.methods;
}

// Inverse dynamics of the PUMA 560 by every formulation at its named configurations
// (analysis/formulation_agreement.hpp): puma560_tau.csv and agreement.csv in `dir`. Returns the
// configuration names and the number of joints.
std::pair<std::vector<std::string>, int> write_formulation_csvs(const fs::path& dir) {
  // As `manipdyn inverse-dynamics`: the PUMA 560 with its drive terms, qd = 0.5, qdd = 1.
  const SerialModel model = load_serial_model({"puma560", "", ""}, true, false);
  const int n = model.dof();
  const analysis::FormulationAgreement fa = analysis::formulation_agreement(model);
  std::vector<std::string> tau_header = {"configuration", "joint", "q", "qd", "qdd"};
  for (auto m : fa.methods) tau_header.push_back(to_string(m));
  std::vector<std::vector<std::string>> tau_rows, agree_rows;
  std::vector<std::string> config_names;
  for (const analysis::FormulationConfiguration& c : fa.configurations) {
    config_names.push_back(c.name);
    for (int i = 0; i < n; ++i) {
      std::vector<std::string> r = {c.name, std::to_string(i + 1), csv_number(c.q[i]),
                                    csv_number(fa.qd[i]), csv_number(fa.qdd[i])};
      for (const auto& t : c.tau) r.push_back(csv_number(t[i]));
      tau_rows.push_back(r);
    }
    for (std::size_t k = 0; k < fa.methods.size(); ++k)
      agree_rows.push_back({c.name, to_string(fa.methods[k]), csv_number(c.max_abs_difference[k]),
                            csv_number(c.max_relative_difference[k]),
                            csv_number(c.max_abs_tau_reference)});
  }
  for (std::size_t k = 0; k < fa.methods.size(); ++k)
    agree_rows.push_back(
        {"all", to_string(fa.methods[k]), "", csv_number(fa.worst_relative_difference[k]), ""});
  write_csv(dir / "puma560_tau.csv", tau_header, tau_rows);
  write_csv(dir / "agreement.csv",
            {"configuration", "formulation", "max_abs_difference", "max_relative_difference",
             "max_abs_tau_newton_euler"},
            agree_rows);
  return {config_names, n};
}

// The largest relative difference per configuration, and the papers' statement.
void formulations_agreement(HtmlPage& page, const CsvTable& agree, const CsvTable& taus,
                            const std::vector<std::string>& config_names) {
  const std::vector<InverseDynamicsMethod> methods = formulations();
  page.heading(2, "1. Every formulation computes the same torques", "formulations");
  page.paragraph(
      text("Inverse dynamics of the PUMA 560 (Corke's parameters, with motor inertia and "
           "friction) by the five formulations at Corke's configurations qz, qr, qs and qn, with "
           "qd = 0.5 rad/s and qdd = 1 rad/s") + tag("sup", text("2")) +
      text(" on every joint (as ") + tag("code", text("manipdyn inverse-dynamics")) +
      text("). The table gives, per configuration, the largest difference from Newton-Euler "
           "relative to the largest Newton-Euler torque."));
  std::vector<Html> header = {text("configuration")};
  for (auto m : methods)
    if (m != InverseDynamicsMethod::newton_euler) header.push_back(tag("code", text(to_string(m))));
  header.push_back(text("largest |tau| (N m)"));
  std::vector<std::vector<Html>> rows;
  for (const std::string& name : config_names) {
    std::vector<Html> r = {text(name)};
    for (auto m : methods)
      if (m != InverseDynamicsMethod::newton_euler)
        r.push_back(agree.quote("configuration=" + name + ";formulation=" + to_string(m),
                                "max_relative_difference", 2));
    r.push_back(agree.quote("configuration=" + name + ";formulation=newton_euler",
                            "max_abs_tau_newton_euler", 4));
    rows.push_back(r);
  }
  page.table(header, rows,
             text("Largest relative difference from Newton-Euler, max_i |tau_m,i - tau_ne,i| / "
                  "max_i |tau_ne,i| (") + agree.link() + text("; torques: ") + taus.link() +
                 text(")"));
  double overall = 0;
  std::string overall_method;
  for (auto m : methods) {
    const double w = agree.value("configuration=all;formulation=" + std::string(to_string(m)),
                                 "max_relative_difference");
    if (w >= overall) {
      overall = w;
      overall_method = to_string(m);
    }
  }
  const bool agrees = overall < 1e-12;
  page.paragraph(
      tag("strong", text("The papers: ")) +
      text("Turney, Mudge & Lee (1980) and Lee et al. (1982) present the Lagrange-Euler, "
           "Newton-Euler and modified Newton-Euler sets as different ways of computing the same "
           "joint torques, and compare only their cost; Craig's modified-DH form computes the "
           "same. ") +
      verdict(agrees) +
      text(" The largest relative difference over the four configurations is ") +
      agree.quote("configuration=all;formulation=" + overall_method, "max_relative_difference",
                  2) +
      text(" (" + overall_method + "), " +
           std::string(agrees ? "rounding level for double precision" : "above rounding level") +
           ". The equality holds only after the misprints listed in section 6 are corrected "
           "(e.g. w_{i-1} in Turney's eq. 3.16, the sign and the COM reference of eq. 5.2)."));
}

// One configuration's torques in full, for the eye.
void formulations_torques(HtmlPage& page, const CsvTable& taus, int n) {
  const std::vector<InverseDynamicsMethod> methods = formulations();
  std::vector<Html> th = {text("joint")};
  for (auto m : methods) th.push_back(tag("code", text(to_string(m))));
  std::vector<std::vector<Html>> tr;
  for (int i = 1; i <= n; ++i) {
    std::vector<Html> r = {text(std::to_string(i))};
    for (auto m : methods)
      r.push_back(taus.quote("configuration=qn;joint=" + std::to_string(i), to_string(m), 6));
    tr.push_back(r);
  }
  page.table(th, tr,
             text("Joint torques (N m) at qn = (0, pi/4, pi, 0, pi/4, 0) by each formulation (") +
                 taus.link() + text(", 17 digits)"));
}

void formulations_section(HtmlPage& page, const fs::path& out) {
  const fs::path dir = out / "formulations";
  fs::create_directories(dir);
  const auto [config_names, joints] = write_formulation_csvs(dir);
  const CsvTable taus(out, "formulations/puma560_tau.csv");
  const CsvTable agree(out, "formulations/agreement.csv");
  formulations_agreement(page, agree, taus, config_names);
  formulations_torques(page, taus, joints);
}

// ---- 2. operation counts -------------------------------------------------------------------

// The operation counts for n = 1..12 and on the PUMA 560: opcount.csv (with its plot) and
// puma560.csv in `dir`.
void write_opcount_csvs(const fs::path& dir, ReportProgress& progress) {
  // As `manipdyn opcount --n-max 12 --csv ...` and run_demo.sh's plot.
  const auto rows = operation_count_report(1, 12);
  {
    CsvWriter f(dir / "opcount.csv");
    write_operation_counts_csv(f.out, rows);
    f.finish();
  }
  progress.step("operation-count plot");
  run_plot_script(python_script("plot_csv.py"), {(dir / "opcount.csv").string(), (dir / "opcount_mul.png").string(),
                                  "--x", "n", "--y", "mul", "--group", "algorithm", "--logy",
                                  "--title", "multiplications per call (counted)"});
  // On the PUMA 560 itself (no drive terms, as the papers count).
  const SerialModel puma = load_serial_model({"puma560", "", ""}, false, false);
  const auto puma_rows = operation_counts_for_model(
      puma, inverse_dynamics_count_names());
  {
    CsvWriter f(dir / "puma560.csv");
    write_operation_counts_csv(f.out, puma_rows);
    f.finish();
  }
}

// The counts at n = 6 and on the PUMA 560 beside the papers' formulas.
void opcount_tables(HtmlPage& page, const CsvTable& counts, const CsvTable& on_puma) {
  page.heading(2, "2. Operation counts beside the papers' formulas", "opcount");
  page.paragraph(
      text("Each algorithm runs once per n with the counting scalar on a generic random arm of n "
           "all-revolute joints (twists not multiples of pi/2, full inertia tensors, no drive "
           "terms), as ") +
      tag("code", text("manipdyn opcount --n-max 12")) +
      text(" does; sin and cos of the joint angles are function calls, not multiplications. "
           "The papers' columns are the published formulas evaluated at n (Turney et al. 1980 "
           "Table 1 for the formulations; Lee et al. 1982 Tables 1-2 for the control laws)."));
  std::vector<std::vector<Html>> table;
  std::set<std::string> seen;
  int below = 0, above = 0;
  std::vector<std::string> above_names;
  for (const auto& r : counts.rows()) {
    const std::string algorithm = r[0];
    if (r[1] != "6" || !seen.insert(algorithm).second) continue;
    const std::string key = "algorithm=" + algorithm + ";n=6";
    const bool has_paper = !counts.cell(key, "paper_mul").empty();
    Html v = text("no published formula");
    if (has_paper) {
      const double mul = counts.value(key, "mul") + counts.value(key, "div");
      const bool ok = mul <= counts.value(key, "paper_mul") &&
                      counts.value(key, "add") <= counts.value(key, "paper_add");
      (ok ? below : above) += 1;
      if (!ok) above_names.push_back(algorithm);
      v = verdict(ok, ok ? "at or below the formula" : "above the formula");
    }
    table.push_back({tag("code", text(algorithm)), counts.quote_text(key, "mul"),
                     counts.quote_text(key, "add"), counts.quote_text(key, "div"),
                     has_paper ? paper_count(counts, key, "paper_mul") : text("-"),
                     has_paper ? paper_count(counts, key, "paper_add") : text("-"), v});
  }
  page.table({text("algorithm"), text("mul"), text("add"), text("div"), text("paper mul"),
              text("paper add"), text("(mul + div) and add vs the paper")},
             table, text("Operations of one call at n = 6, generic arm (") + counts.link() +
                        text(", n = 1..12)"));
  page.figure("opcount/opcount_mul.png", "multiplications per call against n",
              text("Multiplications per call against n (log scale), every counted algorithm: the "
                   "Newton-Euler family grows linearly, Lagrange-Euler as n") +
                  tag("sup", text("3")) + text(" (its control law as n") + tag("sup", text("4")) +
                  text(")."));
  std::vector<std::vector<Html>> pt;
  for (const auto& r : on_puma.rows()) {
    const std::string key = "algorithm=" + r[0] + ";n=" + r[1];
    pt.push_back({tag("code", text(r[0])), on_puma.quote_text(key, "mul"),
                  on_puma.quote_text(key, "add"),
                  r[9].empty() ? text("-") : paper_count(on_puma, key, "paper_mul"),
                  r[10].empty() ? text("-") : paper_count(on_puma, key, "paper_add")});
  }
  page.table({text("formulation"), text("mul"), text("add"), text("paper mul"), text("paper add")},
             pt, text("The same on the PUMA 560 itself, whose DH structure (twists of +-pi/2, zero "
                      "offsets, principal axes along the link frames) the default formulation "
                      "exploits (") + on_puma.link() + text(")"));
  std::string above_text;
  for (const auto& a : above_names) above_text += (above_text.empty() ? "" : ", ") + a;
  page.paragraph(
      tag("strong", text("The papers: ")) +
      text("Turney et al. 1980 Table 1 gives 108n - 12 multiplications and 100n - 9 additions "
           "for Newton-Euler, 90n - 27 and 88n - 24 for the modified set and "
           "81/6 n^3 + 165/2 n^2 + 5n and 40/3 n^3 + 58 n^2 - 64/3 n for Lagrange-Euler; Lee et "
           "al. 1982 give 119n - 24 and 107n - 21 for the Newton-Euler control law. ") +
      verdict(above == 0, above == 0 ? "Agrees." : "Agrees in order, differs in detail.") +
      text(" At n = 6, " + std::to_string(below) + " of the " + std::to_string(below + above) +
           " algorithms with a published formula need no more operations than it" +
           (above == 0 ? std::string(".") : "; above it: " + above_text + ".") +
           " The modified Newton-Euler set exceeds 90n - 27 on the generic arm only through its "
           "full inertia tensors (the paper's K_i is diagonal: 12n more multiplications); on the "
           "PUMA 560 it is within the formula. Our Lagrange-Euler grows as n^3 like the "
           "formula, at about half of it, because the products with the zero bottom row of "
           "every 4x4 derivative are skipped (docs/formulations.md)."));
}

void opcount_section(HtmlPage& page, const fs::path& out, ReportProgress& progress) {
  const fs::path dir = out / "opcount";
  fs::create_directories(dir);
  write_opcount_csvs(dir, progress);
  opcount_tables(page, CsvTable(out, "opcount/opcount.csv"), CsvTable(out, "opcount/puma560.csv"));
}

// ---- 3. the PUMA computed-torque experiment --------------------------------------------------

// The largest error per case and joint against the A/D resolution, with a verdict per case.
void control_table(HtmlPage& page, const CsvTable& summary, const std::vector<std::string>& cases,
                   int joints, double resolution) {
  const std::string first_key = "case=" + cases.front() + ";joint=1";
  std::vector<Html> header = {text("case")};
  for (int j = 1; j <= joints; ++j) header.push_back(text("joint " + std::to_string(j)));
  header.push_back(text("within the resolution"));
  std::vector<std::vector<Html>> rows;
  std::vector<Html> verdicts;
  for (const auto& c : cases) {
    std::vector<Html> r = {text(c)};
    int within = 0, worst_joint = 1;
    double worst = 0;
    for (int j = 1; j <= joints; ++j) {
      const std::string key = "case=" + c + ";joint=" + std::to_string(j);
      const double e = summary.value(key, "max_abs_error_rad");
      within += e <= resolution;
      if (e > worst) {
        worst = e;
        worst_joint = j;
      }
      r.push_back(tag("span", summary.quote(key, "max_abs_error_rad"),
                      e <= resolution ? "agrees" : "differs"));
    }
    r.push_back(text(std::to_string(within) + " of " + std::to_string(joints)));
    rows.push_back(r);
    verdicts.push_back(tag("code", text(c)) + text(": " + std::to_string(within) + " of " +
                                                   std::to_string(joints) +
                                                   " joints within; largest ") +
                       summary.quote("case=" + c + ";joint=" + std::to_string(worst_joint),
                                     "max_abs_error_rad") +
                       text(" rad on joint " + std::to_string(worst_joint) + "."));
  }
  page.table(header, rows,
             text("Largest tracking error |q_d - q| per joint (rad) against the 12-bit A/D "
                  "resolution ") +
                 summary.quote(first_key, "adc_resolution_rad") + text(" rad (") +
                 summary.link() + text("; green: within, red: above)"));
  page.paragraph(tag("strong", text("The paper: ")) +
                 text("the errors are \"always well below and within the resolution of a 12-bit "
                      "A/D converter (") +
                 summary.quote(first_key, "adc_resolution_rad") + text(" rad)\"."));
  page.list(verdicts);
}

// The verdict on the paper's statement.
void control_verdict(HtmlPage& page, const CsvTable& summary, int joints, double resolution) {
  // The paper's setting is the ideal controller (perfect model, measured velocities).
  const std::string ideal_key = "case=ideal;joint=";
  int ideal_within = 0;
  std::string above;
  for (int j = 1; j <= joints; ++j) {
    const bool in = summary.value(ideal_key + std::to_string(j), "max_abs_error_rad") <= resolution;
    ideal_within += in;
    if (!in) above += (above.empty() ? "" : ", ") + std::to_string(j);
  }
  const bool all_in = ideal_within == joints;
  page.paragraph(
      verdict(all_in, all_in ? "Agrees" : "Agrees for the ideal case on " +
                                              std::to_string(ideal_within) + " of " +
                                              std::to_string(joints) + " joints") +
      text(": with a perfect model the only error source is the zero-order hold (the torque "
           "computed at t_k is held while the desired acceleration moves on), so the error "
           "follows the desired jerk and scales with the sampling period. The paper gives neither "
           "the duration nor the shape of its motion" +
           (all_in ? std::string(".")
                   : "; our brisk 2 s move takes joint" +
                         std::string(above.find(',') == std::string::npos ? " " : "s ") + above +
                         " just above one quantum, while a slower 3 s move keeps every joint "
                         "within (docs/simulation.md).") +
           " Quantising the positions to 12 bits barely changes the errors, as the paper's use "
           "of the resolution as the yardstick implies. The paper does not study model errors, "
           "payloads or missing tachometers: those rows show that the statement holds only for "
           "a perfect model with measured velocities (differencing delays the velocity by half "
           "a period). The friction row is qualitative: Coulomb friction compensated at the "
           "measured velocity makes the joints stick at the start, and its numbers depend on "
           "rounding."));
}

// The loop the paper leaves open: the unmodelled payload identified from its run's own log,
// then the run repeated with it (issue 19 item 7; docs/identification.md).
void payload_loop(HtmlPage& page, const CsvTable& estimate, const CsvTable& summary, int joints) {
  // The row of a case's largest error over the joints.
  const auto worst = [&](const std::string& c) {
    std::string key;
    double e = -1;
    for (int j = 1; j <= joints; ++j) {
      const std::string k = "case=" + c + ";joint=" + std::to_string(j);
      if (summary.value(k, "max_abs_error_rad") > e) {
        e = summary.value(k, "max_abs_error_rad");
        key = k;
      }
    }
    return key;
  };
  const std::string ideal = worst("ideal"), unmodelled = worst("payload_2.5kg"),
                    identified = worst("payload_identified");
  const bool near = summary.value(identified, "max_abs_error_rad") <=
                    2 * summary.value(ideal, "max_abs_error_rad");
  page.heading(3, "Closing the loop: the payload identified from its own run", "control-payload");
  page.paragraph(
      text("The payload run's log (t, q, qd and the commanded torques, sampled every 0.01 s as "
           "a controller logs them) goes through the same pipeline as a real robot's "
           "(docs/identification.md): zero-phase low-pass at 10 Hz, differentiated, 5 samples "
           "trimmed at each end, then the 10 payload parameters by least squares on the known "
           "arm's residual torques (") +
      tag("code", text("identify_payload_from_run")) +
      text("). The mass comes out at ") + estimate.quote("parameter=m", "estimate", 4) +
      text(" kg (plant ") + estimate.quote("parameter=m", "plant", 3) +
      text(" kg) and its first moment along z at ") +
      estimate.quote("parameter=mz", "estimate", 3) + text(" kg m (plant ") +
      estimate.quote("parameter=mz", "plant", 3) +
      text("); a 2 s move barely excites the payload's inertia, so where the estimate is not "
           "a physical body the controller carries a point mass at the identified centre of "
           "mass (") +
      estimate.link() + text("). Re-run with it, the largest error over all joints falls from ") +
      summary.quote(unmodelled, "max_abs_error_rad") + text(" rad to ") +
      summary.quote(identified, "max_abs_error_rad") + text(" rad, against ") +
      summary.quote(ideal, "max_abs_error_rad") + text(" rad in the ideal case. ") +
      verdict(near, near ? "Back near the ideal case (within 2x)." : "Not back near the ideal case."));
}

// The error figure of every case, with links to its data and torques.
void control_figures(HtmlPage& page, const std::vector<std::string>& cases) {
  std::vector<std::string> srcs;
  std::vector<Html> caps;
  for (const auto& c : cases) {
    srcs.push_back("puma/" + c + "_errors.png");
    caps.push_back(tag("code", text(c)) +
                   text(": tracking error per joint with the +-resolution band (as the paper's "
                        "Figs. 3-8); data ") +
                   link("puma/" + c + ".csv", "puma/" + c + ".csv") + text(", torques ") +
                   link("puma/" + c + "_torques.png", "puma/" + c + "_torques.png"));
  }
  page.figures(srcs, caps);
}

void control_section(HtmlPage& page, const fs::path& out) {
  const fs::path dir = out / "puma";
  fs::create_directories(dir);
  // The library's study (control/lee1982_study.hpp) on the PUMA 560 with its drive terms,
  // presented as `manipdyn control --paper --output-dir DIR/puma` presents it: its text and the
  // plot scripts' output in control.txt.
  const fs::path log = dir / "control.txt";
  write_log(log, [&](std::ostream& text) {
    write_lee1982_study(load_serial_model({"puma560", "", ""}, true, true),
                        lee1982_base_experiment(), "puma560", {dir, true, text, log});
  });

  const CsvTable summary(out, "puma/summary.csv");
  std::vector<std::string> cases;
  for (const auto& r : summary.rows())
    if (std::find(cases.begin(), cases.end(), r[0]) == cases.end()) cases.push_back(r[0]);
  int joints = 0;
  for (const auto& r : summary.rows())
    if (r[0] == cases.front()) ++joints;
  const std::string first_key = "case=" + cases.front() + ";joint=1";
  const double resolution = summary.value(first_key, "adc_resolution_rad");

  page.heading(2, "3. Computed-torque control of the PUMA 560 (Lee et al. ~1982)", "control");
  page.paragraph(
      text("The experiment of Lee, Chung, Mudge & Turney (~1982, sec. 5), run by ") +
      tag("code", text("manipdyn control --paper")) +
      text(": the computed-torque law tau = D(q)[qdd_d + Kv(qd_d - qd) + Kp(q_d - q)] + H + G "
           "(eq. 4.1) sampled every 0.01 s with zero-order hold, Kp = 100 s^-2, Kv = 20 s^-1, "
           "the plant integrated by RK4 with 1 ms steps; a rest-to-rest quintic from (90, 0, 90, "
           "0, 0, 0) deg to (45, 30, 0, 45, 60, 90) deg in 2 s, then 0.5 s of hold. The plant is "
           "the PUMA 560 with its motor inertias and no friction (the paper's model has none; "
           "the paper simulated a PUMA 600 and prints no parameters). The cases: the ideal "
           "controller, its model's masses and inertias +10%, an unmodelled 2.5 kg payload, "
           "12-bit position sensing (with tachometers, and with velocity by differencing), and "
           "Corke's viscous + Coulomb friction in plant and model."));
  control_table(page, summary, cases, joints, resolution);
  control_verdict(page, summary, joints, resolution);
  payload_loop(page, CsvTable(out, "puma/payload_estimate.csv"), summary, joints);
  control_figures(page, cases);
}

// ---- 4. Stewart platform studies -------------------------------------------------------------

struct PathResult {
  ms::PaperPath path;
  std::string platform;
  std::vector<ms::PathRow> rows;
};

// The extremes of each leg along one path (stewart/leg_extremes.hpp), as rows of legs.csv.
// Returns the legs whose F changes sign ("5 6") and sets `max_F0` to the largest |F0|.
std::string leg_extremes_rows(const PathResult& res,
                              std::vector<std::vector<std::string>>& leg_rows, double& max_F0) {
  std::string crossing;
  max_F0 = 0;
  const std::vector<ms::LegExtremes> legs = ms::leg_extremes(res.rows);
  for (int i = 0; i < ms::kLegs; ++i) {
    const ms::LegExtremes& e = legs[static_cast<std::size_t>(i)];
    max_F0 = std::max(max_F0, e.max_abs_F0);
    if (e.F_sign_changes > 0) crossing += (crossing.empty() ? "" : " ") + std::to_string(i + 1);
    leg_rows.push_back({res.path.name, std::to_string(i + 1), csv_number(e.max_abs_F),
                        csv_number(e.max_abs_F0), std::to_string(e.F_sign_changes),
                        csv_number(e.max_abs_fraction_significant), csv_number(e.max_abs_spin)});
  }
  return crossing;
}

// Every paper path with both models (as `manipdyn stewart studies`: each paper's printed test
// platform, each path's own step): its CSV and plots, and summary.csv, legs.csv and
// path_I_t3.csv in `dir`.
std::vector<PathResult> run_stewart_paths(const fs::path& dir, ReportProgress& progress) {
  std::vector<PathResult> results;
  std::vector<std::vector<std::string>> summary_rows, leg_rows, t3_rows;
  for (const ms::PaperPath& pp : ms::paper_paths()) {
    progress.step("Stewart Path " + pp.name);
    const ms::StewartModel model =
        pp.pedrammehr ? ms::pedrammehr_test_platform(true) : ms::dasgupta_test_platform(true);
    const ms::PlannedPath planned = ms::plan_path(pp.spec);
    PathResult res{pp, model.name, ms::evaluate_path(model, planned)};
    const fs::path csv = dir / ("path_" + pp.name + ".csv");
    {
      CsvWriter f(csv);
      ms::write_path_csv(f.out, res.rows);
      f.finish();
    }
    run_plot_script(python_script("stewart_plots.py"), {csv.string(), (dir / ("path_" + pp.name)).string(),
                                         "Path " + pp.name + " (" + model.name + ")"});
    const ms::PathSummary s = ms::summarize(res.rows);
    double max_F0 = 0;
    const std::string crossing = leg_extremes_rows(res, leg_rows, max_F0);
    summary_rows.push_back(
        {pp.name, model.name, std::to_string(res.rows.size()), csv_number(pp.spec.dt),
         csv_number(pp.spec.tau_f), csv_number(s.max_abs_F), csv_number(max_F0),
         csv_number(s.max_abs_F_improved), csv_number(s.max_abs_model_difference),
         csv_number(100 * s.max_abs_model_difference / s.max_abs_F),
         csv_number(ms::median_abs_fraction(res.rows)), csv_number(s.max_abs_fraction),
         csv_number(s.max_abs_fraction_significant), std::to_string(s.max_fraction_leg),
         csv_number(s.max_fraction_time), csv_number(s.peak_condition),
         csv_number(s.peak_condition_time), csv_number(res.rows.front().condition_number),
         csv_number(s.max_spin), csv_number(s.max_spin_acc), crossing.empty() ? "none" : crossing,
         csv_number(model.M * 9.81), csv_number(s.max_abs_F / (model.M * 9.81))});
    for (const auto& r : res.rows)
      if (pp.name == "I" && std::abs(r.time - 3.0) < 1e-9)
        for (int i = 0; i < ms::kLegs; ++i)
          t3_rows.push_back({std::to_string(i + 1), csv_number(r.F(i)),
                             csv_number(r.F_improved(i)), csv_number(r.F0(i)),
                             csv_number(r.Fd(i))});
    results.push_back(std::move(res));
  }
  write_csv(dir / "summary.csv",
            {"path", "platform", "samples", "dt", "duration", "max_abs_F", "max_abs_F0",
             "max_abs_F_improved", "max_abs_model_difference", "model_difference_percent",
             "median_abs_fraction", "max_abs_fraction", "max_abs_fraction_significant",
             "max_fraction_leg", "max_fraction_time", "peak_condition", "peak_condition_time",
             "start_condition", "max_spin", "max_spin_acc", "legs_F_crossing_zero",
             "platform_weight", "max_abs_F_over_weight"},
            summary_rows);
  write_csv(dir / "legs.csv",
            {"path", "leg", "max_abs_F", "max_abs_F0", "F_sign_changes",
             "max_abs_fraction_significant", "max_abs_spin"},
            leg_rows);
  write_csv(dir / "path_I_t3.csv", {"leg", "F", "F_improved", "F0", "Fd"}, t3_rows);
  return results;
}

// The extremes of every path, as a table.
void stewart_extremes(HtmlPage& page, const CsvTable& sum, const CsvTable& legs,
                      const std::vector<PathResult>& results) {
  page.heading(2, "4. Stewart platform: Dasgupta & Mruthyunjaya 1998, Pedrammehr et al. 2012",
               "stewart");
  page.paragraph(
      text("The six paths of the papers on their printed test manipulator (g = -9.81 z), each "
           "evaluated with both dynamic models, as ") +
      tag("code", text("manipdyn stewart studies")) +
      text(" does: Dasgupta's Newton-Euler model with massive legs (F), its massless-leg, "
           "frictionless static part F0 and the dynamic part Fd = F - F0 (eqs. 36-42), the "
           "condition number of the 6x6 system H, and the improved model of Pedrammehr et al. "
           "with the exact universal-joint kinematics (F_improved). Paths I-III are Dasgupta's "
           "(sec. 5), Paths 1-3 Pedrammehr's (appendix 2; Paths 2, 3 = Paths I, II on their "
           "platform, r_u0 z = -0.08)."));
  std::vector<std::vector<Html>> rows;
  for (const auto& r : results) {
    const std::string k = "path=" + r.path.name;
    rows.push_back({text(r.path.name), sum.quote_text(k, "samples"),
                    sum.quote(k, "max_abs_F", 4), sum.quote(k, "max_abs_F0", 4),
                    sum.quote(k, "max_abs_F_improved", 4),
                    sum.quote(k, "max_abs_model_difference", 3),
                    sum.quote(k, "median_abs_fraction", 3),
                    sum.quote(k, "max_abs_fraction_significant", 3),
                    sum.quote(k, "peak_condition", 3), sum.quote(k, "peak_condition_time", 3),
                    sum.quote(k, "max_spin", 3)});
  }
  page.table({text("path"), text("samples"), text("max |F| (N)"), text("max |F0| (N)"),
              text("max |F_improved| (N)"), text("max |F_improved - F| (N)"),
              text("median |Fd/F|"), text("max |Fd/F| where |F| >= 25% of peak"),
              text("peak cond(H)"), text("at t (s)"), text("max |leg spin| (rad/s)")},
             rows, text("Extremes of each path (") + sum.link() + text("; per leg: ") +
                       legs.link() + text(")"));
}

// Dasgupta & Mruthyunjaya 1998's statements on Paths I-III, each with our verdict.
std::vector<Html> dasgupta_statements(const CsvTable& sum, const CsvTable& legs) {
  const auto frac_leg = [&](const std::string& path, int leg) {
    return legs.quote("path=" + path + ";leg=" + std::to_string(leg),
                      "max_abs_fraction_significant", 2);
  };
  const double med1 = sum.value("path=I", "median_abs_fraction");
  const std::string crossing = sum.cell("path=I", "legs_F_crossing_zero");
  const bool faster = sum.value("path=II", "max_abs_F") > sum.value("path=I", "max_abs_F") &&
                      sum.value("path=II", "median_abs_fraction") > med1;
  const double ratio = sum.value("path=I", "max_abs_F_over_weight");
  const double maxF3 = sum.value("path=III", "max_abs_F");
  std::vector<Html> items;
  items.push_back(
      tag("em", text("\"The leg inertia contributing around 20% of the force demand at the "
                     "actuators is quite common and the maximum may even go up to 40%\"")) +
      text(" (Dasgupta 1998, Path I, Fig. 6). ") +
      verdict(med1 > 0.15 && med1 < 0.25) + text(" The median |Fd/F| over Path I is ") +
      sum.quote("path=I", "median_abs_fraction") +
      text("; per leg, where |F| is at least 25% of its peak, the largest |Fd/F| of legs 1-5 are ") +
      frac_leg("I", 1) + text(", ") + frac_leg("I", 2) + text(", ") + frac_leg("I", 3) +
      text(", ") + frac_leg("I", 4) + text(", ") + frac_leg("I", 5) +
      text(" (leg 6 reaches ") + frac_leg("I", 6) +
      text(" near the end of the path, where its force is small)."));
  items.push_back(
      tag("em", text("\"The sudden jump sign in the dynamic fractions in legs 5 and 6 ... near "
                     "that instant the total force for that leg crosses zero\"")) +
      text(" (Path I). ") + verdict(crossing == "5 6") +
      text(" The legs whose force changes sign along Path I: ") +
      sum.quote_text("path=I", "legs_F_crossing_zero") + text("."));
  items.push_back(
      tag("em", text("\"The leg forces are moderate (of the same order as the weight of the "
                     "platform and payload)\"")) +
      text(" (Path I). ") + verdict(ratio < 2, ratio < 2 ? "Agrees." : "Differs in degree.") +
      text(" The largest |F| on Path I is ") + sum.quote("path=I", "max_abs_F", 4) +
      text(" N, ") + sum.quote("path=I", "max_abs_F_over_weight", 2) +
      text(" times the platform weight ") + sum.quote("path=I", "platform_weight", 4) +
      text(" N; the massless-leg static force F0 alone reaches ") +
      sum.quote("path=I", "max_abs_F0", 4) +
      text(" N, so the size comes from the geometry and the statics of the printed platform, "
           "not from the dynamics; the paper prints only figures, so no value can be compared."));
  items.push_back(
      tag("em", text("\"This difference in speed results in significant rise in the bounds of "
                     "the leg forces and the dynamic fractions\"")) +
      text(" (Path II, ten times faster). ") + verdict(faster) + text(" max |F| ") +
      sum.quote("path=II", "max_abs_F", 4) + text(" N against ") +
      sum.quote("path=I", "max_abs_F", 4) + text(" N; median |Fd/F| ") +
      sum.quote("path=II", "median_abs_fraction") + text(" against ") +
      sum.quote("path=I", "median_abs_fraction") + text("."));
  items.push_back(
      tag("em", text("\"A clear singularity where suddenly the force requirements at the "
                     "actuators are very high (of the order of 10^5 N)\"; \"the condition "
                     "number is seen to have a sharp rise\"")) +
      text(" (Path III, Figs. 9-10). ") + verdict(maxF3 > 1e5) +
      text(" On the paper's grid cond(H) rises from ") +
      sum.quote("path=III", "start_condition") + text(" to ") +
      sum.quote("path=III", "peak_condition") + text(" at t = ") +
      sum.quote("path=III", "peak_condition_time") + text(" s, where |F| reaches ") +
      sum.quote("path=III", "max_abs_F") +
      text(" N; the peak value depends on how close a sample comes to the singular pose "
           "(docs/stewart.md locates the sign change of det H)."));
  return items;
}

// Pedrammehr et al. 2012's statements on Paths 1-3, each with our verdict.
void pedrammehr_statements(const CsvTable& sum, const CsvTable& legs, std::vector<Html>& items) {
  // "Similar trends, different amplitudes": the models differ, by less than a fifth of the
  // force (as tests/regression/stewart_paper_statements.cpp).
  bool similar = true;
  for (const char* p : {"path=2", "path=3"}) {
    const double d = sum.value(p, "max_abs_model_difference"), f = sum.value(p, "max_abs_F");
    similar = similar && d > 0.005 * f && d < 0.2 * f;
  }
  items.push_back(
      tag("em", text("\"Both improved and simplified models exhibit similar trends of change, "
                     "but difference in amplitudes\"")) +
      text(" (Pedrammehr 2012, Figs. 9-10, Paths 2 and 3). ") +
      verdict(similar, similar ? "Agrees on the trends; the amplitudes differ by a few percent."
                               : "Differs.") +
      text(" max |F_improved - F| is ") + sum.quote("path=2", "max_abs_model_difference") +
      text(" N (") + sum.quote("path=2", "model_difference_percent", 2) +
      text("% of max |F|) on Path 2 and ") + sum.quote("path=3", "max_abs_model_difference") +
      text(" N (") + sum.quote("path=3", "model_difference_percent", 2) +
      text("%) on Path 3. Mostly a static effect: the U-joint reaction moment is along c "
           "(improved) instead of s (Dasgupta), which changes how the off-axis leg weight is "
           "carried; the leg spin (up to ") +
      sum.quote("path=3", "max_spin", 2) +
      text(" rad/s on Path 3) adds a few newtons. The paper calls the differences significant; "
           "part of theirs may come from the double-counted inertia terms of its eqs. 32, 33 "
           "and 50 (section 6)."));
  {
    std::string zero_spin;
    for (int i = 1; i <= ms::kLegs; ++i)
      if (legs.value("path=1;leg=" + std::to_string(i), "max_abs_spin") < kZeroSpin)
        zero_spin += (zero_spin.empty() ? "" : ", ") + std::to_string(i);
    Html spins;
    for (int i = 1; i <= ms::kLegs; ++i)
      spins = spins + text(i > 1 ? ", " : "") +
              legs.quote("path=1;leg=" + std::to_string(i), "max_abs_spin", 2);
    items.push_back(
        tag("em", text("No axial spin in pods 1, 2 and 6")) +
        text(" (Pedrammehr 2012, Path 1, Figs. 5-8). ") + verdict(false) +
        text(" With Dasgupta's U-joint axes k_i (Pedrammehr does not print its own), the largest "
             "|spin| of legs 1-6 on Path 1 is ") +
        spins +
        text(" rad/s: zero (to rounding) only for leg" + std::string(zero_spin.find(',') == std::string::npos ? " " : "s ") +
             (zero_spin.empty() ? "none" : zero_spin) +
             ", whose U-joint axis is perpendicular to its leg plane. With unknown k_i the "
             "paper's legs cannot be matched. Path 1 as printed is also infeasible with a "
             "parabolic blend (|Delta|/V = 6.25 s > 6 s); it is run at the constant speed "
             "0.5/6 m/s, as the text's \"constant velocity profile\" says."));
  }
}

// Path I at t = 3 s, the figures of every path and the links to its files.
void stewart_figures(HtmlPage& page, const CsvTable& t3, const std::vector<PathResult>& results) {
  std::vector<std::vector<Html>> t3_table;
  for (int i = 1; i <= ms::kLegs; ++i) {
    const std::string k = "leg=" + std::to_string(i);
    t3_table.push_back({text(std::to_string(i)), t3.quote(k, "F", 6), t3.quote(k, "F_improved", 6),
                  t3.quote(k, "F0", 6), t3.quote(k, "Fd", 6)});
  }
  page.table({text("leg"), text("F (N)"), text("F_improved (N)"), text("F0 (N)"), text("Fd (N)")},
             t3_table, text("Path I at t = 3 s (") + t3.link() + text(")"));
  const auto fig = [](const std::string& path, const std::string& kind) {
    return "stewart/path_" + path + "_" + kind + ".png";
  };
  page.figures({fig("I", "forces"), fig("I", "fraction"), fig("I", "condition")},
               {text("Path I: F, F0 and Fd per leg (Dasgupta Fig. 4)."),
                text("Path I: dynamic fraction Fd/F (Fig. 6); the jumps are where F crosses "
                     "zero."),
                text("Path I: cond(H), well conditioned (Fig. 5).")});
  page.figures({fig("II", "forces"), fig("II", "fraction"), fig("III", "forces"),
                fig("III", "condition")},
               {text("Path II: forces (Fig. 7), ten times faster than Path I."),
                text("Path II: dynamic fraction (Fig. 8)."),
                text("Path III: forces through the singularity (Fig. 9)."),
                text("Path III: cond(H) (Fig. 10).")});
  page.figures({fig("2", "models"), fig("3", "models"), fig("1", "leg_rates")},
               {text("Path 2: improved vs Dasgupta forces (Pedrammehr Fig. 9)."),
                text("Path 3: the same (Fig. 10)."),
                text("Path 1: leg angular velocity with and without the axial spin (Figs. 5-6).")});
  Html files = text("Every path: ");
  for (const auto& r : results) {
    const std::string p = "stewart/path_" + r.path.name;
    files = files + link(p + ".csv", p + ".csv") + text(" (");
    const std::vector<std::string> kinds = {"forces", "fraction", "condition", "leg_rates",
                                            "leg_accelerations", "models"};
    for (std::size_t k = 0; k < kinds.size(); ++k)
      files = files + text(k ? ", " : "") + link(p + "_" + kinds[k] + ".png", kinds[k]);
    files = files + text(") ");
  }
  page.paragraph(files);
}

void stewart_section(HtmlPage& page, const fs::path& out, ReportProgress& progress) {
  const fs::path dir = out / "stewart";
  fs::create_directories(dir);
  const std::vector<PathResult> results = run_stewart_paths(dir, progress);
  const CsvTable sum(out, "stewart/summary.csv");
  const CsvTable legs(out, "stewart/legs.csv");
  const CsvTable t3(out, "stewart/path_I_t3.csv");
  stewart_extremes(page, sum, legs, results);
  // The papers' statements, one by one.
  std::vector<Html> items = dasgupta_statements(sum, legs);
  pedrammehr_statements(sum, legs, items);
  page.heading(3, "The papers' statements");
  page.list(items);
  stewart_figures(page, t3, results);
}

// ---- 6. misprints --------------------------------------------------------------------------

struct Misprint {
  const char* where;
  const char* printed;
  const char* correct;
  const char* test;
};

// The misprints found in the papers, each with the test that proves the correction (a table of
// data; docs/formulations.md "Misprints corrected", docs/stewart.md).
std::vector<Misprint> misprint_list() {
  return {
      {"Turney et al. 1980, sec. 5, matrix A_i, entry (3,2)", "w_z w_y + alpha_z",
       "w_z w_y + alpha_x", "crosscheck.BothConventions/RandomArms.AllFormulationsGiveTheSameTorques/*"},
      {"Turney et al. 1980, eq. 5.2, x component of Tr{A_i K_i sigma^t}",
       "(A_i K_i)_yz - (A_i K_i)_zy", "(A K)_zy - (A K)_yz (eq. 5.2 = eq. 3.20)",
       "crosscheck.BothConventions/RandomArms.AllFormulationsGiveTheSameTorques/*"},
      {"Turney et al. 1980, K_i", "inertia about the (i-1)th origin",
       "inertia about the COM, in frame i", "crosscheck.BothConventions/RandomArms.AllFormulationsGiveTheSameTorques/*"},
      {"Turney et al. 1980 eqs. 2.1/2.7; Lee et al. 1982 eq. 3.10", "gravity signs (- dP.E./dq; a "
       "dropped minus)", "G = +dV/dq with g the gravity vector",
       "regression.ClosedForm.PendulumPointMassAndRod; unit.BothConventions/LagrangeEulerArms."
       "GravityIsTheGradientOfThePotential/*"},
      {"Turney et al. 1980, appendix A, totals",
       "81/6 n^3 + ... additions, 40/3 n^3 + ... multiplications",
       "swapped: Tables 1-2 sum to 81/6 n^3 + ... multiplications",
       "arithmetic of Tables 1-2 (no test; the report quotes Table 1)"},
      {"Turney et al. 1980, eq. 3.16 (angular acceleration)", "w_i inside R^T(...)",
       "w_{i-1} (as Lee et al. 1982 eq. 3.22)",
       "crosscheck.BothConventions/RandomArms.AllFormulationsGiveTheSameTorques/*"},
      {"Turney et al. 1980, eq. 5.2, last term", "R_i^{i+1} n_i", "R_i^{i+1} n_{i+1}",
       "crosscheck.BothConventions/RandomArms.AllFormulationsGiveTheSameTorques/*"},
      {"Turney et al. 1980, eqs. 1.11-1.12", "R_0^{i-1}, Q_0^{i-1}", "R_0^{j-1}, Q_0^{j-1}",
       "unit.BothConventions/LagrangeEulerArms.FirstPartialsMatchFiniteDifferences/*, "
       "unit.BothConventions/LagrangeEulerArms.SecondPartialsMatchFiniteDifferencesAndAreSymmetric/*"},
      {"Turney et al. 1980 combined tau_i, eq. 2.11; Lee et al. 1982 eq. 3.6",
       "qd_j for qdd_j; M_ij with d/d(qd); garbled indices of the second term",
       "tau = M qdd + h + c with Tr{d2T/dq_j dq_k J (dT/dq_i)^T}",
       "unit.BothConventions/LagrangeEulerArms."
       "TorqueIsMassTimesAccelerationPlusVelocityPlusGravityTerms/*"},
      {"Turney et al. 1980, appendix A, arithmetic", "16n(n^2-1) additions; sum with q(q-1)",
       "8n(n^2-1); 16/3 n(n+1)(n+2) + 32n", "arithmetic (no test)"},
      {"Craig (paper 002), prismatic joint", "inward iteration lists only f_i and tau_i",
       "n_i is still needed in a mixed chain",
       "crosscheck.SerialNewtonEulerVariants.RandomArmsBothConventionsMixedJoints"},
      {"Turney et al. 1980, end of sec. 3, strobing C^k", "set qd_j and qd_k to 1 gives C^k_jk",
       "that gives C^k_jj + C^k_kk + 2 C^k_jk; subtract and halve",
       "crosscheck.SerialDynamicsTerms.VelocityCouplingSymmetricAndConsistentWithC"},
      {"Dasgupta 1998, eq. 9", "A = (s x S - 2 L W)/L", "A = (s x S'' - 2 L' W)/L = dW/dt",
       "unit.StewartInverseKinematics.RatesMatchFiniteDifferences"},
      {"Dasgupta 1998, eq. 16 with eq. 18", "I_u = T[I_u0 + m_u L^2 diag(0,1,1)]T^T",
       "centroidal I_u (the transport term is already m_u r_u x a_u)",
       "crosscheck.PowerBalanceSensitivity.PrintedEq16DoubleCountsTheUpperPartInertia"},
      {"Dasgupta 1998, eq. 33", "+ sum K_i", "- sum K_i (eq. 35, Newton's law)",
       "crosscheck.Models/PowerBalance.TestPlatformAlongSmoothPath/*"},
      {"Pedrammehr 2012, eqs. 32, 33, 50", "parallel-axis theorem and m L x L'' / m_p r x X''",
       "one of the two (the same double count)",
       "crosscheck.Models/PowerBalance.TestPlatformAlongSmoothPath/*; "
       "crosscheck.PowerBalanceSensitivity.EachModelFailsTheOtherModelsBalance"},
      {"Pedrammehr 2012, eqs. 18-25", "garbled (eq. 21 \"w_u w_v x l n\")",
       "re-derived: w_l = W + w_t s, a_l = A + w_t (W x s) + a_t s",
       "unit.StewartInverseKinematics.RatesMatchFiniteDifferences"},
      {"Test manipulator (Dasgupta 1998 appendix = Pedrammehr 2012 appendix 2)",
       "I_d0 indefinite; I_u0, I_p violate the triangle inequality; k_1 of norm 0.858",
       "kept for the reproductions (with warnings); a corrected variant",
       "unit.StewartModel.PrintedBuiltInKeepsNumbersWithWarnings, "
       "unit.StewartModel.InertiaProblemCases; "
       "crosscheck.Models/PowerBalance.PrintedInertiasStillBalance/*"},
      {"Pedrammehr 2012, Path 1", "V = 0.08 m/s with a parabolic blend over 6 s",
       "infeasible (|Delta|/V = 6.25 s); run at constant 0.5/6 m/s",
       "unit.StewartTrajectory.InfeasibleRequestsAreNamed, ConstantVelocityProfile"},
  };
}

void misprints_section(HtmlPage& page, const fs::path& out) {
  const std::vector<Misprint> list = misprint_list();
  std::vector<std::vector<std::string>> csv;
  std::vector<std::vector<Html>> rows;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& m = list[i];
    csv.push_back({std::to_string(i + 1), m.where, m.printed, m.correct, m.test});
    rows.push_back({text(std::to_string(i + 1)), text(m.where), tag("code", text(m.printed)),
                    tag("code", text(m.correct)), tag("code", text(m.test))});
  }
  write_csv(out / "misprints.csv", {"number", "where", "printed", "correct", "test"}, csv);
  page.heading(2, "6. Misprints found in the papers", "misprints");
  page.paragraph(
      text("Found while implementing; each correction is held by a test that fails with the "
           "printed form (the formulations must agree with each other, with closed forms, with "
           "finite differences or with the power balance). Test names as ctest lists them "
           "(folder.Suite.Test; details in docs/formulations.md and docs/stewart.md). Also as ") +
      link("misprints.csv", "misprints.csv") + text("."));
  std::vector<std::vector<Html>> cells;
  for (auto& r : rows) cells.push_back(r);
  page.table({text("#"), text("paper and place"), text("printed"), text("correct"),
              text("the test that proves it")},
             cells, text("Misprints"));
}

}  // namespace

void write_papers_report(const fs::path& out, const std::string& command_line) {
  ReportProgress progress(15 + kStewartBeyondSteps);
  HtmlPage page("manipdyn: the founding papers reproduced");
  page.heading(1, "manipdyn: the founding papers reproduced");
  page.paragraph(
      text("Written by ") + tag("code", text(command_line)) +
      text(". Every number on this page is read from a CSV file beside it (linked under each "
           "table); the figures are PNG files in the same folder. Sections: ") +
      link("#formulations", "1. formulations") + text(", ") +
      link("#opcount", "2. operation counts") + text(", ") +
      link("#control", "3. PUMA computed torque") + text(", ") +
      link("#stewart", "4. Stewart platform") + text(", ") +
      link("#stewart-beyond", "5. Stewart platform beyond the papers") + text(", ") +
      link("#misprints", "6. misprints") + text(", ") +
      link("#real-robot", "7. identified on a real robot") + text(", ") +
      link("#optimal-control", "8. optimal control with the derivatives") + text(", ") +
      link("#free-floating", "9. a free-floating space manipulator") + text(", ") +
      link("#parallel", "10. parallel robots by description") + text("."));
  progress.step("formulations of the PUMA 560 inverse dynamics");
  formulations_section(page, out);
  progress.step("operation counts, n = 1..12");
  opcount_section(page, out, progress);
  progress.step("PUMA 560 computed-torque experiment (6 simulations)");
  control_section(page, out);
  stewart_section(page, out, progress);
  stewart_beyond_section(page, out, progress, 5);
  progress.step("misprints");
  misprints_section(page, out);
  progress.step("the UR10e identified from its logs");
  identification_section(page, out, 7);
  progress.step("optimal control with the derivatives");
  optimal_control_section(page, out, 8);
  progress.step("a free-floating space manipulator");
  free_floating_section(page, out, 9);
  progress.step("parallel robots: the pick-and-place cycle, and the page");
  parallel_section(page, out, 10);
  page.write(out / "index.html");
}

}  // namespace manipdyn::cli
