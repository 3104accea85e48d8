"""docs/trees_example.md runs as written: its Python block is executed from the repository's
root, and its C++ block is examples/tree_robots.cpp (run by ctest as example.tree_robots)."""
import os
import re

from conftest import REPO

PAGE = REPO / "docs" / "trees_example.md"


def blocks(language):
    return re.findall(r"```" + language + r"\n(.*?)```", PAGE.read_text(), re.S)


def test_python_block_runs(monkeypatch, capsys):
    [code] = blocks("python")
    monkeypatch.chdir(REPO)
    exec(compile(code, str(PAGE), "exec"), {})
    out = capsys.readouterr().out
    assert "'romeo': 31 joints, modified DH, tree" in out
    assert "['fx', 'fy', 'fz', 'tx', 'ty', 'tz']" in out


def test_cpp_block_is_the_example():
    [code] = blocks("cpp")
    assert code == (REPO / "examples" / "tree_robots.cpp").read_text()
