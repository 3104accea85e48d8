"""The conventions of the `manipdyn` command-line tool (docs/cli.md, cli/checks.hpp, cli/main.cpp):
exit status 0 on success, 2 on a usage error, 1 on a model or computation error; every bad
option named with its value and range; unknown commands and options listed; `--version`;
radians everywhere with `--deg` where offered; output paths checked before the computation.
"""
import math
import os
import pathlib
import re

import pytest

COMMANDS = ["batch", "codegen", "control", "convert", "dh", "excite", "identify",
            "inverse-dynamics", "opcount", "parallel", "report", "simulate", "stewart"]
USAGE = 2
FAILURE = 1

# One case per bad command line: (args, fragment of the message, exit status).
BAD_INPUT = [
    # codegen: namespace, output, model kind
    (["codegen", "--model", "puma560", "--out", "x.hpp", "--namespace", "my arm"],
     "--namespace 'my arm': not a C++ identifier", USAGE),
    (["codegen", "--model", "puma560", "--out", "no_such_dir/x.hpp"],
     "--out 'no_such_dir/x.hpp': folder 'no_such_dir' does not exist", USAGE),
    (["codegen", "--model", "dasgupta", "--out", "x.hpp"], "is a Stewart platform", FAILURE),
    (["codegen", "--out", "x.hpp"], "--model is required", USAGE),
    # simulate: work bounds, ranges, steps, names
    (["simulate", "--step", "1e-12", "--duration", "1"],
     "too much work: --duration 1 s / --step 1e-12 s = 1e12 RK4 steps, at most 1e7 allowed", USAGE),
    (["simulate", "--duration", "1e12"], "--duration: must be > 0 and <= 1e6 s, got 1e12", USAGE),
    (["simulate", "--duration", "1e6"],
     "too much work: --duration 1e6 s / --log-period 0.01 s = 1e8 logged samples, at most 1e6 "
     "allowed", USAGE),
    (["simulate", "--duration", "-1"], "--duration: must be > 0 and <= 1e6 s, got -1", USAGE),
    (["simulate", "--duration", "nan"], "--duration: must be > 0 and <= 1e6 s, got nan", USAGE),
    (["simulate", "--duration", "inf"], "--duration: must be > 0 and <= 1e6 s, got inf", USAGE),
    (["simulate", "--duration", "two"], "--duration: must be > 0 and <= 1e6 s, got 'two'", USAGE),
    (["simulate", "--duration"], "--duration: 1 required FLOAT missing", USAGE),
    (["simulate", "--step", "10"], "--step: 10 s is longer than --log-period 0.01 s", USAGE),
    (["simulate", "--step", "0"], "--step: must be > 0 and <= 1e6 s, got 0", USAGE),
    (["simulate", "--log-period", "0"], "--log-period: must be > 0 and <= 1e6 s, got 0", USAGE),
    (["simulate", "--log-period", "5"], "--log-period: 5 s is longer than --duration 2 s", USAGE),
    (["simulate", "--name", ""], "--name: the file name stem is empty", USAGE),
    (["simulate", "--name", "a/b"], "--name 'a/b': must be a plain file name stem", USAGE),
    (["simulate", "--name", ".hidden"], "--name '.hidden': must be a plain file name stem", USAGE),
    (["simulate", "--output-dir", ""], "--output-dir: the output folder name is empty", USAGE),
    (["simulate", "--q0", "nan", "0", "0", "0", "0", "0"], "--q0: must be a finite number, got nan",
     USAGE),
    (["simulate", "--qd0", "inf"], "--qd0: must be a finite number, got inf", USAGE),
    (["simulate", "--tau", "x"], "--tau: must be a finite number, got 'x'", USAGE),
    (["simulate", "--friction", "dry"], "--friction: must be one of full, viscous, none, got 'dry'",
     USAGE),
    (["simulate", "--integrator", "euler"],
     "--integrator: must be one of rk4, dormand_prince, got 'euler'", USAGE),
    (["simulate", "--method", "x"], "--method: must be one of fastest, mass_matrix, strobing, "
                                    "articulated_body, got 'x'", USAGE),
    (["simulate", "--integrator", "dormand_prince", "--atol", "0"],
     "--atol: must be > 0 and <= 1, got 0", USAGE),
    (["simulate", "--integrator", "dormand_prince", "--rtol", "-1"],
     "--rtol: must be >= 0 and <= 1, got -1", USAGE),
    (["simulate", "--rtol", "1e-6"], "--rtol applies to --integrator dormand_prince only", USAGE),
    (["simulate", "--deg"], "--deg switches --q0 and --qd0 to degrees; give one of them", USAGE),
    (["simulate", "--no-drive", "--friction", "none"],
     "--friction: the arm has no drive terms with --no-drive", USAGE),
    (["simulate", "--model", ""], "--model: must not be empty", USAGE),
    (["simulate", "--q0", "1", "2"], "--q0 has 2 values, the model has 6 joints", FAILURE),
    (["simulate", "--model", "nothere.yaml"], "--model 'nothere.yaml': no such file", FAILURE),
    # stewart run / studies
    (["stewart", "run", "--dt", "1e-9"],
     "too much work: path I lasts 6 s; --dt 1e-9 s gives 6e9 samples, at most 1e6 allowed", USAGE),
    (["stewart", "run", "--dt", "0"], "--dt: must be > 0 s, got 0", USAGE),
    (["stewart", "run", "--dt", "-0.1"], "--dt: must be > 0 s, got -0.1", USAGE),
    (["stewart", "run", "--dt", "nan"], "--dt: must be > 0 s, got nan", USAGE),
    (["stewart", "studies", "--dt", "0"], "--dt: must be > 0 s, got 0", USAGE),
    (["stewart", "studies", "--dt", "-0.1"], "--dt: must be > 0 s, got -0.1", USAGE),
    (["stewart", "studies", "--dt", "nan"], "--dt: must be > 0 s, got nan", USAGE),
    (["stewart", "studies", "--dt", "1e-6"],
     "too much work: path I lasts 6 s; --dt 1e-6 s gives 6e6 samples", USAGE),
    (["stewart", "run", "--dt", "10"], "--dt: 10 s is longer than path I (6 s)", USAGE),
    (["stewart", "run", "--path", "IV"],
     "--path: must be one of I, II, III, 1, 2, 3, custom, got 'IV'", USAGE),
    (["stewart", "run", "--platform", "exact"],
     "--platform: must be one of printed, corrected, got 'exact'", USAGE),
    (["stewart", "studies", "--condition-warning", "0.5"],
     "--condition-warning: must be >= 1 and <= 1e12, got 0.5", USAGE),
    (["stewart", "run", "--out", ""], "--out: must not be empty", USAGE),
    (["stewart", "run", "--path", "I", "--t0", "1", "2", "3"],
     "--t0 applies to --path custom only (--path I is a paper path)", USAGE),
    (["stewart", "run", "--path", "custom", "--t0", "0.1", "0", "0.4"],
     "--path custom needs --t0 and --t1 (3 numbers each) and --tau-f; missing --t1, --tau-f",
     USAGE),
    (["stewart", "run", "--path", "custom", "--t0", "0.1", "0", "0.4", "--t1", "0.3", "0", "0.6",
      "--tau-f", "6"], "--V: must be > 0 m/s when --t1 differs from --t0, got 0", USAGE),
    (["stewart", "run", "--path", "custom", "--t0", "0", "0", "0.5", "--t1", "0", "0", "0.5",
      "--theta1", "0", "0", "0.2", "--tau-f", "6"],
     "--Omega: must be > 0 rad/s when --theta1 differs from --theta0, got 0", USAGE),
    (["stewart", "run", "--path", "custom", "--tau-f", "-1"],
     "--tau-f: must be > 0 and <= 1e6 s, got -1", USAGE),
    (["stewart", "run", "--path", "custom", "--t0", "0", "nan", "0"],
     "--t0: must be a finite number, got nan", USAGE),
    (["stewart", "run", "--V", "-1"], "--V: must be >= 0 and <= 1000 m/s, got -1", USAGE),
    # control
    (["control", "--payload", "-1"], "--payload: must be >= 0 and <= 1000 kg or none, got -1",
     USAGE),
    (["control", "--torque-limit", "-1"],
     "--torque-limit: must be > 0 and <= 1e6 N m or none, got -1", USAGE),
    (["control", "--torque-limit", "0"],
     "--torque-limit: must be > 0 and <= 1e6 N m or none, got 0", USAGE),
    (["control", "--paper", "--law", "pd"],
     "--law cannot be combined with --paper, which runs the paper's computed_torque law", USAGE),
    (["control", "--paper", "--name", "x"], "--name cannot be combined with --paper", USAGE),
    (["control", "--paper", "--payload", "1"], "--payload cannot be combined with --paper", USAGE),
    (["control", "--adc-bits", "53"], "--adc-bits: must be an integer in 0..52, got 53", USAGE),
    (["control", "--adc-bits", "-1"], "--adc-bits: must be an integer in 0..52, got -1", USAGE),
    (["control", "--adc-bits", "1.5"], "--adc-bits: must be an integer in 0..52, got '1.5'", USAGE),
    (["control", "--adc-range", "1"],
     "--adc-range applies to a quantised position sensor only (--adc-bits > 0)", USAGE),
    (["control", "--adc-bits", "12", "--adc-range", "0"],
     "--adc-range: must be > 0 and <= 1000 rad, got 0", USAGE),
    (["control", "--inertia-error", "-1"], "--inertia-error: must be > -1 and <= 10, got -1",
     USAGE),
    (["control", "--blend-fraction", "0.2"], "--blend-fraction applies to --profile lspb only",
     USAGE),
    (["control", "--profile", "lspb", "--blend-fraction", "0.6"],
     "--blend-fraction: must be > 0 and <= 0.5, got 0.6", USAGE),
    (["control", "--profile", "cubic"], "--profile: must be one of quintic, lspb, got 'cubic'",
     USAGE),
    (["control", "--law", "lqr"], "--law: must be one of computed_torque, "
                                  "computed_torque_lagrange_euler, pd_gravity, pd, got 'lqr'", USAGE),
    (["control", "--kp", "-1"], "--kp: must be >= 0 and <= 1e6 1/s^2, got -1", USAGE),
    (["control", "--kv", "nan"], "--kv: must be >= 0 and <= 1e6 1/s, got nan", USAGE),
    (["control", "--move-time", "0"], "--move-time: must be > 0 and <= 1e6 s, got 0", USAGE),
    (["control", "--settle-time", "-1"], "--settle-time: must be >= 0 and <= 1e6 s, got -1", USAGE),
    (["control", "--control-period", "1e-9"],
     "too much work: --move-time + --settle-time 2.5 s / --control-period 1e-9 s = 2.5e9 "
     "controller samples, at most 1e6 allowed", USAGE),
    (["control", "--control-period", "3"],
     "--control-period: 3 s is longer than --move-time + --settle-time = 2.5 s", USAGE),
    (["control", "--step", "0.1"], "--step: 0.1 s is longer than --control-period 0.01 s", USAGE),
    (["control", "--step", "1e-9", "--control-period", "0.001"],
     "too much work: --move-time + --settle-time 2.5 s / --step 1e-9 s = 2.5e9 RK4 steps, at most "
     "1e7 allowed", USAGE),
    (["control", "--atol", "1e-6"], "--atol applies to --integrator dormand_prince only", USAGE),
    (["control", "--from", "inf"], "--from: must be a finite number, got inf", USAGE),
    (["control", "--deg"], "--deg switches --from and --to to degrees; give one of them", USAGE),
    (["control", "--name", ""], "--name: the file name stem is empty", USAGE),
    (["control", "--from", "1", "2", "--to", "1", "2"], "--from has 2 values, the model has 6 "
                                                        "joints", FAILURE),
    (["control", "--model", "random:2:1"],
     "--from: the default pose has 6 values (a PUMA 560 pose), the model has 2 joints", FAILURE),
    # inverse-dynamics, opcount, dh, convert
    (["inverse-dynamics", "--csv", ""], "--csv: the output file name is empty", USAGE),
    (["inverse-dynamics", "--qd", "inf"], "--qd: must be a finite number, got inf", USAGE),
    (["inverse-dynamics", "--qdd", "1", "x"], "--qdd: must be a finite number, got 'x'", USAGE),
    (["inverse-dynamics", "--base-link", ""], "--base-link: must not be empty", USAGE),
    (["inverse-dynamics", "--tip-link", ""], "--tip-link: must not be empty", USAGE),
    (["opcount", "--n-min", "0"], "--n-min: must be an integer in 1..64, got 0", USAGE),
    (["opcount", "--n-max", "65"], "--n-max: must be an integer in 1..64, got 65", USAGE),
    (["opcount", "--n-min", "5", "--n-max", "3"], "--n-min: 5 is larger than --n-max 3", USAGE),
    (["opcount", "--algorithm", "x"], "--algorithm: unknown algorithm 'x' (algorithms: "
                                      "lagrange_euler, newton_euler", USAGE),
    (["opcount", "--csv", ""], "--csv: the output file name is empty", USAGE),
    (["opcount", "--model", "puma560", "--n-min", "2"],
     "--model counts one arm; it cannot be combined with --n-min or --n-max", USAGE),
    (["dh", "puma560", "--yaml", "x.json"], "--yaml 'x.json': model files are written as YAML",
     USAGE),
    (["dh", "puma560", "--yaml", ""], "--yaml: the output file name is empty", USAGE),
    (["dh"], "MODEL is required", USAGE),
    (["convert", "puma560", "out.json"], "OUT 'out.json': model files are written as YAML", USAGE),
    (["convert", "puma560", ""], "OUT: the output file name is empty", USAGE),
    (["convert", "puma560"], "OUT is required", USAGE),
    (["report", "--out", ""], "--out: must not be empty", USAGE),
    (["report", "--tip-link", "x"],
     "--base-link and --tip-link choose the chain of a --model .urdf file", USAGE),
    (["report", "--model", "nosuch"], "--model 'nosuch': unknown model", FAILURE),
]


