#pragma once
/// \file model.hpp
/// A parallel robot by description: a fixed base, a moving platform and legs that join them.
/// Each leg is a serial chain of the one model type (SerialModel, modified DH, its base
/// placement on the robot's base), so the base and the legs form a tree whose branches are the
/// legs; the loops close at the platform through one cut joint per leg (SYMORO's cut joints;
/// Khalil & Ibrahim 2007; Featherstone RBDA ch. 8). The cut joint of every leg is a spherical
/// joint: the leg's end point (its chain's tool frame origin) coincides with a point of the
/// platform. A revolute or universal joint at the platform whose extra rotations are taken away
/// by the platform's mobility (a planar or translating platform) is the same joint here.
///
/// The platform's mobility is declared: spatial (6 dof, the Stewart platform), translation (the
/// Delta's 3 translations), planar (x, y and the rotation about z: the planar 3-RRR) or planar
/// translation (x, y: the five-bar's end point). Its coordinates are the components of its
/// twist [v; omega] (world axes, at the platform frame's origin) that the mobility frees; a
/// platform without rotation keeps the orientation R = identity (the platform frame parallel to
/// the base frame), a planar platform R = Rz(angle). Legs of fewer than 3 joints may take away
/// more of the declared mobility (the 3-PRS: a spatial platform with 3 dof): the coordinates
/// they fix given the others are its dependent coordinates (ParallelModel::dependent).
///
/// The actuated joints are named per leg. A ParallelModel is plain data, built once by
/// build_model (or a built-in: from_stewart, delta, ...; builtin_models.hpp) and then only
/// read; per-call buffers live in ParallelDataTpl (data.hpp). docs/parallel.md has the frames,
/// the equations and a worked Delta example.
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::parallel {

/// The motions the platform has (see the file comment): its coordinates are the listed
/// components of its twist [v; omega], world axes.
enum class Mobility {
  spatial,            ///< vx vy vz wx wy wz (6)
  translation,        ///< vx vy vz (3): R stays the identity
  planar,             ///< vx vy wz (3): the platform moves in the base's x-y plane
  planar_translation  ///< vx vy (2)
};

}  // namespace manipdyn::parallel

namespace manipdyn {
/// The names of parallel::Mobility (core/enum_names.hpp), read by the model files, CLI, Python.
template <>
struct EnumNames<parallel::Mobility> {
  static constexpr std::string_view argument = "platform mobility";
  static constexpr EnumName<parallel::Mobility> table[] = {
      {parallel::Mobility::spatial, "spatial"},
      {parallel::Mobility::translation, "translation"},
      {parallel::Mobility::planar, "planar"},
      {parallel::Mobility::planar_translation, "planar_translation"}};
};
}  // namespace manipdyn

