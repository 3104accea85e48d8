"""Tests of manipdyn.parallel (parallel robots by description) and `manipdyn parallel`."""
import pickle

import numpy as np
import pytest

import manipdyn as md
import manipdyn.parallel as par
import manipdyn.stewart as st
from conftest import REPO

STEWART_FILE = REPO / "models" / "parallel" / "stewart.yaml"
# The general engine reproduces the dedicated improved model (tests/crosscheck/parallel_stewart.cpp:
# 1.1e-11 on the papers' paths).
REL = 1e-9

# A translating XY table: one leg of two prismatic joints along world x and y, both actuated.
XY_TABLE = """\
kind: parallel
name: xy_table
mobility: planar_translation
home: {translation: [0.3, 0.2, 0]}
platform: {mass: 2.0, com: [0, 0, 0.01], inertia: [0.01, 0.01, 0.02]}
legs:
  - name: carriage
    base: {rotation: [[0, 0, 1], [0, 1, 0], [-1, 0, 0]]}
    platform_point: [0, 0, 0]
    actuated: [0, 1]
    home_q: [0.3, 0.2]
    joints:
      - {name: x, type: prismatic, a: 0, alpha: 0, d: 0, theta: 0, mass: 3.0, com: [0, 0, 0],
         inertia: [0.1, 0.1, 0.1], drive: {viscous: 2.0}}
      - {name: y, type: prismatic, a: 0, alpha: -1.5707963267948966, d: 0, theta: 0, mass: 1.0,
         com: [0, 0, 0], inertia: [0.01, 0.01, 0.01]}
"""


def test_from_stewart_and_the_model_attributes():
    platform = st.test_platform(printed_inertias=False)
    robot = par.from_stewart(platform)
    assert robot.name == platform.name
    assert robot.mobility == "spatial"
    assert (robot.leg_count, robot.joint_count, robot.actuated_count, robot.platform_dof) == (6, 18, 6, 6)
    assert robot.actuators == [(i, 2) for i in range(6)]
    assert robot.legs[0]["joints"] == ["u1", "u2", "p"]
    assert robot.legs[0]["types"] == ["revolute", "revolute", "prismatic"]
    np.testing.assert_array_equal(robot.legs[2]["platform_point"], platform.p[2])
    assert robot.platform["mass"] == platform.M
    assert robot.warnings == []
    assert "6 legs, 6 actuators" in repr(robot)
    with pytest.raises(AttributeError):
        robot.name = "x"


def test_from_stewart_reproduces_the_improved_model_along_path_I():
    platform = st.test_platform(printed_inertias=False)
    robot = par.from_stewart(platform)
    data = par.ParallelData(robot)
    path = st.paper_path("I")
    for time in path.times()[::6]:
        s = path.sample(time)
        kw = dict(t=s["t"], rpy=s["rpy"], v=s["v"], rpy_d=s["rpy_d"], a=s["a"], rpy_dd=s["rpy_dd"],
                  f_ext=[1.0, -2.0, 3.0], m_ext=[0.1, 0.2, -0.3])
        expected = st.inverse_dynamics(platform, **kw, model="improved")["F"]
        forces = par.inverse_dynamics(robot, **kw, data=data)
        assert forces.shape == (6,)
        np.testing.assert_allclose(forces, expected, rtol=0, atol=REL * np.abs(expected).max())
        # the same motion with R, omega, alpha instead of the RPY terms
        R = st.rpy_to_rotation(s["rpy"])
        omega = st.angular_velocity_from_rpy(s["rpy"], s["rpy_d"])
        alpha = st.angular_acceleration_from_rpy(s["rpy"], s["rpy_d"], s["rpy_dd"])
        again = par.inverse_dynamics(robot, s["t"], R=R, v=s["v"], omega=omega, a=s["a"], alpha=alpha,
                                     f_ext=[1.0, -2.0, 3.0], m_ext=[0.1, 0.2, -0.3])
        np.testing.assert_allclose(again, forces, rtol=0, atol=1e-12 * np.abs(forces).max())
    np.testing.assert_array_equal(data.tau, forces)


def test_inverse_kinematics_returns_leg_joint_values():
    robot = par.builtin("stewart")
    home = robot.home
    q = par.inverse_kinematics(robot, home[:3, 3], R=home[:3, :3])
    assert len(q) == 6
    for leg, values in zip(robot.legs, q):
        np.testing.assert_allclose(values, leg["home_q"], atol=1e-12)
    lengths = st.inverse_kinematics(st.test_platform(False), t=home[:3, 3], rpy=[0, 0, 0])["L"]
    np.testing.assert_allclose([values[2] for values in q], lengths, atol=1e-12)


