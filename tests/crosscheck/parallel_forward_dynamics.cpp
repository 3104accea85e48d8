// The general engine's forward dynamics against the dedicated Stewart module: from_stewart of the
// papers' platforms gives the platform accelerations of stewart::forward_dynamics (improved model)
// at several states and along the papers' paths, with friction and an external wrench.
#include <gtest/gtest.h>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "manipdyn/stewart/trajectory.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {
constexpr double kAgreement = 1e-9;  // relative, the figure
}  // namespace

TEST(ParallelForwardDynamicsStewart, ReproducesTheImprovedModel) {
  for (const bool pedrammehr : {false, true}) {
    for (const bool printed : {true, false}) {
      const ms::StewartModel sm = pedrammehr ? ms::pedrammehr_test_platform(printed) : ms::dasgupta_test_platform(printed);
      const mp::ParallelModel pm = mp::from_stewart(sm);
      mp::ParallelData pd(pm);
      ms::StewartData sd(sm);
      double worst = 0;
      for (int k = 0; k < 5; ++k) {
        ms::PlatformMotion x;
        x.t = pm.home.translation() + Vector3d(0.03 * std::sin(k), -0.02 * k, 0.015 * std::cos(2.0 * k));
        x.R = (Eigen::AngleAxisd(0.05 * k, Vector3d(0.3, -0.5, 0.8).normalized())).toRotationMatrix();
        x.v = Vector3d(0.1 * k, -0.2, 0.05 * k);
        x.omega = Vector3d(0.3, 0.1 * k, -0.4);
        ms::ExternalWrench w;
        w.f = Vector3d(3.0, -2.0, 5.0 * k);
        w.m = Vector3d(0.5, 0.2 * k, -0.3);
        Vector6d F;
        for (int i = 0; i < 6; ++i) F(i) = 200.0 * std::sin(1.7 * i + k) + 100.0;
        const Vector6d expected = ms::forward_dynamics(ms::DynamicsModel::improved, sm, sd, x, F, w);
        const Eigen::VectorXd xdd = mp::forward_dynamics(pm, pd, x, Eigen::VectorXd(F), w);
        worst = std::max(worst, (xdd - expected).norm() / std::max(1.0, expected.norm()));
      }
      EXPECT_LT(worst, kAgreement) << (pedrammehr ? "pedrammehr" : "dasgupta") << (printed ? " printed" : " corrected");
      std::printf("%s %s: worst relative difference %.2e\n", pedrammehr ? "pedrammehr" : "dasgupta",
                  printed ? "printed" : "corrected", worst);
    }
  }
}

TEST(ParallelForwardDynamicsStewart, ReproducesTheImprovedModelOnThePapersPaths) {
  for (const ms::PaperPath& pp : ms::paper_paths()) {
    for (const bool printed : {true, false}) {
      const ms::StewartModel sm = pp.pedrammehr ? ms::pedrammehr_test_platform(printed) : ms::dasgupta_test_platform(printed);
      const ms::PlannedPath path = ms::plan_path(pp.spec);
      const ms::PlatformMotion start = ms::sample_path(path, 0.0).motion();
      Eigen::Isometry3d home = Eigen::Isometry3d::Identity();
      home.linear() = start.R;
      home.translation() = start.t;
      const mp::ParallelModel pm = mp::from_stewart(sm, home);
      mp::ParallelData pd(pm);
      ms::StewartData sd(sm);
      ms::ExternalWrench w;
      w.f = Vector3d(3.0, -2.0, 5.0);
      w.m = Vector3d(0.5, 0.2, -0.3);
      double worst = 0, worst_path = 0;
      const std::vector<double> times = ms::path_times(path);
      for (std::size_t k = 0; k < times.size(); k += 7) {
        const ms::PlatformMotion x = ms::sample_path(path, times[k]).motion();
        // the path's forces back to accelerations, by both modules
        const Vector6d F = ms::inverse_dynamics(ms::DynamicsModel::improved, sm, sd, x, w);
        const Vector6d expected = ms::forward_dynamics(ms::DynamicsModel::improved, sm, sd, x, F, w);
        const Eigen::VectorXd xdd = mp::forward_dynamics(pm, pd, x, Eigen::VectorXd(F), w);
        Vector6d on_path;
        on_path << x.a, x.alpha;
        worst = std::max(worst, (xdd - expected).norm() / std::max(1.0, expected.norm()));
        worst_path = std::max(worst_path, (xdd - on_path).norm() / std::max(1.0, on_path.norm()));
      }
      EXPECT_LT(worst, kAgreement) << "path " << pp.name << (printed ? " printed" : " corrected");
      EXPECT_LT(worst_path, kAgreement) << "path " << pp.name << (printed ? " printed" : " corrected");
      std::printf("path %s %s: forward dynamics, worst relative difference %.2e from the Stewart module, %.2e from the path\n",
                  pp.name.c_str(), printed ? "printed" : "corrected", worst, worst_path);
    }
  }
}
