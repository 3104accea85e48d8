"""From logs to samples (docs/identification.md): manipdyn's Butterworth design and filtfilt
against SciPy's to 1e-10, its resampling against SciPy's natural cubic spline, its central
differences against numpy.gradient, the derivatives of a sine sampled irregularly, the real
UR10e logs, and every error of a bad log with the file, line and column it names."""
import os
import pathlib
import re

import numpy as np
import pytest
from scipy import interpolate, signal

import manipdyn as md

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path(os.environ.get("MANIPDYN_SHARED_DATA", REPO.parent / "shared" / "data"))
UR10E = DATA / "ur10e"


# (order, cutoff Hz, rate Hz): low cutoffs at low orders only; in (b, a) form a Butterworth
# loses about order * log10(rate / cutoff) digits, in SciPy as here.
FILTERS = [(1, 5.0, 100.0), (2, 10.0, 100.0), (3, 2.0, 100.0), (4, 5.0, 100.0), (4, 10.0, 500.0),
           (5, 20.0, 100.0), (6, 30.0, 250.0), (8, 40.0, 100.0), (4, 49.0, 100.0)]


@pytest.mark.parametrize("order,cutoff,rate", FILTERS)
def test_butterworth_matches_scipy(order, cutoff, rate):
    b, a = md.butterworth(order, cutoff, rate)
    b_ref, a_ref = signal.butter(order, cutoff, fs=rate)
    assert b.shape == (order + 1,) and a.shape == (order + 1,)
    np.testing.assert_allclose(b, b_ref, rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(a, a_ref, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("order,cutoff,rate", FILTERS)
def test_filtfilt_matches_scipy_on_random_signals(order, cutoff, rate):
    rng = np.random.default_rng(order * 1000 + int(cutoff))
    b, a = signal.butter(order, cutoff, fs=rate)
    x = rng.standard_normal((400, 3)).cumsum(axis=0) * 0.1 + rng.standard_normal((400, 3))
    y = md.filtfilt(b, a, x)
    assert y.shape == x.shape
    np.testing.assert_allclose(y, signal.filtfilt(b, a, x, axis=0), rtol=0, atol=1e-10)
    # a 1-D signal comes back 1-D
    y1 = md.filtfilt(b, a, x[:, 1])
    assert y1.shape == (400,)
    np.testing.assert_allclose(y1, signal.filtfilt(b, a, x[:, 1]), rtol=0, atol=1e-10)


def test_filtfilt_matches_scipy_for_other_filters():
    rng = np.random.default_rng(5)
    x = rng.standard_normal(300)
    for b, a in [([0.25, 0.5, 0.25], [1.0]), ([0.2, 0.3], [2.0, -0.5, 0.1]),
                 (signal.cheby1(3, 1.0, 0.3)), ([1.0], [1.0, -0.9])]:
        np.testing.assert_allclose(md.filtfilt(b, a, x), signal.filtfilt(b, a, x), rtol=0,
                                   atol=1e-10)


def test_filtfilt_refuses_signals_shorter_than_the_padding():
    b, a = md.butterworth(4, 10, 100)
    with pytest.raises(ValueError, match=re.escape(
            "filtfilt: x has 15 samples, the filter's padding needs more than 15 "
            "(3 * max(len(a), len(b)))")):
        md.filtfilt(b, a, np.zeros(15))
    with pytest.raises(ValueError):  # SciPy refuses the same length
        signal.filtfilt(b, a, np.zeros(15))
    with pytest.raises(ValueError, match=r"filtfilt: x must be a 1-D \(N,\) or 2-D \(N, k\) array"):
        md.filtfilt(b, a, np.zeros((20, 2, 2)))


def test_central_difference_is_numpy_gradient():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((50, 4))
    np.testing.assert_allclose(md.central_difference(x, 0.01),
                               np.gradient(x, 0.01, axis=0, edge_order=2), rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(md.central_difference(x[:, 0], 0.5),
                               np.gradient(x[:, 0], 0.5, edge_order=2), rtol=1e-12, atol=1e-12)


def test_resample_uniform_is_scipys_natural_cubic_spline():
    rng = np.random.default_rng(2)
    t = np.cumsum(rng.uniform(0.008, 0.013, 300))
    x = np.column_stack([np.sin(3 * t), rng.standard_normal(300)])
    grid, y = md.resample_uniform(t, x, 100.0)
    assert grid[0] == t[0] and grid[-1] <= t[-1] and len(grid) == int((t[-1] - t[0]) * 100) + 1
    np.testing.assert_allclose(np.diff(grid), 0.01, atol=1e-12)
    spline = interpolate.CubicSpline(t, x, bc_type="natural", axis=0)
    np.testing.assert_allclose(y, spline(grid), rtol=0, atol=1e-10)


def sine_log_text(n_samples=2000, seed=3, with_qd=False):
    """A 2-joint log of q_j = A_j sin(w_j t) at irregular 8-13 ms steps, tau = 10 q, i = q."""
    rng = np.random.default_rng(seed)
    t = np.concatenate([[0.0], np.cumsum(rng.uniform(0.008, 0.013, n_samples - 1))])
    amp, w = np.array([0.5, 0.2]), np.array([np.pi, 3 * np.pi])
    q = amp * np.sin(np.outer(t, w))
    qd = amp * w * np.cos(np.outer(t, w))
    columns = {"t": t, "q1": q[:, 0], "q2": q[:, 1], "tau1": 10 * q[:, 0], "tau2": 10 * q[:, 1],
               "i1": q[:, 0], "i2": q[:, 1]}
    if with_qd:
        columns.update(qd1=qd[:, 0], qd2=qd[:, 1])
    header = ",".join(columns)
    rows = np.column_stack(list(columns.values()))
    return header + "\n" + "\n".join(",".join(repr(float(v)) for v in r) for r in rows) + "\n"


@pytest.mark.parametrize("with_qd", [False, True])
def test_sine_with_irregular_steps_gives_the_analytic_derivatives(with_qd):
    log = md.read_motion_log_text(sine_log_text(with_qd=with_qd), 2)
    s = md.prepare_motion_log(log, cutoff=10.0)
    t = s["t"]
    amp, w = np.array([0.5, 0.2]), np.array([np.pi, 3 * np.pi])
    q = amp * np.sin(np.outer(t, w))
    qd = amp * w * np.cos(np.outer(t, w))
    qdd = -amp * w**2 * np.sin(np.outer(t, w))
    # Central differences have the gain sin(w h) / (w h): off by (w h)^2 / 6 = 1.6e-3 at 1.5 Hz
    # and ~95 Hz; qdd is differentiated twice from q, once from a measured qd; what is left of
    # the padding's transient after the trim adds up to ~1e-3 rad/s^2 at the ends (seen: 3.1e-3
    # and 5.8e-2 rad/s^2 for the 0.5 and 1.5 Hz joints, of amplitudes 4.9 and 17.8).
    rel = (w * (1 / s["sample_rate"]))**2 / 6
    assert np.abs(s["q"] - q).max() < 1e-5
    assert np.all(np.abs(s["qd"] - qd).max(axis=0) < (2e-4 if with_qd else 1.2 * rel * amp * w))
    assert np.all(np.abs(s["qdd"] - qdd).max(axis=0) <
                  1.2 * (1 if with_qd else 2) * rel * amp * w**2 + 2e-3)
    assert np.abs(s["tau"] - 10 * q).max() < 1e-4
    # tau from the currents and drive gains is the same
    s2 = md.prepare_motion_log(log, cutoff=10.0, drive_gains=[10.0, 10.0])
    np.testing.assert_allclose(s2["tau"], s["tau"], atol=1e-12)


def ur10e_file(name):
    path = REPO / "examples" / "data" / "ur10e" / name  # in the repository (README there) ...
    if not path.exists():
        path = UR10E / name  # ... or the project's shared data (the standing logs p1..p5)
    if not path.exists():
        pytest.skip(f"no UR10e data at {path}")
    return path


def test_ur10e_log_reads_and_its_measured_qd_is_the_derivative_of_q():
    log = md.read_motion_log(ur10e_file("ur-20_02_19_14harm50sec.csv"), 6)
    assert log.samples == 5375 and log.n == 6
    assert log.t.shape == (5375,) and log.q.shape == (5375, 6)
    assert log.qd.shape == log.tau.shape == log.current.shape == (5375, 6)
    assert log.has_qd and log.has_tau and log.has_current
    # The study's 1-based samples 195..4966 are rows [194, 4966).
    measured = md.prepare_motion_log(log, first=194, last=4966)
    from_q = md.prepare_motion_log(log, first=194, last=4966, use_measured_qd=False)
    assert measured["sample_rate"] == pytest.approx(100.0, abs=1e-9)
    assert measured["q"].shape == measured["qdd"].shape and measured["q"].shape[1] == 6
    assert measured["t"][0] >= log.t[194] and measured["t"][-1] <= log.t[4965]
    # Seen: RMS of (d/dt filtered q - filtered measured qd) 0.8-1.1e-3 rad/s per joint, 0.2 % of
    # the RMS velocity; a lag of one sample (10 ms) would give ~5e-3.
    diff = from_q["qd"] - measured["qd"]
    rms = np.sqrt((diff**2).mean(axis=0))
    scale = np.sqrt((measured["qd"]**2).mean(axis=0))
    assert np.all(rms < 2e-3), rms
    assert np.all(rms / scale < 5e-3), rms / scale
    # The torque columns are the currents times the study's drive gains (data README).
    gains = np.array([10.0, 10.6956, 8.4566, 9.0029, 9.48, 10.1232])
    from_currents = md.prepare_motion_log(log, first=194, last=4966, drive_gains=gains)
    assert np.abs(from_currents["tau"] - measured["tau"]).max() < 1e-4


def read_text(text, n=2, source="log.csv"):
    return md.read_motion_log_text(text, n, source)


GOOD = "t,q1,q2,tau1,tau2\n0,0.1,0.2,1,2\n0.01,0.11,0.21,1.1,2.1\n0.02,0.12,0.22,1.2,2.2\n"


@pytest.mark.parametrize("text,message", [
    ("t,q1,tau1,tau2\n0,1,2,3\n", "log.csv:1: header: missing column q2 (a log of 2 joints has "
     "time (or t), q1..q2, optionally qd1..qd2, and tau1..tau2 or i1..i2)"),
    ("q1,q2,qd1,tau1,tau2\n", "log.csv:1: header: missing columns time and qd2"),
    ("t,q1,q2\n0,1,2\n", "log.csv:1: header: no torques tau1..tau2 and no currents i1..i2: a log "
     "needs one of the two"),
    ("t,q1,q2,tau1,tau2,q1\n", "log.csv:1: header: column 'q1' appears twice (columns 2 and 6)"),
    (GOOD + "0.03,0.1,abc,1,2\n", "log.csv:5:10: q2 (column 3): 'abc' is not a number"),
    (GOOD + "0.03,0.1,,1,2\n", "log.csv:5:10: q2 (column 3): is empty"),
    (GOOD + "0.03,0.1,0.2,nan,2\n", "log.csv:5:14: tau1 (column 4): is nan"),
    (GOOD + "0.03,0.1,0.2,1,inf\n", "log.csv:5:16: tau2 (column 5): is inf"),
    (GOOD + "0.03,0.1,0.2\n", "log.csv:5: tau1 (column 4): is missing (the row has 3 cells)"),
    (GOOD + "0.02,0.1,0.2,1,2\n", "log.csv:5:1: t (column 1): time 0.02 s is not after the "
     "previous sample's 0.02 s (line 4): repeated time"),
    (GOOD + "0.01,0.1,0.2,1,2\n", "log.csv:5:1: t (column 1): time 0.01 s is not after the "
     "previous sample's 0.02 s (line 4): time goes back"),
    ("t,q1,q2,tau1,tau2\n0,1,2,3,4\n1,1,2,3,4\n", "log.csv: has 2 samples, at least 3 are needed"),
    ("", "log.csv: is empty (no header row)"),
])
def test_bad_logs_name_the_file_line_and_column(text, message):
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        read_text(text)


def test_bad_files_and_arguments(tmp_path):
    with pytest.raises(ValueError, match=re.escape("read_motion_log: n is 0, expected at least 1")):
        read_text(GOOD, n=0)
    missing = tmp_path / "none.csv"
    with pytest.raises(ValueError, match=re.escape(f"{missing}: cannot be read")):
        md.read_motion_log(missing, 2)
    bad = tmp_path / "bad.csv"
    bad.write_text(GOOD + "0.03,0.1,x,1,2\n")
    with pytest.raises(ValueError, match=re.escape(f"{bad}:5:10: q2 (column 3): 'x' is not a number")):
        md.read_motion_log(bad, 2)
    huge = tmp_path / "huge.csv"
    with open(huge, "wb") as f:
        f.truncate((256 << 20) + 1)  # sparse
    with pytest.raises(ValueError, match=re.escape(
            f"{huge}: is 256 MiB, more than the 256 MiB a motion log may have")):
        md.read_motion_log(huge, 2)


def test_prepare_errors_name_the_option():
    log = read_text(sine_log_text(300), source="sines.csv")
    with pytest.raises(ValueError, match=re.escape(
            "prepare_motion_log: cutoff is 60 Hz, expected above 0 and below the Nyquist "
            "frequency 50 Hz of the 100 Hz samples")):
        md.prepare_motion_log(log, sample_rate=100, cutoff=60)
    with pytest.raises(ValueError, match=re.escape(
            "prepare_motion_log: drive_gains has size 3, expected 2")):
        md.prepare_motion_log(log, drive_gains=[1, 2, 3])
    with pytest.raises(ValueError, match=re.escape("is not within the log's 300 samples")):
        md.prepare_motion_log(log, first=290, last=400)
    short = read_text(sine_log_text(14), source="short.csv")
    with pytest.raises(ValueError, match=re.escape(
            "prepare_motion_log: the log short.csv spans")):
        md.prepare_motion_log(short)
    currents = read_text("t,q1,i1\n" + "\n".join(f"{k / 100},{k},{k}" for k in range(200)), n=1,
                         source="currents.csv")
    with pytest.raises(ValueError, match=re.escape(
            "prepare_motion_log: the log currents.csv has currents but no tau columns: give "
            "drive_gains (1, N m / A) to make tau = gain * i")):
        md.prepare_motion_log(currents)
    assert md.prepare_motion_log(currents, drive_gains=[2.0])["tau"].shape[1] == 1
