#!/usr/bin/env python3
"""Check that every quoted #include of include/ and src/ points down the part order.

The part table below is the one place that says which part of the library a file belongs to
and which parts it may use (docs/architecture.md draws the same table). Every `#include "..."`
of include/manipdyn/ and src/ is resolved -- "manipdyn/<part>/x.hpp", relative "../<part>/x.hpp"
and same-folder "x.hpp" -- to a file of the tree, and the include is a violation when that
file's part is neither the includer's own part nor one the includer's part may use. A part's
private headers (src/<part>/*.hpp) belong to the part, so the parts above it that list it may
include them (codegen includes serial's Newton-Euler core).

Usage: check_layers.py [ROOT]      exit 1 and print file:line for each violation
       check_layers.py --self-test plant a violation in a temporary tree and check it is caught
"""
import os
import re
import sys
import tempfile

# ---- the part table (bottom -> top) -----------------------------------------------------------
# (part, path prefixes relative to the root, parts it may use). A part may use only parts above
# it in this list; the lists hold the arrows the code has, no more (docs/architecture.md draws
# them): widen one here, in the open, when a part needs another. A path is matched against the
# prefixes in order and belongs to the first part whose prefix it starts with; an exact file
# listed before a folder wins over that folder (the io formats before the io model files).
PARTS = [
    ("core", ["include/manipdyn/core/", "src/core/", "include/manipdyn/version.hpp",
              "include/manipdyn/version.hpp.in"], []),
    ("io_formats", ["include/manipdyn/io/csv.hpp", "include/manipdyn/io/parse_error.hpp",
                    "src/io/csv.cpp", "src/io/parse_error.cpp"], ["core"]),
    ("trajectory", ["include/manipdyn/trajectory/", "src/trajectory/"], ["core"]),
    ("serial", ["include/manipdyn/serial/", "src/serial/"], ["core"]),
    ("stewart", ["include/manipdyn/stewart/", "src/stewart/"], ["core", "io_formats"]),
    ("simulation", ["include/manipdyn/simulation/", "src/simulation/"], ["core", "serial"]),
    ("parallel", ["include/manipdyn/parallel/", "src/parallel/"], ["core", "serial", "stewart"]),
    ("identification", ["include/manipdyn/identification/", "src/identification/"],
     ["core", "io_formats", "trajectory", "serial", "stewart", "parallel"]),
    ("control", ["include/manipdyn/control/", "src/control/"],
     ["core", "io_formats", "trajectory", "serial", "simulation", "identification"]),
    ("codegen", ["include/manipdyn/codegen/", "src/codegen/"], ["core", "serial"]),
    ("analysis", ["include/manipdyn/analysis/", "src/analysis/"],
     ["core", "io_formats", "trajectory", "serial", "stewart", "simulation", "parallel", "control"]),
    ("io_models", ["include/manipdyn/io/", "src/io/"],
     ["core", "io_formats", "serial", "stewart", "parallel"]),
]

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SCANNED = ("include/manipdyn", "src")


def part_of(relpath):
    """The part a path (relative to the root, '/'-separated) belongs to, or None."""
    for name, prefixes, _ in PARTS:
        for prefix in prefixes:
            if relpath == prefix or (prefix.endswith("/") and relpath.startswith(prefix)):
                return name
    return None


def allowed(part):
    for name, _, uses in PARTS:
        if name == part:
            return set(uses) | {part}
    raise KeyError(part)


def resolve(root, includer, target):
    """The included file as a root-relative path, or None when it is not one of ours."""
    candidates = []
    if target.startswith("manipdyn/"):
        candidates.append(os.path.join("include", target))
    candidates.append(os.path.normpath(os.path.join(os.path.dirname(includer), target)))
    for candidate in candidates:
        candidate = candidate.replace(os.sep, "/")
        if os.path.isfile(os.path.join(root, candidate)) or candidate.endswith("version.hpp"):
            return candidate
    return None


def source_files(root):
    for top in SCANNED:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith((".hpp", ".cpp", ".h", ".hpp.in")):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, root).replace(os.sep, "/")


def table_problems():
    """The part table's own faults: a part that uses one listed after it (or an unknown one)."""
    problems, seen = [], set()
    for name, _, uses in PARTS:
        for used in uses:
            if used not in seen:
                problems.append(f"scripts/check_layers.py: part '{name}' uses '{used}', which is "
                                f"not listed before it (the table must go bottom -> top)")
        seen.add(name)
    return problems


def check(root):
    """The violations of the tree at root, as 'file:line: message' strings."""
    problems = table_problems()
    for relpath in sorted(source_files(root)):
        part = part_of(relpath)
        if part is None:
            problems.append(f"{relpath}:1: belongs to no part of the table in "
                            f"scripts/check_layers.py (add it there)")
            continue
        uses = allowed(part)
        with open(os.path.join(root, relpath), encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                match = INCLUDE_RE.match(line)
                if not match:
                    continue
                target = resolve(root, relpath, match.group(1))
                if target is None:
                    continue
                target_part = part_of(target)
                if target_part is None or target_part in uses:
                    continue
                problems.append(f"{relpath}:{number}: part '{part}' includes "
                                f"{match.group(1)} of part '{target_part}' "
                                f"(it may use: {', '.join(sorted(uses - {part})) or 'nothing'})")
    return problems


def self_test():
    """A small tree with one allowed include of each kind and three violations."""
    files = {
        "include/manipdyn/core/types.hpp": "",
        "include/manipdyn/serial/model.hpp": '#include "manipdyn/core/types.hpp"\n',
        "include/manipdyn/control/law.hpp": '#include "manipdyn/serial/model.hpp"\n',
        "src/serial/body.hpp": '#include "../core/lanes.hpp"\n',
        "src/core/lanes.hpp": "",
        "src/codegen/gen.cpp": '#include "../serial/body.hpp"\n',
        # the planted violations: serial -> control, relative serial -> codegen, core -> serial
        "src/serial/counts.cpp": ('#include "body.hpp"\n'
                                  '#include "manipdyn/control/law.hpp"\n'),
        "src/serial/mass.cpp": '#include "../codegen/gen.hpp"\n',
        "src/codegen/gen.hpp": "",
        "include/manipdyn/core/bad.hpp": ' #  include "manipdyn/serial/model.hpp"\n',
    }
    with tempfile.TemporaryDirectory() as root:
        for relpath, text in files.items():
            path = os.path.join(root, relpath)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        found = check(root)
        expected = ["include/manipdyn/core/bad.hpp:1:", "src/serial/counts.cpp:2:",
                    "src/serial/mass.cpp:1:"]
        got = [problem.split(" ", 1)[0] for problem in found]
        if got != expected:
            print("check_layers self-test FAILED: expected", expected, "got:")
            print("\n".join(found))
            return 1
        # a file outside the table is reported too
        os.makedirs(os.path.join(root, "src/newpart"))
        open(os.path.join(root, "src/newpart/x.cpp"), "w").close()
        if not any(p.startswith("src/newpart/x.cpp:1:") for p in check(root)):
            print("check_layers self-test FAILED: a file of no part was not reported")
            return 1
    # a table whose order goes up is refused
    global PARTS
    saved = PARTS
    PARTS = [("serial", ["src/serial/"], ["core"]), ("core", ["src/core/"], [])]
    try:
        if not table_problems():
            print("check_layers self-test FAILED: a part using one listed after it was not reported")
            return 1
    finally:
        PARTS = saved
    print("check_layers self-test passed (3 planted violations, 1 unknown file and 1 table "
          "out of order caught)")
    return 0


def main(argv):
    if len(argv) > 1 and argv[1] == "--self-test":
        return self_test()
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = check(root)
    if problems:
        print("Includes that go up or sideways in the part order "
              "(scripts/check_layers.py, docs/architecture.md):")
        print("\n".join(problems))
        return 1
    print("check_layers: every include of include/ and src/ goes down the part order")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
