# Source: PyTorch tutorials, "Automatic Differentiation with torch.autograd" (Learn the Basics), https://github.com/pytorch/tutorials/blob/main/beginner_source/basics/autogradqs_tutorial.py
# "Disabling Gradient Tracking" with the set-up lines of the first section; edits: torch.manual_seed(0) added.
import torch
torch.manual_seed(0)

x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)

z = torch.matmul(x, w)+b
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, w)+b
print(z.requires_grad)

z = torch.matmul(x, w)+b
z_det = z.detach()
print(z_det.requires_grad)
