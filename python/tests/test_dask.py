"""manipdyn.dask (docs/batch.md, "Dask"): models pickle bit for bit (through their YAML text and
warnings), and the batch functions mapped over a 2-worker LocalCluster give the local batch
results bit for bit (10^6 PUMA inverse-dynamics states; M, G, forward and Stewart dynamics on
fewer). The Dask tests are skipped when dask or distributed is not importable."""
import os
import pathlib
import pickle
import subprocess
import sys

import numpy as np
import pytest

import manipdyn as md

try:
    import dask.array as da
    import distributed  # noqa: F401
    import manipdyn.dask as mdd
    DASK_MISSING = None
except ImportError as e:  # the pickling tests do not need Dask
    DASK_MISSING = f"dask or distributed is not importable ({e}); apt-get install python3-dask " \
                   f"python3-distributed"

needs_dask = pytest.mark.skipif(DASK_MISSING is not None, reason=str(DASK_MISSING))

REPO = pathlib.Path(__file__).resolve().parents[2]
N_CLUSTER = 1_000_000  # PUMA states of the cluster test (the 10^6)
N_SMALL = 20_000       # states of the M, G, forward and Stewart cluster tests
CLUSTER_TIMEOUT = "60s"  # start-up and connection timeout of the LocalCluster


def placed_puma():
    """PUMA 560 with every optional part: base, tool, named configurations, the published invalid
    inertias (allow_invalid_inertia, warnings), limits and drive terms."""
    base = np.array([[0, -1, 0, 0.1], [1, 0, 0, -0.2], [0, 0, 1, 0.7], [0, 0, 0, 1.0]])
    tool = np.eye(4)
    tool[2, 3] = 0.15
    return md.SerialModel.from_dh(md.puma560().links, allow_invalid_inertia=True,
                                  name="placed_puma", base=base, tool=tool,
                                  configurations={"ready": [0, 0.5, -0.5, 0, 0.3, 0],
                                                  "zero": np.zeros(6)})


SERIAL = {
    "puma560": md.puma560,
    "puma560_no_drive": lambda: md.puma560(with_drive=False),
    "stanford_arm": md.stanford_arm,
    "random_arm": lambda: md.random_arm(7, 11, prismatic_fraction=0.3, with_drive=True),
    "random_arm_modified": lambda: md.random_arm(5, 2, convention="modified"),
    "panda_urdf": lambda: md.SerialModel.from_urdf(REPO / "tests/data/urdf/panda.urdf",
                                                   tip_link="panda_hand_tcp"),
    "placed_puma": placed_puma,
}
STEWART = {
    "dasgupta_printed": lambda: md.stewart.test_platform(),
    "dasgupta_corrected": lambda: md.stewart.test_platform(printed_inertias=False),
    "pedrammehr_printed": lambda: md.stewart.test_platform(variant="pedrammehr"),
    "pedrammehr_corrected": lambda: md.stewart.test_platform(printed_inertias=False,
                                                             variant="pedrammehr"),
}


def serial_states(N, n, seed):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-3, 3, (N, n)), rng.uniform(-2, 2, (N, n)), rng.uniform(-5, 5, (N, n)))


def platform_motions(N, seed):
    """(N, 18) motions near the Stewart test platform's home pose (docs/batch.md columns)."""
    rng = np.random.default_rng(seed)
    motion = np.zeros((N, 18))
    motion[:, 0:2] = rng.uniform(-0.05, 0.05, (N, 2))
    motion[:, 2] = 1.0 + rng.uniform(-0.05, 0.05, N)
    motion[:, 3:6] = rng.uniform(-0.1, 0.1, (N, 3))
    motion[:, 6:18] = rng.uniform(-0.5, 0.5, (N, 12))
    return motion


