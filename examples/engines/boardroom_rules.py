"""Boardroom's five games for Python engines: the rules of docs/rules.md.

Each game class keeps a position and offers to_move() (the seats to move,
none when the game is over), legal(p), parse(p, text), fmt(move),
apply(moves) for moves already checked, outcome() as (winner or None,
reason) or None while the game is on, score() and render() (the text board,
as lines). Seats are 0 (the first to move) and 1. Standard library only.
"""

import re

DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
QUEEN = DIAGONALS + ((-1, 0), (1, 0), (0, -1), (0, 1))


class Refused(Exception):
    """A command refused: the message is the reason after '?'."""


# ---------------------------------------------------------------- options

def resolve(schema, given):
    """Checks key=value options against a schema of (key, kind, default,
    lo, hi, step) with kind 'int', 'bool' or a tuple of choices, as Boardroom
    does, and returns every option's value."""
    keys = [o[0] for o in schema]
    for key in given:
        if key not in keys:
            known = ", ".join(keys) if keys else "this game has none"
            raise Refused("bad option: unknown option %r (known: %s)" % (key, known))
    out = {}
    for key, kind, default, lo, hi, step in schema:
        text = given.get(key, default).strip()
        if kind == "int":
            if not re.fullmatch(r"[+-]?[0-9]+", text):
                raise Refused("bad option: %s must be a whole number, got %r" % (key, text))
            v = int(text)
            if v < lo or v > hi or (v - lo) % step:
                raise Refused("bad option: %s must be from %d to %d in steps of %d, got %d" % (key, lo, hi, step, v))
            out[key] = v
        elif kind == "bool":
            low = text.lower()
            if low not in ("true", "1", "yes", "on", "false", "0", "no", "off"):
                raise Refused("bad option: %s must be true or false, got %r" % (key, text))
            out[key] = low in ("true", "1", "yes", "on")
        else:
            if text not in kind:
                raise Refused("bad option: %s must be one of %s, got %r" % (key, ", ".join(kind), text))
            out[key] = text
    return out


def parse_square(text, size):
    """Reads an algebraic square (file a.. from the left, rank 1.. from the
    bottom, "b2") into 0-based (row from the top, column)."""
    m = re.fullmatch(r"([A-Za-z])([1-9][0-9]?)", text.strip())
    if not m:
        raise Refused("bad notation: %r is not a square like b2" % text)
    col, rank = ord(m.group(1).lower()) - ord("a"), int(m.group(2))
    if col >= size or rank > size:
        raise Refused("bad notation: %r is off the %dx%d board" % (text, size, size))
    return size - rank, col


def square_name(rc, size):
    return "%s%d" % (chr(ord("a") + rc[1]), size - rc[0])


# ---------------------------------------------------------------- the games

class Amazons:
    seats = ("White", "Black")
    schema = ()
    N = 10

    def __init__(self, opts):
        self.board = [["#"] * 10 for _ in range(10)]
        for r, c in ((0, 3), (0, 6), (3, 0), (3, 9)):
            self.board[r][c] = "B"
        for r, c in ((9, 3), (9, 6), (6, 0), (6, 9)):
            self.board[r][c] = "W"
        self.turn = 0

    def reach(self, r, c):
        for dr, dc in QUEEN:
            rr, cc = r + dr, c + dc
            while 0 <= rr < 10 and 0 <= cc < 10 and self.board[rr][cc] == "#":
                yield rr, cc
                rr, cc = rr + dr, cc + dc

    def legal(self, p):
        if p != self.turn:
            return []
        mine = "WB"[p]
        moves = []
        for r in range(10):
            for c in range(10):
                if self.board[r][c] != mine:
                    continue
                self.board[r][c] = "#"  # the arrow may fly over or onto it
                for to in self.reach(r, c):
                    moves.extend(((r, c), to, arrow) for arrow in self.reach(*to))
                self.board[r][c] = mine
        return moves

    def to_move(self):
        return [] if self.outcome() else [self.turn]

    def parse(self, p, text):
        m = re.fullmatch(r"([^-/]+)-([^-/]+)/([^-/]+)", text.strip())
        if not m:
            raise Refused("bad notation: %r is not a turn like d1-d7/g7" % text)
        return tuple(parse_square(part, 10) for part in m.groups())

    def fmt(self, m):
        return "%s-%s/%s" % tuple(square_name(sq, 10) for sq in m)

    def apply(self, moves):
        (fr, fc), (tr, tc), (ar, ac) = moves[0]
        self.board[tr][tc], self.board[fr][fc] = self.board[fr][fc], "#"
        self.board[ar][ac] = "X"
        self.turn = 1 - self.turn

    def outcome(self):
        if self.legal(self.turn):
            return None
        return 1 - self.turn, "no legal move"

    def score(self):
        return 0, 0

    def render(self):
        lines = ["  |0 1 2 3 4 5 6 7 8 9", "-" * 22]
        lines += ["%d |%s" % (r, " ".join(row)) for r, row in enumerate(self.board)]
        return lines


