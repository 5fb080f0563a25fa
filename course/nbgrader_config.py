"""nbgrader's settings for the course made of the series' exercises (README, "The course").

source/ holds the assignments, written by scripts/make_assignments.py from the notebooks: do not
edit them by hand, run the script again. The gradebook and the release/, submitted/, autograded/,
feedback/ and exchange/ folders that nbgrader makes here are the lecturer's, and are not kept in
git, nor is student/, where the README's commands have you try a student's side.
"""

import os

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

c.CourseDirectory.course_id = "nim-minimax"
# The exchange, through which assignments go out and submissions come in: the folder exchange/ of
# this course directory, which whoever runs the commands can make, root or not (nbgrader's own
# default, /usr/local/share/nbgrader/exchange, only root can make). On a shared server (JupyterHub),
# set it here and in the students' nbgrader settings to one folder that every account can write.
c.Exchange.root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exchange")
# What a student sees in place of a worked solution.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
# A check tries a learner's function within budgets of its own (nimlib.checks.runner), so a cell
# runs past this many seconds only where no budget can stop it (one endless call of Python's own,
# max(range(10**15)), and two more the README names): nbgrader then drops that student's whole
# submission of the assignment (README, "The course", says how to see it and grade it again).
# Notebook 14's ladder plays twelve games at up to 2 s a move: 78 s for a bot that thinks 1.9 s
# at every move on a busy 2-core machine (the README), more on one busy core, so the limit leaves
# room for it.
c.ExecutePreprocessor.timeout = 300
