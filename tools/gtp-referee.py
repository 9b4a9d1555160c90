#!/usr/bin/env python3
"""Referee games of Go (Go with rooks) between two GTP engines.

Every move is judged by the project's own engine (`chogo-cli go apply`), not by the
players: an illegal move loses the game. Python 3 standard library only.

    tools/gtp-referee.py --black "gnugo --mode gtp --level 1 --chinese-rules --capture-all-dead" \
        --white "chogo-cli go gtp --level hard" --size 9 --komi 6.5

Prints one line per move, then the final position, the result and both engines'
`final_score`. With `--games N` (a match), the engines change colours every game (the
first game as given), each game's moves are left out (`--verbose` keeps them), and each
game's result line is followed by a final tally per engine; `{n}` in a command line
becomes the game's number (`--seed {n}`: engines that search with a fixed playout
budget then play different games). Exit status: 0 every game was
played to its end, 1 an engine made an illegal move or broke the protocol, 2 bad arguments.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys

GTP_LETTERS = "ABCDEFGHJKLMNOPQRST"  # GTP skips I
CELL_LETTERS = "abcdefghijklmnopqrs"  # the rule book does not


class ProtocolError(Exception):
    pass


class Engine:
    def __init__(self, name, command):
        self.name = name
        self.command = command
        try:
            self.proc = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        except OSError as e:
            raise ProtocolError(f"{name}: cannot start '{command}': {e}")

    def send(self, command):
        """Sends a command; returns (ok, text) of the response."""
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise ProtocolError(f"{self.name}: '{command}': {e}")
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise ProtocolError(f"{self.name}: no answer to '{command}' (engine ended)")
            line = line.rstrip("\r\n")
            if line == "":
                if lines:
                    break
                continue
            lines.append(line)
        head = lines[0]
        if head[:1] not in ("=", "?"):
            raise ProtocolError(f"{self.name}: '{command}': not a GTP response: {head!r}")
        first = head[1:].lstrip("0123456789").strip()
        text = "\n".join([first] + lines[1:]).strip()
        return head[0] == "=", text

    def must(self, command):
        ok, text = self.send(command)
        if not ok:
            raise ProtocolError(f"{self.name}: '{command}' failed: {text}")
        return text

    def close(self):
        try:
            self.send("quit")
        except ProtocolError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def to_cell(vertex, size):
    """A GTP vertex (`J5`, `pass`) as the rule book's move text (`i5`, `pass`)."""
    v = vertex.strip().upper()
    if v == "PASS":
        return "pass"
    if len(v) < 2 or v[0] not in GTP_LETTERS[:size] or not v[1:].isdigit():
        return None
    rank = int(v[1:])
    if not 1 <= rank <= size:
        return None
    return f"{CELL_LETTERS[GTP_LETTERS.index(v[0])]}{rank}"


def to_vertex(cell):
    if cell == "pass":
        return "pass"
    return f"{GTP_LETTERS[CELL_LETTERS.index(cell[0])]}{cell[1:]}"


def sgf_point(cell, size):
    if cell == "pass":
        return ""
    col = CELL_LETTERS.index(cell[0])
    row = size - int(cell[1:])
    return CELL_LETTERS[col] + CELL_LETTERS[row]


def sgf_text(text):
    """A property value as SGF writes it: backslash and ] escaped."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def judge(chogo, size, komi, moves):
    """Replays every move with the project's engine: (ok, position, result, message)."""
    args = chogo + ["go", "apply", "--board", str(size), "--komi", str(komi), "start"] + moves
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        return False, None, None, run.stderr.strip()
    lines = run.stdout.strip().splitlines()
    return True, lines[0], lines[1].split(": ", 1)[1], ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--black", required=True, help="the Black engine's command line")
    parser.add_argument("--white", required=True, help="the White engine's command line")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=6.5)
    parser.add_argument("--max-moves", type=int, default=600)
    parser.add_argument(
        "--chogo",
        default=os.environ.get("CHOGO_CLI", "chogo-cli"),
        help="the chogo-cli command that judges the moves (default: $CHOGO_CLI or chogo-cli)",
    )
    parser.add_argument(
        "--sgf", help="write the game as SGF to this file (a match: FILE-001.sgf, ...)"
    )
    parser.add_argument(
        "--games", type=int, default=1, help="play a match of N games, alternating colours"
    )
    parser.add_argument("--verbose", action="store_true", help="a match: print every move too")
    parser.add_argument(
        "--opening",
        default="",
        help="moves played for both engines before the game goes on from them, as the "
        "project's move texts apart by spaces (e5 d4 pass ...); Black plays the first",
    )
    args = parser.parse_args()
    if not 5 <= args.size <= 19:
        print("gtp-referee: --size is 5 to 19", file=sys.stderr)
        return 2
    chogo = shlex.split(args.chogo)
    if args.games <= 1:
        status, _, _, _ = play_one(args, chogo, args.black, args.white, args.sgf, True)
        return status
    engines = [args.black, args.white]
    tally = {0: 0, 1: 0}
    draws = 0
    status = 0
    for n in range(1, args.games + 1):
        first_black = n % 2 == 1
        black, white = (engines[0], engines[1]) if first_black else (engines[1], engines[0])
        # "{n}" in a command line is the game's number: engines seeded by it play
        # different games with the same budget.
        black, white = black.replace("{n}", str(n)), white.replace("{n}", str(n))
        sgf = f"{args.sgf}-{n:03d}.sgf" if args.sgf else None
        st, result, reason, moves = play_one(args, chogo, black, white, sgf, args.verbose)
        status = max(status, st)
        who = {"black": black, "white": white}
        if result in ("black", "white"):
            idx = 0 if (result == "black") == first_black else 1
            tally[idx] += 1
            loser = "white" if result == "black" else "black"
            line = f"{who[result]} ({result}) beat {who[loser]} ({loser})"
        else:
            draws += 1
            line = f"{black} (black) and {white} (white): {result}"
        print(f"game {n}: {line} in {moves} moves: {reason}", flush=True)
    played = tally[0] + tally[1] + draws
    for i in (0, 1):
        score = 100.0 * (tally[i] + 0.5 * draws) / max(played, 1)
        print(f"{engines[i]}: {tally[i]} wins, {draws} draws, {tally[1 - i]} losses ({score:.1f}%)")
    return status


