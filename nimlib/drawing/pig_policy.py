"""Pig's best play as a picture: for the opponent's points, where to roll and where to hold.

Each panel has the mover's banked points across and the turn total up; blue cells roll, orange cells
hold, white cells cannot happen (the turn total would already have won). The black line is the
"hold at 20" rule: it rolls below the line and holds on it and above.
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from nimlib.games.pig import Pig
from nimlib.games.values import Values, shown, whole_number

ROLL, HOLD, OVER = 0, 1, 2
COLOURS = ListedColormap(["#56b4e9", "#e69f00", "#ffffff"])  # Okabe-Ito blue, orange; white


def policy_grid(game: Pig, values: Values, theirs: int) -> list[list[int]]:
    """Rows by turn total, columns by the mover's points: ROLL, HOLD or OVER (already won)."""
    columns = range(game.goal)
    return [[cell(game, values, (mine, theirs, turn)) for mine in columns] for turn in columns]


def cell(game: Pig, values: Values, state: tuple[int, int, int]) -> int:
    """ROLL, HOLD, or OVER where the turn total has already won."""
    mine, _, turn = state
    if mine + turn >= game.goal:
        return OVER
    return ROLL if game.rolls(values, state) else HOLD


def draw_pig_policy(
    game: Pig,
    values: Values,
    theirs: Sequence[int] = (0,),
    hold_at: int | None = 20,
) -> Figure:
    """Panels of best play, one per count of the opponent's points in `theirs`, and the "hold at
    `hold_at`" line.

    Sized for a notebook beside JupyterLab's file browser at 1024x768: the whole figure is about
    580 px wide there, its tick labels about 11 px, and every label inside the picture."""
    if not isinstance(game, Pig):
        raise TypeError(f"game must be a Pig game such as Pig(100), not {shown(game)}")
    if not isinstance(theirs, Sequence) or isinstance(theirs, str) or not 1 <= len(theirs) <= 6:
        raise ValueError(
            f"theirs must be 1 to 6 counts of the opponent's points, not {shown(theirs)}"
        )
    theirs = [
        whole_number(points, "the opponent's points", largest=game.goal - 1) for points in theirs
    ]
    if hold_at is not None:
        hold_at = whole_number(hold_at, "hold_at", smallest=1, largest=None)
    figure = Figure(figsize=(2.4 * len(theirs) + 0.6, 3.6), layout="constrained")
    figure.get_layout_engine().set(h_pad=0.1, w_pad=0.08)  # room for the labels at the edges
    axes = figure.subplots(1, len(theirs), squeeze=False)[0]
    for ax, points in zip(axes, theirs, strict=True):
        ax.imshow(policy_grid(game, values, points), origin="lower", cmap=COLOURS, vmin=0, vmax=2)
        if hold_at is not None and hold_at < game.goal:
            ax.axhline(hold_at - 0.5, color="black", linewidth=1.2, label=f"hold at {hold_at}")
        ax.set_title(f"opponent has {points}", fontsize=13)
        ax.set_xlabel("my points", fontsize=13)
        ax.tick_params(labelsize=12)
    axes[0].set_ylabel("turn total", fontsize=13)
    if hold_at is not None and hold_at < game.goal:
        axes[0].legend(loc="upper right", fontsize=11)
    figure.suptitle(f"Best play in Pig to {game.goal}: blue rolls, orange holds", fontsize=14)
    return figure
