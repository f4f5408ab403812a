# numpy.random as the tutorials seed and draw it (legacy seed/randn, default_rng), and ufuncs writing with out=
# (the NumPy bridge: an array shared with a tensor)
import numpy as np
import numpy.random as npr
from numpy.random import randn

np.random.seed(42)
print(np.random.randn(3), randn(), npr.randint(0, 10, size=4), np.random.normal(0, 1, (2,)))
print(np.random.uniform(-1, 1, size=3), np.random.permutation(5), np.random.choice(5, 3), np.random.rand(2, 2))
rng = np.random.default_rng(1)
print(rng.normal(size=3), rng.integers(0, 5, 4), rng.random(2))
a = np.arange(6).reshape(2, 3)
np.random.shuffle(a)
a
n = np.zeros(3)
t = torch.from_numpy(n)
np.multiply(n + 2, 3, out=n)
t
np.sort(np.array([3, 1, 2])), np.vstack([n, n]).shape, np.add(t.numpy(), 1)
