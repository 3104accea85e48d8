"""manipdyn.dask: the batch functions over a Dask cluster (docs/batch.md, "Dask").

A sweep that outgrows one machine runs on Dask (Debian's python3-dask, python3-distributed): the
states are split into chunks of rows, and each chunk is one task that calls the batch function
of manipdyn (threads=1: Dask's workers are the parallelism) on a worker. Results are dask arrays;
row i is bit for bit the row of the local batch function.

    import manipdyn as md, manipdyn.dask as mdd
    client = mdd.client()                 # a LocalCluster: 2 worker processes, 1 thread each
    # client = mdd.client("tcp://scheduler:8786")   # or an existing cluster
    tau = mdd.inverse_dynamics(md.puma560(), q, qd, qdd, chunk=100_000).compute()

client(address=None, n_workers=2, threads_per_worker=1, processes=True)
inverse_dynamics(model, q, qd, qdd, chunk=100_000, method="fastest")  -> (N, nv) dask array
mass_matrix(model, q, chunk=100_000)                                  -> (N, nv, nv)
gravity_torques(model, q, chunk=100_000)                              -> (N, nv)
forward_dynamics(model, q, qd, tau, chunk=100_000, method="fastest")  -> (N, nv)
stewart_inverse_dynamics(platform, motion, chunk=100_000, model="dasgupta") -> (N, 6)
stewart_atlas(platform, poses, chunk=100_000, model="dasgupta", ...) -> dict of (N,) arrays

Inputs are NumPy or dask arrays of shape (N, nq) for q and (N, nv) for qd, qdd, tau (nq = nv =
n joints on a fixed root, a chain or a tree; 7 + n and 6 + n on a free-flyer); NumPy ones are cut into `chunk` rows, dask ones
keep their row chunks (which must be the same for every input of a call; NumPy inputs beside a
dask one take its chunks). The model goes into the task graph once, as one pickled object
(SerialModel and StewartModel pickle through their YAML text, bit for bit), on which every
chunk's task depends. `import manipdyn` does not import Dask; only this module does.
"""
import contextlib
import numbers

import dask
import dask.array as da
import distributed
import numpy as np

import manipdyn as _md

__all__ = ["client", "inverse_dynamics", "mass_matrix", "gravity_torques", "forward_dynamics",
           "stewart_inverse_dynamics", "stewart_atlas"]

DEFAULT_CHUNK = 100_000  # rows per task: ~5 MB per (N, 6) float64 input chunk


def client(address=None, n_workers=2, threads_per_worker=1, processes=True, **cluster_options):
    """A distributed.Client, which becomes Dask's default scheduler.

    address: None starts a LocalCluster on this machine with n_workers workers of
      threads_per_worker threads each (processes=False: threads of this process; the batch
      functions release the GIL); closing the client closes that cluster. Otherwise the address of
      an existing scheduler ("tcp://host:8786"), and n_workers, threads_per_worker, processes are
      not used. cluster_options go to LocalCluster (the dashboard is off unless
      dashboard_address is given).
    """
    if address is not None:
        if not isinstance(address, str) or not address:
            raise ValueError(f"client: address must be a scheduler address such as "
                             f"'tcp://host:8786', got {address!r}")
        return distributed.Client(address)
    for name, value in (("n_workers", n_workers), ("threads_per_worker", threads_per_worker)):
        if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < 1:
            raise ValueError(f"client: {name} must be a positive integer, got {value!r}")
    cluster_options.setdefault("dashboard_address", None)
    return distributed.Client(n_workers=int(n_workers), threads_per_worker=int(threads_per_worker),
                              processes=processes, **cluster_options)


# The tasks: one chunk of rows through the local batch function, on one thread. An error names
# the chunk's rows in the whole array (the batch function's row numbers count from its start).

@contextlib.contextmanager
def _in_chunk(block_info):
    try:
        yield
    except ValueError as e:
        start, stop = block_info[None]["array-location"][0] if block_info else (None, None)
        raise ValueError(f"{e} (in the chunk of rows {start}:{stop})") from None


def _inverse_dynamics_block(q, qd, qdd, model, method, block_info=None):
    with _in_chunk(block_info):
        return _md.inverse_dynamics_batch(model, q, qd, qdd, threads=1, method=method)


def _mass_matrix_block(q, model, block_info=None):
    with _in_chunk(block_info):
        return _md.mass_matrix_batch(model, q, threads=1)


def _gravity_torques_block(q, model, block_info=None):
    with _in_chunk(block_info):
        return _md.gravity_torques_batch(model, q, threads=1)


def _forward_dynamics_block(q, qd, tau, model, method, block_info=None):
    with _in_chunk(block_info):
        return _md.forward_dynamics_batch(model, q, qd, tau, threads=1, method=method)


def _stewart_inverse_dynamics_block(motion, platform, model, block_info=None):
    with _in_chunk(block_info):
        return _md.stewart.inverse_dynamics_batch(platform, motion, model=model, threads=1)


