// The parallel robot's per-call buffers (data.hpp).
#include "manipdyn/parallel/data.hpp"

#include "scalars.hpp"

namespace manipdyn::parallel {

template <typename S>
ParallelDataTpl<S>::ParallelDataTpl(const ParallelModel& m) : model(&m) {
  const int na = m.actuated_count();
  const int p = m.platform_dof();
  tau = VectorX<S>::Zero(na);
  A = MatrixX<S>::Zero(na, p);
  leg.reserve(m.legs.size());
  for (const Leg& l : m.legs) {
    const int n = l.chain.dof();
    leg.emplace_back(l.chain);
    q.push_back(l.home_q.template cast<S>());
    qd.push_back(VectorX<S>::Zero(n));
    qdd.push_back(VectorX<S>::Zero(n));
    M.push_back(Eigen::Matrix<S, Eigen::Dynamic, 6>::Zero(n, 6));
    J.push_back(Eigen::Matrix<S, 3, Eigen::Dynamic>::Zero(3, n));
    J_plus_T.push_back(Eigen::Matrix<S, 3, Eigen::Dynamic>::Zero(3, n));
    J_rot.push_back(Eigen::Matrix<S, 3, Eigen::Dynamic>::Zero(3, n));
    r.push_back(Vector3<S>::Zero());
    gap.push_back(Vector3<S>::Zero());
    W.push_back(Eigen::Matrix<S, 3, Eigen::Dynamic>::Zero(3, 3 - n));
    omega_leg.push_back(Vector3<S>::Zero());
    ME.push_back(MatrixX<S>::Zero(n, p));
    HME.push_back(MatrixX<S>::Zero(n, p));
  }
  const int nd = static_cast<int>(m.dependent.size());
  K = MatrixX<S>::Zero(m.closure_rows(), p);
  closure_gap = closure_velocity = closure_acceleration = VectorX<S>::Zero(m.closure_rows());
  N = MatrixX<S>::Identity(p, p - nd);
  AN = MatrixX<S>::Zero(na, p - nd);
  K_lu = MatrixX<S>::Zero(nd, nd);
  K_perm.assign(static_cast<std::size_t>(nd), 0);
  platform_wrench.setZero();
  wrench_total.setZero();
  rhs = VectorX<S>::Zero(p);
  rhs_dof = VectorX<S>::Zero(p - nd);
  lu = MatrixX<S>::Zero(p - nd, p - nd);
  perm.assign(static_cast<std::size_t>(p - nd), 0);
  work = VectorX<S>::Zero(std::max(p, 3));
  leg_lu = MatrixX<S>::Zero(3, 3);
  leg_perm.assign(3, 0);
  Lambda = MatrixX<S>::Zero(p, p);
  mu = VectorX<S>::Zero(p);
  xdd = VectorX<S>::Zero(p);
  Lambda_lu = MatrixX<S>::Zero(m.dof(), m.dof());
  Lambda_perm.assign(static_cast<std::size_t>(m.dof()), 0);
  LambdaN = MatrixX<S>::Zero(p, m.dof());
  zdd = VectorX<S>::Zero(m.dof());
  E = m.E.template cast<S>();
  MpE = Eigen::Matrix<S, 6, Eigen::Dynamic>::Zero(6, p);
}

#define MANIPDYN_INSTANTIATE(S) template struct ParallelDataTpl<S>;
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel
