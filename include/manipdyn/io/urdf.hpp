#pragma once
/// \file urdf.hpp
/// URDF import of a fixed-base serial arm by exact conversion to a Denavit-Hartenberg table
/// (docs/model_files.md, "URDF"). The chain runs from a base link to a tip link; links on fixed
/// joints are merged into the moving body they hang from; side branches on movable joints are
/// merged rigidly at their zero position with a warning. The result is the same SerialModel the
/// DH builders produce, with a base transform (base link <- DH frame 0) and a tool transform
/// (last DH frame <- tip link), so every formulation runs on it.
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// Options of the URDF import.
struct UrdfOptions {
  std::string base_link;  ///< first link of the chain (fixed to the world); empty: the root
  std::string tip_link;   ///< last link of the chain; empty: the single leaf below base_link
  /// Convention of the table the model is built from (both are always available through
  /// SerialModel::standard and ::modified); modified places frame i on joint axis i.
  DhConvention convention = DhConvention::modified;
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2, in the base link's frame
  bool allow_invalid_inertia = false;  ///< as SerialModelOptions::allow_invalid_inertia
  /// Read <dynamics damping friction> into the joint friction (viscous B, Coulomb Tc; KDL and
  /// Pinocchio ignore them), with a warning on the model naming the joints; false leaves the
  /// joints frictionless (the values are still checked).
  bool friction = true;
  std::string name;  ///< model name; empty: the URDF robot name
};

/// The arm found in a URDF file, with what the conversion derived beside the model.
struct UrdfArm {
  SerialModel model;                     ///< the arm (base = base link <- DH frame 0)
  std::vector<std::string> joint_names;  ///< (n) URDF names of the movable chain joints
  /// (n+1) the URDF link that carries body i: the base link, then the child link of each
  /// movable chain joint.
  std::vector<std::string> link_names;
  /// (n+1) DH frame i of the model's own convention <- URDF frame of link_names[i]: a constant
  /// offset, so that world <- link_names[i] = T0[i] * link_offsets[i] at every q.
  std::vector<Eigen::Isometry3d, Eigen::aligned_allocator<Eigen::Isometry3d>> link_offsets;
  /// (n+1) every URDF link merged rigidly into body i (body 0 is the fixed base).
  std::vector<std::vector<std::string>> merged_links;
};

/// Reads a URDF file and converts the chain base_link -> tip_link. Throws ParseError with the
/// file, the line of the offending element when known, and the element ("joint 'elbow'") for a
/// malformed file, an unsupported joint on the chain (floating, planar, mimic), a branching tree
/// without a named tip (the message lists the candidate tips), unknown links, and invalid
/// inertial data.
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