def same_bits(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


# Pickling: every field and the dynamics survive pickle.loads(pickle.dumps(m)) bit for bit.

@pytest.mark.parametrize("name", SERIAL)
def test_serial_model_pickles_bit_for_bit(name):
    model = SERIAL[name]()
    copy = pickle.loads(pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL))
    assert isinstance(copy, md.SerialModel) and copy is not model
    assert copy.to_yaml() == model.to_yaml()
    for field in ("name", "dof", "convention", "warnings", "has_drive", "allow_invalid_inertia"):
        assert getattr(copy, field) == getattr(model, field), field
    for field in ("gravity", "base", "tool", "q_min", "q_max", "qd_max", "tau_max"):
        assert same_bits(getattr(copy, field), getattr(model, field)), field
    assert copy.configurations.keys() == model.configurations.keys()
    for key, q in model.configurations.items():
        assert same_bits(copy.configurations[key], q)
    assert len(copy.links) == len(model.links)
    for a, b in zip(copy.links, model.links):
        assert a.keys() == b.keys()
        for key in a:
            assert same_bits(np.asarray(a[key]), np.asarray(b[key])), key
    # The dynamics, with and without drive terms and gravity.
    q, qd, qdd = serial_states(200, model.dof, 5)
    assert same_bits(md.inverse_dynamics_batch(copy, q, qd, qdd),
                     md.inverse_dynamics_batch(model, q, qd, qdd))
    assert same_bits(md.mass_matrix_batch(copy, q), md.mass_matrix_batch(model, q))
    assert same_bits(md.gravity_torques_batch(copy, q), md.gravity_torques_batch(model, q))
    tau = md.inverse_dynamics_batch(model, q, qd, qdd)
    assert same_bits(md.forward_dynamics_batch(copy, q, qd, tau),
                     md.forward_dynamics_batch(model, q, qd, tau))
    assert same_bits(md.end_effector_pose(copy, q[0]), md.end_effector_pose(model, q[0]))


@pytest.mark.parametrize("name", STEWART)
def test_stewart_model_pickles_bit_for_bit(name):
    platform = STEWART[name]()
    copy = pickle.loads(pickle.dumps(platform))
    assert isinstance(copy, md.stewart.StewartModel)
    assert copy.to_yaml() == platform.to_yaml()
    # The warnings as recorded, including the printed k_1's "normalised", which reading the
    # unit axes back would not raise again.
    assert copy.warnings == platform.warnings
    for field in ("name", "M", "Cu", "Cp", "Cs", "allow_invalid_inertia"):
        assert getattr(copy, field) == getattr(platform, field), field
    for field in ("b", "k", "p", "R0", "I_p", "g"):
        assert same_bits(getattr(copy, field), getattr(platform, field)), field
    assert repr(copy.legs) == repr(platform.legs) and repr(copy.limits) == repr(platform.limits)
    motion = platform_motions(200, 6)
    for model in ("dasgupta", "improved"):
        assert same_bits(md.stewart.inverse_dynamics_batch(copy, motion, model=model),
                         md.stewart.inverse_dynamics_batch(platform, motion, model=model))


def test_pickle_rejects_a_bad_state():
    model = md.puma560()
    with pytest.raises(ValueError, match=r"SerialModel.__setstate__: state must be \(yaml, "):
        model.__class__.__new__(model.__class__).__setstate__(("only yaml",))
    yaml, warnings = model.__getstate__()
    with pytest.raises(ValueError, match="<pickle>"):
        pickle.loads(pickle.dumps(model).replace(b"kind: serial_arm", b"kind: serial_ARM"))
    assert isinstance(yaml, str) and warnings == model.warnings


def test_import_manipdyn_does_not_import_dask():
    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(md.__file__).resolve().parents[1]))
    code = "import sys, manipdyn; assert 'dask' not in sys.modules, 'dask imported'"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 0, result.stderr


# The cluster: 2 worker processes of 1 thread each (this is the pattern for a real cluster: every
# input chunk, the model and every result cross a process boundary).

@pytest.fixture(scope="module")
def client():
    if DASK_MISSING:
        pytest.skip(DASK_MISSING)
    c = mdd.client(n_workers=2, threads_per_worker=1, processes=True, timeout=CLUSTER_TIMEOUT)
    yield c
    c.close()


@needs_dask
def test_a_million_puma_inverse_dynamics_on_the_cluster(client):
    model = md.puma560()
    q, qd, qdd = serial_states(N_CLUSTER, 6, 2026)
    tau = mdd.inverse_dynamics(model, q, qd, qdd, chunk=100_000)
    assert isinstance(tau, da.Array) and tau.shape == (N_CLUSTER, 6)
    assert tau.chunks == ((100_000,) * 10, (6,))
    # The model is one node of the graph, on which the 10 tasks depend.
    graph = dict(tau.__dask_graph__())
    assert sum(isinstance(v, md.SerialModel) for v in graph.values()) == 1
    result = tau.compute()
    assert same_bits(result, md.inverse_dynamics_batch(model, q, qd, qdd))


