#!/usr/bin/env python3
"""Writes docs/performance.md from a run of bench_peers (scripts/run_peer_benchmarks.sh).

    peer_report.py BENCH_JSON BATCH_JSON MACHINE_TXT PROFILE_DIR OUT_MD

BENCH_JSON: Google Benchmark JSON of bench_peers with --benchmark_repetitions=N (per-repetition
entries are used, aggregates ignored), the single calls pinned to one core; BATCH_JSON: the
`batch/` benchmarks and KDL's PUMA 560 inverse dynamics, run on both cores; MACHINE_TXT:
"key: value" lines written by the script; PROFILE_DIR: profile_<quantity>.txt, the top symbols
of a perf profile of manipdyn's PUMA 560 call (quoted beside a target that is not met).
For each quantity, robot and peer: the ratio of manipdyn's CPU time per call to the peer's, as the
ratio of the medians over the repetitions, with the spread: the smallest and largest ratio of
repetition i of manipdyn to repetition i of the peer. Ratios against KDL are flagged against the
single-call targets of issue 10 (KDL_TARGETS), and the per-joint cost of inverse dynamics on the
random chains (least-squares slope of time over n) against its target; the achieved flops per
cycle of manipdyn's calls (counted operations / (CPU time x clock)); the Stewart-platform and
batch targets; and one table of every target of issue 10 with its measured figure.
"""
import json
import os
import re
import statistics
import sys
from collections import defaultdict

QUANTITIES = [
    ("inverse_dynamics", "Inverse dynamics (tau)"),
    ("mass_matrix", "Mass matrix (M)"),
    ("gravity_torques", "Gravity torques (G)"),
    ("forward_dynamics", "Forward dynamics (qdd)"),
]
PEERS = [
    ("kdl", "KDL"),
    ("mujoco", "MuJoCo"),
    ("mujoco_api", "MuJoCo API"),
    ("dart", "DART"),
]
ROBOTS = ["puma560", "n:6", "n:12", "n:24", "n:48", "n:96", "n:128"]
# Issue 10's single-call targets: manipdyn time <= target x KDL time (CLARIFICATIONS: ID 0.15).
KDL_TARGETS = {"inverse_dynamics": 0.15, "mass_matrix": 0.15, "gravity_torques": 0.15,
               "forward_dynamics": 0.25}
PER_JOINT_ID_TARGET = 0.25  # per-joint inverse-dynamics cost on the random chains, x KDL's
STEWART_TARGETS = {"dasgupta": 1.0, "improved": 1.3}  # x KDL's PUMA 560 inverse dynamics
REGRESSOR_TARGET = 0.5  # joint-torque regressor of the PUMA 560 <= 0.5 x KDL's ID (issue 19)
# issue 20: analytic derivatives of the PUMA 560's dynamics, x KDL's ID of the same run
DERIVATIVE_TARGETS = {"inverse_dynamics_derivatives": 0.7, "forward_dynamics_derivatives": 1.4}
BATCH_STATES_KEY = "states"
BATCH_VS_KDL_TARGET = 10.0   # 2-thread batch throughput >= 10 x KDL's single-call throughput
SIMD_TARGET = 2.5            # 1 thread with SIMD >= 2.5 x our single-call loop
THREADS_TARGET = 1.8         # 2 threads >= 1.8 x 1 thread
PAPER_BEST = (513, 504)      # modified Newton-Euler at n = 6: 90n - 27 mul, 88n - 24 add

