# StopIteration inside a list comprehension passes through; inside a generator expression it becomes a RuntimeError (PEP 479).
it = iter([1])
try:
    [next(it) for _ in range(2)]
except StopIteration:
    print("stop")
it = iter([1])
print(list(next(it) for _ in range(2)))
