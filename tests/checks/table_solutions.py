"""Two answers to notebook 05's table exercise, one right and one naive, for the tests of its
check."""

from math import inf


def stored_bounds(best, alpha, beta, lower, upper):
    if best <= alpha:
        return lower, min(upper, best)
    if best >= beta:
        return max(lower, best), upper
    return best, best


def table_alphabeta(game, state, is_maximizing, alpha, beta, table):
    lower, upper = table.get((state, is_maximizing), (-inf, inf))
    if lower == upper or lower >= beta:
        return lower
    if upper <= alpha:
        return upper
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        table[state, is_maximizing] = (score, score)
        return score
    alpha, beta = max(alpha, lower), min(beta, upper)
    start = (alpha, beta)
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = table_alphabeta(game, new_state, not is_maximizing, alpha, beta, table)
        if is_maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    table[state, is_maximizing] = stored_bounds(best, *start, lower, upper)
    return best


def naive_table_alphabeta(game, state, is_maximizing, alpha, beta, table):
    if (state, is_maximizing) in table:
        return table[state, is_maximizing][0]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = naive_table_alphabeta(game, new_state, not is_maximizing, alpha, beta, table)
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        score = best
    table[state, is_maximizing] = (score, score)
    return score