def play_one(args, chogo, black, white, sgf, verbose):
    """Plays one game; returns (status, result, reason, number of moves)."""
    out = print if verbose else (lambda *a, **k: None)
    scored = ""
    margin = None
    komi = f"{args.komi:g}"
    engines = {}
    moves = []
    status = 0
    result = "ongoing"
    reason = ""
    try:
        engines["black"] = Engine("black", black)
        engines["white"] = Engine("white", white)
        names = {}
        for side, e in engines.items():
            e.must("protocol_version")
            names[side] = e.must("name") + " " + e.must("version")
            e.must(f"boardsize {args.size}")
            e.must("clear_board")
            e.must(f"komi {komi}")
        out(f"black: {names['black']} ({black})")
        out(f"white: {names['white']} ({white})")
        side = "black"
        position = None
        opening = args.opening.split()
        if opening:
            ok, position, judged, message = judge(chogo, args.size, komi, opening)
            if not ok or judged != "ongoing":
                raise ProtocolError(f"--opening: {message or 'the game is over: ' + judged}")
            for cell in opening:
                for e in engines.values():
                    e.must(f"play {side} {to_vertex(cell)}")
                moves.append(cell)
                side = "white" if side == "black" else "black"
        while len(moves) < args.max_moves:
            other = "white" if side == "black" else "black"
            answer = engines[side].must(f"genmove {side}")
            if answer.lower() == "resign":
                result, reason = other, f"{side} resigns"
                break
            cell = to_cell(answer, args.size)
            if cell is None:
                result, reason, status = other, f"{side} answered genmove with {answer!r}", 1
                break
            ok, position, judged, message = judge(chogo, args.size, komi, moves + [cell])
            if not ok:
                result, reason, status = other, f"illegal move by {side}: {message}", 1
                break
            moves.append(cell)
            out(f"{len(moves)}. {side} {answer} ({cell})")
            engines[other].must(f"play {side} {to_vertex(cell)}")
            if judged != "ongoing":
                result, reason = judged, "two passes" if moves[-2:] == ["pass", "pass"] else "repetition"
                break
            side = other
        else:
            reason = f"stopped after {args.max_moves} moves"
        if position:
            out(f"position: {position}")
            analysis = subprocess.run(
                chogo + ["go", "analyze", "--board", str(args.size), "--komi", komi, position],
                capture_output=True,
                text=True,
            )
            out(f"analysis: {analysis.stdout.strip()}")
            try:
                score = json.loads(analysis.stdout)["score"]
                scored = f"; score B {score['black']} W {score['white']}"
                margin = abs(float(score["black"]) - float(score["white"]))
            except (ValueError, KeyError, TypeError):
                pass
        for s, e in engines.items():
            ok, text = e.send("final_score")
            out(f"{s} engine's final_score: {text if ok else '(' + text + ')'}")
            # This game scores the board as it stands: no piece is dead at the end
            # (GO_RULES §2). An engine that calls stones dead disagrees with the score.
            ok, text = e.send("final_status_list dead")
            if not ok:
                out(f"{s} engine's dead stones: ({text})")
            elif text.split():
                out(f"{s} engine's dead stones: {' '.join(text.split())} (disagrees with this game's score, which takes none off)")
            else:
                out(f"{s} engine's dead stones: none (agrees with this game's score)")
    except ProtocolError as e:
        print(f"gtp-referee: {e}", file=sys.stderr)
        status = 1
        reason = str(e)
    finally:
        for e in engines.values():
            e.close()
    out(f"moves: {len(moves)}")
    out(f"result: {result} ({reason})")
    if sgf:
        re = {"black": "B+", "white": "W+", "draw": "0"}.get(result, "")
        if reason.endswith("resigns"):
            re += "R"
        elif re.endswith("+") and margin is not None:
            # The margin of the score, written as SGF writes numbers.
            re += f"{margin:g}"
        body = "".join(
            f";{'B' if i % 2 == 0 else 'W'}[{sgf_point(m, args.size)}]" for i, m in enumerate(moves)
        )
        with open(sgf, "w", encoding="utf-8") as f:
            f.write(
                f"(;FF[4]GM[1]CA[UTF-8]SZ[{args.size}]KM[{komi}]PB[{sgf_text(black)}]"
                f"PW[{sgf_text(white)}]RE[{re}]\n{body})\n"
            )
    return status, result, reason + scored, len(moves)


if __name__ == "__main__":
    sys.exit(main())
