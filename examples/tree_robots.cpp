// Trees and floating bases (docs/trees_example.md): Romeo's whole body on a fixed root, used as
// a dual-arm robot (both grippers' poses and Jacobians, the torques of a motion), and Solo 12,
// a quadruped, on a free-flyer (the wrench that holds its base, forward dynamics, a step on the
// configuration group). Returns non-zero if one of its own checks fails.
//   build/examples/tree_robots
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"

int main() {
  using namespace manipdyn;
  const std::string urdf = std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/";
  bool ok = true;

  // 1. A dual-arm robot on a fixed root: every joint of Romeo's URDF (31), the grippers as
  // named frames. Its published inertias of two arm links are not physical: accepted explicitly.
  UrdfOptions fixed;
  fixed.whole_tree = true;
  fixed.allow_invalid_inertia = true;
  const SerialModel romeo = serial_model_from_urdf_file(urdf + "romeo_small.urdf", fixed);
  SerialData data(romeo);
  VectorXd q = random_configuration(romeo, 1);  // within the joint limits
  const VectorXd qd = VectorXd::Constant(romeo.nv(), 0.2), qdd = VectorXd::Constant(romeo.nv(), 1.0);
  const VectorXd tau = inverse_dynamics(romeo, data, q, qd, qdd);  // (31), in joint_names() order
  const Matrix4d left = frame_pose(romeo, data, q, "l_gripper");
  const MatrixXd J_left = frame_jacobian(romeo, data, q, "l_gripper");  // 6 x 31
  const Matrix4d right = frame_pose(romeo, data, q, "r_gripper");
  std::cout << romeo.name << ": " << romeo.dof() << " joints; the grippers are "
            << (left.block<3, 1>(0, 3) - right.block<3, 1>(0, 3)).norm() << " m apart\n";
  const std::vector<std::string> names = romeo.joint_names();
  for (int i = 0; i < romeo.dof(); ++i)
    if (names[i].rfind("LShoulder", 0) == 0)
      std::cout << "  " << names[i] << ": tau = " << tau[i] << " N m\n";
  // Only the left arm's joints (and the trunk's) move the left gripper.
  for (int i = 0; i < romeo.dof(); ++i)
    if (names[i][0] == 'R' && J_left.col(i).norm() != 0.0) ok = false;

  // 2. A quadruped on a floating base (Pinocchio's conventions): q = [position, quaternion x y z
  // w, 12 joints] (nq = 19), v = [linear, angular velocity of the base in its frame, joints]
  // (nv = 18); the first six entries of tau are the wrench [force; torque] on the base.
  UrdfOptions floating;
  floating.floating_base = true;
  const SerialModel solo = serial_model_from_urdf_file(urdf + "solo12.urdf", floating);
  SerialData solo_data(solo);
  VectorXd qs = neutral(solo);  // base at the origin, quaternion (0, 0, 0, 1), joints at 0
  qs[2] = 0.3;                  // 30 cm above the ground
  const VectorXd G = gravity_torques(solo, solo_data, qs, solo.gravity);
  double mass = solo.base_inertia.mass;
  for (const auto& link : solo.links) mass += link.mass;
  std::cout << solo.name << ": nq = " << solo.nq() << ", nv = " << solo.nv()
            << "; the base must be held up by " << G[2] << " N (weight " << mass * 9.81 << " N)\n";
  if (std::abs(G[2] - mass * 9.81) > 1e-9 * mass * 9.81) ok = false;

  // Forward dynamics from a torque, then inverse dynamics gives it back.
  const VectorXd v = VectorXd::Constant(solo.nv(), 0.1);
  VectorXd tau_s = VectorXd::Zero(solo.nv());
  tau_s.tail(solo.dof()).setConstant(0.5);  // joint torques; no wrench on the base: it falls
  ForwardDynamicsData fd(solo);
  const VectorXd a = forward_dynamics(solo, fd, qs, v, tau_s);
  const VectorXd back = inverse_dynamics(solo, solo_data, qs, v, a);
  std::cout << "  falling base acceleration (base frame): " << a.head<3>().transpose() << "\n";
  if ((back - tau_s).cwiseAbs().maxCoeff() > 1e-9) ok = false;

  // One step of 10 ms on the configuration group (the quaternion stays unit).
  const VectorXd next = integrate(solo, qs, v, 0.01);
  if (std::abs(next.segment<4>(3).norm() - 1.0) > 1e-12) ok = false;
  if ((difference(solo, qs, next) - 0.01 * v).cwiseAbs().maxCoeff() > 1e-12) ok = false;
  std::cout << "  centre of mass: " << center_of_mass(solo, solo_data, next).transpose() << "\n"
            << (ok ? "checks passed" : "CHECK FAILED") << "\n";
  return ok ? 0 : 1;
}
