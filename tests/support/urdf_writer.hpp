#pragma once
// URDF text written by the tests: a small writer, random valid inertias and random trees with
// every joint type, axes along +-x, +-y, +-z and oblique ones, parallel, intersecting and
// coincident consecutive axes, fixed joints with mass, and side branches (fixed and movable).
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/core/rotation.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::test {

/// Writes a URDF document element by element; numbers with 17 significant digits.
class UrdfWriter {
 public:
  explicit UrdfWriter(const std::string& robot) {
    os_ << std::setprecision(17) << "<?xml version=\"1.0\"?>\n<robot name=\"" << robot << "\">\n";
  }
  /// A link without <inertial>.
  void link(const std::string& name) { os_ << "  <link name=\"" << name << "\"/>\n"; }
  /// A link with mass m, COM frame at xyz/rpy (in the link frame), inertia I in the COM frame.
  void link(const std::string& name, double m, const Vector3d& xyz, const Vector3d& rpy,
            const Matrix3d& I) {
    os_ << "  <link name=\"" << name << "\">\n    <inertial>\n      <origin xyz=\"" << v(xyz)
        << "\" rpy=\"" << v(rpy) << "\"/>\n      <mass value=\"" << m << "\"/>\n"
        << "      <inertia ixx=\"" << I(0, 0) << "\" ixy=\"" << I(0, 1) << "\" ixz=\"" << I(0, 2)
        << "\" iyy=\"" << I(1, 1) << "\" iyz=\"" << I(1, 2) << "\" izz=\"" << I(2, 2)
        << "\"/>\n    </inertial>\n  </link>\n";
  }
  /// A joint; `extra` is inserted verbatim (e.g. "<limit .../>", "<mimic .../>").
  void joint(const std::string& name, const std::string& type, const std::string& parent,
             const std::string& child, const Vector3d& xyz, const Vector3d& rpy,
             const Vector3d& axis = Vector3d::UnitZ(), const std::string& extra = "") {
    os_ << "  <joint name=\"" << name << "\" type=\"" << type << "\">\n    <parent link=\""
        << parent << "\"/>\n    <child link=\"" << child << "\"/>\n    <origin xyz=\"" << v(xyz)
        << "\" rpy=\"" << v(rpy) << "\"/>\n";
    if (type != "fixed") os_ << "    <axis xyz=\"" << v(axis) << "\"/>\n";
    if ((type == "revolute" || type == "prismatic") && extra.find("<limit") == std::string::npos)
      os_ << "    <limit lower=\"-3\" upper=\"3\" effort=\"100\" velocity=\"2\"/>\n";
    os_ << extra << "  </joint>\n";
  }
  std::string str() const { return os_.str() + "</robot>\n"; }

 private:
  static std::string v(const Vector3d& x) {
    std::ostringstream s;
    s << std::setprecision(17) << x.x() << " " << x.y() << " " << x.z();
    return s.str();
  }
  std::ostringstream os_;
};

/// Deterministic uniform numbers (std::mt19937_64 is specified bit for bit).
class Uniform {
 public:
  explicit Uniform(std::uint64_t seed) : rng_(seed) {}
  double operator()(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng_() >> 11) * 0x1.0p-53;
  }
  int index(int n) { return static_cast<int>((*this)(0, n)) % n; }

 private:
  std::mt19937_64 rng_;
};

/// A random physical inertia (principal moments obeying the triangle inequality, rotated).
inline Matrix3d random_inertia(Uniform& u) {
  const double l1 = u(0.01, 0.3), l2 = u(0.01, 0.3);
  const double l3 = std::abs(l1 - l2) + u(0.1, 0.9) * (l1 + l2 - std::abs(l1 - l2));
  Eigen::Quaterniond r(u(-1, 1), u(-1, 1), u(-1, 1), u(-1, 1));
  r.normalize();
  const Matrix3d R = r.toRotationMatrix();
  Matrix3d I = R * Vector3d(l1, l2, l3).asDiagonal() * R.transpose();
  return 0.5 * (I + I.transpose());
}

/// A link with random mass properties (random_urdf's and random_tree_urdf's draws).
inline void random_link(UrdfWriter& w, Uniform& u, const std::string& name) {
  w.link(name, u(0.2, 3.0), Vector3d(u(-0.2, 0.2), u(-0.2, 0.2), u(-0.2, 0.2)),
         Vector3d(u(-3, 3), u(-1.5, 1.5), u(-3, 3)), random_inertia(u));
}