def _id(case):
    args, _, status = case
    return f"{status}:" + " ".join(a if a else "''" for a in args)


@pytest.mark.parametrize("args, message, status", BAD_INPUT, ids=[_id(c) for c in BAD_INPUT])
def test_bad_input_names_option_value_and_range(run_cli, tmp_path, args, message, status):
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == status, (r.stdout, r.stderr)
    assert r.stderr.startswith(f"manipdyn {args[0]}: error: "), r.stderr
    assert message in r.stderr, r.stderr
    if status == USAGE:
        # A usage error is found before any work: nothing written, nothing computed.
        assert r.stdout == "", r.stdout
        assert "run 'manipdyn " in r.stderr and "--help' for the options" in r.stderr


def test_version(run_cli):
    r = run_cli("--version")
    assert r.returncode == 0, r.stderr
    assert re.fullmatch(r"manipdyn \d+\.\d+\.\d+\n", r.stdout), r.stdout
    assert r.stdout == "manipdyn 0.1.0\n"


def test_unknown_command_lists_the_commands(run_cli):
    r = run_cli("frobnicate")
    assert r.returncode == USAGE
    assert r.stderr.startswith("manipdyn: error: unknown command 'frobnicate' (commands: "
                               + ", ".join(COMMANDS) + ")"), r.stderr


