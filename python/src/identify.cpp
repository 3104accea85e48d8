// Python bindings of the identification pipeline (order 55; identification/identify.hpp):
// identify, predict_torques, identify_payload, with_payload. A run is a dict of samples as
// prepare_motion_log returns it (t, q, qd, qdd, tau), or a log file's path (read and prepared
// with `filter`, a dict of prepare_motion_log's options), or a tuple (path, first, last).
#include <cmath>
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "convert.hpp"
#include "manipdyn/identification/identify.hpp"
#include "manipdyn/identification/identify_from_logs.hpp"
#include "manipdyn/identification/motion_log.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

/// An (N, n) array-like as a matrix, named in errors.
MatrixXd as_rows(const py::handle& obj, const std::string& where, const std::string& name) {
  const auto a = as_float_array(obj, where, name);
  if (a.ndim() != 2)
    throw std::invalid_argument(where + ": " + name + " must be an (N, n) array, got shape " +
                                shape_of(a));
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  return Eigen::Map<const RowMajor>(a.data(), a.shape(0), a.shape(1));
}

/// prepare_motion_log's options from a dict of its keyword names.
LogFilterOptions filter_options(const py::dict& d, const std::string& where) {
  LogFilterOptions o;
  for (const auto& item : d) {
    const std::string key = py::str(item.first);
    const py::handle v = item.second;
    if (key == "sample_rate") o.sample_rate = v.cast<double>();
    else if (key == "filter_order") o.filter_order = v.cast<int>();
    else if (key == "cutoff") o.cutoff = v.cast<double>();
    else if (key == "tau_cutoff") o.tau_cutoff = v.cast<double>();
    else if (key == "use_measured_qd") o.use_measured_qd = v.cast<bool>();
    else if (key == "drive_gains") o.drive_gains = as_vector(v, where, "filter['drive_gains']");
    else if (key == "trim") o.trim = v.cast<int>();
    else if (key == "decimate") o.decimate = v.cast<int>();
    else
      throw std::invalid_argument(where + ": unknown filter option '" + key +
                                  "' (known: sample_rate, filter_order, cutoff, tau_cutoff, "
                                  "use_measured_qd, drive_gains, trim, decimate)");
  }
  return o;
}

/// One run: a samples dict, a path, or (path, first, last).
IdentificationSamples as_run(const py::handle& item, int n, const py::dict& filter,
                             const std::string& where, bool filter_tau = false) {
  if (py::isinstance<py::dict>(item)) {
    const auto d = py::reinterpret_borrow<py::dict>(item);
    IdentificationSamples s;
    for (const char* key : {"t", "q", "qd", "qdd", "tau"})
      if (!d.contains(key))
        throw std::invalid_argument(where + ": a run given as a dict needs the key '" +
                                    std::string(key) + "' (as prepare_motion_log returns)");
    s.t = as_vector(d["t"], where, "t");
    s.q = as_rows(d["q"], where, "q");
    s.qd = as_rows(d["qd"], where, "qd");
    s.qdd = as_rows(d["qdd"], where, "qdd");
    s.tau = as_rows(d["tau"], where, "tau");
    s.source = d.contains("source") ? py::str(d["source"]).cast<std::string>() : "<dict>";
    return s;
  }
  const LogFilterOptions o = filter_options(filter, where);
  // identify() filters the torques with the regressor (parallel filtering); predictions compare
  // with low-passed ones
  LogRun run;
  if (py::isinstance<py::tuple>(item)) {
    const auto t = py::reinterpret_borrow<py::tuple>(item);
    if (t.size() != 3)
      throw std::invalid_argument(where + ": a run given as a tuple is (path, first, last)");
    run = {py::str(t[0]).cast<std::string>(), t[1].cast<int>(), t[2].cast<int>()};
  } else {
    run.file = py::str(item).cast<std::string>();
  }
  return log_run_samples(run, n, o, filter_tau);
}

std::vector<IdentificationSamples> as_runs(const py::object& data, int n, const py::dict& filter,
                                           const std::string& where) {
  std::vector<IdentificationSamples> runs;
  if (py::isinstance<py::dict>(data) || py::isinstance<py::str>(data) ||
      py::isinstance<py::tuple>(data))
    runs.push_back(as_run(data, n, filter, where));
  else
    for (const py::handle item : data) runs.push_back(as_run(item, n, filter, where));
  return runs;
}

