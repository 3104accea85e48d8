#pragma once
/// \file arm_datasheet_checks.hpp
/// Private to src/analysis: what the arm datasheet's steps (arm_datasheet.cpp) and the
/// formulation timings (formulation_timings.cpp) share: the checks of their arguments and the
/// platform-independent uniform random numbers of their seeded streams.
#include <random>
#include <vector>

#include "manipdyn/analysis/arm_datasheet.hpp"

namespace manipdyn::analysis::detail {

/// Throws std::invalid_argument "arm_datasheet: options.<field> = <value>, expected <what>" for
/// the first option out of its range.
void check_options(const ArmDatasheetOptions& o);

/// Throws std::invalid_argument "<where>: the model has no joints" for a model without joints.
void check_model(const SerialModel& model, const char* where);

/// Throws std::invalid_argument "<where>: ranges has size <k>, expected <n>" unless there is one
/// range per joint.
void check_ranges(const SerialModel& model, const std::vector<JointRange>& ranges,
                  const char* where);

/// A uniform double in [0, 1) from the top 53 bits of the generator (the same on every platform,
/// unlike std::uniform_real_distribution).
inline double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

}  // namespace manipdyn::analysis::detail
