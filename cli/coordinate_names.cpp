// The column names of a model's tables and CSV files (coordinate_names.hpp).
#include "coordinate_names.hpp"

#include "manipdyn/serial/configuration.hpp"

namespace manipdyn::cli {

bool uses_named_coordinates(const SerialModel& model) {
  return !model.is_chain() || model.root != RootJoint::fixed;
}

std::vector<std::string> coordinate_names(const SerialModel& model, const std::string& group) {
  if (group == "q") return configuration_names(model);
  if (group == "tau" || group == "G") return generalized_force_names(model);
  return velocity_names(model);
}

std::vector<std::string> column_names(const SerialModel& model, const std::string& group) {
  std::vector<std::string> columns;
  if (uses_named_coordinates(model)) {
    for (const std::string& name : coordinate_names(model, group))
      columns.push_back(group + "_" + name);
  } else {
    for (int i = 0; i < model.dof(); ++i) columns.push_back(group + std::to_string(i + 1));
  }
  return columns;
}

}  // namespace manipdyn::cli
