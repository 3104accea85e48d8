// A leg's joint values from its end point in closed form (leg_closed_form.hpp): the Paden-Kahan
// subproblems of Murray, Li & Sastry 1994, sec. 3.2.2, on the leg's product-of-exponentials form.
#include "leg_closed_form.hpp"

#include <cmath>
#include <numbers>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "scalars.hpp"

namespace manipdyn::parallel::detail {

namespace {

// The point where two lines (p_a + s w_a, p_b + t w_b) cross, if they do (to `tolerance`) and
// are not parallel.
bool crossing(const Vector3d& pa, const Vector3d& wa, const Vector3d& pb, const Vector3d& wb, double tolerance,
              Vector3d& at) {
  const Vector3d n = wa.cross(wb);
  if (n.norm() < 1e-9) return false;
  if (std::abs((pb - pa).dot(n)) / n.norm() > tolerance) return false;
  // closest point on line a: s = ((pb - pa) x wb) . n / |n|^2
  const double s = (pb - pa).cross(wb).dot(n) / n.squaredNorm();
  at = pa + s * wa;
  return true;
}

template <typename S>
Vector3<S> perpendicular(const Vector3<S>& u, const Vector3<S>& w) { return u - w * w.dot(u); }

// Subproblem 1: the angle about the unit axis w that turns u into v (both relative to a point of
// the axis): atan2(w . (u' x v'), u' . v') with u', v' their parts normal to w.
template <typename S>
S rotation_angle(const Vector3<S>& u, const Vector3<S>& v, const Vector3<S>& w) {
  const Vector3<S> up = perpendicular(u, w), vp = perpendicular(v, w);
  return math::atan2(S(w.dot(up.cross(vp))), S(up.dot(vp)));
}

// Subproblem 2: the angle pairs (t1, t2) with exp(w1 t1) exp(w2 t2) u = v, the axes crossing at the
// origin of u and v. Appends 0 to 2 pairs.
template <typename S>
int two_rotations(const Vector3<S>& u, const Vector3<S>& v, const Vector3<S>& w1, const Vector3<S>& w2,
                  S (&t1)[2], S (&t2)[2]) {
  const S c = w1.dot(w2);
  const S den = c * c - S(1);
  const S alpha = (c * w2.dot(u) - w1.dot(v)) / den;
  const S beta = (c * w1.dot(v) - w2.dot(u)) / den;
  const Vector3<S> n = w1.cross(w2);
  S g2 = (u.squaredNorm() - alpha * alpha - beta * beta - S(2) * alpha * beta * c) / n.squaredNorm();
  const double scale = math::value(u.squaredNorm()) + 1e-300;
  if (math::value(g2) < -1e-10 * scale) return 0;
  if (math::value(g2) < 0) g2 = S(0);
  const S g = math::sqrt(g2);
  int count = 0;
  for (const double sign : {1.0, -1.0}) {
    const Vector3<S> z = alpha * w1 + beta * w2 + S(sign) * g * n;
    t2[count] = rotation_angle(u, z, w2);
    t1[count] = rotation_angle(z, v, w1);
    ++count;
    if (math::value(g) == 0) break;
  }
  return count;
}

// Subproblem 3: the angles t about the unit axis w (through the origin of u and v) with
// |exp(w t) u - v| = delta. Appends 0 to 2 angles.
template <typename S>
int rotation_to_distance(const Vector3<S>& u, const Vector3<S>& v, const Vector3<S>& w, const S& delta, S (&t)[2]) {
  const Vector3<S> up = perpendicular(u, w), vp = perpendicular(v, w);
  const S along = w.dot(Vector3<S>(u - v));
  const S d2 = delta * delta - along * along;
  const S nu = up.norm(), nv = vp.norm();
  if (math::value(nu) == 0 || math::value(nv) == 0) return 0;
  const S t0 = math::atan2(S(w.dot(up.cross(vp))), S(up.dot(vp)));
  S c = (nu * nu + nv * nv - d2) / (S(2) * nu * nv);
  if (std::abs(math::value(c)) > 1.0 + 1e-12) return 0;
  if (math::value(c) > 1.0) c = S(1);
  if (math::value(c) < -1.0) c = S(-1);
  const S phi = math::acos(c);
  t[0] = t0 + phi;
  t[1] = t0 - phi;
  return math::value(phi) == 0 ? 1 : 2;
}

// Rotation by angle t about the unit axis w (Rodrigues).
template <typename S>
Matrix3<S> rotation(const Vector3<S>& w, const S& t) {
  S s, c;
  math::sincos(t, s, c);
  Matrix3<S> K;
  K << S(0), -w.z(), w.y(), w.z(), S(0), -w.x(), -w.y(), w.x(), S(0);
  return Matrix3<S>::Identity() + s * K + (S(1) - c) * K * K;
}

// The candidate nearest to the previous joint values (revolute angles within pi of them).
template <typename S>
void keep_nearest(const Leg& leg, const S* candidate, VectorX<S>& best, double& best_distance,
                  const Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3, 1>& previous) {
  const int n = static_cast<int>(previous.size());
  VectorX<S>& q = best;
  double distance = 0;
  S wrapped[3];
  for (int j = 0; j < n; ++j) {
    S value = candidate[j];
    if (leg.chain.links[static_cast<std::size_t>(j)].type == JointType::revolute) {
      const double turns = std::round((math::value(value) - math::value(previous(j))) / (2 * std::numbers::pi));
      value -= S(turns * 2 * std::numbers::pi);
    }
    wrapped[j] = value;
    distance += std::abs(math::value(value) - math::value(previous(j)));
  }
  if (distance < best_distance) {
    best_distance = distance;
    for (int j = 0; j < n; ++j) q(j) = wrapped[j];
  }
}

}  // namespace

void recognise_leg(const SerialModel& chain, LegScrews& screws, LegSolver& solver) {
  const int n = chain.dof();
  SerialData data(chain);
  const VectorXd zero = VectorXd::Zero(n);
  const auto& T0 = link_transforms(chain, data, zero);
  screws.axis.clear();
  screws.point.clear();
  for (int j = 0; j < n; ++j) {
    screws.axis.push_back(T0[static_cast<std::size_t>(j + 1)].block<3, 1>(0, 2));
    screws.point.push_back(T0[static_cast<std::size_t>(j + 1)].block<3, 1>(0, 3));
  }
  screws.end0 = (T0[static_cast<std::size_t>(n)] * chain.modified.tool.matrix()).block<3, 1>(0, 3);
  double scale = 1.0 + screws.end0.norm();
  for (const Vector3d& p : screws.point) scale = std::max(scale, 1.0 + p.norm());
  const double tolerance = 1e-12 * scale;
  solver = LegSolver::newton;
  auto type = [&](int j) { return chain.links[static_cast<std::size_t>(j)].type; };
  const auto& w = screws.axis;
  const auto& p = screws.point;
  if (n == 3 && type(0) == JointType::revolute && type(1) == JointType::revolute && type(2) == JointType::prismatic &&
      crossing(p[0], w[0], p[1], w[1], tolerance, screws.centre))
    solver = LegSolver::rrp;
  else if (n == 3 && type(0) == JointType::revolute && type(1) == JointType::revolute &&
           type(2) == JointType::revolute && crossing(p[1], w[1], p[2], w[2], tolerance, screws.centre) &&
           w[0].cross(screws.centre - p[0]).norm() > 1e-9 * scale)
    solver = LegSolver::rrr_crossed;
  else if (n == 2 && type(0) == JointType::revolute && type(1) == JointType::revolute && w[0].cross(w[1]).norm() < 1e-12)
    solver = LegSolver::rr_parallel;
}

template <typename S>
bool solve_leg_closed_form(const Leg& leg, const Vector3<S>& target, VectorX<S>& q) {
  const LegScrews& sc = leg.screws;
  const Vector3<S> end0 = sc.end0.template cast<S>();
  const Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3, 1> previous = q;
  double best = std::numeric_limits<double>::infinity();
  S cand[3];
  auto axis = [&](int j) { return Vector3<S>(sc.axis[static_cast<std::size_t>(j)].template cast<S>()); };
  auto point = [&](int j) { return Vector3<S>(sc.point[static_cast<std::size_t>(j)].template cast<S>()); };
  switch (leg.solver) {
    case LegSolver::rrp: {
      // |end0 + q3 v - c| = |target - c| (the rotations keep distances to c), then subproblem 2
      const Vector3<S> c = sc.centre.template cast<S>();
      const Vector3<S> v = axis(2), w = end0 - c, d = target - c;
      const S wv = w.dot(v);
      const S disc = wv * wv - w.squaredNorm() + d.squaredNorm();
      if (math::value(disc) < 0) return false;
      const S root = math::sqrt(disc);
      // the root nearest the last length (the other is the leg through the crossing point, reversed)
      const double sign = std::abs(math::value(-wv + root) - math::value(previous(2))) <=
                                  std::abs(math::value(-wv - root) - math::value(previous(2)))
                              ? 1.0
                              : -1.0;
      {
        cand[2] = -wv + S(sign) * root;
        S t1[2], t2[2];
        const int m = two_rotations(Vector3<S>(w + cand[2] * v), d, axis(0), axis(1), t1, t2);
        for (int k = 0; k < m; ++k) {
          cand[0] = t1[k];
          cand[1] = t2[k];
          keep_nearest(leg, cand, q, best, previous);
        }
      }
      break;
    }
    case LegSolver::rrr_crossed: {
      // the crossing point e turns about axis 1 to lie |end0 - e| from the target (subproblem 3),
      // then the last two joints turn end0 - e onto the target (subproblem 2)
      const Vector3<S> e = sc.centre.template cast<S>(), r0 = point(0), w0 = axis(0);
      const S ell = (end0 - e).norm();
      S t0[2];
      int m0 = rotation_to_distance(Vector3<S>(e - r0), Vector3<S>(target - r0), w0, ell, t0);
      // the first joint's angle nearest its last value (the elbow stays on its side)
      if (m0 == 2) {
        auto gap = [&](const S& t) {
          const double d = std::remainder(math::value(t) - math::value(previous(0)), 2 * std::numbers::pi);
          return std::abs(d);
        };
        if (gap(t0[1]) < gap(t0[0])) t0[0] = t0[1];
        m0 = 1;
      }
      for (int k0 = 0; k0 < m0; ++k0) {
        const Matrix3<S> R0 = rotation(w0, t0[k0]);
        const Vector3<S> local = R0.transpose() * (target - r0) + r0;  // g0^-1 target
        S t1[2], t2[2];
        const int m = two_rotations(Vector3<S>(end0 - e), Vector3<S>(local - e), axis(1), axis(2), t1, t2);
        for (int k = 0; k < m; ++k) {
          cand[0] = t0[k0];
          cand[1] = t1[k];
          cand[2] = t2[k];
          keep_nearest(leg, cand, q, best, previous);
        }
      }
      break;
    }
    case LegSolver::rr_parallel: {
      // the distance to axis 1 fixes joint 2 (subproblem 3), then joint 1 turns onto the target (subproblem 1)
      const Vector3<S> w0 = axis(0), r0 = point(0), r1 = point(1);
      if (std::abs(math::value(w0.dot(Vector3<S>(target - end0)))) > 1e-9 * (1.0 + math::value(target.norm()))) return false;
      const S delta = Vector3<S>(target - r0).norm();  // the moved end keeps its offset along the axes
      S t1[2];
      const int m = rotation_to_distance(Vector3<S>(end0 - r1), Vector3<S>(r0 - r1), w0, delta, t1);
      for (int k = 0; k < m; ++k) {
        const Vector3<S> moved = rotation(w0, t1[k]) * (end0 - r1) + r1;
        cand[0] = rotation_angle(Vector3<S>(moved - r0), Vector3<S>(target - r0), w0);
        cand[1] = t1[k];
        keep_nearest(leg, cand, q, best, previous);
      }
      break;
    }
    case LegSolver::newton:
      return false;
  }
  return best < std::numeric_limits<double>::infinity();
}

#define MANIPDYN_INSTANTIATE(S) \
  template bool solve_leg_closed_form<S>(const Leg&, const Vector3<S>&, VectorX<S>&);
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel::detail
