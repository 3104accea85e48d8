"""The CLI's plot scripts are launched with an argument list, never through a shell
(cli/python_scripts.hpp: run_python_script): a model name, a folder or a file stem holding a
quote or a space reaches the script as it is, and the PNG is written."""
import pathlib

import pytest

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
REPO = pathlib.Path(__file__).resolve().parents[2]
AWKWARD = "it's a \"PUMA\" $(touch pwned) arm"  # a quote, spaces, a shell substitution


def awkward_model(tmp_path):
    """The PUMA 560 model file under a name (and a file name) with quotes and spaces."""
    text = (REPO / "models" / "puma560.yaml").read_text()
    text = text.replace('name: "puma560"', "name: 'it''s a \"PUMA\" $(touch pwned) arm'")
    assert AWKWARD.replace("'", "''") in text
    path = tmp_path / "it's my arm.yaml"
    path.write_text(text)
    return path


def test_simulate_plots_a_model_whose_name_has_a_quote_and_a_space(run_cli, tmp_path):
    model = awkward_model(tmp_path)
    out = tmp_path / "out 'dir'"
    r = run_cli("simulate", "--model", model, "--duration", "0.05", "--output-dir", out,
                "--name", "bob's run", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "plotting failed" not in r.stderr, r.stderr
    assert AWKWARD in r.stdout
    assert (out / "bob's run.csv").exists()
    assert (out / "bob's run_q.png").read_bytes()[:8] == PNG_MAGIC
    assert not (tmp_path / "pwned").exists()


def test_control_plots_a_model_whose_name_has_a_quote_and_a_space(run_cli, tmp_path):
    model = awkward_model(tmp_path)
    out = tmp_path / "ctl 'dir'"
    r = run_cli("control", "--model", model, "--move-time", "0.2", "--settle-time", "0",
                "--output-dir", out, "--name", "bob's", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "plotting failed" not in r.stderr, r.stderr
    assert (out / "bob's_errors.png").read_bytes()[:8] == PNG_MAGIC
    assert (out / "bob's_torques.png").read_bytes()[:8] == PNG_MAGIC
    assert not (tmp_path / "pwned").exists()
