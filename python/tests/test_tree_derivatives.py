"""md.inverse_dynamics_derivatives and md.forward_dynamics_derivatives on trees and free-flyers
(issue 27 item 4): sizes nq / nv, dtau_dq in the tangent space of the configuration group against
central differences of md.inverse_dynamics through md.integrate, dtau_dqd and the FD derivatives
likewise, dtau_dqdd against md.mass_matrix, and a wrong q size named."""
import numpy as np
import pytest

import manipdyn as md
from conftest import REPO

URDF = REPO / "tests" / "data" / "urdf"

MODELS = {
    "random_tree": lambda: md.random_tree(9, 4),
    "panda_tree": lambda: md.load_model(URDF / "panda.urdf", whole_tree=True),
    "solo_free": lambda: md.load_model(URDF / "solo12.urdf", floating_base=True),
    "humanoid_free": lambda: md.load_model(URDF / "simple_humanoid.urdf", floating_base=True),
}

H = 1e-6


def central(f, x0, step):
    """The Jacobian of f by central differences, column k from step(x0, k, +-H)."""
    return np.column_stack([(f(step(x0, k, H)) - f(step(x0, k, -H))) / (2 * H)
                            for k in range(len(f(x0)))])


@pytest.mark.parametrize("name", MODELS)
def test_derivatives_against_central_differences_on_the_group(name):
    model = MODELS[name]()
    rng = np.random.default_rng(3)
    q = md.random_configuration(model, 2)
    v, a = rng.uniform(-1, 1, model.nv), rng.uniform(-1, 1, model.nv)
    tau = rng.uniform(-5, 5, model.nv)
    assert len(q) == model.nq
    dq, dv, M = md.inverse_dynamics_derivatives(model, q, v, a)
    assert dq.shape == dv.shape == M.shape == (model.nv, model.nv)
    assert np.allclose(M, md.mass_matrix(model, q), rtol=0, atol=1e-12)
    unit = np.eye(model.nv)
    on_group = lambda x, k, h: md.integrate(model, x, unit[k], dt=h)
    added = lambda x, k, h: x + h * unit[k]
    scale = max(1.0, np.abs(dq).max())
    assert np.abs(dq - central(lambda x: md.inverse_dynamics(model, x, v, a), q, on_group)).max() < 1e-6 * scale
    assert np.abs(dv - central(lambda x: md.inverse_dynamics(model, q, x, a), v, added)).max() < 1e-6 * scale
    fq, fv, Minv = md.forward_dynamics_derivatives(model, q, v, tau)
    assert np.allclose(Minv @ M, unit, atol=1e-9)
    fd = lambda x, y: md.forward_dynamics(model, x, y, tau)
    scale = max(1.0, np.abs(fq).max())
    assert np.abs(fq - central(lambda x: fd(x, v), q, on_group)).max() < 1e-6 * scale
    assert np.abs(fv - central(lambda x: fd(q, x), v, added)).max() < 1e-6 * scale


def test_a_free_flyer_q_of_size_nv_is_named():
    model = MODELS["solo_free"]()
    zero = np.zeros(model.nv)
    with pytest.raises(ValueError, match="inverse_dynamics_derivatives: q has size 18, expected nq = 19"):
        md.inverse_dynamics_derivatives(model, zero, zero, zero)


def test_link_wrenches_turn_with_the_links():
    """f_links (held in the link frames) against central differences of md.inverse_dynamics with
    the same f_links, on a free-flyer."""
    model = MODELS["solo_free"]()
    rng = np.random.default_rng(5)
    q = md.random_configuration(model, 4)
    v, a = rng.uniform(-1, 1, model.nv), rng.uniform(-1, 1, model.nv)
    f_links = rng.uniform(-1, 1, (6, model.dof))
    dq, dv, _ = md.inverse_dynamics_derivatives(model, q, v, a, f_links=f_links)
    unit = np.eye(model.nv)
    tau = lambda x: md.inverse_dynamics(model, x, v, a, f_links=f_links)
    numeric = central(tau, q, lambda x, k, h: md.integrate(model, x, unit[k], dt=h))
    assert np.abs(dq - numeric).max() < 1e-6 * max(1.0, np.abs(dq).max())
    plain = md.inverse_dynamics_derivatives(model, q, v, a)[0]
    assert np.abs(dq - plain).max() > 1e-3  # the wrenches do change dtau/dq
