#!/usr/bin/python3
"""Plots of the free-floating space manipulator study (matplotlib, Agg backend: no display).

Run by `manipdyn report` (section 9, cli/report_free_floating.cpp) and usable from Python:

    free_floating_plots.py attitude MOTION.csv OUT.png
    free_floating_plots.py residuals MOTION.csv OUT.png

MOTION.csv: t, q1..q6 (rad), rx, ry, rz (the base's attitude change R(0)^T R(t) as a rotation
vector in the initial base frame, rad), angle_deg, dx, dy, dz (the base's displacement, m),
momentum_residual, com_drift (m), jacobian_error (relative).
"""
import math
import sys

try:  # the package
    from .optimal_control_plots import _columns, _pyplot
except ImportError:  # run as a script (manipdyn report): the file beside it
    from optimal_control_plots import _columns, _pyplot

__all__ = ["plot_attitude", "plot_residuals", "main"]


def plot_attitude(csv_path, png_path):
    """The joints' loop, and the base's attitude change and displacement against time."""
    plt = _pyplot()
    header, data = _columns(csv_path)
    t = data["t"]
    fig, (a, b, c) = plt.subplots(1, 3, figsize=(13, 3.6))
    for j in range(1, 7):
        a.plot(t, data[f"q{j}"], lw=1.1, label=f"q{j}")
    a.set_ylabel("joint [rad]")
    a.set_title("the arm's joint loop")
    a.legend(fontsize=7, ncol=3)
    for name in ("rx", "ry", "rz"):
        b.plot(t, [math.degrees(x) for x in data[name]], lw=1.1, label=name)
    b.plot(t, data["angle_deg"], "k--", lw=1.0, label="angle")
    b.set_ylabel("base attitude change [deg]")
    b.set_title("base rotation, R(0)^T R(t)")
    b.legend(fontsize=7)
    for name in ("dx", "dy", "dz"):
        c.plot(t, [1e3 * x for x in data[name]], lw=1.1, label=name)
    c.set_ylabel("base displacement [mm]")
    c.set_title("base translation (world)")
    c.legend(fontsize=7)
    for ax in (a, b, c):
        ax.set_xlabel("t [s]")
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def plot_residuals(csv_path, png_path):
    """The momentum residual, the COM drift and the generalized Jacobian's error, log scale."""
    plt = _pyplot()
    _, data = _columns(csv_path)
    t = data["t"]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for name, label in (("momentum_residual", "|h_G| / max |h_arm|"),
                        ("com_drift", "COM drift [m]"),
                        ("jacobian_error", "|J* qd - FD| / max |FD|")):
        ax.semilogy(t, [max(abs(x), 1e-18) for x in data[name]], lw=1.0, label=label)
    ax.set_xlabel("t [s]")
    ax.set_title("checks along the motion")
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    plots = {"attitude": plot_attitude, "residuals": plot_residuals}
    if len(argv) != 3 or argv[0] not in plots:
        print("usage: free_floating_plots.py attitude|residuals IN.csv OUT.png", file=sys.stderr)
        return 2
    try:
        plots[argv[0]](argv[1], argv[2])
    except (OSError, ValueError, KeyError) as e:
        print(f"free_floating_plots.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
