// Python bindings of model files (order 40, after SerialModel and manipdyn.stewart): URDF and
// YAML readers as SerialModel.from_urdf/from_yaml, SerialModel.to_yaml, load_model/save_model for
// either kind of model, urdf_arm (the model with what the URDF conversion found beside it) and
// dh_table (both DH tables of any arm, the numbers `manipdyn dh` prints). Malformed files raise
// ValueError with the C++ ParseError message ("<file>:<line>:<column>: <field>: <problem>").
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <variant>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "manipdyn/core/rotation.hpp"
#include "manipdyn/io/model_file.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

// UrdfOptions from the keyword arguments shared by from_urdf, from_urdf_string, urdf_arm.
UrdfOptions urdf_options(const std::string& where, const py::object& base_link,
                         const py::object& tip_link, const std::string& convention,
                         const py::object& gravity, bool allow_invalid_inertia,
                         const py::object& name, bool urdf_friction, bool whole_tree,
                         bool floating_base) {
  UrdfOptions o;
  auto text = [&](const py::object& value, const char* key) {
    if (value.is_none()) return std::string();
    if (!py::isinstance<py::str>(value))
      throw std::invalid_argument(where + ": " + key + " must be a string or None");
    return value.cast<std::string>();
  };
  o.base_link = text(base_link, "base_link");
  o.tip_link = text(tip_link, "tip_link");
  o.name = text(name, "name");
  o.convention = enum_from<DhConvention>(convention, where, "convention");
  if (!gravity.is_none()) o.gravity = as_fixed<3>(gravity, where, "gravity");
  o.allow_invalid_inertia = allow_invalid_inertia;
  o.friction = urdf_friction;
  o.whole_tree = whole_tree;
  o.floating_base = floating_base;
  return o;
}

py::dict py_dh_table(const SerialModel& model, const std::string& convention) {
  const DhChain& chain =
      enum_from<DhConvention>(convention, "dh_table", "convention") == DhConvention::standard
          ? model.standard
          : model.modified;
  py::list joints;
  for (int i = 0; i < chain.n; ++i) {
    py::dict row;
    row["name"] = model.links[i].name;
    row["type"] = to_string(chain.type[i]);
    row["a"] = chain.a[i];
    row["alpha"] = chain.alpha[i];
    row["d"] = chain.d[i];
    row["theta"] = chain.theta[i];
    joints.append(row);
  }
  py::dict out;
  out["convention"] = convention;
  out["joints"] = joints;
  out["base"] = Matrix4d(chain.base.matrix());
  out["tool"] = Matrix4d(chain.tool.matrix());
  out["base_xyz"] = Vector3d(chain.base.translation());
  out["base_rpy"] = rpy_from_rotation(chain.base.linear());
  out["tool_xyz"] = Vector3d(chain.tool.translation());
  out["tool_rpy"] = rpy_from_rotation(chain.tool.linear());
  return out;
}

py::dict urdf_arm_dict(const UrdfArm& arm) {
  py::dict out;
  out["model"] = arm.model;
  out["joint_names"] = arm.joint_names;
  out["link_names"] = arm.link_names;
  py::list offsets;
  for (const auto& x : arm.link_offsets) offsets.append(Matrix4d(x.matrix()));
  out["link_offsets"] = offsets;
  out["merged_links"] = arm.merged_links;
  return out;
}

// The options of the URDF readers, after each one's first line.
const char* const kUrdfDoc = R"doc(

base_link, tip_link: the chain (default: the root link, and the single leaf below it; a
  branching tree needs tip_link, the message lists the candidates).
convention: DH convention of the model's table, "modified" (default: frame i on joint axis i)
  or "standard"; both are always available (dh_table).
gravity: (3) m/s^2 in the base link's frame, default (0, 0, -9.81).
allow_invalid_inertia: accept a non-physical inertia with a warning.
name: model name (default: the URDF robot name).
urdf_friction: read <dynamics damping friction> into the joint friction (default; a warning
  names the joints, since KDL and Pinocchio ignore it); False leaves the joints frictionless.
whole_tree: keep every joint of the tree below base_link (tip_link must be None): a tree in
  Khalil & Kleinfinger's notation, joints depth first (KDL's and Pinocchio's order).
floating_base: the base link floats (a free-flyer root carrying the base body's mass
  properties); a floating joint from the URDF's root link is the free-flyer root too.
