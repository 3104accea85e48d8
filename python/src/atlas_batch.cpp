// Python binding of the workspace atlas over many poses (analysis/workspace_atlas_batch.hpp):
// manipdyn.stewart.atlas_poses_batch, NumPy (N, 6) poses in, a dict of (N,) arrays (or the
// (N, 8) table) out, no Python loop; the GIL is released while the poses are evaluated (on
// `threads` threads). The limits follow the rule of manipdyn.stewart.workspace_atlas, so that the
// batch over its grid gives its arrays bit for bit.
#include <optional>
#include <string>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/eigen.h>

#include "manipdyn/analysis/workspace_atlas_batch.hpp"
#include "atlas_limits.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;
constexpr const char* kWhere = "atlas_poses_batch";

py::object py_atlas_poses_batch(const stewart::StewartModel& platform, const py::object& poses,
                                const std::string& model, const Vector3d& linear_envelope,
                                const Vector3d& angular_envelope, bool forces,
                                double singular_condition, std::optional<double> half_stroke,
                                std::optional<double> u_cone, std::optional<double> s_cone,
                                int threads, bool as_array) {
  // Settings and limits as workspace_atlas (python/src/stewart.cpp): the model's, or the default
  // rule when the model has none or an override is given.
  analysis::AtlasBatchOptions options;
  options.threads = threads;
  options.settings.dynamics = dynamics_model_from(model, kWhere);
  options.settings.envelope.linear = linear_envelope;
  options.settings.envelope.angular = angular_envelope;
  options.settings.forces = forces;
  options.settings.singular_condition = singular_condition;
  analysis::WorkspaceAtlasOptions rule;
  apply_atlas_limit_rule(platform, half_stroke, u_cone, s_cone, rule);
  const analysis::AtlasLegLimits limits = analysis::atlas_limits(platform, rule);
  // The poses as C-ordered float64 (N, 6); the table (N, 8) after the size check.
  const Array pa = as_float_array(poses, kWhere, "poses");
  if (pa.ndim() != 2)
    throw std::invalid_argument(std::string(kWhere) + ": poses must be a 2-D array (N, 6), got shape " +
                                shape_of(pa));
  const py::ssize_t N = pa.shape(0);
  check_batch_size(kWhere, "out", static_cast<double>(N), analysis::kAtlasColumns);
  Array table({N, static_cast<py::ssize_t>(analysis::kAtlasColumns)});
  {
    py::gil_scoped_release release;
    analysis::atlas_poses_batch(
        platform, limits, Eigen::Map<const RowMatrixXd>(pa.data(), N, pa.shape(1)),
        Eigen::Map<RowMatrixXd>(table.mutable_data(), N, analysis::kAtlasColumns), options);
  }
  if (as_array) return std::move(table);
  // The dict: reachable bool, limit and leg int32, the rest float64 (N,).
  const auto t = table.unchecked<2>();
  py::array_t<bool> reachable(N);
  py::array_t<std::int32_t> limit(N), leg(N);
  auto r = reachable.mutable_unchecked<1>();
  auto l = limit.mutable_unchecked<1>();
  auto g = leg.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < N; ++i) {
    r(i) = t(i, 0) != 0;
    l(i) = static_cast<std::int32_t>(t(i, 1));
    g(i) = static_cast<std::int32_t>(t(i, 2));
  }
  py::dict out;
  out["reachable"] = reachable;
  out["limit"] = limit;
  out["leg"] = leg;
  for (int c = 3; c < analysis::kAtlasColumns; ++c) {
    py::array_t<double> column(N);
    auto v = column.mutable_unchecked<1>();
    for (py::ssize_t i = 0; i < N; ++i) v(i) = t(i, c);
    out[analysis::kAtlasColumnNames[static_cast<std::size_t>(c)]] = column;
  }
  return std::move(out);
}

// After the Stewart part (20): the submodule and StewartModel are bound.
const bool registered = register_bindings(41, [](py::module_& m) {
  using namespace pybind11::literals;
  py::module_ stewart = m.attr("stewart");
  py::tuple names(analysis::kAtlasColumns);
  for (int c = 0; c < analysis::kAtlasColumns; ++c)
    names[static_cast<std::size_t>(c)] = analysis::kAtlasColumnNames[static_cast<std::size_t>(c)];
  stewart.attr("ATLAS_COLUMNS") = names;
  stewart.def("atlas_poses_batch", &py_atlas_poses_batch, "platform"_a, "poses"_a,
              "model"_a = "dasgupta", "linear_envelope"_a = Vector3d::Constant(2.0),
              "angular_envelope"_a = Vector3d::Constant(5.0), "forces"_a = true,
              "singular_condition"_a = 1e12, "half_stroke"_a = py::none(), "u_cone"_a = py::none(),
              "s_cone"_a = py::none(), "threads"_a = 0, "as_array"_a = false,
              R"doc(The workspace atlas at N poses (docs/stewart/atlas.md, "Batch"): poses (N, 6),
columns t (3, m), rpy (3, rad), the platform at rest. Returns a dict of (N,) arrays: reachable
(bool), limit (int32: 0 none, 1 length_min, 2 length_max, 3 u_joint_angle, 4 s_joint_angle,
5 singular), leg (int32, 1-based, 0 none), condition_number, max_static_force,
max_envelope_force, max_u_joint_angle, max_s_joint_angle (float64, NaN where not reachable); with
as_array=True the (N, 8) float64 table of these columns (ATLAS_COLUMNS). Entry i equals
workspace_atlas's at that pose bit for bit (same limits rule: the model's, or the default rule
when it has none or half_stroke, u_cone, s_cone is given). threads: 0 = one per hardware thread;
the result does not depend on it. The GIL is released during the computation.)doc");
});

}  // namespace
}  // namespace manipdyn::python