py::dict statistics(const IdentificationResult& r) {
  py::dict base("rank"_a = r.base.rank, "indices"_a = r.base.base_indices,
                "groupings"_a = r.base.groupings, "K"_a = r.base.K,
                "tolerance"_a = r.base.tolerance);
  py::dict out("names"_a = r.names, "nominal"_a = r.nominal, "standard"_a = r.standard,
               "base"_a = base, "estimate"_a = r.fit.estimate,
               "standard_deviation"_a = r.fit.standard_deviation,
               "relative_standard_deviation_percent"_a =
                   r.fit.relative_standard_deviation_percent,
               "condition_number"_a = r.fit.condition_number,
               "relative_rms_error"_a = r.fit.relative_rms_error,
               "joint_sigma"_a = r.fit.joint_sigma, "samples"_a = r.samples);
  if (r.coulomb_velocity_scale.scale.size() > 0)
    out["coulomb_velocity_scale"] =
        py::dict("candidates"_a = r.coulomb_velocity_scale.candidates,
                 "error"_a = r.coulomb_velocity_scale.error,
                 "scale"_a = r.coulomb_velocity_scale.scale,
                 "folds"_a = r.coulomb_velocity_scale.folds);
  if (r.consistent.pi.size() > 0)
    out["consistent"] = py::dict("max_gap_sigma"_a = r.consistent.max_gap_sigma,
                                 "min_eigenvalue"_a = r.consistent.min_eigenvalue,
                                 "iterations"_a = r.consistent.iterations,
                                 "converged"_a = r.consistent.converged);
  return out;
}

/// True if any run is given as a log file (its torques then need the parallel filter).
bool has_log_files(const py::object& data) {
  if (py::isinstance<py::dict>(data)) return false;
  if (py::isinstance<py::str>(data) || py::isinstance<py::tuple>(data)) return true;
  for (const py::handle item : data)
    if (!py::isinstance<py::dict>(item)) return true;
  return false;
}

py::tuple py_identify(const SerialModel& model, const py::object& data, bool drive,
                      const py::object& smooth_friction, bool weighted, bool consistent,
                      const py::dict& filter, const py::object& decimation_cutoff, int decimate,
                      int structure_states, unsigned seed) {
  const std::vector<IdentificationSamples> runs = as_runs(data, model.dof(), filter, "identify");
  IdentificationOptions o;
  if (!decimation_cutoff.is_none())
    o.decimation_cutoff = decimation_cutoff.cast<double>();
  else if (has_log_files(data))
    o.decimation_cutoff = filter_options(filter, "identify").cutoff;
  o.decimate = decimate;
  o.drive = drive;
  if (!smooth_friction.is_none()) {
    o.coulomb_velocity_scale = smooth_friction.cast<double>();
    if (!(o.coulomb_velocity_scale >= 0) || !std::isfinite(o.coulomb_velocity_scale))
      throw py::value_error("identify: smooth_friction must be None or >= 0, got " +
                            std::to_string(o.coulomb_velocity_scale));
  }
  o.weighted = weighted;
  o.physically_consistent = consistent;
  o.structure_states = structure_states;
  o.seed = seed;
  IdentificationResult r;
  {
    py::gil_scoped_release release;
    r = identify(model, runs, o);
  }
  return py::make_tuple(r.model, statistics(r));
}

py::dict py_predict_torques(const SerialModel& model, const py::object& data,
                            const py::dict& filter) {
  const IdentificationSamples s = as_run(data, model.dof(), filter, "predict_torques", true);
  const TorquePrediction p = predict_torques(model, s);
  return py::dict("t"_a = s.t, "measured"_a = s.tau, "predicted"_a = p.predicted,
                  "relative_rms_error"_a = p.relative_rms_error, "rms_error"_a = p.rms_error);
}

