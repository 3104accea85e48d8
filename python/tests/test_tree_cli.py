"""The CLI on trees and free-flyers (issue 27 item 8): `inverse-dynamics` and `batch` take a
whole URDF tree and --floating-base, name their rows and CSV columns by the joints (a free-flyer's
base q_base_x..q_base_qw, qd_base_vx.., its wrench tau_fx..tau_tz) and give the numbers of the
Python functions; the chain-only commands refuse a tree with the library's message."""
import csv

import numpy as np
import pytest

import manipdyn as md
from conftest import REPO

URDF = REPO / "tests" / "data" / "urdf"
SOLO = ["--model", URDF / "solo12.urdf", "--whole-tree"]
ROMEO = ["--model", URDF / "romeo_small.urdf", "--whole-tree", "--allow-invalid-inertia"]


def solo_free():
    return md.load_model(URDF / "solo12.urdf", floating_base=True)


def romeo():
    return md.load_model(URDF / "romeo_small.urdf", whole_tree=True, allow_invalid_inertia=True)


def test_inverse_dynamics_of_a_free_flyer_names_the_coordinates(run_cli, tmp_path):
    out = tmp_path / "id.csv"
    r = run_cli("inverse-dynamics", *SOLO, "--floating-base", "--qd", "0.5", "--csv", out)
    assert r.returncode == 0, r.stderr
    assert "free-flyer root (nq = 19, nv = 18)" in r.stdout
    assert "base_vx / fx" in r.stdout and "FL_HAA" in r.stdout
    model = solo_free()
    with open(out) as f:
        rows = list(csv.DictReader(f))
    assert [row["configuration"] for row in rows] == ["qz", "qa"]
    names = md.configuration_names(model)
    assert names[:7] == ["base_x", "base_y", "base_z", "base_qx", "base_qy", "base_qz", "base_qw"]
    assert md.generalized_force_names(model)[:6] == ["fx", "fy", "fz", "tx", "ty", "tz"]
    assert md.velocity_names(model)[6:] == model.joint_names
    for row in rows:
        q = np.array([float(row["q_" + c]) for c in names])
        qd = np.array([float(row["qd_" + c]) for c in md.velocity_names(model)])
        qdd = np.array([float(row["qdd_" + c]) for c in md.velocity_names(model)])
        tau = np.array([float(row["tau_" + c]) for c in md.generalized_force_names(model)])
        assert np.array_equal(qd[:6], np.zeros(6)) and np.all(qd[6:] == 0.5)
        assert np.array_equal(tau, md.inverse_dynamics(model, q, qd, qdd))


def test_inverse_dynamics_of_a_fixed_tree_and_its_sizes(run_cli):
    r = run_cli("inverse-dynamics", *ROMEO, "--no-opcount")
    assert r.returncode == 0, r.stderr
    assert "31 joints, a tree (Khalil & Kleinfinger), fixed root" in r.stdout
    assert "LShoulderPitch" in r.stdout
    r = run_cli("inverse-dynamics", *SOLO, "--floating-base", "--qd", "1", "2")
    assert r.returncode == 1
    assert "--qd: give 1 or 12 values (the joints) or 18 (the base's six first), got 2" in r.stderr


