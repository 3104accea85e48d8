// The published statements of Dasgupta & Mruthyunjaya 1998 (sec. 5, Figs. 4-10) and Pedrammehr
// et al. 2012 (sec. 9) that our reproduction can check. The papers print no force values, only
// figures and sentences; each test quotes the sentence it checks. Computed on the printed test
// manipulator (appendix), g = -9.81 z.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "manipdyn/stewart/studies.hpp"

namespace ms = manipdyn::stewart;

namespace {
std::vector<ms::PathRow> run(const std::string& name) {
  const ms::PaperPath pp = ms::paper_path(name);
  const ms::StewartModel model = pp.pedrammehr ? ms::pedrammehr_test_platform(true) : ms::dasgupta_test_platform(true);
  return ms::evaluate_path(model, ms::plan_path(pp.spec));
}
double median_abs_fraction(const std::vector<ms::PathRow>& rows) {
  std::vector<double> v;
  for (const auto& r : rows)
    for (int i = 0; i < 6; ++i) v.push_back(std::abs(r.fraction(i)));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}
}  // namespace

TEST(StewartPaperStatements, PathIForcesModerateAndLegs5And6CrossZero) {
  // "the leg forces are moderate (of the same order as the weight of the platform and payload)
  //  and vary smoothly"; "(The sudden jump sign in the dynamic fractions in legs 5 and 6 ...
  //  near that instant the total force for that leg crosses zero.)"
  const auto rows = run("I");
  const ms::PathSummary s = ms::summarize(rows);
  EXPECT_LT(s.max_abs_F, 5 * 40 * 9.81);
  for (int i = 0; i < 6; ++i) {
    int changes = 0;
    for (std::size_t j = 1; j < rows.size(); ++j) changes += (rows[j].F(i) > 0) != (rows[j - 1].F(i) > 0);
    EXPECT_EQ(changes, (i == 4 || i == 5) ? 1 : 0) << "leg " << i + 1;
  }
  // "the manipulator being quite well-conditioned (far from singularity) for this trajectory"
  EXPECT_LT(s.peak_condition, 100);
}

TEST(StewartPaperStatements, PathIDynamicFractionAroundTwentyPercent) {
  // "the leg inertia contributing around 20% of the force demand at the actuators is quite
  //  common and the maximum may even go up to 40%"
  const auto rows = run("I");
  const double med = median_abs_fraction(rows);
  EXPECT_GT(med, 0.15);
  EXPECT_LT(med, 0.25);
}

TEST(StewartPaperStatements, PathIIFasterMeansLargerForcesAndFractions) {
  // "this difference in speed results in significant rise in the bounds of the leg forces and
  //  the dynamic fractions"
  const auto one = run("I"), two = run("II");
  EXPECT_GT(ms::summarize(two).max_abs_F, 1.2 * ms::summarize(one).max_abs_F);
  EXPECT_GT(median_abs_fraction(two), median_abs_fraction(one));
}

TEST(StewartPaperStatements, PathIIISingularityShowsInConditionAndForces) {
  // "a clear singularity where suddenly the force requirements at the actuators are very high
  //  (of the order of 10^5 N)"; "precisely at that location of the trajectory the condition
  //  number is seen to have a sharp rise"
  const auto rows = run("III");
  const ms::PathSummary s = ms::summarize(rows);
  EXPECT_GT(s.max_abs_F, 1e5);
  EXPECT_GT(s.peak_condition, 30 * rows.front().condition_number);
  EXPECT_GT(s.peak_condition_time, 1.0);
  EXPECT_LT(s.peak_condition_time, 5.0);
  // the largest forces are at the peak of the condition number
  double t_maxF = 0, maxF = 0;
  for (const auto& r : rows)
    if (r.F.cwiseAbs().maxCoeff() > maxF) {
      maxF = r.F.cwiseAbs().maxCoeff();
      t_maxF = r.time;
    }
  EXPECT_NEAR(t_maxF, s.peak_condition_time, 1e-9);
}

TEST(StewartPaperStatements, PedrammehrModelsShowSimilarTrendsDifferentAmplitudes) {
  // "both improved and simplified models exhibit similar trends of change, but difference in
  //  amplitudes" (Figs. 9-10)
  for (const char* name : {"2", "3"}) {
    const auto rows = run(name);
    const ms::PathSummary s = ms::summarize(rows);
    EXPECT_GT(s.max_abs_model_difference, 0.005 * s.max_abs_F) << name;
    EXPECT_LT(s.max_abs_model_difference, 0.2 * s.max_abs_F) << name;
    EXPECT_GT(s.max_spin, 0.0) << name;
  }
}
