#!/usr/bin/python3
"""Plots of a joint-space control run written by `manipdyn control` (or manipdyn.simulate):
the position error of every joint against time, one panel per joint (as Figures 3-8 of Lee,
Chung, Mudge, Turney ~1982), with the A/D resolution drawn as a band, and the joint torques.

Command line:
    plot_control.py RUN.csv PREFIX [--resolution RAD] [--title TEXT]
writes PREFIX_errors.png and PREFIX_torques.png. RUN.csv has the columns
t, q_d1..q_dn, q1..qn, e1..en, tau1..taun (SI units, radians).
"""
import argparse
import csv
import sys

__all__ = ["plot_control", "main"]


def _read(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r]
    if len(rows) < 2:
        raise ValueError(f"{path}: no data rows")
    header = rows[0]
    cols = {name: [float(r[j]) for r in rows[1:]] for j, name in enumerate(header)}
    return header, cols


def plot_control(csv_path, prefix, resolution=None, title=None):
    """Writes <prefix>_errors.png and <prefix>_torques.png from a control-run CSV."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    header, cols = _read(csv_path)
    n = sum(1 for h in header if h.startswith("e") and h[1:].isdigit())
    if n == 0:
        raise ValueError(f"{csv_path}: no error columns e1..en")
    t = cols["t"]
    rows = (n + 1) // 2
    for kind, label, unit in (("e", "position error q_d - q", "rad"), ("tau", "torque", "N m")):
        fig, axes = plt.subplots(rows, 2, figsize=(11, 2.4 * rows + 0.8), sharex=True,
                                 squeeze=False)
        for i in range(n):
            ax = axes[i // 2][i % 2]
            ax.plot(t, cols[f"{kind}{i + 1}"], lw=1.2, color="C0" if kind == "e" else "C3")
            if kind == "e" and resolution:
                ax.axhline(resolution, color="k", ls="--", lw=0.8)
                ax.axhline(-resolution, color="k", ls="--", lw=0.8,
                           label=f"12-bit A/D resolution ±{resolution:.3g} rad")
                ax.ticklabel_format(axis="y", style="sci", scilimits=(-3, 3))
            ax.set_title(f"joint {i + 1}", fontsize="medium")
            ax.set_ylabel(unit)
            ax.grid(True, alpha=0.3)
            if i == 0 and kind == "e" and resolution:
                ax.legend(fontsize="small", loc="upper right")
        for ax in axes[-1]:
            ax.set_xlabel("t (s)")
        if n % 2 == 1:
            axes[-1][1].set_visible(False)
        fig.suptitle((title + ": " if title else "") + label)
        fig.tight_layout()
        fig.savefig(f"{prefix}_{'errors' if kind == 'e' else 'torques'}.png", dpi=110)
        plt.close(fig)


def main(argv=None):
    p = argparse.ArgumentParser(description="Plots of a control run (errors and torques).")
    p.add_argument("csv")
    p.add_argument("prefix")
    p.add_argument("--resolution", type=float)
    p.add_argument("--title")
    a = p.parse_args(argv)
    try:
        plot_control(a.csv, a.prefix, a.resolution, a.title)
    except (OSError, ValueError, KeyError) as e:
        print(f"plot_control: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
