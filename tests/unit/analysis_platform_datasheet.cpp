// Unit tests of include/manipdyn/analysis/platform_datasheet.hpp: the home pose rules, the
// default path, the stroke used against leg lengths computed here from the geometry, the force
// and condition-number summaries against the path rows, the CSV files and the error paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace ma = manipdyn::analysis;
namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {

/// Leg lengths by |R p_i + t - b_i| against the library's: both are sums of a few products.
constexpr double kRoundoff = 1e-12;
/// Leg rates by central differences (step dt/100 on a path of blends): O(h^2).
constexpr double kRateTolerance = 1e-6;

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no exception)";
}

// Leg lengths from the geometry at path time `time` (plan_path/sample_path give the pose).
Vector6d lengths_at(const ms::StewartModel& model, const ms::PlannedPath& path, double time) {
  const ms::PathSample s = ms::sample_path(path, time);
  const Matrix3d R = ms::rpy_to_rotation(s.theta);
  Vector6d L;
  for (int i = 0; i < ms::kLegs; ++i) L[i] = (R * model.p.col(i) + s.t - model.b.col(i)).norm();
  return L;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(PlatformDatasheet, DefaultMotionAroundHomeUsesPlatformSize) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const ma::PlatformDatasheet s = ma::platform_datasheet(model);
  // No leg limits: home one platform size r above the base, at the centroids in x, y.
  EXPECT_EQ(s.home_rule, "platform_size");
  const Vector3d cb = model.b.rowwise().mean(), cp = model.p.rowwise().mean();
  EXPECT_NEAR(s.home_t.z(), cb.z() - cp.z() + s.platform_size, kRoundoff);
  EXPECT_NEAR(s.home_t.x(), cb.x() - cp.x(), kRoundoff);
  double r = 0;
  for (int i = 0; i < 6; ++i) r += std::hypot(model.b(0, i) - cb.x(), model.b(1, i) - cb.y());
  EXPECT_NEAR(s.platform_size, r / 6, kRoundoff);
  // The path: symmetric about home, duration 2 s, dt 0.01 s -> 201 samples.
  EXPECT_LT(((s.path.t0 + s.path.t1) / 2 - s.home_t).norm(), kRoundoff);
  EXPECT_NEAR((s.path.t1 - s.path.t0).norm(), 2 * 0.2 * s.platform_size, kRoundoff);
  EXPECT_NEAR((s.path.theta1 - s.path.theta0).norm(), 0.2, kRoundoff);
  ASSERT_EQ(s.rows.size(), 201u);
  EXPECT_DOUBLE_EQ(s.rows.back().time, 2.0);
  // Mass summary: 40 kg platform, six legs of 3 + 1 kg.
  EXPECT_DOUBLE_EQ(s.platform_mass, 40.0);
  EXPECT_DOUBLE_EQ(s.leg_mass, 24.0);
  EXPECT_DOUBLE_EQ(s.total_moving_mass, 64.0);
}

TEST(PlatformDatasheet, StrokeUsedMatchesLegLengthsFromGeometry) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const ma::PlatformDatasheet s = ma::platform_datasheet(model);
  const ms::PlannedPath path = ms::plan_path(s.path);
  Vector6d lmin = Vector6d::Constant(1e9), lmax = Vector6d::Constant(-1e9);
  const double h = s.path.dt / 100;
  double worst_rate = 0;
  for (const ms::PathRow& row : s.rows) {
    const Vector6d L = lengths_at(model, path, row.time);
    EXPECT_LT((L - row.L).cwiseAbs().maxCoeff(), kRoundoff);
    lmin = lmin.cwiseMin(L);
    lmax = lmax.cwiseMax(L);
    if (row.time > h && row.time < s.path.tau_f - h) {
      const Vector6d Ld = (lengths_at(model, path, row.time + h) -
                           lengths_at(model, path, row.time - h)) / (2 * h);
      worst_rate = std::max(worst_rate, (Ld - row.Ld).cwiseAbs().maxCoeff());
    }
  }
  EXPECT_LT(worst_rate, kRateTolerance);
  for (int i = 0; i < 6; ++i) {
    const ma::LegSummary& g = s.legs[i];
    EXPECT_NEAR(g.length_min_used, lmin[i], kRoundoff);
    EXPECT_NEAR(g.length_max_used, lmax[i], kRoundoff);
    EXPECT_NEAR(g.stroke_used, lmax[i] - lmin[i], 2 * kRoundoff);
    EXPECT_GT(g.stroke_used, 0.0);
    // No limits: infinite stroke available, fraction 0, within limits.
    EXPECT_TRUE(std::isinf(g.stroke_available));
    EXPECT_EQ(g.stroke_fraction, 0.0);
    EXPECT_TRUE(g.within_limits);
    EXPECT_EQ(g.force_fraction, 0.0);
  }
}