def _stewart_atlas_block(poses, platform, block_info=None, **options):
    with _in_chunk(block_info):
        return _md.stewart.atlas_poses_batch(platform, poses, threads=1, as_array=True, **options)


# Checks and chunking.

def _check_model(where, model, kind, kind_name):
    if not isinstance(model, kind):
        raise TypeError(f"{where}: model must be a {kind_name}, got {type(model).__name__}")


def _check_chunk(where, chunk):
    if not isinstance(chunk, numbers.Integral) or isinstance(chunk, bool) or chunk < 1:
        raise ValueError(f"{where}: chunk must be a positive integer (rows per task), "
                         f"got {chunk!r}")
    return int(chunk)


def _rows(where, arrays, cols, chunk):
    """The inputs (name -> array) as float64 dask arrays (N, cols) with equal row chunks and one
    column chunk (cols: an int for every input, or a dict name -> int); ValueError naming the
    input for a wrong shape or mismatched chunks."""
    chunk = _check_chunk(where, chunk)
    checked = {}
    columns = cols if isinstance(cols, dict) else {name: cols for name in arrays}
    for name, a in arrays.items():
        cols = columns[name]
        if not isinstance(a, da.Array):
            try:
                a = np.asarray(a, dtype=np.float64)
            except (TypeError, ValueError) as e:
                raise ValueError(f"{where}: {name} must be a numeric array (N, {cols}): "
                                 f"{e}") from None
        elif not np.issubdtype(a.dtype, np.number):
            raise ValueError(f"{where}: {name} must be a numeric array (N, {cols}), "
                             f"got dtype {a.dtype}")
        if a.ndim != 2 or a.shape[1] != cols:
            raise ValueError(f"{where}: {name} must have shape (N, {cols}), got {tuple(a.shape)}")
        checked[name] = a
    # The row chunks: those of the dask inputs (all equal), else `chunk` rows.
    lazy = {name: a for name, a in checked.items() if isinstance(a, da.Array)}
    first = next(iter(checked))
    if lazy:
        ref_name, ref = next(iter(lazy.items()))
        row_chunks = ref.chunks[0]
    else:
        ref_name, ref = first, checked[first]
        n_rows = ref.shape[0]
        row_chunks = tuple(min(chunk, n_rows - s) for s in range(0, n_rows, chunk)) or (0,)
    out = []
    for name, a in checked.items():
        if a.shape[0] != ref.shape[0]:
            raise ValueError(f"{where}: {name} has {a.shape[0]} rows, expected {ref.shape[0]} "
                             f"(as {ref_name})")
        cols = columns[name]
        if isinstance(a, da.Array):
            if a.chunks[0] != row_chunks:
                raise ValueError(f"{where}: {name} has row chunks {a.chunks[0]}, expected "
                                 f"{row_chunks} (as {ref_name}); rechunk the inputs alike")
            a = a.rechunk({1: -1}).astype(np.float64)
        else:
            a = da.from_array(a, chunks=(row_chunks, cols))
        out.append(a)
    return out, row_chunks


def _name(prefix, *arguments):
    """A key name for map_blocks: the function's name and a token of its arguments (unique, as the
    model node is a new one at each call)."""
    return prefix + "-" + dask.base.tokenize(*arguments)


def _no_rows(cols, count=1):
    """`count` empty (0, cols) arrays (cols: an int, or a list of ints, one array each): a call of
    a batch function on them checks its options."""
    if isinstance(cols, list):
        return [np.zeros((0, c)) for c in cols]
    return [np.zeros((0, cols))] * count


def _model_in_graph(model):
    """The model as one node of the graph (pickled once, a dependency of every chunk)."""
    return dask.delayed(model, pure=False)


def inverse_dynamics(model, q, qd, qdd, chunk=DEFAULT_CHUNK, method="fastest"):
    """tau (N, nv) dask array: row i = manipdyn.inverse_dynamics_batch(model, q, qd, qdd,
    method=method) row i, bit for bit. q: NumPy or dask (N, nq), qd, qdd: (N, nv)."""
    where = "manipdyn.dask.inverse_dynamics"
    _check_model(where, model, _md.SerialModel, "SerialModel")
    nq, n = model.nq, model.nv
    (q, qd, qdd), rows = _rows(where, {"q": q, "qd": qd, "qdd": qdd},
                               {"q": nq, "qd": n, "qdd": n}, chunk)
    _md.inverse_dynamics_batch(model, *_no_rows([nq, n, n]), method=method)  # checks method now
    args = (q, qd, qdd, _model_in_graph(model), method)
    return da.map_blocks(_inverse_dynamics_block, *args, dtype=np.float64, chunks=(rows, (n,)),
                         name=_name("inverse_dynamics", *args))


def mass_matrix(model, q, chunk=DEFAULT_CHUNK):
    """M (N, nv, nv) dask array: M[i] = manipdyn.mass_matrix_batch(model, q)[i]. q: (N, nq)."""
    where = "manipdyn.dask.mass_matrix"
    _check_model(where, model, _md.SerialModel, "SerialModel")
    n = model.nv
    (q,), rows = _rows(where, {"q": q}, model.nq, chunk)
    args = (q, _model_in_graph(model))
    return da.map_blocks(_mass_matrix_block, *args, dtype=np.float64, chunks=(rows, (n,), (n,)),
                         new_axis=2, name=_name("mass_matrix", *args))


