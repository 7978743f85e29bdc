#!/usr/bin/env python3
"""A random player for Boardroom's five games, over the engine text protocol.

It speaks the protocol of docs/engine-protocol.md on standard input and
output, follows the rules of docs/rules.md (every option of every game, in
boardroom_rules.py beside it), and answers genmove with a legal move chosen
uniformly at random. Python 3 and its standard library only.

    python3 examples/engines/random_player.py [--seed N]
    go run ./cmd/play match kalah --a beginner \\
        --b "exec:python3 examples/engines/random_player.py" -n 10
"""

import copy
import random
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the engine
from boardroom_rules import GAMES, Refused, resolve  # noqa: E402 (after the line above)

MAX_LINE = 64 << 10
LEVELS = ("beginner", "medium", "difficult")
COMMANDS = ("name protocol_version list_commands game play genmove time level "
            "undo show legal result quit").split()


# ---------------------------------------------------------------- the engine

class Engine:
    """The protocol's state: the game, the positions before each turn (for
    undo), and what time and level were asked (a random player needs
    neither)."""

    def __init__(self, rng):
        self.rng = rng
        self.game = None
        self.history = []
        self.budget_ms = 2000
        self.level = "difficult"

    def need_game(self, cmd):
        if self.game is None:
            raise Refused("no game yet: start one with game GAME before %s (games: %s)" % (cmd, ", ".join(GAMES)))

    def seat(self, word):
        seats = self.game.seats
        if word in ("1", "2"):
            return int(word) - 1
        for i, name in enumerate(seats):
            if word.lower() == name.lower():
                return i
        raise Refused("%r is not a seat (%s or 1, %s or 2)" % (word, seats[0], seats[1]))

    def cmd_name(self, args):
        no_args("name", args)
        return "Random player (Python)"

    def cmd_protocol_version(self, args):
        return "1"

    def cmd_list_commands(self, args):
        return " ".join(COMMANDS)

    def cmd_game(self, args):
        if not args:
            raise Refused("game needs a game: one of %s, then options key=value" % ", ".join(GAMES))
        if args[0] not in GAMES:
            raise Refused("unknown game %r (known: %s)" % (args[0], ", ".join(GAMES)))
        given = {}
        for word in args[1:]:
            key, eq, value = word.partition("=")
            if not eq or not key.strip():
                raise Refused("bad option: %r is not key=value" % word)
            if key.strip() in given:
                raise Refused("bad option: %s given twice" % key)
            given[key.strip()] = value
        cls = GAMES[args[0]]
        self.game, self.history = cls(resolve(cls.schema, given)), []
        return ""

    def cmd_play(self, args):
        self.need_game("play")
        if not args:
            raise Refused("play needs a move")
        g, text = self.game, " ".join(args)
        seats = g.to_move()
        if not seats:
            raise Refused("the game is over: no move after the end")
        parts = text.split("+") if len(seats) > 1 else [text]
        if len(parts) != len(seats):
            raise Refused("bad notation: a simultaneous turn is written A+B, got %r" % text)
        moves = []
        for p, part in zip(seats, parts):
            m = g.parse(p, part)
            if m not in g.legal(p):
                raise Refused("illegal move: %s cannot play %s" % (g.seats[p], part.strip()))
            moves.append(m)
        self.history.append(copy.deepcopy(g))
        g.apply(moves)
        return ""

    def cmd_genmove(self, args):
        self.need_game("genmove")
        g = self.game
        if len(args) > 1:
            raise Refused("genmove takes at most a seat")
        seats = g.to_move()
        if not seats:
            raise Refused("the game is over (%s)" % g.outcome()[1])
        if args:
            p = self.seat(args[0])
            if p not in seats:
                raise Refused("%s is not to move" % g.seats[p])
        elif len(seats) > 1:
            raise Refused("a simultaneous turn: say whose choice, genmove %s or genmove %s" % g.seats)
        else:
            p = seats[0]
        move = self.rng.choice(g.legal(p))
        if len(seats) == 1:
            self.history.append(copy.deepcopy(g))
            g.apply([move])
        return g.fmt(move)

    def cmd_time(self, args):
        if len(args) != 1 or not re.fullmatch(r"[0-9]{1,7}", args[0]) or not 1 <= int(args[0]) <= 3600000:
            raise Refused("time needs a whole number of milliseconds from 1 to 3600000")
        self.budget_ms = int(args[0])
        return ""

    def cmd_level(self, args):
        if len(args) != 1 or args[0].lower() not in LEVELS:
            raise Refused("level needs beginner, medium or difficult (this engine has no searches to choose)")
        self.level = args[0].lower()  # it plays at random at every level
        return ""

    def cmd_undo(self, args):
        no_args("undo", args)
        self.need_game("undo")
        if not self.history:
            raise Refused("nothing to undo: no turn has been played")
        self.game = self.history.pop()
        return ""

    def cmd_show(self, args):
        no_args("show", args)
        self.need_game("show")
        return "\n" + "\n".join(self.game.render())

    def cmd_legal(self, args):
        self.need_game("legal")
        g = self.game
        if len(args) > 1:
            raise Refused("legal takes at most a seat")
        seats = g.to_move()
        if not seats:
            return ""
        p = self.seat(args[0]) if args else seats[0]
        if p not in seats:
            raise Refused("%s is not to move" % g.seats[p])
        return " ".join(g.fmt(m) for m in g.legal(p))

    def cmd_result(self, args):
        no_args("result", args)
        self.need_game("result")
        out = self.game.outcome()
        if out is None:
            return "none"
        winner = "draw" if out[0] is None else self.game.seats[out[0]]
        return "%s %d %d %s" % ((winner,) + tuple(self.game.score()) + (out[1],))

    def cmd_quit(self, args):
        return ""


def no_args(cmd, args):
    if args:
        raise Refused("%s takes no arguments" % cmd)


def reply(ok, text):
    if not ok:
        text = "; ".join(line.strip() for line in text.splitlines() if line.strip())
    first, _, rest = text.partition("\n")
    out = ("=" if ok else "?") + (" " + first if first else "") + "\n"
    out += "".join(line + "\n" for line in rest.split("\n") if line.strip())
    sys.stdout.write(out + "\n")
    sys.stdout.flush()


def main(argv):
    seed = None
    if len(argv) == 2 and argv[0] == "--seed" and argv[1].isdigit():
        seed = int(argv[1])
    elif argv:
        sys.stderr.write("usage: random_player.py [--seed N]\n")
        return 2
    engine = Engine(random.Random(seed))
    for raw in iter(sys.stdin.buffer.readline, b""):
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        words = line.replace("\t", " ").split(" ")
        words = [w for w in words if w]
        if not words or words[0].startswith("#"):
            continue
        if len(line) > MAX_LINE:
            reply(False, "line too long: at most %d bytes" % MAX_LINE)
            continue
        cmd = words[0].lower()
        handler = getattr(engine, "cmd_" + cmd, None) if cmd in COMMANDS else None
        try:
            if handler is None:
                raise Refused("unknown command %r (the commands: %s)" % (words[0][:80], ", ".join(COMMANDS)))
            reply(True, handler(words[1:]))
        except Refused as refusal:
            reply(False, str(refusal))
        if cmd == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
