"""manipdyn.parallel's built-ins with named parameters, forward kinematics, conditioning and
complete_motion (python/src/parallel_builtins.cpp)."""
import numpy as np
import pytest

import manipdyn as md

P = md.parallel


def test_delta_keywords_default_to_the_rl5_1450():
    default = P.delta()
    builtin = P.builtin("delta")
    x = dict(t=[0.05, -0.02, -0.8], v=[0.1, 0.2, -0.3], a=[1.0, -2.0, 0.5])
    assert np.allclose(P.inverse_dynamics(default, **x), P.inverse_dynamics(builtin, **x), rtol=0, atol=1e-12)
    # a heavier payload needs more torque to hold it: the static difference is that weight's share
    light = P.inverse_dynamics(P.delta(platform_mass=1.0), t=[0, 0, -0.8])
    heavy = P.inverse_dynamics(P.delta(platform_mass=3.0), t=[0, 0, -0.8])
    assert np.all(np.abs(heavy) > np.abs(light))
    with pytest.raises(ValueError, match="unknown parameter 'payload'"):
        P.delta(payload=1.0)
    with pytest.raises(ValueError, match="forearm_length"):
        P.delta(forearm_length=-1.0)


@pytest.mark.parametrize("name", ["six_rus", "three_prs", "planar_3rrr", "five_bar"])
def test_each_builtin_by_keywords_is_the_registered_one(name):
    a, b = getattr(P, name)(), P.builtin(name)
    assert a.to_yaml() == b.to_yaml()


def test_three_prs_motion_is_completed_then_driven():
    robot = P.three_prs()
    rpy = np.array([0.1, -0.05, 0.0])
    R = md.rotation_from_rpy(rpy) if hasattr(md, "rotation_from_rpy") else None
    if R is None:
        c, s = np.cos, np.sin
        Rx = np.array([[1, 0, 0], [0, c(rpy[0]), -s(rpy[0])], [0, s(rpy[0]), c(rpy[0])]])
        Ry = np.array([[c(rpy[1]), 0, s(rpy[1])], [0, 1, 0], [-s(rpy[1]), 0, c(rpy[1])]])
        R = Ry @ Rx
    m = P.complete_motion(robot, t=[0, 0, 0.36], R=R, v=[0, 0, 0.1], omega=[0.2, -0.1, 0.0])
    assert m["t"][2] == pytest.approx(0.36, abs=1e-15)
    assert m["v"][2] == pytest.approx(0.1, abs=1e-15)
    assert abs(m["t"][0]) > 1e-6  # the parasitic motion moved the platform sideways
    tau = P.inverse_dynamics(robot, t=m["t"], R=m["R"], v=m["v"], omega=m["omega"], a=m["a"], alpha=m["alpha"])
    assert tau.shape == (3,) and np.all(np.isfinite(tau))
    with pytest.raises(ValueError, match="complete_motion"):
        P.inverse_dynamics(robot, t=[0.01, 0, 0.36])


def test_forward_kinematics_inverts_inverse_kinematics():
    robot = P.builtin("stewart")
    t = np.array(robot.home)[:3, 3] + [0.02, -0.01, 0.03]
    legs = P.inverse_kinematics(robot, t, rpy=[0.05, -0.04, 0.1])
    lengths = [q[2] for q in legs]
    fk = P.forward_kinematics(robot, lengths)
    assert np.allclose(fk["t"], t, atol=1e-10)
    c = P.conditioning(robot, t)
    assert 0 < c["actuation"] <= 1 and 0 < c["legs"] <= 1
