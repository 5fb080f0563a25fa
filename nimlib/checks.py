"""Checks for the exercises: call one with your function, and it tells you at once what is right.

Every check runs your code on a handful of cases and returns a CheckResult, which prints as
one line when all is well, and as one line per wrong case otherwise. A check never raises:
an exception in your code is reported as a wrong answer, with its message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Case = tuple[str, Callable[[], object], object]


@dataclass
class CheckResult:
    """What a check found: how many cases passed, and what went wrong in the others."""

    name: str
    passed: int
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every case gave the expected answer."""
        return not self.failures

    def __repr__(self) -> str:
        total = self.passed + len(self.failures)
        if self.ok:
            return f"✔ {self.name}: all {total} cases right. Well done!"
        lines = [f"✘ {self.name}: {len(self.failures)} of {total} cases wrong:"]
        return "\n".join(lines + [f"  - {failure}" for failure in self.failures])


def run_cases(name: str, cases: list[Case]) -> CheckResult:
    """Run each case ``(description, call, expected)`` and collect what differs from the expected."""
    passed, failures = 0, []
    for description, call, expected in cases:
        try:
            answer = call()
        except Exception as error:  # a learner's bug is a wrong answer, not a crash
            failures.append(f"{description} raised {type(error).__name__}: {error}")
            continue
        if answer == expected:
            passed += 1
        else:
            failures.append(f"{description} gave {answer!r}, expected {expected!r}")
    return CheckResult(name, passed, failures)
