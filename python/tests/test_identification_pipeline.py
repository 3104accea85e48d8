"""The identification pipeline from Python and from the CLI: md.identify, md.predict_torques,
md.identify_payload, `manipdyn identify` and `manipdyn excite` (docs/identification.md).

The real-data tests read the UR10e logs in examples/data/ur10e."""
import csv
import os
import pathlib
import subprocess

import numpy as np
import pytest

import manipdyn as md

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = pathlib.Path(os.environ.get("MANIPDYN_CLI", ROOT / "build" / "manipdyn"))
DATA = ROOT / "examples" / "data" / "ur10e"  # the UR10e logs in the repository (README there)
needs_data = pytest.mark.skipif(not (DATA / "ur10e.urdf").exists(), reason="no examples/data/ur10e")
needs_cli = pytest.mark.skipif(not CLI.exists(), reason="no manipdyn CLI in build/")

# the UR10e study's sample ranges (data README: 1-based a..b -> rows [a - 1, b))
TRAIN = [("ur-20_02_10-30sec_12harm.csv", 634, 3510), ("ur-20_02_12-50sec_12harm.csv", 354, 5090)]
OTHER = ("ur-20_02_19_14harm50sec.csv", 194, 4966)
LOAD = ("ur-20_02_19_14harm50secLoad.csv", 307, 5071)


def run(name, first, last):
    return (str(DATA / name), first, last)


@needs_data
def test_ur10e_identified_predicts_another_run_better_than_its_urdf(tmp_path):
    nominal = md.load_model(str(DATA / "ur10e.urdf"), tip_link="tool0")
    model, stats = md.identify(nominal, [run(*r) for r in TRAIN])
    assert stats["base"]["rank"] == len(stats["estimate"]) == len(stats["base"]["groupings"])
    assert stats["condition_number"] > 1
    assert stats["consistent"]["max_gap_sigma"] < 20
    identified = md.predict_torques(model, run(*OTHER))["relative_rms_error"]
    urdf = md.predict_torques(nominal, run(*OTHER))["relative_rms_error"]
    assert np.all(identified < 0.15), identified
    assert np.all(urdf > 0.25), urdf
    assert np.all(identified < 0.5 * urdf)
    payload = md.identify_payload(model, run(*LOAD))
    assert payload["mass"] == pytest.approx(2.805, abs=0.4)
    # the identified model is an ordinary model: it round-trips through a YAML model file
    (tmp_path / "ur10e.yaml").write_text(model.to_yaml())
    again = md.load_model(str(tmp_path / "ur10e.yaml"))
    assert md.predict_torques(again, run(*OTHER))["relative_rms_error"] == pytest.approx(identified)


# The drive gains of the UR10e study (data README) and another published set (cited there).
STUDY_GAINS = [10.0, 10.6956, 8.4566, 9.0029, 9.4800, 10.1232]
OTHER_GAINS = [14.87, 13.26, 11.13, 10.62, 11.03, 11.47]


@needs_data
def test_ur10e_payload_mass_is_bracketed_by_the_two_published_gain_sets():
    """The payload's mass scales with the drive gains that turn currents into torques: with the
    study's gains it comes out 12 % below the 2.805 kg on record, with the other published set
    11 % above. The method is not what limits it (docs/identification.md)."""
    nominal = md.load_model(str(DATA / "ur10e.urdf"), tip_link="tool0")
    masses = []
    for gains in (STUDY_GAINS, OTHER_GAINS):
        model, _ = md.identify(nominal, [run(*r) for r in TRAIN], filter={"drive_gains": gains})
        log = md.read_motion_log(str(DATA / LOAD[0]), 6)
        loaded = md.prepare_motion_log(log, first=LOAD[1], last=LOAD[2], drive_gains=gains)
        masses.append(md.identify_payload(model, loaded)["mass"])
    assert 2.3 < masses[0] < 2.805 < masses[1] < 3.3, masses
    assert np.mean(masses) == pytest.approx(2.805, abs=0.1)


def test_identify_recovers_a_simulated_arm_from_samples_given_as_dicts():
    arm = md.puma560(with_drive=False)
    rng = np.random.default_rng(3)
    t = np.arange(0, 20, 0.01)
    w = 2 * np.pi * 0.1
    q = np.stack([0.8 * np.sin(w * (k + 1) * t / 2 + k) for k in range(6)], axis=1)
    qd = np.stack([0.8 * w * (k + 1) / 2 * np.cos(w * (k + 1) * t / 2 + k) for k in range(6)], axis=1)
    qdd = np.stack([-0.8 * (w * (k + 1) / 2) ** 2 * np.sin(w * (k + 1) * t / 2 + k)
                    for k in range(6)], axis=1)
    tau = np.array([md.inverse_dynamics(arm, a, b, c) for a, b, c in zip(q, qd, qdd)])
    noise = 0.01 * np.sqrt(np.mean(tau ** 2, axis=0))  # 1 % of each joint's RMS torque
    noisy = tau + noise * rng.standard_normal(tau.shape)
    samples = {"t": t, "q": q, "qd": qd, "qdd": qdd, "tau": noisy}
    model, stats = md.identify(arm, [samples], drive=False)
    assert np.all(stats["relative_rms_error"] < 0.012)  # the noise, 1 %
    predicted = md.predict_torques(model, dict(samples, tau=tau))
    # the model error on these states is well below the noise
    assert np.all(np.sqrt(np.mean((predicted["predicted"] - tau) ** 2, axis=0)) < 0.5 * noise)


