# Generators: yield, yield from, send, return values; generator expressions in sum/any/max; data batches.
def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "done"


print(list(countdown(3)))
gen = countdown(2)
print(next(gen), next(gen))
try:
    next(gen)
except StopIteration as stop:
    print("stopped with", stop.value)


def chained():
    yield "start"
    result = yield from countdown(2)
    yield result


print(list(chained()))


def accumulator():
    total = 0
    while True:
        value = yield total
        if value is None:
            break
        total += value


acc = accumulator()
next(acc)
print(acc.send(5), acc.send(7))


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    for i in range(0, num_examples, batch_size):
        batch_indices = torch.tensor(indices[i: min(i + batch_size, num_examples)])
        yield features[batch_indices], labels[batch_indices]


features = torch.arange(10.0).reshape(5, 2)
labels = torch.arange(5.0)
for X, y in data_iter(2, features, labels):
    print(X, y)

xs = [1.0, 2.0, 3.0]
print(sum(x * x for x in xs), max(abs(x - 2) for x in xs), any(x > 2 for x in xs), all(x > 2 for x in xs))
squares = (x * x for x in range(4))
print(list(squares), list(squares))
print(sorted((n % 3, n) for n in range(6)))
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = sum((w[i] - t) ** 2 for i, t in enumerate([0.5, 1.0]))
loss.backward()
print(loss, w.grad)


def evens():
    n = 0
    while True:
        yield n
        n += 2


print([v for v, _ in zip(evens(), range(4))])


def with_cleanup():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")


for v in with_cleanup():
    print(v)
    break
g = with_cleanup()
next(g)
g.close()


def failing():
    yield 1
    raise ValueError("bad batch")


for v in failing():
    print(v)