def test_translating_platform_needs_no_rotation_terms():
    table = par.from_yaml_string(XY_TABLE)
    assert (table.mobility, table.platform_dof, table.actuated_count) == ("planar_translation", 2, 2)
    # the carriage (4 kg, viscous 2 N s/m on x) and the y stage with the platform (3 kg)
    forces = par.inverse_dynamics(table, [0.35, 0.1, 0.0], v=[0.5, 0.0, 0.0], a=[1.0, 2.0, 0.0])
    np.testing.assert_allclose(forces, [6.0 * 1.0 + 2.0 * 0.5, 3.0 * 2.0], rtol=1e-12)
    with pytest.raises(ValueError, match="translates only"):
        par.inverse_dynamics(table, [0.35, 0.1, 0.0], rpy=[0.0, 0.0, 0.1])


def test_yaml_round_trip_load_and_save(tmp_path):
    robot = par.builtin("stewart")
    assert STEWART_FILE.read_text() == robot.to_yaml() == par.to_yaml(robot)
    loaded = par.load_model(STEWART_FILE)
    assert loaded.to_yaml() == robot.to_yaml()
    general = md.load_model(STEWART_FILE)  # manipdyn.load_model reads every kind
    assert isinstance(general, par.ParallelModel)
    out = tmp_path / "copy.yaml"
    md.save_model(out, robot)
    assert out.read_text() == robot.to_yaml()
    par.save_model(tmp_path / "again.yml", loaded)
    assert par.load_model(tmp_path / "again.yml").to_yaml() == robot.to_yaml()
    copy = pickle.loads(pickle.dumps(robot))
    assert copy.to_yaml() == robot.to_yaml()
    assert "stewart" in par.builtin_names()