# The library built with clang-14 against g++-12 (the project's default compiler): a second
# build measured by hand (the run is not repeated by this script), quoted in the report.
COMPILER = [
    "Measured 2026-11-26 on this machine: the library and bench_peers built twice, Release, "
    "`CC=gcc CXX=g++` (12.2) and `CC=clang-14 CXX=clang++-14` (everything else the same; KDL "
    "is Debian's, built by g++, in both), each run pinned to one core with 5 interleaved "
    "repetitions of the PUMA 560 rows, four runs of each build alternated; manipdyn / KDL of "
    "the same run, the median over the four runs (their range in brackets), and the median "
    "time:",
    "",
    "| quantity | g++-12 | clang-14 | clang / g++ |",
    "|---|---:|---:|---:|",
    "| mass matrix (M) | 0.141 x [0.140-0.142], 205 ns | 0.137 x [0.136-0.141], 204 ns | 0.97 |",
    "| inverse dynamics (tau) | 0.181 x [0.180-0.184], 213 ns | 0.167 x [0.164-0.170], 200 ns | 0.92 |",
    "| gravity torques (G) | 0.072 x [0.072-0.074], 84 ns | 0.083 x [0.081-0.087], 97 ns | 1.15 |",
    "| forward dynamics (qdd) | 0.190 x [0.185-0.194], 541 ns | 0.173 x [0.166-0.175], 492 ns | 0.91 |",
    "",
    "clang-14 is about 8 % faster on tau and qdd, level on M and 15 % slower on G: no clear "
    "win (issue 20 quotes 35-45 % for Pinocchio on this machine), so g++ stays the default "
    "compiler (CI builds with it). `CC=clang-14 CXX=clang++-14 cmake -S . -B build-clang "
    "-DCMAKE_BUILD_TYPE=Release` builds the library with clang, and a program compiled by "
    "clang links against the g++-built library (tests/install, install.clang_consumer). Before "
    "the composite-rigid-body changes of the same day the mass matrix was 0.235 x KDL with g++ "
    "and 0.176 x with clang-14 (one run each, the same method).",
]

# What limits each single-call quantity on the PUMA 560 when its target is not met: the
# analysis of the profile (docs/performance_limits.md has the measurements behind it).
LIMITS = {
    "inverse_dynamics": (
        "The recursion itself: the profile puts most of the time in the Newton-Euler core "
        "(`fast_core`), then the sines and cosines of the six joint angles (`sincos_n_avx2`, two "
        "AVX2 registers of latency-bound polynomials), then the call and its input and result checks (about 10 % of the samples; "
        "the checked call takes 184 ns against 175 ns unchecked in bench_serial). The core is "
        "not bound by its 518 counted operations: the same core without the structure tests "
        "(545 + 466 operations, no branches on the model's zeros) ran in the same time, and the "
        "dependency chain of the two recursions over six links is an estimated ~170 of the "
        "~480 cycles; the rest is "
        "instruction throughput of the 3-vector code (shuffles, loads and stores of the per-link "
        "buffers). Code specialised to one arm does reach it: the PUMA 560's generated code "
        "(`manipdyn codegen`, the row above, the same numbers bit for bit) has no branches, "
        "buffers or zero terms left; measurements in performance_limits.md."),
    "mass_matrix": (
        "The composite-rigid-body algorithm (`crba_mass_matrix`), each composite kept about its "
        "own joint's origin and in its frame so that the unit-acceleration wrench is read off "
        "it: 455 counted operations on the PUMA 560 (795 before 2026-11-26), at about 1.2 "
        "operations per cycle; 10 of the 15 carry-down steps still rotate a force and a moment "
        "through one frame, and the composite's rotation and the carry-down are about equal "
        "shares of the operations. The call's input and result checks and the sines and "
        "cosines take nearly a third of the samples. The arm's generated code (the row above) does it in about a "
        "third of the time."),
    "gravity_torques": (
        "Composite first moments: 104 counted operations, and the sines and cosines of the six "
        "joint angles are a large share of the time."),
    "forward_dynamics": (
        "The mass matrix, the bias torques and a Cholesky solve; the mass matrix dominates."),
    "simd": (
        "One call of the lane path costs about 2 single calls, not 1; the profile below shows "
        "where (the lane instance of the Newton-Euler core, the gathers and scatters of the "
        "rows). On a CPU with AVX-512 the path takes 8 lanes per call (4 on AVX2 only); "
        "performance_limits.md has the measurements."),
    "threads": (
        "The rows split evenly (each half of 10^5 states takes 4.9 ms against 10.2 ms for one "
        "thread), and two independent processes run at full speed side by side on this VM; "
        "what remains is waking the pool's worker (it polls for 200 us after a call before it "
        "sleeps) and the scheduler's placement of it."),
}