TEST(PlatformDatasheet, ForceAndConditionSummariesMatchTheRows) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const ma::PlatformDatasheet s = ma::platform_datasheet(model);
  double cond_max = 0, cond_min = 1e300, fmax = 0;
  for (const ms::PathRow& r : s.rows) {
    cond_max = std::max(cond_max, r.condition_number);
    cond_min = std::min(cond_min, r.condition_number);
    fmax = std::max(fmax, r.F.cwiseAbs().maxCoeff());
  }
  EXPECT_DOUBLE_EQ(s.condition_max, cond_max);
  EXPECT_DOUBLE_EQ(s.condition_min, cond_min);
  EXPECT_LE(s.condition_min, s.condition_median);
  EXPECT_LE(s.condition_median, s.condition_max);
  EXPECT_GE(s.condition_min, 1.0);
  EXPECT_DOUBLE_EQ(s.max_abs_force, fmax);
  // The dynamic fraction Fd/F of each leg, where |F| >= 25% of its peak.
  double largest_fraction = 0;
  for (int i = 0; i < 6; ++i) {
    const ma::LegSummary& g = s.legs[i];
    double frac = 0;
    for (const ms::PathRow& r : s.rows)
      if (std::abs(r.F[i]) >= 0.25 * g.max_abs_force)
        frac = std::max(frac, std::abs((r.F[i] - r.F0[i]) / r.F[i]));
    EXPECT_NEAR(g.max_abs_dynamic_fraction, frac, 1e-12);
    EXPECT_GT(g.max_abs_force, 0.0);
    EXPECT_GT(g.max_abs_force_improved, 0.0);
    largest_fraction = std::max(largest_fraction, g.max_abs_dynamic_fraction);
  }
  // stewart::summarize applies the same 25% rule over all legs.
  EXPECT_NEAR(s.summary.max_abs_fraction_significant, largest_fraction, 1e-12);
}

TEST(PlatformDatasheet, PaperPathReproducesEvaluatePath) {
  const ms::PaperPath paper = ms::paper_path("I");
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ma::PlatformDatasheetOptions o;
  o.path = paper.spec;
  const ma::PlatformDatasheet s = ma::platform_datasheet(model, o);
  const auto rows = ms::evaluate_path(model, ms::plan_path(paper.spec));
  ASSERT_EQ(s.rows.size(), rows.size());
  const ms::PathSummary ref = ms::summarize(rows);
  EXPECT_DOUBLE_EQ(s.summary.max_abs_F, ref.max_abs_F);
  EXPECT_DOUBLE_EQ(s.max_abs_force, ref.max_abs_F);
  EXPECT_DOUBLE_EQ(s.condition_max, ref.peak_condition);
}