py::dict py_identify_payload(const SerialModel& model, const py::object& data,
                             const py::dict& filter) {
  const PayloadEstimate p =
      identify_payload(model, as_runs(data, model.dof(), filter, "identify_payload"));
  return py::dict("parameters"_a = p.parameters, "standard_deviation"_a = p.standard_deviation,
                  "names"_a = p.names, "mass"_a = p.mass, "com"_a = p.com,
                  "condition_number"_a = p.condition_number,
                  "unidentifiable"_a = p.unidentifiable,
                  "relative_rms_error_before"_a = p.relative_rms_error_before,
                  "relative_rms_error_after"_a = p.relative_rms_error_after);
}

const char* const kIdentifyDoc = R"doc(Identifies a serial arm's parameters from logged motion.

model: the nominal SerialModel (its kinematics and gravity are kept).
data: runs, each a dict of samples as prepare_motion_log returns (t, q, qd, qdd, tau), a log
  file's path (read with read_motion_log and prepared with `filter`, a dict of
  prepare_motion_log's options), or a tuple (path, first, last) of 0-based log rows.
drive: identify each joint's armature, viscous and Coulomb friction and offset too.
smooth_friction: velocity scale v_s (rad/s) of the smooth tanh Coulomb model on every joint;
  0: the switching model sign(qd); None (default): each joint's v_s chosen from the runs by
  blocked cross-validation (stats["coulomb_velocity_scale"]), written into the model.
weighted: per-joint weighted least squares (else ordinary).
consistent: physically consistent parameters (log-Cholesky + Levenberg-Marquardt).
decimation_cutoff: Hz, the parallel low-pass of the regressor and the torques before
  decimation (Gautier 1997); None: filter's cutoff for runs given as files (whose torques are
  then read unfiltered), 0 (off) for runs given as dicts. decimate: 0 = automatic.
Returns (identified SerialModel, statistics dict: names, nominal, standard (parameter
vectors), base {rank, indices, groupings, K}, estimate, standard_deviation,
relative_standard_deviation_percent, condition_number, relative_rms_error (per joint),
joint_sigma, samples, consistent {max_gap_sigma, min_eigenvalue, ...}, and when the scales were
cross-validated coulomb_velocity_scale {candidates, error (held-out relative RMS error,
candidates x joints), scale (per joint), folds}).
See docs/identification.md.)doc";

const bool registered = register_bindings(55, [](py::module_& m) {
  m.def("identify", &py_identify, "model"_a, "data"_a, py::kw_only(), "drive"_a = true,
        "smooth_friction"_a = py::none(), "weighted"_a = true, "consistent"_a = true,
        "filter"_a = py::dict(), "decimation_cutoff"_a = py::none(), "decimate"_a = 0,
        "structure_states"_a = 0, "seed"_a = 1u, kIdentifyDoc);
  m.def("predict_torques", &py_predict_torques, "model"_a, "data"_a, py::kw_only(),
        "filter"_a = py::dict(),
        "The torques `model` predicts along one run (inverse dynamics at each sample): a dict "
        "t, measured, predicted (N, n), relative_rms_error and rms_error per joint.");
  m.def("identify_payload", &py_identify_payload, "model"_a, "data"_a, py::kw_only(),
        "filter"_a = py::dict(),
        "The payload at the end effector (10 parameters in the last link's frame: m, m c, "
        "inertia about the frame origin) that explains the runs' torques beyond `model`'s: a "
        "dict parameters, standard_deviation, names, mass, com, condition_number, "
        "unidentifiable, relative_rms_error_before/after.");
  m.def(
      "base_condition_log10",
      [](const SerialModel& model, const VectorXd& t, const MatrixXd& q, const MatrixXd& qd,
         const MatrixXd& qdd, bool drive) {
        TrajectorySamples s{t, q, qd, qdd};
        return base_condition_log10(model, structural_base_parameters(model, drive), s, drive);
      },
      "model"_a, "t"_a, "q"_a, "qd"_a, "qdd"_a, "drive"_a = true,
      "log10 of the condition number of the model's base observation matrix over the states "
      "(q, qd, qdd: (N, n)): the cost design_excitation minimises by default.");
  m.def(
      "with_payload",
      [](const SerialModel& arm, const VectorXd& payload, bool allow_invalid_inertia) {
        return with_payload(arm, payload, allow_invalid_inertia);
      },
      "model"_a, "payload"_a, "allow_invalid_inertia"_a = false,
      "The arm with a payload (10 parameters in the last link's frame) added to its last link.");
});

}  // namespace
}  // namespace manipdyn::python
