// simulate(): the recipe (zero-order hold, logging), the hardware options (torque limits,
// A/D quantisation), and the documented errors for bad inputs and non-finite states.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "manipdyn/control/controller.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/simulation/simulate.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// A controller returning a constant torque vector (and recording what it measured).
class ConstantTorque final : public Controller {
 public:
  explicit ConstantTorque(VectorXd tau) : tau_(std::move(tau)) {}
  int dof() const override { return static_cast<int>(tau_.size()); }
  void compute(double, const VectorXd& q, const VectorXd&, VectorXd& tau) override {
    last_q = q;
    ++calls;
    tau = tau_;
  }
  VectorXd last_q;
  int calls = 0;

 private:
  VectorXd tau_;
};

TEST(Simulate, SamplesLogAndZeroOrderHold) {
  const SerialModel model = puma560(false);
  ConstantTorque ctl(VectorXd::Constant(6, 1e3));
  SimulationOptions o;
  o.duration = 0.1;
  o.control_period = 0.02;
  o.torque_limit = VectorXd::Constant(6, 5.0);
  const SimulationResult r = simulate(model, &ctl, VectorXd::Zero(6), VectorXd::Zero(6), o);
  EXPECT_EQ(r.t.size(), 6);
  EXPECT_NEAR(r.t[5], 0.1, 1e-15);
  EXPECT_EQ(ctl.calls, 6);                       // one call per sampling instant
  EXPECT_EQ(r.tau.cwiseAbs().maxCoeff(), 5.0);  // saturated
  EXPECT_EQ(r.plant_steps, 5 * 20);              // 1 ms steps inside each 20 ms interval
  EXPECT_FALSE(r.has_reference);
  EXPECT_THROW(r.error(), std::logic_error);
}

TEST(Simulate, PositionSensorsAreQuantised) {
  EXPECT_DOUBLE_EQ(quantise(0.3, 0, 1.0), 0.3);
  const double res = 4.26e-4;  // 12 bits over the default range
  EXPECT_NEAR(quantise(1.0, 12, 4.26e-4 * 4096), res * std::round(1.0 / res), 1e-15);
  const SerialModel model = puma560(false);
  ConstantTorque ctl(VectorXd::Zero(6));
  SimulationOptions o;
  o.duration = 0.01;
  o.position_bits = 12;
  const VectorXd q0 = VectorXd::Constant(6, 0.1234567);
  simulate(model, &ctl, q0, VectorXd::Zero(6), o);
  for (int i = 0; i < 6; ++i) {
    const double steps = ctl.last_q[i] / res;
    EXPECT_NEAR(steps, std::round(steps), 1e-9);
  }
}

TEST(Simulate, NonFiniteStateNamesStepAndState) {
  const SerialModel model = puma560(false);
  ConstantTorque ctl(VectorXd::Constant(6, 1e307));
  SimulationOptions o;
  o.duration = 0.05;
  try {
    simulate(model, &ctl, VectorXd::Zero(6), VectorXd::Zero(6), o);
    FAIL() << "expected a SimulationError";
  } catch (const SimulationError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind("simulate: the state became non-finite during step 1 of 5 (t = 0 s to "
                      "0.01 s), starting from q = [0, 0, 0, 0, 0, 0], qd = [0, 0, 0, 0, 0, 0]",
                      0),
              0u)
        << m;
    EXPECT_EQ(e.step, 1);
    EXPECT_EQ(e.q.size(), 6);
  }
}

