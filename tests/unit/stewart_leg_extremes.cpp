// Unit tests of the leg extremes along a path (manipdyn/stewart/leg_extremes.hpp): hand-made rows
// with known extremes, Path I of Dasgupta 1998 (legs 5 and 6 cross zero, as the paper says), the
// median, and the errors.
#include "manipdyn/stewart/leg_extremes.hpp"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "support/error_message.hpp"

namespace manipdyn::stewart {
namespace {

using test_support::message_of;

// Four samples; leg 1 (index 0) carries the numbers, the other legs a constant force.
std::vector<PathRow> hand_made_rows() {
  const double F[] = {1.0, -1.0, 2.0, 4.0};
  const double F0[] = {0.5, -3.0, 1.0, 2.0};
  const double fraction[] = {0.9, -5.0, 0.5, 0.25};
  const double spin[] = {0.0, -0.3, 0.1, 0.2};
  std::vector<PathRow> rows(4);
  for (std::size_t j = 0; j < rows.size(); ++j) {
    PathRow& r = rows[j];
    r.F.setConstant(10.0);
    r.F0.setConstant(9.0);
    r.fraction.setConstant(0.1);
    r.spin.setZero();
    r.F(0) = F[j];
    r.F0(0) = F0[j];
    r.fraction(0) = fraction[j];
    r.spin(0) = spin[j];
  }
  return rows;
}

TEST(LegExtremes, HandMadeRowsGiveTheirExtremes) {
  const std::vector<LegExtremes> legs = leg_extremes(hand_made_rows());
  ASSERT_EQ(legs.size(), static_cast<std::size_t>(kLegs));
  // F: 1, -1, 2, 4: two sign changes, peak 4; |F| >= 25% of it (1 N) on every sample
  EXPECT_EQ(legs[0].F_sign_changes, 2);
  EXPECT_EQ(legs[0].max_abs_F, 4.0);
  EXPECT_EQ(legs[0].max_abs_F0, 3.0);
  EXPECT_EQ(legs[0].max_abs_fraction_significant, 5.0);
  EXPECT_EQ(legs[0].max_abs_spin, 0.3);
  for (int i = 1; i < kLegs; ++i) {
    EXPECT_EQ(legs[static_cast<std::size_t>(i)].F_sign_changes, 0);
    EXPECT_EQ(legs[static_cast<std::size_t>(i)].max_abs_F, 10.0);
    EXPECT_EQ(legs[static_cast<std::size_t>(i)].max_abs_fraction_significant, 0.1);
  }
}

TEST(LegExtremes, SignificantFractionIgnoresSmallForces) {
  // |F| = 0.5 < 25% of 4 on the first two samples: their fractions 0.9 and -5 are left out
  std::vector<PathRow> rows = hand_made_rows();
  rows[0].F(0) = 0.5;
  rows[1].F(0) = -0.5;
  const LegExtremes e = leg_extremes(rows)[0];
  EXPECT_EQ(e.max_abs_fraction_significant, 0.5);
  EXPECT_EQ(e.F_sign_changes, 2);
}

TEST(LegExtremes, MedianFractionOfEverySampleAndLeg) {
  // 4 samples x 6 legs: leg 1's |fraction| 0.9, 5, 0.5, 0.25 and twenty 0.1: sorted, the 13th
  // (index 12) is 0.1
  EXPECT_EQ(median_abs_fraction(hand_made_rows()), 0.1);
  std::vector<PathRow> one(1);
  one[0].fraction << 6, -1, 5, 2, -4, 3;
  // |.|: 1 2 3 4 5 6: the upper middle value
  EXPECT_EQ(median_abs_fraction(one), 4.0);
}

TEST(LegExtremes, PathIOfDasguptaCrossesZeroInLegsFiveAndSix) {
  // Dasgupta 1998, Path I: "the total force for that leg crosses zero" in legs 5 and 6 only
  const std::vector<PathRow> rows = evaluate_path(dasgupta_test_platform(true),
                                                  plan_path(paper_path("I").spec));
  const std::vector<LegExtremes> legs = leg_extremes(rows);
  for (int i = 0; i < kLegs; ++i) {
    const LegExtremes& e = legs[static_cast<std::size_t>(i)];
    EXPECT_EQ(e.F_sign_changes > 0, i >= 4) << "leg " << i + 1;
    // the extremes are those of the rows
    double peak = 0;
    for (const PathRow& r : rows) peak = std::max(peak, std::abs(r.F(i)));
    EXPECT_EQ(e.max_abs_F, peak) << "leg " << i + 1;
    EXPECT_LE(e.max_abs_fraction_significant, 1.0) << "leg " << i + 1;
  }
  // "around 20% of the force demand is quite common"
  const double median = median_abs_fraction(rows);
  EXPECT_GT(median, 0.15);
  EXPECT_LT(median, 0.25);
}

TEST(LegExtremes, ErrorsNameTheFunction) {
  EXPECT_EQ(message_of([] { leg_extremes({}); }), "leg_extremes: rows is empty");
  EXPECT_EQ(message_of([] { median_abs_fraction({}); }), "median_abs_fraction: rows is empty");
}

}  // namespace
}  // namespace manipdyn::stewart
