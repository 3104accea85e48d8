"""The plot of a parallel robot's pick-and-place cycle (python/manipdyn/parallel_cycle_plots.py)
from the CSV layout of analysis::write_parallel_cycle_csv: a PNG as a function and as a script,
and a clear error for a file without limits."""
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "manipdyn" / "parallel_cycle_plots.py"
# The module from the package (never the package's folder on sys.path: its dask.py would shadow
# Dask in this process and in the processes it spawns, whose workers then never start); the
# script as `manipdyn report` runs it is tested below by running it.
from manipdyn import parallel_cycle_plots  # noqa: E402

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def cycle_csv(path, m=3):
    rows = ["t,x,y,z," + ",".join(f"tau{j}" for j in range(1, m + 1)) + ","
            + ",".join(f"tau_max{j}" for j in range(1, m + 1))]
    for k in range(21):
        t = 0.01 * k
        taus = [(j + 1) * (1 - 2 * t / 0.2) for j in range(m)]
        rows.append(",".join(str(v) for v in [t, 0.0, 0.015 * k, -0.9] + taus + [4.0] * m))
    path.write_text("\n".join(rows) + "\n")
    return path


def test_the_forces_plot_is_written(tmp_path):
    png = tmp_path / "forces.png"
    parallel_cycle_plots.plot_actuator_forces(cycle_csv(tmp_path / "c.csv"), png, "Delta")
    assert png.read_bytes()[:8] == PNG_MAGIC


def test_the_script_writes_the_plot(tmp_path):
    png = tmp_path / "six.png"
    r = subprocess.run([sys.executable, str(SCRIPT), "forces", str(cycle_csv(tmp_path / "c.csv", 6)),
                        str(png)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:8] == PNG_MAGIC


def test_a_file_without_limits_is_refused(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("t,x,y,z,tau1\n0,0,0,0,1\n")
    assert parallel_cycle_plots.main(["forces", str(bad), str(tmp_path / "x.png")]) == 1
