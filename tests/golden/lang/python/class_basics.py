# Classes: __init__, methods, instance and class attributes, special methods a tutorial defines.
class Polynomial:
    """a0 + a1 x + a2 x^2 + ..."""
    instances = 0

    def __init__(self, *coefficients):
        self.coefficients = list(coefficients)
        Polynomial.instances += 1

    def __call__(self, x):
        return sum(a * x ** i for i, a in enumerate(self.coefficients))

    def __len__(self):
        return len(self.coefficients)

    def __getitem__(self, i):
        return self.coefficients[i]

    def __repr__(self):
        terms = [f"{a}*x^{i}" for i, a in enumerate(self.coefficients) if a]
        return "Polynomial(" + " + ".join(terms) + ")"

    def __add__(self, other):
        longest = max(len(self), len(other))
        padded = [self.coefficients + [0] * (longest - len(self)), other.coefficients + [0] * (longest - len(other))]
        return Polynomial(*[a + b for a, b in zip(*padded)])

    def __eq__(self, other):
        return self.coefficients == other.coefficients

    def derivative(self):
        return Polynomial(*[i * a for i, a in enumerate(self.coefficients)][1:])


p = Polynomial(1, 2, 3)
q = Polynomial(0, 1)
print(p, len(p), p[2], p(2))
print(p + q, p == Polynomial(1, 2, 3), p == q)
print(p.derivative(), Polynomial.instances, p.instances)
x = torch.tensor(2.0, requires_grad=True)
y = p(x)
y.backward()
print(y, x.grad)
print(isinstance(p, Polynomial), callable(p), bool(p))
p.name = "quadratic"
print(p.name, p.coefficients)
p.instances = 100
print(p.instances, Polynomial.instances)
print([c for c in p], 3 in p.coefficients)
print(p.missing)
