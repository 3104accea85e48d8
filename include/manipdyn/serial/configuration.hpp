#pragma once
/// \file configuration.hpp
/// Configuration arithmetic of a model (Pinocchio's joint-configuration.hpp): integrate a velocity
/// on the configuration space, the difference of two configurations, the neutral and random
/// configurations, the free-flyer quaternion's check and normalisation, and the base pose.
///
/// Conventions (RootJoint, docs/conventions.md; Pinocchio's): for a free-flyer
/// q = [p (3): base position in the world, quaternion (x, y, z, w) of world <- base (4), joints]
/// (nq = 7 + dof) and v = [linear velocity (3), angular velocity (3) of the base frame, both in
/// the base frame, joint rates] (nv = 6 + dof); the base pose is M(q) = (R(quat), p). On the base
/// the configuration space is the group SE(3) and v is a body-frame twist, so
///   integrate(q, v, dt): M1 = M(q) exp(v dt)          (exp: SE(3)'s exponential, [v; w] order),
///   difference(q0, q1) = log(M(q0)^-1 M(q1))          (its inverse: integrate(q0, d, 1) = q1),
/// Murray, Li & Sastry 1994, sec. 2.3 (exp) and Pinocchio's SpecialEuclideanOperationTpl<3>; the
/// joints add: q_j + v_j dt and q1_j - q0_j. A fixed-root model has only the joint parts.
///
/// The quaternion: a configuration's quaternion must have norm 1 to kQuaternionNormTolerance; it
/// is then normalised before use (so that a quaternion printed with 6 significant digits is
/// accepted and gives an exact rotation). Farther from 1, or zero, or non-finite, it is refused
/// with std::invalid_argument naming the function, the argument and the entries ("integrate:
/// q[3..6], the base quaternion (x y z w) = (0 0 0 2), has norm 2, not 1 (tolerance 1e-06);
/// normalize(model, q) scales it"). q and -q are the same rotation: both are accepted; difference
/// takes the short way (a rotation angle in [0, pi]).
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The functions templated on the scalar S take it from the caller (`integrate<Dual1>(...)`),
/// double by default; they are instantiated for double, Counted and Dual1.

/// The free-flyer quaternion is accepted when | |quat| - 1 | <= kQuaternionNormTolerance (and
/// then normalised before use); farther from 1 it is refused. 1e-6 accepts a unit quaternion
/// printed with 6 significant digits and refuses any quaternion that is not meant to be unit.
inline constexpr double kQuaternionNormTolerance = 1e-6;

/// The default ranges of random_configuration where a joint has no limit, and the box of the
/// free-flyer's position.
struct RandomConfigurationOptions {
  /// rad: a revolute joint without limits draws from [-range, range]; with one limit, from the
  /// interval of width 2 range that it bounds.
  double revolute_range = 3.141592653589793;
  /// m: the same for a prismatic joint.
  double prismatic_range = 1.0;
  /// m: a free-flyer's base position draws from [-range, range]^3.
  double base_position_range = 1.0;
};

/// Throws std::invalid_argument unless q is a configuration of the model: size nq (the message
/// names nq and the root: "q has size 11, expected nq = 12 (free-flyer: 7 + 5 joints)"), finite
/// entries, and for a free-flyer a quaternion q[3..6] of norm 1 to kQuaternionNormTolerance.
/// `where` and `name` head the message ("integrate: q0 ...").
template <typename S = double>
void check_configuration(std::string_view where, std::string_view name, const SerialModel& model,
                         JointVectorIn<S> q);
/// Throws std::invalid_argument unless v is a velocity (tangent vector) of the model: size nv
/// ("v has size 11, expected nv = 11 ...") and finite entries.
template <typename S = double>
void check_tangent(std::string_view where, std::string_view name, const SerialModel& model,
                   JointVectorIn<S> v);

/// q (nq) moved by the velocity v (nv) for the time dt: the base by SE(3)'s exponential of the
/// body-frame twist v dt, M(q) exp(v dt), the joints by q_j + v_j dt (file comment). The result's
/// quaternion is unit and on the hemisphere of q's (the sign of the continuous motion). Checks q
/// (check_configuration), v and dt.
template <typename S = double>
VectorX<S> integrate(const SerialModel& model, JointVectorIn<S> q, JointVectorIn<S> v,
                     const std::type_identity_t<S>& dt);
