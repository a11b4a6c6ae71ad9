#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank: decodes it (8-bit RGB or RGBA, any filter) and
requires some share of pixels that are not the background and several colours.
Usage: png_check.py FILE [MIN_COLOURS]"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}")
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * bpp
    prev, rows = bytearray(stride), []
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, ul = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - ul
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - ul)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else ul)) & 255
        rows.append(bytes(line))
        prev = line
    return [row[x:x + 3] for row in rows for x in range(0, stride, bpp)]


def main():
    path, min_colours = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 8
    px = pixels(path)
    counts = {}
    for p in px:
        counts[p] = counts.get(p, 0) + 1
    background = max(counts, key=counts.get)
    drawn = 1 - counts[background] / len(px)
    if len(counts) < min_colours or drawn < 0.02:
        print(f"{path}: looks blank ({len(counts)} colours, {drawn:.1%} drawn)")
        return 1
    print(f"{path}: {len(counts)} colours, {drawn:.1%} of the pixels drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
