"""The matrix example from Python."""
import numpy as np

import matrix

a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
print(matrix.matmul(a, b))
print(matrix.transpose(a).shape, matrix.dot([1, 2], [3, 4]))
try:
    matrix.matmul(a, a)
except ValueError as e:
    print("ValueError:", e)
