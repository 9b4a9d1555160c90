#!/usr/bin/env python3
"""Synthesises the game's sound effects as 16-bit mono WAV files (44.1 kHz).

Run from this folder: python3 make_sounds.py. Standard library only; the output is
deterministic (fixed random seed), so the files in the repository can be remade exactly.
"""
import math
import random
import struct
import wave

RATE = 44100
rng = random.Random(44)


def envelope(n, attack, decay):
    """Linear attack over `attack` seconds, then exponential decay with time constant `decay`."""
    a = max(1, int(attack * RATE))
    for i in range(n):
        t = i / RATE
        yield (i / a if i < a else 1.0) * math.exp(-max(0.0, t - attack) / decay)


def tone(freq, dur, attack=0.004, decay=0.15, glide=1.0, harmonics=((1, 1.0),)):
    n = int(dur * RATE)
    out, phase = [], 0.0
    for i, env in enumerate(envelope(n, attack, decay)):
        f = freq * (glide ** (i / n))
        phase += 2 * math.pi * f / RATE
        out.append(env * sum(a * math.sin(h * phase) for h, a in harmonics))
    return out


def noise(dur, attack=0.002, decay=0.05, smooth=0.0):
    n = int(dur * RATE)
    out, last = [], 0.0
    for env in envelope(n, attack, decay):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(env * last)
    return out


def mix(*parts):
    """Each part is (offset seconds, gain, samples)."""
    n = max(int(o * RATE) + len(s) for o, _, s in parts)
    out = [0.0] * n
    for offset, gain, samples in parts:
        start = int(offset * RATE)
        for i, v in enumerate(samples):
            out[start + i] += gain * v
    return out


def write(name, samples, peak=0.8):
    top = max(1e-9, max(abs(v) for v in samples))
    fade = int(0.005 * RATE)
    data = bytearray()
    for i, v in enumerate(samples):
        if i >= len(samples) - fade:
            v *= (len(samples) - i) / fade
        data += struct.pack("<h", int(v / top * peak * 32767))
    with wave.open(name, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


BELL = ((1, 1.0), (2.01, 0.35), (3.02, 0.12))
WOOD = ((1, 1.0), (2.3, 0.25))

write("click.wav", mix((0, 1.0, tone(1500, 0.04, 0.001, 0.008)), (0, 0.3, noise(0.02, 0.001, 0.004))), 0.5)
write("slide.wav", mix(
    (0, 0.5, noise(0.16, 0.03, 0.08, smooth=0.85)),
    (0.13, 1.0, tone(180, 0.12, 0.002, 0.03, 0.8, WOOD)),
), 0.7)
write("slide_block.wav", mix(
    (0, 0.6, noise(0.28, 0.05, 0.14, smooth=0.9)),
    (0.20, 1.0, tone(130, 0.14, 0.002, 0.04, 0.8, WOOD)),
    (0.24, 0.7, tone(150, 0.12, 0.002, 0.035, 0.8, WOOD)),
), 0.75)
write("drop.wav", mix(
    (0, 1.0, tone(160, 0.22, 0.002, 0.06, 0.55, WOOD)),
    (0, 0.4, noise(0.03, 0.001, 0.008)),
), 0.8)
write("capture.wav", mix(
    (0, 0.9, noise(0.08, 0.001, 0.02, smooth=0.3)),
    (0.01, 0.8, tone(520, 0.3, 0.002, 0.09, 0.45, BELL)),
), 0.75)
write("capture_king.wav", mix(
    (0, 1.0, noise(0.2, 0.001, 0.06, smooth=0.5)),
    (0.02, 0.9, tone(110, 0.8, 0.003, 0.3, 0.7, WOOD)),
    (0.05, 0.5, tone(330, 0.7, 0.003, 0.25, 0.9, BELL)),
), 0.85)
write("polis.wav", mix(
    (0, 0.8, tone(1318.5, 0.9, 0.003, 0.3, 1.0, BELL)),
    (0.12, 0.7, tone(1975.5, 0.8, 0.003, 0.3, 1.0, BELL)),
), 0.6)
write("win.wav", mix(*[(0.11 * i, 0.8, tone(f, 0.6, 0.005, 0.25, 1.0, BELL))
                       for i, f in enumerate([523.3, 659.3, 784.0, 1046.5])]), 0.6)
write("lose.wav", mix(*[(0.16 * i, 0.8, tone(f, 0.6, 0.005, 0.3, 1.0, BELL))
                        for i, f in enumerate([440.0, 392.0, 349.2, 293.7])]), 0.6)
write("draw.wav", mix((0, 0.8, tone(587.3, 0.6, 0.005, 0.3, 1.0, BELL)),
                      (0.2, 0.8, tone(587.3, 0.6, 0.005, 0.3, 1.0, BELL))), 0.6)

# Go with chess pieces: a pass (two soft taps on the board's edge), a drop the rules refuse
# (a low, short buzz), and a big capture as one sweep (a rush of pieces into the tray).
write("pass.wav", mix(
    (0, 0.8, tone(240, 0.08, 0.002, 0.02, 0.9, WOOD)),
    (0.09, 0.6, tone(200, 0.08, 0.002, 0.02, 0.9, WOOD)),
), 0.45)
write("refused.wav", mix(
    (0, 1.0, tone(110, 0.18, 0.004, 0.07, 1.0, ((1, 1.0), (3, 0.3), (5, 0.15)))),
), 0.45)
write("capture_many.wav", mix(
    (0, 0.8, noise(0.45, 0.03, 0.18, smooth=0.6)),
    *[(0.035 * i, 0.5, tone(900 - 60 * i, 0.25, 0.002, 0.07, 0.6, BELL)) for i in range(7)],
), 0.8)
