"""The batch functions (docs/batch.md): every row equals the per-state call bit for bit, for any
thread count; shapes (N, n) and (N, n, n); one-line ValueErrors naming the array, row and column."""
import threading

import numpy as np
import pytest

import manipdyn as md

MODELS = [md.puma560(), md.stanford_arm(corrected_inertia=True),
          md.random_arm(7, 3, with_drive=True), md.random_arm(9, 4, convention="modified")]
N = 150  # enough rows for several threads (16 rows per thread at least)


def states(n, seed):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-3, 3, (N, n)), rng.uniform(-2, 2, (N, n)), rng.uniform(-5, 5, (N, n)))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_inverse_dynamics_batch_equals_single_calls(model):
    q, qd, qdd = states(model.dof, 1)
    expected = np.array([md.inverse_dynamics(model, q[i], qd[i], qdd[i]) for i in range(N)])
    for threads in (1, 2, 3, 8):
        tau = md.inverse_dynamics_batch(model, q, qd, qdd, threads=threads)
        assert tau.shape == (N, model.dof)
        assert np.array_equal(tau, expected)
    tau_craig = md.inverse_dynamics_batch(model, q, qd, qdd, method="craig")
    assert np.array_equal(tau_craig[5], md.inverse_dynamics(model, q[5], qd[5], qdd[5],
                                                            method="craig"))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_mass_matrix_and_gravity_batch_equal_single_calls(model):
    q, _, _ = states(model.dof, 2)
    M = md.mass_matrix_batch(model, q, threads=3)
    assert M.shape == (N, model.dof, model.dof)
    assert np.array_equal(M, np.array([md.mass_matrix(model, x) for x in q]))
    G = md.gravity_torques_batch(model, q, threads=2)
    assert np.array_equal(G, np.array([md.gravity_torques(model, x) for x in q]))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_forward_dynamics_batch_equals_single_calls_and_inverts(model):
    q, qd, qdd = states(model.dof, 3)
    tau = md.inverse_dynamics_batch(model, q, qd, qdd)
    out = md.forward_dynamics_batch(model, q, qd, tau, threads=2)
    assert np.array_equal(out, np.array([md.forward_dynamics(model, q[i], qd[i], tau[i])
                                         for i in range(N)]))
    np.testing.assert_allclose(out, qdd, rtol=0, atol=1e-8 * (1 + np.abs(qdd).max()))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
@pytest.mark.parametrize("which", ["inverse", "forward"])
def test_derivatives_batch_equals_single_calls(model, which):
    q, qd, third = states(model.dof, 6)
    batch = getattr(md, which + "_dynamics_derivatives_batch")
    single = getattr(md, which + "_dynamics_derivatives")
    expected = [single(model, q[i], qd[i], third[i]) for i in range(N)]
    for rows in (1, 20, N):
        for threads in (1, 2, 3, 8):
            out = batch(model, q[:rows], qd[:rows], third[:rows], threads=threads)
            assert isinstance(out, tuple) and len(out) == 3
            for k in range(3):
                assert out[k].shape == (rows, model.dof, model.dof)
                assert np.array_equal(out[k], np.array([e[k] for e in expected[:rows]]))


@pytest.mark.parametrize("which", ["inverse", "forward"])
def test_derivatives_batch_simd_lanes_equal_the_path_without(which):
    # simd="exact" (the default) and "fast" run 4 or 8 states per call where the CPU has the
    # lanes, with the same numbers bit for bit; N = 23 leaves a tail of single rows.
    model = md.puma560(with_drive=True)
    q, qd, third = states(model.dof, 8)
    batch = getattr(md, which + "_dynamics_derivatives_batch")
    off = batch(model, q[:23], qd[:23], third[:23], threads=1, simd="off")
    for simd in ("exact", "fast"):
        for threads in (1, 2):
            lanes = batch(model, q[:23], qd[:23], third[:23], threads=threads, simd=simd)
            for k in range(3):
                assert np.array_equal(lanes[k], off[k])
    with pytest.raises(ValueError, match=r"^" + which + r"_dynamics_derivatives_batch: unknown "
                                         r"simd 'avx' \(valid: off, exact, fast\)$"):
        batch(model, q, qd, third, simd="avx")


