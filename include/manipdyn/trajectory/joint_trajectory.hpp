#pragma once
/// \file joint_trajectory.hpp
/// Joint-space trajectories through via points: each segment moves every joint from one point
/// to the next, starting and ending at rest (rest-to-rest through each via point), with
///  - a quintic polynomial s(u) = 10u^3 - 15u^4 + 6u^5, u = (t - t_k)/T_k (zero velocity and
///    acceleration at both ends; Craig, Introduction to Robotics, sec. 7.3), or
///  - a linear segment with parabolic blends (LSPB; Craig sec. 7.3; Dasgupta 1998 eqs 39-40):
///    constant acceleration for the blend time t_b, constant velocity, constant deceleration for
///    t_b, with 0 < t_b <= T_k / 2 (t_b = T_k / 2 is the bang-bang profile).
/// q, qd, qdd are available at any time; before the start the trajectory holds the first point,
/// after the end the last (at rest). Units: s, and the joint units (rad or m).
#include <vector>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// The shape of each segment of a JointTrajectory.
enum class ProfileShape { quintic, lspb };
/// The names of ProfileShape (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<ProfileShape> {
  static constexpr std::string_view argument = "profile shape";
  static constexpr EnumName<ProfileShape> table[] = {{ProfileShape::quintic, "quintic"},
                                                     {ProfileShape::lspb, "lspb"}};
};

/// A joint-space trajectory through via points (plain data once built; evaluate() allocates
/// nothing).
class JointTrajectory {
 public:
  JointTrajectory() = default;

  /// Rest-to-rest quintic segments through `points` (k >= 2 points of n joints each) with
  /// segment durations `durations` (k-1 values, s, each > 0), starting at `start_time`.
  /// Throws std::invalid_argument naming the point or segment for a bad request, including a
  /// duration so short that a velocity or acceleration would overflow a double (1e-300 s) or
  /// that is lost in the segment's start time.
  static JointTrajectory quintic(const std::vector<VectorXd>& points,
                                 const std::vector<double>& durations, double start_time = 0.0);

  /// Rest-to-rest LSPB segments through `points` with durations `durations` (s) and the blend
  /// time `blend_time` (s) of every segment, 0 < blend_time <= duration/2 (else the blend is
  /// infeasible and std::invalid_argument says so; so it does for a segment whose velocity or
  /// acceleration would overflow).
  static JointTrajectory lspb(const std::vector<VectorXd>& points,
                              const std::vector<double>& durations, double blend_time,
                              double start_time = 0.0);

  /// LSPB with the blend time given as a fraction of each segment's duration, 0 < f <= 1/2.
  static JointTrajectory lspb_fraction(const std::vector<VectorXd>& points,
                                       const std::vector<double>& durations,
                                       double blend_fraction, double start_time = 0.0);

  int dof() const { return n_; }                    ///< number of joints n
  ProfileShape shape() const { return shape_; }     ///< segment profile
  double start_time() const { return times_.empty() ? 0.0 : times_.front(); }  ///< s
  double end_time() const { return times_.empty() ? 0.0 : times_.back(); }     ///< s
  double duration() const { return end_time() - start_time(); }                ///< s
  const std::vector<VectorXd>& points() const { return points_; }  ///< (k) via points, n each
  const std::vector<double>& times() const { return times_; }      ///< (k) arrival times, s

  /// Desired q, qd, qdd (n each) at time t (s), written into the given vectors (which must have
  /// size n). Throws std::invalid_argument for a non-finite t or wrong sizes.
  void evaluate(double t, Eigen::Ref<VectorXd> q, Eigen::Ref<VectorXd> qd,
                Eigen::Ref<VectorXd> qdd) const;

  /// Value-returning convenience (allocates): q, qd, qdd at t.
  struct Sample {
    VectorXd q, qd, qdd;
  };
  Sample operator()(double t) const;

 private:
  ProfileShape shape_ = ProfileShape::quintic;
  int n_ = 0;
  std::vector<VectorXd> points_;   // (k) via points
  std::vector<double> times_;      // (k) t_0 = start, t_{j+1} = t_j + T_j
  std::vector<double> blend_;      // (k-1) blend time of each segment (LSPB)
};

}  // namespace manipdyn
