// The CSV files of an arm's datasheet (analysis/arm_datasheet.hpp: write_arm_datasheet_csv;
// the file formats in docs/datasheet.md), one writer per file.
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "manipdyn/analysis/arm_datasheet.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/io/csv.hpp"

namespace manipdyn::analysis {
namespace {

constexpr const char* kArmWhere = "write_arm_datasheet_csv";

/// ",<prefix>1,<prefix>2,...,<prefix>n": the header cells of one joint vector.
std::string joint_columns(int n, const std::string& prefix) {
  std::string h;
  for (int i = 1; i <= n; ++i) h += "," + prefix + std::to_string(i);
  return h;
}

/// ",v0,v1,...": the cells of one vector, each as csv_number().
void write_values(std::ostream& os, const VectorXd& v) {
  for (int i = 0; i < v.size(); ++i) os << "," << csv_number(v[i]);
}

std::filesystem::path write_summary_csv(const ArmDatasheet& s,
                                        const std::filesystem::path& folder) {
  CsvWriter f(folder / "summary.csv", kArmWhere);
  auto kv = [&](const std::string& key, const std::string& value) {
    f.out << key << "," << csv_text(value) << "\n";
  };
  f.out << "key,value\n";
  kv("name", s.name);
  kv("dof", std::to_string(s.dof));
  kv("convention", to_string(s.convention));
  if (s.is_tree) kv("topology", "tree");
  kv("has_drive", s.has_drive ? "true" : "false");
  kv("gravity_x", csv_number(s.gravity.x()));
  kv("gravity_y", csv_number(s.gravity.y()));
  kv("gravity_z", csv_number(s.gravity.z()));
  kv("total_mass", csv_number(s.total_mass));
  kv("workspace_samples", std::to_string(s.sample_q.rows()));
  kv("seed", std::to_string(s.options.seed));
  kv("motion_duration", csv_number(s.motion.duration));
  kv("motion_shape", to_string(s.motion.shape));
  kv("motion_start", s.motion.start_name);
  kv("motion_goal", s.motion.goal_name);
  kv("limiting_joint", std::to_string(s.motion.limiting_joint + 1));
  kv("condition_min", csv_number(s.condition.min));
  kv("condition_median", csv_number(s.condition.median));
  kv("condition_max", csv_number(s.condition.max));
  kv("singular_samples", std::to_string(s.condition.singular_samples));
  return f.finish();
}

/// dh_standard.csv or dh_modified.csv.
std::filesystem::path write_dh_csv(const DhTable& t, const std::filesystem::path& folder) {
  const std::string file = t.convention == DhConvention::standard ? "dh_standard.csv"
                                                                  : "dh_modified.csv";
  CsvWriter f(folder / file, kArmWhere);
  f.out << (t.is_tree ? "i,name,type,parent,gamma,b,a,alpha,d,theta\n"
                      : "i,name,type,a,alpha,d,theta\n");
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const DhRow& r = t.rows[i];
    f.out << i + 1 << "," << csv_text(r.name) << "," << to_string(r.type) << ",";
    if (t.is_tree)
      f.out << r.parent + 1 << "," << csv_number(r.gamma) << "," << csv_number(r.b) << ",";
    f.out << csv_number(r.a) << "," << csv_number(r.alpha) << "," << csv_number(r.d) << ","
          << csv_number(r.theta) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_base_tool_csv(const ArmDatasheet& s,
                                          const std::filesystem::path& folder) {
  CsvWriter f(folder / "base_tool.csv", kArmWhere);
  f.out << "table,frame,x,y,z,roll,pitch,yaw\n";
  for (const DhTable* t : {&s.dh_standard, &s.dh_modified})
    for (int which = 0; which < 2 && !(s.is_tree && t == &s.dh_standard); ++which) {
      const Eigen::Isometry3d& x = which == 0 ? t->base : t->tool;
      const Vector3d p = x.translation(), rpy = rpy_from_rotation(x.linear());
      f.out << to_string(t->convention) << "," << (which == 0 ? "base" : "tool");
      write_values(f.out, p);
      write_values(f.out, rpy);
      f.out << "\n";
    }
  return f.finish();
}

std::filesystem::path write_links_csv(const ArmDatasheet& s,
                                      const std::filesystem::path& folder) {
  CsvWriter f(folder / "links.csv", kArmWhere);
  f.out << "i,name,type,mass,com_x,com_y,com_z,Ixx,Iyy,Izz,Ixy,Ixz,Iyz,gear_ratio,"
           "reflected_inertia\n";
  for (int i = 0; i < s.dof; ++i) {
    const LinkInertial& l = s.links[i];
    const Matrix3d& I = l.inertia;
    f.out << i + 1 << "," << csv_text(l.name) << "," << to_string(s.ranges[i].type) << ","
          << csv_number(l.mass);
    write_values(f.out, l.com);
    f.out << "," << csv_number(I(0, 0)) << "," << csv_number(I(1, 1)) << ","
          << csv_number(I(2, 2)) << "," << csv_number(I(0, 1)) << "," << csv_number(I(0, 2))
          << "," << csv_number(I(1, 2)) << "," << csv_number(l.gear_ratio) << ","
          << csv_number(l.reflected_inertia) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_joints_csv(const ArmDatasheet& s,
                                       const std::filesystem::path& folder) {
  CsvWriter f(folder / "joints.csv", kArmWhere);
  f.out << "i,type,q_min,q_max,lo,hi,from_limits,qd_max,qd_limit,tau_max\n";
  for (int i = 0; i < s.dof; ++i) {
    const JointRange& r = s.ranges[i];
    f.out << i + 1 << "," << to_string(r.type) << "," << csv_number(r.q_min) << ","
          << csv_number(r.q_max) << "," << csv_number(r.lo) << "," << csv_number(r.hi) << ","
          << (r.from_limits ? "true" : "false") << "," << csv_number(r.qd_max) << ","
          << csv_number(r.qd_limit) << "," << csv_number(r.tau_max) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_gravity_csv(const ArmDatasheet& s,
                                        const std::filesystem::path& folder) {
  CsvWriter f(folder / "gravity.csv", kArmWhere);
  f.out << "i,max_abs_tau_g,tau_g,sample_max_abs_tau_g,fraction_of_tau_max"
        << joint_columns(s.dof, "q") << "\n";
  for (int i = 0; i < s.dof; ++i) {
    const GravityPeak& g = s.gravity_peaks[i];
    f.out << i + 1 << "," << csv_number(g.max_abs) << "," << csv_number(g.value) << ","
          << csv_number(g.sample_max_abs) << "," << csv_number(g.fraction_of_tau_max);
    write_values(f.out, g.pose);
    f.out << "\n";
  }
  return f.finish();
}

std::filesystem::path write_motion_csv(const ArmDatasheet& s,
                                       const std::filesystem::path& folder) {
  const ArmMotion& m = s.motion;
  const int n = s.dof;
  CsvWriter f(folder / "motion.csv", kArmWhere);
  f.out << "time" << joint_columns(n, "q") << joint_columns(n, "qd") << joint_columns(n, "qdd")
        << joint_columns(n, "tau") << joint_columns(n, "power")
        << ",power_total,kinetic,potential\n";
  for (std::size_t k = 0; k < m.time.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(k);
    f.out << csv_number(m.time[k]);
    write_values(f.out, m.q.row(r).transpose());
    write_values(f.out, m.qd.row(r).transpose());
    write_values(f.out, m.qdd.row(r).transpose());
    write_values(f.out, m.tau.row(r).transpose());
    write_values(f.out, m.power.row(r).transpose());
    f.out << "," << csv_number(m.power.row(r).sum()) << "," << csv_number(m.kinetic[k]) << ","
          << csv_number(m.potential[k]) << "\n";
  }
  return f.finish();
}

std::filesystem::path write_motion_peaks_csv(const ArmDatasheet& s,
                                             const std::filesystem::path& folder) {
  const ArmMotion& m = s.motion;
  CsvWriter f(folder / "motion_peaks.csv", kArmWhere);
  f.out << "i,start,goal,max_abs_qd,qd_limit,max_abs_tau,time_max_tau,rms_tau,tau_max,"
           "tau_fraction_of_limit,max_abs_power,time_max_power,max_power,min_power\n";
  for (int i = 0; i < s.dof; ++i)
    f.out << i + 1 << "," << csv_number(m.start[i]) << "," << csv_number(m.goal[i]) << ","
          << csv_number(m.max_abs_qd[i]) << "," << csv_number(s.ranges[i].qd_limit) << ","
          << csv_number(m.max_abs_tau[i]) << "," << csv_number(m.time_max_tau[i]) << ","
          << csv_number(m.rms_tau[i]) << "," << csv_number(s.ranges[i].tau_max) << ","
          << csv_number(m.tau_fraction_of_limit[i]) << "," << csv_number(m.max_abs_power[i])
          << "," << csv_number(m.time_max_power[i]) << "," << csv_number(m.max_power[i])
          << "," << csv_number(m.min_power[i]) << "\n";
  return f.finish();
}

std::filesystem::path write_mass_diagonal_csv(const ArmDatasheet& s,
                                              const std::filesystem::path& folder) {
  const MassDiagonalRange& md = s.mass_diagonal;
  CsvWriter f(folder / "mass_diagonal.csv", kArmWhere);
  f.out << "i,M_min,M_max,gear_ratio,motor_side_min,motor_side_max\n";
  for (int i = 0; i < s.dof; ++i)
    f.out << i + 1 << "," << csv_number(md.min[i]) << "," << csv_number(md.max[i]) << ","
          << csv_number(s.links[i].gear_ratio) << "," << csv_number(md.motor_side_min[i])
          << "," << csv_number(md.motor_side_max[i]) << "\n";
  return f.finish();
}

std::filesystem::path write_condition_number_csv(const ArmDatasheet& s,
                                                 const std::filesystem::path& folder) {
  CsvWriter f(folder / "condition_number.csv", kArmWhere);
  f.out << "statistic,value" << joint_columns(s.dof, "q") << "\n";
  const ArmConditionNumber& c = s.condition;
  f.out << "min," << csv_number(c.min);
  write_values(f.out, c.pose_min);
  f.out << "\nmedian," << csv_number(c.median);
  write_values(f.out, c.pose_median);
  f.out << "\nmax," << csv_number(c.max);
  write_values(f.out, c.pose_max);
  f.out << "\n";
  return f.finish();
}

std::filesystem::path write_workspace_csv(const ArmDatasheet& s,
                                          const std::filesystem::path& folder) {
  CsvWriter f(folder / "workspace.csv", kArmWhere);
  f.out << "sample" << joint_columns(s.dof, "q") << ",condition" << joint_columns(s.dof, "M")
        << "\n";
  for (Eigen::Index k = 0; k < s.sample_q.rows(); ++k) {
    f.out << k;
    write_values(f.out, s.sample_q.row(k).transpose());
    f.out << "," << csv_number(s.sample_condition[static_cast<std::size_t>(k)]);
    write_values(f.out, s.sample_mass_diagonal.row(k).transpose());
    f.out << "\n";
  }
  return f.finish();
}

std::filesystem::path write_timings_csv(const ArmDatasheet& s,
                                        const std::filesystem::path& folder) {
  CsvWriter f(folder / "timings.csv", kArmWhere);
  f.out << "operation,method,median_ns,min_ns,repetitions,calls_per_repetition,note\n";
  for (const FormulationTiming& t : s.timings)
    f.out << t.operation << "," << t.method << "," << csv_number(t.median_ns) << ","
          << csv_number(t.min_ns) << "," << t.repetitions << "," << t.calls_per_repetition
          << "," << csv_text(t.note) << "\n";
  return f.finish();
}

}  // namespace

std::vector<std::filesystem::path> write_arm_datasheet_csv(const ArmDatasheet& s,
                                                           const std::filesystem::path& folder) {
  make_csv_folder(folder, kArmWhere);
  std::vector<std::filesystem::path> written;
  written.push_back(write_summary_csv(s, folder));
  if (!s.is_tree) written.push_back(write_dh_csv(s.dh_standard, folder));
  written.push_back(write_dh_csv(s.dh_modified, folder));
  written.push_back(write_base_tool_csv(s, folder));
  written.push_back(write_links_csv(s, folder));
  written.push_back(write_joints_csv(s, folder));
  written.push_back(write_gravity_csv(s, folder));
  written.push_back(write_motion_csv(s, folder));
  written.push_back(write_motion_peaks_csv(s, folder));
  written.push_back(write_mass_diagonal_csv(s, folder));
  written.push_back(write_condition_number_csv(s, folder));
  written.push_back(write_workspace_csv(s, folder));
  if (!s.timings.empty()) written.push_back(write_timings_csv(s, folder));
  return written;
}


}  // namespace manipdyn::analysis
