import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    x.numpy()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
try:
    (x * 2).numpy()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
print(x.detach().numpy(), x.tolist(), x.sum().item())
print(x.data.numpy())
