#!/usr/bin/python3
"""Plots of a dynamics datasheet written by `manipdyn report --model M` (matplotlib, Agg).

usage: datasheet_plots.py arm|platform FOLDER [TITLE]

Reads the CSV files of the datasheet in FOLDER (analysis/arm_datasheet.hpp,
analysis/platform_datasheet.hpp: write_*_datasheet_csv) and writes beside them:
  arm:      motion_tau.png (tau_i along the default motion, with the effort limits),
            motion_power.png (tau_i qd_i and their sum), gravity.png (largest |G_i| per joint
            against tau_max), mass_diagonal.png (range of M_ii over the workspace sample),
            condition.png (cond(M) over the workspace sample);
  platform: stroke.png (stroke used against the stroke available per leg) and
            leg_forces.png (largest |F|, |F_improved| and |F0| per leg against the force limit).
(The platform's forces along the motion are plotted by stewart_plots.py from path.csv.)
Exit status 1 with a message on stderr for a missing file or column.
"""
import csv
import math
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(folder, name):
    with open(pathlib.Path(folder) / name, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return [dict(zip(header, r)) for r in body], header


def num(s):
    return float(s)


def save(fig, folder, name):
    fig.tight_layout()
    fig.savefig(pathlib.Path(folder) / name, dpi=90)
    plt.close(fig)


def arm(folder, title):
    joints, _ = read(folder, "joints.csv")
    n = len(joints)
    motion, header = read(folder, "motion.csv")
    t = [num(r["time"]) for r in motion]
    # Torques along the motion, one line per joint, limits dashed.
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i in range(1, n + 1):
        line, = ax.plot(t, [num(r[f"tau{i}"]) for r in motion], label=f"joint {i}")
        lim = num(joints[i - 1]["tau_max"])
        if math.isfinite(lim):
            ax.axhline(lim, ls="--", lw=0.8, color=line.get_color())
            ax.axhline(-lim, ls="--", lw=0.8, color=line.get_color())
    ax.set_xlabel("time (s)")
    ax.set_ylabel("tau (N m or N)")
    ax.set_title(f"{title}: joint torques along the default motion (dashed: limits)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    save(fig, folder, "motion_tau.png")
    # Joint powers.
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i in range(1, n + 1):
        ax.plot(t, [num(r[f"power{i}"]) for r in motion], label=f"joint {i}")
    ax.plot(t, [num(r["power_total"]) for r in motion], "k", lw=2, label="sum")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("tau qd (W)")
    ax.set_title(f"{title}: joint powers along the default motion")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    save(fig, folder, "motion_power.png")
    # Largest gravity torque per joint against the effort limit.
    gravity, _ = read(folder, "gravity.csv")
    idx = list(range(1, n + 1))
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(idx, [num(r["max_abs_tau_g"]) for r in gravity], color="tab:blue",
           label="max |G_i| over the ranges")
    limits = [num(j["tau_max"]) for j in joints]
    if any(math.isfinite(x) for x in limits):
        ax.plot(idx, [x if math.isfinite(x) else float("nan") for x in limits], "r_", ms=30,
                mew=2, label="tau_max")
    ax.set_xticks(idx)
    ax.set_xlabel("joint")
    ax.set_ylabel("N m or N")
    ax.set_title(f"{title}: largest gravity torque per joint")
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    save(fig, folder, "gravity.png")
    # Range of the mass-matrix diagonal.
    diag, _ = read(folder, "mass_diagonal.csv")
    lo = [num(r["M_min"]) for r in diag]
    hi = [num(r["M_max"]) for r in diag]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(idx, [h - m for m, h in zip(lo, hi)], bottom=lo, color="tab:green")
    ax.set_xticks(idx)
    ax.set_xlabel("joint")
    ax.set_ylabel("M_ii (kg m^2 or kg)")
    ax.set_yscale("log")
    ax.set_title(f"{title}: range of the mass-matrix diagonal over the workspace")
    ax.grid(True, axis="y", alpha=0.3)
    save(fig, folder, "mass_diagonal.png")
    # Condition number over the workspace sample.
    work, _ = read(folder, "workspace.csv")
    cond = [num(r["condition"]) for r in work]
    finite = [c for c in cond if math.isfinite(c) and c > 0]
    fig, ax = plt.subplots(figsize=(7, 4))
    if finite:
        lo_c, hi_c = min(finite), max(finite)
        if hi_c > lo_c:
            bins = [lo_c * (hi_c / lo_c) ** (k / 40) for k in range(41)]
            ax.set_xscale("log")
        else:
            bins = 10
        ax.hist(finite, bins=bins, color="tab:purple")
    ax.set_xlabel("cond(M)")
    ax.set_ylabel("poses")
    ax.set_title(f"{title}: condition number of M over {len(cond)} poses")
    ax.grid(True, alpha=0.3)
    save(fig, folder, "condition.png")


def platform(folder, title):
    legs, _ = read(folder, "legs.csv")
    idx = [int(r["leg"]) for r in legs]
    fig, ax = plt.subplots(figsize=(7, 4))
    used = [num(r["stroke_used"]) for r in legs]
    avail = [num(r["stroke_available"]) for r in legs]
    if any(math.isfinite(a) for a in avail):
        ax.bar(idx, [a if math.isfinite(a) else 0 for a in avail], color="lightgray",
               label="stroke available")
    ax.bar(idx, used, width=0.5, color="tab:blue", label="stroke used")
    ax.set_xlabel("leg")
    ax.set_ylabel("m")
    ax.set_title(f"{title}: leg stroke along the default motion")
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    save(fig, folder, "stroke.png")
    fig, ax = plt.subplots(figsize=(7, 4))
    w = 0.27
    ax.bar([i - w for i in idx], [num(r["max_abs_force"]) for r in legs], w, label="|F| Dasgupta")
    ax.bar(idx, [num(r["max_abs_force_improved"]) for r in legs], w, label="|F| improved")
    ax.bar([i + w for i in idx], [num(r["max_abs_force_static"]) for r in legs], w,
           label="|F0| static")
    limits = [num(r["force_max"]) for r in legs]
    if any(math.isfinite(x) for x in limits):
        ax.plot(idx, [x if math.isfinite(x) else float("nan") for x in limits], "r_", ms=30,
                mew=2, label="force limit")
    ax.set_xlabel("leg")
    ax.set_ylabel("N")
    ax.set_title(f"{title}: largest leg forces along the default motion")
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    save(fig, folder, "leg_forces.png")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("arm", "platform"):
        print(__doc__, file=sys.stderr)
        return 2
    title = argv[3] if len(argv) > 3 else ""
    try:
        (arm if argv[1] == "arm" else platform)(argv[2], title)
    except (OSError, KeyError, ValueError, IndexError) as e:
        print(f"datasheet_plots: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
