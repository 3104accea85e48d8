// Python bindings of the configuration space and the frames of a model (chain, tree, fixed root
// or free-flyer): integrate, difference, normalize, neutral, random_configuration
// (serial/configuration.hpp), and the pose and Jacobian of a named frame, the centre of mass and
// its Jacobian (serial/kinematics.hpp). q has nq entries, v nv (Pinocchio's conventions,
// docs/conventions.md "The floating base"); the sizes and the quaternion are checked by the C++
// functions, whose messages reach Python as ValueError.
#include <cstdint>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "manipdyn/serial/centroidal_momentum.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "convert.hpp"
#include "registry.hpp"
#include "workspace.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace pybind11::literals;

// A frame argument: a named frame of the model (str) or a joint's own frame (int: 0-based joint,
// -1 the base frame 0).
NamedFrame frame_argument(const SerialModel& model, const py::handle& frame,
                          const std::string& where) {
  if (py::isinstance<py::str>(frame)) return model.frame(frame.cast<std::string>());
  if (py::isinstance<py::int_>(frame) && !py::isinstance<py::bool_>(frame)) {
    NamedFrame f;
    f.joint = frame.cast<int>();
    return f;
  }
  throw py::type_error(where + ": frame must be a frame name (str) or a joint index (int), got " +
                       std::string(py::str(frame.get_type().attr("__name__"))));
}

Matrix4d py_frame_pose(const SerialModel& model, const py::object& q, const py::object& frame) {
  const std::string where = "frame_pose";
  const NamedFrame f = frame_argument(model, frame, where);
  return frame_pose(model, workspace_for(model), as_vector(q, where, "q"), f);
}

MatrixXd py_frame_jacobian(const SerialModel& model, const py::object& q,
                           const py::object& frame) {
  const std::string where = "frame_jacobian";
  const NamedFrame f = frame_argument(model, frame, where);
  return frame_jacobian(model, workspace_for(model), as_vector(q, where, "q"), f);
}

Vector3d py_center_of_mass(const SerialModel& model, const py::object& q) {
  return center_of_mass(model, workspace_for(model), as_vector(q, "center_of_mass", "q"));
}

MatrixXd py_centroidal_momentum_matrix(const SerialModel& model, const py::object& q) {
  return centroidal_momentum_matrix(model, workspace_for(model),
                                    as_vector(q, "centroidal_momentum_matrix", "q"));
}

Vector6d py_centroidal_momentum(const SerialModel& model, const py::object& q,
                                const py::object& v) {
  return centroidal_momentum(model, workspace_for(model), as_vector(q, "centroidal_momentum", "q"),
                             as_vector(v, "centroidal_momentum", "v"));
}

MatrixXd py_center_of_mass_jacobian(const SerialModel& model, const py::object& q) {
  return center_of_mass_jacobian(model, workspace_for(model),
                                 as_vector(q, "center_of_mass_jacobian", "q"));
}

// link_motion: (v, a), each (n, 6), row i link i's spatial velocity / acceleration [angular;
// linear] in its frame of model.modified.
py::tuple py_link_motion(const SerialModel& model, const py::object& q, const py::object& qd,
                         const py::object& qdd) {
  const std::string where = "link_motion";
  SerialData& data = workspace_for(model);
  link_motion(model, data, as_vector(q, where, "q"), as_vector(qd, where, "qd"),
              as_vector(qdd, where, "qdd"));
  const int n = model.dof();
  MatrixXd v(n, 6), a(n, 6);
  for (int i = 0; i < n; ++i) {
    v.row(i) = data.link_v[i].transpose();
    a.row(i) = data.link_a[i].transpose();
  }
  return py::make_tuple(v, a);
}

// frame_motion: (velocity, acceleration), each 6 = [linear; angular], world axes.
py::tuple py_frame_motion(const SerialModel& model, const py::object& q, const py::object& qd,
                          const py::object& qdd, const py::object& frame) {
  const std::string where = "frame_motion";
  const NamedFrame f = frame_argument(model, frame, where);
  const FrameMotion<double> m =
      frame_motion(model, workspace_for(model), as_vector(q, where, "q"),
                   as_vector(qd, where, "qd"), as_vector(qdd, where, "qdd"), f);
  return py::make_tuple(Vector6d(m.velocity), Vector6d(m.acceleration));
}

