// Energy identities, checked with quantities computed in this file from the link frames only
// (link_transforms, in the model's own DH convention) — independent of every dynamics algorithm:
//  - kinetic energy from the link velocities = 1/2 qd^T M qd (M by Lagrange-Euler and default);
//  - G(q) = dV/dq, V = -sum m_i g^T p_com_i, by central differences;
//  - power balance along a smooth motion: d/dt KE = qd^T (tau - G - friction), with tau from
//    inverse dynamics (Lagrange-Euler and default) and KE including the motors' 1/2 G^2 Jm qd^2;
//  - the counting scalar gives bitwise the same Lagrange-Euler results as double.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"

namespace manipdyn {
namespace {

// Exact identities evaluated along different paths: rounding only.
constexpr double kExactTolerance = 1e-12;
// Central differences in q with step 1e-6 (truncation ~1e-12, rounding ~1e-10).
constexpr double kFdStep = 1e-6;
constexpr double kFdTolerance = 1e-7;
// Fourth-order central difference in time with step 1e-3: truncation ~h^4 |KE^(5)|, rounding
// ~1e-16 |KE| / h.
constexpr double kTimeStep = 1e-3;
constexpr double kPowerTolerance = 1e-7;

struct LinkMotion {
  Vector3d v;  // COM velocity, world
  Vector3d w;  // angular velocity, world
};

// Link velocities from the link Jacobians written out here: joint j moves about (revolute) or
// along (prismatic) the z axis of frame j (standard DH) or j+1 (modified DH), 0-based T0.
std::vector<LinkMotion> link_velocities(const SerialModel& model, const VectorXd& q,
                                        const VectorXd& qd) {
  SerialData data(model);
  const auto& T0 = link_transforms(model, data, q);
  const DhChain& c = model.own_chain();
  std::vector<LinkMotion> out(c.n);
  for (int i = 0; i < c.n; ++i) {
    const Vector3d p_com = (T0[i + 1] * c.com[i].homogeneous()).head<3>();
    Vector3d v = Vector3d::Zero(), w = Vector3d::Zero();
    for (int j = 0; j <= i; ++j) {
      const int axis_frame = c.convention == DhConvention::standard ? j : j + 1;
      const Vector3d z = T0[axis_frame].block<3, 1>(0, 2);
      const Vector3d o = T0[axis_frame].block<3, 1>(0, 3);
      if (c.type[j] == JointType::revolute) {
        v += z.cross(p_com - o) * qd[j];
        w += z * qd[j];
      } else {
        v += z * qd[j];
      }
    }
    out[i] = {v, w};
  }
  return out;
}

// Link velocities from central differences of the link frames along q + t qd.
std::vector<LinkMotion> link_velocities_fd(const SerialModel& model, const VectorXd& q,
                                           const VectorXd& qd) {
  SerialData dp(model), dm(model);
  const auto& Tp = link_transforms(model, dp, VectorXd(q + kFdStep * qd));
  const auto& Tm = link_transforms(model, dm, VectorXd(q - kFdStep * qd));
  SerialData d0(model);
  const auto& T = link_transforms(model, d0, q);
  const DhChain& c = model.own_chain();
  std::vector<LinkMotion> out(c.n);
  for (int i = 0; i < c.n; ++i) {
    const Matrix4d dT = (Tp[i + 1] - Tm[i + 1]) / (2 * kFdStep);
    const Matrix3d W = dT.topLeftCorner<3, 3>() * T[i + 1].topLeftCorner<3, 3>().transpose();
    out[i].w = Vector3d(W(2, 1), W(0, 2), W(1, 0));
    out[i].v = (dT * c.com[i].homogeneous()).head<3>();
  }
  return out;
}

// Rigid-body kinetic energy from link velocities, plus the rotors' 1/2 G^2 Jm qd^2.
double kinetic_energy(const SerialModel& model, const VectorXd& q, const VectorXd& qd,
                      const std::vector<LinkMotion>& motion) {
  SerialData data(model);
  const auto& T0 = link_transforms(model, data, q);
  const DhChain& c = model.own_chain();
  double ke = 0.0;
  for (int i = 0; i < c.n; ++i) {
    const Matrix3d R = T0[i + 1].topLeftCorner<3, 3>();
    const Matrix3d I = R * c.inertia_com[i] * R.transpose();
    ke += 0.5 * c.mass[i] * motion[i].v.squaredNorm() + 0.5 * motion[i].w.dot(I * motion[i].w);
  }
  for (int i = 0; i < c.n; ++i) ke += 0.5 * model.reflected_inertia[i] * qd[i] * qd[i];
  return ke;
}

double potential_energy(const SerialModel& model, const VectorXd& q, const Vector3d& g) {
  SerialData data(model);
  const auto& T0 = link_transforms(model, data, q);
  const DhChain& c = model.own_chain();
  double v = 0.0;
  for (int i = 0; i < c.n; ++i) v -= c.mass[i] * g.dot((T0[i + 1] * c.com[i].homogeneous()).head<3>());
  return v;
}

// The arms: random ones (both conventions, mixed joints, with drive) and the published ones.
std::vector<std::pair<std::string, SerialModel>> arms() {
  std::vector<std::pair<std::string, SerialModel>> out;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n : {1, 2, 3, 5, 7}) {
      const std::string name = std::string("random ") + to_string(convention) + " n " +
                               std::to_string(n);
      out.emplace_back(name, random_arm(n, 70 + n, convention,
                                        {.prismatic_fraction = 0.4, .with_drive = n % 2 == 1}));
    }
  out.emplace_back("puma560 drive", puma560(true));
  out.emplace_back("stanford drive", stanford_arm(true));
  return out;
}

TEST(Energy, KineticEnergyFromLinkVelocitiesIsHalfQdMQd) {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (const auto& [name, model] : arms()) {
    const int n = model.dof();
    SerialData data(model);
    for (int trial = 0; trial < 5; ++trial) {
      VectorXd q(n), qd(n);
      for (int i = 0; i < n; ++i) {
        q[i] = u(rng);
        qd[i] = u(rng);
      }
      const double ke = kinetic_energy(model, q, qd, link_velocities(model, q, qd));
      const double ke_fd = kinetic_energy(model, q, qd, link_velocities_fd(model, q, qd));
      const double ke_le = 0.5 * qd.dot(mass_matrix_lagrange_euler(model, data, q) * qd);
      const double ke_default = 0.5 * qd.dot(mass_matrix(model, data, q) * qd);
      const double scale = std::max(1.0, ke);
      EXPECT_LT(std::abs(ke_le - ke) / scale, kExactTolerance) << name;
      EXPECT_LT(std::abs(ke_default - ke) / scale, kExactTolerance) << name;
      EXPECT_LT(std::abs(ke_fd - ke) / scale, kFdTolerance) << name;
    }
  }
}

TEST(Energy, GravityTorquesAreTheGradientOfThePotential) {
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (const auto& [name, model] : arms()) {
    const int n = model.dof();
    SerialData data(model);
    VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = u(rng);
    const Vector3d g(3.0 * u(rng), 3.0 * u(rng), -9.81);
    const VectorXd G_le = gravity_torques_lagrange_euler(model, data, q, g);
    const VectorXd G_default = gravity_torques(model, data, q, g);
    for (int i = 0; i < n; ++i) {
      VectorXd qp = q, qm = q;
      qp[i] += kFdStep;
      qm[i] -= kFdStep;
      const double dV = (potential_energy(model, qp, g) - potential_energy(model, qm, g)) /
                        (2 * kFdStep);
      const double scale = std::max(1.0, std::abs(dV));
      EXPECT_LT(std::abs(G_le[i] - dV) / scale, kFdTolerance) << name << " joint " << i + 1;
      EXPECT_LT(std::abs(G_default[i] - dV) / scale, kFdTolerance) << name << " joint " << i + 1;
    }
  }
}

// A smooth joint motion q(t) = a + b sin(w t + phi), with its exact rates and accelerations.
struct Motion {
  VectorXd a, b, w, phi;
  VectorXd q(double t) const { return a + b.cwiseProduct(arg(t).array().sin().matrix()); }
  VectorXd qd(double t) const {
    return b.cwiseProduct(w).cwiseProduct(arg(t).array().cos().matrix());
  }
  VectorXd qdd(double t) const {
    return -b.cwiseProduct(w).cwiseProduct(w).cwiseProduct(arg(t).array().sin().matrix());
  }
  VectorXd arg(double t) const { return (w * t + phi).eval(); }
};

TEST(Energy, PowerBalanceAlongASmoothMotion) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const auto& [name, model] : arms()) {
    const int n = model.dof();
    Motion m{VectorXd(n), VectorXd(n), VectorXd(n), VectorXd(n)};
    for (int i = 0; i < n; ++i) {
      m.a[i] = u(rng);
      m.b[i] = 0.3 + 0.5 * std::abs(u(rng));
      m.w[i] = 1.0 + 2.0 * std::abs(u(rng));
      m.phi[i] = 3.0 * u(rng);
    }
    const Vector3d g(1.0 * u(rng), 1.0 * u(rng), -9.81);
    auto ke = [&, &model = model](double t) {  // clang 14 cannot capture a structured binding
      const VectorXd q = m.q(t), qd = m.qd(t);
      return kinetic_energy(model, q, qd, link_velocities(model, q, qd));
    };
    SerialData data(model);
    for (double t : {0.1, 0.7, 1.3, 2.9}) {
      const double h = kTimeStep;
      const double dke =
          (-ke(t + 2 * h) + 8 * ke(t + h) - 8 * ke(t - h) + ke(t - 2 * h)) / (12 * h);
      const VectorXd q = m.q(t), qd = m.qd(t), qdd = m.qdd(t);
      VectorXd friction = VectorXd::Zero(n);
      friction_torques<double>(model, qd, friction);
      const VectorXd G = gravity_torques(model, data, q, g);
      const VectorXd tau_le =
          inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, Vector6d::Zero());
      const double power_le = qd.dot(tau_le - G - friction);
      const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd, g, Vector6d::Zero());
      const double power = qd.dot(tau - G - friction);
      const double scale = std::max(1.0, std::abs(dke));
      EXPECT_LT(std::abs(power_le - dke) / scale, kPowerTolerance) << name << " t " << t;
      EXPECT_LT(std::abs(power - dke) / scale, kPowerTolerance) << name << " t " << t;
    }
  }
}

