// The control study of the Stewart platform (stewart/control_study.hpp).
#include "manipdyn/stewart/control_study.hpp"

#include <limits>
#include <ostream>
#include <set>
#include <stdexcept>

#include "manipdyn/io/csv.hpp"

namespace manipdyn::stewart {

std::vector<PlatformControlCase> platform_control_cases() {
  return {{"ideal", PlatformControlLaw::computed_torque, Mismatch::none},
          {"payload", PlatformControlLaw::computed_torque, Mismatch::payload},
          {"inertia", PlatformControlLaw::computed_torque, Mismatch::inertia},
          {"dasgupta_model", PlatformControlLaw::computed_torque, Mismatch::dasgupta_model},
          {"quantised", PlatformControlLaw::computed_torque, Mismatch::quantised},
          {"pd", PlatformControlLaw::pd, Mismatch::none}};
}

PlatformControlCase platform_control_case(PlatformControlLaw law, Mismatch mismatch) {
  std::string name = law == PlatformControlLaw::pd ? "pd" : "";
  if (mismatch != Mismatch::none)
    name += (name.empty() ? "" : "_") + std::string(to_string(mismatch));
  return {name.empty() ? "ideal" : name, law, mismatch};
}

std::vector<PlatformControlCaseResult> run_platform_control_study(
    const StewartModel& model, const PlannedPath& path, const PlatformControlStudyOptions& options,
    const std::function<void(const PlatformControlCaseResult&)>& on_case) {
  // The cases, checked before any run
  if (options.cases.empty())
    throw std::invalid_argument("run_platform_control_study: cases is empty");
  std::set<std::string> names;
  for (const PlatformControlCase& c : options.cases) {
    if (c.name.empty())
      throw std::invalid_argument("run_platform_control_study: a case has an empty name");
    if (!names.insert(c.name).second)
      throw std::invalid_argument("run_platform_control_study: case name '" + c.name +
                                  "' is repeated");
  }
  // Each case in turn; a diverged closed loop is recorded and the others still run
  std::vector<PlatformControlCaseResult> results;
  for (const PlatformControlCase& c : options.cases) {
    PlatformControlOptions co = options.control;
    co.law = c.law;
    co.mismatch = c.mismatch;
    PlatformControlCaseResult r;
    r.which = c;
    try {
      r.simulation = control(model, path, co);
      r.summary = summarize_tracking(r.simulation);
    } catch (const std::runtime_error& e) {
      const double nan = std::numeric_limits<double>::quiet_NaN();
      r.diverged = true;
      r.error = e.what();
      r.simulation = {};
      r.summary = {nan, nan, nan, nan, nan};
    }
    if (on_case) on_case(r);
    results.push_back(std::move(r));
  }
  return results;
}

void write_platform_control_summary_csv(std::ostream& os,
                                        const std::vector<PlatformControlCaseResult>& results) {
  os << "case,law,mismatch,max_position_error,rms_position_error,max_orientation_error,"
        "rms_orientation_error,max_abs_force\n";
  for (const PlatformControlCaseResult& r : results) {
    os << r.which.name << ',' << to_string(r.which.law) << ',' << to_string(r.which.mismatch);
    const TrackingSummary& s = r.summary;
    for (double x : {s.max_position_error, s.rms_position_error, s.max_orientation_error,
                     s.rms_orientation_error, s.max_abs_force})
      os << ',' << csv_number(x, 10);
    os << '\n';
  }
}

}  // namespace manipdyn::stewart