def load(path, field="cpu_time"):
    """(context, {(quantity, library, robot): {repetition_index: time_ns}}) from the JSON;
    field: "cpu_time" or "real_time"."""
    with open(path) as f:
        doc = json.load(f)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    times = defaultdict(dict)
    for b in doc["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        quantity, library, robot = b["run_name"].split("/")[:3]
        times[(quantity, library, robot)][b.get("repetition_index", 0)] = (
            b[field] * scale[b["time_unit"]])
    return doc["context"], times


def fmt_time(ns):
    if ns < 1e4:
        return f"{ns:.0f} ns"
    if ns < 1e7:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns / 1e6:.2f} ms"


def ratio(ours, peer):
    """(median ratio, min, max) of manipdyn's time to the peer's over the repetitions."""
    med = statistics.median(ours.values()) / statistics.median(peer.values())
    per_rep = [ours[i] / peer[i] for i in ours if i in peer]
    return med, min(per_rep), max(per_rep)


def slope(points):
    """Least-squares slope of time over n."""
    n_mean = statistics.fmean(n for n, _ in points)
    t_mean = statistics.fmean(t for _, t in points)
    num = sum((n - n_mean) * (t - t_mean) for n, t in points)
    den = sum((n - n_mean) ** 2 for n, _ in points)
    return num / den