def test_unknown_stewart_command_lists_run_and_studies(run_cli):
    r = run_cli("stewart", "frob")
    assert r.returncode == USAGE
    assert "manipdyn stewart: error: unknown command 'frob' (commands: " in r.stderr
    listed = r.stderr.split("(commands: ", 1)[1].split(")", 1)[0].split(", ")
    for name in ["run", "studies", "atlas", "control", "identify-payload"]:
        assert name in listed, r.stderr


@pytest.mark.parametrize("args, where", [([], "manipdyn"), (["stewart"], "manipdyn stewart")])
def test_missing_command_lists_the_commands(run_cli, args, where):
    r = run_cli(*args)
    assert r.returncode == USAGE
    assert r.stderr.startswith(f"{where}: error: a command is required (commands: "), r.stderr


def test_unknown_top_level_option(run_cli):
    r = run_cli("--bogus")
    assert r.returncode == USAGE
    assert "manipdyn: error: unknown option '--bogus' (options: --help, --version; commands: " \
        in r.stderr, r.stderr


@pytest.mark.parametrize("args, options", [
    (["simulate", "--bogus"], "(options of manipdyn simulate: --help, --model, --base-link, "
                              "--tip-link, --no-drive, --friction, --deg, --q0"),
    (["inverse-dynamics", "--qdd", "1", "--bogus", "3"], "(options of manipdyn inverse-dynamics: "
                                                         "--help, --model"),
    (["stewart", "run", "--bogus"], "(options of manipdyn stewart run: --help, --path"),
    (["control", "--from-deg", "1"], "(options of manipdyn control: --help, --paper"),
])
def test_unknown_option_gives_cli11_message_and_the_valid_options(run_cli, tmp_path, args,
                                                                  options):
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == USAGE, r.stderr
    bad = next(a for a in args if a.startswith("--") and a not in ("--qdd",))
    assert re.search(r"The following arguments? (was|were) not expected: .*" + re.escape(bad),
                     r.stderr), r.stderr
    assert options in r.stderr, r.stderr
    assert r.stdout == "" and not any(tmp_path.iterdir())


