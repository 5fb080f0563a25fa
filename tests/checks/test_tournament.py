"""The checks of notebook 14 (their verdicts are tried in tests/tournament): the hints a learner's
likely slips get."""

from flat_text import flat

from nimlib.checks import check_keeps_result


def test_a_judgement_that_forgets_draws_is_told_that_a_draw_is_a_result():
    said = flat(check_keeps_result(lambda before, after: before * after < 0))
    assert "gave False, expected True. Hint: a draw (0) is a result of its own" in said
    assert "after is the opponent's score" not in said


def test_a_judgement_of_the_scores_not_their_signs_is_told_to_compare_signs():
    said = flat(check_keeps_result(lambda before, after: -after >= before))
    assert "a result is a score's sign" in said and "not the scores themselves" in said
