# dir(): the names of a scope, and the public attributes of values (Python's dunders are not compared: a
# gradcli script's dir() lists none)
def f(a, b=2):
    c = a + b
    return dir()

print(f(1))

class Point:
    scale = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

p = Point(3, 4)
public = lambda names: [name for name in names if not name.startswith("_")]
print(public(dir(p)))
print(public(dir(Point)))
print(public(dir([1, 2])))
print(public(dir("text")) == public(dir(str)))
print("grad" in dir(torch.ones(2)), "backward" in dir(torch.ones(2)))
print("relu" in dir(F), "SGD" in dir(torch.optim), "Linear" in dir(torch.nn))

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = torch.nn.Linear(2, 3)
        self.register_buffer("running", torch.zeros(3))
        self.gain = torch.nn.Parameter(torch.ones(1))

net = Net()
print([name for name in ("hidden", "running", "gain", "forward", "parameters", "training") if name in dir(net)])
x = torch.tensor([1.0, 2.0], requires_grad=True)
saved = lambda node: [name for name in dir(node) if name.startswith("_saved_")]
print(saved((x + x).grad_fn), saved((x ** 2).grad_fn), saved(x.exp().grad_fn), saved((x * x).grad_fn))
dir(1, 2)
