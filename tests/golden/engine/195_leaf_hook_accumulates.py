import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
w.register_hook(lambda g: g * 0.5)
for i in range(2):
    (w * torch.tensor([4.0, 8.0])).sum().backward()
    print(i, w.grad)
h = w.register_hook(lambda g: print("second hook:", g))
(w * 2).sum().backward()
h.remove()
(w * 2).sum().backward()
print(w.grad)
