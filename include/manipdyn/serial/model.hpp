#pragma once
/// \file model.hpp
/// The manipulator model: a tree of links joined by revolute or prismatic joints (a serial chain
/// being the tree whose every joint hangs from the previous one), described by Denavit-Hartenberg
/// parameters, with inertial and drive parameters. A chain can be written in either DH
/// convention; a tree is written in Khalil & Kleinfinger's notation (1986; Khalil & Dombre 2002,
/// ch. 7; the notation of SYMORO): modified DH plus, per joint, its antecedent a(j) and the two
/// parameters gamma_j, b_j that place a branch on its antecedent's frame.
/// A SerialModel is plain data, built once (from_dh, from_modified_dh, or a built-in such as
/// puma560()) and then only read; per-call buffers live in SerialDataTpl (data.hpp). The file
/// readers live in io, which builds on this part: serial_model_from_urdf_file (io/urdf.hpp),
/// serial_model_from_yaml_file (io/yaml_model.hpp), load_model (io/model_file.hpp).
///
/// Conventions (see docs/conventions.md):
///  - standard DH (Turney et al. 1980; Lee et al. 1982): T_{i-1,i} = Rz(theta_i) Tz(d_i) Tx(a_i)
///    Rx(alpha_i); joint i moves about z_{i-1}; link i carries frame i at its distal end;
///  - modified DH (Craig): T_{i-1,i} = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i); joint i
///    moves about z_i; link i carries frame i at joint i. Row i of the table holds
///    (a_{i-1}, alpha_{i-1}, d_i, theta_i).
///  - a tree (Khalil & Kleinfinger 1986): T_{a(j),j} = Rz(gamma_j) Tz(b_j) Rx(alpha_j) Tx(d_j)
///    Rz(theta_j) Tz(r_j), written with the modified table's names as Rz(gamma) Tz(b) Rx(alpha)
///    Tx(a) Rz(theta) Tz(d); joints are listed parents first (a(j) < j), a(j) = -1 is the base
///    (frame 0). A chain has a(j) = j - 1 and gamma = b = 0;
///  - a revolute joint adds q_i to theta_i, a prismatic joint adds q_i to d_i (theta and d of
///    the table are the joint offsets);
///  - the COM and the inertia tensor (about the COM) of link i are expressed in frame i;
///  - SI units, radians; gravity is the gravitational acceleration in the world frame.
#include <limits>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// The kind of a joint: revolute (q is an angle, rad) or prismatic (q is a length, m).
enum class JointType { revolute, prismatic };
/// The joint that holds the root body (the base) to the world: fixed (the base is the world), or
/// a free-flyer (the base floats, 6 dof). Free-flyer conventions are Pinocchio's
/// (docs/conventions.md): q = [base position in the world (3), unit quaternion (x, y, z, w) of
/// world <- base (4), joints], v = [linear velocity (3), angular velocity (3) of the base frame,
/// both in the base frame, joint rates], the first six generalized forces are the wrench
/// [force; torque] on the base in the base frame; nq = nv + 1.
enum class RootJoint { fixed, free_flyer };
/// Which Denavit-Hartenberg convention a table is written in.
enum class DhConvention { standard, modified };
/// The names of JointType (core/enum_names.hpp: to_string, from_string, all, names), read by
/// the model files, the CLI and Python.
template <>
struct EnumNames<JointType> {
  static constexpr std::string_view argument = "joint type";
  static constexpr EnumName<JointType> table[] = {{JointType::revolute, "revolute"},
                                                  {JointType::prismatic, "prismatic"}};
};
/// The names of RootJoint (core/enum_names.hpp), read by the model files, the CLI and Python.
template <>
struct EnumNames<RootJoint> {
  static constexpr std::string_view argument = "root joint";
  static constexpr EnumName<RootJoint> table[] = {{RootJoint::fixed, "fixed"},
                                                  {RootJoint::free_flyer, "free_flyer"}};
};
/// The names of DhConvention (core/enum_names.hpp), read by the model files, the CLI and Python.
template <>
struct EnumNames<DhConvention> {
  static constexpr std::string_view argument = "DH convention";
  static constexpr EnumName<DhConvention> table[] = {{DhConvention::standard, "standard"},
                                                     {DhConvention::modified, "modified"}};
};

