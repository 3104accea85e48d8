#pragma once
/// \file urdf.hpp
/// URDF import by exact conversion to a Denavit-Hartenberg table (docs/model_files.md, "URDF").
/// Two ways to read a file:
///  - a chain (the default) from a base link to a tip link; links on fixed joints are merged
///    into the moving body they hang from; side branches on movable joints are merged rigidly at
///    their zero position with a warning. The model has a base transform (base link <- DH frame
///    0) and a tool transform (last DH frame <- tip link), so every formulation runs on it;
///  - the whole tree below the base link (UrdfOptions::whole_tree): every revolute, continuous
///    and prismatic joint, parents first, in Khalil & Kleinfinger's notation (modified DH plus
///    gamma and b where a link carries several joints).
/// Either way every URDF link becomes a NamedFrame of the model (SerialModel::frame), and the
/// root is fixed or, with UrdfOptions::floating_base (or a floating joint from the file's root
/// link), a free-flyer carrying the base link's mass properties.
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// Options of the URDF import.
struct UrdfOptions {
  /// First link of the chain or root of the tree (the model's base); empty: the URDF's root
  /// link, or, with whole_tree or floating_base, the child of a floating joint that is the only
  /// joint of the URDF's root link (that joint is then the free-flyer root).
  std::string base_link;
  /// Last link of the chain; empty: the single leaf below base_link. Must be empty with
  /// whole_tree.
  std::string tip_link;
  /// Keep the whole tree below base_link: every revolute, continuous (revolute without position
  /// limits) and prismatic joint in depth-first order, each link's child joints in urdfdom's
  /// order (KDL's and Pinocchio's order), parents first; links on fixed joints merged into the
  /// body they hang from; a mimic joint kept as a joint of its own, with a warning (as KDL and
  /// Pinocchio read it). A floating or planar joint below the base is an error. The table is
  /// modified DH with Khalil-Kleinfinger's parent, gamma and b (a tree has no standard-DH form:
  /// convention standard is an error unless the tree is a chain); the tool is the identity.
  bool whole_tree = false;
  /// The base link floats: the model's root is a free-flyer (RootJoint::free_flyer) whose body
  /// is the base link with the links merged into it (SerialModel::base_inertia, in the base
  /// link's frame); SerialModel::base is base link <- DH frame 0. Also set by a floating joint
  /// from the URDF's root link (see base_link). Without a tip_link, a floating base keeps the
  /// whole tree (as whole_tree).
  bool floating_base = false;
  /// Convention of the table the model is built from (both are always available through
  /// SerialModel::standard and ::modified); modified places frame i on joint axis i.
  DhConvention convention = DhConvention::modified;
  /// m/s^2, in the base link's frame (fixed root) or the world frame (free-flyer)
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);
  bool allow_invalid_inertia = false;  ///< as SerialModelOptions::allow_invalid_inertia
  /// Read <dynamics damping friction> into the joint friction (viscous B, Coulomb Tc; KDL and
  /// Pinocchio ignore them), with a warning on the model naming the joints; false leaves the
  /// joints frictionless (the values are still checked).
  bool friction = true;
  std::string name;  ///< model name; empty: the URDF robot name
};

/// The arm found in a URDF file, with what the conversion derived beside the model.
struct UrdfArm {
  /// The arm or tree (base = base link <- DH frame 0); every URDF link below the base link is
  /// one of model.frames (joint = the body it is merged into - 1, -1 for the base).
  SerialModel model;
  std::vector<std::string> joint_names;  ///< (n) URDF names of the movable joints, in q's order
  /// (n+1) the URDF link that carries body i: the base link, then the child link of each
  /// movable joint.
  std::vector<std::string> link_names;
  /// (n+1) DH frame i of the model's own convention <- URDF frame of link_names[i]: a constant
  /// offset, so that world <- link_names[i] = T0[i] * link_offsets[i] at every q.
  std::vector<Eigen::Isometry3d, Eigen::aligned_allocator<Eigen::Isometry3d>> link_offsets;
  /// (n+1) every URDF link merged rigidly into body i (body 0 is the fixed base).
  std::vector<std::vector<std::string>> merged_links;
};

/// Reads a URDF file and converts the chain base_link -> tip_link, or the whole tree below
/// base_link (UrdfOptions::whole_tree). Throws ParseError with the file, the line of the
/// offending element when known, and the element ("joint 'elbow'") for a malformed file, joints
/// that form a loop, two root links, a joint naming an unknown link, an unsupported joint on
/// the chain (floating, planar, mimic) or in the tree (floating, planar), a branching tree
/// without a named tip or whole_tree (the message lists the candidate tips), unknown links, and
/// invalid inertial data.
UrdfArm urdf_arm_from_file(const std::string& path, const UrdfOptions& options = {});
/// As urdf_arm_from_file, from the XML text; `label` names the source in messages.
UrdfArm urdf_arm_from_string(const std::string& xml, const UrdfOptions& options = {},
                             const std::string& label = "<string>");

/// The model of urdf_arm_from_file (Python: SerialModel.from_urdf).
SerialModel serial_model_from_urdf_file(const std::string& path,
                                        const UrdfOptions& options = {});
/// The model of urdf_arm_from_string.
SerialModel serial_model_from_urdf_string(const std::string& xml,
                                          const UrdfOptions& options = {});

}  // namespace manipdyn
