#pragma once
/// \file control_study.hpp
/// The control study of the Stewart platform along one planned path: the task-space computed
/// torque law with each model mismatch, and the leg-space PD baseline (control.hpp), each case a
/// closed-loop run whose divergence is recorded instead of ending the study. Used by the CLI
/// (`manipdyn stewart control`) and the report (`manipdyn report`, section 5); the cases and
/// their results are docs/stewart/simulation.md's. Not a hot path.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "manipdyn/stewart/control.hpp"

namespace manipdyn::stewart {

/// One case of a control study: the law the controller runs and what it does not know.
struct PlatformControlCase {
  std::string name;  ///< file stem and label: "ideal", "payload", ..., "pd", "pd_payload"
  PlatformControlLaw law = PlatformControlLaw::computed_torque;
  Mismatch mismatch = Mismatch::none;
};

/// The six cases of the study, in this order: ideal, payload, inertia, dasgupta_model and
/// quantised (computed torque with each mismatch) and pd (the leg-space PD, exact model).
std::vector<PlatformControlCase> platform_control_cases();

/// The case of `law` with `mismatch`, named as platform_control_cases names it: "ideal" for
/// computed torque without mismatch, else "pd" and / or the mismatch ("pd_quantised").
PlatformControlCase platform_control_case(PlatformControlLaw law, Mismatch mismatch);

/// Options of run_platform_control_study.
struct PlatformControlStudyOptions {
  std::vector<PlatformControlCase> cases = platform_control_cases();  ///< run in this order
  /// Gains, mismatch sizes, sampling and integration of every case; its law and mismatch are
  /// replaced by each case's.
  PlatformControlOptions control;
};

/// What one case gave.
struct PlatformControlCaseResult {
  PlatformControlCase which;
  /// The closed loop diverged (control() threw std::runtime_error); `error` holds its message,
  /// `simulation` is empty and `summary` is all NaN.
  bool diverged = false;
  std::string error;
  PlatformSimulationResult simulation;  ///< the full log (write_platform_simulation_csv)
  TrackingSummary summary;              ///< summarize_tracking(simulation)
};

/// Runs every case of `options` on `model` along `path` (control()), in order; `on_case`, if
/// given, is called with each case's result as soon as it is known (to write it while the next
/// one runs). A case whose closed loop diverges is recorded and the others still run. Throws
/// std::invalid_argument for an empty case list, an empty or repeated case name, and what
/// control() throws for bad options (naming the field).
std::vector<PlatformControlCaseResult> run_platform_control_study(
    const StewartModel& model, const PlannedPath& path, const PlatformControlStudyOptions& options,
    const std::function<void(const PlatformControlCaseResult&)>& on_case = {});

/// Writes one row per case as CSV, header `case,law,mismatch,max_position_error,
/// rms_position_error,max_orientation_error,rms_orientation_error,max_abs_force` (10 significant
/// digits; "nan" for every number of a diverged case).
void write_platform_control_summary_csv(std::ostream& os,
                                        const std::vector<PlatformControlCaseResult>& results);

}  // namespace manipdyn::stewart