@pytest.mark.parametrize("quantity", ["tau", "qdd", "M", "G"])
@pytest.mark.parametrize("which", ["solo_free", "romeo"])
def test_batch_on_trees_names_the_columns(run_cli, tmp_path, quantity, which):
    model = solo_free() if which == "solo_free" else romeo()
    args = [*SOLO, "--floating-base"] if which == "solo_free" else ROMEO
    N = 5
    rng = np.random.default_rng(3)
    q = np.array([md.random_configuration(model, s) for s in range(N)])
    v, w = rng.uniform(-1, 1, (N, model.nv)), rng.uniform(-1, 1, (N, model.nv))
    third = {"tau": "qdd", "qdd": "tau"}.get(quantity)
    columns = ["q_" + c for c in md.configuration_names(model)]
    data = [q]
    if third:
        columns += ["qd_" + c for c in md.velocity_names(model)]
        columns += [third + "_" + c for c in (md.generalized_force_names(model) if third == "tau"
                                               else md.velocity_names(model))]
        data += [v, w]
    np.savetxt(tmp_path / "in.csv", np.hstack(data), delimiter=",", header=",".join(columns),
               comments="", fmt="%.17g")
    np.save(tmp_path / "in.npy", np.hstack(data))
    for fmt in ["csv", "npy"]:
        out = tmp_path / f"out.{fmt}"
        r = run_cli("batch", *args, "--input", tmp_path / f"in.{fmt}", "--quantity", quantity,
                    "--out", out)
        assert r.returncode == 0, r.stderr
        if fmt == "csv":
            with open(out) as f:
                header = f.readline().strip().split(",")
            result = np.loadtxt(out, delimiter=",", skiprows=1, ndmin=2)
        else:
            result = np.load(out).reshape(N, -1)
        for i in range(N):
            if quantity == "tau":
                want = md.inverse_dynamics(model, q[i], v[i], w[i])
            elif quantity == "qdd":
                want = md.forward_dynamics(model, q[i], v[i], w[i])
            elif quantity == "M":
                want = md.mass_matrix(model, q[i]).ravel()
            else:
                want = md.gravity_torques(model, q[i])
            assert np.array_equal(result[i], want), (fmt, i)
    names = md.velocity_names(model) if quantity in ("qdd", "M") else \
        md.generalized_force_names(model)
    if quantity == "M":
        assert header[:2] == [f"M_{names[0]}_{names[0]}", f"M_{names[0]}_{names[1]}"]
    else:
        assert header == [quantity + "_" + c for c in names]


def test_batch_names_a_missing_tree_column(run_cli, tmp_path):
    (tmp_path / "in.csv").write_text("q1,q2\n0,0\n")
    r = run_cli("batch", *SOLO, "--floating-base", "--input", tmp_path / "in.csv", "--quantity",
                "G", "--out", tmp_path / "out.csv")
    assert r.returncode == 1
    assert "no column 'q_base_x' in the header (needs q_base_x..q_HR_KFE)" in r.stderr


@pytest.mark.parametrize("command, model, message", [
    (["opcount"], SOLO, "model 'solo' is a tree"),
    (["codegen", "--forward-derivatives", "--out", "{tmp}/x.cpp"], ROMEO,
     "forward_dynamics_derivatives of a model of 31 joints: at most 24"),
    # excite takes a fixed-root tree (test_identification_tree.py), not a free-flyer
    (["excite", "--out", "{tmp}/e.csv"], ROMEO + ["--floating-base"],
     "model 'romeo' has a free-flyer root; identification takes fixed-root models"),
    (["opcount"], ROMEO + ["--floating-base"], "model 'romeo' has a free-flyer root"),
])
def test_chain_only_commands_refuse_a_tree(run_cli, tmp_path, command, model, message):
    command = [str(c).replace("{tmp}", str(tmp_path)) for c in command]
    r = run_cli(*command[:1], *model, *command[1:])
    assert r.returncode == 1, r.stdout
    assert message in r.stderr and "Traceback" not in r.stderr


def test_codegen_of_a_free_flyer_tree_writes_its_sizes(run_cli, tmp_path):
    r = run_cli("codegen", *SOLO, "--floating-base", "--out", tmp_path / "solo.hpp")
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "solo.hpp").read_text()
    assert "inline constexpr int kNq = 19, kNv = 18;" in text
    assert "inline void inverse_dynamics(const double* q" in text


def test_codegen_writes_the_derivatives_of_a_free_flyer_tree(run_cli, tmp_path):
    r = run_cli("codegen", *SOLO, "--floating-base", "--derivatives", "--out",
                tmp_path / "solo.hpp")
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "solo.hpp").read_text()
    assert "inline constexpr int kNq = 19, kNv = 18;" in text
    assert "inline void inverse_dynamics_derivatives(const double* q" in text