@needs_dask
def test_mass_matrix_gravity_forward_and_stewart_on_the_cluster(client):
    model = md.stanford_arm()
    q, qd, qdd = serial_states(N_SMALL, 6, 7)
    M = mdd.mass_matrix(model, q, chunk=3000)
    assert M.shape == (N_SMALL, 6, 6) and M.chunks[0][0] == 3000
    G = mdd.gravity_torques(model, q, chunk=3000)
    tau = md.inverse_dynamics_batch(model, q, qd, qdd)
    qdd_out = mdd.forward_dynamics(model, q, qd, tau, chunk=3000, method="articulated_body")
    platform = md.stewart.test_platform(printed_inertias=False)
    motion = platform_motions(N_SMALL, 8)
    F = mdd.stewart_inverse_dynamics(platform, motion, chunk=3000, model="improved")
    M, G, qdd_out, F = client.compute([M, G, qdd_out, F], sync=True)
    assert same_bits(M, md.mass_matrix_batch(model, q))
    assert same_bits(G, md.gravity_torques_batch(model, q))
    assert same_bits(qdd_out, md.forward_dynamics_batch(model, q, qd, tau, method="articulated_body"))
    assert same_bits(F, md.stewart.inverse_dynamics_batch(platform, motion, model="improved"))


@needs_dask
def test_stewart_atlas_on_the_cluster(client):
    platform = md.stewart.test_platform()
    rng = np.random.default_rng(10)
    poses = np.column_stack([np.array([0.0667, -0.025, 0.5174]) + rng.uniform(-0.12, 0.12, (N_SMALL, 3)),
                             rng.uniform(-0.2, 0.2, (N_SMALL, 3))])
    options = dict(model="improved", linear_envelope=(1.0, 2.0, 3.0), half_stroke=0.1)
    atlas = mdd.stewart_atlas(platform, poses, chunk=3000, **options)
    assert tuple(atlas) == md.stewart.ATLAS_COLUMNS
    assert atlas["reachable"].chunks[0][0] == 3000
    # One graph for all eight arrays: the platform is one node, each chunk one task.
    values = client.compute(list(atlas.values()), sync=True)
    local = md.stewart.atlas_poses_batch(platform, poses, **options)
    for key, value in zip(atlas, values):
        assert same_bits(value, local[key]), key
    assert 0 < local["reachable"].sum() < N_SMALL
    with pytest.raises(TypeError, match="stewart_atlas: model must be a stewart.StewartModel"):
        mdd.stewart_atlas(md.puma560(), poses)
    with pytest.raises(ValueError, match=r"stewart_atlas: poses must have shape \(N, 6\), got "
                                         r"\(3, 18\)"):
        mdd.stewart_atlas(platform, np.zeros((3, 18)))
    with pytest.raises(ValueError, match="atlas_poses_batch: model must be 'dasgupta' or"):
        mdd.stewart_atlas(platform, poses, model="newton")


@needs_dask
def test_a_free_flyer_tree_on_the_cluster(client):
    """q (N, nq) and qd, qdd, tau (N, nv): Romeo's whole tree on a free-flyer, bit for bit the
    local batch functions."""
    model = md.load_model(REPO / "tests/data/urdf/romeo_small.urdf", whole_tree=True,
                          floating_base=True, allow_invalid_inertia=True)
    N = 600
    rng = np.random.default_rng(12)
    q = np.array([md.random_configuration(model, s) for s in range(N)])
    qd, qdd = rng.uniform(-1, 1, (N, model.nv)), rng.uniform(-1, 1, (N, model.nv))
    tau = mdd.inverse_dynamics(model, q, qd, qdd, chunk=250)
    M = mdd.mass_matrix(model, q, chunk=250)
    G = mdd.gravity_torques(model, q, chunk=250)
    tau_local = md.inverse_dynamics_batch(model, q, qd, qdd)
    qdd_out = mdd.forward_dynamics(model, q, qd, tau_local, chunk=250)
    assert tau.shape == (N, model.nv) and M.shape == (N, model.nv, model.nv)
    tau, M, G, qdd_out = client.compute([tau, M, G, qdd_out], sync=True)
    assert same_bits(tau, tau_local)
    assert same_bits(M, md.mass_matrix_batch(model, q))
    assert same_bits(G, md.gravity_torques_batch(model, q))
    assert same_bits(qdd_out, md.forward_dynamics_batch(model, q, qd, tau_local))
    with pytest.raises(ValueError, match=r"qd must have shape \(N, 37\), got \(600, 38\)"):
        mdd.inverse_dynamics(model, q, q, qdd)


