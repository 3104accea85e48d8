"""docs/parallel_example.md runs as written: its Python block is executed from the repository's
root and prints what the page says."""
import re

from conftest import REPO

PAGE = REPO / "docs" / "parallel_example.md"


def test_python_block_runs_and_prints_what_the_page_says(monkeypatch, capsys):
    text = PAGE.read_text()
    [code] = re.findall(r"```python\n(.*?)```", text, re.S)
    printed = re.search(r"It prints:\n\n```\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(REPO)
    exec(compile(code, str(PAGE), "exec"), {})
    assert capsys.readouterr().out == printed
