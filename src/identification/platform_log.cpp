// Reading platform logs (manipdyn/identification/platform_log.hpp) with the one CSV reader.
#include "manipdyn/identification/platform_log.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include <Eigen/Geometry>

#include "log_reading.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/parse_error.hpp"

namespace manipdyn::stewart {
namespace {

const std::vector<std::string> kPosition{"tx", "ty", "tz"};
const std::vector<std::string> kQuaternion{"qw", "qx", "qy", "qz"};
const std::vector<std::string> kRpy{"thx", "thy", "thz"};
const std::vector<std::string> kForces{"F1", "F2", "F3", "F4", "F5", "F6"};

// The header index of each column used: time, position (3), orientation (4 or 3), forces (6).
struct PlatformColumns {
  int time = -1;
  std::vector<int> t, orientation, F;
  bool rpy = false;
};

// The indices of `names`, the absent ones appended to `missing`.
std::vector<int> columns_of(const std::map<std::string, int>& index,
                            const std::vector<std::string>& names,
                            std::vector<std::string>& missing) {
  std::vector<int> cols;
  for (const std::string& name : names) {
    const auto it = index.find(name);
    if (it == index.end())
      missing.push_back(name);
    else
      cols.push_back(it->second);
  }
  return cols;
}

// The columns of the header; throws ParseError at the header line listing every missing one.
PlatformColumns find_columns(const CsvReader& reader) {
  const std::map<std::string, int> index = reader.column_index();
  PlatformColumns c;
  std::vector<std::string> missing, no_quaternion, no_rpy;
  const std::vector<int> time = columns_of(index, {"time"}, missing);
  c.t = columns_of(index, kPosition, missing);
  c.orientation = columns_of(index, kQuaternion, no_quaternion);
  if (!no_quaternion.empty()) {
    c.orientation = columns_of(index, kRpy, no_rpy);
    c.rpy = true;
    if (!no_rpy.empty()) missing.push_back("qw, qx, qy, qz (or thx, thy, thz)");
  }
  c.F = columns_of(index, kForces, missing);
  if (!missing.empty()) {
    std::string list;
    for (std::size_t k = 0; k < missing.size(); ++k)
      list += (k == 0 ? "" : k + 1 == missing.size() ? " and " : ", ") + missing[k];
    throw ParseError(reader.source(), reader.header_line(), 0, "header",
                     "missing column" + std::string(missing.size() > 1 ? "s " : " ") + list +
                         " (a platform log has time, tx, ty, tz, the orientation as qw, qx, qy, "
                         "qz or thx, thy, thz, and F1..F6)");
  }
  c.time = time.front();
  return c;
}

// The finite number in column `j` of the current row.
double finite_cell(const CsvReader& reader, int j) {
  const double x = reader.number(static_cast<std::size_t>(j));
  if (!std::isfinite(x))
    reader.fail(static_cast<std::size_t>(j), std::string("is ") + (std::isnan(x) ? "nan" : "inf"));
  return x;
}

// The orientation of the current row as a unit quaternion (w, x, y, z).
Eigen::Vector4d orientation_of(const CsvReader& reader, const PlatformColumns& c) {
  Eigen::Vector4d q;
  if (c.rpy) {
    const Vector3d th(finite_cell(reader, c.orientation[0]), finite_cell(reader, c.orientation[1]),
                      finite_cell(reader, c.orientation[2]));
    const Eigen::Quaterniond e(rpy_to_rotation(th));
    q << e.w(), e.x(), e.y(), e.z();
    return e.w() < 0 ? Eigen::Vector4d(-q) : q;
  }
  for (int j = 0; j < 4; ++j) q(j) = finite_cell(reader, c.orientation[static_cast<std::size_t>(j)]);
  if (!(std::abs(q.norm() - 1.0) <= platform_log_quaternion_tolerance)) {
    std::ostringstream os;
    os << "the quaternion (qw, qx, qy, qz) = (" << q(0) << ", " << q(1) << ", " << q(2) << ", "
       << q(3) << ") has norm " << q.norm() << ", not 1 (within "
       << platform_log_quaternion_tolerance << ")";
    reader.fail(static_cast<std::size_t>(c.orientation[0]), os.str());
  }
  return q.normalized();
}

PlatformLog read_log(std::istream& in, const std::string& source) {
  CsvReader reader(in, source);
  const PlatformColumns c = find_columns(reader);
  std::vector<double> time;
  std::vector<Vector3d> t;
  std::vector<Eigen::Vector4d> q;
  std::vector<Vector6d> F;
  int previous_line = 0;
  // one sample per row: the time strictly after the previous one, every cell finite
  while (reader.next()) {
    detail::append_log_time(reader, static_cast<std::size_t>(c.time), time, previous_line);
    previous_line = reader.line();
    t.emplace_back(finite_cell(reader, c.t[0]), finite_cell(reader, c.t[1]), finite_cell(reader, c.t[2]));
    q.push_back(orientation_of(reader, c));
    Vector6d f;
    for (int i = 0; i < 6; ++i) f(i) = finite_cell(reader, c.F[static_cast<std::size_t>(i)]);
    F.push_back(f);
  }
  const auto n = static_cast<Eigen::Index>(time.size());
  if (n < min_platform_log_samples)
    throw ParseError(source, 0, 0, "",
                     "has " + std::to_string(n) + " sample" + (n == 1 ? "" : "s") + ", at least " +
                         std::to_string(min_platform_log_samples) + " are needed");
  // the columns as matrices, one row per sample
  PlatformLog log;
  log.source = source;
  log.from_rpy = c.rpy;
  log.time = Eigen::Map<const VectorXd>(time.data(), n);
  log.t.resize(n, 3);
  log.quaternion.resize(n, 4);
  log.F.resize(n, 6);
  for (Eigen::Index k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    log.t.row(k) = t[i].transpose();
    log.quaternion.row(k) = q[i].transpose();
    log.F.row(k) = F[i].transpose();
  }
  return log;
}

}  // namespace

PlatformLog read_platform_log(const std::filesystem::path& file) {
  const std::string source = file.string();
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
  std::ifstream in(file);
  if (ec || !in) throw ParseError(source, 0, 0, "", "cannot be read");
  detail::check_log_bytes(source, bytes, "platform log");
  return read_log(in, source);
}

PlatformLog read_platform_log_text(const std::string& text, const std::string& source) {
  detail::check_log_bytes(source, text.size(), "platform log");
  std::istringstream in(text);
  return read_log(in, source);
}

}  // namespace manipdyn::stewart
