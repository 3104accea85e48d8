#pragma once
/// \file operation_count_report.hpp
/// The operation-count report of every part: a registry filled on its first use with the
/// serial-arm formulations (serial/operation_counts.hpp: serial_counted_algorithms()) and the
/// control laws and forward-dynamics methods (control/operation_counts.hpp), asked for
/// explicitly, so a program linked plainly with the static library sees every row (no static
/// initialisers, no whole-archive link). A program can add its own with
/// register_counted_algorithm(); operation_count_report() runs every registered algorithm for
/// n = n_min..n_max. What is counted and how: serial/operation_counts.hpp.
#include <iosfwd>
#include <string>
#include <vector>

#include "manipdyn/serial/operation_counts.hpp"

namespace manipdyn {

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
