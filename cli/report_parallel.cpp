// The papers report's section on parallel robots by description (report_parallel.hpp).
#include "report_parallel.hpp"

#include <string>
#include <vector>

#include "manipdyn/analysis/parallel_cycle_study.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "manipdyn/stewart/trajectory.hpp"
#include "python_scripts.hpp"

namespace manipdyn::cli {

namespace fs = std::filesystem;

namespace {

// One robot of the section: its model, its actuators' limit, the cycle's span.
struct CycleCase {
  std::string key;    // file prefix and summary row
  std::string label;  // in the page
  parallel::ParallelModel model;
  double limit;       // N m or N, every actuator
  double span;        // m, across
};

// The engine's leg forces against the dedicated Stewart model (improved U-joint legs) along
// the papers' Path I: the largest relative difference.
double stewart_agreement() {
  const stewart::StewartModel s = stewart::dasgupta_test_platform(false);
  const stewart::PlannedPath path = stewart::plan_path(stewart::paper_path("I").spec);
  const PlatformMotion x0 = stewart::sample_path(path, 0.0).motion();
  Eigen::Isometry3d home = Eigen::Isometry3d::Identity();
  home.linear() = x0.R;
  home.translation() = x0.t;
  const parallel::ParallelModel p = parallel::from_stewart(s, home);
  parallel::ParallelData pd(p);
  stewart::StewartData sd(s);
  double worst = 0;
  for (const double t : stewart::path_times(path)) {
    const PlatformMotion x = stewart::sample_path(path, t).motion();
    const Vector6d F = stewart::inverse_dynamics(stewart::DynamicsModel::improved, s, sd, x);
    const VectorXd tau = parallel::inverse_dynamics(p, pd, x);
    worst = std::max(worst, (tau - F).norm() / F.norm());
  }
  return worst;
}

}  // namespace

void parallel_section(HtmlPage& page, const fs::path& out, int number) {
  const fs::path dir = out / "parallel";
  fs::create_directories(dir);
  // ---- the cycles: the Delta, the 6-RUS (its cycle scaled to its size), the Stewart platform ----
  std::vector<CycleCase> cases;
  cases.push_back({"delta", "Delta RL5-1450", parallel::delta_rl5_1450(), 100.0, 0.305});
  cases.push_back({"six_rus", "6-RUS hexapod", parallel::six_rus(), 5.0, 0.0915});
  cases.push_back({"stewart", "Stewart platform (Dasgupta 1998, corrected)",
                   parallel::from_stewart(stewart::dasgupta_test_platform(false)), 3000.0, 0.305});
  std::vector<std::vector<std::string>> summary;
  for (const CycleCase& c : cases) {
    analysis::ParallelCycleStudyOptions o;
    o.tau_max = VectorXd::Constant(c.model.actuated_count(), c.limit);
    o.cycle.span = c.span;
    const analysis::ParallelCycleStudyResult r = analysis::parallel_cycle_study(c.model, o);
    const fs::path csv = dir / (c.key + "_cycle.csv");
    analysis::write_parallel_cycle_csv(r, csv);
    run_plot_script(python_script("parallel_cycle_plots.py"),
                    {"forces", csv.string(), (dir / (c.key + "_forces.png")).string(), c.label});
    double peak = 0;
    for (Eigen::Index k = 0; k < r.tau.rows(); ++k) peak = std::max(peak, r.tau.row(k).cwiseAbs().maxCoeff());
    summary.push_back({c.key, c.model.name, std::to_string(c.model.actuated_count()), csv_number(c.limit, 6),
                       csv_number(c.span, 6), csv_number(o.cycle.rise, 6), csv_number(r.path_length, 6),
                       csv_number(r.time_there, 6), csv_number(r.time_back, 6), csv_number(r.cycle_time, 6),
                       std::to_string(r.limiting_actuator + 1), csv_number(peak, 6),
                       csv_number(r.midpoint_excess, 3), r.has_friction ? "yes" : "no",
                       csv_number(r.friction_excess, 3), std::to_string(o.intervals)});
  }
  write_csv(dir / "summary.csv",
            {"robot", "model", "actuators", "limit", "span", "rise", "path_length", "time_there", "time_back",
             "cycle_time", "limiting_actuator", "peak_force", "midpoint_excess", "friction", "friction_excess",
             "intervals"},
            summary);
  // ---- the Delta's cycle time against its torque limit ----
  std::vector<std::vector<std::string>> limits;
  for (const double limit : {50.0, 100.0, 200.0, 400.0}) {
    analysis::ParallelCycleStudyOptions o;
    o.tau_max = VectorXd::Constant(3, limit);
    o.intervals = 1000;
    const analysis::ParallelCycleStudyResult r = analysis::parallel_cycle_study(cases[0].model, o);
    limits.push_back({csv_number(limit, 6), csv_number(r.cycle_time, 6)});
  }
  write_csv(dir / "delta_limits.csv", {"limit", "cycle_time"}, limits);
  write_csv(dir / "stewart_check.csv", {"path", "max_relative_difference"},
            {{"I", csv_number(stewart_agreement(), 3)}});
  // ---- the page ----
  const CsvTable s(out, "parallel/summary.csv");
  const CsvTable l(out, "parallel/delta_limits.csv");
  const CsvTable c(out, "parallel/stewart_check.csv");
  page.heading(2, std::to_string(number) + ". Parallel robots by description", "parallel");
  page.paragraph(
      text("One engine for every parallel robot (docs/parallel.md). Each leg is a serial chain of the "
           "library's one model type, closed at the platform by a spherical cut joint; the platform's "
           "mobility is declared; the actuated joints are named. Its inverse dynamics in actuator space "
           "follows Khalil & Ibrahim 2007 by virtual power, A^T tau_a = E^T (F_p + sum_i M_i^T tau_i), with "
           "each leg's torques from its chain's Newton-Euler algorithm. The Stewart platform of sections 4 and "
           "5 is one instance: built by ") +
      tag("code", text("from_stewart")) + text(", its leg forces equal the dedicated improved model's along Path I "
                                               "to ") +
      c.quote("path=I", "max_relative_difference", 2) + text(" relative (") + c.link() + text(")."));
  page.paragraph(
      text("The standard pick-and-place cycle of Delta robots: ") + s.quote("robot=delta", "rise", 3) +
      text(" m up, ") + s.quote("robot=delta", "span", 3) +
      text(" m across, down and back, the corners rounded (docs/pick_and_place_cycle.md), each way from rest to "
           "rest. Its shortest time under the motors' torque limits is the time-optimal parametrisation of the "
           "path by reachability analysis (TOPP-RA, Pham & Pham 2018) on the engine's inverse dynamics, tau = "
           "a(s) sdd + b(s) sd^2 + c(s) (") +
      tag("code", text("parallel_cycle_study")) +
      text("). The Delta is the RL5-1450 of the CIIRC testbed (its published masses and lengths; ") +
      tag("code", text("delta_rl5_1450")) + text("); its motors' limit of ") +
      s.quote("robot=delta", "limit", 3) +
      text(" N m at each arm is a choice for this page, not a published rating. It runs the cycle in ") +
      s.quote("robot=delta", "cycle_time", 3) + text(" s (") + s.quote("robot=delta", "time_there", 3) +
      text(" s each way), motor ") + s.quote_text("robot=delta", "limiting_actuator") +
      text(" at its limit most of the time. With 50, 100, 200 and 400 N m the cycle takes ") +
      l.quote("limit=50", "cycle_time", 3) + text(", ") + l.quote("limit=100", "cycle_time", 3) + text(", ") +
      l.quote("limit=200", "cycle_time", 3) + text(" and ") + l.quote("limit=400", "cycle_time", 3) +
      text(" s (") + l.link() +
      text("): nearly as 1/sqrt(limit), since the inertial torques scale as 1/T^2, less so at the lowest "
           "limit, where gravity's share counts."));
  page.paragraph(
      text("Beside it, two other instances of the engine on the same cycle: the 6-RUS hexapod (") +
      tag("code", text("six_rus")) + text(", a desktop size: the cycle scaled to ") +
      s.quote("robot=six_rus", "span", 3) + text(" m across) with ") + s.quote("robot=six_rus", "limit", 3) +
      text(" N m motors, ") + s.quote("robot=six_rus", "cycle_time", 3) +
      text(" s; and the Stewart platform of Dasgupta & Mruthyunjaya 1998 with ") +
      s.quote("robot=stewart", "limit", 3) + text(" N legs, ") + s.quote("robot=stewart", "cycle_time", 3) +
      text(" s (its viscous joint friction taken out for the parametrisation, then put back: the forces with "
           "friction pass the limits by at most ") +
      s.quote("robot=stewart", "friction_excess", 2) +
      text(" of them). Between the grid's points the forces pass the limits by at most ") +
      s.quote("robot=delta", "midpoint_excess", 2) + text(" (Delta), the grid's second-order error (") +
      s.link() + text(")."));
  page.figures({"parallel/delta_forces.png", "parallel/six_rus_forces.png", "parallel/stewart_forces.png"},
               {text("The Delta's motor torques along its shortest cycle, against their limits (") +
                    link("parallel/delta_cycle.csv", "parallel/delta_cycle.csv") + text(")."),
                text("The 6-RUS hexapod's motor torques (") +
                    link("parallel/six_rus_cycle.csv", "parallel/six_rus_cycle.csv") + text(")."),
                text("The Stewart platform's leg forces (") +
                    link("parallel/stewart_cycle.csv", "parallel/stewart_cycle.csv") + text(").")});
}

}  // namespace manipdyn::cli
