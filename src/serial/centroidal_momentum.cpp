#include "manipdyn/serial/centroidal_momentum.hpp"

#include <string_view>
#include <vector>

#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "free_flyer_root.hpp"

namespace manipdyn {

namespace {

// [a]x b = a x b.
Matrix3d skew(const Vector3d& a) {
  Matrix3d m;
  m << 0.0, -a[2], a[1], a[2], 0.0, -a[0], -a[1], a[0], 0.0;
  return m;
}

// A composite rigid body about G in world axes: mass m, first moment s = sum m_i (c_i - G),
// rotational inertia K = sum (I_ci - m_i [r_i]x [r_i]x) about G.
struct CompositeAboutG {
  double m = 0.0;
  Vector3d s = Vector3d::Zero();
  Matrix3d K = Matrix3d::Zero();

  // A body of mass m with centre of mass c (world) and inertia Ic about it (world axes).
  void add_body(double mass, const Vector3d& c, const Matrix3d& Ic, const Vector3d& G) {
    const Vector3d r = c - G;
    const Matrix3d rx = skew(r);
    m += mass;
    s += mass * r;
    K += Ic - mass * rx * rx;
  }
  void add(const CompositeAboutG& o) {
    m += o.m;
    s += o.s;
    K += o.K;
  }
  // The momentum [p; L] about G of the composite moving with the twist (lin: velocity of the
  // field at G, ang: angular velocity): p = m lin + ang x s, L = s x lin + K ang.
  Vector6d momentum(const Vector3d& lin, const Vector3d& ang) const {
    Vector6d h;
    h.head<3>() = m * lin + ang.cross(s);
    h.tail<3>() = s.cross(lin) + K * ang;
    return h;
  }
};

}  // namespace

MatrixXd centroidal_momentum_matrix(const SerialModel& model, SerialData& data,
                                    const VectorXd& q) {
  check_configuration<double>("centroidal_momentum_matrix", "q", model, q);
  // Checks the mass, and fills data.T0 (link frames) and data.com.
  const Vector3d G = center_of_mass(model, data, q);
  const DhChain& chain = model.own_chain();
  const int n = chain.n;
  const int off = model.nv() - n;
  // Each link about G, then its subtree's composite (children have larger indices).
  std::vector<CompositeAboutG> sub(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const Matrix3d R = data.T0[i + 1].topLeftCorner<3, 3>();
    const Vector3d c = data.T0[i + 1].block<3, 1>(0, 3) + R * chain.com[i];
    sub[i].add_body(chain.mass[i], c, R * chain.inertia_com[i] * R.transpose(), G);
  }
  for (int i = n - 1; i >= 0; --i)
    if (chain.parent[i] >= 0) sub[chain.parent[i]].add(sub[i]);
  MatrixXd A(6, model.nv());
  for (int j = 0; j < n; ++j) {
    const int frame = chain.convention == DhConvention::standard ? j : j + 1;
    const Vector3d z = data.T0[frame].block<3, 1>(0, 2);
    const Vector3d o = data.T0[frame].block<3, 1>(0, 3);
    if (chain.type[j] == JointType::revolute)
      A.col(off + j) = sub[j].momentum(z.cross(G - o), z);
    else
      A.col(off + j) = sub[j].momentum(z, Vector3d::Zero());
  }
  if (model.root == RootJoint::free_flyer) {
    // The whole system moves with the base twist: the base body and every subtree on frame 0.
    CompositeAboutG all;
    const BodyInertia& b = model.base_inertia;
    const Matrix3d Rb = detail::base_rotation<double>(model, q);
    const Vector3d pb = q.head<3>();
    all.add_body(b.mass, pb + Rb * b.com, Rb * b.inertia * Rb.transpose(), G);
    for (int i = 0; i < n; ++i)
      if (chain.parent[i] < 0) all.add(sub[i]);
    for (int k = 0; k < 3; ++k) {
      const Vector3d e = Rb.col(k);
      A.col(k) = all.momentum(e, Vector3d::Zero());
      A.col(3 + k) = all.momentum(e.cross(G - pb), e);
    }
  }
  return A;
}

Vector6d centroidal_momentum(const SerialModel& model, SerialData& data, const VectorXd& q,
                             const VectorXd& v) {
  check_tangent<double>("centroidal_momentum", "v", model, v);
  return centroidal_momentum_matrix(model, data, q) * v;
}

}  // namespace manipdyn
