# Sets, dicts and sorted lists are held to the element cap too, before they are built.
print(len(sorted(range(5))))
squares = {n: n * n for n in range(100)}
print(len(squares))
big = sorted(range(10**9))