/// A massive adapter "adapter<j>" on a fixed joint "fixed<j>" at a random placement below
/// `parent` (flanges, adapters); returns its name.
inline std::string random_adapter(UrdfWriter& w, Uniform& u, const std::string& parent, int j) {
  const std::string adapter = "adapter" + std::to_string(j);
  random_link(w, u, adapter);
  w.joint("fixed" + std::to_string(j), "fixed", parent, adapter,
          Vector3d(u(-0.2, 0.2), u(-0.2, 0.2), u(-0.2, 0.2)),
          Vector3d(u(-3, 3), u(-1.5, 1.5), u(-3, 3)));
  return adapter;
}

/// A random movable joint "joint<j>" from `parent` to a new random link `child`: its type, and
/// an axis parallel to, coincident with or intersecting `previous_axis` (the axis of the joint
/// that moves `parent`, in its frame; zero if unrelated), along a parent-frame axis, or random
/// (70 % along +-x, +-y, +-z). Returns the joint's axis.
inline Vector3d random_movable_joint(UrdfWriter& w, Uniform& u, const std::string& parent,
                                     const std::string& child, int j,
                                     const Vector3d& previous_axis) {
  const std::vector<Vector3d> unit_axes = {Vector3d::UnitX(), -Vector3d::UnitX(),
                                           Vector3d::UnitY(), -Vector3d::UnitY(),
                                           Vector3d::UnitZ(), -Vector3d::UnitZ()};
  auto random_axis = [&] {
    if (u(0, 1) < 0.7) return unit_axes[u.index(6)];
    return Vector3d(u(-1, 1), u(-1, 1), u(-1, 1)).normalized();
  };
  random_link(w, u, child);
  const double kind = u(0, 1);
  const std::string type = kind < 0.5 ? "revolute" : (kind < 0.7 ? "continuous" : "prismatic");
  Vector3d xyz(u(-0.3, 0.3), u(-0.3, 0.3), u(-0.3, 0.3)), rpy(u(-3, 3), u(-1.5, 1.5), u(-3, 3));
  Vector3d axis = random_axis();
  const double geometry = u(0, 1);
  if (geometry < 0.15 && previous_axis.norm() > 0) {
    // Parallel to the previous axis: no rotation, same axis, offset across it.
    rpy.setZero();
    axis = previous_axis;
  } else if (geometry < 0.25 && previous_axis.norm() > 0) {
    // Coincident with the previous axis: offset along it only.
    rpy.setZero();
    axis = previous_axis;
    xyz = u(-0.3, 0.3) * previous_axis;
  } else if (geometry < 0.4) {
    // Intersecting the previous axis at the joint origin.
    xyz.setZero();
  } else if (geometry < 0.5) {
    rpy.setZero();  // axis along a parent-frame axis
  }
  w.joint("joint" + std::to_string(j), type, parent, child, xyz, rpy, axis);
  return axis;
}

/// A random URDF tree: a chain "world" -> "link0" -> "tip" of `movable` revolute, continuous and
/// prismatic joints with fixed joints in between, side branches, and (if `branch_on_movable`)
/// a finger-like side branch on a prismatic and a mimic joint. The chain's tip link is "tip".
inline std::string random_urdf(std::uint64_t seed, int movable, bool branch_on_movable = true) {
  Uniform u(seed);
  UrdfWriter w("random_" + std::to_string(seed));
  auto random_link = [&](const std::string& name) { test::random_link(w, u, name); };
  w.link("world");  // a massless root (KDL ignores a root's inertia, and says so)
  random_link("link0");
  w.joint("world_mount", "fixed", "world", "link0", Vector3d(u(-1, 1), u(-1, 1), u(0, 1)),
          Vector3d(0, 0, u(-3, 3)));
  std::string parent = "link0";
  Vector3d previous_axis = Vector3d::UnitZ();
  for (int j = 1; j <= movable; ++j) {
    // Sometimes a fixed joint with a massive link first (flanges, adapters).
    if (u(0, 1) < 0.3) {
      parent = random_adapter(w, u, parent, j);
      previous_axis = Vector3d::Zero();  // no relation to the previous axis any more
    }
    const std::string child = j == movable ? "tip_body" : "link" + std::to_string(j);
    const Vector3d axis = random_movable_joint(w, u, parent, child, j, previous_axis);
    parent = child;
    previous_axis = axis;
    // A fixed side branch with mass (sensor, cable carrier).
    if (u(0, 1) < 0.3) {
      const std::string side = "sensor" + std::to_string(j);
      random_link(side);
      w.joint("sensor_mount" + std::to_string(j), "fixed", child, side,
              Vector3d(u(-0.1, 0.1), u(-0.1, 0.1), u(-0.1, 0.1)), Vector3d(u(-3, 3), 0.3, 0));
    }
  }
  // A tool flange on a fixed joint, then the tip frame (massless).
  random_link("flange");
  w.joint("flange_mount", "fixed", parent, "flange", Vector3d(0, 0, u(0.02, 0.1)),
          Vector3d(u(-3, 3), u(-1.5, 1.5), u(-3, 3)));
  w.link("tip");
  w.joint("tip_frame", "fixed", "flange", "tip", Vector3d(u(-0.1, 0.1), 0, u(0.05, 0.2)),
          Vector3d(0, 0, u(-3, 3)));
  if (branch_on_movable) {
    // Gripper fingers: a prismatic joint and a mimic of it, off the chain.
    random_link("finger_left");
    random_link("finger_right");
    w.joint("finger_joint_left", "prismatic", "flange", "finger_left",
            Vector3d(0, 0.02, 0.05), Vector3d::Zero(), Vector3d::UnitY(),
            "    <limit lower=\"0\" upper=\"0.04\" effort=\"20\" velocity=\"0.2\"/>\n");
    w.joint("finger_joint_right", "prismatic", "flange", "finger_right",
            Vector3d(0, -0.02, 0.05), Vector3d::Zero(), -Vector3d::UnitY(),
            "    <limit lower=\"0\" upper=\"0.04\" effort=\"20\" velocity=\"0.2\"/>\n"
            "    <mimic joint=\"finger_joint_left\"/>\n");
  }
  return w.str();
}

