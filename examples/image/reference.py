"""Pure-NumPy reference implementations of examples/image/image.h, for tests and benchmarks."""
from __future__ import annotations

import numpy as np


def resize_nearest(src: np.ndarray, oh: int, ow: int) -> np.ndarray:
    h, w = src.shape[:2]
    ys = np.arange(oh, dtype=np.int64) * h // oh
    xs = np.arange(ow, dtype=np.int64) * w // ow
    return src[ys][:, xs]


def _source(n: int, out: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    s = (np.arange(out, dtype=np.float32) + np.float32(0.5)) * np.float32(n) / np.float32(out) \
        - np.float32(0.5)
    s = np.clip(s, np.float32(0), np.float32(n - 1))
    i0 = s.astype(np.int64)
    return i0, np.minimum(i0 + 1, n - 1), (s - i0).astype(np.float32)


def resize_bilinear(src: np.ndarray, oh: int, ow: int) -> np.ndarray:
    h, w = src.shape[:2]
    y0, y1, ty = _source(h, oh)
    x0, x1, tx = _source(w, ow)
    f = src.astype(np.float32)
    tx, ty = tx[None, :, None], ty[:, None, None]
    top = f[y0][:, x0] + (f[y0][:, x1] - f[y0][:, x0]) * tx
    bottom = f[y1][:, x0] + (f[y1][:, x1] - f[y1][:, x0]) * tx
    out = top + (bottom - top) * ty
    if src.dtype == np.uint8:
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return out


def grayscale(rgb: np.ndarray) -> np.ndarray:
    f = rgb.astype(np.float32)
    g = np.float32(0.299) * f[..., 0] + np.float32(0.587) * f[..., 1] \
        + np.float32(0.114) * f[..., 2]
    return np.clip(np.rint(g), 0, 255).astype(np.uint8)


def convolve3x3(src: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    h, w = src.shape
    padded = np.pad(src.astype(np.float32), 1, mode="edge")
    out = np.zeros((h, w), np.float32)
    for dy in range(3):
        for dx in range(3):
            out += np.float32(kernel[dy, dx]) * padded[dy:dy + h, dx:dx + w]
    return out


def brighten(img: np.ndarray, gain: float) -> np.ndarray:
    return np.clip(np.rint(img.astype(np.float32) * np.float32(gain)), 0, 255).astype(np.uint8)
