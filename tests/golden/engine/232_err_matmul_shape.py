import torch

a = torch.ones(2, 3)
b = torch.ones(2, 3)
for f in (lambda: a @ b, lambda: torch.mm(a, b), lambda: torch.matmul(a, b),
          lambda: torch.mv(a, torch.ones(2)), lambda: torch.dot(torch.ones(2), torch.ones(3)),
          lambda: torch.dot(a, b), lambda: torch.ones(3) @ torch.ones(4),
          lambda: torch.ones(2, 2, 3) @ torch.ones(2, 2, 3)):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__ + ": " + str(e))
print((a @ b.t()).shape)
