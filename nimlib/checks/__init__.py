"""Checks for the exercises: call one with your function, and it tells you at once what is right.

Every check runs your code on a handful of cases and returns a ``CheckResult`` (``check_ladder``,
which plays your bot's games against the ladder, a ``LadderGrade``), which prints as one line
when all is well, and as a few lines per wrong case otherwise (at most 74 characters each, to fit
beside JupyterLab's file browser). A check never raises: an exception in your code
is reported as a wrong answer, with its message. A check holds whatever your function remembers
between calls (a memo at module level, say): it asks questions in an order where a stale answer
shows, and measures work on states no earlier call has met.

- ``runner``: how a check runs its cases, within budgets of calls and seconds.
- ``trial_games``: small games the checks try your function on.
- ``first_steps`` (01-03), ``memo`` (04), ``pruning`` (05, 06), ``playing`` (07),
  ``theory`` (08), ``beyond`` (09), ``ordering`` (10: the best case, move order, deepening),
  ``connect_four`` (11), ``chance`` (12, 13), ``tournament`` (14): the checks of each notebook.
"""

from nimlib.checks.beyond import (
    check_canonical_board,
    check_count_games,
    check_open_lines,
    check_winner,
)
from nimlib.checks.chance import (
    check_back_up,
    check_expectiminimax,
    check_pig_step,
    check_playout,
    check_ucb1,
)
from nimlib.checks.connect_four import check_four_in_a_row, check_win_score
from nimlib.checks.first_steps import (
    check_first_best_move,
    check_general_minimax,
    check_negamax,
    check_simple_minimax,
    check_variant,
    check_won_lost,
)
from nimlib.checks.memo import (
    check_canonical,
    check_distinct_new_states,
    check_memoized_minimax,
    check_memoized_won_lost,
)
from nimlib.checks.ordering import check_best_case_leaves, check_deepening, check_move_order
from nimlib.checks.playing import check_depth_limited, check_winning_moves
from nimlib.checks.pruning import (
    check_alphabeta,
    check_table_alphabeta,
    check_visited_states,
    check_window_after,
)
from nimlib.checks.runner import CheckResult
from nimlib.checks.theory import check_grundy, check_mex, check_nim_sum_rule, check_zeckendorf
from nimlib.checks.tournament import check_bot, check_keeps_result, check_ladder

__all__ = [
    "check_best_case_leaves",
    "check_bot",
    "check_keeps_result",
    "check_ladder",
    "check_move_order",
    "check_deepening",
    "check_four_in_a_row",
    "check_win_score",
    "CheckResult",
    "check_alphabeta",
    "check_back_up",
    "check_canonical",
    "check_canonical_board",
    "check_count_games",
    "check_depth_limited",
    "check_expectiminimax",
    "check_pig_step",
    "check_playout",
    "check_ucb1",
    "check_distinct_new_states",
    "check_first_best_move",
    "check_general_minimax",
    "check_grundy",
    "check_memoized_minimax",
    "check_memoized_won_lost",
    "check_mex",
    "check_negamax",
    "check_nim_sum_rule",
    "check_open_lines",
    "check_simple_minimax",
    "check_table_alphabeta",
    "check_variant",
    "check_visited_states",
    "check_window_after",
    "check_winner",
    "check_winning_moves",
    "check_won_lost",
    "check_zeckendorf",
]
