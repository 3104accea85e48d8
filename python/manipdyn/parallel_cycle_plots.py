#!/usr/bin/python3
"""Plots of a parallel robot's pick-and-place cycle (matplotlib, Agg backend: no display).

For the report's parallel-robot section (the lead wires it into `manipdyn report` through
cli/python_scripts.hpp) and usable from Python:

    parallel_cycle_plots.py forces CYCLE.csv OUT.png [TITLE]

CYCLE.csv is what analysis::write_parallel_cycle_csv writes (analysis/parallel_cycle_study.hpp):
t (s), x, y, z (the platform position, m), tau1..m (the actuator forces or torques along the
time-optimal motion, N or N m), tau_max1..m (their limits, the same on every row).
"""
import sys

try:  # the package
    from .optimal_control_plots import _columns, _pyplot
except ImportError:  # run as a script (manipdyn report): the file beside it
    from optimal_control_plots import _columns, _pyplot

__all__ = ["plot_actuator_forces", "main"]


def plot_actuator_forces(csv_path, png_path, title=None):
    """Each actuator's force or torque against time, its limits +-tau_max dashed, and the
    cycle time in the title."""
    plt = _pyplot()
    header, data = _columns(csv_path)
    m = sum(1 for h in header if h.startswith("tau_max"))
    if m == 0:
        raise ValueError(f"{csv_path}: no tau_max columns")
    t = data["t"]
    cols = 2 if m > 1 else 1
    rows = (m + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(10, 1.9 * rows + 0.9), sharex=True,
                             squeeze=False)
    for j in range(1, m + 1):
        ax = axes[(j - 1) // cols][(j - 1) % cols]
        limit = data[f"tau_max{j}"][0]
        ax.plot(t, data[f"tau{j}"], color="tab:blue", lw=1.2, label="time-optimal")
        ax.axhline(limit, color="tab:red", ls="--", lw=0.9, label="limit")
        ax.axhline(-limit, color="tab:red", ls="--", lw=0.9)
        ax.set_ylabel(f"tau{j}")
        ax.grid(alpha=0.3)
    for k in range(m, rows * cols):  # an odd count leaves one panel empty
        axes[k // cols][k % cols].set_visible(False)
    axes[0][0].legend(fontsize=7, loc="best")
    for ax in axes[-1]:
        ax.set_xlabel("t [s]")
    heading = title or "pick-and-place cycle: actuator forces against their limits"
    fig.suptitle(f"{heading} (cycle {t[-1]:.4g} s)")
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) not in (3, 4) or argv[0] != "forces":
        print("usage: parallel_cycle_plots.py forces CYCLE.csv OUT.png [TITLE]", file=sys.stderr)
        return 2
    try:
        plot_actuator_forces(argv[1], argv[2], argv[3] if len(argv) == 4 else None)
    except (OSError, ValueError, KeyError) as e:
        print(f"parallel_cycle_plots.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
