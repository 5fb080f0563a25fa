"""The stand-in for matplotlib that the JupyterLite site serves where its build could not fetch
Pyodide's own (see scripts/build_lite.py and lite/matplotlib_stand_in/): a wheel holding the
stand-in and the plots stored in the notebooks' outputs, for each plot cell its PNGs in order.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zipfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
STAND_IN = ROOT / "lite" / "matplotlib_stand_in"
PNG_IN_HTML = re.compile(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def stored_plots(left_out: frozenset[str] = frozenset()) -> dict[str, list[bytes]]:
    """The plots stored in the notebooks' outputs (but those named in `left_out`, which the site
    does not serve): for the SHA-256 of each plot cell's source, its PNGs in order."""
    plots: dict[str, list[bytes]] = {}
    for path in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")):
        if path.name in left_out:
            continue
        for cell in nbformat.read(path, as_version=4).cells:
            pictures = [png for output in cell.get("outputs", []) for png in pngs(output)]
            if cell.cell_type == "code" and pictures:
                key = hashlib.sha256(cell.source.strip().encode()).hexdigest()
                plots[key] = [base64.b64decode(picture) for picture in pictures]
    return plots


def pngs(output: dict) -> list[str]:
    """The PNGs of a stored output, in base64: matplotlib's own, or those in its HTML (a plot with
    its text alternative, nimlib's show_plot)."""
    data = output.get("data", {})
    if "image/png" in data:
        return [data["image/png"]]
    return PNG_IN_HTML.findall(data.get("text/html", ""))


def stand_in_wheel(folder: Path, left_out: frozenset[str] = frozenset()) -> Path:
    """Pack the stand-in for matplotlib, with the stored plots (but those of the notebooks in
    `left_out`), as a wheel in `folder`; return its path."""
    version = "0+stored.pictures"
    wheel = folder / f"matplotlib-{version}-py3-none-any.whl"
    dist_info = f"matplotlib-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted((STAND_IN / "matplotlib").glob("*.py")):
        files[f"matplotlib/{path.name}"] = path.read_bytes()
    index = {}
    for key, pictures in stored_plots(left_out).items():
        index[key] = [f"{key[:16]}-{number}.png" for number in range(len(pictures))]
        for name, picture in zip(index[key], pictures, strict=True):
            files[f"matplotlib/pictures/{name}"] = picture
    files["matplotlib/pictures/index.json"] = json.dumps(index, indent=1).encode()
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: matplotlib\nVersion: {version}\n".encode()
    )
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: build_lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = b"matplotlib\n"
    record = [f"{name},sha256={record_hash(data)},{len(data)}" for name, data in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join([*record, f"{dist_info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data)
    return wheel


def record_hash(data: bytes) -> str:
    """A file's hash as a wheel's RECORD writes it: SHA-256, URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
