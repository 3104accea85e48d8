#pragma once
/// \file builtin_models.hpp
/// Built-in serial arms: PUMA 560 and the Stanford arm (published numbers, sources cited in
/// src/serial/builtin_models.cpp), and a seeded random-arm generator for tests and benchmarks.
#include <cstdint>

#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// PUMA 560 in standard DH, with Corke's Robotics Toolbox numbers (mdl_puma560.m, parameters of
/// 8/95 after Corke & Armstrong-Helouvry, ICRA 1994): DH table, masses, COMs, inertias, and, if
/// `with_drive`, motor inertias, gear ratios, viscous and Coulomb friction. Links 1 and 3 carry
/// published inertias that break the triangle inequality; they are kept (the model records a
/// warning) so that torques match the published ones.
SerialModel puma560(bool with_drive = true);

/// The Stanford arm (Scheinman) in standard DH, joint 3 prismatic, with Corke's numbers
/// (mdl_stanford.m: kinematics from Stanford AIM-177, dynamics from Paul 1981 Tables 6.5-6.6;
/// gear ratios 1, motor_inertia = the reflected armature inertia when `with_drive`).
/// The published link-5 inertia diag(0.003, 0.0004, 0) breaks the triangle inequality; it is kept
/// with a warning unless `corrected_inertia`, which raises Izz to 0.0026 kg m^2, the smallest
/// value that satisfies Ixx <= Iyy + Izz.
SerialModel stanford_arm(bool with_drive = true, bool corrected_inertia = false);

/// Options of random_arm.
struct RandomArmOptions {
  double prismatic_fraction = 0.3;  ///< probability that a joint is prismatic
  bool with_drive = false;          ///< draw motor inertia, gear ratio and friction too
};

/// A random but physically valid arm of n links (for tests and benchmarks), reproducible from
/// `seed` on every platform: DH parameters a, d in [-0.5, 0.5] m, alpha, theta in [-pi, pi];
/// mass in [0.5, 5] kg; COM in [-0.2, 0.2]^3 m; a full inertia tensor R diag(l) R^T with a
/// random rotation R and principal moments that satisfy the triangle inequality.
SerialModel random_arm(int n, std::uint64_t seed, DhConvention convention,
                       const RandomArmOptions& options = {});

/// Options of random_tree.
struct RandomTreeOptions {
  double prismatic_fraction = 0.3;  ///< probability that a joint is prismatic
  bool with_drive = false;          ///< draw motor inertia, gear ratio and friction too
  /// Probability that joint i > 0 starts a branch: it hangs from a random earlier joint or the
  /// base, with random Khalil-Kleinfinger gamma in [-pi, pi] and b in [-0.5, 0.5] m (else it
  /// hangs from joint i - 1 with gamma = b = 0).
  double branching = 0.4;
};

/// A random tree of n links in Khalil & Kleinfinger's notation (tests and benchmarks),
/// reproducible from `seed`: each link drawn as random_arm's, then its antecedent (see
/// RandomTreeOptions::branching). May come out a chain for small n.
SerialModel random_tree(int n, std::uint64_t seed, const RandomTreeOptions& options = {});

}  // namespace manipdyn
