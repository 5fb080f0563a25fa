"""A check's report as one line per case: the lines a CheckResult wraps at 74 characters, joined
again, so that a test can look for a whole message."""

import re


def flat(result: object) -> str:
    """`repr(result)` with each wrapped message on one line again."""
    return re.sub(r"\n {4}", " ", repr(result))
