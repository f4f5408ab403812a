inverse = lambda v: 1 / v
print(inverse(4))
values = [inverse(v) for v in [2, 1, 0]]
