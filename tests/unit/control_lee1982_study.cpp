// Unit tests of the study of Lee et al. ~1982 with the payload loop closed
// (manipdyn/control/lee1982_study.hpp): the runs against the cases of lee1982_experiments run
// one by one, the identified payload against the plant's, the hooks' order, and the errors.
#include "manipdyn/control/lee1982_study.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "manipdyn/serial/builtin_models.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// The study on the paper's setting, run once, and the order in which its hooks were called.
struct RecordedStudy {
  Lee1982Study study;
  std::vector<std::string> order;
};
const RecordedStudy& recorded() {
  static const RecordedStudy r = [] {
    RecordedStudy out;
    Lee1982StudyOptions o;
    o.before_run = [&](TrackingExperiment& e) { out.order.push_back("before " + e.name); };
    o.after_run = [&](const TrackingExperiment& e, const TrackingExperimentResult& res) {
      EXPECT_EQ(e.name, res.name);
      out.order.push_back("after " + e.name);
    };
    o.after_payload = [&](const Lee1982Study& s) {
      out.order.push_back("payload " + s.payload_case);
    };
    out.study = run_lee1982_study(puma560(true), lee1982_base_experiment(), "puma560", o);
    return out;
  }();
  return r;
}

TEST(Lee1982Study, BaseExperimentIsThePapersSetting) {
  const TrackingExperiment e = lee1982_base_experiment();
  EXPECT_EQ(e.q_start, lee1982_start_pose());
  EXPECT_EQ(e.q_goal, lee1982_goal_pose());
  EXPECT_EQ(e.move_time, 2.0);
  EXPECT_EQ(e.settle_time, 0.5);
  EXPECT_EQ(e.law, ControlLaw::computed_torque);
  EXPECT_EQ(e.kp, 100.0);
  EXPECT_EQ(e.kv, 20.0);
  EXPECT_EQ(e.simulation.control_period, 0.01);
  EXPECT_EQ(e.simulation.step, 1e-3);
  EXPECT_EQ(e.simulation.integrator, IntegratorType::rk4);
  EXPECT_EQ(e.payload, 0.0);
  EXPECT_EQ(e.simulation.position_bits, 0);
}

TEST(Lee1982Study, RunsEachCaseAsItsOwnRunThenThePayloadIdentified) {
  const SerialModel arm = puma560(true);
  const Lee1982Study& study = recorded().study;
  const std::vector<std::string>& order = recorded().order;
  // The cases of lee1982_experiments, then payload_identified
  const std::vector<TrackingExperiment> cases = lee1982_experiments(lee1982_base_experiment(), "puma560");
  ASSERT_EQ(study.experiments.size(), cases.size() + 1);
  ASSERT_EQ(study.results.size(), study.experiments.size());
  for (std::size_t k = 0; k < cases.size(); ++k) {
    EXPECT_EQ(study.experiments[k].name, cases[k].name);
    // each run is the case's own run: the same numbers as run_tracking_experiment alone
    const TrackingExperimentResult alone = run_tracking_experiment(arm, cases[k]);
    EXPECT_EQ(study.results[k].max_abs_error, alone.max_abs_error) << cases[k].name;
    EXPECT_EQ(study.results[k].max_abs_torque, alone.max_abs_torque) << cases[k].name;
  }
  EXPECT_EQ(study.experiments.back().name, "payload_identified");
  EXPECT_EQ(study.payload_case, "payload_2.5kg");
  // The hooks: before and after each run, the payload between the cases and its run
  std::vector<std::string> expected;
  for (const auto& c : cases) {
    expected.push_back("before " + c.name);
    expected.push_back("after " + c.name);
  }
  expected.push_back("payload payload_2.5kg");
  expected.push_back("before payload_identified");
  expected.push_back("after payload_identified");
  EXPECT_EQ(order, expected);
}

TEST(Lee1982Study, PayloadComesOutNearThePlantsAndRestoresTracking) {
  // The paper's 2 s move: the plant's 2.5 kg point mass at 5 cm along z is seen
  const Lee1982Study& s = recorded().study;
  ASSERT_EQ(s.plant_payload.size(), 10);
  constexpr double m = 2.5, z = kPlantPayloadOffset;
  EXPECT_DOUBLE_EQ(s.plant_payload[0], m);
  EXPECT_DOUBLE_EQ(s.plant_payload[3], m * z);
  EXPECT_DOUBLE_EQ(s.plant_payload[4], m * z * z);  // Ixx about the origin
  EXPECT_DOUBLE_EQ(s.plant_payload[9], 0.0);        // Izz: a point on the z axis
  // Mass within 1 %, first moment along z within 5 %
  EXPECT_NEAR(s.payload_estimate.mass, m, 0.01 * m);
  EXPECT_NEAR(s.payload_estimate.parameters[3], m * z, 0.05 * m * z);
  EXPECT_EQ(s.controller_payload, physical_payload(s.payload_estimate));
  // Unmodelled payload far worse than ideal; identified: back within 2x the ideal case
  const auto worst = [&](const std::string& name) {
    for (const auto& r : s.results)
      if (r.name == name) return r.max_abs_error.maxCoeff();
    ADD_FAILURE() << "no case " << name;
    return 0.0;
  };
  EXPECT_GT(worst("payload_2.5kg"), 100 * worst("ideal"));
  EXPECT_LT(worst("payload_identified"), 2 * worst("ideal"));
}

TEST(Lee1982Study, ErrorsNameTheInput) {
  TrackingExperiment e = lee1982_base_experiment();
  e.q_start = VectorXd::Zero(3);
  EXPECT_EQ(message_of([&] { run_lee1982_study(puma560(true), e, "puma560"); }),
            "run_tracking_experiment: q_start has 3 values, the model has 6 joints");
}

}  // namespace
}  // namespace manipdyn
