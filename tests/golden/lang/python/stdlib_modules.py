# import random (seeded), functools.partial / reduce, itertools basics.
import random
from functools import partial, reduce
import itertools
from itertools import count, islice

random.seed(42)
print(random.random(), random.randint(1, 6), random.uniform(-1, 1))
items = list(range(10))
random.shuffle(items)
print(items, random.choice(items), random.sample(items, 3))
print(round(random.gauss(0, 1), 6), random.randrange(0, 100, 5), random.choices("abc", k=4))
random.seed(42)
print(random.random())


def scaled(x, scale, shift=0.0):
    return x * scale + shift


double = partial(scaled, scale=2.0)
print(double(3.0), double(3.0, shift=1.0), partial(scaled, 1.0, 10.0)())
print(reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 0))
print(list(islice(count(10, 5), 4)), list(itertools.chain([1, 2], (3,), "ab")))
print(list(itertools.product([0, 1], repeat=2)), list(itertools.repeat("x", 3)))
print(list(itertools.chain(*[[1], [2, 3]])), list(itertools.combinations([1, 2, 3], 2)))
print(list(itertools.accumulate([1, 2, 3, 4])), list(zip(count(), "abc")))
torch.manual_seed(0)
batches = [torch.randn(2) for _ in range(3)]
for i, batch in zip(itertools.count(1), batches):
    print(i, batch)
