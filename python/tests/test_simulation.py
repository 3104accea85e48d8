"""Tests of the simulation/control Python API (python/src/simulation.cpp).

Each result is checked a second way: forward dynamics against inverse dynamics, the two
computed-torque forms against each other and against M qdd_ref + bias, the closed-loop error
against the analytic solution of e'' + Kv e' + Kp e = 0, trajectories against finite
differences, free-motion energy conservation; and the error paths raise ValueError /
SimulationError with the C++ message.
"""
import math

import numpy as np
import pytest

import manipdyn as md

EXACT = 1e-10  # two exact formulations of the same quantity, relative to max(1, size)
CLOSED_LOOP = 1e-8  # rad, simulated vs analytic error (RK4, 1 ms, continuous control)
ENERGY = 1e-6  # J, energy drift of 2 s PUMA free motion (RK4, 1 ms)


def close(a, b, tol=EXACT):
    a, b = np.asarray(a), np.asarray(b)
    return np.max(np.abs(a - b)) <= tol * max(1.0, np.max(np.abs(b)))


@pytest.mark.parametrize("method", ["mass_matrix", "strobing", "articulated_body", "fastest"])
@pytest.mark.parametrize("n,seed", [(3, 1), (6, 2), (10, 3)])
def test_forward_inverts_inverse_dynamics(method, n, seed):
    model = md.random_arm(n, seed, with_drive=True)
    r = np.random.default_rng(seed)
    q, qd, qdd = r.uniform(-2, 2, n), r.uniform(-1, 1, n), r.uniform(-3, 3, n)
    f = r.uniform(-5, 5, 6)
    tau = md.inverse_dynamics(model, q, qd, qdd, f_ext=f)
    assert close(md.forward_dynamics(model, q, qd, tau, f_ext=f, method=method), qdd)


def test_computed_torque_forms_agree_with_m_and_bias():
    model = md.puma560()
    r = np.random.default_rng(7)
    q, qd, q_d, qd_d, qdd_d = (r.uniform(-1, 1, 6) for _ in range(5))
    ne = md.computed_torque(model, q, qd, q_d, qd_d, qdd_d, 100.0, 20.0)
    le = md.computed_torque(model, q, qd, q_d, qd_d, qdd_d, 100.0, 20.0, form="lagrange_euler")
    assert close(ne, le)
    qdd_ref = qdd_d + 20.0 * (qd_d - qd) + 100.0 * (q_d - q)
    assert close(md.mass_matrix(model, q) @ qdd_ref + md.bias_torques(model, q, qd), ne)


def test_trajectories_endpoints_and_derivatives():
    a, b, c = np.zeros(3), np.array([1.0, -0.5, 2.0]), np.array([0.5, 0.5, 0.5])
    for traj in (md.quintic_trajectory([a, b, c], [1.0, 2.0]),
                 md.lspb_trajectory([a, b, c], [1.0, 2.0], 0.3)):
        assert traj.duration == pytest.approx(3.0)
        q, qd, qdd = traj.evaluate(1.0)
        assert close(q, b) and close(qd, 0 * b)
        h = 1e-6
        for t in (0.2, 0.55, 1.7, 2.4):
            qm, qdm, _ = traj.evaluate(t - h)
            qp, qdp, _ = traj.evaluate(t + h)
            _, qd0, qdd0 = traj.evaluate(t)
            assert close((qp - qm) / (2 * h), qd0, 1e-6)
            assert close((qdp - qdm) / (2 * h), qdd0, 1e-5)


def test_closed_loop_error_matches_analytic_solution():
    model = md.puma560()
    qa = np.radians([90, 0, 90, 0, 0, 0])
    qb = np.radians([45, 30, 0, 45, 60, 90])
    traj = md.quintic_trajectory([qa, qb], [1.0])
    e0 = np.array([0.01, -0.02, 0.015, 0.0, 0.01, -0.01])
    res = md.simulate(model, qa - e0, np.zeros(6), 1.0, trajectory=traj, control_period=0.0)
    w = 10.0
    t = res["t"][:, None]
    analytic = (e0 + w * e0 * t) * np.exp(-w * t)
    assert np.max(np.abs(res["error"] - analytic)) < CLOSED_LOOP
    assert np.max(np.abs(analytic)) > 0.01


def test_sampled_paper_experiment_is_small_and_quantisation_is_visible():
    model = md.with_friction(md.puma560(), False, False)
    qa = np.radians([90, 0, 90, 0, 0, 0])
    qb = np.radians([45, 30, 0, 45, 60, 90])
    traj = md.quintic_trajectory([qa, qb], [2.0])
    ideal = md.simulate(model, qa, np.zeros(6), 2.5, trajectory=traj)
    assert ideal["q"].shape == (251, 6)
    assert np.max(ideal["max_abs_error"]) < 1e-3
    adc = md.simulate(model, qa, np.zeros(6), 2.5, trajectory=traj, position_bits=12)
    assert not np.allclose(adc["error"], ideal["error"])


def test_free_motion_conserves_energy():
    model = md.puma560(with_drive=False)
    q0 = np.array([0.3, 0.2, -0.4, 0.5, 0.6, -0.2])
    res = md.simulate(model, q0, np.zeros(6), 2.0, step=1e-3)
    e = [sum(md.mechanical_energy(model, q, qd)) for q, qd in zip(res["q"], res["qd"])]
    assert np.max(np.abs(np.array(e) - e[0])) < ENERGY
    assert np.max(np.abs(res["q"][-1] - q0)) > 0.1


def test_errors():
    model = md.puma560(with_drive=False)
    with pytest.raises(ValueError, match=r"forward_dynamics_mass_matrix: tau has size 5, expected 6"):
        md.forward_dynamics(model, np.zeros(6), np.zeros(6), np.zeros(5), method="mass_matrix")
    with pytest.raises(ValueError, match="unknown method 'crba'"):
        md.forward_dynamics(model, np.zeros(6), np.zeros(6), np.zeros(6), method="crba")
    with pytest.raises(ValueError, match="segment 1 has duration -1 s"):
        md.quintic_trajectory([np.zeros(2), np.ones(2)], [-1.0])
    with pytest.raises(ValueError, match="infeasible"):
        md.lspb_trajectory([np.zeros(2), np.ones(2)], [1.0], 0.8)
    with pytest.raises(ValueError, match="simulate: duration = 0"):
        md.simulate(model, np.zeros(6), np.zeros(6), 0.0)
    traj = md.quintic_trajectory([np.zeros(6), np.ones(6)], [1.0])
    with pytest.raises(md.SimulationError, match=r"non-finite during step \d+ of 10 \(t = .*starting from q = \["):
        md.simulate(model, np.zeros(6), np.zeros(6), 0.1, trajectory=traj, law="pd",
                    kp=1e300, kv=1e300)


def test_controller_model_of_another_size_is_named():
    # the plant has 6 joints, the controller's model 3: the message names the argument and both
    plant = md.puma560(with_drive=False)
    small = md.random_arm(3, 1)
    traj = md.quintic_trajectory([np.zeros(6), np.ones(6)], [1.0])
    with pytest.raises(ValueError, match=r"simulate: controller_model has 3 joints, the plant 6"):
        md.simulate(plant, np.zeros(6), np.zeros(6), 0.1, trajectory=traj, controller_model=small)
    traj3 = md.quintic_trajectory([np.zeros(3), np.ones(3)], [1.0])
    with pytest.raises(ValueError, match=r"simulate: trajectory has 3 joints, the plant 6"):
        md.simulate(plant, np.zeros(6), np.zeros(6), 0.1, trajectory=traj3)
