import torch

a = torch.ones(2, 2)
b = torch.ones(2, 2, dtype=torch.float64)
for f in (lambda: a @ b, lambda: torch.mm(a, b), lambda: torch.dot(torch.ones(2), torch.ones(2, dtype=torch.long)),
          lambda: a.add_(torch.ones(2, 2, dtype=torch.float64)).dtype,
          lambda: torch.ones(2, dtype=torch.long).add_(1.5)):
    try:
        r = f()
        print("ok", r)
    except RuntimeError as e:
        print(type(e).__name__ + ": " + str(e))
print(a, (a + b).dtype)
