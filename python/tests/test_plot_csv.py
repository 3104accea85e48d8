"""Tests of the shared CSV -> PNG helper (python/manipdyn/plot_csv.py)."""
import pytest

from manipdyn import plot_csv as pc

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def write(path, text):
    path.write_text(text)
    return str(path)


def test_plots_grouped_columns_to_png(tmp_path):
    csv = write(tmp_path / "counts.csv",
                "algorithm,n,mul,paper_mul\nne,1,103,96\nne,2,222,204\nle,1,106,\nle,2,363,448\n")
    png = tmp_path / "out.png"
    pc.plot_csv(csv, str(png), x="n", y=["mul", "paper_mul"], group="algorithm", logy=True)
    assert png.read_bytes()[:8] == PNG_MAGIC


def test_default_columns_and_command_line(tmp_path):
    csv = write(tmp_path / "t.csv", "t,q1,q2\n0,0,1\n0.1,0.5,0.8\n")
    png = tmp_path / "t.png"
    assert pc.main([csv, str(png), "--title", "joints"]) == 0
    assert png.read_bytes()[:8] == PNG_MAGIC


def test_errors_name_file_line_and_column(tmp_path, capsys):
    csv = write(tmp_path / "bad.csv", "t,q\n0,1\n0.1,oops\n")
    with pytest.raises(ValueError, match=r"line 3, column 'q': 'oops' is not a number"):
        pc.plot_csv(csv, str(tmp_path / "x.png"), y=["q"])
    with pytest.raises(ValueError, match="no column 'tau'"):
        pc.plot_csv(csv, str(tmp_path / "x.png"), y=["tau"])
    assert pc.main([str(tmp_path / "missing.csv"), str(tmp_path / "x.png")]) == 1
    assert "plot_csv: error" in capsys.readouterr().err
