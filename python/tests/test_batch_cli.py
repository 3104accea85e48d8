"""`manipdyn batch` (docs/cli.md): CSV and .npy in and out give the numbers of the Python batch
functions (and so of the per-state calls) for every quantity; errors name the file, the line and
the column; exit status 2 for a bad command line, 1 for bad file content."""
import numpy as np
import pytest

import manipdyn as md

N, n = 60, 6


def write_states(tmp_path, groups, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.uniform(-2, 2, (N, n * len(groups)))
    header = ",".join(f"{g}{j}" for g in groups for j in range(1, n + 1))
    np.savetxt(tmp_path / "states.csv", a, delimiter=",", header=header, comments="",
               fmt="%.17g")
    np.save(tmp_path / "states.npy", a)
    return a


def expected(quantity, a):
    model = md.puma560()
    q, b, c = a[:, :n], a[:, n:2 * n], a[:, 2 * n:]
    if quantity == "tau":
        return md.inverse_dynamics_batch(model, q, b, c)
    if quantity == "qdd":
        return md.forward_dynamics_batch(model, q, b, c)
    if quantity == "M":
        return md.mass_matrix_batch(model, q)
    return md.gravity_torques_batch(model, q)


GROUPS = {"tau": ["q", "qd", "qdd"], "qdd": ["q", "qd", "tau"], "M": ["q"], "G": ["q"]}


@pytest.mark.parametrize("quantity", ["tau", "M", "G", "qdd"])
@pytest.mark.parametrize("fmt", ["csv", "npy"])
def test_batch_equals_python_batch(run_cli, tmp_path, quantity, fmt):
    a = write_states(tmp_path, GROUPS[quantity])
    out = tmp_path / f"out.{fmt}"
    r = run_cli("batch", "--model", "puma560", "--input", tmp_path / f"states.{fmt}",
                "--quantity", quantity, "--out", out, "--threads", 2)
    assert r.returncode == 0, r.stderr
    assert f"wrote {out}: {quantity} of {N} states of puma560 (6 joints)" in r.stdout
    want = expected(quantity, a)
    if fmt == "npy":
        got = np.load(out)
        assert got.shape == want.shape
        assert np.array_equal(got, want)  # bit for bit
    else:
        header = out.read_text().splitlines()[0].split(",")
        assert header[0] == (f"{quantity}1_1" if quantity == "M" else f"{quantity}1")
        got = np.loadtxt(out, delimiter=",", skiprows=1)
        # %.17g in the CSV: exact round trip.
        assert np.array_equal(got, want.reshape(N, -1))


def test_thread_counts_give_identical_files(run_cli, tmp_path):
    write_states(tmp_path, ["q", "qd", "qdd"])
    files = []
    for threads in (1, 3, 0):
        out = tmp_path / f"tau{threads}.csv"
        assert run_cli("batch", "--input", tmp_path / "states.csv", "--quantity", "tau",
                       "--out", out, "--threads", threads).returncode == 0
        files.append(out.read_bytes())
    assert files[0] == files[1] == files[2]


def test_csv_columns_by_name_and_extra_columns_ignored(run_cli, tmp_path):
    a = np.arange(1, 13, dtype=float).reshape(2, 6) / 10
    (tmp_path / "s.csv").write_text("t,q6,q5,q4,q3,q2,q1\n" + "\n".join(
        ",".join(str(x) for x in [0.0, *row[::-1]]) for row in a) + "\n")
    out = tmp_path / "G.npy"
    assert run_cli("batch", "--input", tmp_path / "s.csv", "--quantity", "G", "--out",
                   out).returncode == 0
    assert np.array_equal(np.load(out), md.gravity_torques_batch(md.puma560(), a))


@pytest.mark.parametrize("content,message", [
    ("q1,q2\n1,2\n", "no column 'q3' in the header (needs q1..q6)"),
    ("q1,q2,q3,q4,q5,q6\n1,2,3,4,5,6\n1,2,x,4,5,6\n", "line 3, column 'q3': 'x' is not a finite "
                                                      "number"),
    ("q1,q2,q3,q4,q5,q6\n1,2,3,4,5,nan\n", "line 2, column 'q6': 'nan' is not a finite number"),
    ("q1,q2,q3,q4,q5,q6\n1,2,3\n", "line 2 has 3 fields, the header 6"),
])
def test_bad_csv_names_line_and_column(run_cli, tmp_path, content, message):
    (tmp_path / "s.csv").write_text(content)
    r = run_cli("batch", "--input", tmp_path / "s.csv", "--quantity", "G", "--out",
                tmp_path / "o.csv")
    assert r.returncode == 1
    assert f"manipdyn batch: error: --input '{tmp_path / 's.csv'}': {message}" in r.stderr


def test_bad_npy_files(run_cli, tmp_path):
    def run(array, quantity="G"):
        np.save(tmp_path / "s.npy", array)
        return run_cli("batch", "--input", tmp_path / "s.npy", "--quantity", quantity, "--out",
                       tmp_path / "o.npy")
    r = run(np.zeros((3, 6), dtype=np.float32))
    assert r.returncode == 1 and "dtype '<f4' is not read" in r.stderr
    r = run(np.asfortranarray(np.zeros((3, 6))))
    assert r.returncode == 1 and "Fortran-ordered arrays are not read" in r.stderr
    r = run(np.zeros((3, 5)))
    assert r.returncode == 1 and "shape (3, 5), expected (N, 6)" in r.stderr
    r = run(np.zeros((3, 6)), "tau")
    assert r.returncode == 1 and "expected (N, 18) with columns q1..q6, qd1..qd6, qdd1..qdd6" \
        in r.stderr
    a = np.zeros((40, 6))
    a[17, 3] = np.inf
    r = run(a)
    assert r.returncode == 1 and "manipdyn batch: error: batch: q[17, 3] is inf" in r.stderr
    (tmp_path / "s.npy").write_bytes(b"not npy")
    r = run_cli("batch", "--input", tmp_path / "s.npy", "--quantity", "G", "--out",
                tmp_path / "o.npy")
    assert r.returncode == 1 and "not a .npy file" in r.stderr


def test_zero_states(run_cli, tmp_path):
    np.save(tmp_path / "s.npy", np.zeros((0, 6)))
    r = run_cli("batch", "--input", tmp_path / "s.npy", "--quantity", "M", "--out",
                tmp_path / "o.npy")
    assert r.returncode == 0, r.stderr
    assert np.load(tmp_path / "o.npy").shape == (0, 6, 6)


@pytest.mark.parametrize("args,message", [
    (["--quantity", "X"], "--quantity: must be one of tau, M, G, qdd, got 'X'"),
    (["--threads", "-1"], "--threads"),
    (["--out", "o.txt"], "--out 'o.txt': give a path ending in .csv or .npy"),
])
def test_bad_command_line_exits_2(run_cli, tmp_path, args, message):
    write_states(tmp_path, ["q"])
    base = {"--input": str(tmp_path / "states.csv"), "--quantity": "G",
            "--out": str(tmp_path / "o.csv")}
    base.update(dict(zip(args[::2], args[1::2])))
    r = run_cli("batch", *[x for kv in base.items() for x in kv], cwd=tmp_path)
    assert r.returncode == 2
    assert message in r.stderr
