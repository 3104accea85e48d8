#!/usr/bin/python3
"""CSV -> PNG line plots (matplotlib, Agg backend: no display needed).

Shared by the CLI (which runs `/usr/bin/python3 <path of this file> in.csv out.png ...`, the
installed copy or the source tree's: cli/python_scripts.hpp) and usable from Python as
`manipdyn.plot_csv.plot_csv(...)`. Only the standard library and matplotlib are used.

Command line:
    plot_csv.py INPUT.csv OUTPUT.png [--x COLUMN] [--y COL[,COL...]] [--group COLUMN]
                [--title TEXT] [--xlabel TEXT] [--ylabel TEXT] [--logy]

    --x      column on the horizontal axis (default: the first column)
    --y      comma-separated columns to plot (default: every other numeric column)
    --group  one line per distinct value of this column (e.g. algorithm), for each --y column
    --logy   logarithmic vertical axis
Exit status 1 with a message on stderr for a missing file, an unknown column or a non-numeric
cell.
"""
import argparse
import csv
import sys

__all__ = ["plot_csv", "main"]


def _read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError(f"{path}: empty file")
    header, body = rows[0], [r for r in rows[1:] if r]
    for k, r in enumerate(body):
        if len(r) != len(header):
            raise ValueError(f"{path}: line {k + 2} has {len(r)} cells, the header has "
                             f"{len(header)}")
    return header, body


def _number(text, path, line, column):
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{path}: line {line}, column '{column}': '{text}' is not a number")


def _is_numeric(body, j):
    for r in body:
        try:
            float(r[j])
        except ValueError:
            return False
    return True


def plot_csv(csv_path, png_path, x=None, y=None, group=None, title=None, xlabel=None,
             ylabel=None, logy=False):
    """Plots columns `y` (list of names; default all other numeric columns) against column `x`
    (default the first) of `csv_path` into `png_path`; one line per value of `group` if given.
    Raises ValueError naming the file, line and column for bad input."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    header, body = _read(csv_path)
    index = {name: j for j, name in enumerate(header)}
    x = x or header[0]
    for name in [x] + (list(y) if y else []) + ([group] if group else []):
        if name not in index:
            raise ValueError(f"{csv_path}: no column '{name}' (columns: {', '.join(header)})")
    if not y:
        y = [h for j, h in enumerate(header)
             if h not in (x, group) and _is_numeric(body, j)]
        if not y:
            raise ValueError(f"{csv_path}: no numeric column to plot")

    groups = {}
    for k, r in enumerate(body):
        key = r[index[group]] if group else None
        groups.setdefault(key, []).append((k + 2, r))

    # More lines than the default 10 colours: 20 colours and alternating line styles, and the
    # legend outside the axes.
    lines = len(groups) * len(y)
    fig, ax = plt.subplots(figsize=(8 if lines <= 10 else 11, 5))
    if lines > 10:
        from cycler import cycler

        colors = list(plt.get_cmap("tab20").colors)
        styles = ["-", "--", ":", "-."]
        ax.set_prop_cycle(cycler(color=[colors[k % 20] for k in range(lines)]) +
                          cycler(linestyle=[styles[(k // 20 + k) % 4] for k in range(lines)]))
    for key, rows in groups.items():
        xs = [_number(r[index[x]], csv_path, line, x) for line, r in rows]
        for name in y:
            ys = [_number(r[index[name]], csv_path, line, name) if r[index[name]] != "" else
                  float("nan") for line, r in rows]
            label = name if key is None else (key if len(y) == 1 else f"{key} {name}")
            ax.plot(xs, ys, marker="." if len(xs) < 50 else None, label=label)
    ax.set_xlabel(xlabel or x)
    if ylabel or len(y) == 1:
        ax.set_ylabel(ylabel or y[0])
    if logy:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    ax.grid(True, alpha=0.3)
    if lines > 10:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    else:
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(png_path, dpi=120)
    plt.close(fig)


def main(argv=None):
    p = argparse.ArgumentParser(description="CSV -> PNG line plot (matplotlib, Agg).")
    p.add_argument("csv")
    p.add_argument("png")
    p.add_argument("--x")
    p.add_argument("--y", help="comma-separated column names")
    p.add_argument("--group")
    p.add_argument("--title")
    p.add_argument("--xlabel")
    p.add_argument("--ylabel")
    p.add_argument("--logy", action="store_true")
    a = p.parse_args(argv)
    try:
        plot_csv(a.csv, a.png, x=a.x, y=a.y.split(",") if a.y else None, group=a.group,
                 title=a.title, xlabel=a.xlabel, ylabel=a.ylabel, logy=a.logy)
    except (OSError, ValueError) as e:
        print(f"plot_csv: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
