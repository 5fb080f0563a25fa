"""Run nimlib from the command line: ``python -m nimlib play`` plays against the computer in a
terminal; ``python -m nimlib tournament BOTS_DIR`` runs a class tournament (nimlib.tournament)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from difflib import get_close_matches

from nimlib.terminal import play_in_terminal, unencodable_replaced
from nimlib.tournament.command import add_arguments
from nimlib.tournament.command import tournament as run_tournament


def main(argv: list[str] | None = None) -> int:
    """Read the command and run it; the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m nimlib", description="nimlib from the command line."
    )
    commands = parser.add_subparsers(dest="command", metavar="command")
    commands.add_parser(
        "play",
        help="play Nim, its variants, tic-tac-toe or Connect Four against the computer",
        description="Play Nim, its variants, tic-tac-toe or Connect Four against the computer, "
        "in this terminal: choose a game from the menu, then type each move (? shows the moves "
        "again, q quits).",
    )
    tournament = commands.add_parser(
        "tournament",
        help="play a tournament between the Connect Four bots of a folder and nimlib's reference "
        "bots",
        description="Play the Connect Four bots of BOTS_DIR (a folder of .py files) against each "
        "other and nimlib's reference bots, every game kept in --database, then print the "
        'standings (README.md, "A class tournament", says more).',
    )
    add_arguments(tournament)
    arguments, unknown = parser.parse_known_args(argv)
    if unknown:  # said by the command's own parser, with its usage and the options meant
        command = commands.choices.get(arguments.command, parser)
        command.error(f"unrecognized arguments: {' '.join(unknown)}{meant(unknown, command)}")
    if arguments.command is None:
        parser.print_help()
        return 2
    try:
        with unencodable_replaced(sys.stdout):  # a bot's name in an ASCII terminal, say
            if arguments.command == "tournament":
                return run_tournament(arguments)
            return play_in_terminal()
    except BrokenPipeError:  # the output piped into a command that stopped reading (| head)
        output_flushed()
        return 1
    except OSError as error:  # such as writing to a full disk (> /dev/full)
        output_flushed()
        reason = error.strerror or str(error)
        print(f"python -m nimlib {arguments.command}: stopped: {reason}", file=sys.stderr)
        return 1


def meant(unknown: list[str], command: argparse.ArgumentParser) -> str:
    """For each misspelt option of `unknown`, the option of `command` it is nearest to: " (did you
    mean --seconds?)", or "" if none is near."""
    options = sorted(set(re.findall(r"--[a-z][a-z-]*", command.format_help())))
    near = [
        match[0]
        for given in unknown
        if given.startswith("--")
        and (match := get_close_matches(given.split("=")[0], options, n=1, cutoff=0.7))
    ]
    return f" (did you mean {' and '.join(near)}?)" if near else ""


def output_flushed() -> None:
    """Write what is left of the output or, where it cannot be written, throw it away (into
    os.devnull): else Python's exit, flushing it, fails again with a traceback."""
    try:
        sys.stdout.flush()
    except OSError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
