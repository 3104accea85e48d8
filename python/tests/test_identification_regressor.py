"""The joint-torque regressor and the standard parameters from Python (docs/identification.md,
"The regressor"): Y @ pi equals inverse_dynamics with every method, the batch form equals the
single calls bit for bit, the round trip model -> pi -> model keeps the dynamics, and bad input
raises ValueError naming the argument."""
from pathlib import Path

import numpy as np
import pytest

import manipdyn as md

REPO = Path(__file__).resolve().parents[2]
# beside the source tree, or two levels up from a worktree
UR10E = [REPO.parent / "shared/data/ur10e/ur10e.urdf",
         REPO.parents[1] / "shared/data/ur10e/ur10e.urdf"]

MODELS = [md.puma560(), md.stanford_arm(), md.random_arm(7, 3, with_drive=True),
          md.random_arm(5, 4, convention="modified", with_drive=True)]


def state(n, seed):
    rng = np.random.default_rng(seed)
    return rng.uniform(-3, 3, n), rng.uniform(-2, 2, n), rng.uniform(-5, 5, n)


def max_relative_error(model, seed=1, gravity=None):
    q, qd, qdd = state(model.dof, seed)
    pi = md.standard_parameters(model)
    Y = md.regressor(model, q, qd, qdd, gravity=gravity)
    assert Y.shape == (model.dof, 14 * model.dof)
    worst = 0.0
    for method in md.inverse_dynamics_methods():
        tau = md.inverse_dynamics(model, q, qd, qdd, gravity=gravity, method=method)
        worst = max(worst, np.max(np.abs(Y @ pi - tau)) / max(1.0, np.max(np.abs(tau))))
    return worst


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_regressor_times_parameters_is_the_inverse_dynamics(model):
    assert max_relative_error(model) < 1e-12
    assert max_relative_error(model, seed=2, gravity=[1.0, 2.0, -9.0]) < 1e-12


def test_regressor_of_the_ur10e():
    path = next((p for p in UR10E if p.exists()), None)
    if path is None:
        pytest.skip("the shared UR10e data is not here")
    model = md.SerialModel.from_urdf(path, tip_link="tool0")
    assert max_relative_error(model) < 1e-12


def test_smooth_coulomb_columns():
    model = md.SerialModel.from_yaml(REPO / "tests/data/models/puma560_smooth_friction.yaml")
    assert max_relative_error(model) < 1e-12
    scales = [link["coulomb_velocity_scale"] for link in model.links]
    assert any(s > 0 for s in scales)
    qd = np.zeros(6)
    Y = md.regressor(model, np.zeros(6), qd, np.zeros(6))
    for j, s in enumerate(scales):
        assert Y[j, 60 + 4 * j + 3] == (1.0 if s > 0 else 0.0)  # the offset column at rest


def test_names_and_round_trip():
    model = md.puma560()
    names = md.standard_parameter_names(model)
    assert len(names) == 84 and names[:3] == ["m_1", "mx_1", "my_1"] and names[-1] == "Fo_6"
    pi = md.standard_parameters(model)
    back = md.model_with_standard_parameters(model, pi, allow_invalid_inertia=True)
    q, qd, qdd = state(6, 3)
    tau, tau_back = md.inverse_dynamics(model, q, qd, qdd), md.inverse_dynamics(back, q, qd, qdd)
    assert np.max(np.abs(tau - tau_back)) < 1e-12 * max(1.0, np.max(np.abs(tau)))
    assert np.allclose(md.standard_parameters(back), pi, rtol=0, atol=1e-13)


def test_energy_regressor_is_the_energy():
    model = md.random_arm(6, 9)  # no drive: mechanical_energy's M has no motor inertia
    q, qd, _ = state(6, 4)
    e = md.energy_regressor(model, q, qd)
    kinetic, potential = md.mechanical_energy(model, q, qd)
    pi = md.standard_parameters(model)[:60]
    assert e.shape == (60,)
    assert abs(e @ pi - (kinetic + potential)) < 1e-12 * max(1.0, abs(kinetic) + abs(potential))


@pytest.mark.parametrize("model", MODELS[2:], ids=lambda m: m.name)
def test_batch_equals_single_calls(model):
    n, N = model.dof, 40
    rng = np.random.default_rng(5)
    q, qd, qdd = rng.uniform(-3, 3, (N, n)), rng.uniform(-2, 2, (N, n)), rng.uniform(-5, 5, (N, n))
    qd[3, 1] = 0.0
    for threads in (1, 2):
        W = md.regressor_batch(model, q, qd, qdd, threads=threads)
        assert W.shape == (N, n, 14 * n)
        for k in range(N):
            assert np.array_equal(W[k], md.regressor(model, q[k], qd[k], qdd[k]))
    g = [0.5, 0.0, -9.0]
    Wg = md.regressor_batch(model, q, qd, qdd, gravity=g)
    assert np.array_equal(Wg[7], md.regressor(model, q[7], qd[7], qdd[7], gravity=g))
    # stacked: the observation matrix
    tau = md.inverse_dynamics_batch(model, q, qd, qdd)
    stacked = W.reshape(N * n, 14 * n) @ md.standard_parameters(model)
    assert np.max(np.abs(stacked - tau.reshape(-1))) < 1e-11 * max(1.0, np.max(np.abs(tau)))


def test_bad_input_is_named():
    model = md.puma560()
    z = np.zeros(6)
    with pytest.raises(ValueError, match="regressor: q has size 5"):
        md.regressor(model, np.zeros(5), z, z)
    with pytest.raises(ValueError, match=r"regressor: qdd\[1\] is nan"):
        md.regressor(model, z, z, [0, np.nan, 0, 0, 0, 0])
    with pytest.raises(ValueError, match=r"qd\[2, 0\] is nan"):
        Q = np.zeros((4, 6))
        QD = Q.copy()
        QD[2, 0] = np.nan
        md.regressor_batch(model, Q, QD, Q)
    with pytest.raises(ValueError, match="qdd has shape 3 x 6"):
        md.regressor_batch(model, np.zeros((4, 6)), np.zeros((4, 6)), np.zeros((3, 6)))
    pi = md.standard_parameters(model)
    with pytest.raises(ValueError, match=r"pi has size 83, expected 84"):
        md.model_with_standard_parameters(model, pi[:-1])
    bad = pi.copy()
    bad[14] = np.inf
    with pytest.raises(ValueError, match=r"pi\[14\] \(Ixx_2\) is inf"):
        md.model_with_standard_parameters(model, bad, allow_invalid_inertia=True)
    with pytest.raises(ValueError, match="allow_invalid_inertia"):
        md.model_with_standard_parameters(model, pi)