/// Most links of a serial model (from_dh, from_modified_dh, random_arm, model files): far above
/// any real arm, low enough that building a model cannot exhaust memory (a link takes about
/// 1 kB). Larger tables are rejected with an error naming the count and this limit.
inline constexpr int kMaxLinks = 100000;

/// LinkParameters::parent of a joint that hangs from the previous row (the default: a chain).
inline constexpr int kPreviousJoint = -2;
/// LinkParameters::parent of a joint that hangs from the base (frame 0).
inline constexpr int kBaseParent = -1;


/// One row of a DH table with the inertial and drive parameters of the link it moves.
/// The drive parameters follow Corke's Robotics Toolbox: motor_inertia, viscous and the Coulomb
/// torques are on the motor side, so the joint sees G^2 Jm qdd and a friction torque
/// |G| (B |G| qd + Tc) opposing the motion, Tc = coulomb_positive for qd > 0 and
/// coulomb_negative (<= 0) for qd < 0, zero at qd = 0; or, with coulomb_velocity_scale > 0,
/// smoothly by a tanh (drive.hpp).
struct LinkParameters {
  std::string name;                     ///< optional, used in messages ("link 3 'elbow'")
  JointType type = JointType::revolute;  ///< joint i
  double a = 0.0;      ///< m; a_i (standard) or a_{i-1} (modified)
  double alpha = 0.0;  ///< rad; alpha_i (standard) or alpha_{i-1} (modified)
  double d = 0.0;      ///< m; d_i (offset added to q for a prismatic joint)
  double theta = 0.0;  ///< rad; theta_i (offset added to q for a revolute joint)
  /// The antecedent a(i) of joint i (Khalil & Kleinfinger 1986): the 0-based row of the joint
  /// whose link carries joint i, an earlier row; kBaseParent (-1) for the base; kPreviousJoint
  /// (the default) for the previous row, so a table without parents is a chain.
  int parent = kPreviousJoint;
  double gamma = 0.0;  ///< rad; Khalil-Kleinfinger gamma_i: about z_{a(i)}, before alpha (modified DH only)
  double b = 0.0;      ///< m; Khalil-Kleinfinger b_i: along z_{a(i)}, before alpha (modified DH only)
  double mass = 0.0;                             ///< kg
  Vector3d com = Vector3d::Zero();               ///< m; centre of mass in frame i
  Matrix3d inertia = Matrix3d::Zero();           ///< kg m^2; about the COM, in frame i
  double motor_inertia = 0.0;     ///< Jm, kg m^2 (motor side)
  double gear_ratio = 1.0;        ///< G, motor angle per joint angle (sign allowed)
  double viscous = 0.0;           ///< B, N m s/rad (motor side)
  double coulomb_positive = 0.0;  ///< Tc+, N m (motor side, >= 0) for qd > 0
  double coulomb_negative = 0.0;  ///< Tc-, N m (motor side, <= 0) for qd < 0
  /// v_s, joint side (rad/s or m/s, >= 0): 0 = the discontinuous Coulomb model above; v_s > 0 =
  /// the smooth model Tc(qd) = (Tc+ - Tc-)/2 tanh(qd / v_s) + (Tc+ + Tc-)/2 (drive.hpp).
  double coulomb_velocity_scale = 0.0;
  // Joint limits (infinity = no limit), joint side, in the joint's unit: rad or m for q, rad/s
  // or m/s for qd, N m or N for tau. URDF <limit lower upper velocity effort>.
  double q_min = -std::numeric_limits<double>::infinity();  ///< lower position limit
  double q_max = std::numeric_limits<double>::infinity();   ///< upper position limit (>= q_min)
  double qd_max = std::numeric_limits<double>::infinity();  ///< speed limit (> 0)
  double tau_max = std::numeric_limits<double>::infinity(); ///< effort limit (> 0)
};

/// A named joint configuration of a model (e.g. Corke's PUMA 560 poses qz, qr, qs, qn).
struct NamedConfiguration {
  std::string name;         ///< identifier, e.g. "qn"
  VectorXd q;               ///< (n) joint values, rad or m
  std::string description;  ///< one line, may be empty
};

