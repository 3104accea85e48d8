"""Plots of a Stewart-platform control run written by `manipdyn stewart control` (matplotlib, Agg).

usage: stewart_control_plots.py <run.csv> <output prefix> [title]

Writes <prefix>_tracking.png (position error t_d - t in mm and orientation error log(R_d R^T)
in mrad, components and norm, against time) and <prefix>_forces.png (the six leg forces held by
the zero-order hold, in N).
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def tracking_figure(data, title, out):
    t = data["time"]
    fig, axes = plt.subplots(2, 1, figsize=(10, 7), sharex=True)
    groups = [(("ex", "ey", "ez"), 1e3, "position error t_d - t [mm]"),
              (("erx", "ery", "erz"), 1e3, "orientation error log(R_d R^T) [mrad]")]
    for ax, (keys, scale, label) in zip(axes, groups):
        comps = np.stack([data[k] for k in keys]) * scale
        for key, y in zip(("x", "y", "z"), comps):
            ax.plot(t, y, lw=1.2, label=key)
        ax.plot(t, np.linalg.norm(comps, axis=0), "k--", lw=1.4, label="norm")
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper right", ncol=4, fontsize=9)
    axes[-1].set_xlabel("time [s]")
    fig.suptitle(title + ": tracking error")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def forces_figure(data, title, out):
    t = data["time"]
    fig, ax = plt.subplots(figsize=(10, 5.5))
    for i in range(1, 7):
        ax.plot(t, data[f"F{i}"], lw=1.2, label=f"leg {i}")
    ax.set_xlabel("time [s]")
    ax.set_ylabel("leg force [N]")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best", ncol=3, fontsize=9)
    ax.set_title(title + ": actuator forces")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    data = np.genfromtxt(argv[1], delimiter=",", names=True)
    title = argv[3] if len(argv) > 3 else argv[1]
    tracking_figure(data, title, argv[2] + "_tracking.png")
    forces_figure(data, title, argv[2] + "_forces.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