@pytest.mark.parametrize("args", [["--help"], *[[c, "--help"] for c in COMMANDS],
                                  ["stewart", "run", "--help"], ["stewart", "studies", "--help"],
                                  ["-h"]])
def test_help_exits_0(run_cli, args):
    r = run_cli(*args)
    assert r.returncode == 0, r.stderr
    assert "Usage: manipdyn" in r.stdout and r.stderr == ""


def test_help_states_units_limits_and_exit_status(run_cli):
    top = run_cli("--help").stdout
    assert "--version" in top and "2 usage error" in top and "radians" in top
    sim = run_cli("simulate", "--help").stdout
    assert "at most 1e7 RK4 steps" in sim and "1e6" in sim and "--deg" in sim
    assert "[> 0 and <= 1e6 s; default 2]" in sim
    ctl = run_cli("control", "--help").stdout
    assert "--deg" in ctl and "or none; default none" in ctl
    st = run_cli("stewart", "run", "--help").stdout
    assert "at most 1e6 samples per path" in st


# ---- radians everywhere, --deg where offered --------------------------------------------------


def _simulate(run_cli, out, name, *args):
    r = run_cli("simulate", "--duration", "0.05", "--no-plot", "--output-dir", out, "--name", name,
                *args)
    assert r.returncode == 0, r.stderr
    return (out / f"{name}.csv").read_text()


