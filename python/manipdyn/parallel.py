"""manipdyn.parallel: parallel robots by description (docs/parallel.md).

A base, a moving platform (6 dof, or fewer: a translating Delta, a planar 3-RRR) and legs, each a
modified-DH chain with its actuated joints, closed at the platform by a spherical cut joint.
    builtin(name), builtin_names()                   the built-ins (e.g. 'stewart')
    from_stewart(platform, home=None)                a manipdyn.stewart.StewartModel, improved legs
    load_model(path), from_yaml_string(text), to_yaml(model), save_model(path, model)
                                                     `kind: parallel` YAML files, read back bit for bit
    ParallelModel: name, mobility, leg_count, joint_count, actuated_count, platform_dof, warnings,
                   platform, home, gravity, legs, actuators, to_yaml() (read-only; pickles)
    ParallelData(model)                              buffers to reuse along a motion (data=)
    inverse_kinematics(model, t, rpy=None, R=None, data=None) -> list of leg joint arrays
    inverse_dynamics(model, t, rpy=None, R=None, v=0, omega=None, rpy_d=None, a=0, alpha=None,
                     rpy_dd=None, f_ext=0, m_ext=0, data=None) -> actuator forces (actuated_count,)
The motion keywords are manipdyn.stewart's; leave the rotation and angular terms out for a
translating platform (identity and zero). Bad input raises ValueError with the C++ message.
"""
from ._manipdyn.parallel import *  # noqa: F401,F403
from ._manipdyn import parallel as _parallel
from ._arguments import wrap_namespace as _wrap_namespace

_wrap_namespace(globals(), "manipdyn")

__all__ = [name for name in dir(_parallel) if not name.startswith("_")]
