"""The JupyterLite site's kernel: its working directory changed after its imports, not before.

jupyterlite-pyodide-kernel's worker mounts the site's files as a drive at /drive and makes it the
working directory first, then imports micropip, piplite, IPython and itself. Python's import
system looks at the working directory ('' on sys.path) for every module it imports, and on the
drive each look is a request to the page (the drive's `getattr`): about 80 of them, 2 s of a
first visit on the build machine, before the kernel answers. `defer_working_directory` rewrites the
worker so that it mounts the drive, imports, and only then changes to /drive and on to the
notebook's folder: the same working directory once the kernel answers, with one request to the
drive on the way instead of 80. The worker is minified JavaScript of the version that
requirements-lite.txt pins; where it is not as expected, the build stops and says so.
"""

from __future__ import annotations

import re
from pathlib import Path

KERNEL_EXTENSION = Path("extensions") / "@jupyterlite" / "pyodide-kernel-extension" / "static"
# FS.mount(drive, {}, "/drive"), FS.chdir("/drive"): the change of directory goes.
MOUNT_THEN_CHDIR = re.compile(r"(\w+)\.mount\((\w+),\{\},(\w+)\),\1\.chdir\(\3\),")
# lines.push("import pyodide_kernel"), options.mountDrive && ...: the change comes after it.
AFTER_IMPORT = re.compile(r'(\w+)\.push\("import pyodide_kernel"\),(\w+)\.mountDrive&&')


def after_import(found: re.Match) -> str:
    """The kernel's import, then a change to the drive's root (the notebook's folder follows)."""
    lines, options = found.groups()
    return (
        f'{lines}.push("import pyodide_kernel"),'
        f'{options}.mountDrive&&{lines}.push("import os",\'os.chdir("/drive")\'),'
        f"{options}.mountDrive&&"
    )


def defer_working_directory(site: Path) -> list[str]:
    """Rewrite the kernel's workers in `site` as the module says; the names of the files
    rewritten."""
    rewritten = []
    for path in sorted((site / KERNEL_EXTENSION).glob("*.js")):
        text = path.read_text(encoding="utf-8")
        if "import pyodide_kernel" not in text:
            continue
        text, mounts = MOUNT_THEN_CHDIR.subn(r"\1.mount(\2,{},\3),", text)
        text, imports = AFTER_IMPORT.subn(after_import, text)
        if not mounts or imports != 1:
            raise SystemExit(
                f"{path.name}: the kernel's worker is not as scripts/lite_kernel.py expects "
                f"({mounts} drive mounts, {imports} kernel imports): check the version of "
                "jupyterlite-pyodide-kernel against requirements-lite.txt"
            )
        path.write_text(text, encoding="utf-8")
        rewritten.append(path.name)
    if not rewritten:
        raise SystemExit(f"no kernel worker found in {site / KERNEL_EXTENSION}")
    return rewritten
