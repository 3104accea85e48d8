#!/usr/bin/python3
"""End-to-end check of `manipdyn report` (ctest: report.papers, report.datasheet_*).

usage: check_report.py MANIPDYN [report options...]
       check_report.py --self-test


Runs `MANIPDYN report [options] --out <tmp>` with stdout and stderr piped, then checks:
  - exit status 0, the last line of stdout is "wrote <absolute path of index.html>", and
    nothing on stderr (progress is printed only on a terminal);
  - the page is self-contained: no <script>, no external stylesheet, no http(s) address;
  - Debian's headless `chromium` renders it: the DOM it dumps has the page's headings, every
    <img src> and <a href> of that DOM resolves to a file inside the folder (or to an id of the
    page, for "#anchor"), every PNG decodes to a non-constant image, and a screenshot of the
    page is not blank (pixel variance);
  - every number marked <span class="num" data-csv data-row data-col> equals the cell of the CSV
    it names to within half a unit of its last shown digit (a word: exactly);
  - the papers report (no --model) has its sections numbered 1, 2, ... in PAPERS_SECTIONS order.
--self-test runs the same checks on a small page with known faults (a wrong number, a row
selector matching two rows, an image that does not decode, a missing image, a dangling anchor, a
link leaving the folder) and passes only if each fault, and nothing else, is reported.
Exit status 0 when every check passes, 1 otherwise (listing the failures), 77 (ctest SKIP) when
chromium is not installed (`apt-get install chromium`; scripts/install_deps.sh installs it).
"""
import csv
import html.parser
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.image  # noqa: E402
import numpy as np  # noqa: E402

SKIP = 77
# A screenshot counts as rendered when its pixels vary this much (0..1 scale) ...
MIN_SCREENSHOT_STD = 0.02
# ... and at least this fraction of them is not background white.
MIN_INK_FRACTION = 0.005
# Relative slack on top of half a unit of the last shown digit (binary rounding of CSV values).
NUMBER_SLACK = 1e-9
# The <h2> sections of the papers report, in order (each heading "k. <start of the title>").
PAPERS_SECTIONS = ["Every formulation", "Operation counts", "Computed-torque control",
                   "Stewart platform: Dasgupta", "Stewart platform beyond the papers",
                   "Misprints", "Identified on a real robot",
                   "Optimal control", "A free-floating space manipulator",
                   "Parallel robots by description"]


class Page(html.parser.HTMLParser):
    """The images, links, ids, headings and marked numbers of a page."""

    def __init__(self):
        super().__init__()
        self.images, self.links, self.ids, self.numbers, self.headings = [], [], set(), [], []
        self.scripts = 0
        self.stylesheets = 0
        self._num = None
        self._heading = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "img":
            self.images.append(a.get("src", ""))
        elif tag == "a" and "href" in a:
            self.links.append(a["href"])
        elif tag == "script":
            self.scripts += 1
        elif tag == "link" and "stylesheet" in (a.get("rel") or ""):
            self.stylesheets += 1
        elif tag == "span" and "num" in (a.get("class") or "").split():
            self._num = {"csv": a.get("data-csv"), "row": a.get("data-row"),
                         "col": a.get("data-col"), "text": ""}
        elif tag in ("h1", "h2"):
            self._heading = ""

    def handle_endtag(self, tag):
        if tag == "span" and self._num is not None:
            self.numbers.append(self._num)
            self._num = None
        elif tag in ("h1", "h2") and self._heading is not None:
            self.headings.append(self._heading.strip())
            self._heading = None

    def handle_data(self, data):
        if self._num is not None:
            self._num["text"] += data
        if self._heading is not None:
            self._heading += data


def parse(text):
    p = Page()
    p.feed(text)
    return p


