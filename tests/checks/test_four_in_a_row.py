"""The checks of notebook 11: what check_four_in_a_row shows a learner."""

from flat_text import flat

from nimlib.checks import check_four_in_a_row


def test_a_case_shows_the_set_it_passes_as_a_call_to_copy():
    said = flat(check_four_in_a_row(lambda stones: False))
    assert "f({(1, 1), (2, 1), (3, 1), (4, 1)}) (across, at the bottom)" in said


def test_a_function_that_raises_gets_its_error_and_no_hint_about_answers():
    said = flat(check_four_in_a_row(lambda stones: stones.count((1, 1))))
    assert "raised AttributeError: 'set' object has no attribute 'count'" in said
    assert "answer True or False" not in said