def test_simulate_q0_in_radians_equals_deg(run_cli, tmp_path):
    deg_q0, deg_qd0 = [30, -45, 10, 0, 90, 5], [10, 0, -20, 0, 0, 3]
    rad = _simulate(run_cli, tmp_path, "rad", "--q0", *[repr(math.radians(x)) for x in deg_q0],
                    "--qd0", *[repr(math.radians(x)) for x in deg_qd0])
    deg = _simulate(run_cli, tmp_path, "deg", "--deg", "--q0", *deg_q0, "--qd0", *deg_qd0)
    assert rad == deg
    # Without --deg the values are radians: the first row holds q0 as given.
    plain = _simulate(run_cli, tmp_path, "plain", "--q0", "0.5", "0", "0", "0", "0", "0")
    header, first = plain.splitlines()[:2]
    row = dict(zip(header.split(","), first.split(",")))
    assert float(row["q1"]) == 0.5


def _control(run_cli, out, name, *args):
    r = run_cli("control", "--move-time", "0.1", "--settle-time", "0.02", "--no-plot",
                "--output-dir", out, "--name", name, *args)
    assert r.returncode == 0, r.stderr
    return (out / f"{name}.csv").read_text()


def test_control_from_to_in_radians_equals_deg_and_the_default(run_cli, tmp_path):
    a, b = [90, 0, 90, 0, 0, 0], [45, 30, 0, 45, 60, 90]  # the default move, in degrees
    default = _control(run_cli, tmp_path, "default")
    deg = _control(run_cli, tmp_path, "deg", "--deg", "--from", *a, "--to", *b)
    rad = _control(run_cli, tmp_path, "rad", "--from", *[repr(math.radians(x)) for x in a],
                   "--to", *[repr(math.radians(x)) for x in b])
    assert default == deg == rad


