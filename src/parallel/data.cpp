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
    omega_leg.push_back(Vector3<S>::Zero());
  }
  platform_wrench.setZero();
  wrench_total.setZero();
  rhs = VectorX<S>::Zero(p);
  lu = MatrixX<S>::Zero(p, p);
  perm.assign(static_cast<std::size_t>(p), 0);
  work = VectorX<S>::Zero(std::max(p, 3));
  leg_lu = MatrixX<S>::Zero(3, 3);
  leg_perm.assign(3, 0);
}

#define MANIPDYN_INSTANTIATE(S) template struct ParallelDataTpl<S>;
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel
