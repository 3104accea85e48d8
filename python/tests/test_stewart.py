"""Tests of manipdyn.stewart (the Python face of the Stewart-platform part)."""
import numpy as np
import pytest

import manipdyn.stewart as st

TOL = 1e-10


def test_builtin_platform_and_warnings():
    printed = st.test_platform(printed_inertias=True)
    assert any("lower-part inertia I_d0 is not positive semi-definite" in w for w in printed.warnings)
    assert printed.legs[0]["I_d0"][0, 0] == pytest.approx(0.010)
    corrected = st.test_platform(printed_inertias=False)
    assert not any("inertia" in w for w in corrected.warnings)
    assert st.test_platform(variant="pedrammehr").legs[0]["r_u0"][2] == pytest.approx(-0.08)
    np.testing.assert_allclose(np.linalg.norm(printed.k, axis=1), 1.0, atol=1e-15)


def test_build_model_rejects_invalid_inertia_with_leg_and_field():
    p = st.test_platform(False)
    leg = p.legs[0]
    args = dict(b=p.b, k=p.k, p=p.p, m_d=3.0, m_u=1.0, r_d0=leg["r_d0"], r_u0=leg["r_u0"],
                I_d0=np.diag([1.0, 1.0, 3.0]), I_u0=leg["I_u0"], M=40.0, R0=p.R0, I_p=p.I_p)
    with pytest.raises(ValueError, match="leg 1 lower-part inertia I_d0 breaks the triangle inequality"):
        st.build_model(**args)
    m = st.build_model(**args, allow_invalid_inertia=True)
    assert len(m.warnings) == 6
    with pytest.raises(ValueError, match=r"b must have shape \(6, 3\)"):
        st.build_model(**{**args, "b": np.zeros((5, 3))})


def test_inverse_kinematics_rpy_and_rates():
    p = st.test_platform()
    k = st.inverse_kinematics(p, t=[0.2, 0.0, 0.5], rpy=[0.0, 0.1, 0.2], v=[0.1, 0, 0], rpy_d=[0, 0, 0.3])
    assert k["L"].shape == (6,) and k["s"].shape == (6, 3) and len(k["T"]) == 6
    np.testing.assert_allclose(np.linalg.norm(k["S"], axis=1), k["L"], rtol=1e-14)
    # no-spin and exact angular velocities differ only along the leg
    d = k["omega_l"] - k["W"]
    np.testing.assert_allclose(np.cross(d, k["s"]), 0, atol=1e-14)
    np.testing.assert_allclose(np.einsum("ij,ij->i", d, k["s"]), k["spin"], atol=1e-14)
    # same thing given R and omega
    R = st.rpy_to_rotation([0.0, 0.1, 0.2])
    w = st.angular_velocity_from_rpy([0.0, 0.1, 0.2], [0, 0, 0.3])
    a = st.angular_acceleration_from_rpy([0.0, 0.1, 0.2], [0, 0, 0.3], [0, 0, 0])
    k2 = st.inverse_kinematics(p, t=[0.2, 0.0, 0.5], R=R, v=[0.1, 0, 0], omega=w, alpha=a)
    np.testing.assert_allclose(k2["Ldd"], k["Ldd"], rtol=1e-12, atol=1e-14)


def test_leg_rate_matches_finite_difference():
    p = st.test_platform()
    h = 1e-6
    v = np.array([0.05, -0.02, 0.1])
    L = lambda s: st.inverse_kinematics(p, t=np.array([0.2, 0.0, 0.5]) + s * v, rpy=[0, 0, 0])["L"]
    Ld = st.inverse_kinematics(p, t=[0.2, 0.0, 0.5], rpy=[0, 0, 0], v=v)["Ld"]
    np.testing.assert_allclose((L(h) - L(-h)) / (2 * h), Ld, rtol=1e-7, atol=1e-10)


def test_inverse_dynamics_both_models_and_constraint_forces():
    p = st.test_platform()
    kw = dict(t=[0.2, 0.0, 0.5], rpy=[0, 0, 0.1], v=[0.05, 0, 0.05], rpy_d=[0, 0, 0.08], a=[0.03, 0, 0.03])
    d = st.inverse_dynamics(p, **kw, model="dasgupta", constraint_forces=True)
    i = st.inverse_dynamics(p, **kw, model="improved")
    for r in (d, i):
        assert r["F"].shape == (6,) and r["condition_number"] > 1
        np.testing.assert_allclose(r["Fd"], r["F"] - r["F0"], atol=1e-12)
    np.testing.assert_allclose(d["F0"], i["F0"], rtol=TOL)  # massless legs: same model
    assert np.max(np.abs(d["F"] - i["F"])) > 1e-3           # spin and U-joint moment direction
    # the platform balance with the S-joint forces: sum F_s = M (g - a_c) at this (no-rotation-rate) check
    np.testing.assert_allclose(np.einsum("ij,ij->i", d["F_p"], st.inverse_kinematics(p, **kw)["s"]), d["F"],
                               rtol=1e-10)
    assert "F_s" not in i


