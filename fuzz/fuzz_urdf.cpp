// libFuzzer target: the URDF reader, as a chain, a whole tree and a whole tree on a free-flyer.
// Any input either gives a model whose numbers are finite or throws manipdyn::ParseError; anything else (another exception, a crash, a sanitizer report,
// a hang) is a bug. Seed corpus: fuzz/corpus/urdf.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "manipdyn/io/urdf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  // The chain (the default), the whole tree, and the whole tree on a free-flyer.
  manipdyn::UrdfOptions tree;
  tree.whole_tree = true;
  manipdyn::UrdfOptions floating = tree;
  floating.floating_base = true;
  for (const manipdyn::UrdfOptions& options : {manipdyn::UrdfOptions{}, tree, floating}) {
    try {
      const manipdyn::UrdfArm arm = manipdyn::urdf_arm_from_string(xml, options);
      for (const auto& l : arm.model.links)
        if (!std::isfinite(l.a + l.alpha + l.d + l.theta + l.gamma + l.b + l.mass) ||
            !l.inertia.allFinite())
          std::abort();
      for (const auto& f : arm.model.frames)
        if (!f.placement.matrix().allFinite()) std::abort();
    } catch (const manipdyn::ParseError&) {
    }
  }
  return 0;
}
