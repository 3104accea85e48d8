"""Tests of the Stewart-platform forward kinematics and forward dynamics from Python."""
import numpy as np
import pytest

import manipdyn.stewart as st

POSE_TOL = 1e-12       # FK(IK(x)) = x, m and rad
ROUND_TRIP_TOL = 1e-10  # FD(ID(xdd)) = xdd, relative
ENERGY_TOL = 1e-12     # 1/2 xd^T Lambda xd = kinetic energy, relative


def test_forward_kinematics_recovers_the_pose():
    p = st.test_platform(printed_inertias=False)
    t, rpy = [0.2, -0.05, 0.55], [0.1, -0.05, 0.2]
    L = st.inverse_kinematics(p, t=t, rpy=rpy)["L"]
    r = st.forward_kinematics(p, L, t_guess=[0.15, 0.0, 0.5], rpy_guess=[0, 0, 0])
    np.testing.assert_allclose(r["t"], t, atol=POSE_TOL)
    np.testing.assert_allclose(r["rpy"], rpy, atol=POSE_TOL)
    np.testing.assert_allclose(r["R"], st.rpy_to_rotation(rpy), atol=POSE_TOL)
    log = r["residual_log"]
    assert len(log) == r["iterations"] + 1 and log[-1] == r["residual"] < 1e-13
    assert not r["near_singular"] and 1 < r["condition_number"] < 1e3


def test_forward_kinematics_all_returns_distinct_assemblies():
    p = st.test_platform(printed_inertias=False)
    L = st.inverse_kinematics(p, t=[0.15, 0.0, 0.5], rpy=[0, 0, 0])["L"]
    sols = st.forward_kinematics_all(p, L, starts=50, seed=3)
    assert len(sols) >= 1
    assert any(np.linalg.norm(s["t"] - [0.15, 0.0, 0.5]) < 1e-9 for s in sols)
    for s in sols:
        np.testing.assert_allclose(st.inverse_kinematics(p, t=s["t"], R=s["R"])["L"], L, atol=1e-12)
    assert [s["t"][2] for s in sols] == sorted((s["t"][2] for s in sols), reverse=True)


def test_forward_kinematics_errors():
    p = st.test_platform()
    with pytest.raises(ValueError, match=r"forward_kinematics: leg_lengths\[1\] = -1 is not positive"):
        st.forward_kinematics(p, [1, -1, 1, 1, 1, 1], t_guess=[0, 0, 0.5], rpy_guess=[0, 0, 0])
    with pytest.raises(ValueError, match="did not converge .*residual max"):
        st.forward_kinematics(p, [0.05, 3, 0.05, 3, 0.05, 3], t_guess=[0, 0, 0.5], rpy_guess=[0, 0, 0])
    with pytest.raises(ValueError, match="give exactly one of rpy_guess and R_guess"):
        st.forward_kinematics(p, np.ones(6), t_guess=[0, 0, 0.5])
    with pytest.raises(ValueError, match=r"leg_lengths must have shape \(6,\)"):
        st.forward_kinematics(p, np.ones(5), t_guess=[0, 0, 0.5], rpy_guess=[0, 0, 0])
    with pytest.raises(ValueError, match="none of 10 starts converged"):
        st.forward_kinematics_all(p, [0.05, 3, 0.05, 3, 0.05, 3], starts=10)


@pytest.mark.parametrize("model", ["dasgupta", "improved"])
@pytest.mark.parametrize("method", ["direct", "strobe"])
def test_forward_dynamics_inverts_inverse_dynamics(model, method):
    p = st.test_platform(printed_inertias=False)
    kw = dict(t=[0.2, 0.05, 0.55], rpy=[0.1, -0.1, 0.2], v=[0.2, -0.1, 0.3], rpy_d=[0.4, -0.3, 0.5])
    rpy_dd = np.array([1.0, -2.0, 0.5])
    a = np.array([0.5, 1.5, -1.0])
    F = st.inverse_dynamics(p, **kw, a=a, rpy_dd=rpy_dd, f_ext=[1, 2, 3], m_ext=[0.1, 0, 0.2], model=model)["F"]
    r = st.forward_dynamics(p, **kw, F=F, f_ext=[1, 2, 3], m_ext=[0.1, 0, 0.2], model=model, method=method)
    np.testing.assert_allclose(r["a"], a, rtol=ROUND_TRIP_TOL, atol=ROUND_TRIP_TOL)
    np.testing.assert_allclose(r["rpy_dd"], rpy_dd, rtol=ROUND_TRIP_TOL, atol=ROUND_TRIP_TOL)
    lam = r["Lambda"]
    np.testing.assert_array_equal(lam, lam.T)
    assert np.linalg.eigvalsh(lam).min() > 0 and r["positive_definite"]
    # Lambda xdd + mu = H F
    np.testing.assert_allclose(lam @ r["xdd"] + r["mu"], r["H"] @ F, rtol=1e-10, atol=1e-9)
    # 1/2 xd^T Lambda xd = kinetic energy
    omega = st.angular_velocity_from_rpy(kw["rpy"], kw["rpy_d"])
    xd = np.concatenate([kw["v"], omega])
    T = st.kinetic_energy(p, t=kw["t"], rpy=kw["rpy"], v=kw["v"], omega=omega, model=model)
    assert 0.5 * xd @ lam @ xd == pytest.approx(T, rel=ENERGY_TOL)
    np.testing.assert_allclose(st.task_space_inertia(p, t=kw["t"], rpy=kw["rpy"], model=model, method=method),
                               lam, rtol=1e-12, atol=1e-12)


def test_forward_dynamics_errors():
    p = st.test_platform()
    with pytest.raises(ValueError, match=r"forward_dynamics: F\[2\] is nan"):
        st.forward_dynamics(p, t=[0.1, 0, 0.5], rpy=[0, 0, 0], F=[0, 0, np.nan, 0, 0, 0])
    with pytest.raises(ValueError, match="forward_dynamics: model must be 'dasgupta' or 'improved'"):
        st.forward_dynamics(p, t=[0.1, 0, 0.5], rpy=[0, 0, 0], model="x")
    with pytest.raises(ValueError, match="forward_dynamics: method must be 'direct' or 'strobe'"):
        st.forward_dynamics(p, t=[0.1, 0, 0.5], rpy=[0, 0, 0], method="x")
    with pytest.raises(ValueError, match=r"F must have shape \(6,\)"):
        st.forward_dynamics(p, t=[0.1, 0, 0.5], rpy=[0, 0, 0], F=np.zeros(5))