namespace manipdyn::parallel {

/// Most legs of a parallel robot (build_model refuses more, naming the count).
inline constexpr int kMaxLegs = 64;
/// Most joints of one leg: its end point, held on the platform by the spherical cut joint,
/// takes three coordinates, so more joints would move the leg without moving the platform. A leg
/// with fewer joints restricts the platform (a planar leg, or the 3-PRS's P-R legs).
inline constexpr int kMaxLegJoints = 3;

/// One leg as the user describes it.
struct LegDescription {
  std::string name;  ///< optional; messages say "leg 2 'B'"
  /// The leg's joints, a modified-DH chain (SerialModel::from_modified_dh's rows, parents left at
  /// their default): revolute or prismatic joints with their inertial and drive parameters
  /// (motor inertia, gear ratio, viscous and Coulomb friction of each joint). A universal joint
  /// is two revolute rows whose axes cross; a leg's spherical joint at the platform is its cut
  /// joint and has no rows.
  std::vector<LinkParameters> joints;
  /// Base frame <- the leg's frame 0 (where the leg is mounted; rigid).
  Eigen::Isometry3d base = Eigen::Isometry3d::Identity();
  /// Frame n of the leg's last joint (modified DH) <- the leg's end: its origin is the centre of
  /// the cut joint on the leg's side (rigid).
  Eigen::Isometry3d end = Eigen::Isometry3d::Identity();
  /// The centre of the cut joint in the platform frame (m).
  Vector3d platform_point = Vector3d::Zero();
  /// The actuated joints of this leg (0-based rows of `joints`); most legs have one.
  std::vector<int> actuated;
  /// Viscous friction of the cut joint (N m s/rad): it exerts -c (omega_platform - omega_leg)
  /// on the platform and the opposite on the leg (the Stewart platform's Cs).
  double cut_viscous = 0.0;
  /// The leg's joint values at the home pose (size of `joints`): they pick the assembly (the
  /// elbow up or down) that inverse kinematics follows. Empty: the home pose's solution from
  /// zero joint values.
  VectorXd home_q;
};

/// Everything that describes a parallel robot.
struct ParallelDescription {
  std::string name = "parallel";              ///< used in messages and files
  std::vector<LegDescription> legs;            ///< at least one
  Mobility mobility = Mobility::spatial;       ///< the platform's motions
  BodyInertia platform;                        ///< mass, COM and inertia in the platform frame (payload included)
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2, base frame
  /// A pose where the robot is assembled: world <- platform frame, the start of every inverse
  /// kinematics seed (its rotation must agree with the mobility).
  Eigen::Isometry3d home = Eigen::Isometry3d::Identity();
  /// Accept an inertia that is not physical (a published lumped value), with a warning.
  bool allow_invalid_inertia = false;
};

/// How a leg's joint values are found from its end point (build_model recognises the leg's
/// geometry; kinematics.hpp): in closed form by the Paden-Kahan subproblems of its
/// product-of-exponentials form (Murray, Li & Sastry 1994, sec. 3.2.2), or by Newton's method.
enum class LegSolver {
  newton,       ///< any other leg
  rrp,          ///< R R P, the revolute axes crossing (a U-P leg: the Stewart platform's)
  rrr_crossed,  ///< R R R, the last two axes crossing at a point the end keeps its distance to (R-U: Delta, 6-RUS)
  rr_parallel   ///< R R with parallel axes (a planar leg)
};

/// The product-of-exponentials form of a leg at q = 0 (base frame): joint j moves about (or
/// along) axis[j] through point[j]; the leg's end is at end0. Derived by build_model.
struct LegScrews {
  AlignedVector<Vector3d> axis;   ///< (n) unit joint axes at q = 0
  AlignedVector<Vector3d> point;  ///< (n) a point of each axis at q = 0
  Vector3d end0 = Vector3d::Zero();   ///< the leg's end point at q = 0
  Vector3d centre = Vector3d::Zero();  ///< rrp: where the revolute axes cross; rrr_crossed: where axes 2 and 3 cross
};

/// One leg of the built model.
struct Leg {
  std::string name;                 ///< as described, or empty
  SerialModel chain;                ///< the leg's joints (modified DH), base and tool = its end
  Vector3d platform_point;          ///< cut joint centre, platform frame
  std::vector<int> actuated;        ///< actuated joints of the leg (0-based, increasing)
  double cut_viscous = 0.0;         ///< N m s/rad
  VectorXd home_q;                  ///< joint values at the model's home pose (the leg closes there)
  NamedFrame end_frame;             ///< the leg's end as a frame of `chain` (its last joint, `end`)
  LegSolver solver = LegSolver::newton;  ///< how inverse kinematics solves the leg (derived)
  LegScrews screws;                 ///< the leg at q = 0 (derived)
};

/// A parallel robot: plain, immutable data (build_model).
struct ParallelModel {
  std::string name;
  std::vector<Leg> legs;
  Mobility mobility = Mobility::spatial;
  BodyInertia platform;
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);
  Eigen::Isometry3d home = Eigen::Isometry3d::Identity();
  bool allow_invalid_inertia = false;
  std::vector<std::string> warnings;  ///< accepted oddities (invalid inertias allowed, ...)
  // ---- derived by build_model ----
  /// (6 x platform_dof()) selection of the platform's free twist components: V = E xd.
  Eigen::Matrix<double, 6, Eigen::Dynamic> E;
  /// Platform inertia about the platform frame's origin, platform frame (kg m^2).
  Matrix3d platform_inertia_origin = Matrix3d::Zero();
  /// Every leg's joint values concatenated (leg 0 first): leg i starts at leg_offset[i].
  std::vector<int> leg_offset;
  /// (actuated_count()) the actuated joints as (leg, joint) pairs in leg order.
  std::vector<std::pair<int, int>> actuators;
  bool has_cut_friction = false;  ///< some cut_viscous > 0
  /// Legs with fewer than 3 joints keep their end point in the directions their joints move it:
  /// each adds 3 - n_i rows W_i^T [I, -[r_i]x] E to the closure matrix K (K xd = 0; W_i spans the
  /// directions J_i cannot move the end in). leg_row_offset[i] is leg i's first row in K
  /// (closure_rows() rows in all).
  std::vector<int> leg_row_offset;
  /// The rows of K that are independent at the home pose (build_model, by rank-revealing QR): a
  /// planar leg's rows are zero on a planar platform and are left out; a 3-PRS's three rows stay.
  std::vector<int> constraint_rows;
  /// Platform coordinates (indices into E's columns) the constraint rows fix given the others:
  /// the dependent (parasitic) motions of a platform whose legs take away some of its mobility
  /// (the 3-PRS's x, y and rotation about z); empty for most robots.
  std::vector<int> dependent;
  /// The other platform coordinates: the robot's degrees of freedom (dof()).
  std::vector<int> independent;

