#pragma once
/// \file generate.hpp
/// Code generation: the default inverse dynamics, mass matrix and gravity torques (and, on
/// request, the inverse and forward dynamics' derivatives) of one serial arm as straight-line
/// C++ (a header of inline functions), with every model constant folded in, every structurally
/// zero term gone and common subexpressions computed once: the "customised" symbolic
/// Newton-Euler of one robot (Khalil & Kleinfinger's SYMORO, ROBOTRAN) obtained by running the
/// library's own scalar-generic algorithms on the tracing scalar (traced.hpp), so that the
/// generated functions compute the same numbers as the library's calls (docs/codegen.md).
/// `manipdyn codegen` writes it from the command line.
#include <string>
#include <vector>

#include "manipdyn/serial/model.hpp"

namespace manipdyn::codegen {

/// The most joints generate_dynamics_code takes: the mass matrix's code grows as n^2 (about 2 MB
/// of source at 64 joints, 8 MB at 128), and a compiler takes long over more.
inline constexpr int kMaxCodegenJoints = 128;

/// What to generate.
struct CodegenOptions {
  /// The C++ namespace of the generated functions (an identifier, or nested with ::).
  std::string name_space = "manipdyn_generated";
  bool inverse_dynamics = true;  ///< inverse_dynamics(q, qd, qdd, tau): model gravity, no wrench
  bool mass_matrix = true;       ///< mass_matrix(q, M): n x n column-major, with drive inertia
  bool gravity_torques = true;   ///< gravity_torques(q, g): model gravity
  /// inverse_dynamics_derivatives(q, qd, qdd, dtau_dq, dtau_dqd, dtau_dqdd): n x n each,
  /// column-major, model gravity, no wrench (serial/derivatives.hpp). Off by default: it is the
  /// largest function (n^2 entries; 0.2 MB of source for 6 joints, 5.7 MB for 48).
  bool inverse_dynamics_derivatives = false;
  /// bool forward_dynamics_derivatives(q, qd, tau, qdd, dqdd_dq, dqdd_dqd, dqdd_dtau): qdd (n)
  /// and n x n each, column-major, model gravity, no wrench (serial/derivatives.hpp); returns
  /// whether qdd is finite (false where M is not positive definite, which the library's call
  /// refuses). Off by default (as large as inverse_dynamics_derivatives, plus the n^3 of the
  /// Cholesky factorisation and the products); for at most kMaxCodegenForwardDerivativeJoints.
  bool forward_dynamics_derivatives = false;
};

/// The most joints (velocities nv for a free-flyer) the generated forward_dynamics_derivatives
/// takes: above it the library
/// factorises M with Eigen's blocked LLT, which tests values and which the tracing scalar cannot
/// follow (the generated code would no longer be the library's numbers).
inline constexpr int kMaxCodegenForwardDerivativeJoints = 24;

/// The operations of one generated function (sin and cos of one angle count as one sincos).
struct GeneratedFunction {
  std::string name;
  int mul = 0, add = 0, div = 0, sqrt = 0, tanh = 0, sincos = 0, select = 0;
};

/// The generated header and what its functions compute.
struct GeneratedCode {
  std::string source;                        ///< the header's text
  std::vector<GeneratedFunction> functions;  ///< one per generated function, in order
};

/// True if `name` can be the namespace of the generated code: a C++ identifier, or identifiers
/// joined by `::`.
bool is_cpp_namespace(const std::string& name);

/// Generates the functions of `options` for `model`. The header needs
/// manipdyn/core/scalar_math.hpp (math::sincos_n, the library's sin/cos of the joint angles) and
/// the manipdyn library at link time. Throws std::invalid_argument for a namespace that is not a
/// C++ identifier path, a model of more than kMaxCodegenJoints joints (more than
/// kMaxCodegenForwardDerivativeJoints with forward_dynamics_derivatives, or whose mass matrix
/// is singular at every q), or a model that was not built by a SerialModel builder. A tree or a
/// free-flyer (docs/trees.md) gets inverse_dynamics, mass_matrix and gravity_torques with q of
/// kNq = model.nq() entries and the rest kNv = model.nv() (written into the header), and its
/// derivatives on request (kNv x kNv; the forward ones for kNv <=
/// kMaxCodegenForwardDerivativeJoints, equal to the library's to rounding: docs/codegen.md).
GeneratedCode generate_dynamics_code(const SerialModel& model, const CodegenOptions& options = {});

}  // namespace manipdyn::codegen
