#pragma once
/// \file builtin_registry.hpp
/// The built-in parallel robots by name, the one list that the CLI (`manipdyn parallel ...
/// --builtin NAME`) and Python (`manipdyn.parallel.builtin(name)`) read. Adding a built-in is
/// one row of the table in src/parallel/builtin_registry.cpp.
#include <functional>
#include <string>
#include <vector>

#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// One built-in parallel robot: its name, a one-line description and its builder (default
/// parameters).
struct BuiltinModel {
  std::string name;         ///< e.g. "stewart"
  std::string description;  ///< e.g. "the Stewart platform of Dasgupta 1998 (corrected inertias) ..."
  std::function<ParallelModel()> build;  ///< builds the model with its default parameters
};

/// Every built-in, in the order of the table.
const std::vector<BuiltinModel>& builtin_models();

/// The built-in `name`, built; throws std::invalid_argument "unknown built-in parallel robot
/// 'x' (known: stewart, ...)".
ParallelModel builtin_model(const std::string& name);

/// The names of the built-ins, comma-separated (for help texts and messages).
std::string builtin_model_names();

}  // namespace manipdyn::parallel
