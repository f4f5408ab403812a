# Type annotations are accepted and ignored, as Python does at run time.
def linear(x: torch.Tensor, w: torch.Tensor, b: float = 0.0) -> torch.Tensor:
    return x @ w + b


def count(items: list, *rest: int, scale: float = 1.0, **named: str) -> int:
    return len(items) * scale + len(rest) + len(named)


x: torch.Tensor = torch.tensor([[1.0, 2.0]])
w: torch.Tensor = torch.tensor([[0.5], [0.25]], requires_grad=True)
epochs: int = 3
learning_rate: float
print(linear(x, w, b=1.0), count([1, 2], 3, 4, scale=2.0, a="x"), epochs)


class Config:
    lr: float = 0.1
    name: str = "sgd"

    def __init__(self, lr: float) -> None:
        self.lr: float = lr


print(Config(0.5).lr, Config.lr, Config.name)
print(learning_rate)
