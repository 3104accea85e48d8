"""manipdyn: dynamics of serial manipulators and Stewart platforms.

SI units and radians throughout; vectors and matrices are NumPy arrays (float64); bad input
raises ValueError with the message of the C++ library.

Serial arms (docs/conventions.md, docs/formulations.md):
    puma560(), stanford_arm(), random_arm(n, seed), SerialModel.from_dh(joints, ...)
    inverse_dynamics(model, q, qd, qdd, f_ext=None, gravity=None, method="fastest")
    mass_matrix, gravity_torques, bias_torques, coriolis_matrix, velocity_coupling,
    friction_torques, link_transforms, end_effector_pose, jacobian
    operation_counts(n_max=12), operation_counts_table()
Submodules: manipdyn.stewart (Stewart platform), manipdyn.plot_csv (CSV -> PNG plots).
"""
from ._manipdyn import *  # noqa: F401,F403
from . import _manipdyn as _core

__all__ = [name for name in dir(_core) if not name.startswith("_")]