def inside(folder, ref):
    """The file `ref` (a relative reference of the page) names, or None if it leaves `folder`."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", ref) or ref.startswith("/"):
        return None
    path = (folder / ref.split("#")[0]).resolve()
    return path if folder.resolve() in path.parents else None


def read_csv(path, cache):
    if path not in cache:
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        cache[path] = (rows[0], rows[1:])
    return cache[path]


def shown_tolerance(shown):
    """Half a unit of the last digit of the number as written: '1418' -> 0.5, '5.09e-4' -> 5e-7."""
    m = re.fullmatch(r"[-+]?(\d*)(?:\.(\d*))?(?:e([-+]?\d+))?", shown)
    if m is None:
        return None
    decimals = len(m.group(2) or "")
    exponent = int(m.group(3) or 0)
    return 0.5 * 10.0 ** (exponent - decimals)


def check_number(folder, number, cache):
    """'' if the marked number agrees with its CSV cell, else the reason."""
    where = f"{number['text']!r} (csv {number['csv']}, row {number['row']!r}, col {number['col']})"
    path = inside(folder, number["csv"] or "")
    if path is None or not path.is_file():
        return f"{where}: no such CSV file in the folder"
    header, rows = read_csv(path, cache)
    if number["col"] not in header:
        return f"{where}: no such column"
    keys = []
    for pair in filter(None, (number["row"] or "").split(";")):
        key, _, value = pair.partition("=")
        if key not in header:
            return f"{where}: no column {key!r} to select the row"
        keys.append((header.index(key), value))
    matches = [r for r in rows if all(k < len(r) and r[k] == v for k, v in keys)]
    if len(matches) != 1:
        return f"{where}: {len(matches)} rows match"
    cell = matches[0][header.index(number["col"])]
    shown = number["text"].strip()
    tol = shown_tolerance(shown)
    if tol is None:  # a word
        return "" if shown == cell else f"{where}: the CSV has {cell!r}"
    try:
        value = float(cell)
    except ValueError:
        return f"{where}: the CSV cell {cell!r} is not a number"
    if math.isfinite(value) and abs(float(shown) - value) <= tol + NUMBER_SLACK * abs(value):
        return ""
    return f"{where}: the CSV has {cell}"


def chromium_binary():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, profile, *args):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--hide-scrollbars", f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180)


def decodes(png):
    """'' if the PNG decodes to a non-empty, non-constant image, else the reason."""
    try:
        img = matplotlib.image.imread(png)
    except Exception as e:  # noqa: BLE001 - any decoding error is the finding
        return f"{png.name}: does not decode ({e})"
    if img.ndim < 2 or img.shape[0] == 0 or img.shape[1] == 0:
        return f"{png.name}: empty image"
    if float(np.std(img)) == 0.0:
        return f"{png.name}: constant image"
    return ""


def check_folder(folder, browser, tmp):
    """The failures of the page folder/index.html (a list of reasons; empty if it passes)."""
    failures = []
    index = folder / "index.html"
    raw = index.read_text(encoding="utf-8")
    written = parse(raw)
    if written.scripts or written.stylesheets:
        failures.append("the page has a script or an external stylesheet")
    if re.search(r"(src|href)=\"(https?:)?//", raw) or "@import" in raw or "url(" in raw:
        failures.append("the page refers to an external resource")

    # The page as chromium renders it.
    profile = pathlib.Path(tmp) / "profile"
    dom_run = chromium(browser, profile, "--dump-dom", index.resolve().as_uri())
    dom = parse(dom_run.stdout)
    if not dom.headings or dom.headings != written.headings:
        failures.append(f"chromium's DOM has headings {dom.headings[:3]}..., the file "
                        f"{written.headings[:3]}... (exit {dom_run.returncode})")
    if len(dom.numbers) != len(written.numbers) or len(dom.images) != len(written.images):
        failures.append("chromium's DOM differs from the file in numbers or images")
    for src in sorted(set(dom.images)):
        path = inside(folder, src)
        if path is None or not path.is_file():
            failures.append(f"<img src={src!r}> does not resolve to a file in the folder")
        elif reason := decodes(path):
            failures.append(reason)
    for href in sorted(set(dom.links)):
        if href.startswith("#"):
            if href[1:] not in dom.ids:
                failures.append(f"<a href={href!r}>: no element with that id")
            continue
        path = inside(folder, href)
        if path is None or not path.is_file():
            failures.append(f"<a href={href!r}> does not resolve to a file in the folder")
    shot = pathlib.Path(tmp) / "screenshot.png"
    chromium(browser, profile, f"--screenshot={shot}", "--window-size=1280,2000",
             index.resolve().as_uri())
    if not shot.is_file():
        failures.append("chromium wrote no screenshot")
    else:
        img = matplotlib.image.imread(shot)[..., :3]
        ink = float(np.mean(np.any(img < 0.9, axis=-1)))
        if float(np.std(img)) < MIN_SCREENSHOT_STD or ink < MIN_INK_FRACTION:
            failures.append(f"the screenshot looks blank (std {np.std(img):.4f}, ink {ink:.4f})")
        shot.unlink()

    # Every quoted number against its CSV.
    cache = {}
    for number in dom.numbers:
        if reason := check_number(folder, number, cache):
            failures.append(reason)
    if not dom.numbers:
        failures.append("no quoted numbers in the page")
    print(f"{index}: {len(dom.headings)} headings, {len(set(dom.images))} images, "
          f"{len(set(dom.links))} links, {len(dom.numbers)} quoted numbers checked against "
          f"{len(cache)} CSV files")
    return failures


def check_papers_sections(headings):
    """The failures of the section headings of the papers report (h1 first, then the h2s)."""
    sections = headings[1:]
    expected = [f"{k}. {title}" for k, title in enumerate(PAPERS_SECTIONS, start=1)]
    if len(sections) != len(expected) or not all(
            s.startswith(e) for s, e in zip(sections, expected)):
        return [f"papers report sections {sections}, expected headings starting {expected}"]
    return []


def self_test(browser, tmp):
    """The checks must fail on a page with known faults: 0 if each fault is found."""
    folder = pathlib.Path(tmp) / "faulty"
    folder.mkdir()
    (folder / "t.csv").write_text("case,joint,err\nideal,1,0.000509\nideal,2,1418.37\n")
    img = np.zeros((8, 8, 3))
    img[2:5, 2:5] = 1.0
    matplotlib.image.imsave(folder / "ok.png", img)
    (folder / "blank.png").write_bytes(b"not a png")
    num = '<span class="num" data-csv="t.csv" data-row="{}" data-col="err">{}</span>'
    (folder / "index.html").write_text(
        "<!DOCTYPE html><html><head><title>t</title></head><body><h1>T</h1>"
        + num.format("case=ideal;joint=1", "5.09e-4") + num.format("case=ideal;joint=2", "1418")
        + num.format("case=ideal;joint=2", "1420") + num.format("case=ideal", "1")
        + num.format("case=ideal;joint=1", "5.1e-4")
        + '<img src="ok.png"><img src="blank.png"><img src="missing.png">'
        + '<a href="t.csv">t</a><a href="#nowhere">x</a><a href="../escape.csv">y</a>'
        + "<p>" + "text " * 400 + "</p></body></html>")
    found = check_folder(folder, browser, tmp)
    expected = ["'1420'", "2 rows match", "blank.png: does not decode", "missing.png",
                "#nowhere", "../escape.csv"]
    missed = [e for e in expected if not any(e in f for f in found)]
    extra = [f for f in found if not any(e in f for e in expected)]
    for f in found:
        print("found (expected):", f)
    for m in missed:
        print("FAILED: the checks did not find", m)
    for x in extra:
        print("FAILED: unexpected finding", x)
    # The section numbering: a gap in the numbers is found, the right sequence passes.
    numbered = [f"{k}. {t}" for k, t in enumerate(PAPERS_SECTIONS, start=1)]
    gap = numbered[:-1] + ["7. " + PAPERS_SECTIONS[-1]]
    sections_ok = bool(check_papers_sections(["T"] + gap)) and not check_papers_sections(
        ["T"] + numbered)
    if not sections_ok:
        print("FAILED: check_papers_sections does not tell a gap from the right numbering")
    return 1 if missed or extra or not sections_ok else 0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    browser = chromium_binary()
    if browser is None:
        print("SKIPPED: chromium is not installed (apt-get install chromium; "
              "scripts/install_deps.sh installs it)")
        return SKIP
    with tempfile.TemporaryDirectory(prefix="manipdyn_report_") as tmp:
        if argv[1] == "--self-test":
            return self_test(browser, tmp)
        cli, options = argv[1], argv[2:]
        folder = pathlib.Path(tmp) / "out"
        run = subprocess.run([cli, "report", *options, "--out", str(folder)],
                             capture_output=True, text=True, timeout=900)
        if run.returncode != 0:
            print(run.stdout, run.stderr, sep="\n")
            print(f"FAILED: manipdyn report exited with {run.returncode}")
            return 1
        failures = []
        index = folder / "index.html"
        lines = run.stdout.strip().splitlines()
        if not lines or lines[-1] != f"wrote {index.resolve()}":
            failures.append(f"last line of stdout {lines[-1:]!r}, expected 'wrote {index}'")
        if run.stderr:
            failures.append(f"stderr not empty when piped: {run.stderr[:300]!r}")
        failures += check_folder(folder, browser, tmp)
        if "--model" not in options:
            failures += check_papers_sections(parse(index.read_text(encoding="utf-8")).headings)
        if failures:
            keep = pathlib.Path(tempfile.mkdtemp(prefix="manipdyn_report_failed_"))
            shutil.copytree(folder, keep / "out")
            print(f"the report is kept in {keep / 'out'}")
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
