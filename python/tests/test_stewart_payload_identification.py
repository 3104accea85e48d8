"""Tests of manipdyn.stewart.identify_payload: a payload on the paper's test platform recovered from
the leg forces that the library's own inverse dynamics gives with the payload on; the errors."""
import numpy as np
import pytest

import manipdyn.stewart as st

MASS = 3.0
COM = np.array([0.04, 0.02, 0.1])
I_COM = np.array([[0.03, 0.002, -0.001], [0.002, 0.025, 0.003], [-0.001, 0.003, 0.04]])


def payload_parameters():
    """[m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], inertia about the platform-frame origin."""
    i = I_COM + MASS * (COM @ COM * np.eye(3) - np.outer(COM, COM))
    return np.array([MASS, *(MASS * COM), i[0, 0], i[0, 1], i[1, 1], i[0, 2], i[1, 2], i[2, 2]])


def exciting_motion(n, rotate=True):
    """Sinusoids in every coordinate about the middle of Dasgupta's Path I (analytic derivatives)."""
    tau = np.linspace(0.0, 2.0, n, endpoint=False)[:, None]
    wt, wr = np.array([5.1, 6.3, 7.7]), np.array([6.7, 5.5, 4.9])
    at, ar = np.array([0.05, 0.06, 0.04]), np.array([0.12, 0.10, 0.15]) * (1.0 if rotate else 0.0)
    ph = np.arange(3)
    t = np.array([0.2, 0.0, 0.5]) + at * np.sin(wt * tau + ph)
    v = at * wt * np.cos(wt * tau + ph)
    a = -at * wt ** 2 * np.sin(wt * tau + ph)
    th = ar * np.sin(wr * tau + 0.5 * ph)
    thd = ar * wr * np.cos(wr * tau + 0.5 * ph)
    thdd = -ar * wr ** 2 * np.sin(wr * tau + 0.5 * ph)
    R = np.array([st.rpy_to_rotation(x) for x in th])
    omega = np.array([st.angular_velocity_from_rpy(x, xd) for x, xd in zip(th, thd)])
    alpha = np.array([st.angular_acceleration_from_rpy(x, xd, xdd) for x, xd, xdd in zip(th, thd, thdd)])
    return dict(t=t, R=R, v=v, omega=omega, a=a, alpha=alpha)


def leg_forces(platform, motion, model):
    keys = ("t", "R", "v", "omega", "a", "alpha")
    return np.array([st.inverse_dynamics(platform, model=model, **dict(zip(keys, row)))["F"]
                     for row in zip(*(motion[k] for k in keys))])


@pytest.mark.parametrize("model", ["dasgupta", "improved"])
def test_recovers_the_payload_from_the_library_leg_forces(model):
    platform = st.test_platform(printed_inertias=False)
    loaded = st.with_payload(platform, payload_parameters())
    assert loaded.M == pytest.approx(platform.M + MASS, rel=1e-15)
    motion = exciting_motion(80)
    r = st.identify_payload(platform, F=leg_forces(loaded, motion, model), model=model, **motion)
    np.testing.assert_allclose(r["parameters"], payload_parameters(), rtol=1e-8)
    assert r["mass"] == pytest.approx(MASS, rel=1e-8)
    np.testing.assert_allclose(r["com"], COM, rtol=1e-8)
    np.testing.assert_allclose(r["inertia"], I_COM, rtol=1e-7, atol=1e-10)
    assert r["names"] == ["m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz"]
    assert r["physically_consistent"] and r["physical_problem"] == ""
    assert r["standard_deviation"].shape == (10,) and r["residual_rms"].shape == (6,) and r["samples"] == 80
    assert 1.0 <= r["scaled_condition_number"] < 1e4 and np.isfinite(r["condition_number"])
    # the identified model predicts the leg forces of another motion
    other = exciting_motion(17)
    identified = st.with_payload(platform, r["parameters"])
    np.testing.assert_allclose(leg_forces(identified, other, model), leg_forces(loaded, other, model),
                               rtol=1e-9, atol=1e-9)


def test_noisy_forces_within_three_sigma():
    platform = st.test_platform(printed_inertias=False)
    motion = exciting_motion(150)
    F = leg_forces(st.with_payload(platform, payload_parameters()), motion, "improved")
    F += np.random.default_rng(3).normal(0.0, 0.3, F.shape)
    r = st.identify_payload(platform, F=F, **motion)
    assert np.all(np.abs(r["parameters"] - payload_parameters()) <= 3 * r["standard_deviation"])
    assert r["sigma"] == pytest.approx(0.3, rel=0.15)


def test_errors_name_the_problem():
    platform = st.test_platform(printed_inertias=False)
    motion = exciting_motion(30, rotate=False)
    F = leg_forces(st.with_payload(platform, payload_parameters()), motion, "improved")
    with pytest.raises(ValueError, match="does not excite Ixx, Ixy, Iyy, Ixz, Iyz, Izz .*pure translation"):
        st.identify_payload(platform, F=F, **motion)
    bad = {**motion, "omega": motion["omega"].copy()}
    bad["omega"][7, 2] = np.nan
    with pytest.raises(ValueError, match=r"identify_payload: sample 7: omega\[2\] is nan"):
        st.identify_payload(platform, F=F, **bad)
    with pytest.raises(ValueError, match=r"identify_payload: R must have shape \(30, 3, 3\), got \(30, 9\)"):
        st.identify_payload(platform, F=F, **{**motion, "R": motion["R"].reshape(30, 9)})
    with pytest.raises(ValueError, match=r"F must have shape \(30, 6\), got \(29, 6\)"):
        st.identify_payload(platform, F=F[1:], **motion)
    one = {k: v[:1] for k, v in motion.items()}
    with pytest.raises(ValueError, match="1 sample gives 6 equations for 10 parameters"):
        st.identify_payload(platform, F=F[:1], **one)
    with pytest.raises(ValueError, match="model must be 'dasgupta' or 'improved', got 'exact'"):
        st.identify_payload(platform, F=F, model="exact", **motion)
    neg = np.zeros(10)
    neg[0] = -1.0
    assert st.payload_problem(neg) == "mass -1 kg is not positive"
    with pytest.raises(ValueError, match="with_payload: the payload's mass -1 kg is not positive"):
        st.with_payload(platform, neg)
