#!/usr/bin/python3
"""Plots of an optimal-control run (matplotlib, Agg backend: no display needed).

Run by `manipdyn report` (section 8, cli/python_scripts.hpp) and usable from Python:

    optimal_control_plots.py cost COST.csv OUT.png
    optimal_control_plots.py torques MOTION.csv OUT.png
    optimal_control_plots.py regulator LQR.csv OUT.png

COST.csv: iteration, cost (the cost after each accepted iLQR iteration; iteration 0 is the
first guess). MOTION.csv: t, q1..n, tau1..n, tau_initial1..n, tau_max1..n (the last rows of the
torque columns may be empty: N + 1 states, N torques). LQR.csv: t, e1..n (q - q_goal, rad).
"""
import csv
import sys

__all__ = ["plot_cost", "plot_torques", "plot_regulator", "main"]


def _columns(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r]
    if len(rows) < 2:
        raise ValueError(f"{path}: no data rows")
    header = rows[0]
    data = {name: [float(r[k]) if r[k] != "" else float("nan") for r in rows[1:]]
            for k, name in enumerate(header)}
    return header, data


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_cost(csv_path, png_path):
    """The iLQR cost per iteration, log scale, relative to the last."""
    plt = _pyplot()
    _, data = _columns(csv_path)
    it, cost = data["iteration"], data["cost"]
    final = cost[-1]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 3.6))
    a.semilogy(it, cost, "o-", ms=3)
    a.set_xlabel("iteration")
    a.set_ylabel("cost J")
    a.set_title("cost per accepted iteration")
    gap = [c - final for c in cost[:-1]]
    b.semilogy(it[:-1], [max(g, 1e-16 * abs(final)) for g in gap], "o-", ms=3, color="tab:red")
    b.set_xlabel("iteration")
    b.set_ylabel("J - J_final")
    b.set_title("convergence")
    for ax in (a, b):
        ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def plot_torques(csv_path, png_path):
    """Planned torques per joint against the limits and the first guess."""
    plt = _pyplot()
    header, data = _columns(csv_path)
    n = sum(1 for h in header if h.startswith("tau_max"))
    t = data["t"]
    fig, axes = plt.subplots((n + 1) // 2, 2, figsize=(10, 1.9 * ((n + 1) // 2) + 0.8),
                             sharex=True, squeeze=False)
    for j in range(1, n + 1):
        ax = axes[(j - 1) // 2][(j - 1) % 2]
        limit = data[f"tau_max{j}"][0]
        ax.step(t, data[f"tau_initial{j}"], where="post", color="0.6", lw=0.9,
                label="first guess (quintic)")
        ax.step(t, data[f"tau{j}"], where="post", color="tab:blue", lw=1.3, label="iLQR")
        ax.axhline(limit, color="tab:red", ls="--", lw=0.9, label="limit")
        ax.axhline(-limit, color="tab:red", ls="--", lw=0.9)
        ax.set_ylabel(f"tau{j} [N m]")
        ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=7, loc="best")
    for ax in axes[-1]:
        ax.set_xlabel("t [s]")
    fig.suptitle("minimum-effort motion: torques against the limits")
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def plot_regulator(csv_path, png_path):
    """|q - q_goal| per joint under the LQR, log scale."""
    plt = _pyplot()
    header, data = _columns(csv_path)
    t = data["t"]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for name in header[1:]:
        ax.semilogy(t, [max(abs(e), 1e-12) for e in data[name]], lw=1.1, label=name)
    ax.set_xlabel("t [s]")
    ax.set_ylabel("|q - q_goal| [rad]")
    ax.set_title("LQR holding the pose from a perturbation")
    ax.legend(fontsize=7, ncol=3)
    ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    plots = {"cost": plot_cost, "torques": plot_torques, "regulator": plot_regulator}
    if len(argv) != 3 or argv[0] not in plots:
        print("usage: optimal_control_plots.py cost|torques|regulator IN.csv OUT.png",
              file=sys.stderr)
        return 2
    try:
        plots[argv[0]](argv[1], argv[2])
    except (OSError, ValueError, KeyError) as e:
        print(f"optimal_control_plots.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
