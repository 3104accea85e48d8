// The Delta robot of the general engine (parallel::delta) against MuJoCo 2.2 as a peer, the
// loops closed by MuJoCo's equality constraints. The MJCF is written here from the parameters
// (not from the engine's chains): the platform a body on three slide joints (it translates),
// each leg an upper-arm body on a hinge about its motor axis (the motor's reflected inertia
// G^2 J_m as the hinge's armature) carrying the elbow's point mass (a jointless child body) and
// the forearm's midline rod on two hinges at the elbow (a universal joint), the rod's far end
// held on the platform by a `connect` constraint. Two checks, along a smooth motion of the RL5
// and of a lab-sized Delta:
//  - the torques from MuJoCo's own dynamics of the open tree: M qacc + qfrc_bias = S^T tau +
//    J_c^T lambda with MuJoCo's mass matrix (mj_fullM), bias forces and connect-constraint
//    Jacobian (efc_J), qacc the engine's (consistent with the loops), solved for tau and the
//    constraint forces lambda: equal to parallel::inverse_dynamics to kTreeTolerance;
//  - MuJoCo's simulation (soft constraints, RK4) driven by the engine's torques, open loop,
//    follows the planned motion to kSimulationTolerance, while torques 1 % off do not (the
//    check can fail).
// Without MuJoCo the file compiles to one skipped test that says so.
#include <gtest/gtest.h>

#if !MANIPDYN_HAVE_MUJOCO
TEST(ParallelDeltaMujoco, Skipped) {
  GTEST_SKIP() << "MuJoCo not found when configuring (Debian: libmujoco-dev): the MuJoCo peer "
                  "checks are not built";
}
#else
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "../support/delta_closed_form.hpp"
#include "../support/mujoco_peer.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::Matrix3d;
using manipdyn::PlatformMotion;
using manipdyn::Vector3d;
using manipdyn::test_support::delta_closed_form_ik;
using manipdyn::test_support::delta_leg_axes;
using manipdyn::test_support::delta_test_motion;