// The frames and the centre of mass.
void bind_frames(py::module_& m) {
  m.def("frame_pose", &py_frame_pose, "model"_a, "q"_a, "frame"_a,
        "The pose world <- frame (4, 4) at q (nq): frame is a name of model.frames (a URDF "
        "link, a tool) or a joint index (its own frame, link_transforms(model, q)[i + 1]; -1 the "
        "base frame 0); = link_transforms(model, q)[joint + 1] @ placement. ValueError listing "
        "the known names for an unknown name.");
  m.def("frame_jacobian", &py_frame_jacobian, "model"_a, "q"_a, "frame"_a,
        "The geometric Jacobian (6, nv) of a frame (as frame_pose): [linear velocity of its "
        "origin; angular velocity], world frame, = J v; zero columns for the joints that do not "
        "carry it; for a free-flyer the first six columns take the base twist.");
  m.def("frame_motion", &py_frame_motion, "model"_a, "q"_a, "qd"_a, "qdd"_a, "frame"_a,
        "(velocity, acceleration) of a frame (as frame_pose: a name or a joint index, -1 the "
        "base), each (6,) [linear; angular] in world axes: velocity = J qd (frame_jacobian), "
        "acceleration = J qdd + Jdot qd, the classical acceleration of the frame's origin and "
        "the angular acceleration (Pinocchio's LOCAL_WORLD_ALIGNED); no gravity. q: nq; qd, "
        "qdd: nv.");
  m.def("link_motion", &py_link_motion, "model"_a, "q"_a, "qd"_a, "qdd"_a,
        "(v, a): the spatial velocity and acceleration (n, 6) of every link, row i = [angular; "
        "linear] of link i in its own frame of the modified-DH (Khalil-Kleinfinger) tree, no "
        "gravity; the fixed base at rest, a free-flyer's base moving with qd[:6], qdd[:6] (q: "
        "nq; qd, qdd: nv). The linear part is the velocity / spatial acceleration of the link's "
        "field at the frame origin.");
  m.def("center_of_mass", &py_center_of_mass, "model"_a, "q"_a,
        "The centre of mass (3, world frame, m) of the links (and the free-flyer's base body) at "
        "q (nq).");
  m.def("centroidal_momentum_matrix", &py_centroidal_momentum_matrix, "model"_a, "q"_a,
        "The centroidal momentum matrix A_G (6, nv) of Orin, Goswami & Lee 2013: h_G = A_G v, "
        "rows [linear; angular] about the centre of mass in world axes (Pinocchio's ccrba).");
  m.def("centroidal_momentum", &py_centroidal_momentum, "model"_a, "q"_a, "v"_a,
        "The centroidal momentum h_G (6) = [linear; angular] about the centre of mass, world axes.");
  m.def("center_of_mass_jacobian", &py_center_of_mass_jacobian, "model"_a, "q"_a,
        "The Jacobian of the centre of mass (3, nv, world frame): dc/dt = J_com v.");
}

// The configuration space.
void bind_configuration(py::module_& m) {
  m.def(
      "integrate",
      [](const SerialModel& model, const py::object& q, const py::object& v, double dt) {
        return integrate<double>(model, as_vector(q, "integrate", "q"),
                                 as_vector(v, "integrate", "v"), dt);
      },
      "model"_a, "q"_a, "v"_a, "dt"_a = 1.0,
      "q (nq) moved by the velocity v (nv) for the time dt (s): joints q_j + v_j dt; a "
      "free-flyer's base by SE(3)'s exponential of the body twist v[0:6] dt (Pinocchio's "
      "integrate). ValueError for a wrong size or a quaternion that is not unit.");
  m.def(
      "difference",
      [](const SerialModel& model, const py::object& q0, const py::object& q1) {
        return difference<double>(model, as_vector(q0, "difference", "q0"),
                                  as_vector(q1, "difference", "q1"));
      },
      "model"_a, "q0"_a, "q1"_a,
      "The velocity (nv) that takes q0 to q1 in unit time: integrate(model, q0, "
      "difference(model, q0, q1)) = q1 (the quaternion up to its sign).");
  m.def(
      "normalize",
      [](const SerialModel& model, const py::object& q) {
        return normalize<double>(model, as_vector(q, "normalize", "q"));
      },
      "model"_a, "q"_a, "q (nq) with the free-flyer's quaternion scaled to norm 1.");
  m.def("configuration_names", &configuration_names, "model"_a,
        "The names of q's entries (nq): a free-flyer's base_x, base_y, base_z, base_qx, base_qy, "
        "base_qz, base_qw, then model.joint_names (the CLI's CSV columns q_<name>).");
  m.def("velocity_names", &velocity_names, "model"_a,
        "The names of v's entries (nv): a free-flyer's base_vx, base_vy, base_vz, base_wx, "
        "base_wy, base_wz, then model.joint_names.");
  m.def("generalized_force_names", &generalized_force_names, "model"_a,
        "The names of tau's entries (nv): a free-flyer's base wrench fx, fy, fz, tx, ty, tz, then "
        "model.joint_names.");
  m.def("neutral", [](const SerialModel& model) { return neutral(model); }, "model"_a,
        "The neutral configuration (nq): joints at 0, a free-flyer's base at the origin with the "
        "quaternion (0, 0, 0, 1).");
  m.def(
      "random_configuration",
      [](const SerialModel& model, std::uint64_t seed) {
        return random_configuration(model, seed);
      },
      "model"_a, "seed"_a,
      "A random configuration (nq), reproducible from seed on every platform: joints uniform "
      "within their limits (else [-pi, pi] rad, [-1, 1] m), a free-flyer's position in [-1, 1]^3 "
      "and its quaternion uniform on the rotations.");
}

void bind_configuration_and_frames(py::module_& m) {
  bind_frames(m);
  bind_configuration(m);
}

const bool registered = register_bindings(11, &bind_configuration_and_frames);

}  // namespace
}  // namespace manipdyn::python
