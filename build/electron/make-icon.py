#!/usr/bin/env python3
"""Draws the app icon, build/electron/icon.png (512x512 RGBA): three stacked stones, a cairn,
on a rounded square. Standard library only (zlib for the PNG). electron-builder derives the
.icns and .ico from this PNG. Usage: python3 build/electron/make-icon.py"""
import math
import os
import struct
import zlib

SIZE = 512
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icon.png")


def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def rounded_rect_cover(x, y, x0, y0, x1, y1, r):
    # signed distance to a rounded rectangle, turned into pixel coverage
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
    outside = math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
    return clamp(0.5 - outside)


def ellipse_cover(x, y, cx, cy, a, b):
    d = math.hypot((x - cx) / a, (y - cy) / b)
    return clamp((1 - d) * min(a, b) + 0.5)


def mix(dst, src, alpha):
    return tuple(d + (s - d) * alpha for d, s in zip(dst, src))


# stones from the bottom up: centre x, centre y, half width, half height, colour
STONES = [
    (256, 372, 150, 52, (214, 208, 196)),
    (248, 282, 112, 44, (190, 184, 172)),
    (262, 204, 78, 36, (232, 228, 219)),
    (254, 144, 46, 26, (204, 198, 186)),
]


def pixel(x, y):
    bg_cover = rounded_rect_cover(x, y, 16, 16, 496, 496, 96)
    if bg_cover <= 0:
        return (0, 0, 0, 0)
    t = y / SIZE
    colour = (31 + (18 - 31) * t, 74 + (44 - 74) * t, 92 + (56 - 92) * t)
    for cx, cy, a, b, stone in STONES:
        shadow = ellipse_cover(x, y, cx + 6, cy + 10, a, b) * 0.35
        colour = mix(colour, (8, 20, 26), shadow)
        cover = ellipse_cover(x, y, cx, cy, a, b)
        if cover > 0:
            # light from above: the top of each stone is a little brighter
            shade = 1.08 - 0.22 * clamp((y - (cy - b)) / (2 * b))
            lit = tuple(min(255, c * shade) for c in stone)
            colour = mix(colour, lit, cover)
    return (*colour, 255 * bg_cover)


def png(width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            row.extend(int(round(c)) for c in pixel(x + 0.5, y + 0.5))
        rows.append(row)
    with open(OUT, "wb") as f:
        f.write(png(SIZE, SIZE, rows))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
