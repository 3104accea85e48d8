// Closed-form regression tests: arms whose equations of motion are written out by hand from the
// Lagrangian (Spong, Hutchinson, Vidyasagar, "Robot Modeling and Control", sec. 7.3 for the
// two-link arm; the pendulum and the R-P arm derived in the comments below). The Lagrange-Euler
// functions and the default ones (inverse_dynamics, mass_matrix, gravity_torques) must match
// them to 1e-12 relative.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <string>

#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

// Relative to max(1, |reference|_inf): the closed forms and the algorithms differ by rounding.
constexpr double kClosedFormTolerance = 1e-12;
constexpr double kGravity = 9.81;
constexpr double kPi = std::numbers::pi;

double relative_error(const MatrixXd& value, const MatrixXd& reference) {
  return (value - reference).cwiseAbs().maxCoeff() /
         std::max(1.0, reference.cwiseAbs().maxCoeff());
}

// The closed form of one arm at (q, qd, qdd): tau, M, G and the C^k matrices.
struct Reference {
  VectorXd tau;
  MatrixXd M;
  VectorXd G;
  std::vector<MatrixXd> Ck;
};

// Checks every LE and default function of `model` against `reference` at one state; gravity is
// (0, -g, 0) in the world (all three arms move in the world x-y plane).
void expect_matches(const SerialModel& model, const VectorXd& q, const VectorXd& qd,
                    const VectorXd& qdd, const Reference& ref, const std::string& what) {
  SerialData data(model);
  const Vector3d g(0.0, -kGravity, 0.0);
  const Vector6d no_wrench = Vector6d::Zero();
  SCOPED_TRACE(what);
  EXPECT_LT(relative_error(inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, no_wrench),
                           ref.tau),
            kClosedFormTolerance);
  EXPECT_LT(relative_error(mass_matrix_lagrange_euler(model, data, q), ref.M),
            kClosedFormTolerance);
  EXPECT_LT(relative_error(gravity_torques_lagrange_euler(model, data, q, g), ref.G),
            kClosedFormTolerance);
  const auto& Ck = velocity_coupling_lagrange_euler(model, data, q);
  for (std::size_t k = 0; k < ref.Ck.size(); ++k)
    EXPECT_LT(relative_error(Ck[k], ref.Ck[k]), kClosedFormTolerance) << "C^" << k + 1;
  EXPECT_LT(relative_error(inverse_dynamics(model, data, q, qd, qdd, g, no_wrench), ref.tau),
            kClosedFormTolerance);
  EXPECT_LT(relative_error(mass_matrix(model, data, q), ref.M), kClosedFormTolerance);
  EXPECT_LT(relative_error(gravity_torques(model, data, q, g), ref.G), kClosedFormTolerance);
}

// Random states (angles in [-pi, pi], rates and accelerations in [-3, 3]).
struct State {
  VectorXd q, qd, qdd;
};
std::vector<State> random_states(int n, std::uint64_t seed, int count = 20) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-kPi, kPi), rate(-3.0, 3.0);
  std::vector<State> states;
  for (int s = 0; s < count; ++s) {
    State st{VectorXd(n), VectorXd(n), VectorXd(n)};
    for (int i = 0; i < n; ++i) {
      st.q[i] = angle(rng);
      st.qd[i] = rate(rng);
      st.qdd[i] = rate(rng);
    }
    states.push_back(st);
  }
  return states;
}

// ---- single pendulum ----------------------------------------------------------------------
// One revolute joint about the world z axis, link of length L along x1, gravity -y:
// p_com = lc (cos q, sin q, 0), V = m g lc sin q, KE = (m lc^2 + Izz) qd^2 / 2, so
// tau = (m lc^2 + Izz) qdd + m g lc cos q.
// Point mass: lc = L, Izz = 0. Uniform rod: lc = L/2, Izz = m L^2 / 12 (about the COM).
SerialModel pendulum(DhConvention convention, double L, double m, double lc, double Izz) {
  LinkParameters link;
  link.mass = m;
  link.inertia = Vector3d(0.5 * Izz, Izz, Izz).asDiagonal();  // any valid Ixx; Iyy = Izz (rod)
  if (convention == DhConvention::standard) {
    link.a = L;                          // frame 1 at the tip, x1 along the link
    link.com = Vector3d(lc - L, 0, 0);
  } else {
    link.com = Vector3d(lc, 0, 0);       // frame 1 at the joint, x1 along the link
  }
  return SerialModel::from_table({link}, convention, {.name = "pendulum"});
}