@needs_dask
def test_dask_inputs_and_a_second_client_by_address(client):
    model = md.random_arm(7, 4)
    q, qd, qdd = serial_states(5000, 7, 9)
    q_lazy = da.from_array(q, chunks=(700, 3))  # columns in chunks: joined by the function
    tau = mdd.inverse_dynamics(model, q_lazy, qd, qdd)  # NumPy qd, qdd take q's row chunks
    assert tau.chunks[0] == q_lazy.chunks[0]
    other = mdd.client(client.scheduler.address)
    try:
        assert same_bits(other.compute(tau, sync=True),
                         md.inverse_dynamics_batch(model, q, qd, qdd))
    finally:
        other.close()


@needs_dask
def test_an_error_in_a_task_names_the_entry_and_the_chunk(client):
    q = np.zeros((100, 6))
    q[57, 3] = np.nan
    with pytest.raises(ValueError, match=r"gravity_torques_batch: q\[7, 3\] is nan \(in the "
                                         r"chunk of rows 50:75\)"):
        mdd.gravity_torques(md.puma560(), q, chunk=25).compute()


@needs_dask
@pytest.mark.filterwarnings("ignore:Running on a single-machine scheduler")
def test_bad_input_is_refused_before_any_task():
    model = md.puma560()
    q = np.zeros((10, 6))
    with pytest.raises(ValueError, match=r"manipdyn.dask.inverse_dynamics: qd must have shape "
                                         r"\(N, 6\), got \(10, 5\)"):
        mdd.inverse_dynamics(model, q, np.zeros((10, 5)), q)
    with pytest.raises(ValueError, match=r"manipdyn.dask.mass_matrix: q must have shape \(N, 6\), "
                                         r"got \(6,\)"):
        mdd.mass_matrix(model, np.zeros(6))
    with pytest.raises(ValueError, match=r"forward_dynamics: tau has 9 rows, expected 10 \(as q\)"):
        mdd.forward_dynamics(model, q, q, np.zeros((9, 6)))
    with pytest.raises(ValueError, match=r"inverse_dynamics: qdd has row chunks \(4, 4, 2\), "
                                         r"expected \(5, 5\) \(as q\); rechunk"):
        mdd.inverse_dynamics(model, da.from_array(q, chunks=5), q, da.from_array(q, chunks=4))
    with pytest.raises(ValueError, match="gravity_torques: chunk must be a positive integer"):
        mdd.gravity_torques(model, q, chunk=0)
    with pytest.raises(ValueError, match="gravity_torques: q must be a numeric array"):
        mdd.gravity_torques(model, [["a"] * 6])
    with pytest.raises(TypeError, match="gravity_torques: model must be a SerialModel, got "
                                        "StewartModel"):
        mdd.gravity_torques(md.stewart.test_platform(), q)
    with pytest.raises(TypeError, match="stewart_inverse_dynamics: model must be a "
                                        "stewart.StewartModel, got SerialModel"):
        mdd.stewart_inverse_dynamics(model, np.zeros((3, 18)))
    with pytest.raises(ValueError, match="client: n_workers must be a positive integer, got 0"):
        mdd.client(n_workers=0)
    with pytest.raises(ValueError, match="client: address must be a scheduler address"):
        mdd.client(address=8786)
    # Options are checked before any task runs.
    with pytest.raises(ValueError, match="forward_dynamics: unknown method 'crba'"):
        mdd.forward_dynamics(model, q, q, q, method="crba")
    with pytest.raises(ValueError, match="inverse_dynamics_batch: model must be 'dasgupta' or "
                                         "'improved', got 'newton'"):
        mdd.stewart_inverse_dynamics(md.stewart.test_platform(), np.zeros((3, 18)), model="newton")
    # N = 0 is allowed (as for the batch functions).
    assert mdd.mass_matrix(model, np.zeros((0, 6))).compute(scheduler="sync").shape == (0, 6, 6)