/// The mass properties of a rigid body: the floating base of a free-flyer model.
struct BodyInertia {
  double mass = 0.0;                    ///< kg
  Vector3d com = Vector3d::Zero();      ///< m; centre of mass in the body's frame
  Matrix3d inertia = Matrix3d::Zero();  ///< kg m^2; about the COM, in the body's frame
};

/// A named frame rigidly attached to a link (Pinocchio's operational frame): a URDF link merged
/// into a moving body, a tool, a sensor. world <- frame = world <- frame of `joint` * placement.
struct NamedFrame {
  std::string name;  ///< unique among the model's frames
  int joint = kBaseParent;  ///< 0-based joint whose link carries the frame; -1: the base (frame 0)
  /// Frame `joint` of the model's own convention <- this frame (a rigid transform).
  Eigen::Isometry3d placement = Eigen::Isometry3d::Identity();
};

/// Options of the model builders.
struct SerialModelOptions {
  std::string name;                            ///< model name, used in messages
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2, in the world frame
  /// Accept an inertia that is not positive semi-definite or breaks the triangle inequality
  /// (published lumped values, e.g. Corke's PUMA 560 link 1), recording a warning on the model.
  bool allow_invalid_inertia = false;
  /// World <- frame 0 of the table as given (where the arm is mounted); with a free-flyer root,
  /// base body frame <- frame 0. A rigid transform: finite, rotation orthonormal with
  /// determinant +1 (to 1e-9), else the builder throws.
  Eigen::Isometry3d base = Eigen::Isometry3d::Identity();
  /// The root joint: fixed (the default) or a free-flyer (RootJoint).
  RootJoint root = RootJoint::fixed;
  /// The floating base's mass properties (free-flyer only; must be zero for a fixed root).
  BodyInertia base_inertia;
  /// Last frame of the table as given (frame n) <- end-effector (tool) frame; rigid, as base.
  Eigen::Isometry3d tool = Eigen::Isometry3d::Identity();
  /// Named configurations carried with the model (each q of size n, finite, unique names).
  std::vector<NamedConfiguration> configurations;
  /// Named frames carried with the model (unique names, joint in [-1, n), rigid placements).
  std::vector<NamedFrame> frames;
};

/// The arm written in one DH convention, with everything the algorithms need precomputed.
/// SerialModel holds the arm in both conventions (see SerialModel::standard, ::modified), so that
/// each formulation runs in the frames of its paper on any arm.
struct DhChain {
  DhConvention convention = DhConvention::standard;
  int n = 0;                                  ///< number of joints
  std::vector<JointType> type;                ///< (n)
  std::vector<double> a, alpha, d, theta;     ///< (n) DH parameters in this convention
  /// (n) antecedent a(i) of each joint, -1 for the base; i - 1 on a chain.
  std::vector<int> parent;
  /// (n) Khalil-Kleinfinger gamma_i, b_i of a tree (modified convention; zeros on a chain).
  std::vector<double> gamma, b;
  std::vector<double> sin_gamma, cos_gamma;   ///< (n) precomputed
  /// Every parent is the previous joint and every gamma and b is zero: the chain formulations
  /// (and this DhChain's Newton-Euler precomputations below) apply. False for a tree, whose
  /// standard-DH DhChain is empty (n = 0: a tree has no standard-DH form).
  bool is_chain = true;
  std::vector<double> sin_alpha, cos_alpha;   ///< (n) precomputed
  std::vector<double> mass;                   ///< (n) kg
  AlignedVector<Vector3d> com;                ///< (n) COM of link i in frame i of this chain
  AlignedVector<Matrix3d> inertia_com;        ///< (n) inertia about the COM, in frame i
  AlignedVector<Vector3d> first_moment;       ///< (n) mass * com, in frame i
  AlignedVector<Matrix3d> inertia_origin;     ///< (n) inertia about the origin of frame i
  /// (n) pseudo-inertia J_i = integral of r r^T dm in homogeneous coordinates (Turney et al.
  /// 1980, eq. 1.12): [[ (tr I/2) 1 - I , m c ], [ m c^T, m ]] with I about the frame origin.
  AlignedVector<Matrix4d> pseudo_inertia;
  /// World <- frame 0 of this chain: the model's base, times Tx(a_0) Rx(alpha_0) when the arm
  /// was converted from modified DH.
  Eigen::Isometry3d base = Eigen::Isometry3d::Identity();
  /// Frame n of this chain <- end-effector frame: the model's tool, preceded by the last row's
  /// Tx(a_n) Rx(alpha_n) when the arm was converted from standard DH.
  Eigen::Isometry3d tool = Eigen::Isometry3d::Identity();

