// The CSV file of a parallel robot's pick-and-place cycle (analysis/parallel_cycle_study.hpp:
// write_parallel_cycle_csv).
#include <string>

#include "manipdyn/analysis/parallel_cycle_study.hpp"
#include "manipdyn/io/csv.hpp"

namespace manipdyn::analysis {

std::filesystem::path write_parallel_cycle_csv(const ParallelCycleStudyResult& result,
                                               const std::filesystem::path& file) {
  CsvWriter f(file, "write_parallel_cycle_csv");
  const Eigen::Index m = result.tau.cols();
  // header: t,x,y,z,tau1..m,tau_max1..m
  f.out << "t,x,y,z";
  for (Eigen::Index j = 1; j <= m; ++j) f.out << ",tau" << j;
  for (Eigen::Index j = 1; j <= m; ++j) f.out << ",tau_max" << j;
  f.out << "\n";
  // one row per grid point
  for (Eigen::Index row = 0; row < result.t.size(); ++row) {
    f.out << csv_number(result.t[row]);
    for (int i = 0; i < 3; ++i) f.out << "," << csv_number(result.position(row, i));
    for (Eigen::Index j = 0; j < m; ++j) f.out << "," << csv_number(result.tau(row, j));
    for (Eigen::Index j = 0; j < m; ++j) f.out << "," << csv_number(result.tau_max[j]);
    f.out << "\n";
  }
  return f.finish();
}

}  // namespace manipdyn::analysis