def test_shortened_step_is_said(run_cli, tmp_path):
    r = run_cli("simulate", "--duration", "0.02", "--step", "0.003", "--no-plot", "--output-dir",
                tmp_path)
    assert r.returncode == 0, r.stderr
    assert "note: RK4 step 0.0025 s (--step 0.003 s shortened to divide the --log-period 0.01 s " \
           "into 4 equal steps)" in r.stdout


def test_payload_and_torque_limit_accept_none(run_cli, tmp_path):
    a = _control(run_cli, tmp_path, "a")
    b = _control(run_cli, tmp_path, "b", "--payload", "none", "--torque-limit", "none")
    assert a == b
    c = _control(run_cli, tmp_path, "c", "--payload", "2", "--torque-limit", "500")
    assert c != a


# ---- output paths: checked before the computation ----------------------------------------------


def _output_cases(tmp):
    file = tmp / "a_file"
    file.write_text("x")
    missing = tmp / "no" / "such"
    return [
        (["inverse-dynamics", "--csv", missing / "tau.csv"],
         f"--csv '{missing / 'tau.csv'}': folder '{missing}' does not exist"),
        (["inverse-dynamics", "--csv", tmp], f"--csv '{tmp}': is a folder, not a file"),
        (["opcount", "--csv", file / "oc.csv"], f"--csv '{file / 'oc.csv'}': '{file}' is not a "
                                                "folder"),
        (["dh", "puma560", "--yaml", missing / "m.yaml"],
         f"--yaml '{missing / 'm.yaml'}': folder '{missing}' does not exist"),
        (["convert", "puma560", missing / "m.yaml"],
         f"OUT '{missing / 'm.yaml'}': folder '{missing}' does not exist"),
        (["simulate", "--output-dir", file], f"--output-dir '{file}': exists and is not a folder"),
        (["simulate", "--output-dir", file / "sub"], f"--output-dir '{file / 'sub'}': cannot "
                                                     "create the folder"),
        (["control", "--output-dir", file], f"--output-dir '{file}': exists and is not a folder"),
        (["stewart", "run", "--out", file], f"--out '{file}': exists and is not a folder"),
        (["stewart", "studies", "--out", file / "x"], f"--out '{file / 'x'}': cannot create the "
                                                      "folder"),
    ]


