// Unit tests of simulate() (simulation/simulate.hpp) on trees and free-flyers: the integrators
// step the configuration on the group (the quaternion stays unit), a free-floating tree without
// gravity keeps its linear and angular momentum (1e-10 relative), the total energy is conserved
// with gravity and no torque, and the work of constant joint torques is the energy gained (the
// power balance tau . v = dE/dt, integrated), on a free-flyer and on a fixed-root tree; the CSV
// columns carry the joint names.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/centroidal_momentum.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/simulation/constant_torque.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "manipdyn/simulation/simulate.hpp"
#include "../support/free_flyer.hpp"

namespace manipdyn {
namespace {

using test_support::on_free_flyer;
using test_support::random_vector;

SerialModel with_gravity(const SerialModel& model, const Vector3d& g) {
  SerialModelOptions options = model.options();
  options.gravity = g;
  return SerialModel::from_table(model.links, model.convention, options);
}

// The momentum [p; L_O] about the world origin: L_O = L_G + G x p.
Vector6d momentum_about_origin(const SerialModel& model, SerialData& data, const VectorXd& q,
                               const VectorXd& v) {
  Vector6d h = centroidal_momentum(model, data, q, v);
  h.tail<3>() += data.com.cross(Vector3d(h.head<3>()));
  return h;
}

// The largest drift of the momentum about the world origin along the run, relative to its
// initial size.
double momentum_drift(const SerialModel& model, const SimulationResult& r) {
  SerialData data(model);
  const Vector6d h0 = momentum_about_origin(model, data, r.q.row(0).transpose(),
                                            r.qd.row(0).transpose());
  double drift = 0.0;
  for (Eigen::Index k = 1; k < r.t.size(); ++k) {
    const Vector6d h = momentum_about_origin(model, data, r.q.row(k).transpose(),
                                             r.qd.row(k).transpose());
    drift = std::max(drift, (h - h0).norm() / h0.norm());
  }
  return drift;
}

SimulationOptions run_options(double duration, double step) {
  SimulationOptions o;
  o.duration = duration;
  o.control_period = 0.01;
  o.step = step;
  return o;
}

SerialModel floating_tree() {
  return with_gravity(on_free_flyer(random_tree(9, 21, {.branching = 0.5})), Vector3d::Zero());
}

TEST(SimulationFreeFlyer, MomentumIsConservedWithoutGravity) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(5);
  const VectorXd q0 = random_configuration(model, rng);
  const VectorXd v0 = random_vector(model.nv(), rng);
  const SimulationResult r = simulate(model, nullptr, q0, v0, run_options(1.0, 1e-3));
  const double drift = momentum_drift(model, r);
  std::cout << "free-floating 9-joint tree, RK4 h = 1e-3 s, 1 s: momentum drift " << drift
            << "\n";
  EXPECT_LT(drift, 1e-10);
  // The quaternion stays unit (integrate's exponential).
  for (Eigen::Index k = 0; k < r.t.size(); ++k)
    EXPECT_LT(std::abs(r.q.row(k).segment<4>(3).norm() - 1.0), 1e-14);
  // Dormand-Prince 5(4) with tight tolerances too.
  SimulationOptions dp = run_options(1.0, 1e-3);
  dp.integrator = IntegratorType::dormand_prince;
  dp.adaptive.atol = 1e-13;
  dp.adaptive.rtol = 1e-13;
  const double dp_drift = momentum_drift(model, simulate(model, nullptr, q0, v0, dp));
  std::cout << "Dormand-Prince atol = rtol = 1e-13: momentum drift " << dp_drift << "\n";
  EXPECT_LT(dp_drift, 1e-10);
}

// solo12's whole URDF tree on a floating base, no gravity: the same.
TEST(SimulationFreeFlyer, Solo12KeepsItsMomentumWithoutGravity) {
  UrdfOptions urdf;
  urdf.whole_tree = true;
  urdf.floating_base = true;
  const SerialModel model = with_gravity(
      serial_model_from_urdf_file(
          std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/solo12.urdf", urdf),
      Vector3d::Zero());
  std::mt19937_64 rng(15);
  const VectorXd q0 = random_configuration(model, rng);
  const VectorXd v0 = random_vector(model.nv(), rng);
  const SimulationResult r = simulate(model, nullptr, q0, v0, run_options(1.0, 1e-3));
  const double drift = momentum_drift(model, r);
  std::cout << "solo12 floating, RK4 h = 1e-3 s, 1 s: momentum drift " << drift << "\n";
  EXPECT_LT(drift, 1e-10);
}

// RKMK keeps RK4's order on the group: halving the step divides the error by about 16.
TEST(SimulationFreeFlyer, Rk4OnTheGroupIsFourthOrder) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(6);
  const VectorXd q0 = random_configuration(model, rng);
  const VectorXd v0 = random_vector(model.nv(), rng, 3.0);
  const auto end = [&](double h) {
    SimulationOptions o = run_options(0.4, h);
    o.control_period = 0.4;
    const SimulationResult r = simulate(model, nullptr, q0, v0, o);
    return VectorXd(r.q.bottomRows(1).transpose());
  };
  const VectorXd reference = end(0.4 / 1600);
  const double e1 = difference(model, reference, end(0.4 / 50)).norm();
  const double e2 = difference(model, reference, end(0.4 / 100)).norm();
  std::cout << "RK4 on the group: error " << e1 << " at h = 8e-3, " << e2 << " at 4e-3 (ratio "
            << e1 / e2 << ")\n";
  EXPECT_GT(e1 / e2, 12.0);
  EXPECT_LT(e1 / e2, 20.0);
}

// E(t_k) - E(0) = tau . (q_j(t_k) - q_j(0)) for constant joint torques (zero: energy conserved).
void expect_power_balance(const SerialModel& model, const VectorXd& tau, double tolerance) {
  std::mt19937_64 rng(9);
  const VectorXd q0 = random_configuration(model, rng);
  const VectorXd v0 = random_vector(model.nv(), rng);
  ConstantTorque controller(tau);
  const SimulationResult r = simulate(model, &controller, q0, v0, run_options(1.0, 1e-3));
  SerialData data(model);
  const int n = model.dof();
  const double e0 = mechanical_energy(model, data, q0, v0, model.gravity).total();
  double worst = 0.0, scale = std::abs(e0);
  for (Eigen::Index k = 1; k < r.t.size(); ++k) {
    const VectorXd q = r.q.row(k).transpose(), v = r.qd.row(k).transpose();
    const double e = mechanical_energy(model, data, q, v, model.gravity).total();
    const double work = tau.dot(q.tail(n) - q0.tail(n));
    worst = std::max(worst, std::abs(e - e0 - work));
    scale = std::max(scale, std::abs(e));
  }
  std::cout << model.name << (model.root == RootJoint::free_flyer ? " (free-flyer)" : "")
            << ", |tau| = " << tau.norm() << ": energy balance error " << worst / scale
            << " relative\n";
  EXPECT_LT(worst, tolerance * scale);
}

TEST(SimulationFreeFlyer, EnergyAndPowerBalanceWithGravity) {
  const Vector3d g(0.0, 0.0, -9.81);
  const SerialModel floating = with_gravity(on_free_flyer(random_tree(9, 21, {.branching = 0.5})), g);
  const SerialModel fixed = with_gravity(random_tree(9, 21, {.branching = 0.5}), g);
  for (const SerialModel& model : {floating, fixed}) {
    expect_power_balance(model, VectorXd::Zero(model.dof()), 1e-10);
    std::mt19937_64 rng(4);
    expect_power_balance(model, random_vector(model.dof(), rng, 2.0), 1e-10);
  }
}

TEST(SimulationFreeFlyer, CsvColumnsCarryTheJointNames) {
  const SerialModel model = floating_tree();
  SimulationOptions o = run_options(0.02, 1e-3);
  const SimulationResult r = simulate(model, nullptr, neutral(model),
                                      VectorXd::Zero(model.nv()), o);
  EXPECT_EQ(r.q.cols(), model.nq());
  EXPECT_EQ(r.qd.cols(), model.nv());
  EXPECT_EQ(r.tau.cols(), model.dof());
  std::ostringstream os;
  write_simulation_csv(os, r);
  const std::string header = os.str().substr(0, os.str().find('\n'));
  const std::vector<std::string> names = model.joint_names();
  std::string expected = "t,q_base_x,q_base_y,q_base_z,q_base_qx,q_base_qy,q_base_qz,q_base_qw";
  for (const std::string& name : names) expected += ",q_" + name;
  expected += ",qd_base_vx,qd_base_vy,qd_base_vz,qd_base_wx,qd_base_wy,qd_base_wz";
  for (const std::string& name : names) expected += ",qd_" + name;
  for (const std::string& name : names) expected += ",tau_" + name;
  EXPECT_EQ(header, expected);
}

TEST(SimulationFreeFlyer, BadInitialStateIsNamed) {
  const SerialModel model = floating_tree();
  VectorXd q0 = neutral(model);
  q0.segment<4>(3).setZero();
  try {
    simulate(model, nullptr, q0, VectorXd::Zero(model.nv()), run_options(0.1, 1e-3));
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("q0"), std::string::npos) << e.what();
  }
  EXPECT_THROW(simulate(model, nullptr, neutral(model), VectorXd::Zero(model.nq()),
                        run_options(0.1, 1e-3)),
               std::invalid_argument);
}

}  // namespace
}  // namespace manipdyn
