// Whole-path evaluation and the papers' studies (Dasgupta 1998 sec. 5; Pedrammehr 2012 sec. 9).
#include "manipdyn/stewart/studies.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <ostream>
#include <stdexcept>

#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"

namespace manipdyn::stewart {

std::vector<PathRow> evaluate_path(const StewartModel& model, const PlannedPath& path,
                                   const InverseDynamicsOptions& options,
                                   const std::function<void(std::size_t, std::size_t)>& progress) {
  const std::vector<double> times = path_times(path);
  std::vector<PathRow> rows;
  rows.reserve(times.size());
  StewartData dd(model), di(model);
  for (std::size_t j = 0; j < times.size(); ++j) {
    const PathSample smp = sample_path(path, times[j]);
    const PlatformMotion m = smp.motion();
    try {
      inverse_dynamics_dasgupta(model, dd, m, {}, options);
      inverse_dynamics_improved(model, di, m, {}, options);
    } catch (const std::invalid_argument& e) {
      std::ostringstream os;
      os << "path at time " << times[j] << " s (step " << j << "): " << e.what();
      throw std::invalid_argument(os.str());
    }
    PathRow r;
    r.time = times[j];
    r.t = smp.t;
    r.theta = smp.theta;
    r.L = dd.L;
    r.Ld = dd.Ld;
    r.F = dd.F;
    r.F0 = dd.F0;
    r.Fd = dd.Fd;
    r.fraction = dd.dynamic_fraction;
    r.F_improved = di.F;
    r.condition_number = dd.condition_number;
    r.ill_conditioned = dd.ill_conditioned;
    for (int i = 0; i < kLegs; ++i) {
      r.w_nospin(i) = dd.W.col(i).norm();
      r.a_nospin(i) = dd.A.col(i).norm();
      r.w_exact(i) = di.omega_l.col(i).norm();
      r.a_exact(i) = di.alpha_l.col(i).norm();
    }
    r.spin = di.spin;
    r.spin_acc = di.spin_acc;
    rows.push_back(r);
    if (progress && (j % 50 == 0 || j + 1 == times.size())) progress(j + 1, times.size());
  }
  return rows;
}

void write_path_csv(std::ostream& os, const std::vector<PathRow>& rows) {
  const auto legs = [&](const char* p) {
    for (int i = 1; i <= kLegs; ++i) os << "," << p << i;
  };
  os << "time,tx,ty,tz,thx,thy,thz";
  legs("L");
  legs("Ld");
  legs("F");
  legs("F0_");
  legs("Fd_");
  legs("frac");
  legs("Fimp");
  legs("dF");
  os << ",cond,ill";
  legs("w_nospin");
  legs("w_exact");
  legs("a_nospin");
  legs("a_exact");
  legs("spin");
  legs("spin_acc");
  os << "\n" << std::setprecision(12);
  const auto put = [&](const auto& v) {
    for (Eigen::Index i = 0; i < v.size(); ++i) os << "," << v(i);
  };
  for (const PathRow& r : rows) {
    os << r.time;
    put(r.t);
    put(r.theta);
    put(r.L);
    put(r.Ld);
    put(r.F);
    put(r.F0);
    put(r.Fd);
    put(r.fraction);
    put(r.F_improved);
    put(Vector6d(r.F_improved - r.F));
    os << "," << r.condition_number << "," << (r.ill_conditioned ? 1 : 0);
    put(r.w_nospin);
    put(r.w_exact);
    put(r.a_nospin);
    put(r.a_exact);
    put(r.spin);
    put(r.spin_acc);
    os << "\n";
  }
}

std::vector<PaperPath> paper_paths() {
  std::vector<PaperPath> out;
  PathSpec one;  // Dasgupta 1998 Path I
  one.t0 = Vector3d(0.1, 0.0, 0.4);
  one.theta0 = Vector3d(0.0, 0.0, -0.2);
  one.t1 = Vector3d(0.3, 0.0, 0.6);
  one.theta1 = Vector3d(0.0, 0.0, 0.2);
  one.tau_f = 6;
  one.V = 0.08;
  one.Omega = 0.08;
  one.dt = 0.1;
  PathSpec two = one;  // Path II: ten times faster
  two.tau_f = 0.6;
  two.V = 0.8;
  two.Omega = 0.8;
  two.dt = 0.01;
  PathSpec three;  // Path III: through a singularity
  three.t0 = Vector3d(0.4, 1.4, 1.2);
  three.theta0 = Vector3d(0.1, 0.2, 0.0);
  three.t1 = Vector3d(0.8, 1.8, 1.8);
  three.theta1 = Vector3d(0.3, 0.4, 0.0);
  three.tau_f = 6;
  three.V = 0.2;
  three.Omega = 0.08;
  three.dt = 0.1;
  PathSpec p1;  // Pedrammehr 2012 Path 1: x-directional, constant velocity, fixed orientation
  p1.t0 = Vector3d(0.1, 0.0, 0.5);
  p1.t1 = Vector3d(0.6, 0.0, 0.5);
  p1.tau_f = 6;
  p1.V = 0.08;
  p1.Omega = 0.08;
  p1.dt = 0.05;
  p1.profile = PathProfile::constant_velocity;
  out.push_back({"I", "Dasgupta 1998 Path I: t 0.1,0,0.4 -> 0.3,0,0.6; theta_z -0.2 -> 0.2; tau_f 6, V = Omega = 0.08, dt 0.1", false, one});
  out.push_back({"II", "Dasgupta 1998 Path II: Path I ten times faster (tau_f 0.6, V = Omega = 0.8, dt 0.01)", false, two});
  out.push_back({"III", "Dasgupta 1998 Path III: t 0.4,1.4,1.2 -> 0.8,1.8,1.8; theta 0.1,0.2,0 -> 0.3,0.4,0; tau_f 6, V 0.2, Omega 0.08, dt 0.1", false, three});
  out.push_back({"1", "Pedrammehr 2012 Path 1: x 0.1 -> 0.6 at z 0.5, fixed orientation, constant velocity 0.5/6 m/s (printed V = 0.08 is infeasible), dt 0.05", true, p1});
  out.push_back({"2", "Pedrammehr 2012 Path 2 (= Dasgupta Path I) on the Pedrammehr data (r_u0 z = -0.08)", true, one});
  out.push_back({"3", "Pedrammehr 2012 Path 3 (= Dasgupta Path II) on the Pedrammehr data", true, two});
  return out;
}

PaperPath paper_path(const std::string& name) {
  for (const PaperPath& p : paper_paths())
    if (p.name == name) return p;
  throw std::invalid_argument("paper_path: unknown path '" + name +
                              "' (expected I, II, III (Dasgupta 1998) or 1, 2, 3 (Pedrammehr 2012))");
}

PathSummary summarize(const std::vector<PathRow>& rows) {
  PathSummary s;
  Vector6d peak = Vector6d::Zero();
  for (const PathRow& r : rows) peak = peak.cwiseMax(r.F.cwiseAbs());
  for (const PathRow& r : rows) {
    s.max_abs_F = std::max(s.max_abs_F, r.F.cwiseAbs().maxCoeff());
    s.max_abs_F_improved = std::max(s.max_abs_F_improved, r.F_improved.cwiseAbs().maxCoeff());
    s.max_abs_model_difference = std::max(s.max_abs_model_difference, (r.F_improved - r.F).cwiseAbs().maxCoeff());
    s.max_abs_fraction = std::max(s.max_abs_fraction, r.fraction.cwiseAbs().maxCoeff());
    for (int i = 0; i < kLegs; ++i)
      if (std::abs(r.F(i)) >= 0.25 * peak(i) && std::abs(r.fraction(i)) > s.max_abs_fraction_significant) {
        s.max_abs_fraction_significant = std::abs(r.fraction(i));
        s.max_fraction_leg = i + 1;
        s.max_fraction_time = r.time;
      }
    if (r.condition_number > s.peak_condition) {
      s.peak_condition = r.condition_number;
      s.peak_condition_time = r.time;
      s.peak_condition_t = r.t;
      s.peak_condition_theta = r.theta;
    }
    s.max_spin = std::max(s.max_spin, r.spin.cwiseAbs().maxCoeff());
    s.max_spin_acc = std::max(s.max_spin_acc, r.spin_acc.cwiseAbs().maxCoeff());
  }
  return s;
}

}  // namespace manipdyn::stewart
