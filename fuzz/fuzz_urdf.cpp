// libFuzzer target: the URDF reader. Any input either gives a model whose numbers are finite or
// throws manipdyn::ParseError; anything else (another exception, a crash, a sanitizer report,
// a hang) is a bug. Seed corpus: fuzz/corpus/urdf.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "manipdyn/io/urdf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  try {
    const manipdyn::UrdfArm arm = manipdyn::urdf_arm_from_string(xml);
    for (const auto& l : arm.model.links)
      if (!std::isfinite(l.a + l.alpha + l.d + l.theta + l.mass) || !l.inertia.allFinite())
        std::abort();
  } catch (const manipdyn::ParseError&) {
  }
  return 0;
}
