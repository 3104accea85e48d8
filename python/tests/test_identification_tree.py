"""The regressor and identification on a fixed-root tree from Python (docs/identification.md,
"Trees"): md.regressor @ md.standard_parameters equals md.inverse_dynamics on random trees and on
Romeo's whole tree, the energy regressor gives the mechanical energy's changes, the standard
parameters of a tree give the model back, md.identify recovers a simulated tree, and a free-flyer
is refused with the library's message."""
from pathlib import Path

import numpy as np
import pytest

import manipdyn as md

URDF = Path(__file__).resolve().parents[2] / "tests/data/urdf"

TREES = {
    "random_tree": lambda: md.random_tree(9, 4, with_drive=True, branching=0.5),
    "romeo": lambda: md.load_model(URDF / "romeo_small.urdf", whole_tree=True,
                                   allow_invalid_inertia=True),
}


@pytest.mark.parametrize("name", TREES)
def test_regressor_times_parameters_is_the_inverse_dynamics(name):
    model = TREES[name]()
    assert not model.is_chain
    n = model.dof
    rng = np.random.default_rng(1)
    pi = md.standard_parameters(model)
    assert pi.shape == (14 * n,)
    for _ in range(3):
        q, qd, qdd = rng.uniform(-3, 3, n), rng.uniform(-2, 2, n), rng.uniform(-5, 5, n)
        Y = md.regressor(model, q, qd, qdd)
        assert Y.shape == (n, 14 * n)
        tau = md.inverse_dynamics(model, q, qd, qdd)
        assert np.max(np.abs(Y @ pi - tau)) / max(1.0, np.max(np.abs(tau))) < 1e-12


def test_energy_regressor_of_a_tree_changes_with_the_power():
    model = md.random_tree(7, 2, branching=0.6)
    n = model.dof
    pi = md.standard_parameters(model)[:10 * n]

    def motion(t):
        k = np.arange(n)
        w = 0.7 + 0.1 * k
        return (0.8 * np.sin(w * t + k), 0.8 * w * np.cos(w * t + k),
                -0.8 * w * w * np.sin(w * t + k))

    t, h = 0.6, 1e-4
    q, qd, qdd = motion(t)
    power = qd @ md.regressor(model, q, qd, qdd)[:, :10 * n] @ pi
    rate = (md.energy_regressor(model, *motion(t + h)[:2]) @ pi
            - md.energy_regressor(model, *motion(t - h)[:2]) @ pi) / (2 * h)
    assert power == pytest.approx(rate, rel=1e-6, abs=1e-6)


def test_standard_parameters_of_a_tree_round_trip():
    model = md.random_tree(8, 5, with_drive=True, branching=0.5)
    back = md.model_with_standard_parameters(model, md.standard_parameters(model))
    assert list(back.parent) == list(model.parent)
    q = np.linspace(-1, 1, 8)
    assert np.allclose(md.inverse_dynamics(back, q, q, q), md.inverse_dynamics(model, q, q, q),
                       rtol=1e-12, atol=1e-12)


def test_identify_recovers_a_simulated_tree_from_samples_given_as_dicts():
    tree = md.random_tree(6, 3, prismatic_fraction=0.0, branching=0.6)
    assert not tree.is_chain
    n = tree.dof
    rng = np.random.default_rng(3)
    t = np.arange(0, 20, 0.02)
    w = 2 * np.pi * 0.1 * (np.arange(n) + 1) / 2
    q = 0.8 * np.sin(np.outer(t, w) + np.arange(n))
    qd = 0.8 * w * np.cos(np.outer(t, w) + np.arange(n))
    qdd = -0.8 * w ** 2 * np.sin(np.outer(t, w) + np.arange(n))
    tau = np.array([md.inverse_dynamics(tree, a, b, c) for a, b, c in zip(q, qd, qdd)])
    noise = 0.01 * np.sqrt(np.mean(tau ** 2, axis=0))  # 1 % of each joint's RMS torque
    samples = {"t": t, "q": q, "qd": qd, "qdd": qdd,
               "tau": tau + noise * rng.standard_normal(tau.shape)}
    model, stats = md.identify(tree, [samples], drive=False)
    assert list(model.parent) == list(tree.parent)
    assert np.all(stats["relative_rms_error"] < 0.012)  # the noise, 1 %
    predicted = md.predict_torques(model, dict(samples, tau=tau))
    assert np.all(np.sqrt(np.mean((predicted["predicted"] - tau) ** 2, axis=0)) < 0.5 * noise)


def test_free_flyer_and_wrong_sizes_are_refused():
    floating = md.load_model(URDF / "solo12.urdf", floating_base=True)
    with pytest.raises(ValueError, match="regressor: model .* has a free-flyer root"):
        md.regressor(floating, md.neutral(floating), np.zeros(floating.nv), np.zeros(floating.nv))
    tree = md.random_tree(5, 1, branching=0.6)
    with pytest.raises(ValueError, match="q has size 4, expected 5"):
        md.regressor(tree, np.zeros(4), np.zeros(5), np.zeros(5))


def test_cli_excite_and_identify_take_a_whole_urdf_tree(run_cli, tmp_path):
    """`manipdyn excite` and `manipdyn identify --whole-tree` on the Panda's whole tree (7 arm
    joints and the two prismatic fingers): the log's columns are q1..q9, tau1..tau9 in the order
    of model.joint_names."""
    panda = URDF / "panda.urdf"
    r = run_cli("excite", "--model", panda, "--whole-tree", "--out", tmp_path / "ex.csv",
                "--evaluations", "10")
    assert r.returncode == 0, r.stderr
    assert "base parameters" in r.stdout
    model = md.load_model(panda, whole_tree=True)
    n = model.dof
    fingers = np.array([name.startswith("panda_finger") for name in model.joint_names])
    t = np.arange(0, 20, 0.004)
    w = 2 * np.pi * 0.1 * (np.arange(n) + 1) / 2
    amp = np.where(fingers, 0.01, 0.6)
    q = np.where(fingers, 0.02, 0.0) + amp * np.sin(np.outer(t, w) + np.arange(n))
    qd = amp * w * np.cos(np.outer(t, w) + np.arange(n))
    qdd = -amp * w * w * np.sin(np.outer(t, w) + np.arange(n))
    tau = np.array([md.inverse_dynamics(model, a, b, c) for a, b, c in zip(q, qd, qdd)])
    noise = 0.01 * np.sqrt(np.mean(tau ** 2, axis=0))
    tau = tau + noise * np.random.default_rng(1).standard_normal(tau.shape)
    header = ["time"] + [f"q{j + 1}" for j in range(n)] + [f"tau{j + 1}" for j in range(n)]
    log = tmp_path / "log.csv"
    np.savetxt(log, np.column_stack([t, q, tau]), delimiter=",", header=",".join(header),
               comments="")
    out = tmp_path / "identified.yaml"
    r = run_cli("identify", "--model", panda, "--whole-tree", "--data", log, "--out", out)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    errors = lines[lines.index(next(l for l in lines if l.startswith("relative RMS error"))) + 1]
    assert all(float(e) < 1.5 for e in errors.split())  # percent: the noise is 1 %
    identified = md.load_model(out)
    assert identified.joint_names == model.joint_names
    assert list(identified.parent) == list(model.parent)
    r = run_cli("identify", "--model", URDF / "solo12.urdf", "--floating-base", "--data", log,
                "--out", tmp_path / "x.yaml")
    assert r.returncode != 0 and "free-flyer root" in r.stderr, r.stderr