TEST(ClosedForm, PendulumPointMassAndRod) {
  const double L = 0.8, m = 2.5;
  struct Kind {
    const char* name;
    double lc, Izz;
  };
  const Kind kinds[] = {{"point mass", L, 0.0}, {"rod", L / 2, m * L * L / 12}};
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (const Kind& kind : kinds) {
      const SerialModel model = pendulum(convention, L, m, kind.lc, kind.Izz);
      for (const State& s : random_states(1, 11)) {
        const double q = s.q[0];
        Reference ref;
        const double inertia = m * kind.lc * kind.lc + kind.Izz;  // m L^2 or m L^2 / 3
        ref.G = VectorXd::Constant(1, m * kGravity * kind.lc * std::cos(q));
        ref.M = MatrixXd::Constant(1, 1, inertia);
        ref.tau = ref.M * s.qdd + ref.G;
        ref.Ck = {MatrixXd::Zero(1, 1)};
        expect_matches(model, s.q, s.qd, s.qdd, ref,
                       std::string(kind.name) + ", " + to_string(convention));
      }
      // Sign of gravity: holding the pendulum horizontal (q = 0) takes +m g lc; hanging down
      // (q = -pi/2) takes nothing.
      SerialData data(model);
      const Vector3d g(0, -kGravity, 0);
      EXPECT_NEAR(gravity_torques_lagrange_euler(model, data, VectorXd::Zero(1), g)[0],
                  m * kGravity * kind.lc, 1e-12);
      EXPECT_NEAR(gravity_torques_lagrange_euler(model, data, VectorXd::Constant(1, -kPi / 2), g)[0],
                  0.0, 1e-12);
    }
}

// ---- planar two-link revolute arm -----------------------------------------------------------
// Spong et al. (2006) eq. 7.87 ff.: link lengths L1, L2, COM at lc1, lc2 from the joints, masses
// m1, m2, inertias I1, I2 about the COM and the plane normal, gravity -y:
//   M11 = m1 lc1^2 + m2 (L1^2 + lc2^2 + 2 L1 lc2 c2) + I1 + I2
//   M12 = m2 (lc2^2 + L1 lc2 c2) + I2,   M22 = m2 lc2^2 + I2
//   h = -m2 L1 lc2 s2:  tau1 += h (2 qd1 qd2 + qd2^2),  tau2 += -h qd1^2
//   G1 = (m1 lc1 + m2 L1) g c1 + m2 lc2 g c12,  G2 = m2 lc2 g c12.
// Off-plane products of inertia (Ixz, Iyz) do not enter the joint torques: they are set nonzero
// to show it.
SerialModel two_link(DhConvention convention, double L1, double L2, double m1, double m2,
                     double lc1, double lc2, double I1, double I2) {
  std::vector<LinkParameters> links(2);
  const double L[2] = {L1, L2}, m[2] = {m1, m2}, lc[2] = {lc1, lc2}, I[2] = {I1, I2};
  for (int i = 0; i < 2; ++i) {
    LinkParameters& l = links[i];
    l.mass = m[i];
    l.inertia << 0.4 * I[i], 0.0, 0.05 * I[i],
                 0.0, 0.8 * I[i], -0.03 * I[i],
                 0.05 * I[i], -0.03 * I[i], I[i];
    if (convention == DhConvention::standard) {
      l.a = L[i];
      l.com = Vector3d(lc[i] - L[i], 0, 0);
    } else {
      l.a = i == 0 ? 0.0 : L[0];
      l.com = Vector3d(lc[i], 0, 0);
    }
  }
  return SerialModel::from_table(links, convention, {.name = "two-link"});
}

TEST(ClosedForm, PlanarTwoLinkArm) {
  const double L1 = 0.7, L2 = 0.5, m1 = 3.0, m2 = 1.7, lc1 = 0.33, lc2 = 0.21, I1 = 0.12,
               I2 = 0.045;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = two_link(convention, L1, L2, m1, m2, lc1, lc2, I1, I2);
    // For the modified table the tip frame is at joint 2; the standard table puts frame 2 at
    // the tip. The dynamics do not depend on where the last frame is.
    for (const State& s : random_states(2, 12)) {
      const double c1 = std::cos(s.q[0]), c2 = std::cos(s.q[1]), s2 = std::sin(s.q[1]),
                   c12 = std::cos(s.q[0] + s.q[1]);
      Reference ref;
      ref.M.resize(2, 2);
      ref.M(0, 0) = m1 * lc1 * lc1 + m2 * (L1 * L1 + lc2 * lc2 + 2 * L1 * lc2 * c2) + I1 + I2;
      ref.M(0, 1) = ref.M(1, 0) = m2 * (lc2 * lc2 + L1 * lc2 * c2) + I2;
      ref.M(1, 1) = m2 * lc2 * lc2 + I2;
      const double h = -m2 * L1 * lc2 * s2;
      ref.G.resize(2);
      ref.G[0] = (m1 * lc1 + m2 * L1) * kGravity * c1 + m2 * lc2 * kGravity * c12;
      ref.G[1] = m2 * lc2 * kGravity * c12;
      // C^1 = [[0, h], [h, h]], C^2 = [[-h, 0], [0, 0]] (qd^T C^k qd is the velocity term).
      ref.Ck = {MatrixXd(2, 2), MatrixXd(2, 2)};
      ref.Ck[0] << 0, h, h, h;
      ref.Ck[1] << -h, 0, 0, 0;
      ref.tau = ref.M * s.qdd + ref.G;
      ref.tau[0] += h * (2 * s.qd[0] * s.qd[1] + s.qd[1] * s.qd[1]);
      ref.tau[1] += -h * s.qd[0] * s.qd[0];
      expect_matches(model, s.q, s.qd, s.qdd, ref, to_string(convention));
    }
  }
}

