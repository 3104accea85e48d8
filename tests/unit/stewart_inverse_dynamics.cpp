// Unit tests of include/manipdyn/stewart/inverse_dynamics_{dasgupta,improved}.hpp: constraint
// forces against the Newton-Euler equations of each body, F0 against platform statics,
// conditioning, and the error paths.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "support/error_message.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {
constexpr double kTol = 1e-10;  // relative residual of an equation of motion

ms::PlatformMotion some_motion() {
  return ms::motion_from_rpy<double>(Vector3d(0.15, 0.02, 0.5), Vector3d(0.1, -0.05, 0.3),
                                     Vector3d(0.3, -0.2, 0.4), Vector3d(0.5, -0.4, 0.8),
                                     Vector3d(-1.0, 2.0, 1.5), Vector3d(2.0, 1.0, -3.0));
}

using manipdyn::test_support::message_of;
}  // namespace

class ConstraintForces : public ::testing::TestWithParam<ms::DynamicsModel> {};

TEST_P(ConstraintForces, SatisfyEachBodysEquations) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData d(model);
  ms::ExternalWrench w;
  w.f = Vector3d(5, -3, 20);
  w.m = Vector3d(1, 2, -1);
  ms::InverseDynamicsOptions opt;
  opt.constraint_forces = true;
  const ms::PlatformMotion m = some_motion();
  ms::inverse_dynamics(GetParam(), model, d, m, w, opt);
  ASSERT_TRUE(d.has_constraint_forces);
  const bool improved = GetParam() == ms::DynamicsModel::improved;
  // platform: Newton about the COM and Euler about the COM with the S-joint forces -F_s
  const Vector3d r = m.R * model.R0;
  const Matrix3d I = m.R * model.I_p * m.R.transpose();
  Vector3d force = model.M * model.gravity + m.R * w.f, moment = -r.cross(m.R * w.f) + m.R * w.m;
  for (int i = 0; i < 6; ++i) {
    force -= d.F_s.col(i);
    moment += (d.q.col(i) - r).cross(-d.F_s.col(i)) + d.f.col(i);
  }
  const Vector3d ac = m.a + m.alpha.cross(r) + m.omega.cross(m.omega.cross(r));
  EXPECT_LT((force - model.M * ac).norm(), kTol * force.norm());
  EXPECT_LT((moment - I * m.alpha - m.omega.cross(I * m.omega)).norm(), kTol * (1 + moment.norm()));
  for (int i = 0; i < 6; ++i) {
    const auto& leg = model.legs[static_cast<std::size_t>(i)];
    const Vector3d s = d.s.col(i);
    // actuator force is the axial part of F_p; F_c is perpendicular to the leg
    EXPECT_NEAR(d.F_p.col(i).dot(s), d.F(i), kTol * (1 + std::abs(d.F(i))));
    EXPECT_NEAR(d.F_c.col(i).dot(s), 0.0, kTol * (1 + d.F_c.col(i).norm()));
    // whole leg: moment about b_i; the joint reaction M_u acts along s (Dasgupta) or c (improved)
    const Vector3d wl = improved ? Vector3d(d.omega_l.col(i)) : Vector3d(d.W.col(i));
    const Vector3d al = improved ? Vector3d(d.alpha_l.col(i)) : Vector3d(d.A.col(i));
    const Matrix3d& T = d.T[static_cast<std::size_t>(i)];
    const Vector3d rd = T * leg.r_d0, ru = d.S_.col(i) + T * leg.r_u0;
    const Vector3d ad = al.cross(rd) + wl.cross(wl.cross(rd));
    const Vector3d au = d.Ldd(i) * s + al.cross(ru) + wl.cross(wl.cross(ru)) + 2 * d.Ld(i) * wl.cross(s);
    const Matrix3d Il = T * (leg.I_d0 + leg.I_u0) * T.transpose();
    const Vector3d applied = rd.cross(leg.m_d * model.gravity) + ru.cross(leg.m_u * model.gravity) +
                             d.S_.col(i).cross(d.F_s.col(i)) + d.M_u(i) * d.M_u_axis.col(i) -
                             model.Cu * wl - d.f.col(i);
    const Vector3d dH = leg.m_d * rd.cross(ad) + leg.m_u * ru.cross(au) + Il * al + wl.cross(Il * wl);
    EXPECT_LT((applied - dH).norm(), kTol * (1 + dH.norm())) << "leg " << i;
    EXPECT_NEAR(d.M_u_axis.col(i).dot(wl), 0.0, 1e-12);  // the reaction moment does no work
    // whole leg: Newton
    const Vector3d net = d.F_u.col(i) + d.F_s.col(i) + (leg.m_d + leg.m_u) * model.gravity;
    EXPECT_LT((net - leg.m_d * ad - leg.m_u * au).norm(), kTol * (1 + net.norm()));
    // upper part: Newton along the leg gives F (eq. 24)
    EXPECT_NEAR(s.dot(leg.m_u * (au - model.gravity)) + model.Cp * d.Ld(i) - s.dot(d.F_s.col(i)), d.F(i),
                kTol * (1 + std::abs(d.F(i))));
  }
}

