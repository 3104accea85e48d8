// stewart/derivatives.hpp (the Dual<12> runs) against the complex step (core/complex_step.hpp):
// the Stewart inverse dynamics instantiated for std::complex<double> arithmetic (src/stewart),
// dF/dz_k = Im F(z + i h e_k) / h with h = 1e-30 for each of the 18 variables z = [t; phi; v;
// omega; a; alpha], the rotation moved as R <- exp([i h e_k]x) R (its series to h^2, exact in
// double). The forward derivatives against the complex step of xdd = G^-1 (F - F(x, xd, 0)),
// G = dF/dxdd from the complex inverse dynamics (F is affine in xdd), solved by Eigen's LU with
// one step of iterative refinement. Both models, the test platforms of both papers (friction
// raised), three motions, an external wrench.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "support/stewart_derivative_cases.hpp"

namespace manipdyn {
namespace {

namespace ms = stewart;
using test_support::derivative_test_motion;
using test_support::derivative_test_platform;
using test_support::derivative_test_wrench;
using Matrix6d = Matrix6<double>;
using ComplexMotion = ms::PlatformMotionTpl<ComplexStep>;

constexpr double kH = 1e-30;                   // complex step
constexpr double kInverseTolerance = 1e-13;    // dF/d(x, xd, xdd), relative to max(1, max |.|)
constexpr double kForwardTolerance = 1e-12;    // dxdd/d(x, xd, F), relative to max(1, max |.|)

double relative_error(const Matrix6d& a, const Matrix6d& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

// The motion in complex arithmetic with variable k of z = [t; phi; v; omega; a; alpha] moved by
// i h (k < 0: none). The rotation: exp(W) R with W = [i h e_j]x, as I + W + W^2 / 2 (the next
// term is O(h^3)).
ComplexMotion complex_motion(const ms::PlatformMotion& m, int k) {
  ComplexMotion c = m.cast<ComplexStep>();
  const int j = k % 3;
  const ComplexStep ih(0.0, kH);
  switch (k < 0 ? -1 : k / 3) {
    case -1: return c;
    case 0: c.t(j) += ih; return c;
    case 2: c.v(j) += ih; return c;
    case 3: c.omega(j) += ih; return c;
    case 4: c.a(j) += ih; return c;
    case 5: c.alpha(j) += ih; return c;
    default: break;
  }
  Matrix3<ComplexStep> W = Matrix3<ComplexStep>::Zero();  // [i h e_j]x
  const int a = (j + 1) % 3, b = (j + 2) % 3;
  W(b, a) = ih;
  W(a, b) = -ih;
  c.R = (Matrix3<ComplexStep>::Identity() + W + 0.5 * (W * W)) * c.R;
  return c;
}

ms::ExternalWrenchTpl<ComplexStep> complex_wrench() {
  ms::ExternalWrenchTpl<ComplexStep> w;
  w.f = derivative_test_wrench().f.cast<ComplexStep>();
  w.m = derivative_test_wrench().m.cast<ComplexStep>();
  return w;
}

Vector6d imaginary_over_h(const Vector6<ComplexStep>& y) {
  return y.unaryExpr([](const ComplexStep& c) { return c.imag() / kH; });
}

// The leg forces of the complex motion.
Vector6<ComplexStep> complex_forces(ms::DynamicsModel which, const ms::StewartModel& model,
                                    const ComplexMotion& m) {
  auto data = std::make_unique<ms::StewartDataTpl<ComplexStep>>(model);
  return ms::inverse_dynamics(which, model, *data, m, complex_wrench());
}

// The platform acceleration for the leg forces F at the complex motion (its a, alpha unused):
// xdd = G^-1 (F - F(x, xd, 0)), column k of G = F(x, xd, e_k) - F(x, xd, 0), then one step of
// iterative refinement xdd += G^-1 (F - F(x, xd, xdd)).
Vector6<ComplexStep> complex_acceleration(ms::DynamicsModel which, const ms::StewartModel& model,
                                          ComplexMotion m, const Vector6<ComplexStep>& F) {
  m.a.setZero();
  m.alpha.setZero();
  const Vector6<ComplexStep> F0 = complex_forces(which, model, m);
  Matrix6<ComplexStep> G;
  for (int k = 0; k < 6; ++k) {
    ComplexMotion unit = m;
    (k < 3 ? unit.a : unit.alpha)(k % 3) = 1.0;
    G.col(k) = complex_forces(which, model, unit) - F0;
  }
  const Eigen::PartialPivLU<Matrix6<ComplexStep>> lu(G);
  Vector6<ComplexStep> xdd = lu.solve(Vector6<ComplexStep>(F - F0));
  // one step of iterative refinement: G from differences of forces carries their rounding
  m.a = xdd.head<3>();
  m.alpha = xdd.tail<3>();
  xdd += lu.solve(Vector6<ComplexStep>(F - complex_forces(which, model, m)));
  return xdd;
}

// Each analytic block against its complex-step Jacobian; returns the worst relative error.
double compare_blocks(const Matrix6d* const analytic[3], const Matrix6d J[3], double tolerance,
                      int motion) {
  double worst = 0.0;
  for (int block = 0; block < 3; ++block) {
    const double err = relative_error(*analytic[block], J[block]);
    EXPECT_LE(err, tolerance) << "motion " << motion << ", block " << block;
    worst = std::max(worst, err);
  }
  return worst;
}

}  // namespace

class StewartDerivativesComplexStep
    : public ::testing::TestWithParam<test_support::DerivativeCase> {
 protected:
  const ms::StewartModel model = derivative_test_platform(GetParam().platform);
  const ms::DynamicsModel which = GetParam().which;
  std::unique_ptr<ms::StewartDerivativesData> data =
      std::make_unique<ms::StewartDerivativesData>(model);
  double worst = 0.0;  // over the three motions
};

TEST_P(StewartDerivativesComplexStep, InverseDynamics) {
  for (int m = 0; m < 3; ++m) {
    const ms::PlatformMotion motion = derivative_test_motion(m);
    ms::inverse_dynamics_derivatives(which, model, *data, motion, derivative_test_wrench());
    Matrix6d J[3];
    for (int k = 0; k < 18; ++k)
      J[k / 6].col(k % 6) =
          imaginary_over_h(complex_forces(which, model, complex_motion(motion, k)));
    const Matrix6d* const analytic[3] = {&data->dF_dx, &data->dF_dxd, &data->dF_dxdd};
    worst = std::max(worst, compare_blocks(analytic, J, kInverseTolerance, m));
  }
  std::printf("Stewart dF/d(x, xd, xdd) vs complex step: worst relative error %.1e\n", worst);
}

TEST_P(StewartDerivativesComplexStep, ForwardDynamics) {
  if (GetParam().platform == 2) GTEST_SKIP() << "printed inertias: Lambda is indefinite";
  for (int m = 0; m < 3; ++m) {
    const ms::PlatformMotion motion = derivative_test_motion(m);
    // the leg forces of the motion: the forward dynamics returns its acceleration
    const Vector6<ComplexStep> Fc = complex_forces(which, model, complex_motion(motion, -1));
    const Vector6d F = Fc.unaryExpr([](const ComplexStep& c) { return c.real(); });
    ms::forward_dynamics_derivatives(which, model, *data, motion, F, derivative_test_wrench());
    Matrix6d J[3];
    // x and xd moved (columns 0-11), then F
    for (int k = 0; k < 12; ++k)
      J[k / 6].col(k % 6) =
          imaginary_over_h(complex_acceleration(which, model, complex_motion(motion, k), Fc));
    for (int k = 0; k < 6; ++k) {
      Vector6<ComplexStep> Fk = Fc;
      Fk(k) += ComplexStep(0.0, kH);
      J[2].col(k) =
          imaginary_over_h(complex_acceleration(which, model, complex_motion(motion, -1), Fk));
    }
    const Matrix6d* const analytic[3] = {&data->dxdd_dx, &data->dxdd_dxd, &data->dxdd_dF};
    worst = std::max(worst, compare_blocks(analytic, J, kForwardTolerance, m));
  }
  std::printf("Stewart dxdd/d(x, xd, F) vs complex step: worst relative error %.1e\n", worst);
}

INSTANTIATE_TEST_SUITE_P(BothModelsBothPlatforms, StewartDerivativesComplexStep,
                         ::testing::ValuesIn(test_support::derivative_test_cases()),
                         [](const auto& info) {
                           return test_support::derivative_case_name(info.param);
                         });

}  // namespace manipdyn
