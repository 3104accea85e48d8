"""`manipdyn stewart atlas` and manipdyn.stewart.workspace_atlas (docs/stewart/atlas.md): the files
and plots written, the volume against the reachable count, reachability against leg lengths
computed here with NumPy, and the error messages of bad options."""
import csv

import numpy as np
import pytest

import manipdyn as md

USAGE = 2
# Leg lengths here and in C++: a few products each (m).
ROUNDOFF = 1e-12


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_atlas_writes_csv_and_plots(run_cli, tmp_path):
    out = tmp_path / "atlas"
    r = run_cli("stewart", "atlas", "--out", out, "--resolution", "7", "--orientations",
                "0", "0", "0", "0", "0", "10", "--deg")
    assert r.returncode == 0, r.stderr
    assert "limits: default (the model has none)" in r.stdout
    rows = read_csv(out / "atlas.csv")
    assert len(rows) == 2 * 7 ** 3
    summary = read_csv(out / "summary.csv")
    assert len(summary) == 2
    for o, s in enumerate(summary):
        reach = sum(int(row["reachable"]) for row in rows if int(row["orientation"]) == o)
        assert int(s["reachable"]) == reach > 0
        assert float(s["volume"]) == pytest.approx(reach * float(s["cell_volume"]), rel=1e-15)
    assert float(summary[1]["yaw"]) == pytest.approx(np.radians(10), rel=1e-15)
    # Reachable rows carry forces, the envelope's above the static one; unreachable rows name a
    # limit and a leg.
    for row in rows:
        if row["reachable"] == "1":
            assert row["limit"] == "none" and row["leg"] == "0"
            assert float(row["max_envelope_force"]) > float(row["max_static_force"]) > 0
        else:
            assert row["limit"] == "singular" or 1 <= int(row["leg"]) <= 6
    assert len(read_csv(out / "limits.csv")) == 6
    for o in (0, 1):
        for kind in ("condition", "static_force", "envelope_force", "limits"):
            png = out / f"atlas_o{o}_{kind}.png"
            assert png.stat().st_size > 10000, png


def test_atlas_stroke_option_changes_the_limits(run_cli, tmp_path):
    r = run_cli("stewart", "atlas", "--out", tmp_path, "--resolution", "5", "--stroke", "0.05",
                "--u-cone", "60", "--s-cone", "50", "--deg", "--no-plots")
    assert r.returncode == 0, r.stderr
    limits = read_csv(tmp_path / "limits.csv")
    for leg in limits:
        assert float(leg["length_max"]) - float(leg["length_min"]) == pytest.approx(0.1, rel=1e-12)
        assert float(leg["u_joint_angle_max"]) == pytest.approx(np.radians(60), rel=1e-15)
        assert float(leg["s_joint_angle_max"]) == pytest.approx(np.radians(50), rel=1e-15)
    assert not list(tmp_path.glob("*.png"))


def test_atlas_threads_give_the_same_files(run_cli, tmp_path):
    texts = []
    for threads in ("1", "2"):
        out = tmp_path / threads
        r = run_cli("stewart", "atlas", "--out", out, "--resolution", "9", "--orientations",
                    "0", "0", "0", "0.1", "0", "0.2", "--threads", threads, "--no-plots")
        assert r.returncode == 0, r.stderr
        texts.append([(out / f).read_bytes() for f in ("atlas.csv", "summary.csv")])
    assert texts[0] == texts[1]


@pytest.mark.parametrize("args, message", [
    (["--resolution", "1"], "--resolution: must be an integer in 2..201, got 1"),
    (["--resolution", "201"], "too much work: --resolution 201 gives"),
    (["--orientations", "0", "0"], "--orientations: At least 3 required but received 2"),
    (["--orientations", "0", "0", "0", "1"], "--orientations: give RPY triples"),
    (["--accel-envelope", "1", "2", "3"], "--accel-envelope: give 2 numbers"),
    (["--accel-envelope", "-1", "2"], "--accel-envelope: must be >= 0"),
    (["--z-range", "0.6", "0.4"], "--z-range: the first number must be below the second"),
    (["--stroke", "0"], "--stroke: must be > 0"),
    (["--u-cone", "4"], "--u-cone: must be > 0 and <= pi rad (180 deg), got 4 rad"),
    (["--dynamics", "newton"], "--dynamics: must be one of dasgupta, improved"),
    (["--threads", "-1"], "--threads: must be an integer in 0..1024, got -1"),
])
def test_atlas_bad_options(run_cli, tmp_path, args, message):
    r = run_cli("stewart", "atlas", "--out", tmp_path / "x", "--no-plots", *args)
    assert r.returncode == USAGE, r.stderr
    assert message in r.stderr
    assert not (tmp_path / "x").exists()


def test_binding_reachability_matches_leg_lengths():
    platform = md.stewart.test_platform(False)
    lo, hi = np.array([-0.1, -0.15, 0.42]), np.array([0.25, 0.15, 0.62])
    rpy = np.array([[0.0, 0.0, 0.0], [0.05, -0.05, 0.1]])
    a = md.stewart.workspace_atlas(platform, lower=lo, upper=hi, resolution=6, orientations=rpy,
                                   half_stroke=0.1, u_cone=np.pi, s_cone=np.pi)
    assert a["reachable"].shape == (2, 6, 6, 6)
    assert a["limits_rule"] == "given"
    length_min, length_max = a["limits"][:, 0], a["limits"][:, 1]
    b, p = platform.b, platform.p
    for o in range(2):
        R = md.stewart.rpy_to_rotation(rpy[o])
        for k, z in enumerate(a["z"]):
            for j, y in enumerate(a["y"]):
                for i, x in enumerate(a["x"]):
                    L = np.linalg.norm(p @ R.T + np.array([x, y, z]) - b, axis=1)
                    inside = np.all((L >= length_min - ROUNDOFF) & (L <= length_max + ROUNDOFF))
                    assert a["reachable"][o, k, j, i] == inside
        assert a["volume"][o] == pytest.approx(a["reachable_count"][o] * a["cell_volume"], rel=1e-15)
    assert 0 < a["reachable"].sum() < a["reachable"].size