  /// Number of legs.
  int leg_count() const { return static_cast<int>(legs.size()); }
  /// Number of platform coordinates (6, 3, 3 or 2).
  int platform_dof() const { return static_cast<int>(E.cols()); }
  /// Number of actuated joints = the robot's degrees of freedom (build_model checks it).
  int actuated_count() const { return static_cast<int>(actuators.size()); }
  /// The robot's degrees of freedom: platform_dof() less the independent closure rows.
  int dof() const { return static_cast<int>(independent.size()); }
  /// Rows of the closure matrix K (the sum of 3 - n_i over the legs).
  int closure_rows() const {
    int rows = 0;
    for (const Leg& l : legs) rows += 3 - l.chain.dof();
    return rows;
  }
  /// Total number of leg joints.
  int joint_count() const { return leg_offset.empty() ? 0 : leg_offset.back() + legs.back().chain.dof(); }
  /// The description that rebuilds this model (build_model(description()) == *this).
  ParallelDescription description() const;
  /// "leg 2 'B'" (or "leg 2"), for messages.
  std::string leg_label(int leg) const;
  /// "leg 2 'B' joint 1 'crank'", for messages.
  std::string joint_label(int leg, int joint) const;
};

/// Builds and checks a parallel robot: each leg's chain (SerialModel::from_modified_dh: names
/// the leg, joint and field of a bad number or inertia), actuated indices in range and unique,
/// the platform's mass properties (mass > 0, a physical inertia), a home rotation that the
/// mobility allows, each leg closing at the home pose (inverse kinematics from home_q, or zero;
/// "leg 2 does not close at the home pose: its end is 3.1 mm from platform point ..."), the
/// closure rows of the legs with fewer than 3 joints and the dependent coordinates they fix
/// (rank-revealing QR at home), and the mobility: the number of actuated joints equals dof()
/// ("it has 2 actuated joints, but its platform of mobility 'spatial' (6 coordinates) has 3
/// degrees of freedom once its legs' closures are counted ...") and the actuation Jacobian is
/// regular at the home pose. Throws std::invalid_argument naming the leg and joint.
ParallelModel build_model(const ParallelDescription& description);

}  // namespace manipdyn::parallel
