"""md.inverse_dynamics_derivatives and md.forward_dynamics_derivatives (serial/derivatives.hpp)
against central differences of md.inverse_dynamics / md.forward_dynamics, and their bad input.
The exact (dual-number) checks are the C++ tests' (tests/unit/serial_derivatives.cpp)."""
import pathlib

import numpy as np
import pytest

import manipdyn as md

CENTRAL = 1e-6  # relative to max(1, max |derivative|)
STEP = 1e-5


def central(f, args, arg):
    n = len(args[0])
    out = np.empty((n, n))
    for j in range(n):
        x = [np.array(a, dtype=float) for a in args]
        h = STEP * max(1.0, abs(x[arg][j]))
        x[arg][j] += h
        plus = f(*x)
        x[arg][j] -= 2 * h
        minus = f(*x)
        out[:, j] = (plus - minus) / (2 * h)
    return out


def assert_close(a, b, tol=CENTRAL):
    scale = max(1.0, np.abs(b).max())
    assert np.abs(a - b).max() <= tol * scale


MODELS = [
    lambda: md.puma560(),
    lambda: md.puma560(with_drive=False),
    lambda: md.stanford_arm(),
    lambda: md.random_arm(7, 11, "modified", 0.4, True),
]


@pytest.mark.parametrize("make", MODELS)
def test_inverse_dynamics_derivatives_match_central_differences(make):
    model = make()
    rng = np.random.default_rng(1)
    n = model.dof
    q, qd, qdd = rng.uniform(-1, 1, n), rng.uniform(-1, 1, n), rng.uniform(-2, 2, n)
    f_ext = rng.uniform(-5, 5, 6)
    d = md.inverse_dynamics_derivatives(model, q, qd, qdd, f_ext=f_ext)
    assert isinstance(d, tuple) and len(d) == 3
    assert all(m.shape == (n, n) for m in d)

    def tau(q, qd, qdd):
        return md.inverse_dynamics(model, q, qd, qdd, f_ext=f_ext)

    assert_close(d[0], central(tau, (q, qd, qdd), 0))
    assert_close(d[1], central(tau, (q, qd, qdd), 1))
    assert_close(d[2], md.mass_matrix(model, q), 1e-12)
    assert_close(d[2], d[2].T, 0.0)


@pytest.mark.parametrize("make", MODELS)
def test_forward_dynamics_derivatives_match_central_differences(make):
    model = make()
    rng = np.random.default_rng(2)
    n = model.dof
    q, qd, tau = rng.uniform(-1, 1, n), rng.uniform(-1, 1, n), rng.uniform(-5, 5, n)
    d = md.forward_dynamics_derivatives(model, q, qd, tau)
    assert len(d) == 3

    def qdd(q, qd, tau):
        return md.forward_dynamics(model, q, qd, tau)

    for arg in range(3):
        assert_close(d[arg], central(qdd, (q, qd, tau), arg))
    assert_close(d[2] @ md.mass_matrix(model, q), np.eye(n), 1e-10)


def test_bad_input_raises_value_error_naming_the_argument():
    model = md.puma560()
    z = np.zeros(6)
    with pytest.raises(ValueError, match="inverse_dynamics_derivatives: q"):
        md.inverse_dynamics_derivatives(model, np.zeros(5), z, z)
    with pytest.raises(ValueError, match="inverse_dynamics_derivatives: qdd"):
        md.inverse_dynamics_derivatives(model, z, z, [0, 0, np.nan, 0, 0, 0])
    with pytest.raises(ValueError, match="f_ext"):
        md.inverse_dynamics_derivatives(model, z, z, z, f_ext=[np.inf, 0, 0, 0, 0, 0])
    with pytest.raises(ValueError, match="forward_dynamics_derivatives: tau"):
        md.forward_dynamics_derivatives(model, z, z, np.zeros(7))
    with pytest.raises(ValueError, match="forward_dynamics_derivatives: qd"):
        md.forward_dynamics_derivatives(model, z, [np.nan] * 6, z)


UR10E = pathlib.Path(__file__).resolve().parents[2] / "examples" / "data" / "ur10e"


@pytest.mark.skipif(not (UR10E / "ur10e.urdf").exists(), reason="no examples/data/ur10e")
def test_derivatives_linearise_the_ur10e_model_along_its_measured_motion():
    """On a measured UR10e run (examples/data/ur10e, filtered and differentiated as the
    identification does), at 21 states spread over it: the ID derivatives agree with central
    differences, and both linearisations predict the model's torques (ID) and accelerations (FD)
    one and two samples ahead on the measured trajectory with a remainder of second order: its
    ratio to the change itself doubles with the step (a wrong derivative leaves a first-order
    remainder, whose ratio would not grow)."""
    model = md.load_model(str(UR10E / "ur10e.urdf"), tip_link="tool0")
    log = md.prepare_motion_log(
        md.read_motion_log(str(UR10E / "ur-20_02_19_14harm50sec.csv"), 6), first=194, last=4966)
    q, qd, qdd = log["q"], log["qd"], log["qdd"]
    tau = [md.inverse_dynamics(model, q[k], qd[k], qdd[k]) for k in range(len(q))]
    ratios = {"inverse": [], "forward": []}
    first_step = {"inverse": [], "forward": []}
    for k in range(100, len(q) - 100, 230):
        A, B, M = md.inverse_dynamics_derivatives(model, q[k], qd[k], qdd[k])
        id_of = lambda *x: md.inverse_dynamics(model, *x)  # noqa: E731
        assert_close(A, central(id_of, (q[k], qd[k], qdd[k]), 0))
        Fq, Fqd, Minv = md.forward_dynamics_derivatives(model, q[k], qd[k], tau[k])
        rel = {"inverse": [], "forward": []}
        for s in (1, 2):
            j = k + s
            dq, dqd = q[j] - q[k], qd[j] - qd[k]
            predicted = tau[k] + A @ dq + B @ dqd + M @ (qdd[j] - qdd[k])
            rel["inverse"].append(
                np.linalg.norm(predicted - tau[j]) / np.linalg.norm(tau[j] - tau[k]))
            predicted = qdd[k] + Fq @ dq + Fqd @ dqd + Minv @ (tau[j] - tau[k])
            rel["forward"].append(
                np.linalg.norm(predicted - qdd[j]) / np.linalg.norm(qdd[j] - qdd[k]))
        for which in rel:
            first_step[which].append(rel[which][0])
            ratios[which].append(rel[which][1] / rel[which][0])
    # measured: median remainders 0.3 % (ID) and 8.6 % (FD) of the change one sample ahead,
    # ratios 1.9-2.0
    assert np.median(first_step["inverse"]) < 0.01
    assert np.median(first_step["forward"]) < 0.2
    for which in ratios:
        assert 1.6 < np.median(ratios[which]) < 2.4, which
