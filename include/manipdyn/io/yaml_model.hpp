#pragma once
/// \file yaml_model.hpp
/// YAML model files of serial arms (`kind: serial_arm`), Stewart platforms
/// (`kind: stewart_platform`) and parallel robots by description (`kind: parallel`); the schemas are in docs/model_files.md, the built-in models are
/// in models/*.yaml. Numbers are written in their shortest round-trip form (std::to_chars) and
/// read exactly (std::from_chars), so that writing a model and reading it back gives the same
/// model bit for bit. A malformed file throws ParseError with the file, the 1-based line and
/// column of the offending node and its field path ("links[2].inertia", "legs[4].upper.mass";
/// list indices 0-based as in YAML), e.g.
/// "arm.yaml:14:7: links[2].inertia: is not symmetric (I(0,1) = 0.1, I(1,0) = 0.2)".
/// Unknown fields are errors (typo protection, with "did you mean"); no half-built model is
/// ever returned.
#include <string>

#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/parallel/model.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn {

/// Reads a serial-arm model file (`kind: serial_arm`): DH table in either convention, inertial,
/// drive and limit data per link, gravity, base and tool transforms, named configurations.
/// The physical checks are SerialModel::from_table's; its errors are reported at the node they
/// concern. Throws ParseError (also when the file cannot be opened).
SerialModel serial_model_from_yaml_file(const std::string& path);
/// As serial_model_from_yaml_file, from the YAML text; `label` names the source in messages.
SerialModel serial_model_from_yaml_string(const std::string& text,
                                          const std::string& label = "<string>");
/// The YAML text of a serial arm (`kind: serial_arm`), SI units and radians, every number in
/// its shortest round-trip form; the builder's warnings are written as comments. Reading it
/// back gives a model equal to `model` bit for bit in every field.
std::string serial_model_to_yaml(const SerialModel& model);

/// Reads a Stewart-platform model file (`kind: stewart_platform`): six legs (base point, U-joint
/// axis, platform point, lower and upper mass properties, designer's limits), the platform's
/// mass properties, joint friction and gravity. The physical checks are stewart::build_model's;
/// its errors are reported at the node they concern. Throws ParseError.
stewart::StewartModel stewart_model_from_yaml_file(const std::string& path);
/// As stewart_model_from_yaml_file, from the YAML text; `label` names the source in messages.
stewart::StewartModel stewart_model_from_yaml_string(const std::string& text,
                                                     const std::string& label = "<string>");
/// The YAML text of a Stewart platform (`kind: stewart_platform`). The model's unit U-joint
/// axes k are written, so reading it back gives a model equal to `model` bit for bit in every
/// field except a warning "U-joint axis k has norm ...; normalised" of the original input,
/// which the unit axes no longer raise; the builder's warnings are written as comments.
std::string stewart_model_to_yaml(const stewart::StewartModel& model);

/// Reads a parallel-robot model file (`kind: parallel`): the platform's mobility, mass
/// properties and home pose, and each leg's base and end placements, platform point, actuated
/// joints, cut-joint friction, home joint values and joints (modified-DH rows as a serial arm's,
/// with their drive terms). The checks are parallel::build_model's (the legs close at the home
/// pose, the actuation matches the mobility); its errors are reported at the node they concern,
/// the message naming the leg and joint. Throws ParseError (also when the file cannot be opened).
parallel::ParallelModel parallel_model_from_yaml_file(const std::string& path);
/// As parallel_model_from_yaml_file, from the YAML text; `label` names the source in messages.
parallel::ParallelModel parallel_model_from_yaml_string(const std::string& text,
                                                        const std::string& label = "<string>");
/// The YAML text of a parallel robot (`kind: parallel`), every number in its shortest round-trip
/// form; reading it back gives a model equal to `model` bit for bit in every field (the legs'
/// home joint values are the built model's, which build_model keeps). The builder's warnings are
/// written as comments.
std::string parallel_model_to_yaml(const parallel::ParallelModel& model);

}  // namespace manipdyn
