// Unit tests of the control-limited iterative LQR (manipdyn/control/ilqr.hpp): on a linear system
// it reaches the optimum of the stacked quadratic program (solved here directly); with limits its
// solution meets the optimality conditions of the bounded problem; on a nonlinear pendulum it
// converges and lowers the cost; the box QP against enumeration of its active sets; the errors.
#include "manipdyn/control/ilqr.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// A double integrator per axis, two axes, dt = 0.1: x = [p1, p2, v1, v2], u = accelerations.
struct Linear {
  MatrixXd A = MatrixXd::Identity(4, 4), B = MatrixXd::Zero(4, 2);
  Linear() {
    const double h = 0.1;
    A(0, 2) = A(1, 3) = h;
    B(0, 0) = B(1, 1) = 0.5 * h * h;
    B(2, 0) = B(3, 1) = h;
  }
  DiscreteDynamics dynamics() const {
    DiscreteDynamics f;
    f.state_size = 4;
    f.control_size = 2;
    f.step = [this](const VectorXd& x, const VectorXd& u, VectorXd& y) { y = A * x + B * u; };
    f.linearize = [this](const VectorXd& x, const VectorXd& u, VectorXd& y, MatrixXd& a,
                         MatrixXd& b) {
      y = A * x + B * u;
      a = A;
      b = B;
    };
    return f;
  }
};

QuadraticCost reach_cost() {
  QuadraticCost c;
  c.Q = 0.01 * MatrixXd::Identity(4, 4);
  c.R = 0.1 * MatrixXd::Identity(2, 2);
  c.Q_final = 100 * MatrixXd::Identity(4, 4);
  c.x_goal = (VectorXd(4) << 1.0, -0.5, 0.0, 0.0).finished();
  return c;
}

// blkdiag(R, ..., R), N blocks.
MatrixXd kroneckerR(const MatrixXd& R, int N) {
  MatrixXd out = MatrixXd::Zero(R.rows() * N, R.cols() * N);
  for (int k = 0; k < N; ++k) out.block(R.rows() * k, R.cols() * k, R.rows(), R.cols()) = R;
  return out;
}

// J(U) = 1/2 U^T H U + g^T U + const for the stacked controls U (N nu), x = S x0 + T U.
void stacked_problem(const Linear& s, const QuadraticCost& c, const VectorXd& x0, int N,
                     MatrixXd& H, VectorXd& g) {
  const int nx = 4, nu = 2;
  MatrixXd S(nx * (N + 1), nx), T = MatrixXd::Zero(nx * (N + 1), nu * N);
  S.topRows(nx).setIdentity();
  for (int k = 1; k <= N; ++k) {
    S.middleRows(nx * k, nx) = s.A * S.middleRows(nx * (k - 1), nx);
    T.middleRows(nx * k, nx) = s.A * T.middleRows(nx * (k - 1), nx);
    T.block(nx * k, nu * (k - 1), nx, nu) = s.B;
  }
  MatrixXd Qbar = MatrixXd::Zero(nx * (N + 1), nx * (N + 1));
  VectorXd goal(nx * (N + 1));
  for (int k = 0; k <= N; ++k) {
    Qbar.block(nx * k, nx * k, nx, nx) = k < N ? c.Q : c.Q_final;
    goal.segment(nx * k, nx) = c.x_goal;
  }
  H = T.transpose() * Qbar * T + kroneckerR(c.R, N);
  g = T.transpose() * Qbar * (S * x0 - goal);
}

TEST(ControlIlqr, LinearProblemReachesTheStackedOptimum) {
  const Linear s;
  const QuadraticCost c = reach_cost();
  const VectorXd x0 = VectorXd::Zero(4);
  const int N = 30;
  const IlqrResult r = ilqr(s.dynamics(), c, x0, MatrixXd::Zero(N, 2));
  MatrixXd H;
  VectorXd g;
  stacked_problem(s, c, x0, N, H, g);
  const VectorXd U = H.ldlt().solve(-g);
  const Eigen::Map<const MatrixXd> u_opt(U.data(), 2, N);
  EXPECT_LT((r.u - u_opt.transpose()).cwiseAbs().maxCoeff(), 1e-8 * U.cwiseAbs().maxCoeff());
  EXPECT_TRUE(r.converged);
  EXPECT_LE(r.iterations, 4);  // one Newton step is exact, the next ones confirm it
}