TEST(PlatformDatasheet, LegLimitsSetMidStrokeHomeAndStrokeFraction) {
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  for (ms::LegLimits& l : prm.limits) {
    l.length_min = 0.5;
    l.length_max = 0.9;
    l.force_max = 800;
  }
  const ms::StewartModel model = ms::build_model(prm);
  const ma::PlatformDatasheet s = ma::platform_datasheet(model);
  EXPECT_EQ(s.home_rule, "mid_stroke");
  EXPECT_NEAR(s.home_lengths.mean(), 0.7, 1e-9);
  for (int i = 0; i < 6; ++i) {
    const ma::LegSummary& g = s.legs[i];
    EXPECT_NEAR(g.stroke_available, 0.4, kRoundoff);
    EXPECT_NEAR(g.stroke_fraction, g.stroke_used / 0.4, kRoundoff);
    EXPECT_EQ(g.within_limits, g.length_min_used >= 0.5 && g.length_max_used <= 0.9);
    EXPECT_NEAR(g.force_fraction,
                std::max(g.max_abs_force, g.max_abs_force_improved) / 800, kRoundoff);
  }
  // A long stroke outside the limits is reported, not refused.
  ma::PlatformDatasheetOptions o;
  o.translation_fraction = 2.0;
  const ma::PlatformDatasheet far = ma::platform_datasheet(model, o);
  bool outside = false;
  for (const ma::LegSummary& g : far.legs) outside = outside || !g.within_limits;
  EXPECT_TRUE(outside);
  bool noted = false;
  for (const std::string& w : far.warnings)
    noted = noted || w.find("leaves its length limits") != std::string::npos;
  EXPECT_TRUE(noted);
  // The home height given explicitly.
  o = {};
  o.home_height = 0.65;
  EXPECT_EQ(ma::platform_home_pose(model, o).rule, "option");
  EXPECT_DOUBLE_EQ(ma::platform_home_pose(model, o).t.z(), 0.65);
}

TEST(PlatformDatasheet, CsvFilesHoldTheDatasheetNumbers) {
  const ma::PlatformDatasheet s = ma::platform_datasheet(ms::pedrammehr_test_platform(false));
  const auto dir = std::filesystem::temp_directory_path() / "manipdyn_test_platform_csv";
  std::filesystem::remove_all(dir);
  const auto files = ma::write_platform_datasheet_csv(s, dir);
  ASSERT_EQ(files.size(), 4u);
  const std::string legs = read_file(dir / "legs.csv");
  EXPECT_EQ(legs.substr(0, legs.find('\n')),
            "leg,home_length,length_min_used,length_max_used,stroke_used,length_min,length_max,"
            "stroke_available,stroke_fraction,within_limits,max_abs_force,time_max_force,"
            "max_abs_force_improved,max_abs_force_static,force_max,force_fraction,"
            "max_abs_dynamic_fraction,time_max_dynamic_fraction,max_abs_rate,max_abs_power");
  EXPECT_NE(legs.find(",inf,inf,0,true,"), std::string::npos);  // no limits
  const std::string path = read_file(dir / "path.csv");
  EXPECT_EQ(std::count(path.begin(), path.end(), '\n'), static_cast<long>(s.rows.size()) + 1);
  EXPECT_NE(read_file(dir / "summary.csv").find("home_rule,platform_size"), std::string::npos);
  EXPECT_NE(read_file(dir / "geometry.csv").find("leg,b_x,b_y,b_z"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(PlatformDatasheet, OptionsOutOfRangeAreRejected) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  auto message = [&](auto&& set) {
    ma::PlatformDatasheetOptions o;
    set(o);
    return error_of([&] { ma::platform_datasheet(model, o); });
  };
  EXPECT_EQ(message([](auto& o) { o.duration = 0; }),
            "platform_datasheet: options.duration = 0, expected finite and > 0");
  EXPECT_NE(message([](auto& o) { o.dt = -1; }).find("options.dt = -1"), std::string::npos);
  EXPECT_NE(message([](auto& o) { o.rotation_amplitude = 2; }).find("rotation_amplitude"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.home_height = std::numeric_limits<double>::infinity(); })
                .find("home_height"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) { o.significant_force_fraction = 1; })
                .find("significant_force_fraction"),
            std::string::npos);
  EXPECT_NE(message([](auto& o) {
              o.translation_fraction = 0;
              o.rotation_amplitude = 0;
            }).find("would not move"),
            std::string::npos);
  // Too many samples: plan_path's own error.
  EXPECT_NE(message([](auto& o) { o.dt = 1e-7; }).find("plan_path"), std::string::npos);
}
