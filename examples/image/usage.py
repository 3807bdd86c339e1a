"""The image example from Python: resize, grayscale, blur and brighten a synthetic image."""
import numpy as np

import image

rng = np.random.default_rng(0)
photo = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)  # H x W x C, uint8
thumb = image.resize_bilinear(photo, 120, 160)                 # a new (120, 160, 3) image
gray = image.grayscale(thumb)                                  # (120, 160)
blur = image.convolve3x3(gray.astype(np.float32), np.full((3, 3), 1 / 9, np.float32))
image.brighten(thumb, 1.5)                                     # in place
print(thumb.shape, gray.shape, blur.dtype, int(thumb.max()))
try:
    image.grayscale(np.zeros((4, 4, 4), np.uint8))
except ValueError as e:
    print("ValueError:", e)
