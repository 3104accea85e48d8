"""Code generation from Python and the CLI (docs/codegen.md): generate_code returns the header
and the operation counts; `manipdyn codegen` writes the same header. The generated functions are
compared with the library's calls bit for bit in C++ (tests/crosscheck/codegen_generated.cpp)."""
import manipdyn
import pytest


def test_generate_code_returns_header_and_counts():
    puma = manipdyn.puma560(with_drive=False)
    source, counts = manipdyn.generate_code(puma, namespace="puma")
    assert "namespace puma {" in source
    for name in ("inverse_dynamics", "mass_matrix", "gravity_torques"):
        assert f"inline void {name}(" in source
        assert counts[name]["mul"] > 0
    # fewer operations than the library's counted call (518 on the PUMA 560)
    assert counts["inverse_dynamics"]["mul"] + counts["inverse_dynamics"]["add"] < 518
    assert counts["inverse_dynamics"]["sincos"] == 5
    source_g, counts_g = manipdyn.generate_code(puma, inverse_dynamics=False, mass_matrix=False)
    assert list(counts_g) == ["gravity_torques"]
    assert "mass_matrix(" not in source_g


def test_generate_code_with_derivatives():
    puma = manipdyn.puma560()
    source, counts = manipdyn.generate_code(puma, namespace="puma", inverse_dynamics=False,
                                            mass_matrix=False, gravity_torques=False,
                                            inverse_dynamics_derivatives=True)
    assert list(counts) == ["inverse_dynamics_derivatives"]
    assert "inline void inverse_dynamics_derivatives(const double* q, const double* qd," in source
    for name in ("dtau_dq", "dtau_dqd", "dtau_dqdd"):
        assert f"  {name}[35] = " in source  # the 6 x 6 entries, column-major
    # off by default
    assert "inverse_dynamics_derivatives" not in manipdyn.generate_code(puma)[0]


def test_generate_code_with_forward_derivatives():
    puma = manipdyn.puma560()
    source, counts = manipdyn.generate_code(puma, inverse_dynamics=False, mass_matrix=False,
                                            gravity_torques=False,
                                            forward_dynamics_derivatives=True)
    assert list(counts) == ["forward_dynamics_derivatives"]
    # one square root per pivot of the Cholesky factorisation of M
    assert counts["forward_dynamics_derivatives"]["sqrt"] == 6
    assert "inline bool forward_dynamics_derivatives(const double* q, const double* qd," in source
    assert "  qdd[5] = " in source
    for name in ("dqdd_dq", "dqdd_dqd", "dqdd_dtau"):
        assert f"  {name}[35] = " in source
    assert "forward_dynamics_derivatives" not in manipdyn.generate_code(puma)[0]
    with pytest.raises(ValueError, match="forward_dynamics_derivatives of a model of 25 joints"):
        manipdyn.generate_code(manipdyn.random_arm(25, 1), mass_matrix=False,
                               forward_dynamics_derivatives=True)


@pytest.mark.parametrize("flag, option, function", [
    ("--derivatives", "inverse_dynamics_derivatives", "inverse_dynamics_derivatives"),
    ("--forward-derivatives", "forward_dynamics_derivatives", "forward_dynamics_derivatives")])
def test_cli_derivatives_flags(run_cli, tmp_path, flag, option, function):
    out = tmp_path / "puma_d.hpp"
    result = run_cli("codegen", "--model", "puma560", flag, "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert f"{function}: " in result.stdout
    source, _ = manipdyn.generate_code(manipdyn.puma560(), **{option: True})
    assert out.read_text() == source


def test_cli_forward_derivatives_joint_limit(run_cli, tmp_path):
    result = run_cli("codegen", "--model", "random:25:1", "--forward-derivatives", "--out",
                     str(tmp_path / "big.hpp"))
    assert result.returncode == 1
    assert "at most 24" in result.stderr


def test_generate_code_bad_namespace():
    with pytest.raises(ValueError, match="namespace 'a b' is not a C\\+\\+ identifier"):
        manipdyn.generate_code(manipdyn.puma560(), namespace="a b")


def test_cli_writes_the_same_header(run_cli, tmp_path):
    out = tmp_path / "puma.hpp"
    result = run_cli("codegen", "--model", "puma560", "--no-drive", "--out", str(out),
                     "--namespace", "puma")
    assert result.returncode == 0, result.stderr
    assert "inverse_dynamics: " in result.stdout
    source, _ = manipdyn.generate_code(manipdyn.puma560(with_drive=False),
                                       namespace="puma")
    assert out.read_text() == source
