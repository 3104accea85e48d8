// Unit tests of the Stewart control study (manipdyn/stewart/control_study.hpp): the cases and
// their names, each case's run against control() called alone, the summary CSV, a diverged case
// recorded while the others still run, and the errors.
#include "manipdyn/stewart/control_study.hpp"

#include <cmath>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "manipdyn/stewart/studies.hpp"
#include "support/error_message.hpp"

namespace manipdyn::stewart {
namespace {

using test_support::message_of;

// A short path (1 cm and 0.01 rad from Path I's start in 0.3 s), so that the runs stay quick.
PlannedPath short_path() {
  PathSpec spec = paper_path("I").spec;
  spec.t1 = spec.t0 + Vector3d(0.01, 0, 0);
  spec.theta1 = spec.theta0 + Vector3d(0.01, 0, 0);
  spec.tau_f = 0.3;
  spec.V = 0.05;
  spec.Omega = 0.05;
  spec.dt = 0.01;
  return plan_path(spec);
}

const StewartModel& platform() {
  static const StewartModel m = dasgupta_test_platform(false);
  return m;
}

TEST(StewartControlStudy, CasesAreTheSixOfTheStudyNamedByLawAndMismatch) {
  const std::vector<PlatformControlCase> cases = platform_control_cases();
  ASSERT_EQ(cases.size(), 6u);
  const char* names[] = {"ideal", "payload", "inertia", "dasgupta_model", "quantised", "pd"};
  for (std::size_t k = 0; k < cases.size(); ++k) {
    EXPECT_EQ(cases[k].name, names[k]);
    // each is the case platform_control_case names so
    const PlatformControlCase c = platform_control_case(cases[k].law, cases[k].mismatch);
    EXPECT_EQ(c.name, cases[k].name);
  }
  EXPECT_EQ(platform_control_case(PlatformControlLaw::pd, Mismatch::quantised).name, "pd_quantised");
  EXPECT_EQ(platform_control_case(PlatformControlLaw::computed_torque, Mismatch::none).name, "ideal");
}

TEST(StewartControlStudy, EachCaseIsItsOwnControlRun) {
  PlatformControlStudyOptions o;
  o.cases = {platform_control_cases()[0], platform_control_cases()[1],
             platform_control_cases()[5]};
  std::vector<std::string> seen;
  const auto results = run_platform_control_study(
      platform(), short_path(), o,
      [&](const PlatformControlCaseResult& r) { seen.push_back(r.which.name); });
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(seen, (std::vector<std::string>{"ideal", "payload", "pd"}));
  for (const PlatformControlCaseResult& r : results) {
    EXPECT_FALSE(r.diverged) << r.which.name;
    // the same numbers as control() with the case's law and mismatch
    PlatformControlOptions co;
    co.law = r.which.law;
    co.mismatch = r.which.mismatch;
    const TrackingSummary alone = summarize_tracking(control(platform(), short_path(), co));
    EXPECT_EQ(r.summary.max_position_error, alone.max_position_error) << r.which.name;
    EXPECT_EQ(r.summary.max_abs_force, alone.max_abs_force) << r.which.name;
    EXPECT_EQ(r.simulation.time.size(), 301);
  }
  // An exact model tracks to micrometres (measured 4.7e-6 m on this brisk path); an unknown
  // 10 kg payload far worse
  EXPECT_LT(results[0].summary.max_position_error, 1e-5);
  EXPECT_GT(results[1].summary.max_position_error, 10 * results[0].summary.max_position_error);
  EXPECT_LE(results[0].summary.rms_position_error, results[0].summary.max_position_error);
}

TEST(StewartControlStudy, DivergedCaseIsRecordedAndTheOthersStillRun) {
  // A plant integration that cannot finish a control period (Dormand-Prince allowed 10 steps of
  // at most 1e-5 s in a 1e-3 s period): control() throws std::runtime_error, the case is
  // recorded as diverged and the next case still runs
  PlatformControlStudyOptions o;
  o.cases = {platform_control_cases()[0], platform_control_cases()[5]};
  o.control.integrator = IntegratorType::dormand_prince;
  o.control.adaptive.max_step = 1e-5;
  o.control.adaptive.max_steps = 10;
  std::vector<std::string> seen;
  const auto diverged = run_platform_control_study(
      platform(), short_path(), o,
      [&](const PlatformControlCaseResult& r) { seen.push_back(r.which.name); });
  ASSERT_EQ(diverged.size(), 2u);
  EXPECT_EQ(seen, (std::vector<std::string>{"ideal", "pd"}));
  for (const auto& r : diverged) {
    EXPECT_TRUE(r.diverged) << r.which.name;
    EXPECT_EQ(r.error.rfind("simulate: step 0", 0), 0u) << r.error;
    EXPECT_TRUE(std::isnan(r.summary.max_position_error));
    EXPECT_EQ(r.simulation.time.size(), 0);
  }
  // The summary CSV: one row per case, nan for a diverged one
  std::ostringstream os;
  write_platform_control_summary_csv(os, diverged);
  EXPECT_EQ(os.str(),
            "case,law,mismatch,max_position_error,rms_position_error,max_orientation_error,"
            "rms_orientation_error,max_abs_force\n"
            "ideal,computed_torque,none,nan,nan,nan,nan,nan\n"
            "pd,pd,none,nan,nan,nan,nan,nan\n");
}

TEST(StewartControlStudy, SummaryCsvHasTenDigits) {
  PlatformControlCaseResult r;
  r.which = platform_control_case(PlatformControlLaw::pd, Mismatch::payload);
  r.summary = {1.0 / 3, 2e-7, 0.5, 0.25, 1234.5678901234};
  std::ostringstream os;
  write_platform_control_summary_csv(os, {r});
  EXPECT_NE(os.str().find("\npd_payload,pd,payload,0.3333333333,2e-07,0.5,0.25,1234.56789\n"),
            std::string::npos)
      << os.str();
}

TEST(StewartControlStudy, ErrorsNameTheOption) {
  PlatformControlStudyOptions o;
  o.cases.clear();
  EXPECT_EQ(message_of([&] { run_platform_control_study(platform(), short_path(), o); }),
            "run_platform_control_study: cases is empty");
  o.cases = {platform_control_cases()[0], platform_control_cases()[0]};
  EXPECT_EQ(message_of([&] { run_platform_control_study(platform(), short_path(), o); }),
            "run_platform_control_study: case name 'ideal' is repeated");
  o.cases = {{"", PlatformControlLaw::pd, Mismatch::none}};
  EXPECT_EQ(message_of([&] { run_platform_control_study(platform(), short_path(), o); }),
            "run_platform_control_study: a case has an empty name");
  // a bad option of control() is an error, not a diverged case
  o.cases = {platform_control_cases()[0]};
  o.control.control_period = -1;
  EXPECT_NE(message_of([&] { run_platform_control_study(platform(), short_path(), o); }),
            "(no exception)");
}

}  // namespace
}  // namespace manipdyn::stewart