def test_identify_bad_runs_are_named():
    arm = md.puma560()
    with pytest.raises(ValueError, match="needs the key 'qdd'"):
        md.identify(arm, [{"t": [0, 1], "q": np.zeros((2, 6)), "qd": np.zeros((2, 6)),
                           "tau": np.zeros((2, 6))}])
    with pytest.raises(ValueError, match="unknown filter option 'cutof'"):
        md.identify(arm, ["x.csv"], filter={"cutof": 3})


@needs_cli
@needs_data
def test_cli_identify_writes_a_model_and_a_report(tmp_path):
    out = tmp_path / "ur10e.yaml"
    report = tmp_path / "report"
    args = [str(CLI), "identify", "--model", str(DATA / "ur10e.urdf"), "--tip-link", "tool0",
            "--out", str(out), "--report", str(report)]
    for name, first, last in TRAIN:
        args += ["--data", f"{DATA / name}:{first}:{last}"]
    args += ["--validate", f"{DATA / OTHER[0]}:{OTHER[1]}:{OTHER[2]}"]
    r = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "base parameters:" in r.stdout and "Izz_1" in r.stdout
    lines = r.stdout.splitlines()
    identified = next(l for l in lines if l.strip().startswith("identified")).split()[1:]
    nominal = next(l for l in lines if l.strip().startswith("nominal")).split()[1:]
    assert all(float(a) < 15 for a in identified) and all(float(b) > 25 for b in nominal)
    model = md.load_model(str(out))
    assert model.dof == 6
    stem = "validation_" + pathlib.Path(OTHER[0]).stem
    with open(report / f"{stem}.csv") as f:
        header = next(csv.reader(f))
    assert header[:2] == ["t", "tau_measured1"] and "tau_nominal6" in header
    assert (report / f"{stem}.png").stat().st_size > 10000


@needs_cli
def test_cli_identify_bad_log_names_the_file_and_columns(tmp_path):
    log = tmp_path / "log.csv"
    log.write_text("t,q1,q2\n0,0,0\n0.01,0,0\n0.02,0,0\n")
    r = subprocess.run([str(CLI), "identify", "--model", "puma560", "--data", str(log),
                        "--out", str(tmp_path / "m.yaml")], capture_output=True, text=True)
    assert r.returncode == 1
    assert "log.csv" in r.stderr and "q3" in r.stderr


@needs_cli
def test_cli_excite_writes_a_trajectory_within_the_limits(tmp_path):
    out = tmp_path / "traj.csv"
    r = subprocess.run([str(CLI), "excite", "--model", str(ROOT / "tests/data/urdf/ur5_robot.urdf"),
                        "--tip-link", "tool0", "--out", str(out), "--evaluations", "30", "--harmonics", "3",
                        "--qd-max", "1.0", "--rate", "50"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "cond(W_b) =" in r.stdout
    data = np.genfromtxt(out, delimiter=",", names=True)
    n = 6
    assert data.dtype.names[:2] == ("t", "q1") and f"qdd{n}" in data.dtype.names
    qd = np.stack([data[f"qd{j}"] for j in range(1, n + 1)], axis=1)
    assert np.max(np.abs(qd)) <= 1.0
    assert data["t"][-1] == pytest.approx(10.0)  # one period of the default 0.1 Hz


SHARED = ROOT.parent / "shared" / "data" / "ur10e"  # the project's measured data (README there)
POSES = [SHARED / f"ur-20_01_17-p{k}.csv" for k in range(1, 6)]  # the arm at rest


@needs_data
@pytest.mark.skipif(not POSES[0].exists(), reason="no ../shared/data/ur10e")
def test_ur10e_default_friction_is_smooth_cross_validated_and_quiet_at_rest(tmp_path):
    """md.identify's default Coulomb friction is the smooth model with each joint's velocity
    scale cross-validated on the runs (docs/identification.md, "Friction near zero velocity"):
    the scales are in the statistics and in the model file, and the arm at rest (p1..p5, a few
    samples of 1e-4 rad/s encoder noise) is predicted without +-Fc chatter at the wrist, where
    the switching model (smooth_friction=0) swings by +-2.4-2.9 N m."""
    nominal = md.load_model(str(DATA / "ur10e.urdf"), tip_link="tool0")
    runs = [run(*r) for r in TRAIN] + [run(*OTHER)]
    model, stats = md.identify(nominal, runs)
    chosen = stats["coulomb_velocity_scale"]
    assert chosen["folds"] == 3 and chosen["error"].shape == (len(chosen["candidates"]), 6)
    scales = np.array([l["coulomb_velocity_scale"] for l in model.links])
    assert np.array_equal(scales, chosen["scale"]) and np.all(scales >= 0.002)
    (tmp_path / "ur10e.yaml").write_text(model.to_yaml())
    again = md.load_model(str(tmp_path / "ur10e.yaml"))
    assert np.array_equal([l["coulomb_velocity_scale"] for l in again.links], scales)
    switching, stats0 = md.identify(nominal, runs, smooth_friction=0)
    assert "coulomb_velocity_scale" not in stats0
    assert all(l["coulomb_velocity_scale"] == 0 for l in switching.links)
    swing = {"smooth": 0.0, "switching": 0.0}
    for pose in POSES:
        for name, m in (("smooth", again), ("switching", switching)):
            wrist = md.predict_torques(m, str(pose))["predicted"][:, 3:]
            swing[name] = max(swing[name], np.max(np.ptp(wrist, axis=0)) / 2)
    assert swing["smooth"] < 0.1 < 2.0 < swing["switching"], swing
    with pytest.raises(ValueError, match="smooth_friction must be None or >= 0"):
        md.identify(nominal, runs, smooth_friction=-1)