/// A random URDF tree of `movable` revolute, continuous and prismatic joints, each hanging from
/// a random earlier link (so that links carry several joints), sometimes through a fixed joint
/// and a massive adapter; axes as random_urdf's (parallel to, coincident with or intersecting
/// the axis of the joint that moves the parent link, along a link axis, or oblique). The root
/// link "base" is massless (KDL ignores a root's inertia) with a massive "torso" fixed to it (a
/// free-flyer's base body has mass).
inline std::string random_tree_urdf(std::uint64_t seed, int movable) {
  Uniform u(seed);
  UrdfWriter w("random_tree_" + std::to_string(seed));
  w.link("base");
  random_link(w, u, "torso");
  w.joint("torso_mount", "fixed", "base", "torso", Vector3d(u(-0.2, 0.2), 0, u(0, 0.3)),
          Vector3d(0, 0, u(-3, 3)));
  std::vector<std::string> links = {"base", "torso"};
  std::vector<Vector3d> axis_of = {Vector3d::Zero(), Vector3d::Zero()};  // axis moving each link
  for (int j = 1; j <= movable; ++j) {
    const int k = u.index(static_cast<int>(links.size()));
    std::string parent = links[k];
    Vector3d previous_axis = axis_of[k];
    if (u(0, 1) < 0.25) {
      parent = random_adapter(w, u, parent, j);
      previous_axis = Vector3d::Zero();
    }
    const std::string child = "link" + std::to_string(j);
    const Vector3d axis = random_movable_joint(w, u, parent, child, j, previous_axis);
    links.push_back(child);
    axis_of.push_back(axis);
  }
  return w.str();
}

}  // namespace manipdyn::test

namespace manipdyn::test {

/// A URDF of an arm given in standard DH (e.g. puma560()): URDF link i is DH frame i-1 turned
/// by joint i (the joint sits at frame i-1 with axis z), and DH frame i is that link's frame
/// times Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i), which is where joint i+1 and link i's inertial
/// are placed. Names: links "link0".."link<n>", joints "joint1".."joint<n>".
inline std::string urdf_from_standard_dh(const std::vector<LinkParameters>& links,
                                         const std::string& name) {
  UrdfWriter w(name);
  w.link("link0");
  Eigen::Isometry3d previous = Eigen::Isometry3d::Identity();  // frame i-1 in link i-1
  for (std::size_t i = 0; i < links.size(); ++i) {
    const LinkParameters& l = links[i];
    const Eigen::Isometry3d dh =
        Eigen::Isometry3d(Eigen::AngleAxisd(l.theta, Vector3d::UnitZ())) *
        Eigen::Translation3d(0, 0, l.d) * Eigen::Translation3d(l.a, 0, 0) *
        Eigen::AngleAxisd(l.alpha, Vector3d::UnitX());
    const std::string child = "link" + std::to_string(i + 1);
    w.link(child, l.mass, dh * l.com, rpy_from_rotation(dh.linear()), l.inertia);
    const std::string type = l.type == JointType::revolute ? "continuous" : "prismatic";
    w.joint("joint" + std::to_string(i + 1), type, "link" + std::to_string(i), child,
            previous.translation(), rpy_from_rotation(previous.linear()), Vector3d::UnitZ(),
            l.type == JointType::prismatic
                ? "    <limit lower=\"-1\" upper=\"1\" effort=\"100\" velocity=\"1\"/>\n"
                : "");
    previous = dh;
  }
  w.link("tool");
  w.joint("tool_frame", "fixed", "link" + std::to_string(links.size()), "tool",
          previous.translation(), rpy_from_rotation(previous.linear()));
  return w.str();
}

}  // namespace manipdyn::test
