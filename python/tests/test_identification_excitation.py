"""Exciting trajectories (Swevers et al. 1997): the Fourier series' derivatives against NumPy's
gradient, periodicity and rest at the start, the designed trajectory inside the limits on a fine
sampling, a Python cost callable, progress, determinism, the CSV, and the errors."""
import csv

import numpy as np
import pytest

import manipdyn as md

DEG = np.pi / 180.0
PUMA_LIMITS = dict(
    q_min=np.array([-160, -225, -45, -110, -100, -266]) * DEG,
    q_max=np.array([160, 45, 225, 170, 100, 266]) * DEG,
    qd_max=np.array([1.0, 1.0, 1.0, 2.0, 2.0, 2.0]),
    qdd_max=np.full(6, 3.0),
)


def random_trajectory(n=3, L=4, f=0.2, seed=1, start_at_rest=False):
    rng = np.random.default_rng(seed)
    return md.fourier_trajectory(rng.uniform(-1, 1, (n, L)), rng.uniform(-1, 1, (n, L)),
                                 rng.uniform(-1, 1, n), base_frequency=f,
                                 start_at_rest=start_at_rest)


def test_derivatives_match_numpy_gradient():
    traj = random_trajectory()
    t = np.linspace(0.0, traj.period, 20001)
    q, qd, qdd = traj.evaluate(t)
    assert q.shape == (20001, 3)
    dt = t[1] - t[0]
    # second-order central differences in the interior: error ~ dt^2 |q'''| / 6 ~ 1e-7
    interior = slice(1, -1)
    assert np.max(np.abs(np.gradient(q, dt, axis=0)[interior] - qd[interior])) < 1e-5
    assert np.max(np.abs(np.gradient(qd, dt, axis=0)[interior] - qdd[interior])) < 1e-4
    # the pointwise and the array evaluation agree
    q5, qd5, qdd5 = traj.evaluate(float(t[5]))
    np.testing.assert_allclose(q5, q[5], atol=1e-13)
    np.testing.assert_allclose(qdd5, qdd[5], atol=1e-12)


def test_periodic_and_at_rest_at_start():
    traj = random_trajectory(start_at_rest=True)
    start, end = traj.evaluate(0.0), traj.evaluate(traj.period)
    for a, b in zip(start, end):
        np.testing.assert_allclose(a, b, atol=1e-12)
    assert np.max(np.abs(start[1])) < 1e-12 and np.max(np.abs(start[2])) < 1e-12
    bounds = traj.bounds()
    samples = traj.sample(200.0)
    assert np.all(bounds["qd_max"] >= np.max(np.abs(samples["qd"]), axis=0))
    assert np.all(bounds["q_min"] <= np.min(samples["q"], axis=0))


def test_design_within_limits_with_a_python_cost():
    puma = md.puma560()
    calls = []

    def cost(t, q, qd, qdd):
        calls.append(q.shape)
        return md.decoupled_joint_condition(t, q, qd, qdd)

    progress = []
    result = md.design_excitation(puma, cost=cost, evaluations=120, restarts=2,
                                  progress=lambda k, best: progress.append((k, best)),
                                  **PUMA_LIMITS)
    # 120 candidates, and once more if the final fine check scaled the best one into the limits
    assert len(calls) in (120, 121) and calls[0] == (200, 6)  # 10 s at 20 Hz
    assert [k for k, _ in progress] == list(range(1, 121))
    history = result["history"]
    assert history.shape == (120,) and np.all(np.diff(history) <= 0)
    assert result["cost"] == history[-1] < history[0]
    traj = result["trajectory"]
    assert traj.harmonics == 5 and traj.period == pytest.approx(10.0)
    # every sample of a 1 kHz sampling inside the limits
    s = traj.sample(1000.0, include_end=True)
    tol = 1e-9
    assert np.all(s["q"] >= PUMA_LIMITS["q_min"] - tol)
    assert np.all(s["q"] <= PUMA_LIMITS["q_max"] + tol)
    assert np.all(np.abs(s["qd"]) <= PUMA_LIMITS["qd_max"] * (1 + tol))
    assert np.all(np.abs(s["qdd"]) <= PUMA_LIMITS["qdd_max"] * (1 + tol))
    np.testing.assert_allclose(result["sampled"]["qd_max"], np.max(np.abs(s["qd"]), axis=0),
                               rtol=1e-4)


