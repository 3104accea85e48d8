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
