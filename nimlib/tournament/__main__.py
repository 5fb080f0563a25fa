"""``python -m nimlib.tournament BOTS_DIR``: the same command as ``python -m nimlib tournament``,
for a learner who runs the package notebook 14 imports from."""

from __future__ import annotations

import sys

from nimlib.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["tournament", *sys.argv[1:]]))