def test_errors_raise_value_error_with_the_cpp_message(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(XY_TABLE.replace("actuated: [0, 1]", "actuated: [0, 2]"))
    with pytest.raises(ValueError, match=r"bad.yaml:10:\d+: legs\[0\].actuated\[1\]: is 2, not one of"):
        par.load_model(bad)
    with pytest.raises(ValueError, match=r"legs\[0\].joints\[1\].mass: leg 1 'carriage' joint 2 'y': "):
        par.from_yaml_string(XY_TABLE.replace("mass: 1.0", "mass: -1.0"))
    with pytest.raises(ValueError, match="is not a parallel robot"):
        par.load_model(REPO / "models" / "puma560.yaml")
    with pytest.raises(ValueError, match="unknown built-in parallel robot 'delta7' \\(known: "):
        par.builtin("delta7")
    robot = par.builtin("stewart")
    with pytest.raises(ValueError, match="give at most one of rpy and R"):
        par.inverse_dynamics(robot, [0, 0, 0.5], rpy=[0, 0, 0], R=np.eye(3))
    with pytest.raises(ValueError, match="t.z must stay at the home pose's"):
        par.inverse_dynamics(par.from_yaml_string(XY_TABLE), [0.3, 0.2, 0.5])
    with pytest.raises(ValueError, match="data was made for another model"):
        par.inverse_dynamics(robot, robot.home[:3, 3], data=par.ParallelData(par.builtin("stewart")))
    with pytest.raises(ValueError, match=r"t must have shape \(3,\)"):
        par.inverse_dynamics(robot, [0, 0])


def test_cli_info_and_inverse_dynamics(run_cli, tmp_path):
    info = run_cli("parallel", "info", "--model", STEWART_FILE)
    assert info.returncode == 0, info.stderr
    assert "mobility spatial (6 platform coordinates), 6 legs, 18 leg joints, 6 actuators" in info.stdout
    assert "tau1: leg 1 'leg1' joint 3 'p' (force, N)" in info.stdout
    assert run_cli("parallel", "info", "--builtin", "stewart").stdout == info.stdout
    # a motion along path I, RPY and its rates given as omega and alpha
    platform = st.test_platform(printed_inertias=False)
    path = st.paper_path("I")
    rows, expected = [], []
    for time in path.times()[::10]:
        s = path.sample(time)
        omega = st.angular_velocity_from_rpy(s["rpy"], s["rpy_d"])
        alpha = st.angular_acceleration_from_rpy(s["rpy"], s["rpy_d"], s["rpy_dd"])
        rows.append([time, *s["t"], *s["rpy"], *s["v"], *omega, *s["a"], *alpha])
        expected.append(st.inverse_dynamics(platform, t=s["t"], rpy=s["rpy"], v=s["v"], omega=omega,
                                            a=s["a"], alpha=alpha, model="improved")["F"])
    motion = tmp_path / "motion.csv"
    header = "time,tx,ty,tz,thx,thy,thz,vx,vy,vz,wx,wy,wz,ax,ay,az,alphax,alphay,alphaz"
    motion.write_text(header + "\n" + "\n".join(",".join(repr(float(x)) for x in r) for r in rows) + "\n")
    out = tmp_path / "forces.csv"
    r = run_cli("parallel", "inverse-dynamics", "--builtin", "stewart", "--csv", motion, "--out", out)
    assert r.returncode == 0, r.stderr
    assert f"wrote {out}: {len(rows)} samples of 6 actuator forces" in r.stdout
    lines = out.read_text().splitlines()
    assert lines[0] == "time,tau1,tau2,tau3,tau4,tau5,tau6"
    forces = np.array([[float(x) for x in line.split(",")] for line in lines[1:]])
    np.testing.assert_array_equal(forces[:, 0], [row[0] for row in rows])
    expected = np.array(expected)
    np.testing.assert_allclose(forces[:, 1:], expected, rtol=0, atol=REL * np.abs(expected).max())
    # the same with the model file
    again = tmp_path / "again.csv"
    assert run_cli("parallel", "inverse-dynamics", "--model", STEWART_FILE, "--csv", motion,
                   "--out", again).returncode == 0
    assert again.read_text() == out.read_text()


def test_cli_save_writes_the_model_file(run_cli, tmp_path):
    out = tmp_path / "stewart.yaml"
    r = run_cli("parallel", "save", "--builtin", "stewart", "--out", out)
    assert r.returncode == 0, r.stderr
    assert out.read_text() == STEWART_FILE.read_text()
    # a Stewart platform's file is from_stewart of it
    platform = tmp_path / "platform.yaml"
    md.save_model(platform, st.test_platform(printed_inertias=False))
    again = tmp_path / "again.yaml"
    assert run_cli("parallel", "save", "--model", platform, "--out", again).returncode == 0
    assert again.read_text() == STEWART_FILE.read_text()
    # manipdyn convert copies a parallel robot's file
    copy = tmp_path / "copy.yaml"
    r = run_cli("convert", STEWART_FILE, copy)
    assert r.returncode == 0, r.stderr
    assert "parallel robot 'dasgupta1998_corrected'" in r.stdout
    assert copy.read_text() == STEWART_FILE.read_text()


@pytest.mark.parametrize("args, message, status", [
    (["parallel", "info"], "give exactly one of --model FILE and --builtin NAME", 2),
    (["parallel", "info", "--builtin", "stewart", "--model", "x.yaml"], "give exactly one of", 2),
    (["parallel", "info", "--builtin", "delta9"], "--builtin", 2),
    (["parallel", "info", "--model", "models/puma560.yaml"],
     "is a serial arm; this command needs a parallel robot (kind: parallel) or a Stewart platform", 1),
    (["parallel", "info", "--model", "nothere.yaml"], "no such file", 1),
])
def test_cli_errors(run_cli, args, message, status):
    r = run_cli(*args, cwd=REPO)
    assert r.returncode == status, r.stderr
    assert message in r.stderr, r.stderr


def test_cli_motion_csv_errors(run_cli, tmp_path):
    motion = tmp_path / "motion.csv"
    out = tmp_path / "forces.csv"
    motion.write_text("time,tx,ty\n0,0,0\n")
    r = run_cli("parallel", "inverse-dynamics", "--builtin", "stewart", "--csv", motion, "--out", out)
    assert r.returncode == 1 and "missing column(s) tz" in r.stderr, r.stderr
    motion.write_text("time,tx,ty,tz,vx,vy\n0,0,0,0.5,0,0\n")
    r = run_cli("parallel", "inverse-dynamics", "--builtin", "stewart", "--csv", motion, "--out", out)
    assert r.returncode == 1 and "give all of the columns vx, vy, vz or none" in r.stderr, r.stderr
    table = tmp_path / "table.yaml"
    table.write_text(XY_TABLE)
    motion.write_text("time,tx,ty,tz\n0,0.3,0.2,0\n0.5,0.3,0.2,0.5\n")
    r = run_cli("parallel", "inverse-dynamics", "--model", table, "--csv", motion, "--out", out)
    assert r.returncode == 1, r.stderr
    assert "row 2 (time 0.5 s): " in r.stderr and "t.z must stay" in r.stderr, r.stderr


def test_cli_cycle_writes_the_time_optimal_cycle(run_cli, tmp_path):
    r = run_cli("parallel", "cycle", "--builtin", "delta", "--tau-max", "100", "--intervals", "200", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "pick-and-place cycle (0.025 m up, 0.305 m across" in r.stdout
    table = np.genfromtxt(tmp_path / "cycle.csv", delimiter=",", names=True)
    assert 0.5 < table["t"][-1] < 0.7  # the RL5-1450 at 100 N m: 0.58 s with the default grid
    torques = np.vstack([table[f"tau{j}"] for j in (1, 2, 3)])
    assert np.abs(torques).max() <= 100 * (1 + 1e-9)
    assert np.abs(torques).max() >= 100 * (1 - 1e-9)  # time-optimal: some motor at its limit
    assert (tmp_path / "forces.png").stat().st_size > 10000
    r = run_cli("parallel", "cycle", "--builtin", "delta", "--out", tmp_path)
    assert r.returncode == 1 and "no effort limit (tau_max) in the model: give --tau-max" in r.stderr, r.stderr
    r = run_cli("parallel", "cycle", "--builtin", "delta", "--tau-max", "1", "2", "--out", tmp_path)
    assert r.returncode == 1 and "--tau-max has 2 values; give one, or 3" in r.stderr, r.stderr