Every URDF link below the base link is a named frame of the model (model.frames).
Links on fixed joints are merged into the body they hang from; the base and tool transforms
place DH frame 0 in the base link and the tip link in the last DH frame. A malformed file, an
unsupported joint on the chain or an unknown link raises ValueError naming the file, line and
element.)doc";

// SerialModel's file readers and YAML writer.
void bind_serial_model_files(py::module_& m) {
  auto serial = py::reinterpret_borrow<py::class_<SerialModel>>(m.attr("SerialModel"));
  serial
      .def_static(
          "from_urdf",
          [](const std::filesystem::path& path, const py::object& base_link,
             const py::object& tip_link, const std::string& convention,
             const py::object& gravity, bool allow_invalid_inertia, const py::object& name,
             bool urdf_friction, bool whole_tree, bool floating_base) {
            return serial_model_from_urdf_file(
                path.string(), urdf_options("from_urdf", base_link, tip_link, convention, gravity,
                                   allow_invalid_inertia, name, urdf_friction, whole_tree,
                                  floating_base));
          },
          "path"_a, "base_link"_a = py::none(), "tip_link"_a = py::none(),
          "convention"_a = "modified", "gravity"_a = py::none(),
          "allow_invalid_inertia"_a = false, "name"_a = py::none(), "urdf_friction"_a = true,
          "whole_tree"_a = false, "floating_base"_a = false,
          (std::string("Reads the serial chain base_link -> tip_link of a URDF file as an exact "
                       "DH model.") + kUrdfDoc).c_str())
      .def_static(
          "from_urdf_string",
          [](const std::string& xml, const py::object& base_link, const py::object& tip_link,
             const std::string& convention, const py::object& gravity,
             bool allow_invalid_inertia, const py::object& name, bool urdf_friction,
             bool whole_tree, bool floating_base) {
            return serial_model_from_urdf_string(
                xml, urdf_options("from_urdf_string", base_link, tip_link, convention, gravity,
                                  allow_invalid_inertia, name, urdf_friction, whole_tree,
                                  floating_base));
          },
          "xml"_a, "base_link"_a = py::none(), "tip_link"_a = py::none(),
          "convention"_a = "modified", "gravity"_a = py::none(),
          "allow_invalid_inertia"_a = false, "name"_a = py::none(), "urdf_friction"_a = true,
          "whole_tree"_a = false, "floating_base"_a = false,
          (std::string("As from_urdf, from the URDF text.") + kUrdfDoc).c_str())
      .def_static("from_yaml",
                  [](const std::filesystem::path& path) {
                    return serial_model_from_yaml_file(path.string());
                  },
                  "path"_a,
                  "Reads a YAML model file of a serial arm (docs/model_files.md); ValueError "
                  "'<file>:<line>:<column>: <field>: <problem>' for a malformed file.")
      .def_static("from_yaml_string",
                  [](const std::string& text) {
                    return serial_model_from_yaml_string(text, "<string>");
                  },
                  "text"_a, "As from_yaml, from the YAML text.")
      .def("to_yaml", [](const SerialModel& s) { return serial_model_to_yaml(s); },
           "The model as YAML text (from_yaml_string reads it back to the same model, bit for "
           "bit).");
}

