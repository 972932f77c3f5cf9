"""A Gomocup engine (made for Rapfi) asked for its score and its move in 15x15 free-style
positions, and the points of tabula's saved games in Gomocup coordinates: what
`gomoku-rapfi-labels` and `gomoku-rapfi-verdicts` share."""

import os
import re
import select
import subprocess
import sys
import time

SIZE = 15
EVAL = re.compile(r"\bEval (\S+)")
MOVE = re.compile(r"^(\d+),(\d+)$")


class Engine:
    """The engine started in its own folder (Rapfi reads `config.toml` there), one thread,
    64 MiB, no time limit, `nodes` a search."""

    def __init__(self, path, nodes):
        path = os.path.abspath(path)
        self.proc = subprocess.Popen([path], cwd=os.path.dirname(path), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pending = b""
        self.send(f"START {SIZE}")
        while (line := self.read()) != "OK":
            if not line.startswith("MESSAGE"):
                sys.exit(f"the engine answered START with {line!r}")
        for info in ["rule 0", "thread_num 1", "max_memory 67108864", "timeout_match 0",
                     "timeout_turn 3600000", f"max_node {nodes}"]:
            self.send(f"INFO {info}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self, timeout=None):
        """The engine's next line, or None when `timeout` seconds pass without one."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.pending:
            if not select.select([fd], [], [], timeout)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                sys.exit("the engine ended")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode().strip()

    def search(self, mine, theirs):
        """The engine's last reported score of the position (its own stones `mine`; None if
        it reported none) and its move, as Gomocup coordinates."""
        self.send("BOARD")
        for stones, who in [(mine, 1), (theirs, 2)]:
            for x, y in stones:
                self.send(f"{x},{y},{who}")
        self.send("DONE")
        score = None
        while not (move := MOVE.match(line := self.read())):
            found = EVAL.search(line)
            if found:
                score = found.group(1)
        # Rapfi prints its move a moment before it reads again, and a command sent in that
        # moment is lost (an ABOUT too): an answered ABOUT says it listens. Answers to the
        # ABOUTs sent again come later and match nothing.
        while True:
            time.sleep(0.001)
            self.send("ABOUT")
            line = self.read(0.02)
            while line is not None and "name=" not in line:
                line = self.read(0.02)
            if line is not None:
                return score, (int(move.group(1)), int(move.group(2)))


def point(text):
    """tabula's point text (`K2`) as Gomocup coordinates (a mirror image of the board, which
    no evaluation of free-style Gomoku can tell from the board)."""
    return ord(text[0].upper()) - ord("A"), int(text[1:]) - 1


def text(x, y):
    """Gomocup coordinates as tabula's point text (the inverse of `point`)."""
    return f"{chr(ord('A') + x)}{y + 1}"


def capped(score, cap):
    """The engine's score text as a number within +-cap (a forced win `+M5` or loss `-M8`
    is +-cap); None for none or one that is no number."""
    if score is None:
        return None
    if score.startswith("+M"):
        return cap
    if score.startswith("-M"):
        return -cap
    try:
        return max(-cap, min(cap, int(score)))
    except ValueError:
        return None


def saved_games(files):
    """The games of `tabula match --save` files played from the start position: (number,
    first player's engine, second's, result, moves)."""
    for path in files:
        with open(path) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if line.startswith("#") or len(fields) < 6:
                    continue
                command = fields[5]
                if command.startswith("position startpos moves "):
                    yield fields[0], fields[1], fields[2], fields[3], command.split()[3:]