def test_default_cost_and_determinism():
    puma = md.puma560()
    r1 = md.design_excitation(puma, evaluations=60, seed=7, **PUMA_LIMITS)
    r2 = md.design_excitation(puma, evaluations=60, seed=7, **PUMA_LIMITS)
    np.testing.assert_array_equal(r1["history"], r2["history"])
    np.testing.assert_array_equal(r1["trajectory"].a, r2["trajectory"].a)
    s = r1["trajectory"].sample(20.0)
    # the default cost: log10 cond of the base observation matrix (drive parameters included)
    assert r1["cost"] == pytest.approx(
        md.base_condition_log10(puma, s["t"], s["q"], s["qd"], s["qdd"]), rel=1e-12)
    assert r1["cost"] < r1["history"][0]


def test_csv_has_one_period_a_controller_can_follow(tmp_path):
    traj = random_trajectory(n=2, L=3, f=0.5, start_at_rest=True)
    path = tmp_path / "excite.csv"
    traj.write_csv(path, 10.0)
    with open(path) as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["t", "q1", "q2", "qd1", "qd2", "qdd1", "qdd2"]
    data = np.array(rows[1:], dtype=float)
    assert data.shape == (21, 7)  # t = 0, 0.1, ..., 2
    q, qd, qdd = traj.evaluate(data[:, 0])
    np.testing.assert_allclose(data[:, 1:], np.hstack([q, qd, qdd]), atol=1e-13)
    np.testing.assert_allclose(data[0, 1:], data[-1, 1:], atol=1e-12)


def test_errors_name_the_option_or_joint():
    puma = md.puma560()
    with pytest.raises(ValueError, match="design_excitation: harmonics is 0, expected >= 2"):
        md.design_excitation(puma, harmonics=0, **PUMA_LIMITS)
    with pytest.raises(ValueError, match="design_excitation: base_frequency is -1 Hz"):
        md.design_excitation(puma, base_frequency=-1.0, **PUMA_LIMITS)
    bad = dict(PUMA_LIMITS, q_min=PUMA_LIMITS["q_max"].copy())
    with pytest.raises(ValueError, match=r"joint 1 has q_min = 2.79253 >= q_max = 2.79253"):
        md.design_excitation(puma, **bad)
    bad = dict(PUMA_LIMITS, qd_max=np.array([1.0, 1.0, -1.0, 1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match=r"joint 3 has qd_max = -1, expected a finite limit > 0"):
        md.design_excitation(puma, **bad)
    with pytest.raises(ValueError, match=r"joint 1 has no finite position range"):
        md.design_excitation(puma)  # the built-in PUMA has no limits of its own
    with pytest.raises(TypeError, match="design_excitation: cost must return a number, got str"):
        md.design_excitation(puma, cost=lambda t, q, qd, qdd: "x", evaluations=5, **PUMA_LIMITS)
    with pytest.raises(ZeroDivisionError):  # the cost's own exception propagates
        md.design_excitation(puma, cost=lambda t, q, qd, qdd: 1 / 0, evaluations=5,
                             **PUMA_LIMITS)
    with pytest.raises(ValueError, match="fourier_trajectory: base_frequency is 0 Hz"):
        md.fourier_trajectory(np.ones((2, 3)), np.ones((2, 3)), np.zeros(2), base_frequency=0.0)
    with pytest.raises(ValueError, match=r"fourier_trajectory: b has shape 2 x 2, expected"):
        md.fourier_trajectory(np.ones((2, 3)), np.ones((2, 2)), np.zeros(2))


def test_trajectory_pickles_bit_for_bit():
    import pickle
    traj = random_trajectory(start_at_rest=True)
    back = pickle.loads(pickle.dumps(traj))
    np.testing.assert_array_equal(back.a, traj.a)
    np.testing.assert_array_equal(back.b, traj.b)
    np.testing.assert_array_equal(back.offset, traj.offset)
    assert back.base_frequency == traj.base_frequency
    assert repr(back) == "<FourierTrajectory: 3 joints, 4 harmonics, period 5.0 s>"
