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


def test_forward_dynamics_undoes_inverse_dynamics():
    robot = P.builtin("stewart")
    t = np.array(robot.home)[:3, 3] + [0.01, 0.02, -0.01]
    x = dict(t=t, v=[0.1, -0.2, 0.05], omega=[0.3, 0.1, -0.2])
    acc = np.array([1.0, -0.5, 2.0, 0.3, -0.4, 0.2])
    tau = P.inverse_dynamics(robot, a=acc[:3], alpha=acc[3:], **x)
    assert np.allclose(P.forward_dynamics(robot, tau, **x), acc, rtol=0, atol=1e-10)
    with pytest.raises(ValueError, match="tau"):
        P.forward_dynamics(robot, tau[:5], **x)


def test_delta_payload_mass_from_its_motor_torques():
    robot = P.delta()
    loaded = P.delta(platform_mass=robot.platform["mass"] + 1.5)
    home = np.array(robot.home)[:3, 3]
    n = 30
    s = 0.4 * np.arange(n)
    t = home + np.c_[0.1 * np.sin(s), 0.08 * np.cos(1.3 * s), 0.05 * np.sin(0.7 * s)]
    v = np.c_[np.cos(s), -np.sin(1.3 * s), 0.5 * np.cos(0.7 * s)]
    a = np.c_[-20 * np.sin(s), -15 * np.cos(1.3 * s), 10 * np.sin(0.7 * s)]
    tau = np.array([P.inverse_dynamics(loaded, t=t[k], v=v[k], a=a[k]) for k in range(n)])
    R = np.repeat(np.eye(3)[None], n, axis=0)
    zero = np.zeros((n, 3))
    e = P.identify_payload(robot, t, R, v, zero, a, zero, tau)
    assert e["fitted"] == [0]
    assert e["mass"] == pytest.approx(1.5, abs=1e-9)
