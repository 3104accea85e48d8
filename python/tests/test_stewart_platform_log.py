"""Tests of the Stewart platform logs (manipdyn.stewart.read_platform_log, prepare_platform_log and
identify_payload(platform, log)): a payload on the paper's test platform identified from a CSV log
of irregular samples with noisy leg forces (the forces from the library's inverse dynamics WITH the
payload), the same from a PlatformLog and from a dict; the filter's twist against the analytic one;
the errors."""
import numpy as np
import pytest

import manipdyn.stewart as st

MASS = 3.0
COM = np.array([0.04, 0.02, 0.1])
I_COM = np.array([[0.03, 0.002, -0.001], [0.002, 0.025, 0.003], [-0.001, 0.003, 0.04]])
FREQ = np.array([[0.45, 1.3], [0.55, 1.7], [0.4, 1.1], [0.6, 1.9], [0.5, 1.5], [0.35, 1.2]])  # Hz
AMP = np.array([0.03, 0.035, 0.025, 0.07, 0.06, 0.09])  # m, rad


def payload_parameters():
    i = I_COM + MASS * (COM @ COM * np.eye(3) - np.outer(COM, COM))
    return np.array([MASS, *(MASS * COM), i[0, 0], i[0, 1], i[1, 1], i[0, 2], i[1, 2], i[2, 2]])


def exciting(time):
    """Position and RPY angles, each a sum of two sines, and their two derivatives (N, 6)."""
    w = 2 * np.pi * FREQ
    phase = w[None, :, :] * time[:, None, None] + np.arange(6)[None, :, None] + 2 * np.arange(2)
    x = (AMP[:, None] * np.sin(phase)).sum(axis=2)
    xd = (AMP[:, None] * w * np.cos(phase)).sum(axis=2)
    xdd = -(AMP[:, None] * w ** 2 * np.sin(phase)).sum(axis=2)
    x[:, :3] += [0.2, 0.0, 0.5]
    return x, xd, xdd


def irregular_times(duration, rate, seed):
    steps = np.random.default_rng(seed).uniform(0.7, 1.3, int(duration * rate * 1.2)) / rate
    t = np.concatenate([[0.0], np.cumsum(steps)])
    return t[t <= duration]


def synthetic_log(seed=4):
    """time, pose (t, rpy) and noisy leg forces (0.5 % of their RMS) of the loaded platform."""
    platform = st.test_platform(printed_inertias=False)
    loaded = st.with_payload(platform, payload_parameters())
    time = irregular_times(10.0, 250.0, seed)
    x, xd, xdd = exciting(time)
    F = []
    for p, v, a in zip(x, xd, xdd):
        R = st.rpy_to_rotation(p[3:])
        omega = st.angular_velocity_from_rpy(p[3:], v[3:])
        alpha = st.angular_acceleration_from_rpy(p[3:], v[3:], a[3:])
        F.append(st.inverse_dynamics(loaded, t=p[:3], R=R, v=v[:3], omega=omega, a=a[:3], alpha=alpha,
                                     model="improved")["F"])
    F = np.array(F)
    F += np.random.default_rng(seed).normal(0.0, 0.005 * np.sqrt(np.mean(F ** 2)), F.shape)
    return platform, time, x, F


def write_csv(path, time, x, F):
    header = "time,tx,ty,tz,thx,thy,thz,F1,F2,F3,F4,F5,F6"
    np.savetxt(path, np.column_stack([time, np.round(x, 7), F]), delimiter=",", header=header,
               comments="", fmt="%.10g")


def test_identifies_the_payload_from_a_csv_log(tmp_path):
    platform, time, x, F = synthetic_log()
    path = tmp_path / "run.csv"
    write_csv(path, time, x, F)
    # a pathlib.Path (a str works too); cutoff 4x the motion's highest frequency (1.9 Hz)
    r = st.identify_payload(platform, path, cutoff=8.0)
    truth = payload_parameters()
    assert r["mass"] == pytest.approx(MASS, rel=0.02)
    well = r["standard_deviation"] < 0.2 * np.abs(r["parameters"])
    assert well[:4].all()  # mass and first moment always well excited here
    assert np.all(np.abs(r["parameters"] - truth)[well] <= 3 * r["standard_deviation"][well])
    # the same log as a PlatformLog object and as a dict of quaternions with sign flips
    log = st.read_platform_log(str(path))
    assert isinstance(log, st.PlatformLog) and log.from_rpy and log.samples == len(time)
    assert log.quaternion.shape == (len(time), 4) and log.F.shape == (len(time), 6)
    same = st.identify_payload(platform, log, cutoff=8.0)
    np.testing.assert_allclose(same["parameters"], r["parameters"], rtol=0, atol=1e-12)
    q = log.quaternion * np.where(np.arange(len(time)) % 3 == 0, -1.0, 1.0)[:, None]
    flipped = st.identify_payload(platform, dict(time=log.time, t=log.t, quaternion=q, F=log.F), cutoff=8.0)
    np.testing.assert_allclose(flipped["parameters"], r["parameters"], rtol=0, atol=1e-9)
    # the sample-based call is unchanged: the prepared samples give the same result
    s = st.prepare_platform_log(log, cutoff=8.0)
    direct = st.identify_payload(platform, s["t"], s["R"], s["v"], s["omega"], s["a"], s["alpha"], s["F"])
    np.testing.assert_allclose(direct["parameters"], r["parameters"], rtol=0, atol=1e-12)