TEST(ControlIlqr, LimitedControlsMeetTheBoundedOptimalityConditions) {
  const Linear s;
  const QuadraticCost c = reach_cost();
  const VectorXd x0 = VectorXd::Zero(4);
  const int N = 30;
  IlqrOptions o;
  o.u_min = VectorXd::Constant(2, -0.4);
  o.u_max = VectorXd::Constant(2, 0.4);
  const IlqrResult r = ilqr(s.dynamics(), c, x0, MatrixXd::Zero(N, 2), o);
  ASSERT_TRUE(r.converged);
  MatrixXd H;
  VectorXd g;
  stacked_problem(s, c, x0, N, H, g);
  MatrixXd ut = r.u.transpose();
  const VectorXd U = Eigen::Map<const VectorXd>(ut.data(), 2 * N);
  const VectorXd grad = H * U + g;
  int active = 0;
  const double scale = g.cwiseAbs().maxCoeff();
  for (Eigen::Index i = 0; i < U.size(); ++i) {
    EXPECT_LE(std::abs(U[i]), 0.4 + 1e-12);
    if (U[i] >= 0.4 - 1e-9) {
      EXPECT_LE(grad[i], 1e-6 * scale) << i;  // at the upper bound: J falls only upwards
      ++active;
    } else if (U[i] <= -0.4 + 1e-9) {
      EXPECT_GE(grad[i], -1e-6 * scale) << i;
      ++active;
    } else {
      EXPECT_LE(std::abs(grad[i]), 1e-5 * scale) << i;  // free: stationary
    }
  }
  EXPECT_GT(active, 4);  // the limits bind (the unlimited optimum exceeds them)
}

TEST(ControlIlqr, PendulumSwingUpConvergesAndLowersTheCost) {
  // theta'' = -(g/l) sin(theta) - b theta' + u, RK-free explicit step with exact Jacobians of
  // that step (semi-implicit Euler), from hanging to upright under |u| <= 4.
  const double h = 0.02, gl = 9.81, b = 0.1;
  DiscreteDynamics f;
  f.state_size = 2;
  f.control_size = 1;
  f.step = [&](const VectorXd& x, const VectorXd& u, VectorXd& y) {
    const double v = x[1] + h * (-gl * std::sin(x[0]) - b * x[1] + u[0]);
    y = (VectorXd(2) << x[0] + h * v, v).finished();
  };
  f.linearize = [&](const VectorXd& x, const VectorXd& u, VectorXd& y, MatrixXd& A, MatrixXd& B) {
    f.step(x, u, y);
    const double dv_dth = -h * gl * std::cos(x[0]), dv_dv = 1 - h * b;
    A = (MatrixXd(2, 2) << 1 + h * dv_dth, h * dv_dv, dv_dth, dv_dv).finished();
    B = (MatrixXd(2, 1) << h * h, h).finished();
  };
  QuadraticCost c;
  c.Q = MatrixXd::Zero(2, 2);
  c.R = 0.01 * MatrixXd::Identity(1, 1);
  c.Q_final = 1000 * MatrixXd::Identity(2, 2);
  c.x_goal = (VectorXd(2) << M_PI, 0.0).finished();
  IlqrOptions o;
  o.u_min = VectorXd::Constant(1, -4.0);
  o.u_max = VectorXd::Constant(1, 4.0);
  const IlqrResult r = ilqr(f, c, VectorXd::Zero(2), MatrixXd::Zero(200, 1), o);
  EXPECT_TRUE(r.converged);
  for (std::size_t i = 1; i < r.cost.size(); ++i) EXPECT_LT(r.cost[i], r.cost[i - 1]);
  EXPECT_NEAR(r.x(200, 0), M_PI, 0.02);  // it swings up (4 < 9.81: it must pump)
  EXPECT_NEAR(r.x(200, 1), 0.0, 0.05);
  EXPECT_LE(r.u.cwiseAbs().maxCoeff(), 4.0);
}