def test_static_pose_weight_is_carried():
    # at rest, with massless-leg statics: the vertical components of the leg forces carry M g
    p = st.test_platform(False)
    r = st.inverse_dynamics(p, t=[0.1, 0.05, 0.5], rpy=[0, 0, 0])
    s = st.inverse_kinematics(p, t=[0.1, 0.05, 0.5], rpy=[0, 0, 0])["s"]
    assert np.sum(r["F0"] * s[:, 2]) == pytest.approx(p.M * 9.81, rel=1e-12)


def test_errors_are_value_errors_with_names():
    p = st.test_platform()
    with pytest.raises(ValueError, match="model must be 'dasgupta' or 'improved'"):
        st.inverse_dynamics(p, t=[0, 0, 0.5], rpy=[0, 0, 0], model="lagrange")
    with pytest.raises(ValueError, match="leg 2 has zero length at pose"):
        st.inverse_dynamics(p, t=p.b[1] - p.p[1], rpy=[0, 0, 0])
    with pytest.raises(ValueError, match=r"inverse_dynamics_dasgupta: v\[0\] is nan"):
        st.inverse_dynamics(p, t=[0, 0, 0.5], rpy=[0, 0, 0], v=[np.nan, 0, 0])
    with pytest.raises(ValueError, match="exactly one of rpy and R"):
        st.inverse_kinematics(p, t=[0, 0, 0.5])
    with pytest.raises(ValueError, match="position blend time"):
        st.plan_path([0.1, 0, 0.4], [0, 0, 0], [0.3, 0, 0.6], [0, 0, 0], 6, 0.04, 0.08, 0.1)


def test_path_planner_and_evaluation():
    path = st.paper_path("I")
    assert path.tau_t == pytest.approx(6 - np.sqrt(0.08) / 0.08)
    assert len(path.times()) == 61
    s = path.sample(3.0)
    assert np.linalg.norm(s["v"]) == pytest.approx(0.08)
    res = st.evaluate_path(st.test_platform(), path)
    assert res["F"].shape == (61, 6)
    j = int(np.argmin(np.abs(res["time"] - 3.0)))
    one = st.inverse_dynamics(st.test_platform(), t=s["t"], rpy=s["rpy"], v=s["v"], rpy_d=s["rpy_d"],
                              a=s["a"], rpy_dd=s["rpy_dd"])
    np.testing.assert_allclose(res["F"][j], one["F"], rtol=1e-12)
    with pytest.raises(ValueError, match="unknown path 'IV'"):
        st.paper_path("IV")


def _identical_legs_args(p):
    """build_model's arguments for the corrected test platform (identical legs)."""
    leg = p.legs[0]
    return dict(b=p.b, k=p.k, p=p.p, m_d=3.0, m_u=1.0, r_d0=leg["r_d0"], r_u0=leg["r_u0"],
                I_d0=leg["I_d0"], I_u0=leg["I_u0"], M=40.0, R0=p.R0, I_p=p.I_p)


def test_clarified_errors_name_the_input():
    """Issue 18's clarifications: the overflowing input, the leg and field of a NaN, f_ext[0]."""
    p = st.test_platform(False)
    args = _identical_legs_args(p)
    b = np.array(p.b)
    b[0, 0] = 1e200
    far = st.build_model(**{**args, "b": b})
    with pytest.raises(ValueError, match=r"leg 1 length is not finite \(overflow: the base point b_1 "
                                         r"is too large, \|b_1\| = 1e\+200 m\)"):
        st.inverse_kinematics(far, t=[0, 0, 0.5], rpy=[0, 0, 0])
    with pytest.raises(ValueError, match="build_model: leg 1 upper-part mass m_u is nan"):
        st.build_model(**{**args, "m_u": np.nan})
    with pytest.raises(ValueError, match=r"build_model: gravity\[1\] is inf"):
        st.build_model(**args, gravity=[0, np.inf, -9.81])
    for model in ("dasgupta", "improved"):
        with pytest.raises(ValueError, match=r"inverse_dynamics_%s: f_ext\[0\] is nan" % model):
            st.inverse_dynamics(p, t=[0, 0, 0.5], rpy=[0, 0, 0], f_ext=[np.nan, 0, 0], model=model)
        with pytest.raises(ValueError, match=r"forward_dynamics: f_ext\[0\] is nan"):
            st.forward_dynamics(p, t=[0, 0, 0.5], rpy=[0, 0, 0], f_ext=[np.nan, 0, 0], model=model)


def test_gravity_has_the_serial_name():
    p = st.test_platform(False)
    np.testing.assert_array_equal(p.gravity, [0, 0, -9.81])
    args = _identical_legs_args(p)
    assert list(st.build_model(**args, gravity=[0, 0, -1.62]).gravity) == [0, 0, -1.62]