class Kalah:
    seats = ("P1", "P2")
    schema = (("houses", "int", "6", 1, 12, 1), ("seeds", "int", "4", 1, 12, 1),
              ("empty_capture", "bool", "false", 0, 0, 1))

    def __init__(self, opts):
        h = self.h = opts["houses"]
        self.empty_capture = opts["empty_capture"]
        # The ring in sowing order: P1's houses, P1's store, P2's houses, P2's store.
        self.pits = ([opts["seeds"]] * h + [0]) * 2
        self.turn = 0

    def house(self, p, n):
        return p * (self.h + 1) + n - 1

    def store(self, p):
        return p * (self.h + 1) + self.h

    def legal(self, p):
        if p != self.turn:
            return []
        return [n for n in range(1, self.h + 1) if self.pits[self.house(p, n)]]

    def to_move(self):
        return [] if self.outcome() else [self.turn]

    def parse(self, p, text):
        t = text.strip()
        if not re.fullmatch(r"[1-9][0-9]?", t) or int(t) > self.h:
            raise Refused("bad notation: %r is not a house number 1-%d" % (text, self.h))
        return int(t)

    def fmt(self, m):
        return str(m)

    def apply(self, moves):
        me, h = self.turn, self.h
        i = self.house(me, moves[0])
        seeds, self.pits[i] = self.pits[i], 0
        skip = self.store(1 - me)
        while seeds:
            i = (i + 1) % (2 * h + 2)
            if i != skip:
                self.pits[i] += 1
                seeds -= 1
        if i == self.store(me):
            return  # the last seed in the store: move again
        own = i - me * (h + 1)
        if 0 <= own < h and self.pits[i] == 1:
            opp = 2 * h - i
            if self.pits[opp] or self.empty_capture:
                self.pits[self.store(me)] += 1 + self.pits[opp]
                self.pits[i] = self.pits[opp] = 0
        self.turn = 1 - me

    def score(self):
        base = [0, self.h + 1]
        return tuple(sum(self.pits[b:b + self.h + 1]) for b in base)

    def outcome(self):
        if self.legal(self.turn):
            return None
        a, b = self.score()
        return (0 if a > b else 1 if b > a else None), "houses empty"

    def render(self):
        h = self.h
        top = ["%d[%2d]" % (n, self.pits[self.house(1, n)]) for n in range(h, 0, -1)]
        bottom = ["%d[%2d]" % (n, self.pits[self.house(0, n)]) for n in range(1, h + 1)]
        widths = [max(len(a), len(b)) for a, b in zip(top, bottom)]

        def rule(ends):
            return ends + "+".join("-" * (w + 2) for w in widths) + ends

        def line(left, cells, right):
            return "|" + left + "|" + "".join(" " + c.rjust(w) + " |" for c, w in zip(cells, widths)) + right + "|"

        return [rule("+----+"), line(" P2 ", top, "%3d " % self.pits[self.store(0)]),
                rule("|    |"), line("%3d " % self.pits[self.store(1)], bottom, " P1 "), rule("+----+")]