// ---- planar revolute-prismatic arm ----------------------------------------------------------
// Joint 1 turns about the world z axis, joint 2 slides radially; gravity -y. In standard DH:
// row 1 (theta offset pi/2, alpha pi/2) makes z1 = (cos q1, sin q1, 0) and y1 = z0; row 2 is
// prismatic along z1 with d = q2. Link 1 has its COM at lc1 along z1 and the inertia I1 about
// the world z axis (y1); link 2 has its COM at the frame-2 origin (radius q2) and I2 about y2.
//   KE = ((m1 lc1^2 + I1 + I2 + m2 q2^2) qd1^2 + m2 qd2^2) / 2,
//   V  = g (m1 lc1 + m2 q2) sin q1,
//   tau1 = (m1 lc1^2 + I1 + I2 + m2 q2^2) qdd1 + 2 m2 q2 qd1 qd2 + g (m1 lc1 + m2 q2) cos q1,
//   tau2 = m2 qdd2 - m2 q2 qd1^2 + m2 g sin q1.
SerialModel revolute_prismatic(double m1, double m2, double lc1, double I1, double I2) {
  std::vector<LinkParameters> links(2);
  links[0].theta = kPi / 2;
  links[0].alpha = kPi / 2;
  links[0].mass = m1;
  links[0].com = Vector3d(0, 0, lc1);
  links[0].inertia = Vector3d(0.6 * I1, I1, 0.7 * I1).asDiagonal();
  links[1].type = JointType::prismatic;
  links[1].mass = m2;
  links[1].inertia = Vector3d(0.8 * I2, I2, 0.5 * I2).asDiagonal();
  return SerialModel::from_dh(links, {.name = "R-P"});
}

TEST(ClosedForm, PlanarRevolutePrismaticArm) {
  const double m1 = 2.2, m2 = 1.3, lc1 = 0.25, I1 = 0.08, I2 = 0.03;
  const SerialModel model = revolute_prismatic(m1, m2, lc1, I1, I2);
  for (State s : random_states(2, 13)) {
    s.q[1] = 0.2 + 0.5 * std::abs(s.q[1]);  // extension in [0.2, 1.8] m
    const double q2 = s.q[1], c1 = std::cos(s.q[0]), s1 = std::sin(s.q[0]);
    Reference ref;
    ref.M = MatrixXd::Zero(2, 2);
    ref.M(0, 0) = m1 * lc1 * lc1 + I1 + I2 + m2 * q2 * q2;
    ref.M(1, 1) = m2;
    ref.G.resize(2);
    ref.G[0] = kGravity * (m1 * lc1 + m2 * q2) * c1;
    ref.G[1] = m2 * kGravity * s1;
    // tau1 velocity term 2 m2 q2 qd1 qd2: C^1 = [[0, m2 q2], [m2 q2, 0]];
    // tau2: -m2 q2 qd1^2: C^2 = [[-m2 q2, 0], [0, 0]].
    ref.Ck = {MatrixXd(2, 2), MatrixXd(2, 2)};
    ref.Ck[0] << 0, m2 * q2, m2 * q2, 0;
    ref.Ck[1] << -m2 * q2, 0, 0, 0;
    ref.tau = ref.M * s.qdd + ref.G;
    ref.tau[0] += 2 * m2 * q2 * s.qd[0] * s.qd[1];
    ref.tau[1] += -m2 * q2 * s.qd[0] * s.qd[0];
    expect_matches(model, s.q, s.qd, s.qdd, ref, "R-P");
  }
}

}  // namespace
}  // namespace manipdyn
