#!/usr/bin/env python3
"""Learn the weights of the Go playouts' 3 x 3 patterns from game records.

Every move of the chosen players in the SGF files is one "competition" between the
empty cells of the board, as in R. Coulom's "Computing Elo ratings of move patterns in
the game of Go" (2007): each cell is described by the colours of its eight neighbours,
seen from the side to move (own, enemy, empty, off the board) and up to the board's
eight symmetries. The strength (gamma) of each pattern is fitted with Coulom's
minorization-maximization updates, with one virtual win and one virtual loss against a
pattern of strength 1 as the prior.

The output (src/go/patterns3.txt) has one line per pattern seen: its eight
neighbours in the order of the engine's ring (up-left, up, up-right, left, right,
down-left, down, down-right; X own, O enemy, . empty, # off the board), its gamma and
how often it was played and available. Its first lines are comments: the corpus, and
`local` and `far`: how often the move was one of the eight neighbours of the
opponent's last move, and the mean sum of gammas of the cells farther away, which the
playouts use for the odds of answering locally. Comment lines start with "# "; a
pattern line may start with "#" (a cell off the board).

Usage:
  tools/learn-patterns.py --out src/go/patterns3.txt SGF_OR_DIR...
  (records of GNU Go against itself: every move; records where only one player is
  GNU Go, --player gnugo keeps the moves of the side whose PB/PW names it)

Needs sgfmill (PyPI).
"""

import argparse
import collections
import os
import sys

from sgfmill import sgf

RING = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)]
OWN, ENEMY, EMPTY, OFF = "X", "O", ".", "#"


def symmetries():
    """For each of the 8 symmetries of the square, the ring position each ring cell moves to."""
    out = []
    for sym in range(8):
        perm = []
        for df, dr in RING:
            a, b = (dr, df) if sym & 4 else (df, dr)
            a = -a if sym & 1 else a
            b = -b if sym & 2 else b
            perm.append(RING.index((a, b)))
        out.append(perm)
    return out


SYMS = symmetries()


def canonical(ring):
    """The smallest string of the pattern's 8 symmetric forms."""
    best = None
    for perm in SYMS:
        s = [None] * 8
        for k, c in enumerate(ring):
            s[perm[k]] = c
        s = "".join(s)
        if best is None or s < best:
            best = s
    return best


class Board:
    """A plain Go board: stones, captures, suicide refused (no ko test: a recorded game's
    moves are legal already; the candidates may include a ko retake)."""

    def __init__(self, size):
        self.size = size
        self.cells = [[None] * size for _ in range(size)]

    def on(self, r, c):
        return 0 <= r < self.size and 0 <= c < self.size

    def neighbours(self, r, c):
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if self.on(r + dr, c + dc):
                yield r + dr, c + dc

    def group(self, r, c):
        colour = self.cells[r][c]
        stack, seen, libs = [(r, c)], {(r, c)}, set()
        while stack:
            p = stack.pop()
            for q in self.neighbours(*p):
                v = self.cells[q[0]][q[1]]
                if v is None:
                    libs.add(q)
                elif v == colour and q not in seen:
                    seen.add(q)
                    stack.append(q)
        return seen, libs

    def is_legal(self, colour, r, c):
        if self.cells[r][c] is not None:
            return False
        self.cells[r][c] = colour
        try:
            for q in self.neighbours(r, c):
                v = self.cells[q[0]][q[1]]
                if v is not None and v != colour and not self.group(*q)[1]:
                    return True
            return bool(self.group(r, c)[1])
        finally:
            self.cells[r][c] = None

    def play(self, colour, r, c):
        self.cells[r][c] = colour
        for q in list(self.neighbours(r, c)):
            v = self.cells[q[0]][q[1]]
            if v is not None and v != colour:
                stones, libs = self.group(*q)
                if not libs:
                    for s in stones:
                        self.cells[s[0]][s[1]] = None

    def ring(self, colour, r, c):
        """The 8 neighbours' letters from `colour`'s side; sgfmill's row 0 is the bottom."""
        out = []
        for df, dr in RING:
            rr, cc = r + dr, c + df
            if not self.on(rr, cc):
                out.append(OFF)
            else:
                v = self.cells[rr][cc]
                out.append(EMPTY if v is None else OWN if v == colour else ENEMY)
        return "".join(out)


def competitions(path, player):
    """Each kept move of the record: (chosen pattern, Counter of every candidate's pattern,
    Counter of the candidates that are not next to the opponent's last move, whether the
    chosen cell is next to it)."""
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    size = game.get_size()
    root = game.get_root()
    keep = {"b", "w"}
    if player:
        keep = {
            c for c, prop in (("b", "PB"), ("w", "PW"))
            if root.has_property(prop) and player in root.get(prop)
        }
    board = Board(size)
    last = None
    for node in game.get_main_sequence()[1:]:
        colour, point = node.get_move()
        if colour is None:
            continue
        if point is None:
            last = None
            continue
        if colour in keep:
            cands, far = collections.Counter(), collections.Counter()
            chosen = None
            for r in range(size):
                for c in range(size):
                    if board.is_legal(colour, r, c):
                        p = canonical(board.ring(colour, r, c))
                        cands[p] += 1
                        near = last is not None and max(abs(r - last[0]), abs(c - last[1])) == 1
                        if not near:
                            far[p] += 1
                        if (r, c) == point:
                            chosen = (p, near)
            if chosen is not None:
                yield chosen[0], cands, far, chosen[1]
        board.play(colour, *point)
        last = point


def fit(records, rounds):
    wins = collections.Counter(p for p, _, _, _ in records)
    seen = collections.Counter()
    for _, cands, _, _ in records:
        seen.update(cands.keys())
    gamma = {p: 1.0 for p in seen}
    for _ in range(rounds):
        denom = collections.defaultdict(float)
        for _, cands, _, _ in records:
            total = sum(n * gamma[p] for p, n in cands.items())
            for p, n in cands.items():
                denom[p] += n / total
        gamma = {p: (wins[p] + 1) / (denom[p] + 2 / (gamma[p] + 1)) for p in seen}
    return gamma, wins, seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--player", help="keep the moves of the side whose PB/PW contains this")
    ap.add_argument("--rounds", type=int, default=30)
    args = ap.parse_args()
    files = []
    for i in args.inputs:
        if os.path.isdir(i):
            files += sorted(os.path.join(i, f) for f in os.listdir(i) if f.endswith(".sgf"))
        else:
            files.append(i)
    records = []
    for f in files:
        try:
            records += list(competitions(f, args.player))
        except (ValueError, OSError) as e:
            print(f"skipped {f}: {e}", file=sys.stderr)
    if not records:
        sys.exit("no moves to learn from")
    gamma, wins, seen = fit(records, args.rounds)
    local = sum(1 for r in records if r[3]) / len(records)
    far = sum(sum(n * gamma[p] for p, n in r[2].items()) for r in records) / len(records)
    with open(args.out, "w") as out:
        out.write(f"# 3 x 3 playout patterns learnt by tools/learn-patterns.py from {len(files)} "
                  f"records, {len(records)} moves\n")
        out.write(f"# local {local:.4f}\n# far {far:.3f}\n")
        for p in sorted(gamma, key=lambda p: -gamma[p]):
            out.write(f"{p} {gamma[p]:.4f} {wins[p]} {seen[p]}\n")
    print(f"{len(files)} records, {len(records)} moves, {len(gamma)} patterns; "
          f"local {local:.3f}, far {far:.2f}")


if __name__ == "__main__":
    main()
