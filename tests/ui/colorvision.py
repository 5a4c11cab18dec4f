"""Colour vision for the themes' tests: sRGB to CIELAB, CIEDE2000, and simulated colour blindness.

- CIELAB (D65) from sRGB, and the CIEDE2000 colour difference: G. Sharma, W. Wu and
  E. N. Dalal, "The CIEDE2000 color-difference formula: implementation notes,
  supplementary test data, and mathematical observations", Color Research & Application
  30 (2005). ``test_themes.py`` checks this code against their test data.
- Dichromacy (severity 1) with the matrices of G. M. Machado, M. M. Oliveira and
  L. A. F. Fernandes, "A physiologically-based model for simulation of color vision
  deficiency", IEEE TVCG 15 (2009), applied to linear RGB.

A ΔE00 of about 1 is the smallest difference one notices side by side; two card colours
20 or more apart are told apart at a glance.
"""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]


def from_hex(text: str) -> RGB:
    text = text.lstrip("#")
    return int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _gamma(channel: float) -> float:
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """What a person with ``deficiency`` ("protanopia", "deuteranopia", "tritanopia") sees of ``rgb``."""
    linear = [_linear(channel) for channel in rgb]
    seen = (
        min(1.0, max(0.0, sum(weight * value for weight, value in zip(row, linear, strict=True))))
        for row in MACHADO[deficiency]
    )
    red, green, blue = (_gamma(channel) for channel in seen)
    return red, green, blue


def lab(rgb: RGB) -> Lab:
    """CIELAB under D65 of an sRGB colour."""
    red, green, blue = (_linear(channel) for channel in rgb)
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(one: Lab, other: Lab) -> float:
    """ΔE00 between two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = one
    l2, a2, b2 = other
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)

    def hue(a: float, b: float) -> float:
        return 0.0 if a == 0 and b == 0 else math.degrees(math.atan2(b, a)) % 360

    h1, h2 = hue(a1, b1), hue(a2, b2)
    delta_l, delta_c = l2 - l1, c2 - c1
    if c1 * c2 == 0:
        delta_h = 0.0
    else:
        delta_h = h2 - h1
        if delta_h > 180:
            delta_h -= 360
        elif delta_h < -180:
            delta_h += 360
    delta_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(delta_h / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt(
        (delta_l / s_l) ** 2
        + (delta_c / s_c) ** 2
        + (delta_big_h / s_h) ** 2
        + r_t * (delta_c / s_c) * (delta_big_h / s_h)
    )


def difference(one: str, other: str, deficiency: str | None = None) -> float:
    """ΔE00 between two hex colours as seen with ``deficiency`` (None: normal colour vision)."""
    first, second = from_hex(one), from_hex(other)
    if deficiency is not None:
        first, second = simulate(first, deficiency), simulate(second, deficiency)
    return ciede2000(lab(first), lab(second))
