import torch

x = torch.arange(6.0)
for f in (lambda: x.reshape(4, 2), lambda: x.view(4, -1), lambda: x.view(-1, -1),
          lambda: x.reshape(2, 3).t().view(6), lambda: x.view(5)):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__ + ": " + str(e))
print(x.reshape(2, 3).t().reshape(6))