def test_binding_bad_options_raise_value_error():
    platform = md.stewart.test_platform(False)
    with pytest.raises(ValueError, match=r"resolution\[0\] = 1, expected in 2..1001"):
        md.stewart.workspace_atlas(platform, resolution=1)
    with pytest.raises(ValueError, match=r"orientations must have shape \(n, 3\)"):
        md.stewart.workspace_atlas(platform, orientations=np.zeros((1, 2)))
    with pytest.raises(ValueError, match="too much work"):
        md.stewart.workspace_atlas(platform, resolution=101, max_poses=1e5)


# manipdyn.stewart.atlas_poses_batch (docs/stewart/atlas.md, "Batch"): the atlas at any (N, 6)
# poses, through the batch layer.

ATLAS_KEYS = ("reachable", "limit", "leg", "condition_number", "max_static_force",
              "max_envelope_force", "max_u_joint_angle", "max_s_joint_angle")


def same_bits(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def grid_poses(atlas):
    """The poses of a workspace_atlas result in its index order (orientation, z, y, x)."""
    rpy = np.asarray(atlas["orientations"], dtype=float)
    o, z, y, x = np.meshgrid(np.arange(len(rpy)), atlas["z"], atlas["y"], atlas["x"], indexing="ij")
    return np.column_stack([x.ravel(), y.ravel(), z.ravel(), rpy[o.ravel()]])


def test_batch_over_the_grid_equals_workspace_atlas_for_any_thread_count():
    platform = md.stewart.test_platform(printed_inertias=False)
    rpy = np.array([[0.0, 0.0, 0.0], [0.05, -0.1, 0.2]])
    options = dict(model="improved", linear_envelope=(1.0, 2.0, 3.0), half_stroke=0.1)
    atlas = md.stewart.workspace_atlas(platform, resolution=9, orientations=rpy, **options)
    poses = grid_poses(atlas)
    results = [md.stewart.atlas_poses_batch(platform, poses, threads=t, **options)
               for t in (1, 2, 3)]
    for r in results:
        assert tuple(r) == ATLAS_KEYS == md.stewart.ATLAS_COLUMNS
        for key in ATLAS_KEYS:
            assert same_bits(r[key], np.ascontiguousarray(atlas[key]).ravel()), key
    assert 0 < results[0]["reachable"].sum() < len(poses)
    # The table form holds the same numbers.
    table = md.stewart.atlas_poses_batch(platform, poses, as_array=True, **options)
    assert table.shape == (len(poses), 8) and table.dtype == np.float64
    for c, key in enumerate(ATLAS_KEYS):
        assert same_bits(table[:, c].astype(results[0][key].dtype), results[0][key]), key


def test_batch_rows_equal_single_pose_calls():
    platform = md.stewart.test_platform()
    rng = np.random.default_rng(3)
    poses = np.column_stack([np.array([0.0667, -0.025, 0.5174]) + rng.uniform(-0.12, 0.12, (40, 3)),
                             rng.uniform(-0.3, 0.3, (40, 3))])
    batch = md.stewart.atlas_poses_batch(platform, poses)
    for i in range(len(poses)):
        one = md.stewart.atlas_poses_batch(platform, poses[i:i + 1], threads=1)
        for key in ATLAS_KEYS:
            assert same_bits(one[key], batch[key][i:i + 1]), (i, key)
    # Reachable rows carry finite forces, unreachable rows a limit and NaN.
    r = batch["reachable"]
    assert 0 < r.sum() < len(r)
    assert np.all(batch["limit"][r] == 0) and np.all(batch["limit"][~r] > 0)
    assert np.all(np.isfinite(batch["max_envelope_force"][r]))
    assert np.all(np.isnan(batch["condition_number"][~r]))


def test_batch_bad_input_raises_value_error():
    platform = md.stewart.test_platform()
    poses = np.zeros((3, 6))
    poses[:, 2] = 0.5
    with pytest.raises(ValueError, match=r"atlas_poses_batch: poses has shape 3 x 5, expected "
                                         r"3 x 6 \(N rows of t, rpy \(3 each\)\)"):
        md.stewart.atlas_poses_batch(platform, np.zeros((3, 5)))
    with pytest.raises(ValueError, match=r"atlas_poses_batch: poses must be a 2-D array \(N, 6\), "
                                         r"got shape \(6,\)"):
        md.stewart.atlas_poses_batch(platform, np.zeros(6))
    poses[2, 4] = np.nan
    with pytest.raises(ValueError, match=r"atlas_poses_batch: poses\[2, 4\] is nan"):
        md.stewart.atlas_poses_batch(platform, poses)
    with pytest.raises(ValueError, match="atlas_poses_batch: model must be 'dasgupta' or "
                                         "'improved', got 'newton'"):
        md.stewart.atlas_poses_batch(platform, np.zeros((0, 6)), model="newton")
    with pytest.raises(ValueError, match=r"options.settings.envelope.angular\[1\] = -1"):
        md.stewart.atlas_poses_batch(platform, np.zeros((0, 6)), angular_envelope=(1, -1, 1))
    with pytest.raises(ValueError, match="threads is -1, expected >= 0"):
        md.stewart.atlas_poses_batch(platform, np.zeros((0, 6)), threads=-1)
