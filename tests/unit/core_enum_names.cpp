// core/enum_names.hpp: one name table per family of methods, read by to_string, from_string,
// all() and names(); the error names the argument and lists the valid names; an old synonym is
// parsed and never printed. Also the operation-count rows named from the enum.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/control/studies.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/trajectory/joint_trajectory.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// Every value of E survives to_string -> from_string, and the names are all() in order.
template <typename E>
void expect_round_trip(const std::vector<std::string>& expected_names) {
  EXPECT_EQ(names<E>(), expected_names);
  ASSERT_EQ(all<E>().size(), expected_names.size());
  for (std::size_t i = 0; i < expected_names.size(); ++i) {
    const E value = all<E>()[i];
    EXPECT_EQ(std::string(to_string(value)), expected_names[i]);
    EXPECT_EQ(from_string<E>(expected_names[i]), value);
  }
}

TEST(EnumNames, EveryFamilyRoundTrips) {
  expect_round_trip<InverseDynamicsMethod>(
      {"fastest", "lagrange_euler", "newton_euler", "modified_newton_euler", "craig"});
  expect_round_trip<MassMatrixMethod>({"fastest", "strobing", "lagrange_euler"});
  expect_round_trip<GravityTorquesMethod>({"fastest", "lagrange_euler"});
  expect_round_trip<ForwardDynamicsMethod>(
      {"fastest", "mass_matrix", "strobing", "articulated_body"});
  expect_round_trip<stewart::DynamicsModel>({"dasgupta", "improved"});
  expect_round_trip<stewart::TaskSpaceMethod>({"direct", "strobing"});
}

TEST(EnumNames, DriveFrictionAndProfileShapeHaveTables) {
  expect_round_trip<DriveFriction>({"none", "viscous", "full"});
  expect_round_trip<ProfileShape>({"quintic", "lspb"});
  // the hand-named functions read the same table
  const std::array<DriveFriction, 3> frictions = all_drive_frictions();
  EXPECT_EQ(std::vector<DriveFriction>(frictions.begin(), frictions.end()), all<DriveFriction>());
  EXPECT_EQ(drive_friction_from_string("full"), DriveFriction::full);
}

TEST(EnumNames, StrobingIsOneNameAndStrobeItsOldSynonym) {
  EXPECT_EQ(from_string<stewart::TaskSpaceMethod>("strobe"), stewart::TaskSpaceMethod::strobing);
  EXPECT_STREQ(to_string(stewart::TaskSpaceMethod::strobing), "strobing");
  EXPECT_STREQ(to_string(stewart::TaskSpaceMethod::strobe), "strobing");
  // the same word as the serial methods that strobe
  EXPECT_STREQ(to_string(stewart::TaskSpaceMethod::strobing),
               to_string(ForwardDynamicsMethod::strobing));
  EXPECT_STREQ(to_string(stewart::TaskSpaceMethod::strobing), to_string(MassMatrixMethod::strobing));
  EXPECT_EQ(names_text<stewart::TaskSpaceMethod>(), "direct, strobing");
  EXPECT_EQ(names_text<ForwardDynamicsMethod>(true, " or "),
            "'fastest', 'mass_matrix', 'strobing' or 'articulated_body'");
}

TEST(EnumNames, UnknownNameNamesTheArgumentAndTheValidNames) {
  EXPECT_EQ(message_of<std::invalid_argument>([] { from_string<MassMatrixMethod>("crba"); }),
            "unknown mass matrix method 'crba' (valid: fastest, strobing, lagrange_euler)");
  EXPECT_EQ(message_of<std::invalid_argument>(
                [] { from_string<MassMatrixMethod>("crba", "mass_matrix", "method"); }),
            "mass_matrix: unknown method 'crba' (valid: fastest, strobing, lagrange_euler)");
  EXPECT_EQ(message_of<std::invalid_argument>([] { forward_dynamics_method_from_string("crba"); }),
            "forward_dynamics: unknown method 'crba' (valid: fastest, mass_matrix, strobing, "
            "articulated_body)");
  EXPECT_EQ(message_of<std::invalid_argument>(
                [] { from_string<stewart::DynamicsModel>("newton", "--dynamics"); }),
            "--dynamics: unknown Stewart dynamics model 'newton' (valid: dasgupta, improved)");
  EXPECT_FALSE(try_from_string<GravityTorquesMethod>("strobing").has_value());
  // a value outside the table (a cast integer) has no name
  EXPECT_EQ(message_of<std::invalid_argument>(
                [] { to_string(static_cast<InverseDynamicsMethod>(42)); }),
            "to_string: no name for inverse dynamics method 42");
}

TEST(EnumNames, OperationCountRowsAreNamedFromTheEnum) {
  // the formulations by their method's name; the default by its function's name
  EXPECT_EQ(operation_count_name(InverseDynamicsMethod::newton_euler), "newton_euler");
  EXPECT_EQ(operation_count_name(InverseDynamicsMethod::fastest), "inverse_dynamics");
  EXPECT_EQ(inverse_dynamics_count_names(),
            (std::vector<std::string>{"lagrange_euler", "newton_euler", "modified_newton_euler",
                                      "craig", "inverse_dynamics"}));
  std::vector<std::string> registered;
  for (const CountedAlgorithm& a : counted_algorithms()) registered.push_back(a.name);
  for (const std::string& name : inverse_dynamics_count_names())
    EXPECT_NE(std::find(registered.begin(), registered.end(), name), registered.end()) << name;
}

}  // namespace
}  // namespace manipdyn
