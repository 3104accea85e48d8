// Published regression values: the PUMA 560's inverse dynamics, mass matrix, gravity torques,
// Coriolis matrix and forward dynamics as printed by Corke's Robotics Toolbox, each with the place
// it was published (tests/data/published/puma560_robotics_toolbox.txt says where and how; RBDL
// keeps its reference values the same way). The library must agree to the printed digits.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

// A number printed without decimals is taken to the 4 decimals the source asserts.
constexpr int kDecimalsOfAnInteger = 4;
// On top of half a unit in the last digit: the rounding of our own double arithmetic.
constexpr double kRounding = 1e-12;

struct Published {
  double value = 0.0;
  double tolerance = 0.0;  // half a unit in the last printed digit
};

Published published(const std::string& text) {
  const std::size_t point = text.find('.');
  const int decimals = point == std::string::npos ? kDecimalsOfAnInteger
                                                  : static_cast<int>(text.size() - point - 1);
  return {std::stod(text), 0.5 * std::pow(10.0, -decimals) + kRounding};
}

struct Record {
  std::string name, source, compute;
  std::map<std::string, std::vector<double>> inputs;  // qd, qdd, tau, gravity, f_ext
  std::vector<Published> value;
};

std::vector<Record> read_records(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Record> records;
  std::string line, key;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    // a line that starts with a number continues the previous key (a matrix row)
    const bool continued = first.find_first_not_of("+-.0123456789") == std::string::npos;
    if (!continued) key = first;
    if (key == "record") {
      records.emplace_back();
      words >> records.back().name;
      continue;
    }
    if (records.empty()) throw std::runtime_error(path + ": '" + key + "' before any record");
    Record& r = records.back();
    if (key == "source") {
      std::getline(words, r.source);
    } else if (key == "compute") {
      words >> r.compute;
    } else {
      std::vector<std::string> numbers;
      if (continued) numbers.push_back(first);
      for (std::string w; words >> w;) numbers.push_back(w);
      for (const std::string& w : numbers) {
        if (key == "value") {
          r.value.push_back(published(w));
        } else {
          r.inputs[key].push_back(std::stod(w));
        }
      }
    }
  }
  return records;
}

Eigen::Map<const VectorXd> input(const Record& r, const std::string& key, const VectorXd& absent) {
  const auto it = r.inputs.find(key);
  if (it == r.inputs.end()) return {absent.data(), absent.size()};
  return {it->second.data(), static_cast<Eigen::Index>(it->second.size())};
}

// manipdyn's value of the record's quantity, row by row.
std::vector<double> compute(const SerialModel& model, const Record& r) {
  const VectorXd q = model.configuration("qn").q;
  const VectorXd zero = VectorXd::Zero(6);
  const VectorXd qd = input(r, "qd", zero), qdd = input(r, "qdd", zero);
  const VectorXd tau = input(r, "tau", zero);
  const Vector3d gravity = input(r, "gravity", model.gravity);
  const Vector6d f_ext = input(r, "f_ext", zero);
  SerialData data(model);
  MatrixXd result;
  if (r.compute == "inverse_dynamics") {
    result = inverse_dynamics(model, data, q, qd, qdd, gravity, f_ext);
  } else if (r.compute == "gravity_torques") {
    result = gravity_torques(model, data, q, gravity);
  } else if (r.compute == "mass_matrix") {
    result = mass_matrix(model, data, q);
  } else if (r.compute == "coriolis_matrix") {
    result = coriolis_matrix(model, data, q, qd);
  } else if (r.compute == "forward_dynamics") {
    ForwardDynamicsData fd(model);
    result = forward_dynamics(model, fd, q, qd, tau, gravity, f_ext);
  } else {
    ADD_FAILURE() << r.name << ": unknown compute '" << r.compute << "'";
    return {};
  }
  std::vector<double> row_major;
  for (Eigen::Index i = 0; i < result.rows(); ++i)
    for (Eigen::Index j = 0; j < result.cols(); ++j) row_major.push_back(result(i, j));
  return row_major;
}

TEST(PublishedValues, Puma560AgreesWithTheRoboticsToolboxToThePrintedDigits) {
  const std::string path =
      std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/published/puma560_robotics_toolbox.txt";
  const std::vector<Record> records = read_records(path);
  ASSERT_EQ(records.size(), 11u) << path;
  const SerialModel model = puma560(true);
  for (const Record& r : records) {
    SCOPED_TRACE(r.name + " (" + r.source + ")");
    const std::vector<double> ours = compute(model, r);
    ASSERT_EQ(ours.size(), r.value.size());
    for (std::size_t k = 0; k < ours.size(); ++k)
      EXPECT_NEAR(ours[k], r.value[k].value, r.value[k].tolerance) << "entry " << k;
  }
}

}  // namespace
}  // namespace manipdyn
