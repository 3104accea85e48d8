// Unit tests of the serial-arm model (model.hpp, builtin_models.hpp): input validation and its
// messages, the published-inertia warnings of the built-in arms, the random-arm generator, and
// the equivalence of the standard and modified DH chains that every formulation relies on.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {
namespace {

// The two chains describe the same arm: poses agree to rounding of a few 4x4 products.
constexpr double kConventionTolerance = 1e-12;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A valid three-link arm: revolute, prismatic, revolute.
std::vector<LinkParameters> valid_links() {
  std::vector<LinkParameters> links(3);
  for (int i = 0; i < 3; ++i) {
    LinkParameters& l = links[i];
    l.a = 0.1 * (i + 1);
    l.alpha = 0.3 * i - 0.2;
    l.d = 0.05 * i;
    l.theta = 0.1;
    l.mass = 1.0 + i;
    l.com = Vector3d(0.01, -0.02, 0.03 * i);
    l.inertia = Vector3d(0.02, 0.03, 0.04).asDiagonal();
    l.inertia(0, 1) = l.inertia(1, 0) = 0.001;
  }
  links[1].type = JointType::prismatic;
  links[1].name = "slide";
  return links;
}

// The message of the std::invalid_argument thrown by f, or "no exception".
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no exception";
}

std::string build_error(const std::vector<LinkParameters>& links,
                        DhConvention convention = DhConvention::standard) {
  SerialModelOptions options;
  options.name = "testarm";
  return error_of([&] { SerialModel::from_table(links, convention, options); });
}

// Whether `text` contains `part` (with both in the failure message).
::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

TEST(SerialModel, ValidTableBuildsWithoutWarnings) {
  const SerialModel model = SerialModel::from_dh(valid_links());
  EXPECT_EQ(model.dof(), 3);
  EXPECT_TRUE(model.warnings.empty());
  EXPECT_FALSE(model.has_drive);
  EXPECT_EQ(model.standard.n, 3);
  EXPECT_EQ(model.modified.n, 3);
}

TEST(SerialModel, RejectsNonFiniteNumbersNamingLinkAndField) {
  struct Case {
    std::string field;
    void (*set)(LinkParameters&, double);
  };
  const Case cases[] = {
      {"a", [](LinkParameters& l, double x) { l.a = x; }},
      {"alpha", [](LinkParameters& l, double x) { l.alpha = x; }},
      {"d", [](LinkParameters& l, double x) { l.d = x; }},
      {"theta", [](LinkParameters& l, double x) { l.theta = x; }},
      {"mass", [](LinkParameters& l, double x) { l.mass = x; }},
      {"com", [](LinkParameters& l, double x) { l.com[2] = x; }},
      {"inertia", [](LinkParameters& l, double x) { l.inertia(1, 2) = x; }},
      {"motor_inertia", [](LinkParameters& l, double x) { l.motor_inertia = x; }},
      {"gear_ratio", [](LinkParameters& l, double x) { l.gear_ratio = x; }},
      {"viscous", [](LinkParameters& l, double x) { l.viscous = x; }},
      {"coulomb", [](LinkParameters& l, double x) { l.coulomb_positive = x; }},
      {"coulomb", [](LinkParameters& l, double x) { l.coulomb_negative = x; }},
  };
  for (const Case& c : cases)
    for (double bad : {kNan, kInf, -kInf}) {
      for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
        auto links = valid_links();
        c.set(links[1], bad);
        const std::string msg = build_error(links, convention);
        const std::string builder =
            convention == DhConvention::standard ? "from_dh(testarm)" : "from_modified_dh(testarm)";
        EXPECT_TRUE(Contains(msg, builder + ": link 2 'slide', field '" + c.field + "'"))
            << msg;
        EXPECT_TRUE(Contains(msg, std::isnan(bad) ? "is nan" : "is inf")) << msg;
      }
    }
}

TEST(SerialModel, RejectsNegativeMass) {
  auto links = valid_links();
  links[2].mass = -1.5;
  const std::string msg = build_error(links);
  EXPECT_TRUE(Contains(msg, "link 3, field 'mass'"));
  EXPECT_TRUE(Contains(msg, "negative"));
}

