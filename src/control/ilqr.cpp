// Iterative LQR with control limits (manipdyn/control/ilqr.hpp).
#include "manipdyn/control/ilqr.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include <Eigen/Cholesky>

#include "manipdyn/core/check.hpp"

namespace manipdyn {
namespace {

constexpr const char* kWhere = "ilqr";
constexpr double kInf = std::numeric_limits<double>::infinity();

double qp_value(const MatrixXd& H, const VectorXd& g, const VectorXd& d) {
  return 0.5 * d.dot(H * d) + g.dot(d);
}

// H restricted to the entries `idx`, and a vector likewise.
MatrixXd restrict(const MatrixXd& H, const std::vector<Eigen::Index>& idx) {
  MatrixXd out(static_cast<Eigen::Index>(idx.size()), static_cast<Eigen::Index>(idx.size()));
  for (std::size_t i = 0; i < idx.size(); ++i)
    for (std::size_t j = 0; j < idx.size(); ++j) out(i, j) = H(idx[i], idx[j]);
  return out;
}

}  // namespace

bool box_qp(const MatrixXd& H, const VectorXd& g, const VectorXd& lower, const VectorXd& upper,
            VectorXd& d, Eigen::Array<bool, Eigen::Dynamic, 1>& free) {
  const Eigen::Index n = g.size();
  d = d.cwiseMax(lower).cwiseMin(upper);
  free.setConstant(n, true);
  for (int it = 0; it < 100; ++it) {
    // The active set: at a bound with the gradient pushing outwards.
    const VectorXd grad = g + H * d;
    std::vector<Eigen::Index> idx;
    for (Eigen::Index i = 0; i < n; ++i) {
      free[i] = !((d[i] <= lower[i] && grad[i] > 0) || (d[i] >= upper[i] && grad[i] < 0));
      if (free[i]) idx.push_back(i);
    }
    if (idx.empty()) return true;
    // Newton step on the free entries, the clamped ones held.
    const Eigen::LLT<MatrixXd> llt(restrict(H, idx));
    if (llt.info() != Eigen::Success) return false;
    VectorXd gf(static_cast<Eigen::Index>(idx.size()));
    for (std::size_t i = 0; i < idx.size(); ++i) gf[i] = grad[idx[i]];
    if (gf.norm() <= 1e-13 * (1.0 + g.norm())) return true;
    const VectorXd step_free = -llt.solve(gf);
    VectorXd dir = VectorXd::Zero(n);
    for (std::size_t i = 0; i < idx.size(); ++i) dir[idx[i]] = step_free[i];
    // Projected backtracking (Armijo 0.1 on the projected step).
    const double value = qp_value(H, g, d);
    bool moved = false;
    for (double s = 1.0; s > 1e-10; s *= 0.5) {
      const VectorXd cand = (d + s * dir).cwiseMax(lower).cwiseMin(upper);
      const double expected = grad.dot(cand - d);
      if (expected < 0 && qp_value(H, g, cand) - value <= 0.1 * expected) {
        moved = (cand - d).cwiseAbs().maxCoeff() > 1e-15 * (1.0 + d.cwiseAbs().maxCoeff());
        d = cand;
        break;
      }
    }
    if (!moved) return true;
  }
  return true;
}

namespace {

// Per-iteration buffers of ilqr, sized once.
struct IlqrWork {
  std::vector<MatrixXd> A, B, K;
  std::vector<VectorXd> k;
  VectorXd lower, upper;
  double dV1 = 0, dV2 = 0;  // expected decrease: -(alpha dV1 + alpha^2 dV2)
};

double stage_cost(const QuadraticCost& c, const VectorXd& x, const VectorXd& u) {
  const VectorXd dx = x - c.x_goal, du = u - c.u_ref;
  return 0.5 * dx.dot(c.Q * dx) + 0.5 * du.dot(c.R * du);
}

double final_cost(const QuadraticCost& c, const VectorXd& x) {
  const VectorXd dx = x - c.x_goal;
  return 0.5 * dx.dot(c.Q_final * dx);
}

// The cost of the rollout x, u (x row 0 set); fills the states from the controls.
double rollout(const DiscreteDynamics& f, const QuadraticCost& c, MatrixXd& x, const MatrixXd& u) {
  double J = 0;
  VectorXd next(x.cols());
  for (Eigen::Index k = 0; k < u.rows(); ++k) {
    const VectorXd xk = x.row(k).transpose(), uk = u.row(k).transpose();
    J += stage_cost(c, xk, uk);
    f.step(xk, uk, next);
    if (!next.allFinite()) return kInf;
    x.row(k + 1) = next.transpose();
  }
  return J + final_cost(c, x.row(x.rows() - 1).transpose());
}

// The backward pass with regularisation mu (Tassa et al. 2014, alg. 1): the feed-forward k_k
// from the box QP and the feedback K_k on its free rows; false where Q_uu is not definite.
bool backward_pass(const QuadraticCost& c, const MatrixXd& x, const MatrixXd& u, double mu,
                   const VectorXd& u_min, const VectorXd& u_max, IlqrWork& w) {
  const Eigen::Index N = u.rows(), nx = x.cols();
  VectorXd Vx = c.Q_final * (x.row(N).transpose() - c.x_goal);
  MatrixXd Vxx = c.Q_final;
  w.dV1 = w.dV2 = 0;
  Eigen::Array<bool, Eigen::Dynamic, 1> free;
  for (Eigen::Index k = N - 1; k >= 0; --k) {
    const auto& A = w.A[static_cast<std::size_t>(k)];
    const auto& B = w.B[static_cast<std::size_t>(k)];
    const VectorXd uk = u.row(k).transpose();
    const VectorXd Qx = c.Q * (x.row(k).transpose() - c.x_goal) + A.transpose() * Vx;
    const VectorXd Qu = c.R * (uk - c.u_ref) + B.transpose() * Vx;
    const MatrixXd VxxB = Vxx * B;
    const MatrixXd Quu = c.R + B.transpose() * VxxB, Qux = VxxB.transpose() * A;
    const MatrixXd Qxx = c.Q + A.transpose() * Vxx * A;
    // Regularised on V_xx, so that the step stays close to the current trajectory.
    const MatrixXd Quu_r = Quu + mu * B.transpose() * B, Qux_r = Qux + mu * B.transpose() * A;
    VectorXd& kk = w.k[static_cast<std::size_t>(k)];
    if (!box_qp(Quu_r, Qu, u_min - uk, u_max - uk, kk, free)) return false;
    MatrixXd& K = w.K[static_cast<std::size_t>(k)];
    K.setZero();
    std::vector<Eigen::Index> idx;
    for (Eigen::Index i = 0; i < free.size(); ++i)
      if (free[i]) idx.push_back(i);
    if (!idx.empty()) {
      MatrixXd Qux_f(static_cast<Eigen::Index>(idx.size()), nx);
      for (std::size_t i = 0; i < idx.size(); ++i) Qux_f.row(i) = Qux_r.row(idx[i]);
      const MatrixXd Kf = -restrict(Quu_r, idx).llt().solve(Qux_f);
      for (std::size_t i = 0; i < idx.size(); ++i) K.row(idx[i]) = Kf.row(i);
    }
    // The value function one step earlier.
    Vx = Qx + K.transpose() * (Quu * kk) + K.transpose() * Qu + Qux.transpose() * kk;
    Vxx = Qxx + K.transpose() * Quu * K + K.transpose() * Qux + Qux.transpose() * K;
    Vxx = 0.5 * (Vxx + Vxx.transpose()).eval();
    w.dV1 += kk.dot(Qu);
    w.dV2 += 0.5 * kk.dot(Quu * kk);
  }
  return true;
}

// The forward pass with backtracking on alpha: the new rollout if one lowers J by at least a
// tenth of the expected decrease.
bool forward_pass(const DiscreteDynamics& f, const QuadraticCost& c, const IlqrWork& w,
                  const VectorXd& u_min, const VectorXd& u_max, MatrixXd& x, MatrixXd& u,
                  double& J) {
  MatrixXd x_new = x, u_new = u;
  for (double alpha = 1.0; alpha > 1e-3; alpha *= 0.5) {
    double J_new = 0;
    VectorXd next(x.cols());
    for (Eigen::Index k = 0; k < u.rows() && std::isfinite(J_new); ++k) {
      const auto ks = static_cast<std::size_t>(k);
      const VectorXd xk = x_new.row(k).transpose();
      const VectorXd uk = (u.row(k).transpose() + alpha * w.k[ks] +
                           w.K[ks] * (xk - x.row(k).transpose()))
                              .cwiseMax(u_min)
                              .cwiseMin(u_max);
      u_new.row(k) = uk.transpose();
      J_new += stage_cost(c, xk, uk);
      f.step(xk, uk, next);
      if (!next.allFinite()) J_new = kInf;
      x_new.row(k + 1) = next.transpose();
    }
    if (!std::isfinite(J_new)) continue;
    J_new += final_cost(c, x_new.row(x.rows() - 1).transpose());
    const double expected = -(alpha * w.dV1 + alpha * alpha * w.dV2);
    if ((expected > 0 && (J - J_new) >= 0.1 * expected) || (expected <= 0 && J_new < J)) {
      x.swap(x_new);
      u.swap(u_new);
      J = J_new;
      return true;
    }
  }
  return false;
}

void check_square(const MatrixXd& M, const char* name, Eigen::Index n) {
  if (M.rows() != n || M.cols() != n) {
    std::ostringstream os;
    os << kWhere << ": " << name << " is " << M.rows() << " x " << M.cols() << ", expected " << n
       << " x " << n;
    throw std::invalid_argument(os.str());
  }
  check_finite(kWhere, name, M);
  if ((M - M.transpose()).cwiseAbs().maxCoeff() > 1e-12 * std::max(1.0, M.cwiseAbs().maxCoeff()))
    throw std::invalid_argument(std::string(kWhere) + ": " + name + " is not symmetric");
}

// The checked cost (u_ref filled) and limits (infinite where none).
QuadraticCost checked_problem(const DiscreteDynamics& f, const QuadraticCost& cost,
                              const VectorXd& x0, const MatrixXd& u0, const IlqrOptions& o,
                              VectorXd& u_min, VectorXd& u_max) {
  const Eigen::Index nx = f.state_size, nu = f.control_size;
  if (nx < 1 || nu < 1 || !f.step || !f.linearize)
    throw std::invalid_argument(std::string(kWhere) + ": the dynamics have no step, no "
                                "linearisation or an empty state or control");
  check_vector(kWhere, "x0", x0, nx);
  check_square(cost.Q, "Q", nx);
  check_square(cost.Q_final, "Q_final", nx);
  check_square(cost.R, "R", nu);
  if (cost.R.llt().info() != Eigen::Success)
    throw std::invalid_argument(std::string(kWhere) + ": R is not positive definite");
  check_vector(kWhere, "x_goal", cost.x_goal, nx);
  QuadraticCost c = cost;
  if (c.u_ref.size() == 0) c.u_ref = VectorXd::Zero(nu);
  check_vector(kWhere, "u_ref", c.u_ref, nu);
  if (u0.rows() < 1 || u0.cols() != nu) {
    std::ostringstream os;
    os << kWhere << ": u_initial is " << u0.rows() << " x " << u0.cols() << ", expected N x "
       << nu << " with N >= 1";
    throw std::invalid_argument(os.str());
  }
  check_finite(kWhere, "u_initial", u0);
  u_min = o.u_min.size() ? o.u_min : VectorXd::Constant(nu, -kInf);
  u_max = o.u_max.size() ? o.u_max : VectorXd::Constant(nu, kInf);
  check_size(kWhere, "u_min", u_min, nu);
  check_size(kWhere, "u_max", u_max, nu);
  for (Eigen::Index i = 0; i < nu; ++i)
    if (!(u_min[i] < u_max[i]))
      throw std::invalid_argument(std::string(kWhere) + ": u_min[" + std::to_string(i) +
                                  "] is not below u_max[" + std::to_string(i) + "]");
  return c;
}

}  // namespace

IlqrResult ilqr(const DiscreteDynamics& f, const QuadraticCost& cost, const VectorXd& x0,
                const MatrixXd& u_initial, const IlqrOptions& o) {
  VectorXd u_min, u_max;
  const QuadraticCost c = checked_problem(f, cost, x0, u_initial, o, u_min, u_max);
  const Eigen::Index N = u_initial.rows(), nx = f.state_size, nu = f.control_size;
  // The initial rollout.
  IlqrResult r;
  r.u = u_initial;
  for (Eigen::Index k = 0; k < N; ++k)
    r.u.row(k) = r.u.row(k).cwiseMax(u_min.transpose()).cwiseMin(u_max.transpose());
  r.x.resize(N + 1, nx);
  r.x.row(0) = x0.transpose();
  double J = rollout(f, c, r.x, r.u);
  if (!std::isfinite(J))
    throw std::invalid_argument(std::string(kWhere) + ": the initial rollout is not finite");
  r.cost.push_back(J);
  IlqrWork w{std::vector<MatrixXd>(N, MatrixXd(nx, nx)), std::vector<MatrixXd>(N, MatrixXd(nx, nu)),
             std::vector<MatrixXd>(N, MatrixXd::Zero(nu, nx)),
             std::vector<VectorXd>(N, VectorXd::Zero(nu)), u_min, u_max};
  double mu = o.mu_initial;
  VectorXd next(nx);
  while (r.iterations < o.max_iterations && !r.converged) {
    // Linearise along the current trajectory, then backward and forward passes; on failure
    // raise mu and try again from the same trajectory.
    for (Eigen::Index k = 0; k < N; ++k)
      f.linearize(r.x.row(k).transpose(), r.u.row(k).transpose(), next,
                  w.A[static_cast<std::size_t>(k)], w.B[static_cast<std::size_t>(k)]);
    bool accepted = false;
    while (!accepted && mu <= o.mu_max) {
      ++r.iterations;
      const double J_old = J;
      accepted = backward_pass(c, r.x, r.u, mu, u_min, u_max, w) &&
                 forward_pass(f, c, w, u_min, u_max, r.x, r.u, J);
      if (accepted) {
        r.cost.push_back(J);
        r.converged = J_old - J <= o.tolerance * J_old;
        mu = std::max(o.mu_min, mu / 10);
      } else {
        mu = std::max(10 * mu, 1e-6);
      }
      if (o.progress) o.progress(r.iterations, J);
      if (r.iterations >= o.max_iterations) break;
    }
    if (!accepted) break;
  }
  r.K = w.K;
  r.mu = mu;
  return r;
}

}  // namespace manipdyn
