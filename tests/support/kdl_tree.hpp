#pragma once
/// \file kdl_tree.hpp
/// Test and benchmark support: a manipdyn tree (or chain) as an Orocos KDL::Tree, for the peer
/// checks (tests/regression/serial_kdl_tree_peer.cpp) and bench/bench_peers.cpp.
///
/// Joint i's frame in its antecedent's is F_i Rz(q_i) (revolute) or F_i Tz(q_i) (prismatic),
/// F_i = tree_transform(gamma, b, a, alpha, d, theta) its fixed transform (the joint variable
/// commutes with the row's last Rz(theta) Tz(d)). KDL's segment pose is joint.pose(q) * f_tip,
/// the joint in the segment's root frame: a joint about (along) the axis F_i z through the origin
/// of F_i (KDL::Joint::RotAxis, TransAxis) and f_tip = F_i give Rot(axis, q) F_i = F_i Rz(q).
/// The segments are added parents first, so KDL numbers the joints as manipdyn does; segment i
/// is named segment_name(i), the world "root" (KDL's root frame; frame 0 hangs from it by a fixed
/// segment "frame0" at the model's base unless that is the identity). RigidBodyInertia takes the
/// inertia about the COM, in the tip frame (frame i). The model must be written in modified DH
/// with a fixed root.
#include <kdl/frames.hpp>
#include <kdl/joint.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>
#include <kdl/segment.hpp>
#include <kdl/tree.hpp>

#include <stdexcept>
#include <string>

#include "manipdyn/serial/model.hpp"

namespace manipdyn::test_support {

inline KDL::Vector kdl_vector(const Vector3d& v) { return KDL::Vector(v.x(), v.y(), v.z()); }

inline KDL::Frame kdl_frame(const Eigen::Isometry3d& X) {
  const Matrix3d& R = X.linear();
  return KDL::Frame(KDL::Rotation(R(0, 0), R(0, 1), R(0, 2), R(1, 0), R(1, 1), R(1, 2), R(2, 0),
                                  R(2, 1), R(2, 2)),
                    kdl_vector(X.translation()));
}

inline std::string segment_name(int i) { return "link" + std::to_string(i); }

inline KDL::Tree kdl_tree(const SerialModel& model) {
  if (model.convention != DhConvention::modified)
    throw std::logic_error("kdl_tree: the model is not in modified DH (Khalil-Kleinfinger)");
  KDL::Tree tree("root");
  // frame 0 on the world (KDL's root) by a fixed segment, when the base is not the identity
  std::string base = "root";
  if (!model.modified.base.isApprox(Eigen::Isometry3d::Identity(), 0.0)) {
    base = "frame0";
    if (!tree.addSegment(KDL::Segment(base, KDL::Joint(KDL::Joint::None),
                                      kdl_frame(model.modified.base)),
                         "root"))
      throw std::logic_error("kdl_tree: KDL refused the base segment");
  }
  for (int i = 0; i < model.dof(); ++i) {
    const LinkParameters& l = model.links[i];
    const Eigen::Isometry3d F = tree_transform(l.gamma, l.b, l.a, l.alpha, l.d, l.theta);
    const KDL::Joint joint(
        "joint" + std::to_string(i), kdl_vector(F.translation()),
        kdl_vector(F.linear().col(2)),
        l.type == JointType::revolute ? KDL::Joint::RotAxis : KDL::Joint::TransAxis);
    const Matrix3d& I = l.inertia;  // about the COM, in frame i
    const KDL::Segment segment(
        segment_name(i), joint, kdl_frame(F),
        KDL::RigidBodyInertia(l.mass, kdl_vector(l.com),
                              KDL::RotationalInertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1),
                                                     I(0, 2), I(1, 2))));
    const int p = model.parent[i];
    if (!tree.addSegment(segment, p < 0 ? base : segment_name(p)))
      throw std::logic_error("kdl_tree: KDL refused segment " + segment_name(i));
  }
  return tree;
}

}  // namespace manipdyn::test_support