TEST(SerialModel, RejectsNonSymmetricInertiaEvenWhenInvalidInertiaIsAllowed) {
  auto links = valid_links();
  links[0].inertia(0, 2) = 0.01;
  EXPECT_TRUE(Contains(build_error(links), "link 1, field 'inertia': is not symmetric"));
  SerialModelOptions options;
  options.allow_invalid_inertia = true;
  EXPECT_TRUE(Contains(error_of([&] { SerialModel::from_dh(links, options); }),
              "is not symmetric"));
}

TEST(SerialModel, RejectsIndefiniteInertiaUnlessAllowed) {
  auto links = valid_links();
  links[1].inertia = Vector3d(-0.01, 0.03, 0.04).asDiagonal();
  const std::string msg = build_error(links);
  EXPECT_TRUE(Contains(msg, "link 2 'slide', field 'inertia': is not positive semi-definite"));
  EXPECT_TRUE(Contains(msg, "allow_invalid_inertia"));
  SerialModelOptions options;
  options.allow_invalid_inertia = true;
  const SerialModel model = SerialModel::from_dh(links, options);
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_TRUE(Contains(model.warnings[0], "link 2 'slide'"));
  EXPECT_TRUE(Contains(model.warnings[0], "not positive semi-definite"));
}

TEST(SerialModel, TriangleInequalityRejectedByDefaultAcceptedWithWarning) {
  auto links = valid_links();
  links[2].inertia = Vector3d(0.01, 0.02, 0.05).asDiagonal();  // 0.01 + 0.02 < 0.05
  const std::string msg = build_error(links);
  EXPECT_TRUE(Contains(msg, "link 3, field 'inertia': breaks the triangle inequality"));
  SerialModelOptions options;
  options.allow_invalid_inertia = true;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = SerialModel::from_table(links, convention, options);
    ASSERT_EQ(model.warnings.size(), 1u);
    EXPECT_TRUE(Contains(model.warnings[0], "link 3"));
    EXPECT_TRUE(Contains(model.warnings[0], "triangle inequality"));
    EXPECT_TRUE(Contains(model.warnings[0], "accepted"));
  }
  // On the boundary (a thin rod: 0 + I = I) the inertia is valid.
  links[2].inertia = Vector3d(0.0, 0.05, 0.05).asDiagonal();
  EXPECT_EQ(build_error(links), "no exception");
}

TEST(SerialModel, RejectsBadDriveParameters) {
  auto with = [](auto set) {
    auto links = valid_links();
    set(links[0]);
    return build_error(links);
  };
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.gear_ratio = 0.0; }),
              "link 1, field 'gear_ratio': is zero"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.motor_inertia = -1e-4; }),
              "field 'motor_inertia': is negative"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.viscous = -1e-3; }),
              "field 'viscous': is negative"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.coulomb_positive = -0.1; }),
              "field 'coulomb': Tc+"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.coulomb_negative = 0.1; }),
              "field 'coulomb': Tc-"));
  // A negative gear ratio (reversed motor) is valid.
  EXPECT_EQ(with([](LinkParameters& l) { l.gear_ratio = -50.0; }), "no exception");
}

TEST(SerialModel, RejectsBadJointLimits) {
  auto with = [](auto set) {
    auto links = valid_links();
    set(links[1]);
    return build_error(links);
  };
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.q_min = 1.0, l.q_max = -1.0; }),
              "link 2 'slide', field 'q_min': lower limit 1 is above the upper limit q_max = -1"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.q_max = kNan; }), "field 'q_max': is nan"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.q_min = kInf; }),
              "field 'q_min': is +inf"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.q_max = -kInf; }),
              "field 'q_max': is -inf"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.qd_max = 0.0; }),
              "field 'qd_max': must be > 0"));
  EXPECT_TRUE(Contains(with([](LinkParameters& l) { l.tau_max = -5.0; }),
              "field 'tau_max': must be > 0"));
  // Equal limits (a locked joint) and one-sided limits are valid.
  EXPECT_EQ(with([](LinkParameters& l) { l.q_min = 0.2, l.q_max = 0.2; }), "no exception");
  EXPECT_EQ(with([](LinkParameters& l) { l.q_min = -0.5; }), "no exception");
}