TEST(Energy, ExternalWrenchDoesTheWorkOfTheEndEffector) {
  // Power balance with a wrench: qd^T (tau(f) - tau(0)) = f^T [v; w] of the end-effector in its
  // own frame (the end-effector pushes on the environment), velocities by finite differences.
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const auto& [name, model] : arms()) {
    const int n = model.dof();
    VectorXd q(n), qd(n), qdd(n);
    for (int i = 0; i < n; ++i) {
      q[i] = 2 * u(rng);
      qd[i] = u(rng);
      qdd[i] = u(rng);
    }
    Vector6d f;
    for (int k = 0; k < 6; ++k) f[k] = 5 * u(rng);
    SerialData data(model), dp(model), dm(model);
    const Matrix4d T = end_effector_pose(model, data, q);
    const Matrix4d dT = (end_effector_pose(model, dp, VectorXd(q + kFdStep * qd)) -
                         end_effector_pose(model, dm, VectorXd(q - kFdStep * qd))) /
                        (2 * kFdStep);
    const Matrix3d R = T.topLeftCorner<3, 3>();
    const Vector3d v_ee = R.transpose() * dT.block<3, 1>(0, 3);
    const Matrix3d W = R.transpose() * dT.topLeftCorner<3, 3>();  // [w]x in the EE frame
    const Vector3d w_ee(W(2, 1), W(0, 2), W(1, 0));
    const Vector3d g(0, 0, -9.81);
    const VectorXd tau0 = inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g,
                                                          Vector6d::Zero());
    const VectorXd tau1 = inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, f);
    const double power = f.head<3>().dot(v_ee) + f.tail<3>().dot(w_ee);
    EXPECT_LT(std::abs(qd.dot(tau1 - tau0) - power) / std::max(1.0, std::abs(power)),
              kFdTolerance)
        << name;
  }
}

