# Issue 12: one-element tensors inside torch.tensor([...]) are numbers: [[b, m]] has shape (1, 2).
import torch
b = torch.tensor([2.0]); m = torch.tensor(3.0)
print(torch.tensor([[b, m]]).shape, torch.tensor([b, m]).shape, torch.tensor([[b], [m]]).shape)
b=torch.tensor([2]); m=torch.tensor(3.5, dtype=torch.float64)
print(torch.tensor([[b, m]]), torch.tensor([b, 2.5]), torch.tensor([torch.tensor(True), 1]))
try: torch.tensor([torch.tensor([1.,2.]), torch.tensor([3.,4.])])
except Exception as e: print(type(e).__name__, e)
print(torch.tensor(torch.tensor([1, 2]).numpy()))