TEST(SerialModel, BaseAndToolMustBeRigidAndMoveTheArm) {
  SerialModelOptions options;
  options.base.linear() = 1.1 * Matrix3d::Identity();
  EXPECT_TRUE(Contains(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
              "from_dh: base is not a rigid transform"));
  options.base = Eigen::Isometry3d::Identity();
  options.tool.translation() = Vector3d(0, kNan, 0);
  EXPECT_TRUE(Contains(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
              "from_dh: tool(1,3) is not finite"));
  options.tool = Eigen::Isometry3d::Identity();
  options.tool.linear() = Vector3d(1, 1, -1).asDiagonal();  // a reflection
  EXPECT_TRUE(Contains(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
              "tool is not a rigid transform"));

  // A mounted arm: every frame is base * (the unmounted frame), the tool frame follows.
  Eigen::Isometry3d base = Eigen::Isometry3d::Identity();
  base.linear() = Eigen::AngleAxisd(0.7, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  base.translation() = Vector3d(0.3, -0.2, 1.0);
  Eigen::Isometry3d tool = Eigen::Isometry3d::Identity();
  tool.linear() = Eigen::AngleAxisd(-0.4, Vector3d::UnitY()).toRotationMatrix();
  tool.translation() = Vector3d(0, 0, 0.15);
  options = SerialModelOptions{};
  options.base = base;
  options.tool = tool;
  for (auto convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel plain = SerialModel::from_table(valid_links(), convention);
    const SerialModel mounted = SerialModel::from_table(valid_links(), convention, options);
    EXPECT_TRUE(mounted.base.isApprox(base, 0.0));
    for (const DhChain* chain : {&mounted.standard, &mounted.modified}) {
      const DhChain& other = chain == &mounted.standard ? plain.standard : plain.modified;
      EXPECT_LT((chain->base.matrix() - (base * other.base).matrix()).cwiseAbs().maxCoeff(),
                kConventionTolerance);
      EXPECT_LT((chain->tool.matrix() - (other.tool * tool).matrix()).cwiseAbs().maxCoeff(),
                kConventionTolerance);
    }
  }
}

TEST(SerialModel, NamedConfigurationsAreCheckedAndFound) {
  SerialModelOptions options;
  options.configurations = {{"home", VectorXd::Zero(3), ""}, {"up", VectorXd::Ones(3), "up"}};
  const SerialModel model = SerialModel::from_dh(valid_links(), options);
  EXPECT_EQ(model.configuration("up").q, VectorXd::Ones(3));
  EXPECT_EQ(error_of([&] { model.configuration("down"); }),
            "model '' has no configuration 'down' (known: home, up)");
  options.configurations.push_back({"home", VectorXd::Ones(3), ""});
  EXPECT_EQ(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
            "from_dh: configuration 'home' is defined twice");
  options.configurations = {{"short", VectorXd::Zero(2), ""}};
  EXPECT_EQ(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
            "from_dh: configuration 'short': q has size 2, expected 3");
  options.configurations = {{"", VectorXd::Zero(3), ""}};
  EXPECT_EQ(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
            "from_dh: configurations[0] has no name");
  // The model's options rebuild it.
  options.configurations = {{"home", VectorXd::Zero(3), "h"}};
  const SerialModel again = SerialModel::from_dh(valid_links(), options);
  const SerialModel rebuilt = SerialModel::from_dh(again.links, again.options());
  EXPECT_EQ(rebuilt.configurations.size(), 1u);
  EXPECT_EQ(rebuilt.configurations[0].description, "h");
}

TEST(SerialModel, RejectsEmptyTableAndNonFiniteGravity) {
  EXPECT_EQ(error_of([] { SerialModel::from_dh({}); }), "from_dh: the model has no links");
  SerialModelOptions options;
  options.gravity = Vector3d(0, kNan, -9.81);
  EXPECT_TRUE(Contains(error_of([&] { SerialModel::from_dh(valid_links(), options); }),
              "gravity[1] is not finite"));
  const SerialModel model = SerialModel::from_dh(valid_links());
  EXPECT_TRUE(Contains(error_of([&] { model.with_gravity(Vector3d(kInf, 0, 0)); }),
              "with_gravity: gravity[0] is not finite"));
}

TEST(SerialModel, DriveTermsAndTheirRemoval) {
  auto links = valid_links();
  links[1].motor_inertia = 2e-4;
  links[1].gear_ratio = -50.0;
  links[1].viscous = 1e-3;
  const SerialModel model = SerialModel::from_dh(links);
  EXPECT_TRUE(model.has_drive);
  EXPECT_DOUBLE_EQ(model.reflected_inertia[1], 2e-4 * 2500.0);
  EXPECT_EQ(model.reflected_inertia[0], 0.0);
  const SerialModel rigid = model.without_drive();
  EXPECT_FALSE(rigid.has_drive);
  EXPECT_EQ(rigid.reflected_inertia[1], 0.0);
  EXPECT_EQ(rigid.links[1].viscous, 0.0);
  EXPECT_EQ(model.with_gravity(Vector3d(1, 2, 3)).gravity, Vector3d(1, 2, 3));
}

TEST(BuiltinModels, Puma560AndStanfordCarryCorkesNamedPoses) {
  const SerialModel puma = puma560();
  ASSERT_EQ(puma.configurations.size(), 4u);
  EXPECT_EQ(puma.configuration("qn").q[2], std::numbers::pi);
  EXPECT_EQ(puma.configuration("qr").q[1], std::numbers::pi / 2);
  EXPECT_EQ(stanford_arm().configuration("qz").q, VectorXd::Zero(6));
}

TEST(BuiltinModels, Puma560CarriesWarningsForLinks1And3) {
  for (bool drive : {true, false}) {
    const SerialModel puma = puma560(drive);
    EXPECT_EQ(puma.dof(), 6);
    EXPECT_EQ(puma.has_drive, drive);
    ASSERT_EQ(puma.warnings.size(), 2u);
    EXPECT_TRUE(Contains(puma.warnings[0], "link 1 'waist'"));
    EXPECT_TRUE(Contains(puma.warnings[0], "triangle inequality"));
    EXPECT_TRUE(Contains(puma.warnings[1], "link 3 'elbow'"));
    EXPECT_TRUE(Contains(puma.warnings[1], "triangle inequality"));
  }
  // Without the opt-in the published table is rejected.
  EXPECT_TRUE(Contains(error_of([] { SerialModel::from_dh(puma560(false).links); }),
              "link 1 'waist', field 'inertia'"));
}

TEST(BuiltinModels, StanfordArmWarnsForLink5UnlessCorrected) {
  const SerialModel published = stanford_arm(true, false);
  ASSERT_EQ(published.warnings.size(), 1u);
  EXPECT_TRUE(Contains(published.warnings[0], "link 5 'wrist pitch'"));
  EXPECT_EQ(published.standard.type[2], JointType::prismatic);
  const SerialModel corrected = stanford_arm(true, true);
  EXPECT_TRUE(corrected.warnings.empty());
  EXPECT_DOUBLE_EQ(corrected.links[4].inertia(2, 2), 0.0026);
  EXPECT_TRUE(stanford_arm(false, true).warnings.empty());
}

TEST(BuiltinModels, RandomArmIsReproducibleAndValid) {
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n = 1; n <= 10; ++n) {
      const RandomArmOptions options{.prismatic_fraction = 0.5, .with_drive = true};
      const SerialModel a = random_arm(n, 1234 + n, convention, options);
      const SerialModel b = random_arm(n, 1234 + n, convention, options);
      const SerialModel c = random_arm(n, 4321 + n, convention, options);
      ASSERT_EQ(a.dof(), n);
      EXPECT_TRUE(a.warnings.empty());
      EXPECT_EQ(a.convention, convention);
      bool differs = false;
      for (int i = 0; i < n; ++i) {
        const LinkParameters &x = a.links[i], &y = b.links[i], &z = c.links[i];
        EXPECT_EQ(x.type, y.type);
        EXPECT_EQ(x.a, y.a);
        EXPECT_EQ(x.alpha, y.alpha);
        EXPECT_EQ(x.d, y.d);
        EXPECT_EQ(x.theta, y.theta);
        EXPECT_EQ(x.mass, y.mass);
        EXPECT_EQ(x.com, y.com);
        EXPECT_EQ(x.inertia, y.inertia);
        EXPECT_EQ(x.motor_inertia, y.motor_inertia);
        EXPECT_EQ(x.gear_ratio, y.gear_ratio);
        EXPECT_EQ(x.viscous, y.viscous);
        EXPECT_EQ(x.coulomb_positive, y.coulomb_positive);
        EXPECT_EQ(x.coulomb_negative, y.coulomb_negative);
        differs = differs || x.a != z.a || x.mass != z.mass;
        // Physically valid: positive mass, symmetric inertia with valid principal moments.
        EXPECT_GT(x.mass, 0.0);
        EXPECT_EQ(x.inertia, x.inertia.transpose());
        const Eigen::SelfAdjointEigenSolver<Matrix3d> eig(x.inertia);
        const Vector3d l = eig.eigenvalues();
        EXPECT_GE(l[0], 0.0);
        EXPECT_GE(l[0] + l[1], l[2]);
      }
      EXPECT_TRUE(differs) << "another seed gives another arm";
      // Validation by the builder accepts the generated table as given.
      EXPECT_EQ(build_error(a.links, convention), "no exception");
    }
  EXPECT_EQ(error_of([] { random_arm(0, 1, DhConvention::standard); }),
            "random_arm: n = 0, expected at least 1 link");
  // a size that would exhaust memory is refused before anything is allocated
  EXPECT_EQ(error_of([] { random_arm(1000000000, 1, DhConvention::standard); }),
            "random_arm: n = 1000000000 links, more than the limit 100000 (kMaxLinks)");
  const std::vector<LinkParameters> huge(kMaxLinks + 1, puma560().links[0]);
  EXPECT_EQ(build_error(huge, DhConvention::standard),
            "from_dh: 100001 links, more than the limit 100000 (kMaxLinks)");
}

