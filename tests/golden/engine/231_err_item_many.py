import torch

x = torch.tensor([1.0, 2.0])
try:
    x.item()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
try:
    torch.zeros(2, 3).item()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
try:
    float(x)
except Exception as e:
    print(type(e).__name__ + ": " + str(e))
try:
    torch.tensor([]).item()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
print(torch.tensor([[3.5]]).item())