class Angels:
    seats = ("Angel", "Devil")
    schema = (("size", "int", "15", 5, 41, 1), ("power", "int", "1", 1, 20, 1))

    def __init__(self, opts):
        n, k = self.n, self.k = opts["size"], opts["power"]
        if k > n // 2:
            raise Refused("bad option: power must be from 1 to size/2 = %d on a %dx%d board, got %d" % (n // 2, n, n, k))
        c = (n + 1) // 2 - 1
        self.angel = (c, c)
        self.blocked = set()
        self.ply = 0

    def reach(self):
        r0, c0 = self.angel
        k, n = self.k, self.n
        return [(r, c) for r in range(max(r0 - k, 0), min(r0 + k, n - 1) + 1)
                for c in range(max(c0 - k, 0), min(c0 + k, n - 1) + 1) if (r, c) not in self.blocked]

    def legal(self, p):
        if p != self.ply % 2 or self.outcome():
            return []
        if p == 0:
            return self.reach()  # staying put included
        return [(r, c) for r in range(self.n) for c in range(self.n)
                if (r, c) not in self.blocked and (r, c) != self.angel]

    def to_move(self):
        return [] if self.outcome() else [self.ply % 2]

    def parse(self, p, text):
        m = re.fullmatch(r"\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*", text)
        if not m or not all(1 <= int(v) <= self.n for v in m.groups()):
            raise Refused("bad notation: %r is not a square X,Y with row and column from 1 to %d" % (text, self.n))
        return int(m.group(1)) - 1, int(m.group(2)) - 1

    def fmt(self, m):
        return "%d,%d" % (m[0] + 1, m[1] + 1)

    def apply(self, moves):
        if self.ply % 2 == 0:
            self.angel = moves[0]
        else:
            self.blocked.add(moves[0])
        self.ply += 1

    def outcome(self):
        r, c = self.angel
        if r in (0, self.n - 1) or c in (0, self.n - 1):
            return 0, "reached the edge"
        if self.ply % 2 == 0 and len(self.reach()) == 1:  # only its own square
            return 1, "angel trapped"
        return None

    def score(self):
        return 0, 0

    def render(self):
        n = self.n
        header = "  " + "".join(" %2d" % c for c in range(1, n + 1))
        lines = [header]
        for r in range(n):
            cells = "".join("  " + ("A" if (r, c) == self.angel else "@" if (r, c) in self.blocked else "+")
                            for c in range(n))
            lines.append("%-2d%s %2d" % (r + 1, cells, r + 1))
        return lines + [header]


class Bishops:
    seats = ("White", "Black")
    schema = (("setup", ("classic", "stripes"), "classic", 0, 0, 1),)
    CLASSIC = "a1 a5 a9 b2 b6 c3 c7 c9 d4 d10 e1 e5 e7 f2 f8 g3 g5 g9 h6 h10 i1 i3 i7 j4 j8".split()

    def __init__(self, opts):
        self.board = [[None] * 10 for _ in range(10)]
        if opts["setup"] == "classic":
            for name in self.CLASSIC:
                r, c = parse_square(name, 10)
                self.board[r][c], self.board[9 - r][9 - c] = 0, 1
        else:  # rows alternate from the top: rank 10 Black, then White, ...
            for r in range(10):
                for c in range(10):
                    if (r + c) % 2:
                        self.board[r][c] = 1 - r % 2
        self.turn = 0

    def sees(self, r, c, enemy):
        """Whether the first piece along some diagonal from (r, c) is enemy's."""
        for dr, dc in DIAGONALS:
            rr, cc = r + dr, c + dc
            while 0 <= rr < 10 and 0 <= cc < 10:
                if self.board[rr][cc] is not None:
                    if self.board[rr][cc] == enemy:
                        return True
                    break
                rr, cc = rr + dr, cc + dc
        return False

    def legal(self, p):
        if p != self.turn:
            return []
        enemy, moves = 1 - p, []
        for r in range(10):
            for c in range(10):
                if self.board[r][c] != p:
                    continue
                killer = self.sees(r, c, enemy)
                for dr, dc in DIAGONALS:
                    rr, cc = r + dr, c + dc
                    while 0 <= rr < 10 and 0 <= cc < 10:
                        there = self.board[rr][cc]
                        if there is not None:
                            if killer and there == enemy:
                                moves.append(((r, c), (rr, cc), True))
                            break
                        if not killer and self.sees(rr, cc, enemy):
                            moves.append(((r, c), (rr, cc), False))
                        rr, cc = rr + dr, cc + dc
        return moves

    def to_move(self):
        return [] if self.outcome() else [self.turn]

    def parse(self, p, text):
        m = re.fullmatch(r"([^-xX]+)([-xX])([^-xX]+)", text.strip())
        if not m:
            raise Refused("bad notation: %r: write a move as c3-e5 (engage) or c3xf6 (kill)" % text)
        fr, to = parse_square(m.group(1), 10), parse_square(m.group(3), 10)
        for sq in (fr, to):
            if sum(sq) % 2 == 0:
                raise Refused("bad notation: %r: %s is a light square" % (text, square_name(sq, 10)))
        return fr, to, m.group(2) != "-"

    def fmt(self, m):
        return square_name(m[0], 10) + ("x" if m[2] else "-") + square_name(m[1], 10)

    def apply(self, moves):
        (fr, fc), (tr, tc), _ = moves[0]
        self.board[tr][tc], self.board[fr][fc] = self.board[fr][fc], None
        self.turn = 1 - self.turn

    def score(self):
        flat = [v for row in self.board for v in row]
        return flat.count(0), flat.count(1)

    def outcome(self):
        if self.score()[self.turn] == 0:
            return 1 - self.turn, "all pieces captured"
        if not self.legal(self.turn):
            return 1 - self.turn, "no legal move"
        return None

    def char(self, r, c):
        if (r + c) % 2 == 0:
            return " "  # a light square
        return {None: ".", 0: "W", 1: "B"}[self.board[r][c]]

    def render(self):
        lines = ["   " + " ".join("abcdefghij")]
        for r in range(10):
            cells = "".join(" " + self.char(r, c) for c in range(10))
            lines.append("%2d%s %d" % (10 - r, cells, 10 - r))
        return lines


class Demons:
    seats = ("Angels", "Demons")
    schema = (("size", "int", "8", 6, 12, 2), ("turns", "int", "20", 1, 99, 1))
    simultaneous = True

    def __init__(self, opts):
        self.n, self.turns = opts["size"], opts["turns"]
        self.owner = {}  # light square -> seat
        self.ply = 0

    def legal(self, p):
        if self.ply >= self.turns:
            return []
        return [(r, c) for r in range(self.n) for c in range(self.n) if (r + c) % 2]

    def to_move(self):
        return [] if self.ply >= self.turns else [0, 1]

    def parse(self, p, text):
        return parse_square(text, self.n)

    def fmt(self, m):
        return square_name(m, self.n)

    def covers(self, sq):
        r, c = sq
        return {(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < self.n and 0 <= c + dc < self.n}

    def apply(self, moves):
        a, b = self.covers(moves[0]), self.covers(moves[1])
        for sq in a | b:
            if sq in a and sq in b:
                self.owner.pop(sq, None)
            else:
                self.owner[sq] = 0 if sq in a else 1
        self.ply += 1

    def score(self):
        held = list(self.owner.values())
        return held.count(0), held.count(1)

    def outcome(self):
        if self.ply < self.turns:
            return None
        a, b = self.score()
        if a == b:
            return None, "equal squares"
        return (0 if a > b else 1), "more squares"

    def render(self):
        n = self.n
        files = "  " + "".join(" " + chr(ord("a") + c) for c in range(n))
        lines = [files]
        for r in range(n):
            cells = "".join(" " + ("." if (r + c) % 2 else "AD"[self.owner[(r, c)]] if (r, c) in self.owner else "-")
                            for c in range(n))
            lines.append("%2d%s %d" % (n - r, cells, n - r))
        lines.append(files)
        if self.ply >= self.turns:
            lines.append("over after %d turns" % self.turns)
        else:
            lines.append("turn %d of %d" % (self.ply + 1, self.turns))
        return lines + ["Angels %d, Demons %d" % self.score()]


GAMES = {"amazons": Amazons, "kalah": Kalah, "angels": Angels, "bishops": Bishops, "demons": Demons}
