"""manipdyn.stewart: Stewart-platform (6-UPS) inverse kinematics and dynamics.

Dasgupta & Mruthyunjaya 1998 (Newton-Euler with elimination) and the improved universal-joint
model of Pedrammehr et al. 2012; straight-line paths with parabolic blends. See docs/stewart.md.
Model files: load_platform(path) / from_yaml(path), from_yaml_string(text), to_yaml(platform)
(or platform.to_yaml()); manipdyn.load_model and manipdyn.save_model take platforms too. Each
model carries its designer's per-leg limits (platform.limits), which the dynamics do not use.
Payload identification: identify_payload(platform, t, R, v, omega, a, alpha, F, model=...) from
sampled motions and leg forces, or identify_payload(platform, log) from a logged run (a CSV path,
a PlatformLog of read_platform_log, or a dict of arrays; prepare_platform_log shows the filtered
motions); with_payload(platform, parameters) adds the identified payload (docs/identification.md).
Derivatives: inverse_dynamics_derivatives and forward_dynamics_derivatives give dF/dx, dF/dxd,
dF/dxdd and dxdd/dx, dxdd/dxd, dxdd/dF (6 x 6) with x = [t; phi], R <- exp([phi]x) R
(docs/stewart/derivatives.md).
"""
from ._manipdyn.stewart import *  # noqa: F401,F403
from ._manipdyn import stewart as _stewart
from ._arguments import wrap_namespace as _wrap_namespace

# The C++ functions name the fields of their PlatformMotion and ExternalWrench arguments; Python
# passes them as separate arguments.
_wrap_namespace(globals(), "manipdyn", renames={
    "motion.t": "t", "motion.R": "R", "motion.v": "v", "motion.omega": "omega", "motion.a": "a",
    "motion.alpha": "alpha", "wrench.f": "f_ext", "wrench.m": "m_ext",
    "options.condition_warning": "condition_warning"})

__all__ = [name for name in dir(_stewart) if not name.startswith("_")]
