"""The batch functions on trees and free-flyers (docs/batch.md, issue 27 item 4): q of shape
(N, nq), qd, qdd, tau (N, nv), M (N, nv, nv); every row equals the per-state call bit for bit on
any thread count and with the SIMD lanes; a row's non-unit quaternion is named; the regressor and
derivative batches give the per-state function's refusal while it refuses trees."""
import pathlib

import numpy as np
import pytest

import manipdyn as md

REPO = pathlib.Path(__file__).resolve().parents[2]
URDF = REPO / "tests" / "data" / "urdf"
N = 70  # several threads (16 rows per thread at least), not a multiple of 4 or 8 lanes


def models():
    return {
        "romeo": md.load_model(URDF / "romeo_small.urdf", whole_tree=True,
                               allow_invalid_inertia=True),
        "romeo_free": md.load_model(URDF / "romeo_small.urdf", whole_tree=True,
                                    floating_base=True, allow_invalid_inertia=True),
        "anymal_free": md.load_model(URDF / "anymal_c.urdf", whole_tree=True, floating_base=True,
                                     allow_invalid_inertia=True),
    }


MODELS = models()


def states(model, seed):
    rng = np.random.default_rng(seed)
    q = np.array([md.random_configuration(model, seed * 1000 + i) for i in range(N)])
    return q, rng.uniform(-2, 2, (N, model.nv)), rng.uniform(-5, 5, (N, model.nv))


@pytest.mark.parametrize("name", MODELS)
def test_inverse_dynamics_mass_matrix_gravity_forward_equal_single_calls(name):
    model = MODELS[name]
    q, qd, qdd = states(model, 1)
    expected = np.array([md.inverse_dynamics(model, q[i], qd[i], qdd[i]) for i in range(N)])
    for threads in (1, 3):
        tau = md.inverse_dynamics_batch(model, q, qd, qdd, threads=threads)
        assert tau.shape == (N, model.nv)
        assert np.array_equal(tau, expected)
    M = md.mass_matrix_batch(model, q, threads=2)
    assert M.shape == (N, model.nv, model.nv)
    assert np.array_equal(M, np.array([md.mass_matrix(model, x) for x in q]))
    G = md.gravity_torques_batch(model, q, threads=2)
    assert np.array_equal(G, np.array([md.gravity_torques(model, x) for x in q]))
    qdd_out = md.forward_dynamics_batch(model, q, qd, expected, threads=2)
    assert np.array_equal(qdd_out, np.array([md.forward_dynamics(model, q[i], qd[i], expected[i])
                                             for i in range(N)]))
    np.testing.assert_allclose(qdd_out, qdd, rtol=0, atol=1e-6 * (1 + np.abs(qdd).max()))


def test_shapes_and_a_bad_quaternion_are_named():
    model = MODELS["romeo_free"]
    q, qd, qdd = states(model, 2)
    with pytest.raises(ValueError, match=r"inverse_dynamics_batch: q has shape 70 x 37, "
                                         r"expected 70 x 38 \(N rows as q, nq = 7 \+ 31 joints"):
        md.inverse_dynamics_batch(model, qd, qd, qdd)
    q[17, 3:7] = [0, 0, 0, 2]
    with pytest.raises(ValueError, match=r"gravity_torques_batch: q\[17, 3..6\], the base "
                                         r"quaternion \(x y z w\) = \(0 0 0 2\), has norm 2, not 1"):
        md.gravity_torques_batch(model, q, threads=3)
    with pytest.raises(ValueError, match="the textbook|is a tree"):
        md.inverse_dynamics_batch(MODELS["romeo"], *states(MODELS["romeo"], 3), method="craig")


@pytest.mark.parametrize("which", ["inverse", "forward"])
def test_derivatives_batch_on_a_tree_is_the_single_call(which):
    model = MODELS["anymal_free"]
    q, qd, third = states(model, 4)
    single = getattr(md, which + "_dynamics_derivatives")
    batch = getattr(md, which + "_dynamics_derivatives_batch")
    try:
        expected = [single(model, q[i], qd[i], third[i]) for i in range(N)]
    except ValueError as e:
        # the per-state function refuses trees: the batch says so with its message
        with pytest.raises(ValueError, match=r"_batch: row 0: "):
            batch(model, q, qd, third)
        pytest.skip(f"{which}_dynamics_derivatives refuses this model: {e}")
    result = batch(model, q, qd, third, threads=3)
    for k in range(3):
        assert result[k].shape == (N, model.nv, model.nv)
        assert np.array_equal(result[k], np.array([e[k] for e in expected]))


def test_regressor_batch_on_a_fixed_tree_is_the_single_call():
    model = MODELS["romeo"]
    q, qd, qdd = states(model, 5)
    try:
        expected = np.array([md.regressor(model, q[i], qd[i], qdd[i]) for i in range(N)])
    except ValueError as e:
        with pytest.raises(ValueError, match=r"_batch: row 0: "):
            md.regressor_batch(model, q, qd, qdd)
        pytest.skip(f"regressor refuses trees: {e}")
    assert np.array_equal(md.regressor_batch(model, q, qd, qdd, threads=3), expected)
