// libFuzzer target: the YAML readers of serial arms and Stewart platforms. Any input either
// gives a model or throws manipdyn::ParseError; a model is written back and must read back to
// the same text (the round trip is exact). Anything else is a bug. Seed corpus:
// fuzz/corpus/yaml (the built-in models of models/ and small variants).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "manipdyn/io/yaml_model.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const manipdyn::SerialModel model = manipdyn::serial_model_from_yaml_string(text);
    const std::string yaml = manipdyn::serial_model_to_yaml(model);
    if (manipdyn::serial_model_to_yaml(manipdyn::serial_model_from_yaml_string(yaml)) != yaml)
      std::abort();
  } catch (const manipdyn::ParseError&) {
  }
  try {
    const manipdyn::stewart::StewartModel model = manipdyn::stewart_model_from_yaml_string(text);
    const std::string yaml = manipdyn::stewart_model_to_yaml(model);
    if (manipdyn::stewart_model_to_yaml(manipdyn::stewart_model_from_yaml_string(yaml)) != yaml)
      std::abort();
  } catch (const manipdyn::ParseError&) {
  }
  return 0;
}
