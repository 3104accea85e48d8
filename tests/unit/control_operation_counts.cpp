// The operation-count rows of the control laws and forward dynamics (control/operation_counts.hpp)
// are in the registry of analysis/operation_count_report.hpp from its first use, in a program linked
// plainly with the static library (this test: no whole-archive link, no registration call);
// their counts are those `manipdyn opcount` printed when the rows were registered from the CLI's
// static initialiser (recorded before the change), and the computed-torque law costs exactly
// the Newton-Euler formulation plus its PD terms.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "manipdyn/control/operation_counts.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"

namespace manipdyn {
namespace {

// Every row of the report, serial part (order < 200) then control part (order >= 200).
const std::vector<std::string> kSerialRows = {
    "lagrange_euler", "newton_euler", "modified_newton_euler", "craig", "inverse_dynamics",
    "mass_matrix_strobing", "mass_matrix_lagrange_euler", "mass_matrix", "gravity_torques",
    "gravity_torques_lagrange_euler", "bias_torques", "velocity_coupling_strobing",
    "velocity_coupling_lagrange_euler", "coriolis_matrix"};
const std::vector<std::string> kControlRows = {
    "computed_torque", "computed_torque_lagrange_euler", "forward_dynamics_articulated_body",
    "forward_dynamics_mass_matrix", "forward_dynamics_strobing"};

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const auto& a : counted_algorithms()) names.push_back(a.name);
  return names;
}

const OperationCountRow& row(const std::vector<OperationCountRow>& rows, const std::string& name,
                             int n) {
  auto it = std::find_if(rows.begin(), rows.end(),
                         [&](const auto& r) { return r.algorithm == name && r.n == n; });
  if (it == rows.end()) throw std::logic_error("no row " + name + " at n = " + std::to_string(n));
  return *it;
}

TEST(ControlOperationCounts, EveryRowIsRegisteredOnFirstUseWithoutAnyCall) {
  std::vector<std::string> expected = kSerialRows;
  expected.insert(expected.end(), kControlRows.begin(), kControlRows.end());
  EXPECT_EQ(registered_names(), expected);
}

TEST(ControlOperationCounts, ControlRowsAreTakenBeforeAnyRegistration) {
  // A program's own row with a control row's name is a duplicate from the start.
  CountedAlgorithm a;
  a.name = "computed_torque";
  a.run = [](const SerialModel&) {};
  try {
    register_counted_algorithm(a);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "register_counted_algorithm: 'computed_torque' is already registered");
  }
}

TEST(ControlOperationCounts, ControlFunctionGivesTheRowsOfTheHeader) {
  std::vector<std::string> names;
  for (const auto& a : control_counted_algorithms()) names.push_back(a.name);
  EXPECT_EQ(names, kControlRows);
}

TEST(ControlOperationCounts, CountsAsPrintedByOpcountBeforeTheChange) {
  // `manipdyn opcount --n-max 12 --csv` of the whole-archive build (commit 7dd1a06):
  // algorithm,n,mul,add,div,sin,cos,sqrt
  const auto rows = operation_count_report(6, 6, kControlRows);
  ASSERT_EQ(rows.size(), kControlRows.size());
  const auto& ct = row(rows, "computed_torque", 6).counted;
  EXPECT_EQ(ct.mul, 638u);
  EXPECT_EQ(ct.add, 550u);
  EXPECT_EQ(ct.sin, 6u);
  EXPECT_EQ(*row(rows, "computed_torque", 6).paper_mul, 690.0);  // 119n - 24
  const auto& le = row(rows, "computed_torque_lagrange_euler", 6).counted;
  EXPECT_EQ(le.mul, 9619u);
  EXPECT_EQ(le.add, 7555u);
  const auto& aba = row(rows, "forward_dynamics_articulated_body", 6).counted;
  EXPECT_EQ(aba.mul, 2421u);
  EXPECT_EQ(aba.add, 2274u);
  EXPECT_EQ(aba.div, 11u);
  const auto& strobing = row(rows, "forward_dynamics_strobing", 6).counted;
  EXPECT_EQ(strobing.mul, 2125u);
  EXPECT_EQ(strobing.div, 12u);
}

TEST(ControlOperationCounts, ComputedTorqueIsNewtonEulerPlusPdTerms) {
  // tau = NE(q, qd, qdd_d + Kv (qd_d - qd) + Kp (q_d - q)): per joint 2 multiplications and 4
  // additions or subtractions more than the Newton-Euler formulation.
  const auto rows = operation_count_report(1, 8, {"newton_euler", "computed_torque"});
  for (int n = 1; n <= 8; ++n) {
    const auto& ne = row(rows, "newton_euler", n).counted;
    const auto& ct = row(rows, "computed_torque", n).counted;
    EXPECT_EQ(ct.mul - ne.mul, 2u * n) << "n = " << n;
    EXPECT_EQ(ct.add - ne.add, 4u * n) << "n = " << n;
    EXPECT_EQ(ct.sin, ne.sin) << "n = " << n;
  }
}

}  // namespace
}  // namespace manipdyn
