import torch

print(type(torch.tensor(2.5).item()).__name__, torch.tensor(2.5).item())
print(type(torch.tensor(3).item()).__name__, torch.tensor(3).item())
print(type(torch.tensor(True).item()).__name__, torch.tensor(True).item())
print(torch.tensor([0.1]).item())
print(torch.tensor(0.1, dtype=torch.float64).item())
print(torch.tensor([[7.0]]).item())
print(float(torch.tensor(1.5)), int(torch.tensor(2.9)), bool(torch.tensor(0.0)))
print(torch.tensor([1.5, 2.5]).tolist(), torch.tensor([[1, 2]]).tolist(), torch.tensor(4.0).tolist())
