# id() (d2l: `before = id(Y); Y = Y + X; id(Y) == before`), getattr with and without a default, hasattr
X = torch.ones(3)
Y = torch.zeros(3)
before = id(Y)
Y = Y + X
id(Y) == before
before = id(X)
X += Y
id(X) == before
type(id(X))

class Point:
    def __init__(self):
        self.x = 1
point = Point()
getattr(point, "x"), getattr(point, "y", 0), hasattr(point, "x"), hasattr(point, "y"), getattr(X, "shape")
model = torch.nn.Linear(2, 1)
[hasattr(model, name) for name in ("weight", "bias", "forward", "nothing")]
getattr(point, "y")
