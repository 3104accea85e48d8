#pragma once
/// \file fourier_trajectory.hpp
/// The finite Fourier series of an exciting trajectory (Swevers, Ganseman, Tukel, De Schutter &
/// Van Brussel 1997, "Optimal robot excitation and identification", IEEE T-RA 13(5), eqs 9-10):
/// per joint i, with w_f = 2 pi f_f,
///
///   q_i(t)   = q_i0 + sum_{l=1..L}  a_il/(w_f l) sin(w_f l t) - b_il/(w_f l) cos(w_f l t)
///   qd_i(t)  =        sum_{l=1..L}  a_il cos(w_f l t) + b_il sin(w_f l t)
///   qdd_i(t) =        sum_{l=1..L} -a_il w_f l sin(w_f l t) + b_il w_f l cos(w_f l t)
///
/// periodic with the period T = 1 / f_f, so it ends in the state it starts in and can be
/// repeated (averaging the periods of a measured run lowers the noise, Swevers et al. sec. IV).
/// q(0) = q_0 - sum_l b_il / (w_f l), qd(0) = sum_l a_il, qdd(0) = w_f sum_l l b_il: with
/// start_at_rest() (sum_l a_il = 0 and sum_l l b_il = 0 for each joint) the trajectory starts
/// and ends at rest in q(0), so a controller brings the arm to rest at q(0) (e.g. a quintic move,
/// joint_trajectory.hpp) and then follows one or more periods without a jump in qd or qdd.
/// Units: s, Hz, and the joint units (rad or m).
#include <string_view>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// A finite Fourier series trajectory of n joints with L harmonics: plain data.
struct FourierTrajectory {
  double base_frequency = 0.1;  ///< f_f, Hz (> 0); the period is 1 / f_f
  VectorXd offset;              ///< (n) q_i0, the mean position of each joint
  MatrixXd a;                   ///< (n x L) a_il, joint unit/s: the cos terms of qd
  MatrixXd b;                   ///< (n x L) b_il, joint unit/s: the sin terms of qd

  int dof() const { return static_cast<int>(offset.size()); }  ///< n
  int harmonics() const { return static_cast<int>(a.cols()); }  ///< L
  double period() const { return 1.0 / base_frequency; }        ///< T = 1 / f_f, s
};

/// Samples of a joint trajectory at N times: t (N, s) and q, qd, qdd (N x n each, row k at t_k).
struct TrajectorySamples {
  VectorXd t;    ///< (N) s
  MatrixXd q;    ///< (N x n)
  MatrixXd qd;   ///< (N x n)
  MatrixXd qdd;  ///< (N x n)
};

/// Per joint extrema of a trajectory: the lowest and highest q, the largest |qd| and |qdd|
/// (n each).
struct TrajectoryExtrema {
  VectorXd q_min, q_max, qd_max, qdd_max;
};

/// sin(w_f l t_k) and cos(w_f l t_k) (N x L each) at fixed times: the basis that samples any
/// FourierTrajectory with the same base frequency and L (sample_fourier_trajectory).
struct FourierBasis {
  double base_frequency = 0.0;  ///< f_f, Hz
  VectorXd t;                   ///< (N) s
  MatrixXd sin, cos;            ///< (N x L)
};

/// Throws std::invalid_argument "<where>: ..." naming the field unless the trajectory is
/// well formed: f_f finite and > 0, n >= 1, L >= 1, a and b of size n x L, offset of size n,
/// every number finite, and the derivatives finite (w_f L |a_il| does not overflow).
void check_fourier_trajectory(std::string_view where, const FourierTrajectory& trajectory);

/// Sets a_i1 and b_i1 of every joint so that the trajectory starts (and, being periodic, ends)
/// at rest: a_i1 = -sum_{l>=2} a_il (qd(0) = 0), b_i1 = -sum_{l>=2} l b_il (qdd(0) = 0).
void start_at_rest(FourierTrajectory& trajectory);

/// q, qd, qdd (n each) at time t (s), Swevers et al. 1997 eq. 9-10, written into the given
/// vectors. Throws std::invalid_argument for a malformed trajectory, a non-finite t or a wrong
/// size. Allocates nothing.
void fourier_trajectory_state(const FourierTrajectory& trajectory, double t,
                              Eigen::Ref<VectorXd> q, Eigen::Ref<VectorXd> qd,
                              Eigen::Ref<VectorXd> qdd);

/// The times k / sample_rate (s) in [0, T) and, with include_end, the end t = T too.
/// Throws std::invalid_argument for a sample rate that is not finite and > 0 or that gives
/// more than 10^8 samples.
VectorXd fourier_sample_times(const FourierTrajectory& trajectory, double sample_rate,
                              bool include_end);

/// The basis sin / cos(2 pi f_f l t_k), l = 1..L, at the times t (N).
FourierBasis fourier_basis(double base_frequency, int harmonics, const VectorXd& t);

/// Samples the trajectory at the basis' times into `samples` (resized to N x n):
/// Q = 1 q_0^T + S (A / (w_f l))^T - C (B / (w_f l))^T,
/// QD = C A^T + S B^T, QDD = -S (w_f l A)^T + C (w_f l B)^T. The basis must have been built for
/// the trajectory's f_f and L (std::invalid_argument otherwise).
void sample_fourier_trajectory(const FourierTrajectory& trajectory, const FourierBasis& basis,
                               TrajectorySamples& samples);

/// Value-returning convenience: the samples at fourier_sample_times(trajectory, sample_rate,
/// include_end).
TrajectorySamples sample_fourier_trajectory(const FourierTrajectory& trajectory,
                                            double sample_rate, bool include_end = false);

/// Analytic, conservative bounds of the trajectory over all t (the cheap check): with
/// c_il = sqrt(a_il^2 + b_il^2), the amplitude of harmonic l,
/// q_i in q_i0 -/+ sum_l c_il / (w_f l), |qd_i| <= sum_l c_il, |qdd_i| <= sum_l w_f l c_il.
TrajectoryExtrema fourier_trajectory_bounds(const FourierTrajectory& trajectory);

/// The extrema over the samples (at least one row).
TrajectoryExtrema sampled_extrema(const TrajectorySamples& samples);

}  // namespace manipdyn
