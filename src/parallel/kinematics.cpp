// The closure of a parallel robot's loops: leg inverse kinematics, rates and accelerations
// (kinematics.hpp; Khalil & Ibrahim 2007, eqs. 8-13).
#include "manipdyn/parallel/kinematics.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/small_lu.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "leg_closed_form.hpp"
#include "scalars.hpp"

namespace manipdyn::parallel {

namespace {

template <typename S>
using SmallMatrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 3, 3>;
template <typename S>
using SmallVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3, 1>;

template <typename S>
double norm_value(const Vector3<S>& v) {
  return std::sqrt(math::value(v.x()) * math::value(v.x()) + math::value(v.y()) * math::value(v.y()) +
                   math::value(v.z()) * math::value(v.z()));
}

// J^+T = J (J^T J)^-1 (3 x n, n <= 3): the inverse transpose of a square J (by its adjugate: the
// columns j2 x j3, j3 x j1, j1 x j2 over det J), the transpose of the left inverse of a tall one.
// False when J is singular to 1e-12 (the leg at a serial singularity).
template <typename S>
bool pseudo_inverse_transpose(const Eigen::Matrix<S, 3, Eigen::Dynamic>& J,
                              Eigen::Matrix<S, 3, Eigen::Dynamic>& JpT, std::vector<int>& perm) {
  const int n = static_cast<int>(J.cols());
  if (n == 3) {
    const Vector3<S> j1 = J.col(0), j2 = J.col(1), j3 = J.col(2);
    const Vector3<S> c1 = j2.cross(j3), c2 = j3.cross(j1), c3 = j1.cross(j2);
    const S det = j1.dot(c1);
    const double size = math::value(j1.norm()) * math::value(j2.norm()) * math::value(j3.norm());
    if (!(std::abs(math::value(det)) > 1e-12 * size)) return false;
    const S inv = S(1) / det;
    JpT.col(0) = c1 * inv;
    JpT.col(1) = c2 * inv;
    JpT.col(2) = c3 * inv;
    return true;
  }
  SmallMatrix<S> G = J.transpose() * J;
  perm.resize(static_cast<std::size_t>(n));
  if (!lu_factor_in_place(G, perm, 1e-12)) return false;
  SmallVector<S> b(n), work(n);
  for (int r = 0; r < 3; ++r) {  // row r of J G^-1 = (G^-1 J^T e_r)^T
    b = J.row(r).transpose();
    lu_solve_in_place(G, perm, b, work);
    JpT.row(r) = b.transpose();
  }
  return true;
}

template <typename S>
[[noreturn]] void singular_leg(const char* where, const ParallelModel& model, int i, const VectorX<S>& q) {
  std::ostringstream os;
  os << where << ": " << model.leg_label(i) << " is at a singular configuration (q = [";
  for (int j = 0; j < q.size(); ++j) os << (j ? ", " : "") << math::value(q(j));
  os << "]): its end point cannot move in every direction the platform needs (a serial singularity, "
        "Gosselin & Angeles 1990 type 1)";
  throw std::invalid_argument(os.str());
}

// Leg i's end stays `residual` m from `target` after Newton's method: `why` it stopped.
template <typename S>
[[noreturn]] void cannot_reach(const char* where, const ParallelModel& model, int i, const Vector3<S>& target,
                               double residual, const std::string& why) {
  std::ostringstream os;
  os << where << ": " << model.leg_label(i) << " cannot reach its platform point ["
     << math::value(target.x()) << ", " << math::value(target.y()) << ", " << math::value(target.z())
     << "] m at this pose: its end stays " << residual << " m away " << why
     << " (an unreachable pose, or the leg beyond a singularity)";
  throw std::invalid_argument(os.str());
}

template <typename S>
void check_pose(const char* where, const ParallelModel& model, const Vector3<S>& t, const Matrix3<S>& R) {
  Matrix3d Rv;
  Vector3d tv;
  for (int r = 0; r < 3; ++r) {
    tv(r) = math::value(t(r));
    for (int c = 0; c < 3; ++c) Rv(r, c) = math::value(R(r, c));
  }
  if (!tv.allFinite() || !Rv.allFinite())
    throw std::invalid_argument(std::string(where) + ": the platform pose has a non-finite entry");
  if ((Rv.transpose() * Rv - Matrix3d::Identity()).norm() > 1e-9 || std::abs(Rv.determinant() - 1.0) > 1e-9)
    throw std::invalid_argument(std::string(where) + ": R is not a rotation (orthonormal, determinant +1, to 1e-9)");
  const Mobility mob = model.mobility;
  if ((mob == Mobility::translation || mob == Mobility::planar_translation) &&
      (Rv - Matrix3d::Identity()).norm() > 1e-9)
    throw std::invalid_argument(std::string(where) + ": the platform of '" + model.name + "' translates only (mobility '" +
                                std::string(to_string(mob)) + "'): R must be the identity");
  if (mob == Mobility::planar && (std::abs(Rv(2, 2) - 1.0) > 1e-9 || Rv.col(2).head<2>().norm() > 1e-9))
    throw std::invalid_argument(std::string(where) + ": the platform of '" + model.name +
                                "' moves in the x-y plane (mobility 'planar'): R must be a rotation about z");
  if ((mob == Mobility::planar || mob == Mobility::planar_translation) &&
      std::abs(tv.z() - model.home.translation().z()) > 1e-9 * (1.0 + std::abs(tv.z())))
    throw std::invalid_argument(std::string(where) + ": the platform of '" + model.name +
                                "' moves in the x-y plane: t.z must stay at the home pose's " +
                                std::to_string(model.home.translation().z()) + " m");
}

// Leg i's joint values with its end on `target`: in closed form where the leg allows
// (leg_closed_form.hpp), else by Gauss-Newton from data.q[i]; J_i and its pseudo-inverse at the
// solution. A leg of fewer than 3 joints ends at the point nearest the target that it can reach
// (least squares); data.gap[i] keeps what is left (its end minus the target).
template <typename S>
void close_leg(const char* where, const ParallelModel& model, ParallelDataTpl<S>& data, int i,
               const Vector3<S>& target) {
  const Leg& leg = model.legs[static_cast<std::size_t>(i)];
  SerialDataTpl<S>& ld = data.leg[static_cast<std::size_t>(i)];
  VectorX<S>& q = data.q[static_cast<std::size_t>(i)];
  Eigen::Matrix<S, 3, Eigen::Dynamic>& J = data.J[static_cast<std::size_t>(i)];
  Eigen::Matrix<S, 3, Eigen::Dynamic>& JpT = data.J_plus_T[static_cast<std::size_t>(i)];
  const double scale = 1.0 + norm_value(target);
  // the Jacobian (6 x n) and the end point at q, and the end's distance from the target
  Vector3<S> e;
  auto evaluate = [&] {
    J = jacobian(unchecked, leg.chain, ld, JointVectorIn<S>(q)).template topRows<3>();
    e = ld.T_ee.template block<3, 1>(0, 3) - target;
  };
  auto finish = [&] {
    if (!pseudo_inverse_transpose(J, JpT, data.leg_perm)) singular_leg(where, model, i, q);
  };
  auto done = [&] { data.gap[static_cast<std::size_t>(i)] = e; };
  if (leg.solver != LegSolver::newton && detail::solve_leg_closed_form(leg, target, q)) {
    evaluate();
    if (norm_value(e) <= 1e-9 * scale) {
      finish();
      return done();
    }
  }
  const double tolerance = 1e-13 * scale;
  constexpr int kMaxSteps = 60;
  // after the step falls below the tolerance, one more step settles the derivative parts of a dual q
  int settled = std::is_same_v<S, double> ? 1 : 0;
  double moved = 0;  // the end point's move of the last step, |J dq| (the part of e the leg can remove)
  for (int step = 0; step < kMaxSteps; ++step) {
    evaluate();
    const double residual = norm_value(e);
    if (!std::isfinite(residual)) break;
    if (!pseudo_inverse_transpose(J, JpT, data.leg_perm)) {
      // short of the point: Newton's method ran into the leg's singularity (stretched or folded)
      if (residual > tolerance) {
        std::ostringstream why;
        why << "where Newton's method met a singular configuration of the leg (q = [";
        for (int j = 0; j < q.size(); ++j) why << (j ? ", " : "") << math::value(q(j));
        why << "])";
        cannot_reach(where, model, i, target, residual, why.str());
      }
      singular_leg(where, model, i, q);
    }
    // Gauss-Newton step, its length capped at half the leg's reach (a far seed does not jump branches wildly)
    Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3, 1> dq = JpT.transpose() * e;  // n <= 3: on the stack
    moved = norm_value(Vector3<S>(J * dq));
    if (moved <= tolerance && settled++ >= 1) return done();
    double len = 0;
    for (int j = 0; j < dq.size(); ++j) len = std::max(len, std::abs(math::value(dq(j))));
    if (len > 0.5 * scale) dq *= S(0.5 * scale / len);
    q -= dq;
  }
  cannot_reach(where, model, i, target, norm_value(e),
               "after " + std::to_string(kMaxSteps) + " Newton steps from its last joint values");
}

// A leg's end must reach its point: all of it for a leg of 3 joints; for fewer, the part left
// (data.gap) is the platform pose's violation of the leg's closure.
template <typename S>
void check_closed(const char* where, const ParallelModel& model, const ParallelDataTpl<S>& data, int i,
                  const Vector3<S>& target) {
  const double gap = norm_value(data.gap[static_cast<std::size_t>(i)]);
  const double scale = 1.0 + norm_value(target);
  if (gap <= 1e-9 * scale) return;
  std::ostringstream os;
  const int n = model.legs[static_cast<std::size_t>(i)].chain.dof();
  os << where << ": " << model.leg_label(i) << " cannot reach its platform point [" << math::value(target.x()) << ", "
     << math::value(target.y()) << ", " << math::value(target.z()) << "] m: its end stays " << gap << " m away";
  if (n < 3 && !model.dependent.empty())
    os << ", out of the directions its " << n << " joints move it in: the platform pose is not one the legs allow "
       << "(give the dependent coordinates from complete_motion)";
  else
    os << " (an unreachable pose)";
  throw std::invalid_argument(os.str());
}

// The end point's acceleration at qdd = 0, Jdot qd = sum_k (d/dt J_k) qd_k, from the joint frames
// of the last jacobian (data.T0: axis z_k, origin o_k, world) and the end point's velocity v_e:
// d/dt [z_k x (p_e - o_k)] = (w_{k-1} x z_k) x (p_e - o_k) + z_k x (v_e - v(o_k)) for a revolute
// joint, d/dt z_k = w_{k-1} x z_k for a prismatic one, w_{k-1} the angular velocity of the link
// that carries joint k and v(o_k) the velocity of o_k on it. Also the end link's angular velocity.
template <typename S>
Vector3<S> end_point_bias_acceleration(const SerialModel& chain, const SerialDataTpl<S>& ld, const VectorX<S>& qd,
                                       const Vector3<S>& v_end, Vector3<S>& omega_end) {
  const int n = static_cast<int>(qd.size());
  const Vector3<S> p_end = ld.T_ee.template block<3, 1>(0, 3);
  Vector3<S> bias = Vector3<S>::Zero();
  Vector3<S> w = Vector3<S>::Zero();  // angular velocity of the link carrying joint k
  for (int k = 0; k < n; ++k) {
    const Matrix4<S>& T = ld.T0[static_cast<std::size_t>(k + 1)];
    const Vector3<S> z = T.template block<3, 1>(0, 2);
    const Vector3<S> zd = w.cross(z);
    if (chain.links[static_cast<std::size_t>(k)].type == JointType::revolute) {
      const Vector3<S> o = T.template block<3, 1>(0, 3);
      // velocity of o_k carried by the joints before k
      Vector3<S> v_o = Vector3<S>::Zero();
      for (int m = 0; m < k; ++m) {
        const Matrix4<S>& Tm = ld.T0[static_cast<std::size_t>(m + 1)];
        const Vector3<S> zm = Tm.template block<3, 1>(0, 2);
        v_o += (chain.links[static_cast<std::size_t>(m)].type == JointType::revolute
                    ? Vector3<S>(zm.cross(Vector3<S>(o - Tm.template block<3, 1>(0, 3))))
                    : zm) *
               qd(m);
      }
      bias += (zd.cross(Vector3<S>(p_end - o)) + z.cross(Vector3<S>(v_end - v_o))) * qd(k);
      w += z * qd(k);
    } else {
      bias += zd * qd(k);
    }
  }
  omega_end = w;
  return bias;
}

// A leg of fewer than 3 joints: the directions W_i its joints cannot move its end point in, its
// rows W_i^T [I, -[r_i]x] E of the closure matrix K, and the check that the platform's velocity
// and acceleration keep the end point out of them (v_point, and a_point - Jdot qd).
template <typename S>
void restrict_platform(const char* where, const ParallelModel& model, ParallelDataTpl<S>& data, int i,
                       const Vector3<S>& v_point, const Vector3<S>& a_free, bool check) {
  const std::size_t ii = static_cast<std::size_t>(i);
  const Eigen::Matrix<S, 3, Eigen::Dynamic>& J = data.J[ii];
  Eigen::Matrix<S, 3, Eigen::Dynamic>& W = data.W[ii];
  const Vector3<S> j1 = J.col(0);
  if (J.cols() == 2) {
    const Vector3<S> w = j1.cross(Vector3<S>(J.col(1)));
    W.col(0) = w / w.norm();
  } else {  // one joint: two directions normal to its end point's motion
    const Vector3<S> u = j1 / j1.norm();
    const Vector3<S> any = std::abs(math::value(u.x())) < 0.9 ? Vector3<S>::UnitX() : Vector3<S>::UnitY();
    const Vector3<S> w1 = u.cross(any);
    W.col(0) = w1 / w1.norm();
    W.col(1) = u.cross(Vector3<S>(W.col(0)));
  }
  const Vector3<S>& r = data.r[ii];
  const int row0 = model.leg_offset.empty() ? 0 : model.leg_row_offset[ii];
  for (int c = 0; c < W.cols(); ++c) {
    const Vector3<S> w = W.col(c);
    Vector6<S> row;
    row << w, r.cross(w);
    data.K.row(row0 + c).noalias() = row.transpose() * model.E.template cast<S>();
    data.closure_gap(row0 + c) = w.dot(data.gap[ii]);
    data.closure_velocity(row0 + c) = w.dot(v_point);
    data.closure_acceleration(row0 + c) = w.dot(a_free);
    if (!check) continue;
    const double v_off = std::abs(math::value(w.dot(v_point)));
    const double a_off = std::abs(math::value(w.dot(a_free)));
    const double v_scale = 1.0 + norm_value(v_point), a_scale = 1.0 + norm_value(a_free);
    if (v_off > 1e-9 * v_scale || a_off > 1e-9 * a_scale) {
      std::ostringstream os;
      os << where << ": the platform's " << (v_off > 1e-9 * v_scale ? "velocity" : "acceleration")
         << " is not one the legs allow: " << model.leg_label(i) << "'s end point would have to move "
         << (v_off > 1e-9 * v_scale ? v_off : a_off) << (v_off > 1e-9 * v_scale ? " m/s" : " m/s^2")
         << " out of the directions its " << J.cols() << " joints move it in";
      if (!model.dependent.empty()) os << " (give the dependent coordinates from complete_motion)";
      throw std::invalid_argument(os.str());
    }
  }
}

// The platform's allowed rates xd = N zd (N: platform_dof() x dof()): the dependent coordinates
// from the constraint rows of K, xd_dep = -K_rd^-1 K_ri zd.
template <typename S>
void allowed_rates(const char* where, const ParallelModel& model, ParallelDataTpl<S>& data) {
  const int nd = static_cast<int>(model.dependent.size());
  for (int a = 0; a < nd; ++a)
    for (int b = 0; b < nd; ++b)
      data.K_lu(a, b) = data.K(model.constraint_rows[static_cast<std::size_t>(a)], model.dependent[static_cast<std::size_t>(b)]);
  if (!lu_factor_in_place(data.K_lu, data.K_perm, 1e-12))
    throw std::invalid_argument(std::string(where) + ": the legs' closure of '" + model.name +
                                "' is singular at this pose: its dependent platform coordinates are not determined by the others");
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 6, 1> b(nd), y(nd);
  for (int c = 0; c < model.dof(); ++c) {
    const int ic = model.independent[static_cast<std::size_t>(c)];
    for (int a = 0; a < nd; ++a) b(a) = -data.K(model.constraint_rows[static_cast<std::size_t>(a)], ic);
    lu_solve(data.K_lu, data.K_perm, b, y);
    data.N.col(c).setZero();
    data.N(ic, c) = S(1);
    for (int a = 0; a < nd; ++a) data.N(model.dependent[static_cast<std::size_t>(a)], c) = y(a);
  }
}

}  // namespace

template <typename S>
const std::vector<VectorX<S>>& inverse_kinematics(const ParallelModel& model, ParallelDataTpl<S>& data,
                                                  const Vector3<S>& t, const Matrix3<S>& R) {
  if (data.model != &model) throw std::invalid_argument("inverse_kinematics: the Data was built for another model");
  check_pose("inverse_kinematics", model, t, R);
  for (int i = 0; i < model.leg_count(); ++i) {
    data.r[static_cast<std::size_t>(i)] = R * model.legs[static_cast<std::size_t>(i)].platform_point.template cast<S>();
    const Vector3<S> target = t + data.r[static_cast<std::size_t>(i)];
    close_leg("inverse_kinematics", model, data, i, target);
    check_closed("inverse_kinematics", model, data, i, target);
  }
  return data.q;
}

namespace {

// leg_motion's body; with check = false, a pose or motion that a restricted platform's legs do not
// allow is not refused, and what is left of each leg's closure is kept in data.closure_* (for
// complete_motion).
template <typename S>
void leg_motion_pass(const char* where, const ParallelModel& model, ParallelDataTpl<S>& data,
                     const PlatformMotionTpl<S>& x, bool check) {
  if (data.model != &model) throw std::invalid_argument(std::string(where) + ": the Data was built for another model");
  check_pose(where, model, x.t, x.R);
  // the motion stays in the mobility: V and its derivative have no fixed component
  Vector6<S> V, Vd;
  V << x.v, x.omega;
  Vd << x.a, x.alpha;
  for (int k = 0; k < 6; ++k) {
    if (!std::isfinite(math::value(V(k))) || !std::isfinite(math::value(Vd(k))))
      throw std::invalid_argument(std::string(where) + ": the platform motion has a non-finite entry");
    if (model.E.row(k).isZero() && (math::value(V(k)) != 0.0 || math::value(Vd(k)) != 0.0)) {
      static constexpr const char* names[] = {"v.x", "v.y", "v.z", "omega.x", "omega.y", "omega.z"};
      throw std::invalid_argument(std::string(where) + ": the platform of '" + model.name + "' (mobility '" +
                                  std::string(to_string(model.mobility)) + "') cannot move along " + names[k] +
                                  ": its velocity and acceleration there must be zero");
    }
  }
  data.motion = x;
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const Leg& leg = model.legs[ii];
    // position: close the leg (J_i and its pseudo-inverse at the solution)
    const Vector3<S> r = x.R * leg.platform_point.template cast<S>();
    data.r[ii] = r;
    close_leg(where, model, data, i, Vector3<S>(x.t + r));
    if (check || leg.chain.dof() == 3) check_closed(where, model, data, i, Vector3<S>(x.t + r));
    const Eigen::Matrix<S, 3, Eigen::Dynamic>& JpT = data.J_plus_T[ii];
    // closure map M_i = J^+ [I, -[r]x] and the rates qd_i = M_i V
    Eigen::Matrix<S, Eigen::Dynamic, 6>& M = data.M[ii];
    M.template leftCols<3>() = JpT.transpose();
    for (int j = 0; j < M.rows(); ++j)  // row j of J^+ [-[r]x] = (r x J^+T col... ) = (r x row_j(J^+))
      M.row(j).template tail<3>() = r.cross(Vector3<S>(JpT.col(j))).transpose();
    data.qd[ii].noalias() = M * V;
    // accelerations: J qdd = a_point - Jdot qd, Jdot qd the end point's acceleration at qdd = 0
    const Vector3<S> v_point = x.v + x.omega.cross(r);
    const Vector3<S> bias =
        end_point_bias_acceleration(leg.chain, data.leg[ii], data.qd[ii], v_point, data.omega_leg[ii]);
    const Vector3<S> a_point = x.a + x.alpha.cross(r) + x.omega.cross(x.omega.cross(r));
    data.qdd[ii].noalias() = JpT.transpose() * Vector3<S>(a_point - bias);
    if (model.has_cut_friction)
      data.J_rot[ii] = data.leg[ii].J.template bottomRows<3>();
    if (leg.chain.dof() < 3) restrict_platform(where, model, data, i, v_point, Vector3<S>(a_point - bias), check);
  }
  if (!model.dependent.empty()) allowed_rates(where, model, data);
  // the actuation Jacobian: qd_a = A xd, row k = row j of M_i E for actuator (i, j)
  for (int k = 0; k < model.actuated_count(); ++k) {
    const auto [i, j] = model.actuators[static_cast<std::size_t>(k)];
    data.A.row(k).noalias() = data.M[static_cast<std::size_t>(i)].row(j) * model.E.template cast<S>();
  }
  if (!model.dependent.empty()) data.AN.noalias() = data.A * data.N;
}

// Moves a pose by the platform increment dx (platform_dof()): t += dv, R = exp([dphi]x) R.
template <typename S>
void move_pose(const ParallelModel& model, const VectorX<S>& dx, PlatformMotionTpl<S>& x) {
  const Vector6<S> V = model.E.template cast<S>() * dx;
  x.t += V.template head<3>();
  const Vector3<S> phi = V.template tail<3>();
  const S angle = phi.norm();
  if (math::value(angle) == 0) return;
  const Vector3<S> u = phi / angle;
  S sn, cs;
  math::sincos(angle, sn, cs);
  Matrix3<S> K;
  K << S(0), -u.z(), u.y(), u.z(), S(0), -u.x(), -u.y(), u.x(), S(0);
  x.R = (Matrix3<S>::Identity() + sn * K + (S(1) - cs) * K * K) * x.R;
}

// The dependent coordinates' correction dx_dep = K_rd^-1 residual_rows (platform_dof(), zero in
// the independent coordinates), from the LU of allowed_rates.
template <typename S>
VectorX<S> dependent_step(const ParallelModel& model, const ParallelDataTpl<S>& data, const VectorX<S>& residual) {
  const int nd = static_cast<int>(model.dependent.size());
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 6, 1> b(nd), y(nd);
  for (int a = 0; a < nd; ++a) b(a) = residual(model.constraint_rows[static_cast<std::size_t>(a)]);
  lu_solve(data.K_lu, data.K_perm, b, y);
  VectorX<S> dx = VectorX<S>::Zero(model.platform_dof());
  for (int a = 0; a < nd; ++a) dx(model.dependent[static_cast<std::size_t>(a)]) = y(a);
  return dx;
}

}  // namespace

template <typename S>
void leg_motion(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& x) {
  leg_motion_pass("leg_motion", model, data, x, true);
}

template <typename S>
PlatformMotionTpl<S> complete_motion(const ParallelModel& model, ParallelDataTpl<S>& data,
                                     const PlatformMotionTpl<S>& motion) {
  static constexpr const char* where = "complete_motion";
  PlatformMotionTpl<S> x = motion;
  if (model.dependent.empty()) {
    leg_motion_pass(where, model, data, x, true);
    return x;
  }
  // zero the dependent rates, then solve them: K xd = 0 and K xdd + (the rest of the closure) = 0
  Vector6<S> V, Vd;
  V << x.v, x.omega;
  Vd << x.a, x.alpha;
  VectorX<S> xd = model.E.transpose().template cast<S>() * V, xdd = model.E.transpose().template cast<S>() * Vd;
  for (const int c : model.dependent) xd(c) = xdd(c) = S(0);
  auto set_rates = [&] {
    const Vector6<S> v6 = model.E.template cast<S>() * xd, a6 = model.E.template cast<S>() * xdd;
    x.v = v6.template head<3>();
    x.omega = v6.template tail<3>();
    x.a = a6.template head<3>();
    x.alpha = a6.template tail<3>();
  };
  set_rates();
  // position: Newton on the dependent coordinates, K_rd dx_dep = W^T gap
  constexpr int kMaxSteps = 50;
  double gap = 0;
  // after the gap closes, one more step settles the derivative parts of a dual motion
  int settled = std::is_same_v<S, double> ? 1 : 0;
  for (int step = 0;; ++step) {
    leg_motion_pass(where, model, data, x, false);  // K, its LU (allowed_rates) and the gaps
    gap = 0;
    for (const int row : model.constraint_rows) gap = std::max(gap, std::abs(math::value(data.closure_gap(row))));
    if (gap <= 1e-13 * (1.0 + norm_value(x.t)) && settled++ >= 1) break;
    if (step == kMaxSteps) {
      std::ostringstream os;
      os << where << ": the legs of '" << model.name << "' do not close about this pose (the dependent coordinates "
         << "leave a gap of " << gap << " m after " << kMaxSteps << " Newton steps)";
      throw std::invalid_argument(os.str());
    }
    move_pose(model, dependent_step(model, data, data.closure_gap), x);
  }
  // velocity, then acceleration (its closure needs the legs' rates)
  xd -= dependent_step(model, data, data.closure_velocity);
  set_rates();
  leg_motion_pass(where, model, data, x, false);
  xdd -= dependent_step(model, data, data.closure_acceleration);
  set_rates();
  leg_motion_pass(where, model, data, x, true);
  return x;
}

#define MANIPDYN_INSTANTIATE(S)                                                                        \
  template const std::vector<VectorX<S>>& inverse_kinematics<S>(const ParallelModel&, ParallelDataTpl<S>&, \
                                                                const Vector3<S>&, const Matrix3<S>&);  \
  template void leg_motion<S>(const ParallelModel&, ParallelDataTpl<S>&, const PlatformMotionTpl<S>&);  \
  template PlatformMotionTpl<S> complete_motion<S>(const ParallelModel&, ParallelDataTpl<S>&,          \
                                                   const PlatformMotionTpl<S>&);
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel
