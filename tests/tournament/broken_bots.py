"""Bots for the tournament's tests: one file per way of breaking, and a ConnectX-style bot."""

BROKEN = {  # a bot's name: its code, and the words its loss is recorded with
    "raises": ("def agent(observation, configuration):\n    return 1 / 0\n", "ZeroDivisionError"),
    "illegal": ("def agent(observation, configuration):\n    return 9\n", "columns are 0 to 6"),
    "not_a_number": (
        "def agent(observation, configuration):\n    return 'three'\n",
        "not a column: return an int",
    ),
    "hangs": ("def agent(observation, configuration):\n    while True:\n        pass\n", "longer"),
    "sleeps": (
        "import time\n\ndef agent(observation, configuration):\n    time.sleep(60)\n",
        "longer",
    ),
    "floods": (
        "def agent(observation, configuration):\n    while True:\n        print('x' * 10_000)\n",
        "longer",
    ),
    "exits": ("import os\n\ndef agent(observation, configuration):\n    os._exit(3)\n", "code 3"),
    "exits_while_loading": (  # as a library short of memory does (OpenBLAS under --memory 100)
        "import os\n\nos._exit(1)\n",
        "exited with code 1 while loading, with no Python error: a library it imports (numpy's, "
        "say) may have found too little memory under the limit of",
    ),
    "eats_memory": (  # a gigabyte at a time: over the limit at once, long before time is up
        "def agent(observation, configuration):\n    hoard = []\n    while True:\n"
        "        hoard.append(bytearray(1_000_000_000))\n",
        "out of memory",
    ),
    "fails_to_load": ("import no_such_module\n", "could not be loaded"),
    "reads_the_keyboard": (
        "def agent(observation, configuration):\n    return int(input('column? '))\n",
        "raised EOFError: EOF when reading a line in agent(), line 2 (a bot has no keyboard",
    ),
    "replaces_len_while_loading": (  # no memory advice: its process lives on, not ended
        "import builtins\n\nbuiltins.len = lambda x: 0\n\n"
        "def agent(observation, configuration):\n    return 3\n",
        "stopped answering, its link to the tournament broken",
    ),
    "replaces_len": (  # its process lives on, its end of the link broken: "exited with code None"
        "import builtins\n\ndef agent(observation, configuration):\n"
        "    builtins.len = lambda x: 0\n    return 3\n",
        "stopped answering, its link to the tournament broken",
    ),
}

KAGGLE_STYLE = """import random


def helper(board):
    return [c for c in range(7) if board[c] == 0]


def my_agent(obs, config):
    return random.Random(sum(obs.board)).choice(helper(obs.board))
"""
