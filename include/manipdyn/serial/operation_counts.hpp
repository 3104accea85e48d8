#pragma once
/// \file operation_counts.hpp
/// Operation counts of the algorithms, measured by running them with the counting scalar
/// `manipdyn::Counted` (counting_scalar.hpp), beside the formulas published in the papers
/// (Turney, Mudge, Lee 1980, Table 1; Lee, Chung, Mudge, Turney ~1982, Tables 1-2).
///
/// What is measured, for each algorithm and number of joints n:
///  - the arm is random_arm(n, seed 1, standard DH, prismatic_fraction 0, no drive terms): all
///    joints revolute, generic DH parameters and full inertia tensors. The textbook
///    formulations do not branch on parameter values; the default inverse_dynamics (and the
///    strobing built on its core) exploits structure of the DH table (twists multiple of pi/2,
///    zero entries of the constant vectors, diagonal K_i), which a random arm does not have, so
///    the report shows its generic cost; operation_counts_for_model() counts a given arm;
///  - q, qd, qdd, gravity and (where taken) the external wrench are Counted variables with
///    nonzero values; the wrench is zero-valued but still takes part in the arithmetic unless
///    the algorithm skips it structurally (the papers' "f_{n+1} = 0" saving);
///  - the counter is reset just before the call and read just after it; input checks and the
///    construction of the workspace are not counted (they do no Counted arithmetic);
///  - mul = multiplications (a Counted times a double model constant counts too), add = additions
///    and subtractions, div = divisions, sin/cos = calls of the sine/cosine of the joint angles
///    (counted as function calls, never as multiplications; a sincos counts one of each), sqrt;
///    negations, copies and comparisons are free.
/// The papers' "multiplications" exclude the sines and cosines of the joint angles; compare them
/// with `mul` (plus `div`, which is zero for the inverse-dynamics formulations).
///
/// The serial-arm rows of the operation-count report (serial_counted_algorithms()) and the types
/// every part builds its rows with. The report itself -- a registry filled on its first use with
/// every part's rows, the serial ones below and the control laws and forward-dynamics methods
/// (control/operation_counts.hpp) -- is analysis/operation_count_report.hpp.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// A published operation-count formula, e.g. "108n - 12" multiplications, with its source.
struct PaperCount {
  std::string mul_formula;                 ///< as printed, e.g. "108n - 12"
  std::string add_formula;                 ///< e.g. "100n - 9"
  std::function<double(int n)> mul;        ///< the formula evaluated at n
  std::function<double(int n)> add;        ///< the formula evaluated at n
  std::string source;                      ///< e.g. "Turney et al. 1980, Table 1"
};

enum class InverseDynamicsMethod;  // serial/inverse_dynamics.hpp

/// The report's name of an inverse-dynamics formulation: the method's name ("newton_euler"),
/// and for `fastest` the name of the function that runs it, "inverse_dynamics".
std::string operation_count_name(InverseDynamicsMethod method);
/// The report's names of every inverse-dynamics formulation (all<InverseDynamicsMethod>()),
/// the default last: lagrange_euler, newton_euler, modified_newton_euler, craig,
/// inverse_dynamics.
std::vector<std::string> inverse_dynamics_count_names();

/// One algorithm whose operations are counted.
struct CountedAlgorithm {
  std::string name;         ///< e.g. "newton_euler" (the CLI and Python name)
  std::string description;  ///< one line: what is computed and by which equations
  int order = 0;            ///< position in the report (ascending), ties by name
  int n_max = 1000;         ///< largest n to count (keeps O(n^4) methods cheap to report)
  /// Runs the algorithm once on `model` (an all-revolute arm of n joints) with Counted inputs,
  /// resetting op_counter() just before the call; the caller reads op_counter() afterwards.
  std::function<void(const SerialModel& model)> run;
  std::optional<PaperCount> paper;  ///< the published count, if any
};

/// A CountedAlgorithm of these fields (how every part builds its rows).
CountedAlgorithm counted_algorithm(std::string name, std::string description, int order,
                                   std::function<void(const SerialModel&)> run,
                                   std::optional<PaperCount> paper = std::nullopt,
                                   int n_max = 1000);

/// The serial-arm rows of the report: every inverse-dynamics formulation (Turney et al. 1980,
/// Table 1 where published) and the terms M, G, bias and C by each method (order < 200).
std::vector<CountedAlgorithm> serial_counted_algorithms();

}  // namespace manipdyn
