"""Plots of a Stewart-platform path CSV written by `manipdyn stewart` (matplotlib, Agg).

usage: stewart_plots.py <path.csv> <output prefix> [title]

Writes <prefix>_forces.png (F, F0, Fd per leg: Dasgupta 1998 Figs. 4, 7, 9),
<prefix>_fraction.png (Fd/F: Figs. 6, 8), <prefix>_condition.png (cond(H): Figs. 5, 10),
<prefix>_leg_rates.png and <prefix>_leg_accelerations.png (|omega| with and without the axial
spin: Pedrammehr 2012 Figs. 5-8), <prefix>_models.png (improved vs Dasgupta forces: Figs. 9-10).
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def load(path):
    data = np.genfromtxt(path, delimiter=",", names=True)
    return data


def legs_figure(data, series, ylabel, title, out, ylim=None, logy=False):
    fig, axes = plt.subplots(3, 2, figsize=(10, 8.5), sharex=True)
    t = data["time"]
    for i, ax in enumerate(axes.T.flatten()):
        for key, label, style in series:
            y = data[f"{key}{i + 1}"]
            ax.plot(t, y, style, label=label, lw=1.4)
        ax.set_title(f"leg {i + 1}", fontsize=10)
        ax.grid(True, alpha=0.3)
        ax.axhline(0, color="k", lw=0.5)
        if ylim is not None:
            ax.set_ylim(*ylim)
        if logy:
            ax.set_yscale("log")
        if i % 3 == 2:
            ax.set_xlabel("time (s)")
        if i < 3:
            ax.set_ylabel(ylabel)
    axes[0, 0].legend(fontsize=8, loc="best")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv):
    csv, prefix = argv[1], argv[2]
    title = argv[3] if len(argv) > 3 else csv
    d = load(csv)
    legs_figure(d, [("F", "F (total, Dasgupta)", "k-"), ("F0_", "F0 (massless legs)", "b--"),
                    ("Fd_", "Fd = F - F0", "r:")],
                "force (N)", f"{title}: leg forces", f"{prefix}_forces.png")
    frac = np.array([d[f"frac{i + 1}"] for i in range(6)])
    lim = min(2.0, max(0.5, 1.1 * np.nanpercentile(np.abs(frac), 95)))
    legs_figure(d, [("frac", "Fd / F", "k-")], "dynamic fraction",
                f"{title}: fraction of dynamic forces (clipped at +-{lim:.2f}; spikes where F crosses 0)",
                f"{prefix}_fraction.png", ylim=(-lim, lim))
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(d["time"], d["cond"], "k.-", ms=3)
    if d["cond"].max() / max(d["cond"].min(), 1e-300) > 50:
        ax.set_yscale("log")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("condition number of H")
    ax.grid(True, which="both", alpha=0.3)
    ax.set_title(f"{title}: condition number")
    fig.tight_layout()
    fig.savefig(f"{prefix}_condition.png", dpi=110)
    plt.close(fig)
    legs_figure(d, [("w_exact", "|omega_l| exact U joint", "k-"), ("w_nospin", "|W| (s.W = 0)", "b--"),
                    ("spin", "axial spin s.omega_l", "r:")],
                "rad/s", f"{title}: leg angular velocities", f"{prefix}_leg_rates.png")
    legs_figure(d, [("a_exact", "|alpha_l| exact U joint", "k-"), ("a_nospin", "|A| (s.A = 0)", "b--"),
                    ("spin_acc", "axial s.alpha_l", "r:")],
                "rad/s^2", f"{title}: leg angular accelerations", f"{prefix}_leg_accelerations.png")
    legs_figure(d, [("Fimp", "improved (Pedrammehr 2012)", "k-"), ("F", "Dasgupta 1998", "b--"),
                    ("dF", "improved - Dasgupta", "r:")],
                "force (N)", f"{title}: improved vs simplified model", f"{prefix}_models.png")


if __name__ == "__main__":
    main(sys.argv)
