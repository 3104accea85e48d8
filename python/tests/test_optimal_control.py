"""Optimal control from Python: md.discrete_lqr against SciPy's Riccati solver (independent of
the doubling algorithm), md.linearized_step against central differences of the arm's step,
md.plan_minimum_effort_motion under torque limits, md.lqr_pose_regulator, and bad input."""
import numpy as np
import pytest
import scipy.linalg

import manipdyn as md


def test_discrete_lqr_matches_scipy():
    rng = np.random.default_rng(5)
    A = rng.normal(size=(6, 6)) + 0.7 * np.eye(6)
    B = rng.normal(size=(6, 2))
    C = rng.normal(size=(6, 6))
    Q = C.T @ C + 0.1 * np.eye(6)
    R = np.array([[1.5, 0.2], [0.2, 0.8]])
    r = md.discrete_lqr(A, B, Q, R)
    P = scipy.linalg.solve_discrete_are(A, B, Q, R)
    np.testing.assert_allclose(r["P"], P, rtol=1e-9, atol=1e-9 * np.abs(P).max())
    K = np.linalg.solve(R + B.T @ P @ B, B.T @ P @ A)
    np.testing.assert_allclose(r["K"], K, rtol=1e-8, atol=1e-9)
    assert r["spectral_radius"] < 1


def test_linearized_step_matches_central_differences():
    arm = md.puma560()
    q = np.array([0.3, -0.4, 1.1, 0.2, -0.5, 0.7])
    qd = np.array([0.5, -0.3, 0.8, -1.0, 0.6, 0.4])
    tau = np.array([5.0, -20.0, 10.0, 1.0, -2.0, 0.5])
    s = md.linearized_step(arm, q, qd, tau, 0.01, substeps=2)
    h = 1e-6
    x = np.concatenate([q, qd])
    for j in range(12):
        e = np.zeros(12)
        e[j] = h
        p = md.linearized_step(arm, (x + e)[:6], (x + e)[6:], tau, 0.01, substeps=2)
        m = md.linearized_step(arm, (x - e)[:6], (x - e)[6:], tau, 0.01, substeps=2)
        col = (np.concatenate([p["q"], p["qd"]]) - np.concatenate([m["q"], m["qd"]])) / (2 * h)
        assert np.abs(s["A"][:, j] - col).max() < 1e-6 * (1 + np.abs(col).max())


def test_minimum_effort_motion_respects_the_limits():
    # Coulomb friction off: joint 1's alone (G |Tc| = 25 N m) is more than its 14 N m limit
    arm = md.with_friction(md.puma560(), viscous=True, coulomb=False)
    q0 = np.radians([90, 0, 90, 0, 0, 0])
    q1 = np.radians([45, 30, 0, 45, 60, 90])
    limits = np.array([14, 50, 18, 1, 1, 1.5])
    costs = []
    m = md.plan_minimum_effort_motion(arm, q0, q1, duration=1.0, tau_max=limits,
                                      progress=lambda i, J: costs.append(J))
    assert m["converged"] and m["final_position_error"] < 1e-3
    assert np.all(np.abs(m["tau"]) <= limits + 1e-12)
    assert m["tau"].shape == (50, 6) and m["q"].shape == (51, 6)
    assert len(costs) == m["iterations"] and m["cost"][-1] < m["cost"][0]


def test_lqr_pose_regulator_is_stable():
    arm = md.puma560()
    q = np.array([0.0, np.pi / 4, np.pi, 0.0, np.pi / 4, 0.0])
    r = md.lqr_pose_regulator(arm, q, 0.01, 2, np.eye(12), 1e-3 * np.eye(6))
    assert r["K"].shape == (6, 12) and r["spectral_radius"] < 1
    closed = r["A"] - r["B"] @ r["K"]
    assert np.abs(np.linalg.eigvals(closed)).max() == pytest.approx(r["spectral_radius"], rel=1e-9)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="discrete_lqr: B is 3 x 1, expected 2 x 1"):
        md.discrete_lqr(np.eye(2), np.ones((3, 1)), np.eye(2), np.eye(1))
    with pytest.raises(ValueError, match="discrete_lqr: R must be a 2-D array"):
        md.discrete_lqr(np.eye(2), np.ones((2, 1)), np.eye(2), [1.0])
    with pytest.raises(ValueError, match="step method"):
        md.linearized_step(md.puma560(), np.zeros(6), np.zeros(6), np.zeros(6), 0.01,
                           method="rk5")
