# The builtins the language keeps, over torch's star-imported names of the same spelling.
print("a", 1, 2.5, None, [1], sep="|", end="!\n")
print()
print("no newline", end="")
print(" then more")
print(*[1, 2, 3])
len([1, 2]), len("abc"), len(torch.zeros(4, 2))
list(range(3)), list(range(1, 10, 3)), tuple("ab")
list(zip([1, 2, 3], "ab")), list(enumerate("xy", 1))
float("1.5"), float(3), int("42"), int(3.9), int(-3.9), bool(0), bool([0]), str(12), str(None)
float(torch.tensor(2.5)), int(torch.tensor(7)), bool(torch.tensor(1.))
abs(-3), abs(-2.5), abs(torch.tensor([-1., 2.]))
min(3, 1, 2), max([4, 9, 2]), min("hello"), max(3, 4)
max([1, -5, 3], key=abs), min([[3], [1, 2]], key=len)
sum([1, 2, 3]), sum([0.5, 0.25], 10), sum([torch.tensor(1.), torch.tensor(2.)])
round(2.5), round(3.5), round(2.675, 2), round(7)
pow(2, 10), pow(2.0, 0.5), pow(3, 4, 5)
all([1, 2]), all([]), any([0, None]), any([0, 1])
isinstance(3, int), isinstance(3.0, (int, float)), isinstance(torch.ones(1), torch.Tensor)
isinstance(True, int), isinstance("s", str)
str.upper("abc"), "a,b".split(","), "-".join(["x", "y"]), "{} and {}".format(1, 2)
"{0:.2f}|{name:>5}".format(3.14159, name="ab")
[1, 2, 3].index(2), "abc".find("c"), " pad ".strip()
items = [3, 1, 2]
items.sort()
items
items.append(4)
items.pop()
items
float, int, bool
torch.float, torch.int, torch.bool
