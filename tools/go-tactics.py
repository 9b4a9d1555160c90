#!/usr/bin/env python3
"""Find tactics problems in games of chogo-cli against GNU Go (tests/go_tactics/).

Reads the referee's SGF files (tools/gtp-referee.py --sgf), finds the engine whose command
does not name gnugo, and at each of its turns asks GNU Go's tactical reading (GTP `attack` and
`defend`, string by string) which strings of three stones or more with at most three
liberties the move decides: one of ours the opponent could capture moving first and we
could save moving first, or one of the opponent's we could capture moving first and the
opponent could save moving first (results without ko only). Where our move in the game
did not decide it our way, and the game bears that out (our string was captured later in
the game; the opponent's string still stood after its reply and could no longer be
captured), the position is a problem; its answers are the moves within two steps of any
such string of that position after which GNU Go's reading, the opponent to move, finds
ours safe or theirs lost. Prints the problems in the data file's format: a `#` line with
the game, then `POSITION | played MOVE | save|take MOVES`. Python 3, standard library;
needs GNU Go (`/usr/games/gnugo`) and chogo-cli (for the position text).

    tools/go-tactics.py --chogo target/release/chogo-cli 'games/*.sgf' > problems.txt

With `--agree` a problem is kept only where the string decides the game as GNU Go plays it:
GNU Go's own move (`genmove`, komi 6.5, after the game's moves) is one of the answers, GNU
Go playing both sides on from there wins the game for the side to move, and playing both
sides on from the move our engine played loses it. The save or the capture is then the
move a stronger player chooses and the one that decides the game, not only a move that
keeps the string in a game already lost (or won) whatever is played.

With `--genmove DATA` it reads a data file of problems instead and asks GNU Go's own move
(`genmove`, komi 6.5, from the stones alone) in each position: how often GNU Go itself
plays one of the answers.

    tools/go-tactics.py --genmove tests/go_tactics/gnugo-level10.txt
"""

import argparse
import glob
import re
import subprocess
import sys

SIZE = 9
FILES = "abcdefghi"
GTP = "ABCDEFGHJ"
MIN_STONES = 3
MAX_LIBS = 3


def sgf_moves(text):
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    if size != SIZE:
        raise ValueError("9 x 9 games only")
    out = []
    for _, v in re.findall(r";([BW])\[([a-s]{0,2})\]", text):
        out.append("pass" if v == "" else f"{v[0]}{SIZE - FILES.index(v[1])}")
    return out


def point(cell):
    return (FILES.index(cell[0]), int(cell[1:]) - 1)


def name(p):
    return f"{FILES[p[0]]}{p[1] + 1}"


def around(p):
    x, y = p
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
            yield (x + dx, y + dy)


def string(board, p):
    colour, stones, libs, todo = board[p], {p}, set(), [p]
    while todo:
        q = todo.pop()
        for r in around(q):
            if r not in board:
                libs.add(r)
            elif board[r] == colour and r not in stones:
                stones.add(r)
                todo.append(r)
    return stones, libs


def board_after(moves):
    """The stones after `moves` (Black first), captures taken off."""
    board = {}
    for i, m in enumerate(moves):
        if m == "pass":
            continue
        colour = "B" if i % 2 == 0 else "W"
        p = point(m)
        board[p] = colour
        for r in around(p):
            if r in board and board[r] != colour:
                stones, libs = string(board, r)
                if not libs:
                    for q in stones:
                        del board[q]
    return board


