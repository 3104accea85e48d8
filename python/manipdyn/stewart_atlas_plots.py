"""Heat maps of a Stewart-platform workspace atlas written by `manipdyn stewart atlas`
(matplotlib, Agg; docs/stewart/atlas.md).

usage: stewart_atlas_plots.py <folder> [title]

Reads <folder>/atlas.csv and writes, for each orientation k, x-y slices at up to six heights z
(spread over the heights with a reachable point):
  atlas_o<k>_condition.png      reachable set coloured by cond(H) (log scale)
  atlas_o<k>_static_force.png   largest static leg force max_i |F_i(0)|, N
  atlas_o<k>_envelope_force.png largest leg force over the acceleration box, N
  atlas_o<k>_limits.png         which limit stops each unreachable point
Unreachable points are light grey in the first three.
"""
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

LIMITS = ["none", "length_min", "length_max", "u_joint_angle", "s_joint_angle", "singular"]
LIMIT_COLOURS = ["#2ca02c", "#1f77b4", "#d62728", "#ff7f0e", "#9467bd", "#000000"]
MAX_SLICES = 6


def load(folder):
    return np.genfromtxt(pathlib.Path(folder) / "atlas.csv", delimiter=",", names=True,
                         dtype=None, encoding="utf-8")


def slice_levels(rows, z):
    """Indices of up to MAX_SLICES heights, evenly spread over the heights that hold a reachable
    point (over all heights when none does)."""
    full = [k for k, zk in enumerate(z) if (rows["reachable"][np.isclose(rows["z"], zk)] == 1).any()]
    if not full:
        full = list(range(len(z)))
    pick = np.linspace(0, len(full) - 1, min(len(full), MAX_SLICES)).round().astype(int)
    return sorted({full[i] for i in pick})


def grid_of(rows, x, y, values):
    """values of `rows` on the (y, x) grid."""
    g = np.full((len(y), len(x)), np.nan)
    ix = np.searchsorted(x, rows["x"])
    iy = np.searchsorted(y, rows["y"])
    g[iy, ix] = values
    return g


def slices_figure(rows, x, y, z, levels, values, label, title, out, log=False):
    ncol = min(3, len(levels))
    nrow = (len(levels) + ncol - 1) // ncol
    fig, axes = plt.subplots(nrow, ncol, figsize=(4.2 * ncol + 1.2, 3.8 * nrow), squeeze=False)
    reach = rows["reachable"] == 1
    finite = np.isfinite(values) & reach
    vmin = np.nanmin(values[finite]) if finite.any() else 1.0
    vmax = np.nanmax(values[finite]) if finite.any() else 1.0
    if vmax <= vmin:
        vmax = vmin * 1.01 + 1e-12
    norm = mcolors.LogNorm(vmin=max(vmin, 1e-12), vmax=vmax) if log else \
        mcolors.Normalize(vmin=vmin, vmax=vmax)
    cmap = plt.get_cmap("viridis").copy()
    cmap.set_bad("#dddddd")
    dx = (x[1] - x[0]) / 2 if len(x) > 1 else 0.5
    dy = (y[1] - y[0]) / 2 if len(y) > 1 else 0.5
    mesh = None
    for n, ax in enumerate(axes.flat):
        if n >= len(levels):
            ax.axis("off")
            continue
        k = levels[n]
        sel = np.isclose(rows["z"], z[k])
        v = np.where(reach[sel], values[sel], np.nan)
        g = np.ma.masked_invalid(grid_of(rows[sel], x, y, v))
        mesh = ax.imshow(g, origin="lower", extent=(x[0] - dx, x[-1] + dx, y[0] - dy, y[-1] + dy),
                         cmap=cmap, norm=norm, aspect="equal", interpolation="nearest")
        ax.set_title(f"z = {z[k]:.3f} m", fontsize=10)
        ax.set_xlabel("x (m)")
        ax.set_ylabel("y (m)")
    fig.subplots_adjust(hspace=0.35, right=0.82)
    fig.colorbar(mesh, ax=axes.ravel().tolist(), label=label, shrink=0.85)
    fig.suptitle(title)
    fig.savefig(out, dpi=110)
    plt.close(fig)


def limits_figure(rows, x, y, z, levels, title, out):
    ncol = min(3, len(levels))
    nrow = (len(levels) + ncol - 1) // ncol
    fig, axes = plt.subplots(nrow, ncol, figsize=(4.2 * ncol + 1.2, 3.8 * nrow), squeeze=False)
    cmap = mcolors.ListedColormap(LIMIT_COLOURS)
    code = np.array([LIMITS.index(str(s)) for s in rows["limit"]], dtype=float)
    dx = (x[1] - x[0]) / 2 if len(x) > 1 else 0.5
    dy = (y[1] - y[0]) / 2 if len(y) > 1 else 0.5
    for n, ax in enumerate(axes.flat):
        if n >= len(levels):
            ax.axis("off")
            continue
        k = levels[n]
        sel = np.isclose(rows["z"], z[k])
        g = grid_of(rows[sel], x, y, code[sel])
        ax.imshow(g, origin="lower", extent=(x[0] - dx, x[-1] + dx, y[0] - dy, y[-1] + dy),
                  cmap=cmap, vmin=-0.5, vmax=len(LIMITS) - 0.5, aspect="equal",
                  interpolation="nearest")
        ax.set_title(f"z = {z[k]:.3f} m", fontsize=10)
        ax.set_xlabel("x (m)")
        ax.set_ylabel("y (m)")
    handles = [matplotlib.patches.Patch(color=c, label="reachable" if n == "none" else n)
               for n, c in zip(LIMITS, LIMIT_COLOURS)]
    fig.legend(handles=handles, loc="lower center", ncol=len(LIMITS), fontsize=9)
    fig.suptitle(title + " (first limit violated)")
    fig.subplots_adjust(bottom=0.16, hspace=0.35)
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    folder = pathlib.Path(argv[1])
    title = argv[2] if len(argv) > 2 else "Workspace atlas"
    data = np.atleast_1d(load(folder))
    for o in np.unique(data["orientation"]):
        rows = data[data["orientation"] == o]
        x, y, z = (np.unique(rows[c]) for c in ("x", "y", "z"))
        levels = slice_levels(rows, z)
        rpy = np.degrees([rows["roll"][0], rows["pitch"][0], rows["yaw"][0]])
        sub = f"{title}, rpy = [{rpy[0]:.1f}, {rpy[1]:.1f}, {rpy[2]:.1f}] deg"
        stem = folder / f"atlas_o{int(o)}"
        slices_figure(rows, x, y, z, levels, rows["condition_number"].astype(float),
                      "cond(H)", sub + ": cond(H)", f"{stem}_condition.png", log=True)
        slices_figure(rows, x, y, z, levels, rows["max_static_force"].astype(float),
                      "max |F_i(0)| (N)", sub + ": largest static leg force",
                      f"{stem}_static_force.png")
        slices_figure(rows, x, y, z, levels, rows["max_envelope_force"].astype(float),
                      "max |F_i| over the envelope (N)", sub + ": largest leg force, envelope",
                      f"{stem}_envelope_force.png")
        limits_figure(rows, x, y, z, levels, sub, f"{stem}_limits.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
