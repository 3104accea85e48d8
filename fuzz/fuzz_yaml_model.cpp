// libFuzzer target: the YAML readers of serial arms, Stewart platforms and parallel robots. Any input either
// gives a model or throws manipdyn::ParseError; a model is written back and must read back to
// the same text, comments aside (the round trip is exact; the comments are the warnings of the
// input, such as a U-joint axis that had to be normalised, which the written file no longer
// raises). Anything else is a bug. Seed corpus: fuzz/corpus/yaml (the models of models/).
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "manipdyn/io/yaml_model.hpp"

namespace {

// The text without its comment lines.
std::string without_comments(const std::string& yaml) {
  std::istringstream in(yaml);
  std::string line, out;
  while (std::getline(in, line))
    if (line.find_first_not_of(' ') == std::string::npos || line[line.find_first_not_of(' ')] != '#')
      out += line + "\n";
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const manipdyn::SerialModel model = manipdyn::serial_model_from_yaml_string(text);
    const std::string yaml = manipdyn::serial_model_to_yaml(model);
    const std::string again =
        manipdyn::serial_model_to_yaml(manipdyn::serial_model_from_yaml_string(yaml));
    if (without_comments(again) != without_comments(yaml)) std::abort();
  } catch (const manipdyn::ParseError&) {
  }
  try {
    const manipdyn::stewart::StewartModel model = manipdyn::stewart_model_from_yaml_string(text);
    const std::string yaml = manipdyn::stewart_model_to_yaml(model);
    const std::string again =
        manipdyn::stewart_model_to_yaml(manipdyn::stewart_model_from_yaml_string(yaml));
    if (without_comments(again) != without_comments(yaml)) std::abort();
  } catch (const manipdyn::ParseError&) {
  }
  try {
    const manipdyn::parallel::ParallelModel model = manipdyn::parallel_model_from_yaml_string(text);
    const std::string yaml = manipdyn::parallel_model_to_yaml(model);
    const std::string again =
        manipdyn::parallel_model_to_yaml(manipdyn::parallel_model_from_yaml_string(yaml));
    if (without_comments(again) != without_comments(yaml)) std::abort();
  } catch (const manipdyn::ParseError&) {
  }
  return 0;
}
