"""The README's figures and paths are today's: the series it lists, the lecture plans over the whole
series, the course's points, the exchange its commands use, the notebooks whose plots the in-browser
site needs matplotlib for, and how a lecturer installs Voila."""

import re
import runpy
import shlex
from pathlib import Path

import nbformat
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
COURSE = ROOT / "course"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))


def section(heading: str) -> str:
    """The text of the README under `heading` (a whole heading line), up to the next heading of
    the same or a higher level."""
    level = heading.split()[0]
    start = README.index(f"\n{heading}\n") + len(heading) + 2
    ends = [found.start() for found in re.finditer(r"\n(#+) ", README[start:])]
    ends = [end for end in ends if len(README[start + end + 1 :].split()[0]) <= len(level)]
    return README[start : start + ends[0]] if ends else README[start:]


def test_the_series_list_links_every_notebook_in_order():
    linked = re.findall(r"\]\(notebooks/([0-9]{2}_\w+\.ipynb)\)", README.split("## Run it")[0])
    assert linked == [path.name for path in NOTEBOOKS]


def test_the_lecture_plans_cover_every_notebook():
    rows = [line.split("|") for line in section("### Lecture plans").splitlines()]
    taught = {number for row in rows if len(row) > 3 for number in re.findall(r"\b\d\d\b", row[2])}
    assert taught == {path.name[:2] for path in NOTEBOOKS}


def test_the_course_holds_the_points_the_readme_says():
    said = re.search(r"(\d+) assignments, (\d+) points in all", section("### The course"))
    sources = sorted((COURSE / "source").glob("*/*.ipynb"))
    points = sum(
        cell.metadata.get("nbgrader", {}).get("points", 0)
        for path in sources
        for cell in nbformat.read(path, as_version=4).cells
    )
    assert said is not None and (int(said[1]), int(said[2])) == (len(sources), points)
    text = " ".join(README.split())
    full = re.search(r"full marks \((\d+) of (\d+)\)", text)
    partial = re.search(r"loses exactly one point \((\d+) of (\d+)", text)
    assert (int(full[1]), int(full[2])) == (points, points)
    assert (int(partial[1]), int(partial[2])) == (points - len(sources), points)  # a point each
    folder = " ".join((COURSE / "README.md").read_text(encoding="utf-8").split())
    assert f"{len(sources)} assignments, {points} points" in folder  # course/README.md's figures


def exchange_root() -> Path:
    """The exchange folder that course/nbgrader_config.py sets."""
    config = Config()
    runpy.run_path(str(COURSE / "nbgrader_config.py"), init_globals={"get_config": lambda: config})
    return Path(config.Exchange.root)


def test_the_course_commands_use_one_exchange_inside_the_course_directory():
    """Follow the README's course commands from the repository's top folder, `cd` by `cd`: every
    nbgrader command that names no exchange runs in course/, whose settings name course/exchange,
    and every one that names one names that folder."""
    block = next(
        block
        for block in re.findall(r"```bash\n(.+?)\n```", README, re.S)
        if "nbgrader generate_assignment" in block
    )
    assert exchange_root() == COURSE / "exchange"
    here, exchanges = ROOT, 0
    for line in block.splitlines():
        for command in re.split(r"&&", line.split("#")[0]):
            words = shlex.split(command)
            if words[:1] == ["cd"]:
                here = (here / words[1]).resolve()
            elif words[:1] == ["nbgrader"]:
                named = [
                    word.split("=", 1)[1] for word in words if word.startswith("--Exchange.root=")
                ]
                if named:
                    assert (here / named[0]).resolve() == COURSE / "exchange", line
                    exchanges += 1
                else:
                    assert here == COURSE, f"{line!r} runs outside course/, without its settings"
    assert exchanges >= 3  # the student's fetch, submit and fetch_feedback


def test_the_notebooks_whose_plots_need_matplotlib_are_the_readmes():
    """The notebooks of the in-browser site that plot (build_lite.py leaves some out)."""
    from build_lite import NOT_ON_THE_SITE

    said = re.search(r"The plots of notebooks ([\d, and]+) need", README)
    plotting = [
        path.name[:2]
        for path in NOTEBOOKS
        if path.name not in NOT_ON_THE_SITE
        and any(
            "show_plot" in cell.source or "matplotlib" in cell.source
            for cell in nbformat.read(path, as_version=4).cells
            if cell.cell_type == "code"
        )
    ]
    assert said is not None and re.findall(r"\d\d", said[1]) == plotting


def test_the_readme_installs_voila_alone_at_the_version_the_tests_pin():
    """A lecturer installs Voila alone, not requirements-dev.txt and its test tools."""
    pinned = re.search(r"^voila==\S+", (ROOT / "requirements-dev.txt").read_text(), re.MULTILINE)
    assert pinned and f"pip install {pinned[0]}`" in section("### Readable from the back row")
