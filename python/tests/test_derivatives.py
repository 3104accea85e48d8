"""md.inverse_dynamics_derivatives and md.forward_dynamics_derivatives (serial/derivatives.hpp)
against central differences of md.inverse_dynamics / md.forward_dynamics, and their bad input.
The exact (dual-number) checks are the C++ tests' (tests/unit/serial_derivatives.cpp)."""
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
