"""What the games say about the bots: ratings with their uncertainty, a crosstable, and how
often each bot's moves keep the result that perfect play would keep.

**Ratings** are openskill's (Plackett-Luce model, Joshi and others, 2024: a Bayesian rating like
Microsoft's TrueSkill, free to use): each bot has a mean skill ``mu`` and an uncertainty
``sigma``, both updated after every game in the order the games were scheduled. The leaderboard
ranks by ``mu`` and shows the interval ``mu +- 2 sigma``, where the bot's skill lies with about
95% belief. All start at mu 25, sigma 25/3.

**Moves that keep the result**: before a move, the engine's exact score says what the player to
move can force (a win, a draw or a loss); the move keeps it if the position after it is still
worth as much to that player. A perfect player keeps every result; a blunder throws a win away
or a draw. Only positions that nimlib's engine (``solve``, method "deepening") solves within a
budget of calls are judged (the same budget gives the same judgement on every machine): each
game's moves from its last back to the first whose position the engine does not solve (early
positions of a 7 x 6 board seldom are); the results say how many moves were judged.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from nimlib import ConnectFour, SearchBudgetExceeded, SearchStats, solve
from nimlib.games.printer import shown
from nimlib.tournament.game import DRAW, FIRST_WINS, SECOND_WINS
from nimlib.tournament.store import StoredGame

JUDGE_CALLS = 3_000  # the engine's budget of calls for judging one position


@dataclass
class Standing:
    """One bot's line of the leaderboard."""

    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    kept: int = 0  # judged moves that kept the result
    judged: int = 0  # moves the engine could judge

    @property
    def interval(self) -> tuple[float, float]:
        """mu - 2 sigma to mu + 2 sigma: about 95% belief."""
        return self.mu - 2 * self.sigma, self.mu + 2 * self.sigma

    @property
    def kept_share(self) -> float | None:
        """The share of the judged moves that kept the result (None: none judged)."""
        return self.kept / self.judged if self.judged else None


def standings(
    names: Iterable[str], games: list[StoredGame], kept: dict | None = None
) -> list[Standing]:
    """The leaderboard: a Standing per bot, rated by the finished `games` in their order, best
    mu first; `kept` gives each bot's (kept, judged) moves (see kept_results)."""
    names, games = checked_players(names, games)
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    table = {name: Standing(name, 0, 0) for name in ratings}
    for game in games:
        if game.result is None:
            continue
        ranks = {FIRST_WINS: [0, 1], DRAW: [0, 0], SECOND_WINS: [1, 0]}[game.result]
        first, second = ratings[game.first], ratings[game.second]
        [[ratings[game.first]], [ratings[game.second]]] = model.rate(
            [[first], [second]], ranks=ranks
        )
        for name, _, points in game.sides():
            line = table[name]
            line.games += 1
            line.wins += points == 1
            line.draws += points == 0.5
            line.losses += points == 0
    for name, rating in ratings.items():
        table[name].mu, table[name].sigma = rating.mu, rating.sigma
        table[name].kept, table[name].judged = (kept or {}).get(name, (0, 0))
    return sorted(table.values(), key=lambda line: (-line.mu, line.name))


def checked_players(names: object, games: object) -> tuple[list[str], list[StoredGame]]:
    """`names` and `games` as lists, if `names` are bots' names (not one str, each once) and
    `games` the stored games (such as Results.games) of those bots only, else an error naming the
    problem."""
    if isinstance(names, str) or not isinstance(names, Iterable):
        wanted = "a list of the bots' names, such as ['random', 'one_ply']"
        raise TypeError(f"names must be {wanted}, not {shown(names)}")
    given, games = games, list(games) if isinstance(games, Iterable) else games
    if not isinstance(games, list) or not all(isinstance(game, StoredGame) for game in games):
        raise TypeError(
            f"games must be a list of stored games, such as results.games, not {shown(given)}"
        )
    names = list(names)
    if not all(isinstance(name, str) for name in names):
        raise TypeError(f"names must be the bots' names, as strings, not {shown(names)}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"names must name each bot once: {', '.join(map(shown, twice))} twice")
    missing = sorted({bot for game in games for bot in (game.first, game.second)} - set(names))
    if missing:
        raise ValueError(f"names must hold every bot of the games: {', '.join(missing)} missing")
    return names, games


def crosstable(
    names: list[str], games: list[StoredGame]
) -> dict[tuple[str, str], tuple[float, int]]:
    """For each pair (bot, opponent) of `names` that met: the bot's points against the opponent
    and the games they played."""
    names, games = checked_players(names, games)
    table: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for game in games:
        for bot, other, points in game.sides():
            table[bot, other][0] += points
            table[bot, other][1] += 1
    return {pair: (points, count) for pair, (points, count) in table.items()}


def engine_score(game: ConnectFour, moves: str, calls: int = JUDGE_CALLS) -> int | None:
    """The exact score, for the player to move, of the position after `moves` (columns from 1), or
    None if the engine does not solve it within `calls` calls."""
    state = game.from_moves(moves)
    stats = SearchStats(max_calls=calls, max_seconds=None, track_states=False)
    try:
        return solve(game, state, True, "deepening", stats)
    except SearchBudgetExceeded:
        return None


def sign(score: float) -> int:
    """1 for a win, 0 for a draw, -1 for a loss."""
    return (score > 0) - (score < 0)


def kept_results(
    game: ConnectFour,
    played: list[tuple[StoredGame, str]],
    scores: dict[str, int | None],
    calls: int,
    on_game: Callable[[int, StoredGame], None] | None = None,
) -> dict[str, tuple[int, int]]:
    """Each bot's (moves that kept the result, moves judged) in the `played` games (each with its
    moves as a string of columns); `scores` caches the engine's scores, and grows; `on_game` is
    told of each game once it is judged (how many are, and the game)."""

    def score(moves: str) -> int | None:
        if moves not in scores:
            scores[moves] = engine_score(game, moves, calls)
        return scores[moves]

    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for done, (record, moves) in enumerate(played, start=1):
        players = (record.first, record.second)
        for ply in range(len(moves), 0, -1):  # from the end back, while the engine solves them
            after, before = score(moves[:ply]), score(moves[: ply - 1])
            if after is None or before is None:
                break
            line = counts[players[(ply - 1) % 2]]
            line[0] += sign(before) == sign(-after)
            line[1] += 1
        if on_game is not None:
            on_game(done, record)
    return {name: (kept, judged) for name, (kept, judged) in counts.items()}
