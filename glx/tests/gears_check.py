#!/usr/bin/env python3
"""gears_check.py - compares two xwd screenshots of glxgears' window.

    gears_check.py REFERENCE.xwd TEST.xwd

glxgears draws a red, a green and a blue gear, lit, on black.  Each
screenshot's pixels are classified by their dominant channel (a pixel
counts for a gear when that channel exceeds the other two by a margin and
is not near black); the share of the window each gear covers must be close
in both screenshots (glxgears turns the gears by the clock, so the exact
pixels differ, but the covered area barely does).  Exit 0 when every share
is within tolerance, 1 otherwise (or for a malformed file).
"""
import struct
import sys

# relative difference allowed between the shares of a gear, and the
# least share a gear must cover (glxgears' default view: about 6-20 %)
TOLERANCE = 0.20
MIN_SHARE = 0.02


def read_xwd(path):
    """Width, height and a list of (r, g, b) of an XWD (X11 window dump)."""
    data = open(path, "rb").read()
    if len(data) < 100:
        raise ValueError(f"{path}: too short for an XWD header")
    # the header is 25 CARD32 (big-endian as xwd writes it)
    h = struct.unpack(">25I", data[:100])
    header_size, version, fmt, depth, width, height = h[0:6]
    byte_order, bits_per_pixel, bytes_per_line = h[7], h[11], h[12]
    red_mask, green_mask, blue_mask = h[14], h[15], h[16]
    ncolors = h[19]
    if version != 7 or fmt != 2 or bits_per_pixel != 32:
        raise ValueError(f"{path}: not a 32-bit ZPixmap XWD (version {version}, format {fmt}, "
                         f"{bits_per_pixel} bpp)")
    offset = header_size + ncolors * 12  # the window name, then XWDColor entries
    need = offset + bytes_per_line * height
    if len(data) < need:
        raise ValueError(f"{path}: {len(data)} bytes, the image needs {need}")
    order = "<" if byte_order == 0 else ">"

    def shift(mask):
        return (mask & -mask).bit_length() - 1

    rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
    pixels = []
    for y in range(height):
        row = data[offset + y * bytes_per_line: offset + y * bytes_per_line + width * 4]
        for (p,) in struct.iter_unpack(order + "I", row):
            pixels.append(((p & red_mask) >> rs, (p & green_mask) >> gs, (p & blue_mask) >> bs))
    return width, height, pixels


def shares(path):
    """The share of the window of red, green and blue gear pixels."""
    width, height, pixels = read_xwd(path)
    counts = [0, 0, 0]
    for px in pixels:
        m = max(px)
        if m < 24:
            continue  # background (and the darkest shading)
        i = px.index(m)
        others = [px[j] for j in range(3) if j != i]
        if m > max(others) + 16:
            counts[i] += 1
    total = float(width * height)
    return [c / total for c in counts]


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        ref, test = shares(sys.argv[1]), shares(sys.argv[2])
    except (OSError, ValueError) as e:
        print(f"gears_check: {e}", file=sys.stderr)
        return 1
    ok = True
    for name, r, t in zip(("red", "green", "blue"), ref, test):
        good = r >= MIN_SHARE and t >= MIN_SHARE and abs(t - r) <= TOLERANCE * r
        print(f"{name:5} gear: reference {100 * r:5.2f} %  test {100 * t:5.2f} %  "
              f"{'ok' if good else 'DIFFERS'}")
        ok &= good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
