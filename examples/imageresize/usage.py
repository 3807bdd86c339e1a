"""examples/imageresize: a numpy image in, a numpy image out, through an OpenCV operator.

    sh examples/imageresize/build.sh
    PYTHONPATH=examples/imageresize/out python examples/imageresize/usage.py
"""

import imageresize
import numpy as np

INTER_NEAREST, INTER_LINEAR = 0, 1  # cv::InterpolationFlags

image = np.random.default_rng(0).integers(0, 256, (480, 640, 3), dtype=np.uint8)

# the 200 x 100 region at (10, 20), twice as wide and half as high
small = imageresize.ImageResize(image, (10, 20, 200, 100), 2.0, 0.5)
print(small.shape, small.dtype)  # (50, 400, 3) uint8

# nearest neighbour, and the same through cv::InputArray / cv::OutputArray
near = imageresize.ImageResizeInto(image, (0, 0, 640, 480), 0.5, 0.5, INTER_NEAREST)
assert (near == image[::2, ::2]).all()

# any OpenCV depth, one channel or several; a numpy view (a crop) goes in without a copy
gray = image[..., 0].astype(np.float32)
print(imageresize.ImageResize(gray[100:300, 100:300], (0, 0, 200, 200), 0.25, 0.25).shape)

# wrong inputs are Python errors naming the argument
try:
    imageresize.ImageResize(image, (0, 0, 10), 1.0, 1.0)
except TypeError as e:
    print(e)
try:
    imageresize.ImageResize(image, (600, 0, 100, 100), 1.0, 1.0)  # outside the image
except RuntimeError as e:
    print("OpenCV:", str(e).splitlines()[0][:70])