TEST(ControlIlqr, BoxQpMatchesEnumeratedActiveSets) {
  // min 1/2 d^T H d + g^T d on a box, against the best of all 3^3 active-set guesses.
  std::srand(3);
  for (int trial = 0; trial < 20; ++trial) {
    const MatrixXd M = MatrixXd::Random(3, 3);
    const MatrixXd H = M * M.transpose() + 0.1 * MatrixXd::Identity(3, 3);
    const VectorXd g = 3 * VectorXd::Random(3), lo = -VectorXd::Constant(3, 0.5),
                   hi = VectorXd::Constant(3, 0.7);
    VectorXd d = VectorXd::Zero(3);
    Eigen::Array<bool, Eigen::Dynamic, 1> free;
    ASSERT_TRUE(box_qp(H, g, lo, hi, d, free));
    double best = std::numeric_limits<double>::infinity();
    for (int code = 0; code < 27; ++code) {
      // Each entry at its lower bound, free, or at its upper bound; free ones solved exactly.
      int c = code;
      VectorXd x = VectorXd::Zero(3);
      std::vector<int> fr;
      for (int i = 0; i < 3; ++i, c /= 3) {
        if (c % 3 == 0) x[i] = lo[i];
        if (c % 3 == 2) x[i] = hi[i];
        if (c % 3 == 1) fr.push_back(i);
      }
      if (!fr.empty()) {
        MatrixXd Hf(fr.size(), fr.size());
        VectorXd rhs(fr.size());
        for (std::size_t i = 0; i < fr.size(); ++i) {
          rhs[i] = -g[fr[i]];
          for (int j = 0; j < 3; ++j)
            if (std::find(fr.begin(), fr.end(), j) == fr.end()) rhs[i] -= H(fr[i], j) * x[j];
          for (std::size_t j = 0; j < fr.size(); ++j) Hf(i, j) = H(fr[i], fr[j]);
        }
        const VectorXd xf = Hf.ldlt().solve(rhs);
        for (std::size_t i = 0; i < fr.size(); ++i) x[fr[i]] = xf[i];
      }
      if ((x.array() < lo.array() - 1e-12).any() || (x.array() > hi.array() + 1e-12).any())
        continue;
      best = std::min(best, 0.5 * x.dot(H * x) + g.dot(x));
    }
    EXPECT_NEAR(0.5 * d.dot(H * d) + g.dot(d), best, 1e-10 * (1 + std::abs(best))) << trial;
  }
}

TEST(ControlIlqr, ErrorsNameTheArgument) {
  const Linear s;
  QuadraticCost c = reach_cost();
  const DiscreteDynamics f = s.dynamics();
  EXPECT_EQ(message_of<std::exception>(
                [&] { ilqr(f, c, VectorXd::Zero(3), MatrixXd::Zero(5, 2)); }),
            "ilqr: x0 has size 3, expected 4");
  EXPECT_EQ(message_of<std::exception>(
                [&] { ilqr(f, c, VectorXd::Zero(4), MatrixXd::Zero(5, 3)); }),
            "ilqr: u_initial is 5 x 3, expected N x 2 with N >= 1");
  IlqrOptions o;
  o.u_min = VectorXd::Constant(2, 1.0);
  o.u_max = VectorXd::Constant(2, 1.0);
  EXPECT_EQ(message_of<std::exception>(
                [&] { ilqr(f, c, VectorXd::Zero(4), MatrixXd::Zero(5, 2), o); }),
            "ilqr: u_min[0] is not below u_max[0]");
  c.R(0, 0) = -1;
  EXPECT_EQ(message_of<std::exception>(
                [&] { ilqr(f, c, VectorXd::Zero(4), MatrixXd::Zero(5, 2)); }),
            "ilqr: R is not positive definite");
}

}  // namespace
}  // namespace manipdyn
