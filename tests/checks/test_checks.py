"""The exercise checks report right and wrong answers, and never crash."""

from nimlib.checks.runner import run_cases


def test_a_right_answer_passes():
    result = run_cases("check_double", [("double(2)", lambda: 2 * 2, 4)])
    assert result.ok and repr(result) == "✔ check_double: all 1 cases right. Well done!"


def test_wrong_answers_and_exceptions_are_reported_not_raised():
    result = run_cases(
        "check_it", [("f(1)", lambda: 3, 2), ("f(0)", lambda: 1 / 0, 0), ("f(2)", lambda: 2, 2)]
    )
    assert not result.ok and result.passed == 1
    assert repr(result) == (
        "✘ check_it: 2 of 3 cases wrong:\n"
        "  - f(1) gave 3, expected 2\n"
        "  - f(0) raised ZeroDivisionError: division by zero; expected 0"
    )


def test_a_long_list_of_wrong_cases_is_cut_short():
    result = run_cases("check_many", [(f"f({n})", lambda: None, n) for n in range(20)])
    lines = repr(result).splitlines()
    assert lines[0] == "✘ check_many: 20 of 20 cases wrong:" and len(lines) == 10
    assert lines[-1] == "  ... and 12 more: fix these first"