// Model files of any kind: load_model and save_model.
void bind_load_save(py::module_& m) {
  m.def(
      "load_model",
      [](const std::filesystem::path& path, const py::object& base_link,
         const py::object& tip_link, bool allow_invalid_inertia, bool urdf_friction,
         bool whole_tree, bool floating_base) {
        const AnyModel any = load_model(
            path.string(), urdf_options("load_model", base_link, tip_link, "modified", py::none(),
                                        allow_invalid_inertia, py::none(), urdf_friction,
                                        whole_tree, floating_base));
        if (const auto* arm = std::get_if<SerialModel>(&any)) return py::cast(*arm);
        if (const auto* robot = std::get_if<parallel::ParallelModel>(&any)) return py::cast(*robot);
        return py::cast(std::get<stewart::StewartModel>(any));
      },
      "path"_a, "base_link"_a = py::none(), "tip_link"_a = py::none(),
      "allow_invalid_inertia"_a = false, "urdf_friction"_a = true, "whole_tree"_a = false,
      "floating_base"_a = false,
      "Reads a model file: a .urdf file (the serial chain base_link -> tip_link) or a .yaml/.yml "
      "file, a serial arm, a Stewart platform or a parallel robot by its content. Returns a "
      "SerialModel, a manipdyn.stewart.StewartModel or a manipdyn.parallel.ParallelModel; ValueError for a missing or malformed file. The options "
      "are the CLI's: allow_invalid_inertia (--allow-invalid-inertia) accepts a non-physical "
      "inertia in a file of any kind, with a warning in .warnings; urdf_friction=False "
      "(--no-urdf-friction) leaves a URDF's <dynamics damping friction> out of the joint "
      "friction; whole_tree=True keeps every joint of a URDF's tree (--whole-tree); "
      "floating_base=True makes a URDF's base a free-flyer and requires a YAML arm's own "
      "`root: free_flyer` (--floating-base).");
  m.def(
      "save_model",
      [](const std::filesystem::path& path, const py::object& model) {
        if (py::isinstance<SerialModel>(model))
          return save_model(path.string(), model.cast<const SerialModel&>());
        if (py::isinstance<stewart::StewartModel>(model))
          return save_model(path.string(), model.cast<const stewart::StewartModel&>());
        if (py::isinstance<parallel::ParallelModel>(model))
          return save_model(path.string(), model.cast<const parallel::ParallelModel&>());
        throw std::invalid_argument("save_model: model must be a SerialModel or a "
                                    "manipdyn.stewart.StewartModel or a manipdyn.parallel.ParallelModel, got " +
                                    py::str(py::type::of(model)).cast<std::string>());
      },
      "path"_a, "model"_a,
      "Writes a SerialModel, a manipdyn.stewart.StewartModel or a manipdyn.parallel.ParallelModel as a YAML model file (load_model "
      "reads it back to the same model, bit for bit).");
}

// The URDF import in detail and the DH table of any arm.
void bind_urdf_and_dh(py::module_& m) {
  m.def(
      "urdf_arm",
      [](const std::filesystem::path& path, const py::object& base_link,
         const py::object& tip_link, const std::string& convention, const py::object& gravity,
         bool allow_invalid_inertia, const py::object& name, bool urdf_friction,
         bool whole_tree, bool floating_base) {
        return urdf_arm_dict(urdf_arm_from_file(
            path.string(), urdf_options("urdf_arm", base_link, tip_link, convention, gravity,
                               allow_invalid_inertia, name, urdf_friction, whole_tree,
                               floating_base)));
      },
      "path"_a, "base_link"_a = py::none(), "tip_link"_a = py::none(),
      "convention"_a = "modified", "gravity"_a = py::none(), "allow_invalid_inertia"_a = false,
      "name"_a = py::none(), "urdf_friction"_a = true, "whole_tree"_a = false,
      "floating_base"_a = false,
      (std::string("The URDF import with what it found beside the model: a dict with model "
                   "(SerialModel), joint_names (n; URDF movable joints of the chain), link_names "
                   "(n+1; the URDF link carrying body i: the base link, then each joint's "
                   "child), link_offsets (n+1 arrays (4, 4): DH frame i of the model's "
                   "convention <- URDF frame of link_names[i], constant, so that world <- link = "
                   "link_transforms(model, q)[i] @ link_offsets[i]), merged_links (n+1 lists: "
                   "the URDF links merged rigidly into body i).") + kUrdfDoc).c_str());
  m.def("dh_table", &py_dh_table, "model"_a, "convention"_a = "standard",
        R"doc(The DH table of any arm in either convention (the numbers `manipdyn dh` prints).

Returns a dict: convention; joints, a list of n dicts (name, type, a, alpha, d, theta: the
offsets, m and rad; in the modified convention row i holds a_{i-1}, alpha_{i-1}); base
(4, 4) world <- frame 0 and tool (4, 4) frame n <- end-effector of this table; base_xyz,
tool_xyz (3, m) and base_rpy, tool_rpy (3, rad; R = Rz(yaw) Ry(pitch) Rx(roll)). Converting
moves the last standard row's a, alpha into the modified tool and the first modified row's
a, alpha into the standard base.)doc");
}

void bind_model_files(py::module_& m) {
  bind_serial_model_files(m);
  bind_load_save(m);
  bind_urdf_and_dh(m);
}

const bool registered = register_bindings(40, &bind_model_files);

}  // namespace
}  // namespace manipdyn::python
