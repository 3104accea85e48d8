// The built-in parallel robots by name (builtin_registry.hpp).
#include "manipdyn/parallel/builtin_registry.hpp"

#include <stdexcept>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::parallel {

const std::vector<BuiltinModel>& builtin_models() {
  // one row per built-in: name, description, builder
  static const std::vector<BuiltinModel> table = {
      {"stewart",
       "the Stewart platform of Dasgupta & Mruthyunjaya 1998 (corrected inertias) with the improved "
       "U-joint legs: from_stewart(dasgupta_test_platform(false))",
       [] { return from_stewart(stewart::dasgupta_test_platform(false)); }},
      {"delta", "a Delta robot (Clavel) of the CIIRC RL5-1450 testbed's published numbers: delta_rl5_1450()",
       [] { return delta_rl5_1450(); }},
      {"six_rus", "a desktop rotary hexapod 6-RUS: six_rus() with its defaults", [] { return six_rus(); }},
      {"three_prs", "a 3-PRS (z and two tilts; x, y and yaw follow): three_prs() with its defaults",
       [] { return three_prs(); }},
      {"planar_3rrr", "a planar 3-RRR: planar_3rrr() with its defaults", [] { return planar_3rrr(); }},
      {"five_bar", "a five-bar (planar, 2 dof): five_bar() with its defaults", [] { return five_bar(); }},
  };
  return table;
}

std::string builtin_model_names() {
  std::string names;
  for (const BuiltinModel& b : builtin_models()) names += (names.empty() ? "" : ", ") + b.name;
  return names;
}

ParallelModel builtin_model(const std::string& name) {
  for (const BuiltinModel& b : builtin_models())
    if (b.name == name) return b.build();
  throw std::invalid_argument("unknown built-in parallel robot '" + name + "' (known: " + builtin_model_names() + ")");
}

}  // namespace manipdyn::parallel
