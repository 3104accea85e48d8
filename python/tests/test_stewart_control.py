"""manipdyn.stewart.simulate / control and `manipdyn stewart control` (docs/stewart/simulation.md)."""
import csv

import numpy as np
import pytest

import manipdyn as md

USAGE = 2


@pytest.fixture(scope="module")
def platform():
    return md.stewart.test_platform(printed_inertias=False)


def test_simulate_holds_rest_under_static_forces(platform):
    path = md.stewart.paper_path("I")
    s = path.sample(0.0)
    t0, rpy0 = np.asarray(s["t"]), np.asarray(s["rpy"])
    F = md.stewart.inverse_dynamics(platform, t0, rpy=rpy0, model="improved")["F"]
    r = md.stewart.simulate(platform, t0, rpy=rpy0, F=F, duration=0.3)
    assert r["t"].shape == (301, 3) and r["quaternion"].shape == (301, 4)
    assert np.max(np.abs(r["t"] - t0)) < 1e-10
    np.testing.assert_allclose(np.linalg.norm(r["quaternion"], axis=1), 1.0, atol=1e-14)


def test_simulate_rejects_bad_input(platform):
    with pytest.raises(ValueError, match="options.duration"):
        md.stewart.simulate(platform, [0.1, 0, 0.4], duration=-1)
    with pytest.raises(ValueError, match="rpy or R"):
        md.stewart.simulate(platform, [0.1, 0, 0.4], rpy=[0, 0, 0], R=np.eye(3))


def test_control_path_I(platform):
    ideal = md.stewart.control(platform, "I")
    payload = md.stewart.control(platform, "I", mismatch="payload")
    assert ideal["position_error"].shape == (6001, 3)
    assert ideal["max_position_error"] < 2e-6
    assert payload["max_position_error"] > 10 * ideal["max_position_error"]
    with pytest.raises(ValueError, match="not one of none, payload"):
        md.stewart.control(platform, "I", mismatch="wind")


def test_control_path_III_at_1ms_with_plant_substeps(platform):
    # near the singular pose of Path III one RK4 step per 1 ms period diverges; the default
    # Dormand-Prince plant takes substeps (measured max error 2.7e-3 m, 3.5e-2 rad; bounds with
    # the margin of tests/unit/stewart_control.cpp)
    r = md.stewart.control(platform, "III")
    assert r["position_error"].shape == (6001, 3)
    assert r["max_position_error"] < 1e-2 and r["max_orientation_error"] < 1e-1
    assert r["plant_steps"] > 6000
    with pytest.raises(Exception):
        md.stewart.control(platform, "III", integrator="rk4", step=1e-3)


def test_control_twist_filter_reduces_force_noise(platform):
    def noise(r):
        return np.sqrt(np.mean(np.diff(r["F"], axis=0) ** 2))
    filtered = md.stewart.control(platform, "I", mismatch="quantised")  # 100 Hz default
    raw = md.stewart.control(platform, "I", mismatch="quantised", twist_cutoff=0.0)
    assert noise(raw) > 2.5 * noise(filtered)
    assert filtered["max_position_error"] < 1.2 * raw["max_position_error"]
    with pytest.raises(ValueError, match="twist_cutoff"):
        md.stewart.control(platform, "I", twist_cutoff=-1.0)


def test_cli_control_path_III_at_1ms(run_cli, tmp_path):
    r = run_cli("stewart", "control", "--paper-path", "III", "--law", "computed_torque",
                "--mismatch", "none", "--out", tmp_path, "--no-plots")
    assert r.returncode == 0, r.stderr
    row = next(csv.DictReader(open(tmp_path / "summary.csv")))
    assert float(row["max_position_error"]) < 1e-2
    # every case: those whose sampled loop diverges are reported, the others still written
    r = run_cli("stewart", "control", "--paper-path", "III", "--out", tmp_path / "all", "--no-plots")
    assert r.returncode == 1
    assert "cases diverged" in r.stderr and "inertia: simulate: step" in r.stderr
    rows = {row["case"]: row for row in csv.DictReader(open(tmp_path / "all" / "summary.csv"))}
    assert float(rows["ideal"]["max_position_error"]) < 1e-2
    assert rows["inertia"]["max_position_error"] == "nan"
    assert (tmp_path / "all" / "control_III_quantised.csv").exists()


def test_cli_control_every_case(run_cli, tmp_path):
    r = run_cli("stewart", "control", "--paper-path", "I", "--out", tmp_path, "--no-plots", "--dt", "0.002")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(open(tmp_path / "summary.csv")))
    assert [row["case"] for row in rows] == ["ideal", "payload", "inertia", "dasgupta_model", "quantised", "pd"]
    err = {row["case"]: float(row["max_position_error"]) for row in rows}
    assert all(np.isfinite(v) for v in err.values())
    assert all(err[c] > err["ideal"] for c in err if c != "ideal")
    header = open(tmp_path / "control_I_ideal.csv").readline().strip().split(",")
    assert header[:4] == ["time", "tx", "ty", "tz"] and "ex" in header and "F6" in header


def test_cli_control_one_case_with_plots(run_cli, tmp_path):
    r = run_cli("stewart", "control", "--paper-path", "II", "--mismatch", "payload", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    for name in ["control_II_payload.csv", "control_II_payload_tracking.png",
                 "control_II_payload_forces.png", "summary.csv"]:
        assert (tmp_path / name).stat().st_size > 0, name


@pytest.mark.parametrize("args, message", [
    (["--mismatch", "wind"], "--mismatch"),
    (["--dt", "0"], "--dt: must be > 0"),
    (["--dt", "1e-3", "--step", "2e-3"], "--step: 0.002 s is longer than --dt"),
    (["--paper-path", "IV"], "--paper-path"),
    (["--bits", "0", "--mismatch", "quantised"], "--bits"),
    (["--twist-cutoff", "-1"], "--twist-cutoff: must be >= 0"),
    (["--integrator", "euler"], "--integrator"),
])
def test_cli_control_bad_options(run_cli, tmp_path, args, message):
    r = run_cli("stewart", "control", "--out", tmp_path / "o", "--no-plots", *args)
    assert r.returncode == USAGE, r.stderr
    assert message in r.stderr
    assert not (tmp_path / "o").exists()