def gravity_torques(model, q, chunk=DEFAULT_CHUNK):
    """G (N, nv) dask array: row i = manipdyn.gravity_torques_batch(model, q) row i. q: (N, nq)."""
    where = "manipdyn.dask.gravity_torques"
    _check_model(where, model, _md.SerialModel, "SerialModel")
    n = model.nv
    (q,), rows = _rows(where, {"q": q}, model.nq, chunk)
    args = (q, _model_in_graph(model))
    return da.map_blocks(_gravity_torques_block, *args, dtype=np.float64, chunks=(rows, (n,)),
                         name=_name("gravity_torques", *args))


def forward_dynamics(model, q, qd, tau, chunk=DEFAULT_CHUNK, method="fastest"):
    """qdd (N, nv) dask array: row i = manipdyn.forward_dynamics_batch(model, q, qd, tau,
    method=method) row i. q: (N, nq), qd, tau: (N, nv)."""
    where = "manipdyn.dask.forward_dynamics"
    _check_model(where, model, _md.SerialModel, "SerialModel")
    nq, n = model.nq, model.nv
    (q, qd, tau), rows = _rows(where, {"q": q, "qd": qd, "tau": tau},
                               {"q": nq, "qd": n, "tau": n}, chunk)
    _md.forward_dynamics_batch(model, *_no_rows([nq, n, n]), method=method)  # checks method now
    args = (q, qd, tau, _model_in_graph(model), method)
    return da.map_blocks(_forward_dynamics_block, *args, dtype=np.float64, chunks=(rows, (n,)),
                         name=_name("forward_dynamics", *args))


def stewart_inverse_dynamics(platform, motion, chunk=DEFAULT_CHUNK, model="dasgupta"):
    """F (N, 6) dask array: row i = manipdyn.stewart.inverse_dynamics_batch(platform, motion,
    model=model) row i. motion: (N, 18), columns t, rpy, v, omega, a, alpha (docs/batch.md)."""
    where = "manipdyn.dask.stewart_inverse_dynamics"
    _check_model(where, platform, _md.stewart.StewartModel, "stewart.StewartModel")
    (motion,), rows = _rows(where, {"motion": motion}, 18, chunk)
    _md.stewart.inverse_dynamics_batch(platform, *_no_rows(18, 1), model=model)  # checks model
    args = (motion, _model_in_graph(platform), model)
    return da.map_blocks(_stewart_inverse_dynamics_block, *args, dtype=np.float64,
                         chunks=(rows, (6,)), name=_name("stewart_inverse_dynamics", *args))


def stewart_atlas(platform, poses, chunk=DEFAULT_CHUNK, model="dasgupta",
                  linear_envelope=(2.0, 2.0, 2.0), angular_envelope=(5.0, 5.0, 5.0), forces=True,
                  singular_condition=1e12, half_stroke=None, u_cone=None, s_cone=None):
    """The workspace atlas at N poses: a dict of (N,) dask arrays with the keys and dtypes of
    manipdyn.stewart.atlas_poses_batch(platform, poses, ...) (reachable bool, limit and leg int32,
    condition_number, max_static_force, max_envelope_force, max_u_joint_angle, max_s_joint_angle
    float64), entry i equal to it bit for bit. poses: (N, 6), columns t (3, m), rpy (3, rad)
    (docs/stewart/atlas.md, "Batch"). Every chunk is one task giving the (rows, 8) table
    (stewart.ATLAS_COLUMNS), from which the arrays are taken: compute them together
    (dask.compute(result) or client.compute(list(result.values()))) to run each task once."""
    where = "manipdyn.dask.stewart_atlas"
    _check_model(where, platform, _md.stewart.StewartModel, "stewart.StewartModel")
    (poses,), rows = _rows(where, {"poses": poses}, 6, chunk)
    options = dict(model=model, linear_envelope=linear_envelope,
                   angular_envelope=angular_envelope, forces=forces,
                   singular_condition=singular_condition, half_stroke=half_stroke, u_cone=u_cone,
                   s_cone=s_cone)
    _md.stewart.atlas_poses_batch(platform, *_no_rows(6, 1), **options)  # checks the options now
    platform_node = _model_in_graph(platform)
    columns = _md.stewart.ATLAS_COLUMNS
    table = da.map_blocks(_stewart_atlas_block, poses, platform_node, dtype=np.float64,
                          chunks=(rows, (len(columns),)),
                          name=_name("stewart_atlas", poses, platform_node, options), **options)
    out = {}
    for c, key in enumerate(columns):
        column = table[:, c]
        if key == "reachable":
            column = column != 0
        elif key in ("limit", "leg"):
            column = column.astype(np.int32)
        out[key] = column
    return out
