import torch

x = torch.tensor([1.0], requires_grad=True)
is_train = False
with torch.set_grad_enabled(is_train):
    y = x * 2
print(y.requires_grad)
torch.set_grad_enabled(False)
z = x * 2
print(z.requires_grad, torch.is_grad_enabled())
torch.set_grad_enabled(True)
w = x * 2
print(w.requires_grad, torch.is_grad_enabled())
with torch.set_grad_enabled(True):
    print((x * 2).requires_grad)
