import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
for g in (torch.zeros(3), torch.zeros(2, dtype=torch.float64), [1.0, 2.0]):
    try:
        x.grad = g
        print("assigned", x.grad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__ + ": " + str(e))
x.grad = torch.tensor([0.5, 0.5])
print(x.grad)