def test_derivatives_batch_errors_name_the_row():
    model = md.puma560()
    q, qd, qdd = states(6, 7)
    q[17, 3] = np.nan
    with pytest.raises(ValueError,
                       match=r"^inverse_dynamics_derivatives_batch: q\[17, 3\] is nan$"):
        md.inverse_dynamics_derivatives_batch(model, q, qd, qdd, threads=2)
    with pytest.raises(ValueError, match=r"^forward_dynamics_derivatives_batch: tau has shape "
                                         r"150 x 5, expected 150 x 6"):
        md.forward_dynamics_derivatives_batch(model, qd, qd, qdd[:, :5])
    qd[40, 1] = 1e200
    with pytest.raises(ValueError, match=r"the result dtau_dq is not finite in row 40"):
        md.inverse_dynamics_derivatives_batch(model, np.zeros((N, 6)), qd, qdd, threads=2)
    empty = np.zeros((0, 6))
    assert md.forward_dynamics_derivatives_batch(model, empty, empty, empty)[2].shape == (0, 6, 6)


def test_inputs_of_any_layout_and_zero_rows():
    model = md.puma560()
    q, qd, qdd = states(6, 4)
    # Fortran-ordered and integer inputs are converted once.
    tau = md.inverse_dynamics_batch(model, np.asfortranarray(q), qd, qdd)
    assert np.array_equal(tau, md.inverse_dynamics_batch(model, q, qd, qdd))
    assert md.gravity_torques_batch(model, np.zeros((4, 6), dtype=int)).shape == (4, 6)
    assert md.inverse_dynamics_batch(model, *(np.zeros((0, 6)),) * 3).shape == (0, 6)
    assert md.mass_matrix_batch(model, np.zeros((0, 6))).shape == (0, 6, 6)


def test_errors_are_one_line_value_errors():
    model = md.puma560()
    q, qd, qdd = states(6, 5)
    q[17, 3] = np.nan
    with pytest.raises(ValueError, match=r"^inverse_dynamics_batch: q\[17, 3\] is nan$"):
        md.inverse_dynamics_batch(model, q, qd, qdd)
    with pytest.raises(ValueError, match=r"^mass_matrix_batch: q must be a 2-D array \(N, n\), "
                                         r"got shape \(6,\)$"):
        md.mass_matrix_batch(model, np.zeros(6))
    with pytest.raises(ValueError, match=r"^gravity_torques_batch: q has shape 3 x 5, expected "
                                         r"3 x 6 \(N rows as q, n = 6 joints of the model\)$"):
        md.gravity_torques_batch(model, np.zeros((3, 5)))
    with pytest.raises(ValueError, match=r"threads is -1, expected >= 0"):
        md.gravity_torques_batch(model, np.zeros((3, 6)), threads=-1)
    with pytest.raises(ValueError, match=r"^inverse_dynamics_batch: unknown|method"):
        md.inverse_dynamics_batch(model, qd, qd, qdd, method="nope")
    qd[40, 1] = 1e200
    with pytest.raises(ValueError, match=r"the result tau is not finite in row 40"):
        md.inverse_dynamics_batch(model, np.zeros((N, 6)), qd, qdd, threads=2)
    with pytest.raises(TypeError, match=r"^inverse_dynamics_batch: model must be a SerialModel"):
        md.inverse_dynamics_batch(None, q, qd, qdd)


def test_gil_is_released():
    # Another Python thread runs while a long batch computes.
    model = md.random_arm(30, 1)
    q = np.zeros((100000, 30))
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        stop.wait(0.01)
        before = len(ticks)
        md.gravity_torques_batch(model, q, threads=1)  # about 0.1-0.5 s
        during = len(ticks) - before
    finally:
        stop.set()
        t.join()
    # With the GIL held, the ticker could not run until the call returned (at most 1 tick).
    assert during > 5


@pytest.mark.parametrize("which", ["dasgupta", "improved"])
def test_stewart_inverse_dynamics_batch_equals_single_calls(which):
    platform = md.stewart.test_platform(variant="pedrammehr")
    rng = np.random.default_rng(7)
    motion = rng.uniform(-1, 1, (60, 18))
    motion[:, :3] = [0.15, 0.02, 0.5] + 0.05 * rng.uniform(-1, 1, (60, 3))
    motion[:, 3:6] *= 0.2
    F = md.stewart.inverse_dynamics_batch(platform, motion, model=which, threads=3)
    assert F.shape == (60, 6)
    for i in (0, 17, 59):
        m = motion[i]
        single = md.stewart.inverse_dynamics(platform, m[:3], rpy=m[3:6], v=m[6:9],
                                             omega=m[9:12], a=m[12:15], alpha=m[15:18],
                                             model=which)["F"]
        assert np.array_equal(F[i], single)
    motion[4, 7] = np.nan
    with pytest.raises(ValueError, match=r"^inverse_dynamics_batch: motion\[4, 7\] is nan$"):
        md.stewart.inverse_dynamics_batch(platform, motion)
