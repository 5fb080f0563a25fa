"""What the tests share: the repository's scripts and benchmarks folders, importable by name."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "benchmarks"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))