TEST(Energy, CountedScalarGivesBitwiseTheSameLagrangeEulerResults) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const auto& [name, model] : arms()) {
    const int n = model.dof();
    VectorXd q(n), qd(n), qdd(n);
    for (int i = 0; i < n; ++i) {
      q[i] = 2 * u(rng);
      qd[i] = u(rng);
      qdd[i] = u(rng);
    }
    Vector6d f;
    for (int k = 0; k < 6; ++k) f[k] = u(rng);
    const Vector3d g(u(rng), u(rng), -9.81);
    SerialData d(model);
    SerialDataTpl<Counted> c(model);
    const VectorX<Counted> qc = q.cast<Counted>(), qdc = qd.cast<Counted>(),
                           qddc = qdd.cast<Counted>();
    const VectorXd tau = inverse_dynamics_lagrange_euler(model, d, q, qd, qdd, g, f);
    const VectorX<Counted> tau_c = inverse_dynamics_lagrange_euler(
        model, c, qc, qdc, qddc, Vector3<Counted>(g.cast<Counted>()),
        Vector6<Counted>(f.cast<Counted>()));
    for (int i = 0; i < n; ++i) EXPECT_EQ(tau[i], tau_c[i].value()) << name << " tau " << i;
    const MatrixXd M = mass_matrix_lagrange_euler(model, d, q);
    const MatrixX<Counted> Mc = mass_matrix_lagrange_euler(model, c, qc);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < n; ++k) EXPECT_EQ(M(i, k), Mc(i, k).value()) << name << " M";
    const VectorXd G = gravity_torques_lagrange_euler(model, d, q, g);
    const VectorX<Counted> Gc =
        gravity_torques_lagrange_euler(model, c, qc, Vector3<Counted>(g.cast<Counted>()));
    for (int i = 0; i < n; ++i) EXPECT_EQ(G[i], Gc[i].value()) << name << " G";
    const auto& C = velocity_coupling_lagrange_euler(model, d, q);
    const auto& Cc = velocity_coupling_lagrange_euler(model, c, qc);
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) EXPECT_EQ(C[k](i, j), Cc[k](i, j).value()) << name << " C";
  }
}

}  // namespace
}  // namespace manipdyn