INSTANTIATE_TEST_SUITE_P(Models, ConstraintForces,
                         ::testing::Values(ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved));

TEST(StewartInverseDynamics, MasslessLegForcesAreThePlatformStatics) {
  // F0 (eq. 41): with massless legs the legs are two-force members; then
  // sum F0_i s_i = M (a_c - g) - R F_ext and sum q_i x F0_i s_i balances the moments
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ms::StewartData d(model);
  const ms::PlatformMotion m = some_motion();
  ms::inverse_dynamics_dasgupta(model, d, m);
  Vector3d f = Vector3d::Zero(), mo = Vector3d::Zero();
  for (int i = 0; i < 6; ++i) {
    f += d.F0(i) * d.s.col(i);
    mo += d.q.col(i).cross(d.F0(i) * d.s.col(i));
  }
  const Vector3d r = m.R * model.R0;
  const Matrix3d I = m.R * model.I_p * m.R.transpose();
  const Vector3d ac = m.a + m.alpha.cross(r) + m.omega.cross(m.omega.cross(r));
  EXPECT_LT((f - model.M * (ac - model.gravity)).norm(), kTol * f.norm());
  EXPECT_LT((mo - (r.cross(model.M * (ac - model.gravity)) + I * m.alpha + m.omega.cross(I * m.omega))).norm(),
            kTol * mo.norm());
  EXPECT_LT((d.Fd - (d.F - d.F0)).norm(), 1e-12);
  for (int i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(d.dynamic_fraction(i), d.Fd(i) / d.F(i));
  // F0 is the same for both models
  ms::StewartData di(model);
  ms::inverse_dynamics_improved(model, di, m);
  EXPECT_LT((di.F0 - d.F0).norm(), kTol * d.F0.norm());
}

TEST(StewartInverseDynamics, ConditionNumberAndWarning) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData d(model);
  ms::inverse_dynamics_dasgupta(model, d, some_motion());
  Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(d.H);
  EXPECT_NEAR(d.condition_number, svd.singularValues()(0) / svd.singularValues()(5), 1e-9 * d.condition_number);
  EXPECT_FALSE(d.ill_conditioned);
  ms::InverseDynamicsOptions opt;
  opt.condition_warning = 0.5 * d.condition_number;
  ms::inverse_dynamics_dasgupta(model, d, some_motion(), {}, opt);
  EXPECT_TRUE(d.ill_conditioned);
}