namespace {

constexpr double kTreeTolerance = 1e-11;         // relative: MuJoCo's tree dynamics + our projection
constexpr double kSimulationTolerance = 0.5e-3;  // m: the simulated platform's largest distance from the plan
constexpr double kMotionTime = 0.5;              // s simulated
constexpr double kTimeStep = 2e-4;               // s

// The Delta in MuJoCo, and where each coordinate is (file comment).
struct DeltaInMujoco {
  std::unique_ptr<mjModel, manipdyn::test_support::MjModelDeleter> m;
  std::unique_ptr<mjData, manipdyn::test_support::MjDataDeleter> d;
  int platform_qpos = 0, platform_dof = 0;       // the x, y, z slides (consecutive)
  std::array<std::array<int, 3>, 3> qpos{}, dof{};  // [leg][motor, elbow1, elbow2]
  Vector3d x_home = Vector3d::Zero();            // the platform at qpos = 0
};

void append_vector(std::ostringstream& xml, const char* attribute, const Vector3d& v) {
  xml << ' ' << attribute << "=\"" << v.x() << ' ' << v.y() << ' ' << v.z() << '"';
}

void append_rotation(std::ostringstream& xml, const Matrix3d& R) {
  const Eigen::Quaterniond q(R);
  xml << " quat=\"" << q.w() << ' ' << q.x() << ' ' << q.y() << ' ' << q.z() << '"';
}

// The MJCF assembled at the platform position x_home (where the connect constraints hold).
DeltaInMujoco delta_in_mujoco(const mp::DeltaParameters& p, const Vector3d& x_home) {
  using manipdyn::test_support::mujoco_detail::kPlaceholderInertial;
  using manipdyn::test_support::mujoco_detail::set_body_inertia;
  const double L1 = p.upper_arm_length, L2 = p.forearm_length;
  const Vector3d q_home = delta_closed_form_ik(p, x_home);
  std::ostringstream xml;
  xml.precision(17);
  xml << "<mujoco model=\"delta\">\n  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n  <option";
  append_vector(xml, "gravity", p.gravity);
  xml << " timestep=\"" << kTimeStep << "\" integrator=\"RK4\" jacobian=\"dense\"/>\n  <worldbody>\n";
  // the platform: three slides along the world axes
  xml << "<body name=\"platform\"";
  append_vector(xml, "pos", x_home);
  xml << "><joint name=\"px\" type=\"slide\" axis=\"1 0 0\" limited=\"false\"/>"
         "<joint name=\"py\" type=\"slide\" axis=\"0 1 0\" limited=\"false\"/>"
         "<joint name=\"pz\" type=\"slide\" axis=\"0 0 1\" limited=\"false\"/>"
      << kPlaceholderInertial << "</body>\n";
  std::array<Matrix3d, 3> arm_axes, rod_axes;
  for (int i = 0; i < 3; ++i) {
    Vector3d e, u;
    delta_leg_axes(i, e, u);
    // the upper arm's frame at home: x along the arm, z the motor axis
    const Vector3d d = std::cos(q_home(i)) * e - std::sin(q_home(i)) * Vector3d::UnitZ();
    arm_axes[i] << d, u.cross(d), u;
    // the rod's frame at home: x along the forearm, z the universal joint's second axis u x x2
    // (x2 the forearm's direction across the motor axis), y = z x x
    const Vector3d B = p.base_radius * e + L1 * d, P = x_home + p.platform_radius * e;
    const Vector3d f = (P - B) / L2;
    const Vector3d x2 = (f - f.dot(u) * u).normalized();
    const Vector3d z3 = u.cross(x2);
    rod_axes[i] << f, z3.cross(f), z3;
    const std::string n = std::to_string(i);
    xml << "<body name=\"arm" << n << '"';
    append_vector(xml, "pos", Vector3d(p.base_radius * e));
    append_rotation(xml, arm_axes[i]);
    xml << "><joint name=\"motor" << n << "\" type=\"hinge\" axis=\"0 0 1\" limited=\"false\" armature=\""
        << p.gear_ratio * p.gear_ratio * p.motor_inertia << "\"/>" << kPlaceholderInertial << '\n';
    xml << "  <body name=\"elbow" << n << "\" pos=\"" << L1 << " 0 0\">" << kPlaceholderInertial << "</body>\n";
    xml << "  <body name=\"rod" << n << "\" pos=\"" << L1 << " 0 0\"";
    append_rotation(xml, Matrix3d(arm_axes[i].transpose() * rod_axes[i]));
    xml << "><joint name=\"elbow1_" << n << "\" type=\"hinge\" limited=\"false\"";
    append_vector(xml, "axis", Vector3d(rod_axes[i].transpose() * u));
    xml << "/><joint name=\"elbow2_" << n << "\" type=\"hinge\" axis=\"0 0 1\" limited=\"false\"/>"
        << kPlaceholderInertial << "</body>\n</body>\n";
  }
  xml << "  </worldbody>\n  <equality>\n";
  for (int i = 0; i < 3; ++i)
    xml << "<connect body1=\"rod" << i << "\" body2=\"platform\" anchor=\"" << L2
        << " 0 0\" solref=\"0.002 1\" solimp=\"0.999 0.9999 0.001\"/>\n";
  xml << "  </equality>\n</mujoco>\n";

  DeltaInMujoco r;
  r.m = manipdyn::test_support::mujoco_compile(xml.str());
  r.x_home = x_home;
  mjModel* m = r.m.get();
  auto body = [&](const std::string& name) { return mj_name2id(m, mjOBJ_BODY, name.c_str()); };
  auto joint = [&](const std::string& name) { return mj_name2id(m, mjOBJ_JOINT, name.c_str()); };
  // the inertias from the parameters
  const double m_rod = 2.0 * p.forearm_bar_mass, rod_cross = m_rod * L2 * L2 / 12.0;
  const double arm_cross = p.upper_arm_inertia - p.upper_arm_mass * p.upper_arm_com * p.upper_arm_com;
  set_body_inertia(m, body("platform"), p.platform_mass, Vector3d::Zero(), 1e-3 * Matrix3d::Identity());
  for (int i = 0; i < 3; ++i) {
    const std::string n = std::to_string(i);
    set_body_inertia(m, body("arm" + n), p.upper_arm_mass, Vector3d(p.upper_arm_com, 0, 0),
                     Vector3d(0.0, arm_cross, arm_cross).asDiagonal());
    set_body_inertia(m, body("elbow" + n), p.elbow_mass, Vector3d::Zero(), Matrix3d::Zero());
    set_body_inertia(m, body("rod" + n), m_rod, Vector3d(L2 / 2, 0, 0), Vector3d(0.0, rod_cross, rod_cross).asDiagonal());
    const std::array<std::string, 3> names = {"motor" + n, "elbow1_" + n, "elbow2_" + n};
    for (int j = 0; j < 3; ++j) {
      r.qpos[i][j] = m->jnt_qposadr[joint(names[j])];
      r.dof[i][j] = m->jnt_dofadr[joint(names[j])];
    }
  }
  r.platform_qpos = m->jnt_qposadr[joint("px")];
  r.platform_dof = m->jnt_dofadr[joint("px")];
  r.d.reset(mj_makeData(m));
  mj_setConst(m, r.d.get());
  return r;
}

// MuJoCo's state from the engine's (joint angles from the model's home assembly).
void set_state(DeltaInMujoco& r, const mp::ParallelModel& model, const mp::ParallelData& data, const PlatformMotion& x) {
  for (int k = 0; k < 3; ++k) {
    r.d->qpos[r.platform_qpos + k] = x.t(k) - r.x_home(k);
    r.d->qvel[r.platform_dof + k] = x.v(k);
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const std::size_t ii = static_cast<std::size_t>(i);
      r.d->qpos[r.qpos[i][j]] = data.q[ii](j) - model.legs[ii].home_q(j);
      r.d->qvel[r.dof[i][j]] = data.qd[ii](j);
    }
}

struct Agreement {
  double tree = 0;        // relative, the torques from MuJoCo's tree dynamics
  double simulation = 0;  // m, the simulated platform from the plan
  double simulation_off = 0;  // m, the same with the torques 1 % off
};

Agreement compare(const mp::DeltaParameters& p, double amplitude, double w) {
  const mp::ParallelModel model = mp::delta(p);
  mp::ParallelData data(model);
  DeltaInMujoco r = delta_in_mujoco(p, model.home.translation());
  mjModel* m = r.m.get();
  mjData* d = r.d.get();
  const int nv = m->nv;
  const Vector3d x0 = model.home.translation() + Vector3d(0, 0, 0.1 * p.forearm_length);
  auto motion = [&](double t) { return delta_test_motion(x0, amplitude, w, t); };
  Agreement a;
  // the torques from MuJoCo's tree dynamics and constraint Jacobian, the engine's qacc
  for (int k = 0; k <= 100; ++k) {
    const PlatformMotion x = motion(kMotionTime * k / 100);
    const Eigen::VectorXd tau = mp::inverse_dynamics(model, data, x);
    set_state(r, model, data, x);
    mj_forward(m, d);
    EXPECT_EQ(d->nefc, 9);
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> M(nv, nv);
    mj_fullM(m, M.data(), d->qM);
    const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> Jc(d->efc_J, d->nefc, nv);
    Eigen::VectorXd qacc(nv), bias = Eigen::Map<const Eigen::VectorXd>(d->qfrc_bias, nv);
    for (int c = 0; c < 3; ++c) qacc(r.platform_dof + c) = x.a(c);
    Eigen::MatrixXd G = Eigen::MatrixXd::Zero(nv, 3 + d->nefc);  // [S^T, J_c^T]
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) qacc(r.dof[i][j]) = data.qdd[static_cast<std::size_t>(i)](j);
      G(r.dof[i][0], i) = 1.0;
    }
    G.rightCols(d->nefc) = Jc.transpose();
    const Eigen::VectorXd unknowns = G.partialPivLu().solve(M * qacc + bias);
    a.tree = std::max(a.tree, (unknowns.head<3>() - tau).norm() / tau.norm());
  }
  // MuJoCo's simulation driven by the engine's torques (at each step's middle), open loop
  for (const double scale : {1.0, 1.01}) {
    mj_resetData(m, d);
    data = mp::ParallelData(model);
    mp::inverse_dynamics(model, data, motion(0.0));
    set_state(r, model, data, motion(0.0));
    double worst = 0;
    const int steps = static_cast<int>(std::lround(kMotionTime / kTimeStep));
    for (int s = 0; s < steps; ++s) {
      const Eigen::VectorXd tau = mp::inverse_dynamics(model, data, motion((s + 0.5) * kTimeStep));
      for (int i = 0; i < 3; ++i) d->qfrc_applied[r.dof[i][0]] = scale * tau(i);
      mj_step(m, d);
      const Vector3d x_sim = r.x_home + Vector3d(d->qpos[r.platform_qpos], d->qpos[r.platform_qpos + 1], d->qpos[r.platform_qpos + 2]);
      worst = std::max(worst, (x_sim - motion((s + 1) * kTimeStep).t).norm());
    }
    (scale == 1.0 ? a.simulation : a.simulation_off) = worst;
  }
  return a;
}

mp::DeltaParameters lab_delta() { return manipdyn::test_support::delta_lab_parameters(); }

}  // namespace

TEST(ParallelDeltaMujoco, TorquesAgreeWithMujocosClosedLoops) {
  for (const mp::DeltaParameters& p : {mp::delta_rl5_1450_parameters(), lab_delta()}) {
    const Agreement a = compare(p, 0.3 * p.upper_arm_length, 6.0);
    EXPECT_LT(a.tree, kTreeTolerance) << p.name;
    EXPECT_LT(a.simulation, kSimulationTolerance) << p.name;
    EXPECT_GT(a.simulation_off, kSimulationTolerance) << p.name << ": the simulation check cannot tell 1 % off torques";
    std::printf("%s: MuJoCo tree dynamics + constraint Jacobian vs inverse_dynamics %.2e relative; MuJoCo simulation "
                "driven by our torques follows the plan to %.3f mm over %.1f s (torques 1 %% off: %.3f mm)\n",
                p.name.c_str(), a.tree, 1e3 * a.simulation, kMotionTime, 1e3 * a.simulation_off);
  }
}
#endif