/// integrate without the input checks (Unchecked; q's quaternion must be nonzero).
template <typename S = double>
VectorX<S> integrate(Unchecked, const SerialModel& model, JointVectorIn<S> q, JointVectorIn<S> v,
                     const std::type_identity_t<S>& dt);

/// The velocity (nv) that takes q0 to q1 in unit time: for the base log(M(q0)^-1 M(q1)), the
/// body-frame twist of SE(3)'s logarithm, with the rotation's angle in [0, pi] (the short way:
/// q1 and -q1 give the same result); for the joints q1_j - q0_j. integrate(q0, difference(q0,
/// q1), 1) = q1 (the quaternion up to its sign). Checks q0 and q1 (check_configuration).
template <typename S = double>
VectorX<S> difference(const SerialModel& model, JointVectorIn<S> q0, JointVectorIn<S> q1);
/// difference without the input checks (Unchecked).
template <typename S = double>
VectorX<S> difference(Unchecked, const SerialModel& model, JointVectorIn<S> q0,
                      JointVectorIn<S> q1);

/// q (nq) with the free-flyer's quaternion scaled to norm 1 (joints unchanged; a fixed-root q is
/// returned as it is). Throws std::invalid_argument for a wrong size, a non-finite entry or a
/// quaternion of norm below 1e-12 ("normalize: q[3..6], the base quaternion (x y z w) =
/// (0 0 0 0), has norm 0.000000: it is no rotation").
template <typename S = double>
VectorX<S> normalize(const SerialModel& model, JointVectorIn<S> q);

/// world <- base body (4 x 4) of q (nq): (R(quat), p) for a free-flyer (the quaternion normalised),
/// the identity for a fixed root (the base is the world). Checks q (check_configuration).
template <typename S = double>
Matrix4<S> base_pose(const SerialModel& model, JointVectorIn<S> q);
/// base_pose without the input checks (Unchecked; q's quaternion must be nonzero).
template <typename S = double>
Matrix4<S> base_pose(Unchecked, const SerialModel& model, JointVectorIn<S> q);

/// The neutral configuration (nq): every joint at 0 (the table's offsets), for a free-flyer the
/// base at the world's origin with the identity quaternion (0, 0, 0, 1).
VectorXd neutral(const SerialModel& model);

/// A random configuration (nq): each joint uniform within its limits [q_min, q_max], or within
/// the default ranges of `options` where a limit is infinite; for a free-flyer the position
/// uniform in options.base_position_range's box and the quaternion uniform on the rotations
/// (Shoemake 1992, "Uniform random rotations"). The draws map rng() to [0, 1) by the top 53
/// bits, so a seed gives the same q on every platform. Throws std::invalid_argument for a
/// non-positive or non-finite range.
VectorXd random_configuration(const SerialModel& model, std::mt19937_64& rng,
                              const RandomConfigurationOptions& options = {});
/// random_configuration drawn from std::mt19937_64(seed).
VectorXd random_configuration(const SerialModel& model, std::uint64_t seed,
                              const RandomConfigurationOptions& options = {});

/// The names of q's entries (nq), for tables and CSV headers: for a free-flyer base_x, base_y,
/// base_z (position), base_qx, base_qy, base_qz, base_qw (quaternion), then model.joint_names().
std::vector<std::string> configuration_names(const SerialModel& model);
/// The names of v's entries (nv): for a free-flyer base_vx, base_vy, base_vz (linear velocity),
/// base_wx, base_wy, base_wz (angular velocity), then model.joint_names().
std::vector<std::string> velocity_names(const SerialModel& model);
/// The names of the generalized forces tau (nv): for a free-flyer the base wrench fx, fy, fz,
/// tx, ty, tz (force and torque on the base in the base frame), then model.joint_names().
std::vector<std::string> generalized_force_names(const SerialModel& model);

}  // namespace manipdyn