TEST(StewartInverseDynamics, ConditionThresholdsBelowOneAreErrors) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ms::StewartData d(model);
  ms::InverseDynamicsOptions opt;
  opt.condition_warning = std::nan("");
  EXPECT_EQ(message_of([&] { ms::inverse_dynamics_dasgupta(model, d, some_motion(), {}, opt); }),
            "inverse_dynamics_dasgupta: options.condition_warning = nan must be >= 1 (a condition "
            "number is at least 1; inf for none)");
  opt.condition_warning = 1e3;
  opt.singular_condition = -1;
  EXPECT_NE(message_of([&] { ms::inverse_dynamics_improved(model, d, some_motion(), {}, opt); })
                .find("inverse_dynamics_improved: options.singular_condition = -1 must be >= 1"),
            std::string::npos);
  // inf: never warn
  opt.singular_condition = 1e12;
  opt.condition_warning = INFINITY;
  ms::inverse_dynamics_dasgupta(model, d, some_motion(), {}, opt);
  EXPECT_FALSE(d.ill_conditioned);
}

TEST(StewartInverseDynamics, SingularPoseIsAnErrorNamingPoseAndLeg) {
  // all platform points at the platform origin: no leg can resist a moment, H is singular
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  prm.p.setZero();
  const ms::StewartModel model = ms::build_model(prm);
  ms::StewartData d(model);
  ms::PlatformMotion m;
  m.t = Vector3d(0.05, 0.02, 0.6);
  for (auto which : {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved}) {
    const std::string msg = message_of([&] { ms::inverse_dynamics(which, model, d, m); });
    EXPECT_NE(msg.find("singular configuration at pose t = [0.05, 0.02, 0.6]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("dominates the null direction of H"), std::string::npos) << msg;
    EXPECT_NE(msg.find(which == ms::DynamicsModel::dasgupta ? "inverse_dynamics_dasgupta"
                                                            : "inverse_dynamics_improved"),
              std::string::npos);
  }
}

TEST(StewartInverseDynamics, BadWrenchIsNamed) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ms::StewartData d(model);
  ms::ExternalWrench w;
  w.m(2) = INFINITY;
  EXPECT_NE(message_of([&] { ms::inverse_dynamics_improved(model, d, some_motion(), w); })
                .find("inverse_dynamics_improved: wrench.m[2] is inf"),
            std::string::npos);
}

TEST(StewartInverseDynamics, PerLegWorkIsIndependentOfOrder) {
  // each leg's kinematics and reduction read only the model, the motion and their own column:
  // computing the legs in any order (or in parallel) gives the same forces, bit for bit
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  const ms::PlatformMotion m = some_motion();
  ms::StewartData ref(model), d(model);
  ms::inverse_dynamics_improved(model, ref, m);
  d.motion = m;
  for (int i = 5; i >= 0; --i) {
    ms::leg_kinematics_no_spin(model, d, i);
    ms::leg_kinematics_universal_joint(model, d, i);
    ms::leg_dynamics_improved(model, d, i);
  }
  d.model_used = ms::DynamicsModel::improved;
  ms::platform_terms_improved(model, d, ms::ExternalWrench{});
  ms::solve_leg_forces(model, d, ms::InverseDynamicsOptions{}, "test");
  for (int i = 0; i < 6; ++i) EXPECT_EQ(d.F(i), ref.F(i));
}

TEST(StewartInverseDynamics, NonFiniteForcesNameTheOverflowingInput) {
  // Reproducer of the reliability issue: v = 1e200 returned NaN forces.
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData d(model);
  ms::PlatformMotion m = some_motion();
  m.v = Vector3d(1e200, 0, 0);
  for (const char* where : {"inverse_dynamics_dasgupta", "inverse_dynamics_improved"}) {
    const std::string e = message_of([&] {
      if (std::string(where) == "inverse_dynamics_dasgupta")
        ms::inverse_dynamics_dasgupta(model, d, m);
      else
        ms::inverse_dynamics_improved(model, d, m);
    });
    EXPECT_NE(e.find(std::string(where) + ": the result F is not finite"), std::string::npos)
        << e;
    EXPECT_NE(e.find("|motion.v| = 1e+200 (overflow)"), std::string::npos) << e;
  }
  ms::ExternalWrench w;
  w.f = Vector3d(1e308, 1e308, 0);
  const std::string e = message_of([&] { ms::inverse_dynamics_dasgupta(model, d, some_motion(), w); });
  EXPECT_NE(e.find("|wrench.f| = "), std::string::npos) << e;
}