def test_prepared_twist_matches_the_analytic_one():
    time = irregular_times(6.0, 400.0, 7)
    x, xd, xdd = exciting(time)
    log = dict(time=time, rpy=x[:, 3:], t=x[:, :3], F=np.zeros((len(time), 6)))
    s = st.prepare_platform_log(log, decimate=1)
    assert s["R"].shape == (len(s["time"]), 3, 3) and s["sample_rate"] == 1000.0  # raised to 200 x the cutoff
    x, xd, xdd = exciting(s["time"])
    omega = np.array([st.angular_velocity_from_rpy(p, v) for p, v in zip(x[:, 3:], xd[:, 3:])])
    alpha = np.array([st.angular_acceleration_from_rpy(p, v, a) for p, v, a in zip(x[:, 3:], xd[:, 3:], xdd[:, 3:])])
    for got, want in ((s["v"], xd[:, :3]), (s["omega"], omega), (s["a"], xdd[:, :3]), (s["alpha"], alpha)):
        assert np.max(np.abs(got - want)) < 3e-3 * np.max(np.abs(want))
    np.testing.assert_allclose(np.einsum("kji,kjl->kil", s["R"], s["R"]), np.broadcast_to(np.eye(3), s["R"].shape),
                               atol=1e-14)


def test_errors_name_the_problem(tmp_path):
    platform = st.test_platform(printed_inertias=False)
    with pytest.raises(ValueError, match=r"log.csv:1: header: missing columns ty and F6"):
        st.read_platform_log_text("time,tx,tz,qw,qx,qy,qz,F1,F2,F3,F4,F5\n", "log.csv")
    with pytest.raises(ValueError, match=r"log.csv:3:1: time \(column 1\): .*repeated time"):
        st.read_platform_log_text("time,tx,ty,tz,thx,thy,thz,F1,F2,F3,F4,F5,F6\n" + "0,0,0,0.5,0,0,0,1,1,1,1,1,1\n" * 2,
                                  "log.csv")
    with pytest.raises(ValueError, match="cannot be read"):
        st.identify_payload(platform, str(tmp_path / "missing.csv"))
    with pytest.raises(ValueError, match="log must be a path, a PlatformLog or a dict"):
        st.identify_payload(platform, 3.0)
    with pytest.raises(ValueError, match="neither 'quaternion' nor 'rpy'"):
        st.identify_payload(platform, dict(time=np.arange(3.0), t=np.zeros((3, 3)), F=np.zeros((3, 6))))
    with pytest.raises(ValueError, match=r"F must have shape \(3, 6\)"):
        st.prepare_platform_log(dict(time=np.arange(3.0), t=np.zeros((3, 3)), rpy=np.zeros((3, 3)), F=np.zeros((3, 5))))
    with pytest.raises(ValueError, match="prepare_platform_log: cutoff is 90 Hz"):
        st.prepare_platform_log(dict(time=np.arange(50) / 100, t=np.zeros((50, 3)), rpy=np.zeros((50, 3)),
                                     F=np.zeros((50, 6))), cutoff=90, sample_rate=100)


def test_cli_prints_and_writes_the_payload(run_cli, tmp_path):
    import manipdyn as md
    platform, time, x, F = synthetic_log()
    write_csv(tmp_path / "run.csv", time, x, F)
    md.save_model(tmp_path / "platform.yaml", platform)
    r = run_cli("stewart", "identify-payload", "--model", tmp_path / "platform.yaml", "--data",
                tmp_path / "run.csv", "--cutoff", "8", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    assert "mass 3.0" in r.stdout and "physically consistent" in r.stdout
    rows = np.genfromtxt(tmp_path / "out" / "payload.csv", delimiter=",", names=True, dtype=None, encoding="utf-8")
    assert list(rows["parameter"]) == ["m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz"]
    same = st.identify_payload(platform, tmp_path / "run.csv", cutoff=8.0)
    np.testing.assert_allclose(rows["value"], same["parameters"], rtol=1e-14)
    np.testing.assert_allclose(rows["std"], same["standard_deviation"], rtol=1e-14)
    bad = run_cli("stewart", "identify-payload", "--data", tmp_path / "missing.csv")
    assert bad.returncode == 1 and "missing.csv: cannot be read" in bad.stderr