// world <- frame `frame` of one chain: base * prod_{i < frame} {i-1}T{i}(q_i).
Matrix4d chain_frame(const DhChain& chain, const VectorXd& q, int frame) {
  Matrix4d T = chain.base.matrix();
  for (int i = 0; i < frame; ++i) T = T * dh_link_transform<double>(chain, i, q[i]);
  return T;
}

// world <- end-effector: base * prod {i-1}T{i}(q_i) * tool.
Matrix4d chain_pose(const DhChain& chain, const VectorXd& q) {
  return chain_frame(chain, q, chain.n) * chain.tool.matrix();
}

TEST(SerialModel, StandardAndModifiedChainsDescribeTheSameArm) {
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> u(-std::numbers::pi, std::numbers::pi);
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n = 1; n <= 8; ++n) {
      const SerialModel model = random_arm(n, 500 + n, convention, {.prismatic_fraction = 0.4});
      for (int trial = 0; trial < 5; ++trial) {
        VectorXd q(n);
        for (int i = 0; i < n; ++i) q[i] = u(rng);
        const Matrix4d Ts = chain_pose(model.standard, q);
        const Matrix4d Tm = chain_pose(model.modified, q);
        EXPECT_LT((Ts - Tm).cwiseAbs().maxCoeff(), kConventionTolerance)
            << to_string(convention) << " n " << n;
        // The COM and the inertia of every link, seen from the world, agree too: standard
        // frame i = modified frame i * Tx(a_i) Rx(alpha_i), which holds link i in both.
        for (int i = 0; i < n; ++i) {
          const Matrix4d Fs = chain_frame(model.standard, q, i + 1);
          const Matrix4d Fm = chain_frame(model.modified, q, i + 1);
          const Vector3d cs = (Fs * model.standard.com[i].homogeneous()).head<3>();
          const Vector3d cm = (Fm * model.modified.com[i].homogeneous()).head<3>();
          EXPECT_LT((cs - cm).cwiseAbs().maxCoeff(), kConventionTolerance);
          const Matrix3d Rs = Fs.topLeftCorner<3, 3>(), Rm = Fm.topLeftCorner<3, 3>();
          const Matrix3d Is = Rs * model.standard.inertia_com[i] * Rs.transpose();
          const Matrix3d Im = Rm * model.modified.inertia_com[i] * Rm.transpose();
          EXPECT_LT((Is - Im).cwiseAbs().maxCoeff(), kConventionTolerance);
          EXPECT_EQ(model.standard.mass[i], model.modified.mass[i]);
        }
      }
    }
}

TEST(SerialModel, DhTransformMatchesElementaryRotationsAndTranslations) {
  // dh_link_transform (closed form) against dh_transform (product of elementary transforms).
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = random_arm(6, 77, convention, {.prismatic_fraction = 0.5});
    const DhChain& c = model.own_chain();
    for (int i = 0; i < 6; ++i) {
      const double qi = 0.3 * i - 0.7;
      double theta = 0, d = 0;
      dh_joint_values(c, i, qi, theta, d);
      EXPECT_EQ(theta, c.theta[i] + (c.type[i] == JointType::revolute ? qi : 0.0));
      const Matrix4d expected = dh_transform(convention, c.a[i], c.alpha[i], d, theta).matrix();
      EXPECT_LT((dh_link_transform<double>(c, i, qi) - expected).cwiseAbs().maxCoeff(), 1e-15);
    }
  }
}

}  // namespace
}  // namespace manipdyn