TEST(Simulate, BadInputs) {
  const SerialModel model = puma560(false);
  const VectorXd z = VectorXd::Zero(6);
  SimulationOptions o;
  o.duration = -1.0;
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, z, o); }),
            "simulate: duration = -1, expected a finite value > 0");
  o.duration = 1.0;
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, VectorXd::Zero(5), z, o); }),
            "simulate: q0 has size 5, expected 6");
  VectorXd bad = z;
  bad[3] = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, bad, o); }), "simulate: qd0[3] is inf");
  o.torque_limit = VectorXd::Constant(6, -1.0);
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, z, o); }),
            "simulate: torque_limit[0] must be > 0");
  o.torque_limit.resize(0);
  ConstantTorque five(VectorXd::Zero(5));
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, &five, z, z, o); }),
            "simulate: the controller has 5 joints, the plant 6");
  EXPECT_THROW(integrator_from_string("euler"), std::invalid_argument);
}

TEST(Simulate, ControllerModelOfAnotherSizeIsNamed) {
  // A 3-joint controller model tracking a 6-joint trajectory: the message names the
  // controller's model and both sizes.
  const JointTrajectory traj = JointTrajectory::quintic({VectorXd::Zero(6), VectorXd::Ones(6)}, {1.0});
  EXPECT_EQ(message_of<std::exception>([&] {
              TrackingController(random_arm(3, 1, DhConvention::standard), traj, ControlLaw::computed_torque,
                                 VectorXd::Constant(3, 100.0), VectorXd::Constant(3, 20.0));
            }),
            "TrackingController: the trajectory has 6 joints, the controller's model 3");
}

TEST(Simulate, WorkIsBoundedAndNothingIsChangedSilently) {
  // Reproducers of the reliability issue: step 1e-12 hung, duration 1e12 exhausted memory,
  // step 10 was silently shortened; sensor bits did not say which setting.
  const SerialModel model = puma560(false);
  const VectorXd z = VectorXd::Zero(6);
  SimulationOptions o;
  o.step = 1e-12;
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, z, o); }),
            "simulate: duration / step = 1 / 1e-12 = 1e+12 RK4 steps, more than the limit 1e+07");
  o.step = 1e-3;
  o.duration = 1e12;
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, z, o); }),
            "simulate: duration / control_period = 1e+12 / 0.01 gives 1e+14 samples, more than "
            "the limit 1000000");
  o.duration = 1.0;
  o.step = 10.0;
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, z, o); }),
            "simulate: step = 10 s is longer than the control_period = 0.01 s (use a step <= the "
            "period)");
  o.step = 1e-3;
  o.velocity_bits = 60;
  EXPECT_EQ(message_of<std::exception>([&] { simulate(model, nullptr, z, z, o); }),
            "simulate: velocity_bits = 60 must lie in 0..52 (0 = ideal sensor)");
}

}  // namespace
}  // namespace manipdyn

namespace manipdyn {
namespace {

// A controller that records the velocity it measured.
class VelocityProbe final : public Controller {
 public:
  int dof() const override { return 6; }
  void compute(double, const VectorXd& q, const VectorXd& qd, VectorXd& tau) override {
    qs.push_back(q);
    qds.push_back(qd);
    tau.setZero();
  }
  std::vector<VectorXd> qs, qds;
};

TEST(Simulate, VelocityFromPositionDifferences) {
  const SerialModel model = puma560(false);
  VelocityProbe probe;
  SimulationOptions o;
  o.duration = 0.05;
  o.position_bits = 12;
  o.velocity_from_positions = true;
  simulate(model, &probe, VectorXd::Constant(6, 0.3), VectorXd::Constant(6, 1.0), o);
  ASSERT_EQ(probe.qds.size(), 6u);
  EXPECT_EQ(probe.qds[0].norm(), 0.0);  // no history at the first sample
  for (std::size_t k = 1; k < probe.qds.size(); ++k)
    EXPECT_LT((probe.qds[k] - (probe.qs[k] - probe.qs[k - 1]) / 0.01).norm(), 1e-12);
  o.control_period = 0.0;
  EXPECT_THROW(simulate(model, &probe, VectorXd::Zero(6), VectorXd::Zero(6), o),
               std::invalid_argument);
}

}  // namespace
}  // namespace manipdyn