def test_output_path_errors_name_the_path(run_cli, tmp_path):
    for args, message in _output_cases(tmp_path):
        r = run_cli(*args, cwd=tmp_path)
        assert r.returncode == USAGE, (args, r.stderr)
        assert message in r.stderr, (args, r.stderr)
        assert r.stdout == "", (args, r.stdout)  # nothing computed


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_is_an_error(run_cli, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        r = run_cli("inverse-dynamics", "--csv", locked / "tau.csv")
        assert r.returncode == USAGE
        assert f"folder '{locked}' is not writable" in r.stderr
    finally:
        locked.chmod(0o700)


def test_output_dir_is_created(run_cli, tmp_path):
    out = tmp_path / "new" / "dir"
    r = run_cli("simulate", "--duration", "0.02", "--no-plot", "--output-dir", out)
    assert r.returncode == 0, r.stderr
    assert (out / "simulate.csv").exists()


@pytest.mark.parametrize("args", [
    ("simulate", "--model", "{missing}", "--output-dir", "{out}"),
    ("control", "--model", "{missing}", "--output-dir", "{out}"),
    ("stewart", "run", "--model", "{missing}", "--out", "{out}"),
    ("report", "--model", "{missing}", "--out", "{out}"),
])
def test_a_run_that_fails_on_its_model_leaves_no_folder(run_cli, tmp_path, args):
    missing, out = tmp_path / "missing.yaml", tmp_path / "new" / "dir"
    r = run_cli(*(a.format(missing=missing, out=out) for a in args))
    assert r.returncode == 1, r.stderr
    assert f"'{missing}': no such file" in r.stderr
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("args", [
    ("simulate", "--model", "{broken}", "--output-dir", "{out}"),
    ("control", "--model", "{broken}", "--output-dir", "{out}"),
    ("control", "--paper", "--model", "{broken}", "--output-dir", "{out}"),
    ("stewart", "run", "--model", "{broken}", "--out", "{out}"),
    ("stewart", "control", "--model", "{broken}", "--out", "{out}"),
    ("stewart", "atlas", "--model", "{broken}", "--out", "{out}"),
    ("stewart", "studies", "--model", "{broken}", "--out", "{out}"),
    ("report", "--model", "{broken}", "--out", "{out}"),
])
def test_a_run_that_fails_on_a_broken_model_leaves_no_folder(run_cli, tmp_path, args):
    # the file exists but does not load: the folders created for the run are removed again
    broken, out = tmp_path / "broken.yaml", tmp_path / "new" / "dir"
    broken.write_text("kind: serial_arm\nname: broken\nlinks: [1, 2\n")
    r = run_cli(*(a.format(broken=broken, out=out) for a in args))
    assert r.returncode == 1, r.stderr
    assert str(broken) in r.stderr
    assert not (tmp_path / "new").exists()


def test_success_exits_0(run_cli, tmp_path):
    r = run_cli("inverse-dynamics", "--no-opcount", "--csv", tmp_path / "t.csv")
    assert r.returncode == 0 and r.stderr == ""


# ---- the loading options of every command with --model (issue 18) --------------------------

INVALID_ARM = (pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "urdf"
               / "invalid_inertia_arm.urdf")  # a lumped inertia on 'wrist', joint friction


@pytest.mark.parametrize("command", [["batch"], ["codegen"], ["control"], ["convert"], ["dh"],
                                     ["inverse-dynamics"], ["opcount"], ["report"], ["simulate"]])
def test_every_serial_model_command_takes_the_loading_options(run_cli, command):
    r = run_cli(*command, "--help")
    assert r.returncode == 0, r.stderr
    assert "--allow-invalid-inertia" in r.stdout and "--no-urdf-friction" in r.stdout


@pytest.mark.parametrize("command", [["stewart", "run"], ["stewart", "atlas"],
                                     ["stewart", "control"]])
def test_every_stewart_model_command_takes_allow_invalid_inertia(run_cli, command):
    r = run_cli(*command, "--help")
    assert r.returncode == 0, r.stderr
    assert "--allow-invalid-inertia" in r.stdout


def test_allow_invalid_inertia_and_no_urdf_friction_on_the_command_line(run_cli):
    base = ["inverse-dynamics", "--model", INVALID_ARM, "--no-opcount"]
    r = run_cli(*base)
    assert r.returncode == FAILURE
    assert "link 'wrist' <inertia>: breaks the triangle inequality" in r.stderr
    assert "--allow-invalid-inertia" in r.stderr
    r = run_cli(*base, "--allow-invalid-inertia")
    assert r.returncode == 0, r.stderr
    assert "warning: link 'wrist' <inertia> breaks the triangle inequality" in r.stdout
    assert "'shoulder', 'elbow' read as joint friction" in r.stdout
    r = run_cli(*base, "--allow-invalid-inertia", "--no-urdf-friction")
    assert r.returncode == 0, r.stderr
    assert "warning: link 'wrist'" in r.stdout and "joint friction" not in r.stdout


def test_no_urdf_friction_applies_to_urdf_models_only(run_cli):
    r = run_cli("inverse-dynamics", "--model", "puma560", "--no-urdf-friction", "--no-opcount")
    assert r.returncode == FAILURE
    assert "--no-urdf-friction applies to .urdf models only (--model 'puma560')" in r.stderr


def test_allow_invalid_inertia_reads_a_stewart_yaml_file(run_cli, tmp_path):
    models = pathlib.Path(__file__).resolve().parents[2] / "models"
    hex_file = tmp_path / "hex.yaml"
    hex_file.write_text((models / "dasgupta_platform.yaml").read_text().replace(
        "\nallow_invalid_inertia: true\n", "\nallow_invalid_inertia: false\n"))
    r = run_cli("convert", hex_file, tmp_path / "out.yaml")
    assert r.returncode == FAILURE and "--allow-invalid-inertia" in r.stderr
    r = run_cli("convert", hex_file, tmp_path / "out.yaml", "--allow-invalid-inertia")
    assert r.returncode == 0, r.stderr
    assert "allow_invalid_inertia: true" in (tmp_path / "out.yaml").read_text()
