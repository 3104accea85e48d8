#include "manipdyn/serial/configuration.hpp"

#include <cassert>
#include <cmath>
#include <initializer_list>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "manipdyn/core/scalar_math.hpp"
#include "base_quaternion.hpp"
#include "scalars.hpp"

namespace manipdyn {

namespace {

// Quaternions here are 4-vectors in q's order (x, y, z, w); products are Hamilton's.
using detail::Quat;

// a * b (Hamilton): w = aw bw - av . bv, v = aw bv + bw av + av x bv.
template <typename S>
Quat<S> quat_multiply(const Quat<S>& a, const Quat<S>& b) {
  const Vector3<S> av = a.template head<3>(), bv = b.template head<3>();
  Quat<S> r;
  r.template head<3>() = a[3] * bv + b[3] * av + av.cross(bv);
  r[3] = a[3] * b[3] - av.dot(bv);
  return r;
}

using detail::quat_rotation;
using detail::unit_base_quaternion;

// "(free-flyer: 7 + 5 joints)" (nq; 6 for nv), "(fixed root: 5 joints)".
std::string root_description(const SerialModel& model, int base_entries) {
  return model.root == RootJoint::free_flyer
             ? "(free-flyer: " + std::to_string(base_entries) + " + " +
                   std::to_string(model.dof()) + " joints)"
             : "(fixed root: " + std::to_string(model.dof()) + " joints)";
}

// Throws "<where>: <name> has size 11, expected nq = 12 (free-flyer: 7 + 5 joints)".
template <typename S>
void check_configuration_size(std::string_view where, std::string_view name, const char* which,
                              int expected, const SerialModel& model, JointVectorIn<S> x) {
  if (x.size() == expected) return;
  throw std::invalid_argument(std::string(where) + ": " + std::string(name) + " has size " +
                              std::to_string(x.size()) + ", expected " + which + " = " +
                              std::to_string(expected) + " " +
                              root_description(model, expected - model.dof()));
}

// "q[3..6], the base quaternion (x y z w) = (0 0 0 2)".
template <typename S>
std::string quaternion_description(std::string_view name, JointVectorIn<S> q) {
  std::ostringstream os;
  os << name << "[3..6], the base quaternion (x y z w) = (";
  for (int k = 3; k < 7; ++k) os << (k > 3 ? " " : "") << math::value(q[k]);
  os << ")";
  return os.str();
}

}  // namespace

template <typename S>
void check_configuration(std::string_view where, std::string_view name, const SerialModel& model,
                         JointVectorIn<S> q) {
  check_configuration_size<S>(where, name, "nq", model.nq(), model, q);
  check_finite(where, name, q);
  if (model.root != RootJoint::free_flyer) return;
  double norm2 = 0.0;
  for (int k = 3; k < 7; ++k) norm2 += math::value(q[k]) * math::value(q[k]);
  const double norm = std::sqrt(norm2);
  if (std::abs(norm - 1.0) <= kQuaternionNormTolerance) return;
  std::ostringstream os;
  os << where << ": " << quaternion_description<S>(name, q);
  if (norm == 0.0) {
    os << ", is zero: it is no rotation";
  } else {
    os << ", has norm " << norm << ", not 1 (tolerance " << kQuaternionNormTolerance
       << "); normalize(model, " << name << ") scales it";
  }
  throw std::invalid_argument(os.str());
}

template <typename S>
void check_tangent(std::string_view where, std::string_view name, const SerialModel& model,
                   JointVectorIn<S> v) {
  check_configuration_size<S>(where, name, "nv", model.nv(), model, v);
  check_finite(where, name, v);
}

template <typename S>
VectorX<S> integrate(Unchecked, const SerialModel& model, JointVectorIn<S> q, JointVectorIn<S> v,
                     const std::type_identity_t<S>& dt) {
  assert(q.size() == model.nq() && v.size() == model.nv());
  VectorX<S> out(q.size());
  const int n = model.dof();
  // The joints: q_j + v_j dt.
  out.tail(n) = q.tail(n) + v.tail(n) * dt;
  if (model.root != RootJoint::free_flyer) return out;
  // The base: M(q) exp(v dt), exp([u; w]) = (exp3(w), V(w) u) with V = I + A [w]x + B [w]x^2,
  // A = (1 - cos t)/t^2, B = (t - sin t)/t^3, t = |w| (Murray, Li & Sastry 1994, eq. 2.36); the
  // rotation as the quaternion (sin(t/2)/t w, cos(t/2)). Taylor series below t = 1e-2 (the next
  // terms are below 1e-16).
  const Vector3<S> u = v.template head<3>() * dt;
  const Vector3<S> w = v.template segment<3>(3) * dt;
  const S t2 = w.squaredNorm();
  S sinc_half, cos_half, A, B;
  if (math::value(t2) < 1e-4) {
    sinc_half = S(0.5) - t2 / S(48) + t2 * t2 / S(3840);
    cos_half = S(1) - t2 / S(8) + t2 * t2 / S(384);
    A = S(0.5) - t2 / S(24) + t2 * t2 / S(720);
    B = S(1.0 / 6.0) - t2 / S(120) + t2 * t2 / S(5040);
  } else {
    const S t = math::sqrt(t2);
    const S sh = math::sin(t / S(2));
    cos_half = math::cos(t / S(2));
    sinc_half = sh / t;
    A = S(2) * sh * sh / t2;
    B = (t - math::sin(t)) / (t2 * t);
  }
  const Quat<S> quat0 = unit_base_quaternion<S>(q);
  const Vector3<S> wu = w.cross(u);
  const Vector3<S> translation = u + A * wu + B * w.cross(wu);
  out.template head<3>() = q.template head<3>() + quat_rotation<S>(quat0) * translation;
  // quat0 * exp3(w), normalised, on quat0's hemisphere.
  Quat<S> step;
  step.template head<3>() = sinc_half * w;
  step[3] = cos_half;
  Quat<S> quat1 = quat_multiply<S>(quat0, step);
  quat1 /= math::sqrt(quat1.squaredNorm());
  if (math::value(quat1.dot(quat0)) < 0.0) quat1 = -quat1;
  out.template segment<4>(3) = quat1;
  return out;
}

template <typename S>
VectorX<S> integrate(const SerialModel& model, JointVectorIn<S> q, JointVectorIn<S> v,
                     const std::type_identity_t<S>& dt) {
  constexpr std::string_view where = "integrate";
  check_configuration<S>(where, "q", model, q);
  check_tangent<S>(where, "v", model, v);
  check_finite_scalar(where, "dt", math::value(dt));
  return integrate<S>(unchecked, model, q, v, dt);
}

template <typename S>
VectorX<S> difference(Unchecked, const SerialModel& model, JointVectorIn<S> q0,
                      JointVectorIn<S> q1) {
  assert(q0.size() == model.nq() && q1.size() == model.nq());
  const int n = model.dof();
  VectorX<S> out(model.nv());
  // The joints: q1_j - q0_j.
  out.tail(n) = q1.tail(n) - q0.tail(n);
  if (model.root != RootJoint::free_flyer) return out;
  // The relative rotation quat0^-1 quat1, on the hemisphere w >= 0 (angle t in [0, pi]).
  const Quat<S> quat0 = unit_base_quaternion<S>(q0);
  Quat<S> conj0 = quat0;
  conj0.template head<3>() = -conj0.template head<3>();
  Quat<S> rel = quat_multiply<S>(conj0, unit_base_quaternion<S>(q1));
  if (math::value(rel[3]) < 0.0) rel = -rel;
  // Its logarithm w = t/s * rel.xyz, s = |rel.xyz| = sin(t/2): t/s = 2 asin(s)/s by its series
  // below s = 1e-3 (next term below 1e-19), else 2 atan2(s, w)/s (exact up to t = pi).
  const Vector3<S> rv = rel.template head<3>();
  const S s2 = rv.squaredNorm();
  S t_over_s;
  if (math::value(s2) < 1e-6) {
    t_over_s = S(2) * (S(1) + s2 / S(6) + S(3.0 / 40.0) * s2 * s2);
  } else {
    const S s = math::sqrt(s2);
    t_over_s = S(2) * math::atan2(s, rel[3]) / s;
  }
  const Vector3<S> w = t_over_s * rv;
  const S t2 = t_over_s * t_over_s * s2;
  // The translation by V(w)^-1 = I - [w]x / 2 + C [w]x^2, C = (1 - (t/2) cot(t/2)) / t^2
  // (Murray, Li & Sastry 1994, sec. 2.3), its series 1/12 + t^2/720 + t^4/30240 below t = 1e-2.
  S C;
  if (math::value(t2) < 1e-4) {
    C = S(1.0 / 12.0) + t2 / S(720) + t2 * t2 / S(30240);
  } else {
    const S half = math::sqrt(t2) / S(2);
    C = (S(1) - half * math::cos(half) / math::sin(half)) / t2;
  }
  const Vector3<S> p =
      quat_rotation<S>(quat0).transpose() * (q1.template head<3>() - q0.template head<3>());
  const Vector3<S> wp = w.cross(p);
  out.template head<3>() = p - S(0.5) * wp + C * w.cross(wp);
  out.template segment<3>(3) = w;
  return out;
}

template <typename S>
VectorX<S> difference(const SerialModel& model, JointVectorIn<S> q0, JointVectorIn<S> q1) {
  constexpr std::string_view where = "difference";
  check_configuration<S>(where, "q0", model, q0);
  check_configuration<S>(where, "q1", model, q1);
  return difference<S>(unchecked, model, q0, q1);
}

template <typename S>
VectorX<S> normalize(const SerialModel& model, JointVectorIn<S> q) {
  constexpr std::string_view where = "normalize";
  check_configuration_size<S>(where, "q", "nq", model.nq(), model, q);
  check_finite(where, "q", q);
  VectorX<S> out = q;
  if (model.root != RootJoint::free_flyer) return out;
  const S norm = math::sqrt(out.template segment<4>(3).squaredNorm());
  if (!(math::value(norm) >= 1e-12))
    throw std::invalid_argument(std::string(where) + ": " + quaternion_description<S>("q", q) +
                                ", has norm " + std::to_string(math::value(norm)) +
                                ": it is no rotation");
  out.template segment<4>(3) /= norm;
  return out;
}

template <typename S>
Matrix4<S> base_pose(Unchecked, const SerialModel& model, JointVectorIn<S> q) {
  Matrix4<S> T = Matrix4<S>::Identity();
  if (model.root != RootJoint::free_flyer) return T;
  T.template block<3, 3>(0, 0) = quat_rotation<S>(unit_base_quaternion<S>(q));
  T.template block<3, 1>(0, 3) = q.template head<3>();
  return T;
}

template <typename S>
Matrix4<S> base_pose(const SerialModel& model, JointVectorIn<S> q) {
  check_configuration<S>("base_pose", "q", model, q);
  return base_pose<S>(unchecked, model, q);
}

VectorXd neutral(const SerialModel& model) {
  VectorXd q = VectorXd::Zero(model.nq());
  if (model.root == RootJoint::free_flyer) q[6] = 1.0;
  return q;
}

VectorXd random_configuration(const SerialModel& model, std::mt19937_64& rng,
                              const RandomConfigurationOptions& options) {
  constexpr std::string_view where = "random_configuration";
  for (const auto& [name, range] :
       {std::pair<const char*, double>{"revolute_range", options.revolute_range},
        {"prismatic_range", options.prismatic_range},
        {"base_position_range", options.base_position_range}})
    if (!(std::isfinite(range) && range > 0.0))
      throw std::invalid_argument(std::string(where) + ": options." + name + " = " +
                                  std::to_string(range) + ", expected a finite number > 0");
  // [0, 1) from the top 53 bits (portable, unlike std::uniform_real_distribution).
  auto uniform = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  VectorXd q(model.nq());
  const int offset = model.nq() - model.dof();
  if (model.root == RootJoint::free_flyer) {
    for (int k = 0; k < 3; ++k)
      q[k] = options.base_position_range * (2.0 * uniform() - 1.0);
    // Shoemake 1992: uniform on SO(3).
    const double u1 = uniform(), u2 = uniform(), u3 = uniform();
    const double two_pi = 2.0 * std::numbers::pi;
    q.segment<4>(3) << std::sqrt(1.0 - u1) * std::sin(two_pi * u2),
        std::sqrt(1.0 - u1) * std::cos(two_pi * u2), std::sqrt(u1) * std::sin(two_pi * u3),
        std::sqrt(u1) * std::cos(two_pi * u3);
  }
  // Each joint within its limits, a default range standing in for a missing one.
  for (int i = 0; i < model.dof(); ++i) {
    const LinkParameters& l = model.links[i];
    const double range =
        l.type == JointType::revolute ? options.revolute_range : options.prismatic_range;
    double lo = l.q_min, hi = l.q_max;
    if (!std::isfinite(lo)) lo = std::isfinite(hi) ? hi - 2.0 * range : -range;
    if (!std::isfinite(hi)) hi = std::isfinite(l.q_min) ? lo + 2.0 * range : range;
    q[offset + i] = lo + (hi - lo) * uniform();
  }
  return q;
}

VectorXd random_configuration(const SerialModel& model, std::uint64_t seed,
                              const RandomConfigurationOptions& options) {
  std::mt19937_64 rng(seed);
  return random_configuration(model, rng, options);
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  template void check_configuration<S>(std::string_view, std::string_view, const SerialModel&, \
                                       JointVectorIn<S>);                                      \
  template void check_tangent<S>(std::string_view, std::string_view, const SerialModel&,       \
                                 JointVectorIn<S>);                                            \
  template VectorX<S> integrate<S>(const SerialModel&, JointVectorIn<S>, JointVectorIn<S>,     \
                                   const std::type_identity_t<S>&);                            \
  template VectorX<S> integrate<S>(Unchecked, const SerialModel&, JointVectorIn<S>,            \
                                   JointVectorIn<S>, const std::type_identity_t<S>&);          \
  template VectorX<S> difference<S>(const SerialModel&, JointVectorIn<S>, JointVectorIn<S>);   \
  template VectorX<S> difference<S>(Unchecked, const SerialModel&, JointVectorIn<S>,           \
                                    JointVectorIn<S>);                                         \
  template VectorX<S> normalize<S>(const SerialModel&, JointVectorIn<S>);                      \
  template Matrix4<S> base_pose<S>(const SerialModel&, JointVectorIn<S>);                      \
  template Matrix4<S> base_pose<S>(Unchecked, const SerialModel&, JointVectorIn<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

namespace {

// `base` (the free-flyer's six or seven names) before the joint names, or the joint names alone.
std::vector<std::string> with_base_names(const SerialModel& model,
                                         std::initializer_list<const char*> base) {
  std::vector<std::string> names;
  if (model.root == RootJoint::free_flyer) names.assign(base.begin(), base.end());
  for (auto& name : model.joint_names()) names.push_back(std::move(name));
  return names;
}

}  // namespace

std::vector<std::string> configuration_names(const SerialModel& model) {
  return with_base_names(model,
                         {"base_x", "base_y", "base_z", "base_qx", "base_qy", "base_qz", "base_qw"});
}

std::vector<std::string> velocity_names(const SerialModel& model) {
  return with_base_names(model, {"base_vx", "base_vy", "base_vz", "base_wx", "base_wy", "base_wz"});
}

std::vector<std::string> generalized_force_names(const SerialModel& model) {
  return with_base_names(model, {"fx", "fy", "fz", "tx", "ty", "tz"});
}

}  // namespace manipdyn
