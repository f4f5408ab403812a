import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor(3)
print([a, b])
print((a, b))
print({"w": a})
print(f"value: {a}")
print("grad:", a.grad)
print("{} and {}".format(a, b))
print(a.shape, a.dtype, a.device)
