// Unit tests of include/manipdyn/stewart/model.hpp: builder validation and the built-ins.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include <Eigen/Eigenvalues>

#include "manipdyn/stewart/model.hpp"
#include "support/error_message.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;

namespace {
using manipdyn::test_support::message_of;
}  // namespace

TEST(StewartModel, PrintedInertiasAreRejectedByDefault) {
  const std::string msg = message_of([] { ms::build_model(ms::dasgupta_test_parameters(true)); });
  EXPECT_NE(msg.find("leg 1 lower-part inertia I_d0 is not positive semi-definite"), std::string::npos) << msg;
}

TEST(StewartModel, PrintedBuiltInKeepsNumbersWithWarnings) {
  const ms::StewartModel m = ms::dasgupta_test_platform(true);
  EXPECT_DOUBLE_EQ(m.legs[0].I_d0(0, 0), 0.010);
  EXPECT_DOUBLE_EQ(m.legs[0].I_d0(1, 2), 0.003);
  EXPECT_DOUBLE_EQ(m.I_p(2, 2), 0.100);
  int lower = 0, upper = 0, platform = 0, axis = 0;
  for (const auto& w : m.warnings) {
    lower += w.find("lower-part inertia I_d0 is not positive semi-definite") != std::string::npos;
    upper += w.find("upper-part inertia I_u0 breaks the triangle inequality") != std::string::npos;
    platform += w.find("platform inertia I_p breaks the triangle inequality") != std::string::npos;
    axis += w.find("leg 1 U-joint axis k has norm 0.858") != std::string::npos;
  }
  EXPECT_EQ(lower, 6);
  EXPECT_EQ(upper, 6);
  EXPECT_EQ(platform, 1);
  EXPECT_EQ(axis, 1);
  // k_1 printed as (-0.8141, 0.2714, 0) is normalised to (-3, 1, 0)/sqrt(10)
  EXPECT_NEAR(m.k(0, 0), -3 / std::sqrt(10.0), 1e-4);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(m.k.col(i).norm(), 1.0, 1e-15);
}

TEST(StewartModel, CorrectedVariantIsPhysical) {
  const ms::StewartModel m = ms::dasgupta_test_platform(false);
  for (const auto& w : m.warnings) EXPECT_EQ(w.find("inertia"), std::string::npos) << w;
  EXPECT_EQ(ms::inertia_problem(m.legs[0].I_d0), "");
  EXPECT_EQ(ms::inertia_problem(m.legs[0].I_u0), "");
  EXPECT_EQ(ms::inertia_problem(m.I_p), "");
  // same principal axes and largest moment as the printed tensor
  const Matrix3d printed = ms::dasgupta_test_parameters(true).legs[0].I_d0;
  Eigen::SelfAdjointEigenSolver<Matrix3d> a(printed), b(m.legs[0].I_d0);
  EXPECT_NEAR(a.eigenvalues()(2), b.eigenvalues()(2), 1e-15);
  EXPECT_NEAR(std::abs(a.eigenvectors().col(2).dot(b.eigenvectors().col(2))), 1.0, 1e-12);
}

TEST(StewartModel, DerivedInertias) {
  const ms::StewartModel m = ms::dasgupta_test_platform(false);
  const auto& leg = m.legs[3];
  const Vector3d r = leg.r_d0;
  const Matrix3d expect = leg.I_d0 + leg.I_u0 + leg.m_d * (r.squaredNorm() * Matrix3d::Identity() - r * r.transpose());
  EXPECT_LT((m.I_leg_pivot0[3] - expect).norm(), 1e-15);
  EXPECT_LT((m.I_leg0[3] - leg.I_d0 - leg.I_u0).norm(), 1e-15);
}

TEST(StewartModel, PedrammehrVariantDiffersInUpperCom) {
  EXPECT_DOUBLE_EQ(ms::pedrammehr_test_platform(true).legs[2].r_u0.z(), -0.08);
  EXPECT_DOUBLE_EQ(ms::dasgupta_test_platform(true).legs[2].r_u0.z(), 0.08);
}

TEST(StewartModel, ErrorsNameLegAndField) {
  auto prm = ms::dasgupta_test_parameters(false);
  prm.k.col(2).setZero();
  EXPECT_NE(message_of([&] { ms::build_model(prm); }).find("leg 3 U-joint axis k is zero"), std::string::npos);
  prm = ms::dasgupta_test_parameters(false);
  prm.legs[4].r_u0.y() = std::nan("");
  EXPECT_NE(message_of([&] { ms::build_model(prm); }).find("leg 5 r_u0[1] is nan"), std::string::npos);
  prm = ms::dasgupta_test_parameters(false);
  prm.M = 0;
  EXPECT_NE(message_of([&] { ms::build_model(prm); }).find("platform mass M must be positive"), std::string::npos);
  prm = ms::dasgupta_test_parameters(false);
  prm.legs[1].m_u = -1;
  EXPECT_NE(message_of([&] { ms::build_model(prm); }).find("leg 2 masses"), std::string::npos);
  prm = ms::dasgupta_test_parameters(false);
  prm.Cp = -1;
  EXPECT_NE(message_of([&] { ms::build_model(prm); }).find("friction"), std::string::npos);
  // a non-finite point or axis is named by its leg and coordinate
  prm = ms::dasgupta_test_parameters(false);
  prm.b(2, 1) = std::nan("");
  EXPECT_EQ(message_of([&] { ms::build_model(prm); }), "build_model: leg 2 base point b: z is nan");
  prm = ms::dasgupta_test_parameters(false);
  prm.p(0, 5) = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] { ms::build_model(prm); }), "build_model: leg 6 platform point p: x is -inf");
  prm = ms::dasgupta_test_parameters(false);
  prm.k(1, 0) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] { ms::build_model(prm); }), "build_model: leg 1 U-joint axis k: y is inf");
  prm = ms::dasgupta_test_parameters(false);
  prm.Cs = std::nan("");
  EXPECT_NE(message_of([&] { ms::build_model(prm); }).find("friction coefficient Cs"), std::string::npos);
}

