import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for f in (lambda: x[2], lambda: x[0, 3], lambda: x[-3], lambda: x[:, 5],
          lambda: x[torch.tensor([0, 5])], lambda: x[0, 0, 0], lambda: torch.tensor(1.0)[0]):
    try:
        f()
    except (IndexError, RuntimeError) as e:
        print(type(e).__name__ + ": " + str(e))
print(x[5:], x[:, 10:].shape)
