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
/// The report is a registry, filled on its first use with every part's algorithms: the
/// serial-arm formulations (src/serial/operation_counts.cpp) and the control laws and
/// forward-dynamics methods (control/operation_counts.hpp), asked for explicitly, so a program
/// linked plainly with the static library sees every row (no static initialisers, no
/// whole-archive link). A program can add its own with register_counted_algorithm();
/// operation_count_report() runs every registered algorithm for n = n_min..n_max.
#include <cstdint>
#include <functional>
#include <iosfwd>
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

/// Adds an algorithm to the report (call once per algorithm, e.g. from an init function); throws std::invalid_argument for an empty name, no `run` function or a
/// name already registered. Returns true.
bool register_counted_algorithm(CountedAlgorithm algorithm);

/// Every registered algorithm, sorted by (order, name).
std::vector<CountedAlgorithm> counted_algorithms();

/// One row of the report: the counts of one algorithm at one n.
struct OperationCountRow {
  std::string algorithm;  ///< CountedAlgorithm::name
  int n = 0;              ///< number of joints
  OpCounter counted;      ///< measured with Counted
  std::optional<double> paper_mul;  ///< the paper's multiplications at n, if published
  std::optional<double> paper_add;  ///< the paper's additions at n, if published
};

/// Runs every registered algorithm (or those named in `only`, in registry order) for
/// n = n_min..n_max (1 <= n_min <= n_max <= 64) on random_arm(n, 1, standard, {0, false}).
/// Throws std::invalid_argument for a bad range or an unknown name in `only` (listing the names).
std::vector<OperationCountRow> operation_count_report(int n_min, int n_max,
                                                      const std::vector<std::string>& only = {});

/// Counts every registered algorithm (or those in `only`) once on a given model, e.g. the
/// PUMA 560, whose DH structure (twists that are multiples of pi/2, zero offsets, diagonal
/// inertias) the default formulation exploits; pass model.without_drive() to leave the drive
/// terms out as the papers do. Algorithms with n_max < model.dof() are skipped. The paper
/// columns hold the formulas at n = model.dof(). Throws like operation_count_report.
std::vector<OperationCountRow> operation_counts_for_model(const SerialModel& model,
                                                          const std::vector<std::string>& only = {});

/// Writes the report as an aligned text table, followed by a legend of the papers' formulas and
/// a note saying what the algorithms were counted on (`counted_on`).
void print_operation_counts(
    std::ostream& os, const std::vector<OperationCountRow>& rows,
    const std::string& counted_on = "random_arm(n, seed 1, standard DH, all revolute, no drive)");

/// Writes the report as CSV: algorithm,n,mul,add,div,sin,cos,sqrt,other_fn,paper_mul,paper_add
/// (empty paper cells where nothing is published).
void write_operation_counts_csv(std::ostream& os, const std::vector<OperationCountRow>& rows);

}  // namespace manipdyn