class GnuGo:
    def __init__(self, command):
        self.proc = subprocess.Popen(command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("GNU Go ended")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        return lines[0]

    def setup(self, moves):
        self.ask(f"boardsize {SIZE}")
        self.ask("clear_board")
        for i, m in enumerate(moves):
            self.ask(f"play {'B' if i % 2 == 0 else 'W'} {vertex(m)}")

    def play_on(self, turn, limit=150):
        """GNU Go plays both sides from the position set up, `turn` to move, until two
        passes in a row or a resignation; returns the winner, "B" or "W" (None for a
        draw or a game too long)."""
        passes = 0
        for _ in range(limit):
            move = self.ask(f"genmove {turn}")[1:].strip().lower()
            if move == "resign":
                return "W" if turn == "B" else "B"
            passes = passes + 1 if move == "pass" else 0
            if passes == 2:
                score = self.ask("final_score")[1:].strip()
                return None if score == "0" else score[0]
            turn = "W" if turn == "B" else "B"
        return None

    def code(self, command):
        """The result code of `attack`/`defend`: 0 fails, 1 succeeds, 2 and 3 by ko."""
        return int(self.ask(command)[1:].split()[0])


def vertex(m):
    return "pass" if m == "pass" else f"{GTP[FILES.index(m[0])]}{m[1:]}"


def deciding_moves(gg, moves, us, stones, ours):
    """The moves near `stones` after which, the opponent to move, ours is safe or theirs lost."""
    board = board_after(moves)
    target = vertex(name(min(stones)))
    near = set()
    for p in stones:
        for q in around(p):
            for r in [q] + list(around(q)):
                if r not in board:
                    near.add(name(r))
    good = []
    for m in sorted(near):
        gg.setup(moves)
        if gg.ask(f"play {us} {vertex(m)}").startswith("?"):
            continue
        after = board_after(moves + [m])
        standing = all(after.get(p) == board[p] for p in stones)
        if ours and standing and gg.code(f"attack {target}") == 0:
            good.append(m)
        elif not ours and (not standing or gg.code(f"defend {target}") == 0):
            good.append(m)
    return good


def problems(path, gg, keep=lambda j, played, answers, before: True):
    text = open(path, encoding="utf-8").read()
    black = re.search(r"PB\[([^\]]*)\]", text).group(1)
    # Ours is the engine that is not GNU Go (its binary need not be named chogo-cli).
    us = "W" if "gnugo" in black else "B"
    moves = sgf_moves(text)
    taken = []  # strings already used, so that one string gives one problem
    for j in range(0 if us == "B" else 1, len(moves) - 1, 2):
        if moves[j] == "pass":
            continue
        before = moves[:j]
        board = board_after(before)
        decided, seen = [], set()
        for p, colour in board.items():
            if p in seen:
                continue
            stones, libs = string(board, p)
            seen |= stones
            if len(stones) < MIN_STONES or len(libs) > MAX_LIBS:
                continue
            target = vertex(name(min(stones)))
            gg.setup(before)
            if gg.code(f"attack {target}") != 1 or gg.code(f"defend {target}") != 1:
                continue
            decided.append((colour == us, stones))
        missed = []
        for ours, stones in decided:
            if any(len(stones & t) >= 2 for t in taken):
                continue
            target = vertex(name(min(stones)))
            gg.setup(before)
            gg.ask(f"play {us} {vertex(moves[j])}")
            after = board_after(moves[: j + 1])
            standing = all(after.get(p) == board[p] for p in stones)
            if ours:
                # Our move left it capturable, and the game took it later.
                if standing and gg.code(f"attack {target}") == 0:
                    continue
                later = any(
                    any(board_after(moves[:e]).get(p) != board[p] for p in stones)
                    for e in range(j + 2, len(moves) + 1, 2)
                )
                if not later:
                    continue
            else:
                if not standing or gg.code(f"defend {target}") == 0:
                    continue
                # The opponent's reply saved it.
                replied = board_after(moves[: j + 2])
                if not all(replied.get(p) == board[p] for p in stones):
                    continue
                gg.setup(moves[: j + 2])
                if gg.code(f"attack {target}") != 0:
                    continue
            missed.append((ours, stones))
        if not missed:
            continue
        answers = set()
        for ours, stones in decided:
            answers |= set(deciding_moves(gg, before, us, stones, ours))
        answers.discard(moves[j])
        if not answers or not keep(j, moves[j], answers, before):
            continue
        taken.extend(stones for _, stones in missed)
        ours, stones = max(missed, key=lambda m: len(m[1]))
        yield j, moves[j], "save" if ours else "take", len(stones), name(min(stones)), sorted(answers), before


def decides(gg, j, played, answers, before):
    """Whether the problem at ply `j` (0-based) decides the game as GNU Go plays it: its
    own move there is one of `answers`, and playing both sides on from it wins for the
    side to move, where playing on from the move `played` loses."""
    mover = "B" if j % 2 == 0 else "W"
    other = "W" if mover == "B" else "B"
    gg.setup(before)
    gg.ask("komi 6.5")
    move = gg.ask(f"genmove {mover}")[1:].strip().lower()
    if move in ("pass", "resign"):
        return False
    if f"{FILES[GTP.lower().index(move[0])]}{move[1:]}" not in answers:
        return False
    if gg.play_on(other) != mover:
        return False
    gg.setup(before + [played])
    gg.ask("komi 6.5")
    return gg.play_on(other) == other


def placement(text):
    """The stones of a position text's placement: {cell name: 'B' or 'W'} (lower case
    letters Black's, upper case White's)."""
    stones = {}
    for k, row in enumerate(text.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                stones[f"{FILES[f]}{SIZE - k}"] = "B" if ch.islower() else "W"
                f += 1
    return stones


def genmove_check(path, gg):
    """Prints GNU Go's move in each problem of the data file `path` and whether it is
    one of the answers; returns how many were."""
    hits, count = 0, 0
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        position, played, answers = line.split(" | ")
        turn = "B" if position.split()[1] == "b" else "W"
        gg.ask(f"boardsize {SIZE}")
        gg.ask("clear_board")
        gg.ask("komi 6.5")
        for cell, colour in placement(position).items():
            gg.ask(f"play {colour} {vertex(cell)}")
        move = gg.ask(f"genmove {turn}")[1:].strip().lower()
        if move not in ("pass", "resign"):
            move = f"{FILES[GTP.lower().index(move[0])]}{move[1:]}"
        answer = move in answers.split()[1:]
        count += 1
        hits += answer
        print(f"{count}: GNU Go {move}; {answers}; {played}{' (an answer)' if answer else ''}")
    print(f"GNU Go plays an answer in {hits} of {count}")
    return hits


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="SGF files (glob patterns too)")
    parser.add_argument("--genmove", metavar="DATA", help="ask GNU Go's move in each problem of DATA")
    parser.add_argument("--chogo", default="chogo-cli", help="the chogo-cli that writes positions")
    parser.add_argument(
        "--agree",
        action="store_true",
        help="keep the problems whose string decides the game as GNU Go plays it",
    )
    parser.add_argument(
        "--gnugo", default="/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead --level 10"
    )
    args = parser.parse_args()
    gg = GnuGo(args.gnugo)
    if args.genmove:
        genmove_check(args.genmove, gg)
        return 0
    if not args.games:
        parser.error("SGF files, or --genmove DATA")
    files = sorted(f for pattern in args.games for f in glob.glob(pattern))
    for path in files:
        text = open(path, encoding="utf-8").read()
        seed = re.search(r"--seed (\d+)", text)
        keep = (lambda *p: decides(gg, *p)) if args.agree else (lambda *p: True)
        for j, played, kind, size, at, answers, before in problems(path, gg, keep):
            run = subprocess.run(
                [args.chogo, "go", "apply", "--board", "9", "--komi", "6.5", "start"] + before,
                capture_output=True,
                text=True,
            )
            if run.returncode != 0:
                print(f"{path}: {run.stderr.strip()}", file=sys.stderr)
                continue
            side = "Black" if j % 2 == 0 else "White"
            what = "saves its" if kind == "save" else "takes the opponent's"
            source = f"{path.split('/')[-1]}" + (f", seed {seed.group(1)}" if seed else "")
            print(f"# {source}, ply {j + 1}: {side} to move {what} {size}-stone string at {at}")
            print(f"{run.stdout.splitlines()[0]} | played {played} | {kind} {' '.join(answers)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