  // ---- precomputed for the Newton-Euler family (src/serial/*newton_euler*.cpp, strobing.cpp,
  // mass_matrix.cpp, inverse_dynamics.cpp); filled by the builders ------------------------------
  /// (n) origin i-1 -> origin i at the table's d_i (a prismatic joint adds q_i to d_i):
  /// standard DH p*_i = (a_i, d_i sin alpha_i, d_i cos alpha_i) in frame i (Turney eq. 3.17's
  /// r_i); modified DH P_i = (a_{i-1}, -d_i sin alpha_{i-1}, d_i cos alpha_{i-1}) in frame i-1.
  AlignedVector<Vector3d> ne_p;
  /// (n) standard DH: ne_p_i + com_i, origin i-1 -> COM of link i in frame i (Turney's
  /// r_i + rbar_i); modified DH: com_i.
  AlignedVector<Vector3d> ne_p_com;
  /// (n) K_i = tr(I_i)/2 E - I_i = integral of rho rho^T dm about the COM, in frame i (Turney et
  /// al. 1980 sec. 5), I_i = inertia_com.
  AlignedVector<Matrix3d> ne_K;
  std::vector<char> ne_K_diagonal;  ///< (n) K_i is diagonal (principal axes along frame i)
  /// (n) M_i = mass of the links outboard of joint i (links i..n-1 on a chain; the subtree of
  /// link i on a tree), kg.
  std::vector<double> ne_mass_outboard;
  /// (n) standard DH, for the gravity torques by composite first moments: M_i ne_p_i for a
  /// revolute joint, M_i (a_i, sin alpha_i, cos alpha_i) for a prismatic one (times d_i + q_i
  /// in its last two entries); modified DH: unused (zeros).
  AlignedVector<Vector3d> ne_composite_p;
  /// (n) 1 if alpha_i is a multiple of pi (|sin alpha| < 1e-14), 2 if an odd multiple of pi/2
  /// (|cos alpha| < 1e-14), 0 otherwise: the fastest inverse dynamics rotates with sign flips
  /// instead of multiplications for 1 and 2 (the small sin/cos is taken as exactly zero).
  std::vector<char> ne_alpha_kind;
  /// Some alpha kind is nonzero or some entry of ne_p, first_moment, ne_p_com is zero: the
  /// fastest inverse dynamics then tests for this structure (else it skips the tests).
  bool ne_sparse = false;
  std::vector<double> sin_theta, cos_theta;  ///< (n) of the table's theta offsets
  bool base_is_identity = true;  ///< base == identity (no transform of gravity needed)
  bool tool_is_identity = true;  ///< tool == identity (f_ext is already in frame n)
};

/// A serial manipulator: plain, immutable data.
struct SerialModel {
  std::string name;                      ///< e.g. "puma560"
  DhConvention convention = DhConvention::standard;  ///< convention of `links` as given
  std::vector<LinkParameters> links;     ///< (n) the table as given by the user
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2, world frame
  DhChain standard;   ///< the arm in standard DH frames (Turney/Lee formulations)
  DhChain modified;   ///< the arm in modified DH frames (Craig's formulation)
  bool has_drive = false;  ///< any motor inertia or friction is nonzero
  std::vector<double> reflected_inertia;  ///< (n) G^2 Jm, kg m^2
  std::vector<std::string> warnings;      ///< accepted oddities (allow_invalid_inertia, ...)
  bool allow_invalid_inertia = false;     ///< the builder's option, kept for saving the model
  /// World <- frame 0 of the table as given (SerialModelOptions::base); for a free-flyer, base
  /// body frame <- frame 0.
  Eigen::Isometry3d base = Eigen::Isometry3d::Identity();
  RootJoint root = RootJoint::fixed;  ///< SerialModelOptions::root
  BodyInertia base_inertia;           ///< SerialModelOptions::base_inertia (free-flyer)
  /// Frame n of the table as given <- end-effector (SerialModelOptions::tool).
  Eigen::Isometry3d tool = Eigen::Isometry3d::Identity();
  std::vector<NamedConfiguration> configurations;  ///< named poses (SerialModelOptions)
  std::vector<NamedFrame> frames;  ///< named frames (SerialModelOptions::frames)
  /// (n) the antecedent a(i) of each joint (0-based, -1 = the base), resolved from
  /// LinkParameters::parent: i - 1 on a chain.
  std::vector<int> parent;

