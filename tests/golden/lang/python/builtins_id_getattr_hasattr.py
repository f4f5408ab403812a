# id() (d2l checks `id(Y) == before` after an in-place update: tests/golden/tutorials/050), getattr with and
# without a default, hasattr
X = torch.ones(3)
alias, copy = X, X.clone()
id(alias) == id(X), id(copy) == id(X), id(X.data) == id(X), type(id(X))

class Point:
    def __init__(self):
        self.x = 1
point = Point()
getattr(point, "x"), getattr(point, "y", 0), hasattr(point, "x"), hasattr(point, "y"), getattr(X, "shape")
model = torch.nn.Linear(2, 1)
[hasattr(model, name) for name in ("weight", "bias", "forward", "nothing")]
getattr(point, "y")
