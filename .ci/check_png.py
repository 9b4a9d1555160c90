#!/usr/bin/env python3
"""Checks a screenshot of the game for real content (standard library only).

Usage: check_png.py FILE. Fails unless the image decodes, is not one flat colour, and
shows the board's wood colours and both sides' men (dark and light discs).
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, chunks = 8, {}
    idat = b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            chunks["IHDR"] = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks["IHDR"])
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def main():
    path = sys.argv[1]
    width, height, channels, rows = read_png(path)
    colours = {}
    for y in range(0, height, 2):
        row = rows[y]
        for x in range(0, width, 2):
            px = row[x * channels:x * channels + 3]
            key = (px[0] // 16, px[1] // 16, px[2] // 16)
            colours[key] = colours.get(key, 0) + 1
    total = sum(colours.values())

    def share(test):
        return sum(n for k, n in colours.items() if test(k * 1)) / total

    wood = share(lambda k: k[0] >= 11 and 8 <= k[1] <= 13 and 4 <= k[2] <= 9 and k[0] > k[2] + 3)
    dark_men = share(lambda k: max(k) <= 2)
    light_men = share(lambda k: min(k) >= 14)
    print(f"{path}: {width}x{height}, {len(colours)} colour bins, wood {wood:.1%}, "
          f"dark {dark_men:.2%}, light {light_men:.2%}")
    problems = []
    if len(colours) < 8:
        problems.append("almost one flat colour (blank window?)")
    if wood < 0.08:
        problems.append("the board's wood colours are missing")
    if dark_men < 0.002 or light_men < 0.002:
        problems.append("men of one side are missing")
    if problems:
        print("FAIL: " + "; ".join(problems))
        sys.exit(1)
    print("ok: the screenshot shows the board and both sides")


if __name__ == "__main__":
    main()
