"""nbgrader's settings for the course made of the series' exercises (README, "Teaching a course").

source/ holds the assignments, written by scripts/make_assignments.py from the notebooks: do not
edit them by hand, run the script again. The gradebook and the release/, submitted/, autograded/
and feedback/ folders that nbgrader makes here are the lecturer's, and are not kept in git.
"""

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

c.CourseDirectory.course_id = "nim-minimax"
# What a student sees in place of a worked solution.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
# A check tries a learner's function within budgets of its own (nimlib.checks.runner); a cell that
# still runs past this many seconds while grading is stopped and scores zero.
c.ExecutePreprocessor.timeout = 120
