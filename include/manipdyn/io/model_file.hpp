#pragma once
/// \file model_file.hpp
/// Model files of any kind: load_model reads a URDF robot or a YAML model file of any kind,
/// choosing by the file's content (not its name); save_model writes YAML (docs/model_files.md).
#include <string>
#include <variant>

#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/parallel/model.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn {

/// A model read from a file: a serial arm, a Stewart platform or a parallel robot.
using AnyModel = std::variant<SerialModel, stewart::StewartModel, parallel::ParallelModel>;

/// Reads the model in `path`, dispatching on its content: an XML document whose root element is
/// <robot> is a URDF arm (serial_model_from_urdf_file(path, urdf)); a YAML mapping with
/// `kind: serial_arm`, `kind: stewart_platform` or `kind: parallel` is read by
/// serial_model_from_yaml_file, stewart_model_from_yaml_file or parallel_model_from_yaml_file. Anything else (another XML root, a YAML document without a
/// known kind, a file that cannot be opened) throws ParseError naming the file.
/// The options are those of every way in (the CLI's --model options, Python's load_model):
/// `urdf.allow_invalid_inertia` accepts a non-physical inertia, with a warning, in a file of any
/// kind (as a YAML file's own `allow_invalid_inertia: true` does); `urdf.floating_base` makes a
/// URDF's base a free-flyer and, for a YAML file, requires the file's own `root: free_flyer`
/// (else ParseError: a YAML model carries its root and base inertia itself); the other fields
/// apply to a URDF file (its chain or whole tree, convention, gravity, name, and
/// UrdfOptions::friction).
AnyModel load_model(const std::string& path, const UrdfOptions& urdf = {});

/// Writes `model` as YAML (serial_model_to_yaml) to `path`, which must end in .yaml or .yml
/// (else std::invalid_argument). The text goes to a temporary file in the same directory, which
/// is then renamed over `path`, so a reader never sees a half-written file. Throws
/// std::invalid_argument if the directory does not exist and std::runtime_error if the file
/// cannot be written, naming the path.
void save_model(const std::string& path, const SerialModel& model);
/// As above for a Stewart platform (stewart_model_to_yaml).
void save_model(const std::string& path, const stewart::StewartModel& model);
/// As above for a parallel robot (parallel_model_to_yaml).
void save_model(const std::string& path, const parallel::ParallelModel& model);

}  // namespace manipdyn
