"""manipdyn: dynamics of serial manipulators and Stewart platforms.

SI units and radians throughout; vectors and matrices are NumPy arrays (float64); bad input
raises ValueError with the message of the C++ library (a malformed model file:
"<file>:<line>:<column>: <field>: <problem>").

Serial arms (docs/conventions.md, docs/formulations.md):
    puma560(), stanford_arm(), random_arm(n, seed)
    SerialModel.from_dh(joints, convention, gravity, ..., base=None, tool=None, configurations=None)
    SerialModel.from_urdf(path, base_link=None, tip_link=None, convention="modified", ...),
    SerialModel.from_urdf_string, SerialModel.from_yaml, SerialModel.from_yaml_string,
    model.to_yaml(); read-only base, tool (4x4), configurations (name -> q), q_min, q_max,
    qd_max, tau_max (n), links (list of dicts), configuration(name)
    inverse_dynamics(model, q, qd, qdd, f_ext=None, gravity=None, method="fastest")
    mass_matrix, gravity_torques, bias_torques, coriolis_matrix, velocity_coupling,
    friction_torques, link_transforms, end_effector_pose, jacobian
    operation_counts(n_max=12), operation_counts_table()
Model files (docs/model_files.md; built-in models in models/*.yaml):
    load_model(path, base_link=None, tip_link=None, allow_invalid_inertia=False,
               urdf_friction=True, whole_tree=False, floating_base=False)
                                                    -> SerialModel, stewart.StewartModel or
                                                       parallel.ParallelModel
    save_model(path, model)                         -> YAML, read back bit for bit
    urdf_arm(path, base_link=None, tip_link=None, whole_tree=False, floating_base=False)
                                                    -> dict: model, joint_names, link_names,
                                                       link_offsets, merged_links
    dh_table(model, convention="standard")          -> dict: joints (a, alpha, d, theta, ...),
                                                       base, tool (the numbers of `manipdyn dh`)
Identification, from logs to samples (docs/identification.md):
    read_motion_log(path, n) -> MotionLog: t (N,), q (N, n), qd, tau, current (N, n) or None
    read_motion_log_text(text, n, source="<string>")
    prepare_motion_log(log, sample_rate=0, filter_order=4, cutoff=5.0, tau_cutoff=0,
                       use_measured_qd=True, drive_gains=None, trim=-1, first=0, last=-1,
                       decimate=1) -> dict: t, q, qd, qdd, tau, sample_rate, source
    butterworth(order, cutoff, rate) -> (b, a)       (scipy.signal.butter(order, cutoff, fs=rate))
    filtfilt(b, a, x)                                 (scipy.signal.filtfilt(b, a, x, axis=0))
    central_difference(x, h), resample_uniform(t, x, rate) -> (times, values)

Identification (docs/identification.md; W rows sample-major, p = 14 n standard parameters):
    standard_parameter_names(n), base_parameters(W, names=None, tolerance=None) -> BaseParameters
    (rank, base_indices, K, beta, groupings, base_vector(pi), base_regressor(W)),
    fit_least_squares(W_b, tau, n_joints, weighted=True) -> LeastSquaresFit (estimate, sigmas,
    relative_standard_deviation_percent, condition_number, relative_rms_error per joint),
    fit_physically_consistent(fit, K, prior) -> ConsistentFit (pi, gap_sigma, min_eigenvalue),
    pseudo_inertia(pi, link)
Submodules: manipdyn.stewart (Stewart platform; load_platform, to_yaml), manipdyn.parallel
(parallel robots by description: builtin, from_stewart, load_model, inverse_dynamics), manipdyn.plot_csv
(CSV -> PNG plots), manipdyn.dask (the batch functions on a Dask cluster; imports Dask, which
`import manipdyn` does not). SerialModel, stewart.StewartModel and parallel.ParallelModel pickle
(bit for bit).
"""
from ._manipdyn import *  # noqa: F401,F403
from . import _manipdyn as _core
from ._arguments import wrap_namespace as _wrap_namespace

__version__ = _core.__version__  # the CMake project version (manipdyn/version.hpp)

# pybind11's multi-line "incompatible function arguments" errors become one line naming the
# argument (ValueError for a wrong shape, TypeError for a wrong type).
_wrap_namespace(globals(), "manipdyn")

# manipdyn.stewart and manipdyn.parallel are the Python submodules (with the same one-line
# errors), not the raw bindings that the star import above brings in.
from . import stewart  # noqa: E402,F811
from . import parallel  # noqa: E402,F811

__all__ = [name for name in dir(_core) if not name.startswith("_")]
