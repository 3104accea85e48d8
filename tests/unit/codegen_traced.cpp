// codegen/traced.hpp and codegen/generate.hpp: the tracing scalar folds constants and the
// identities it may (x * 1, x + 0, x * 0), shares equal subexpressions, refuses a branch on a
// traced value with a clear error, and the generator checks its options and counts what it
// emits (the PUMA 560's generated inverse dynamics has fewer operations than the library's
// counted call, which runs the same algorithm with the zero terms tested at run time); the
// forward dynamics' derivatives are refused where the library's numbers cannot be traced (above
// 24 joints) or do not exist (a mass matrix singular at every state).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/codegen/generate.hpp"
#include "manipdyn/codegen/traced.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"
#include "support/error_message.hpp"

namespace manipdyn::codegen {
namespace {

using test_support::message_of;

TEST(CodegenTraced, ConstantsFoldAndIdentitiesVanish) {
  Tape tape;
  TapeScope scope(tape);
  const Traced x = Traced::node(tape.input(0, 0));
  const Traced minus_x = -x;  // one node
  const std::size_t before = tape.nodes().size();
  EXPECT_EQ((Traced(2.0) * 3.0 + 1.0).constant_value(), 7.0);
  EXPECT_EQ((x * 1.0).id(), x.id());
  EXPECT_EQ((x + 0.0).id(), x.id());
  EXPECT_EQ((0.0 + x).id(), x.id());
  EXPECT_EQ((x - 0.0).id(), x.id());
  EXPECT_TRUE((x * 0.0).is_constant());
  EXPECT_EQ((x * 0.0).constant_value(), 0.0);
  EXPECT_EQ((-minus_x).id(), x.id());
  EXPECT_EQ((x * -1.0).id(), minus_x.id());
  EXPECT_EQ(tape.nodes().size(), before);  // nothing recorded by the folds above
  EXPECT_TRUE(math::is_zero(x * 0.0));
  EXPECT_FALSE(math::is_zero(x));
}

TEST(CodegenTraced, EqualSubexpressionsAreOneNode) {
  Tape tape;
  TapeScope scope(tape);
  const Traced a = Traced::node(tape.input(0, 0)), b = Traced::node(tape.input(0, 1));
  EXPECT_EQ((a * b).id(), (b * a).id());  // commutative: one order
  EXPECT_EQ((a + b).id(), (b + a).id());
  EXPECT_NE((a - b).id(), (b - a).id());
  const std::size_t count = tape.nodes().size();
  const Traced again = a * b + (a - b);
  const Traced twice = b * a + (a - b);
  EXPECT_EQ(again.id(), twice.id());
  EXPECT_EQ(tape.nodes().size(), count + 1);  // only the sum is new
}

TEST(CodegenTraced, BranchOnATracedValueIsAnError) {
  Tape tape;
  TapeScope scope(tape);
  const Traced x = Traced::node(tape.input(0, 0));
  const std::string m = message_of<std::logic_error>([&] { (void)(x < Traced(1.0)); });
  EXPECT_NE(m.find("branches on a value"), std::string::npos) << m;
  EXPECT_THROW((void)static_cast<double>(x), std::logic_error);
  EXPECT_TRUE(x == x);  // the same node
}

TEST(CodegenTraced, OperationsNeedAnActiveTape) {
  Traced x;
  {
    Tape tape;
    TapeScope scope(tape);
    x = Traced::node(tape.input(0, 0));
  }
  const std::string m = message_of<std::logic_error>([&] { (void)(x * x); });
  EXPECT_NE(m.find("without an active tape"), std::string::npos) << m;
}

TEST(CodegenGenerate, NamespaceIsChecked) {
  CodegenOptions options;
  options.name_space = "my robot";
  const std::string m =
      message_of<std::invalid_argument>([&] { generate_dynamics_code(puma560(false), options); });
  EXPECT_NE(m.find("namespace 'my robot' is not a C++ identifier"), std::string::npos) << m;
  options.name_space = "lab::arm_1";
  EXPECT_NO_THROW(generate_dynamics_code(puma560(false), options));
}

TEST(CodegenGenerate, TooManyJointsIsAnError) {
  RandomArmOptions options;
  const SerialModel big = random_arm(kMaxCodegenJoints + 1, 3, DhConvention::standard, options);
  const std::string m = message_of<std::invalid_argument>([&] { generate_dynamics_code(big); });
  EXPECT_NE(m.find("the model has 129 joints, above the 128 code generation takes"),
            std::string::npos)
      << m;
}

TEST(CodegenGenerate, TreesAndFreeFlyersGenerateTheirSizesAndDerivatives) {
  // a tree on a fixed root and on a free-flyer: ID, M and G, with kNq and kNv, and the
  // derivatives on request (the numbers: crosscheck/codegen_generated.cpp)
  RandomTreeOptions tree_options;
  tree_options.with_drive = true;
  const SerialModel tree = random_tree(8, 5, tree_options);
  ASSERT_FALSE(tree.is_chain());
  const GeneratedCode fixed = generate_dynamics_code(tree);
  EXPECT_NE(fixed.source.find("inline constexpr int kNq = 8, kNv = 8;"), std::string::npos);
  ASSERT_EQ(fixed.functions.size(), 3u);
  SerialModelOptions floating = tree.options();
  floating.root = RootJoint::free_flyer;
  floating.base_inertia = {5.0, Vector3d(0.0, 0.1, 0.0), Matrix3d::Identity() * 0.3};
  const SerialModel flyer = SerialModel::from_table(tree.links, tree.convention, floating);
  const GeneratedCode free_code = generate_dynamics_code(flyer);
  EXPECT_NE(free_code.source.find("inline constexpr int kNq = 15, kNv = 14;"), std::string::npos);
  EXPECT_GT(free_code.functions[0].sqrt, 0);  // the quaternion's norm
  CodegenOptions derivatives;
  derivatives.inverse_dynamics = derivatives.mass_matrix = derivatives.gravity_torques = false;
  derivatives.inverse_dynamics_derivatives = true;
  derivatives.forward_dynamics_derivatives = true;
  for (const SerialModel* model : {&tree, &flyer}) {
    const GeneratedCode code = generate_dynamics_code(*model, derivatives);
    ASSERT_EQ(code.functions.size(), 2u);
    EXPECT_EQ(code.functions[0].name, "inverse_dynamics_derivatives");
    EXPECT_EQ(code.functions[1].name, "forward_dynamics_derivatives");
    EXPECT_GT(code.functions[1].sqrt, 0);  // the hand Cholesky's pivots
    // qdd has nv entries
    EXPECT_NE(code.source.find("  for (int k = 0; k < kNv; ++k)\n    if (!std::isfinite(qdd[k]))"),
              std::string::npos);
  }
  // the forward derivatives of a free-flyer count its nv = 6 + n velocities against the bound
  const SerialModel big_tree = random_tree(20, 7);
  SerialModelOptions big_options = big_tree.options();
  big_options.root = RootJoint::free_flyer;
  big_options.base_inertia = floating.base_inertia;
  const SerialModel big =
      SerialModel::from_table(big_tree.links, big_tree.convention, big_options);
  const std::string m =
      message_of<std::invalid_argument>([&] { generate_dynamics_code(big, derivatives); });
  EXPECT_NE(m.find("forward_dynamics_derivatives of a model of 26 velocities (20 joints and the "
                   "free-flyer's 6): at most 24"),
            std::string::npos)
      << m;
}

TEST(CodegenGenerate, CountsAreBelowTheLibrarysCountedCall) {
  const SerialModel model = puma560(false);
  const GeneratedCode code = generate_dynamics_code(model);
  ASSERT_EQ(code.functions.size(), 3u);
  EXPECT_EQ(code.functions[0].name, "inverse_dynamics");
  const std::vector<OperationCountRow> rows = operation_counts_for_model(model, {"inverse_dynamics"});
  ASSERT_FALSE(rows.empty());
  const OpCounter& lib = rows.front().counted;
  const GeneratedFunction& id = code.functions[0];
  EXPECT_GT(id.mul, 100);
  EXPECT_LE(id.mul, static_cast<int>(lib.mul));
  EXPECT_LE(id.add, static_cast<int>(lib.add));
  // the torque of joint 1 does not depend on its own angle (rotation about its axis)
  EXPECT_EQ(id.sincos, 5);
  EXPECT_NE(code.source.find("inline void inverse_dynamics("), std::string::npos);
  EXPECT_NE(code.source.find("inline void mass_matrix("), std::string::npos);
  EXPECT_NE(code.source.find("inline void gravity_torques("), std::string::npos);
  EXPECT_NE(code.source.find("manipdyn::math::sincos_n("), std::string::npos);
  CodegenOptions only_g;
  only_g.inverse_dynamics = only_g.mass_matrix = false;
  const GeneratedCode g = generate_dynamics_code(model, only_g);
  ASSERT_EQ(g.functions.size(), 1u);
  EXPECT_EQ(g.source.find("inline void mass_matrix("), std::string::npos);
}

TEST(CodegenGenerate, ForwardDerivativesAreBoolAndCountTheirSquareRoots) {
  CodegenOptions options;
  options.inverse_dynamics = options.mass_matrix = options.gravity_torques = false;
  options.forward_dynamics_derivatives = true;
  const GeneratedCode code = generate_dynamics_code(puma560(false), options);
  ASSERT_EQ(code.functions.size(), 1u);
  const GeneratedFunction& fd = code.functions[0];
  EXPECT_EQ(fd.name, "forward_dynamics_derivatives");
  // one square root and one division (1 / L_jj) per pivot of the Cholesky factorisation
  EXPECT_EQ(fd.sqrt, 6);
  EXPECT_EQ(fd.div, 6);
  EXPECT_NE(code.source.find("inline bool forward_dynamics_derivatives(const double* q,"),
            std::string::npos);
  EXPECT_NE(code.source.find("if (!std::isfinite(qdd[k])) return false;"), std::string::npos);
  EXPECT_NE(code.source.find("  dqdd_dtau[35] = "), std::string::npos);
  // off by default
  EXPECT_EQ(generate_dynamics_code(puma560(false)).source.find("forward_dynamics_derivatives"),
            std::string::npos);
}

TEST(CodegenGenerate, ForwardDerivativesAboveTheirJointLimitAreAnError) {
  const SerialModel arm = random_arm(kMaxCodegenForwardDerivativeJoints + 1, 3,
                                     DhConvention::standard);
  CodegenOptions options;
  options.mass_matrix = false;
  EXPECT_NO_THROW(generate_dynamics_code(arm, options));
  options.forward_dynamics_derivatives = true;
  const std::string m =
      message_of<std::invalid_argument>([&] { generate_dynamics_code(arm, options); });
  EXPECT_NE(m.find("forward_dynamics_derivatives of a model of 25 joints: at most 24"),
            std::string::npos)
      << m;
}

TEST(CodegenGenerate, ForwardDerivativesOfAnArmSingularAtEveryStateAreAnError) {
  // a massless last link without motor: M's last row and column are zero at every q
  std::vector<LinkParameters> links = puma560(false).links;
  links.back().mass = 0.0;
  links.back().com.setZero();
  links.back().inertia.setZero();
  SerialModelOptions lumped;
  lumped.allow_invalid_inertia = true;  // the PUMA 560's published lumped inertias
  const SerialModel arm = SerialModel::from_dh(links, lumped);
  CodegenOptions options;
  options.forward_dynamics_derivatives = true;
  const std::string m =
      message_of<std::invalid_argument>([&] { generate_dynamics_code(arm, options); });
  EXPECT_NE(m.find("singular at every q (pivot 6 of its Cholesky factor"), std::string::npos) << m;
}

}  // namespace
}  // namespace manipdyn::codegen