  /// Number of joints in the table (a free-flyer root not counted).
  int dof() const { return static_cast<int>(links.size()); }
  /// Size of the configuration q: dof(), plus 7 for a free-flyer (position, quaternion).
  int nq() const { return dof() + (root == RootJoint::free_flyer ? 7 : 0); }
  /// Size of the velocity v, acceleration and generalized force: dof(), plus 6 for a free-flyer.
  int nv() const { return dof() + (root == RootJoint::free_flyer ? 6 : 0); }
  /// A serial chain (every joint on the previous one, no gamma or b): the chain formulations
  /// (Lagrange-Euler, the Newton-Euler family, strobing, derivatives, code generation) accept
  /// only these; the default algorithms and the regressor take trees too.
  bool is_chain() const { return modified.is_chain; }
  /// The joint names in the order of q (LinkParameters::name; "joint <i>" where empty).
  std::vector<std::string> joint_names() const;
  /// The named frame `name`; throws std::invalid_argument listing the known names.
  const NamedFrame& frame(const std::string& name) const;
  /// The chain in the convention the model was given in (its frames are the user's frames).
  const DhChain& own_chain() const {
    return convention == DhConvention::standard ? standard : modified;
  }

  /// Builds a model from a standard DH table (Turney et al. 1980 eq. 1.1: Rz Tz Tx Rx).
  /// Throws std::invalid_argument naming the link and the field for non-finite numbers, negative
  /// mass, a non-symmetric or (unless allowed) invalid inertia, bad drive parameters.
  static SerialModel from_dh(const std::vector<LinkParameters>& links,
                             const SerialModelOptions& options = {});
  /// Builds a model from a modified (Craig) DH table: Rx(alpha_{i-1}) Tx(a_{i-1}) Rz Tz; with
  /// parents, gamma and b, a tree in Khalil & Kleinfinger's notation (Rz(gamma) Tz(b) first).
  static SerialModel from_modified_dh(const std::vector<LinkParameters>& links,
                                      const SerialModelOptions& options = {});
  /// Builds from a table in the given convention.
  static SerialModel from_table(const std::vector<LinkParameters>& links,
                                DhConvention convention, const SerialModelOptions& options = {});

  /// The same arm with every drive term (motor inertia, viscous and Coulomb friction) removed.
  SerialModel without_drive() const;
  /// The same arm with another gravity vector (world frame, m/s^2).
  SerialModel with_gravity(const Vector3d& gravity) const;
  /// The options that rebuild this model with from_table(links, convention, options()).
  SerialModelOptions options() const;
  /// The named configuration `name`; throws std::invalid_argument listing the known names.
  const NamedConfiguration& configuration(const std::string& name) const;
};

/// Fixed transform of one Khalil-Kleinfinger row, frame a(j) <- frame j: Rz(gamma) Tz(b)
/// Rx(alpha) Tx(a) Rz(theta) Tz(d), the joint variable already added to theta or d.
Eigen::Isometry3d tree_transform(double gamma, double b, double a, double alpha, double d,
                                 double theta);

/// Fixed transform of one DH row: standard Rz(theta) Tz(d) Tx(a) Rx(alpha) or modified
/// Rx(alpha) Tx(a) Rz(theta) Tz(d), with the joint variable already added to theta or d.
Eigen::Isometry3d dh_transform(DhConvention convention, double a, double alpha, double d,
                               double theta);

}  // namespace manipdyn
