// The general parallel-robot engine against the dedicated Stewart module: from_stewart of the
// papers' platforms reproduces the improved (U-joint) model's leg forces on the papers' paths.
#include <gtest/gtest.h>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "manipdyn/stewart/trajectory.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {
double relative_difference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).norm() / std::max(1.0, b.norm());
}
}  // namespace

TEST(ParallelStewart, ReproducesTheImprovedModelOnThePapersPaths) {
  for (const ms::PaperPath& pp : ms::paper_paths()) {
    for (const bool printed : {true, false}) {
      const ms::StewartModel sm = pp.pedrammehr ? ms::pedrammehr_test_platform(printed) : ms::dasgupta_test_platform(printed);
      const ms::PlannedPath path = ms::plan_path(pp.spec);
      Eigen::Isometry3d home = Eigen::Isometry3d::Identity();
      const ms::PlatformMotion start = ms::sample_path(path, 0.0).motion();
      home.linear() = start.R;
      home.translation() = start.t;
      const mp::ParallelModel pm = mp::from_stewart(sm, home);
      mp::ParallelData pd(pm);
      ms::StewartData sd(sm);
      double worst = 0;
      for (const double t : ms::path_times(path)) {
        const ms::PlatformMotion x = ms::sample_path(path, t).motion();
        ms::ExternalWrench w;
        w.f = Vector3d(3.0, -2.0, 5.0);
        w.m = Vector3d(0.5, 0.2, -0.3);
        const Vector6d F = ms::inverse_dynamics(ms::DynamicsModel::improved, sm, sd, x, w);
        const Eigen::VectorXd tau = mp::inverse_dynamics(pm, pd, x, w);
        worst = std::max(worst, relative_difference(tau, F));
      }
      EXPECT_LT(worst, 1e-9) << "path " << pp.name << (printed ? " printed" : " corrected");
      std::printf("path %s %s: worst relative difference %.2e\n", pp.name.c_str(), printed ? "printed" : "corrected", worst);
    }
  }
}