def counters(path):
    """{(quantity, library, robot): {counter: value}} from the JSON (first repetition)."""
    with open(path) as f:
        doc = json.load(f)
    out = {}
    for b in doc["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        key = tuple(b["run_name"].split("/")[:3])
        if key not in out:
            out[key] = {k: v for k, v in b.items() if k in ("flops", BATCH_STATES_KEY)}
    return out


def derivatives_section(times, w, targets, note=""):
    """The analytic derivatives of the dynamics (issue 20, docs/derivatives.md) against KDL's
    inverse dynamics of the same robot and run; appends their PUMA 560 targets to `targets`."""
    id_der = times.get(("inverse_dynamics_derivatives", "manipdyn", "puma560"))
    if not id_der:
        return
    med = lambda d: statistics.median(d.values())  # noqa: E731
    w("## Derivatives of the dynamics")
    w("")
    w("`inverse_dynamics_derivatives` (dtau/dq, dtau/dqd, M) and `forward_dynamics_derivatives`")
    w("(qdd, dqdd/dq, dqdd/dqd, M^-1) of serial/derivatives.hpp (docs/derivatives.md), and for")
    w("scale central differences of our own inverse dynamics for dtau/dq, dtau/dqd (4 n calls),")
    w("each against KDL's inverse dynamics of the same robot in the same run; targets on the PUMA")
    w("560 (issue 20): ID derivatives <= 0.7 x, FD derivatives <= 1.4 x. puma560_drive is the")
    w("PUMA 560 with its drive terms, against KDL's rigid PUMA 560." + note)
    w("")
    w("| robot | ID derivatives | / KDL ID | FD derivatives | / KDL ID | central differences "
      "| / KDL ID | per joint (ID, FD derivatives) |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    names = ["inverse_dynamics_derivatives/manipdyn", "forward_dynamics_derivatives/manipdyn",
             "inverse_dynamics_derivatives/central_differences"]
    for robot in ["puma560", "puma560_drive"] + ROBOTS[1:]:
        kdl = times.get(("inverse_dynamics", "kdl", robot.replace("_drive", "")))
        rows = [times.get(tuple(name.split("/")) + (robot,)) for name in names]
        if not kdl or not all(rows):
            continue
        n = 6 if robot.startswith("puma") else int(robot.split(":")[1])
        cells = [robot.replace("n:", "n = ")]
        for name, ours in zip(names, rows):
            m, lo, hi = ratio(ours, kdl)
            quantity = name.split("/")[0]
            cell = f"{m:.2f} [{lo:.2f}–{hi:.2f}]"
            if robot == "puma560" and name.endswith("/manipdyn"):
                ok = m <= DERIVATIVE_TARGETS[quantity]
                cell += " ✅" if ok else " ❌"
                targets.append((f"{quantity}, PUMA 560: <= {DERIVATIVE_TARGETS[quantity]} x "
                                "KDL's ID", f"{m:.3f} x", ok, None))
            cells += [fmt_time(med(ours)), cell]
        cells.append(f"{fmt_time(med(rows[0]) / n)}, {fmt_time(med(rows[1]) / n)}")
        w("| " + " | ".join(cells) + " |")
        if robot == "puma560":
            generated_derivatives_row(times, w, kdl)
    w("")


def generated_derivatives_row(times, w, kdl):
    """The row of the PUMA 560's generated derivatives (`manipdyn codegen`, docs/codegen.md; bit
    for bit the library's calls) in the derivatives section's table."""
    generated = [times.get((quantity, "manipdyn_codegen", "puma560"))
                 for quantity in ("inverse_dynamics_derivatives", "forward_dynamics_derivatives")]
    if not all(generated):
        return
    cells = ["puma560, generated code"]
    for ours in generated:
        m, lo, hi = ratio(ours, kdl)
        cells += [fmt_time(statistics.median(ours.values())), f"{m:.2f} [{lo:.2f}–{hi:.2f}]"]
    w("| " + " | ".join(cells + ["", "", ""]) + " |")


def main(json_path, batch_json_path, machine_path, profile_dir, out_path):
    context, times = load(json_path)
    counts = counters(json_path)
    _, batch_times = load(batch_json_path, "real_time")
    batch_counts = counters(batch_json_path)
    _, batch_cpu = load(batch_json_path)
    ghz = context.get("mhz_per_cpu", 0) / 1000.0
    with open(machine_path) as f:
        machine = [line.rstrip("\n") for line in f if line.strip()]
    load_before = next((float(line.split(":")[1].split()[0]) for line in machine
                        if line.startswith("load before")), 0.0)
    reps = max(len(v) for v in times.values())
    med = lambda d: statistics.median(d.values())  # noqa: E731
    targets = []  # (target, measured, met, note)
    out = []
    w = out.append
    w("# Performance against peer libraries")
    w("")
    w("Written by `scripts/run_peer_benchmarks.sh` (do not edit by hand): `bench/bench_peers.cpp`")
    w("times manipdyn against every peer Debian packages, Orocos KDL, MuJoCo and DART, in one")
    w("binary, on the PUMA 560 without drive terms and on random all-revolute arms of n = 6..128")
    w("joints, cycling through 64 precomputed random states. Before timing it checks that all")
    w("libraries agree on tau, M, G and qdd to 1e-9 relative at 10 random states per robot and")
    w("exits non-zero if not; how each robot is built in each library, and what each timed call")
    w("does, is in the header comment of `bench/bench_peers.cpp`.")
    w("")
    w("Each cell is **manipdyn's CPU time per call divided by the peer's**, from the same run:")
    w(f"the ratio of the medians over {reps} repetitions, and in brackets the smallest and largest")
    w("ratio of repetition i of manipdyn to repetition i of the peer (repetitions interleaved at")
    w("random). Below 1 manipdyn is faster. The KDL column of the PUMA 560 rows is flagged")
    w("against issue 10's single-call targets: ✅ met, ❌ not met (ID, M, G <= 0.15 x KDL; FD")
    w("<= 0.25 x KDL); the random chains have the per-joint target below.")
    w("`mujoco` is MuJoCo's minimal pipeline for the quantity (mj_kinematics, mj_comPos, ...,")
    w("mj_rne / mj_crb / mj_solveM); `mujoco_api` is its top-level call (mj_inverse, mj_forward).")
    w("The row **puma560, generated code** times the PUMA 560's functions written by `manipdyn")
    w("codegen` (docs/codegen.md): the same numbers as the library's call, bit for bit, as")
    w("straight-line code with the arm's constants folded in (generated at build time).")
    w("")
    w("**flops/cycle** is what manipdyn achieves: the additions, multiplications and divisions of")
    w("the same call counted with the counting scalar on the same robot, over its CPU time times")
    w(f"the clock Google Benchmark reports ({ghz:.2f} GHz; sin/cos not counted as flops).")
    w("")
    w("## Machine and run")
    w("")
    for line in machine:
        key, _, value = line.partition(":")
        w(f"- {key.strip()}: {value.strip()}")
    w(f"- Google Benchmark library build type: {context.get('library_build_type', '?')} "
      "(Debian's libbenchmark; it does not affect the timed code)")
    w("")
    if load_before > 1.5:
        w("The machine was **shared with other work** during this run (see the load averages),")
        w("so absolute times are inflated and noisy; ratios within one run are more stable than")
        w("the times, but re-run on a quiet machine before quoting numbers.")
    else:
        w("The machine was otherwise idle during this run (load average before it "
          f"{load_before:.2f}).")
    w("")
    for quantity, title in QUANTITIES:
        peers = [(lib, name) for lib, name in PEERS if (quantity, lib, "puma560") in times]
        w(f"## {title}")
        w("")
        w("| robot | manipdyn | flops/cycle | " + " | ".join(f"/ {name}" for _, name in peers) + " |")
        w("|---|---:|---:|" + "---:|" * len(peers))
        # the library's call on every robot, then the PUMA 560's generated code
        rows = [(robot, "manipdyn", robot.replace("n:", "n = ")) for robot in ROBOTS]
        rows.insert(1, ("puma560", "manipdyn_codegen", "puma560, generated code"))
        for robot, lib_ours, label in rows:
            ours = times.get((quantity, lib_ours, robot))
            if not ours:
                continue
            flops = counts.get((quantity, lib_ours, robot), {}).get("flops")
            fpc = f"{flops / (med(ours) * ghz):.2f}" if flops and ghz else ""
            cells = [label, fmt_time(med(ours)), fpc]
            for lib, _ in peers:
                peer = times.get((quantity, lib, robot))
                if not peer:
                    cells.append("")
                    continue
                m, lo, hi = ratio(ours, peer)
                cell = f"{m:.2f} [{lo:.2f}–{hi:.2f}]"
                if lib == "kdl" and robot == "puma560":  # the targets are the PUMA 560's
                    cell += " ✅" if m <= KDL_TARGETS[quantity] else " ❌"
                    how = ("the library's call" if lib_ours == "manipdyn" else
                           "the arm's generated code (`manipdyn codegen`, docs/codegen.md)")
                    targets.append((f"{title}, PUMA 560, {how}: <= "
                                    f"{KDL_TARGETS[quantity]} x KDL",
                                    f"{m:.3f} x ({fmt_time(med(ours))} / "
                                    f"{fmt_time(med(peer))})",
                                    m <= KDL_TARGETS[quantity],
                                    quantity if lib_ours == "manipdyn" else None))
                cells.append(cell)
            w("| " + " | ".join(cells) + " |")
        w("")
        w("Peer times (median): " + "; ".join(
            f"{name} {fmt_time(med(times[(quantity, lib, 'puma560')]))}"
            f" (PUMA) / {fmt_time(med(times[(quantity, lib, 'n:128')]))}"
            " (n = 128)" for lib, name in peers) + ".")
        w("")
    # Per-joint inverse-dynamics cost on the random chains.
    w("## Per-joint cost of inverse dynamics (random chains)")
    w("")
    w("Least-squares slope of the median CPU time over n = 6..128 (the cost each further joint")
    w(f"adds), manipdyn against KDL; target <= {PER_JOINT_ID_TARGET} x KDL's.")
    w("")
    w("| library | ns per joint | manipdyn / library |")
    w("|---|---:|---:|")
    slopes = {}
    for lib, name in [("manipdyn", "manipdyn")] + PEERS:
        pts = [(int(r[2:]), med(times[("inverse_dynamics", lib, r)]))
               for r in ROBOTS if r.startswith("n:") and ("inverse_dynamics", lib, r) in times]
        if len(pts) >= 2:
            slopes[lib] = (name, slope(pts))
    for lib, (name, s) in slopes.items():
        r = slopes["manipdyn"][1] / s
        cell = f"{r:.2f}"
        if lib == "kdl":
            cell += " ✅" if r <= PER_JOINT_ID_TARGET else " ❌"
            targets.append((f"inverse dynamics per joint, random chains n = 6..128: <= "
                            f"{PER_JOINT_ID_TARGET} x KDL's", f"{r:.3f} x ({slopes['manipdyn'][1]:.1f}"
                            f" / {s:.1f} ns per joint)", r <= PER_JOINT_ID_TARGET, None))
        w(f"| {name} | {s:.1f} | {cell if lib != 'manipdyn' else ''} |")
    w("")
    # The Stewart platform against KDL's PUMA 560 inverse dynamics.
    kdl_id = times[("inverse_dynamics", "kdl", "puma560")]
    w("## Stewart platform inverse dynamics")
    w("")
    w("One inverse dynamics of the Stewart test platform of Dasgupta & Mruthyunjaya 1998")
    w("(printed inertias, its viscous friction, no cond(H)) along their Path I, against KDL's")
    w("PUMA 560 inverse dynamics of the same run (no peer library has a Stewart platform).")
    w("")
    w("| model | manipdyn | / KDL PUMA 560 ID | target |")
    w("|---|---:|---:|---:|")
    for model, target in STEWART_TARGETS.items():
        ours = times.get(("stewart_inverse_dynamics", "manipdyn", model))
        if not ours:
            continue
        m, lo, hi = ratio(ours, kdl_id)
        ok = m <= target
        w(f"| {model} | {fmt_time(med(ours))} | {m:.2f} [{lo:.2f}–{hi:.2f}] {'✅' if ok else '❌'} "
          f"| <= {target} |")
        targets.append((f"Stewart inverse dynamics, {model} model: <= {target} x KDL's PUMA 560 ID",
                        f"{m:.3f} x", ok, None))
    w("")
    # The identification regressor against KDL's PUMA 560 inverse dynamics (issue 19).
    ours = times.get(("regressor", "manipdyn", "puma560"))
    if ours:
        w("## Joint-torque regressor (identification)")
        w("")
        w("`joint_torque_regressor` of the PUMA 560 (Y, n x 14 n, tau = Y pi; docs/identification.md),")
        w("one state, against KDL's PUMA 560 inverse dynamics of the same run.")
        w("")
        w("| robot | manipdyn | / KDL PUMA 560 ID | target |")
        w("|---|---:|---:|---:|")
        m, lo, hi = ratio(ours, kdl_id)
        ok = m <= REGRESSOR_TARGET
        w(f"| puma560 | {fmt_time(med(ours))} | {m:.2f} [{lo:.2f}–{hi:.2f}] {'✅' if ok else '❌'} "
          f"| <= {REGRESSOR_TARGET} |")
        targets.append((f"joint-torque regressor, PUMA 560: <= {REGRESSOR_TARGET} x KDL's ID",
                        f"{m:.3f} x", ok, None))
        w("")
    derivatives_section(times, w, targets)
    # Many states at once.
    w("## Many states at once (batch)")
    w("")
    states = batch_counts.get(("batch", "loop", "puma560"), {}).get(BATCH_STATES_KEY, 1.0)
    w(f"`inverse_dynamics_batch` on {states:.0f} random PUMA 560 states per call, wall time, both")
    w("cores available (not pinned); KDL's single-call inverse dynamics timed in the same run.")
    w("Time per state = median wall time per call / states. `loop` calls the checked")
    w("single-state `inverse_dynamics` row by row; `simd` is the default batch (8 AVX-512 lanes")
    w("where the CPU has them, else 4 AVX2 lanes; bit for bit the single call); `simd4` forces 4")
    w("lanes; `fast` takes xsimd's sin/cos (1e-14); `scalar` has no lanes.")
    w("")
    w("| variant | threads | ns per state | states per second | x KDL single-call throughput |")
    w("|---|---:|---:|---:|---:|")
    kdl_batch_run = med(batch_cpu[("inverse_dynamics", "kdl", "puma560")])
    per_state = {}
    for variant, threads in [("loop", 1), ("scalar_t1", 1), ("simd4_t1", 1), ("simd_t1", 1),
                             ("fast_t1", 1), ("simd_t2", 2)]:
        t = batch_times.get(("batch", variant, "puma560"))
        if not t:
            continue
        ns = med(t) / states
        per_state[variant] = ns
        w(f"| {variant.split('_')[0]} | {threads} | {ns:.1f} | {1e9 / ns / 1e6:.2f} M | "
          f"{kdl_batch_run / ns:.1f} |")
    w("")
    if per_state:
        r_kdl = kdl_batch_run / per_state["simd_t2"]
        r_simd = per_state["loop"] / per_state["simd_t1"]
        r_fast = per_state["loop"] / per_state["fast_t1"]
        r_thr = per_state["simd_t1"] / per_state["simd_t2"]
        w(f"KDL single call in this run: {fmt_time(kdl_batch_run)} (CPU time).")
        w("")
        r_kdl_pinned = med(kdl_id) / per_state["simd_t2"]
        targets.append((f"batch, 2 threads: >= {BATCH_VS_KDL_TARGET:g} x KDL's single-call "
                        "throughput", f"{r_kdl:.1f} x (KDL in the same unpinned run); "
                        f"{r_kdl_pinned:.1f} x against KDL's pinned time above",
                        min(r_kdl, r_kdl_pinned) >= BATCH_VS_KDL_TARGET, None))
        targets.append((f"batch, 1 thread with SIMD: >= {SIMD_TARGET} x our single-call loop",
                        f"{r_simd:.2f} x (exact lanes, the default); {r_fast:.2f} x (fast sin/cos)",
                        r_simd >= SIMD_TARGET, "simd"))
        targets.append((f"batch, 2 threads: >= {THREADS_TARGET} x 1 thread", f"{r_thr:.2f} x",
                        r_thr >= THREADS_TARGET, "threads"))
    # Counted operations of the default inverse dynamics.
    id_flops = counts.get(("inverse_dynamics", "manipdyn", "puma560"), {}).get("flops")
    if id_flops:
        targets.append(("counted operations of the default inverse dynamics (PUMA 560) <= the "
                        "papers' best formula (modified N-E, 90n - 27 mul + 88n - 24 add = "
                        f"{sum(PAPER_BEST)} at n = 6)", f"{id_flops:.0f}",
                        id_flops <= sum(PAPER_BEST), None))
    # Every target in one table, then the profile of those not met.
    w("## Issue 10's targets")
    w("")
    w("| target | measured | |")
    w("|---|---|---|")
    for target, measured, ok, _ in targets:
        w(f"| {target} | {measured} | {'✅ met' if ok else '❌ not met'} |")
    w("")
    unmet = [q for _, _, ok, q in targets if not ok and q]
    if unmet:
        w("### Targets not met: profile and what limits them")
        w("")
        w("Sampling profile of manipdyn's PUMA 560 call (`perf record -e cpu-clock`, this")
        w("run's binary, pinned to the same core), top symbols by share of samples:")
        w("")
        titles = dict(QUANTITIES, simd="Batch, SIMD lanes on one thread",
                      threads="Batch, two threads")
        for q in unmet:
            w(f"**{titles[q]}.** {LIMITS[q]}")
            w("")
            if q == "threads":
                continue
            path = os.path.join(profile_dir,
                                "profile_batch_simd_t1.txt" if q == "simd" else f"profile_{q}.txt")
            if os.path.exists(path) and os.path.getsize(path) > 0:
                w("```")
                with open(path) as f:
                    for line in f:
                        # "  65.19%  [.] symbol   -  -" -> "65.19%  symbol"
                        m = re.match(r"\s*([\d.]+%)\s+\[.\]\s+(.*?)[\s-]*$", line)
                        if m:
                            w(f"{m.group(1):>7}  {m.group(2)}")
                w("```")
            else:
                w("(no profile: perf was not available for this run)")
            w("")
        w("More on the measurements behind these notes: [performance_limits.md](performance_limits.md).")
        w("")
    w("### Compiler")
    w("")
    for line in COMPILER:
        w(line)
    w("")
    w("Reproduce: `scripts/build.sh --target bench_peers && scripts/run_peer_benchmarks.sh build 10`")
    w("(JSON in `results/peers/`, console output in `results/peers/bench_peers*.txt`).")
    w("")
    w("Many states at once (the batch functions, threads, SIMD lanes, and out to a Dask cluster),")
    w("with their measured throughput: [batch.md](batch.md) ([Dask](batch.md#dask)).")
    w("")
    with open(out_path, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit("usage: peer_report.py BENCH_JSON BATCH_JSON MACHINE_TXT PROFILE_DIR OUT_MD")
    main(*sys.argv[1:])
