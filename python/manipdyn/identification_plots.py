#!/usr/bin/python3
"""Plots of an identification (matplotlib, Agg backend: no display needed).

Run by `manipdyn identify --report DIR` (cli/python_scripts.hpp) and usable from Python:

    identification_plots.py prediction IN.csv OUT.png

IN.csv has the columns t, tau_measured1..n, tau_identified1..n, tau_nominal1..n (N m or N);
OUT.png shows one panel per joint: the measured torque, the identified model's prediction and
the nominal model's, with each model's relative RMS error in the legend.
"""
import csv
import math
import sys

__all__ = ["plot_prediction", "main"]


def _columns(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r]
    if len(rows) < 2:
        raise ValueError(f"{path}: no data rows")
    header = rows[0]
    data = {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(header)}
    return header, data


def _relative_rms(measured, predicted):
    num = sum((m - p) ** 2 for m, p in zip(measured, predicted))
    den = sum(m * m for m in measured)
    return math.sqrt(num / den) if den > 0 else float("nan")


def plot_prediction(csv_path, png_path, title=None):
    """Measured vs predicted torques per joint, from the CSV that `manipdyn identify` writes."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    header, data = _columns(csv_path)
    n = sum(1 for h in header if h.startswith("tau_measured"))
    if n == 0:
        raise ValueError(f"{csv_path}: no tau_measured columns")
    t = data["t"]
    fig, axes = plt.subplots(n, 1, figsize=(10, 1.9 * n + 0.8), sharex=True, squeeze=False)
    for j in range(1, n + 1):
        ax = axes[j - 1][0]
        measured = data[f"tau_measured{j}"]
        ax.plot(t, measured, color="black", lw=1.2, label="measured")
        for what, style in (("identified", dict(color="tab:blue", lw=1.0)),
                            ("nominal", dict(color="tab:red", lw=0.9, ls="--"))):
            predicted = data[f"tau_{what}{j}"]
            err = 100 * _relative_rms(measured, predicted)
            ax.plot(t, predicted, label=f"{what} ({err:.0f} %)", **style)
        ax.set_ylabel(f"tau{j} [N m]")
        ax.legend(loc="upper right", fontsize=7, ncol=3)
        ax.grid(alpha=0.3)
    axes[-1][0].set_xlabel("t [s]")
    fig.suptitle(title or "measured and predicted joint torques (relative RMS error)")
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 3 or argv[0] != "prediction":
        print("usage: identification_plots.py prediction IN.csv OUT.png", file=sys.stderr)
        return 2
    try:
        plot_prediction(argv[1], argv[2])
    except (OSError, ValueError, KeyError) as e:
        print(f"identification_plots.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