def test_datasheet_of_a_fixed_root_tree_and_a_free_flyer_refused(run_cli, tmp_path):
    r = run_cli("report", *ROMEO, "--out", tmp_path / "r")
    assert r.returncode == 0, r.stderr
    folder = tmp_path / "r" / "datasheet"
    assert not (folder / "dh_standard.csv").exists()
    with open(folder / "dh_modified.csv") as f:
        rows = list(csv.DictReader(f))
    model = romeo()
    assert [row["name"] for row in rows] == model.joint_names
    assert [int(row["parent"]) - 1 for row in rows] == model.parent
    for row, link in zip(rows, model.links):
        assert float(row["gamma"]) == link["gamma"] and float(row["b"]) == link["b"]
        assert float(row["alpha"]) == link["alpha"] and float(row["d"]) == link["d"]
    with open(folder / "summary.csv") as f:
        summary = dict(csv.reader(f))
    assert summary["topology"] == "tree" and summary["dof"] == "31"
    with open(folder / "gravity.csv") as f:
        header = f.readline().strip().split(",")
    assert header[-1] == "q31"
    r = run_cli("report", *SOLO, "--floating-base", "--out", tmp_path / "f")
    assert r.returncode == 1
    assert "arm_datasheet: model 'solo' has a free-flyer root; the datasheet takes the base fixed" \
        in r.stderr


def test_batch_on_a_tree_is_the_same_on_any_thread_count_and_names_a_bad_state(run_cli, tmp_path):
    model = solo_free()
    N = 40
    q = np.array([md.random_configuration(model, s) for s in range(N)])
    columns = ["q_" + c for c in md.configuration_names(model)]
    np.savetxt(tmp_path / "in.csv", q, delimiter=",", header=",".join(columns), comments="",
               fmt="%.17g")
    outputs = []
    for threads in [1, 3]:
        out = tmp_path / f"M{threads}.npy"
        r = run_cli("batch", *SOLO, "--floating-base", "--input", tmp_path / "in.csv",
                    "--quantity", "M", "--out", out, "--threads", threads)
        assert r.returncode == 0, r.stderr
        outputs.append(np.load(out))
    assert outputs[0].shape == (N, 18, 18)
    assert np.array_equal(outputs[0], outputs[1])
    q[17, 3:7] = [0, 0, 0, 2]
    np.savetxt(tmp_path / "bad.csv", q, delimiter=",", header=",".join(columns), comments="",
               fmt="%.17g")
    r = run_cli("batch", *SOLO, "--floating-base", "--input", tmp_path / "bad.csv", "--quantity",
                "G", "--out", tmp_path / "G.csv", "--threads", 3)
    assert r.returncode == 1
    assert ("gravity_torques_batch: q[17, 3..6], the base quaternion (x y z w) = (0 0 0 2), has "
            "norm 2") in r.stderr


def test_simulate_a_free_flyer_on_the_group(run_cli, tmp_path):
    """`simulate --floating-base` starts at the neutral base pose, names its columns as the other
    commands, keeps the quaternion unit and conserves the energy of free motion; its numbers
    are md.simulate's."""
    r = run_cli("simulate", *SOLO, "--floating-base", "--duration", "0.2", "--qd0", *["0.5"] * 12,
                "--output-dir", tmp_path, "--no-plot")
    assert r.returncode == 0, r.stderr
    with open(tmp_path / "simulate.csv") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0])[:9] == ["t", "q_base_x", "q_base_y", "q_base_z", "q_base_qx",
                                 "q_base_qy", "q_base_qz", "q_base_qw", "q_FL_HAA"]
    quat = np.array([[float(row[f"q_base_q{c}"]) for c in "xyzw"] for row in rows])
    assert np.abs(np.linalg.norm(quat, axis=1) - 1).max() < 1e-12
    assert float(rows[-1]["q_FL_HAA"]) != 0.0  # the joints moved from their initial rates
    drift = float(r.stdout.split("max |E(t) - E(0)| = ")[1].split()[0])
    assert drift < 1e-9
