import torch

for f in (lambda: torch.tensor([[1, 2], [3]]), lambda: torch.ones(-1),
          lambda: torch.tensor("a"), lambda: torch.zeros(2).view(3),
          lambda: torch.tensor([1.0]).no_such_method()):
    try:
        print(f())
    except (RuntimeError, ValueError, TypeError, AttributeError) as e:
        print(type(e).__name__ + ": " + str(e))
