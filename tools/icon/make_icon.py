#!/usr/bin/env python3
"""Draws Timefork's application icon (assets/icon.png, 256x256): a timeline that forks
into two, each branch ending on a small chess board, on a dark rounded tile. Standard
library only; deterministic. Run from the repository root: python3 tools/icon/make_icon.py"""
import math, struct, zlib

N = 256
SS = 4  # supersampling per axis

def lerp(a, b, t):
    return a + (b - a) * t

BG_TOP = (40, 36, 70)
BG_BOTTOM = (18, 20, 32)
PURPLE = (150, 80, 235)
GOLD = (245, 200, 80)
LIGHT = (230, 214, 178)
DARK = (150, 114, 82)
RIM = (245, 240, 230)

def seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    qx, qy = ax + t * dx, ay + t * dy
    return math.hypot(px - qx, py - qy)

def bezier(p0, p1, p2, p3, n=40):
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        x = u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0]
        y = u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]
        pts.append((x, y))
    return pts

TRUNK = [(34, 128), (112, 128)]
UP = bezier((112, 128), (140, 128), (140, 78), (170, 78))
DOWN = bezier((112, 128), (140, 128), (140, 178), (170, 178))

def near_path(px, py, pts, w):
    return any(seg_dist(px, py, *pts[i], *pts[i + 1]) <= w for i in range(len(pts) - 1))

BOARDS = [((172, 54), GOLD), ((172, 154), PURPLE)]  # top-left corners, 48x48, 4x4 squares

def color_at(x, y):
    # Rounded tile with a vertical gradient.
    r = 44
    cx = min(max(x, r), N - r)
    cy = min(max(y, r), N - r)
    if math.hypot(x - cx, y - cy) > r:
        return None
    t = y / N
    c = tuple(int(lerp(BG_TOP[i], BG_BOTTOM[i], t)) for i in range(3))
    for (bx, by), frame in BOARDS:
        if bx - 5 <= x < bx + 53 and by - 5 <= y < by + 53:
            if bx <= x < bx + 48 and by <= y < by + 48:
                sq = (int((x - bx) // 12) + int((y - by) // 12)) % 2
                return LIGHT if sq == 0 else DARK
            return frame
    if near_path(x, y, TRUNK, 9) or near_path(x, y, DOWN, 9):
        return PURPLE
    if near_path(x, y, UP, 9):
        return GOLD
    # A dot where the timeline begins.
    if math.hypot(x - 34, y - 128) <= 16:
        return RIM
    return c

def png(width, height, rows):
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

rows = []
for y in range(N):
    row = []
    for x in range(N):
        acc = [0, 0, 0, 0]
        for sy in range(SS):
            for sx in range(SS):
                c = color_at(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS)
                if c is not None:
                    acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; acc[3] += 255
        n = SS * SS
        a = acc[3] / n
        if a == 0:
            row += [0, 0, 0, 0]
        else:
            row += [int(acc[0] / (acc[3] / 255)), int(acc[1] / (acc[3] / 255)), int(acc[2] / (acc[3] / 255)), int(a)]
    rows.append(row)
open("assets/icon.png", "wb").write(png(N, N, rows))
print("assets/icon.png written")