// Clarification of issue 18: a non-finite leg mass is named by its leg as non-finite (not as a
// mass below zero).
TEST(StewartModel, NonFiniteLegMassNamesLegAndField) {
  auto prm = ms::dasgupta_test_parameters(false);
  prm.legs[1].m_u = std::nan("");
  EXPECT_EQ(message_of([&] { ms::build_model(prm); }), "build_model: leg 2 upper-part mass m_u is nan");
  prm = ms::dasgupta_test_parameters(false);
  prm.legs[5].m_d = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] { ms::build_model(prm); }), "build_model: leg 6 lower-part mass m_d is inf");
  prm = ms::dasgupta_test_parameters(false);
  prm.gravity.z() = std::nan("");
  EXPECT_EQ(message_of([&] { ms::build_model(prm); }), "build_model: gravity[2] is nan");
}

TEST(StewartModel, InertiaProblemCases) {
  EXPECT_EQ(ms::inertia_problem(Vector3d(1, 1, 1).asDiagonal()), "");
  EXPECT_NE(ms::inertia_problem(Vector3d(1, 1, 3).asDiagonal()).find("triangle"), std::string::npos);
  EXPECT_NE(ms::inertia_problem(Vector3d(-1, 1, 1).asDiagonal()).find("positive"), std::string::npos);
  Matrix3d a = Matrix3d::Identity();
  a(0, 1) = 0.1;
  EXPECT_NE(ms::inertia_problem(a).find("symmetric"), std::string::npos);
}

TEST(StewartModel, LimitsDefaultToNoneAndAreKept) {
  const ms::StewartModel m = ms::dasgupta_test_platform(false);
  const double inf = std::numeric_limits<double>::infinity();
  for (const auto& lim : m.limits) {
    EXPECT_EQ(lim.length_min, 0.0);
    EXPECT_EQ(lim.length_max, inf);
    EXPECT_EQ(lim.u_joint_angle_max, inf);
    EXPECT_EQ(lim.s_joint_angle_max, inf);
    EXPECT_EQ(lim.force_max, inf);
    EXPECT_EQ(lim.u_joint_normal, Vector3d::UnitZ());
    EXPECT_EQ(lim.s_joint_normal, -Vector3d::UnitZ());
  }
  EXPECT_FALSE(m.allow_invalid_inertia);
  EXPECT_TRUE(ms::dasgupta_test_platform(true).allow_invalid_inertia);
  auto prm = ms::dasgupta_test_parameters(false);
  prm.limits[3] = {.length_min = 0.5, .length_max = 1.2, .u_joint_angle_max = 0.6, .s_joint_angle_max = 0.7,
                   .force_max = 900, .u_joint_normal = Vector3d(0, 0, 2), .s_joint_normal = Vector3d(0, 3, -4)};
  const ms::StewartModel limited = ms::build_model(prm);
  EXPECT_EQ(limited.limits[3].length_max, 1.2);
  EXPECT_EQ(limited.limits[3].force_max, 900.0);
  EXPECT_EQ(limited.limits[3].u_joint_normal, Vector3d::UnitZ());      // normalised
  EXPECT_EQ(limited.limits[3].s_joint_normal, Vector3d(0, 0.6, -0.8));
  EXPECT_EQ(limited.limits[2].force_max, std::numeric_limits<double>::infinity());  // legs differ
}

TEST(StewartModel, LimitErrorsNameLegAndField) {
  const auto error_with = [](auto change) {
    auto prm = ms::dasgupta_test_parameters(false);
    change(prm.limits[4]);
    return message_of([&] { ms::build_model(prm); });
  };
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.length_min = 1.0; l.length_max = 0.5; })
                .find("leg 5 length_min = 1 is above length_max = 0.5"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.length_min = -0.1; })
                .find("leg 5 length_min = -0.1 must be finite and >= 0"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.length_max = 0; })
                .find("leg 5 length_max = 0 must be > 0"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.u_joint_angle_max = 0; })
                .find("leg 5 u_joint_angle_max = 0 must lie in (0, pi]"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.s_joint_angle_max = 3.2; })
                .find("leg 5 s_joint_angle_max = 3.2 must lie in (0, pi]"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.force_max = -1; })
                .find("leg 5 force_max = -1 must be > 0"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.u_joint_normal.setZero(); })
                .find("leg 5 u_joint_normal is zero"), std::string::npos);
  EXPECT_NE(error_with([](ms::LegLimits& l) { l.s_joint_normal.x() = std::nan(""); })
                .find("leg 5 s_joint_normal[0] is nan"), std::string::npos);
}

TEST(StewartModel, RebuildingABuiltModelKeepsItsUnitAxesBitForBit) {
  const ms::StewartModel m = ms::dasgupta_test_platform(true);
  ms::StewartParameters prm = ms::dasgupta_test_parameters(true);
  prm.k = m.k;  // already unit: kept as is, not divided by a norm of 1 +- a few ulps
  const ms::StewartModel again = ms::build_model(prm, true);
  for (int i = 0; i < ms::kLegs; ++i)
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(std::bit_cast<std::uint64_t>(again.k(r, i)), std::bit_cast<std::uint64_t>(m.k(r, i)));
}
