#include "manipdyn/serial/centroidal_momentum.hpp"

#include <string_view>

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

// A body of mass m, centre of mass c (world) and rotational inertia Ic about it (world axes) as
// a spatial inertia about G in world axes, [angular; linear] (RBDA eq. 2.63 with r = c - G):
// [[Ic - m [r]x [r]x, m [r]x], [-m [r]x, m E]]. A composite is the sum of its bodies'.
Matrix6<double> inertia_about_g(double m, const Vector3d& c, const Matrix3d& Ic, const Vector3d& G) {
  const Matrix3d rx = skew(c - G);
  Matrix6<double> I;
  I.topLeftCorner<3, 3>() = Ic - m * rx * rx;
  I.topRightCorner<3, 3>() = m * rx;
  I.bottomLeftCorner<3, 3>() = -m * rx;
  I.bottomRightCorner<3, 3>() = m * Matrix3d::Identity();
  return I;
}

// The momentum [linear; angular] about G of a composite of spatial inertia I (about G) moving
// with the twist (lin: velocity of the field at G, ang: angular velocity): p = m lin + ang x s,
// L = s x lin + K ang.
Vector6d momentum(const Matrix6<double>& I, const Vector3d& lin, const Vector3d& ang) {
  Vector6d twist;
  twist << ang, lin;
  const Vector6d h = I * twist;
  Vector6d out;
  out << h.tail<3>(), h.head<3>();
  return out;
}

}  // namespace

const MatrixXd& centroidal_momentum_matrix(const SerialModel& model, SerialData& data,
                                           const VectorXd& q) {
  check_configuration<double>("centroidal_momentum_matrix", "q", model, q);
  // Checks the mass, and fills data.T0 (link frames) and data.com.
  const Vector3d G = center_of_mass(model, data, q);
  const DhChain& chain = model.own_chain();
  const int n = chain.n;
  const int off = model.nv() - n;
  // Each link about G, then its subtree's composite (children have larger indices), in the
  // link buffers (sized on first use for a chain on a fixed root).
  detail::size_link_buffers(data);
  AlignedVector<Matrix6<double>>& sub = data.link_Ic;
  for (int i = 0; i < n; ++i) {
    const Matrix3d R = data.T0[i + 1].topLeftCorner<3, 3>();
    const Vector3d c = data.T0[i + 1].block<3, 1>(0, 3) + R * chain.com[i];
    sub[i] = inertia_about_g(chain.mass[i], c, R * chain.inertia_com[i] * R.transpose(), G);
  }
  for (int i = n - 1; i >= 0; --i)
    if (chain.parent[i] >= 0) sub[chain.parent[i]] += sub[i];
  detail::ensure_size(data.A_G, 6, model.nv());  // sized on first use
  MatrixXd& A = data.A_G;
  for (int j = 0; j < n; ++j) {
    const int frame = chain.convention == DhConvention::standard ? j : j + 1;
    const Vector3d z = data.T0[frame].block<3, 1>(0, 2);
    const Vector3d o = data.T0[frame].block<3, 1>(0, 3);
    if (chain.type[j] == JointType::revolute)
      A.col(off + j) = momentum(sub[j], z.cross(G - o), z);
    else
      A.col(off + j) = momentum(sub[j], z, Vector3d::Zero());
  }
  if (model.root == RootJoint::free_flyer) {
    // The whole system moves with the base twist: the base body and every subtree on frame 0.
    const BodyInertia& b = model.base_inertia;
    const Matrix3d Rb = detail::base_rotation<double>(model, q);
    const Vector3d pb = q.head<3>();
    Matrix6<double> all = inertia_about_g(b.mass, pb + Rb * b.com, Rb * b.inertia * Rb.transpose(), G);
    for (int i = 0; i < n; ++i)
      if (chain.parent[i] < 0) all += sub[i];
    for (int k = 0; k < 3; ++k) {
      const Vector3d e = Rb.col(k);
      A.col(k) = momentum(all, e, Vector3d::Zero());
      A.col(3 + k) = momentum(all, e.cross(G - pb), e);
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
