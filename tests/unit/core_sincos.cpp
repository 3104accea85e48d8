// core/scalar_math.hpp, math::sincos_n: the sin and cos of the joint angles that the default
// inverse dynamics, gravity torques and mass matrix use (src/core/sincos_kernel.hpp where the CPU
// has AVX2 and FMA). Checked against glibc's sin and cos (correctly rounded in practice):
//  - within 1 ulp of 1 absolute on |x| <= 1e4, and within 2 ulp relative where the result is
//    at least 2^-26, on random angles (small and large), near multiples of pi/2 and pi/4;
//  - glibc's own values beyond 1e4 and for infinities and NaN;
//  - each angle's result independent of its neighbours (position in the array, array length,
//    other angles large or non-finite), and s or c may be the input array itself.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "manipdyn/core/scalar_math.hpp"

namespace manipdyn {
namespace {

struct Errors {
  double absolute = 0.0;      // largest |ours - glibc|
  double relative_ulp = 0.0;  // largest |ours - glibc| / ulp(glibc) where |glibc| >= 2^-26
};

void accumulate(double ours, double ref, Errors& e) {
  const double d = std::abs(ours - ref);
  e.absolute = std::max(e.absolute, d);
  if (std::abs(ref) >= std::ldexp(1.0, -26)) {
    const double ulp = std::nextafter(std::abs(ref), 2.0) - std::abs(ref);
    e.relative_ulp = std::max(e.relative_ulp, d / ulp);
  }
}

Errors errors_on(const std::vector<double>& x) {
  std::vector<double> s(x.size()), c(x.size());
  math::sincos_n(x.data(), s.data(), c.data(), static_cast<int>(x.size()));
  Errors e;
  for (std::size_t i = 0; i < x.size(); ++i) {
    accumulate(s[i], std::sin(x[i]), e);
    accumulate(c[i], std::cos(x[i]), e);
  }
  return e;
}

constexpr double kUlpOfOne = std::numeric_limits<double>::epsilon();

TEST(Sincos, RandomAnglesWithinOneUlpAbsoluteAndTwoUlpRelative) {
  std::mt19937_64 rng(7);
  for (double range : {0.8, 4.0, 100.0, 1.0e4}) {
    std::uniform_real_distribution<double> u(-range, range);
    std::vector<double> x(200001);
    for (double& v : x) v = u(rng);
    const Errors e = errors_on(x);
    EXPECT_LE(e.absolute, kUlpOfOne) << "range " << range;
    EXPECT_LE(e.relative_ulp, 2.0) << "range " << range;
  }
  // tiny angles: sin x = x, cos x = 1
  std::vector<double> tiny = {0.0, -0.0, 1e-300, -1e-300, 5e-324, 1e-20, -3e-9, 1e-5};
  const Errors e = errors_on(tiny);
  EXPECT_EQ(e.absolute, 0.0);
}

TEST(Sincos, NearMultiplesOfQuarterTurnsAndEighthTurns) {
  std::vector<double> x;
  for (int k = -6000; k <= 6000; k += 7)
    for (double frac : {0.0, 0.5}) {  // k pi/2 (zeros of sin or cos) and k pi/2 + pi/4
      double v = (k + frac) * (M_PI / 2.0);
      for (int step = 0; step < 4; ++step) {
        x.push_back(v);
        x.push_back(-v);
        v = std::nextafter(v, 1e300);
      }
    }
  const Errors e = errors_on(x);
  EXPECT_LE(e.absolute, kUlpOfOne);
  EXPECT_LE(e.relative_ulp, 2.0);
}

TEST(Sincos, BeyondTheKernelRangeAndNonFiniteAreGlibcs) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> x = {1.0e4 + 0.5, -2.0e5, 1e300, -1e300, 1e22, inf, -inf, nan, 0.3};
  std::vector<double> s(x.size()), c(x.size());
  math::sincos_n(x.data(), s.data(), c.data(), static_cast<int>(x.size()));
  for (std::size_t i = 0; i + 3 < x.size(); ++i) {
    if (!std::isfinite(x[i])) continue;
    EXPECT_EQ(s[i], std::sin(x[i])) << x[i];
    EXPECT_EQ(c[i], std::cos(x[i])) << x[i];
  }
  for (std::size_t i = 5; i < 8; ++i) {
    EXPECT_TRUE(std::isnan(s[i])) << x[i];
    EXPECT_TRUE(std::isnan(c[i])) << x[i];
  }
  EXPECT_NEAR(s[8], std::sin(0.3), 1e-16);
}

TEST(Sincos, EachAngleIndependentOfItsNeighbours) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-7.0, 7.0);
  std::vector<double> pool(64);
  for (double& v : pool) v = u(rng);
  pool[5] = 3e6;  // a fallback lane next to kernel lanes
  pool[9] = std::numeric_limits<double>::quiet_NaN();
  pool[13] = M_PI / 4.0;
  // the value of each angle alone
  std::vector<double> s1(pool.size()), c1(pool.size());
  for (std::size_t i = 0; i < pool.size(); ++i)
    math::sincos_n(&pool[i], &s1[i], &c1[i], 1);
  // the same angles in every array length 1..11 and offset
  for (int n = 1; n <= 11; ++n)
    for (int first = 0; first + n <= 40; first += 3) {
      std::vector<double> s(n), c(n);
      math::sincos_n(&pool[first], s.data(), c.data(), n);
      for (int j = 0; j < n; ++j) {
        const double ref_s = s1[first + j], ref_c = c1[first + j];
        if (std::isnan(ref_s)) {
          EXPECT_TRUE(std::isnan(s[j]));
          continue;
        }
        EXPECT_EQ(s[j], ref_s) << "n " << n << " first " << first << " j " << j;
        EXPECT_EQ(c[j], ref_c) << "n " << n << " first " << first << " j " << j;
      }
    }
  // in place: s is x
  std::vector<double> x(pool.begin(), pool.begin() + 7), c(7);
  math::sincos_n(x.data(), x.data(), c.data(), 7);
  for (int j = 0; j < 7; ++j)
    if (!std::isnan(s1[j])) {
      EXPECT_EQ(x[j], s1[j]);
      EXPECT_EQ(c[j], c1[j]);
    }
}

TEST(Sincos, ReportsWhetherItIsVectorised) {
  // On the project's machines (x86-64 with AVX2 and FMA, built with xsimd) the kernel is used;
  // elsewhere sincos_n is glibc's and the accuracy tests above hold trivially.
  if (!math::sincos_n_vectorised()) GTEST_SKIP() << "no AVX2 + FMA: glibc's sincos is used";
  // the kernel is not glibc: at least one of many angles differs in its last bit
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  int differ = 0;
  for (int i = 0; i < 1000; ++i) {
    const double x = u(rng);
    double s, c;
    math::sincos_n(&x, &s, &c, 1);
    differ += (s != std::sin(x)) + (c != std::cos(x));
  }
  EXPECT_GT(differ, 0);
}

}  // namespace
}  // namespace manipdyn
