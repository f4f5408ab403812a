# Source: PyTorch docs, "torch.Tensor.register_hook" and "torch.autograd.grad" examples, https://github.com/pytorch/pytorch/blob/main/torch/_tensor.py and https://github.com/pytorch/pytorch/blob/main/docs/source/notes/autograd.rst
# The register_hook docstring example, then the autograd notes' "Locally disabling gradient computation"
# examples; edits: none.
import torch

v = torch.tensor([0., 0., 0.], requires_grad=True)
h = v.register_hook(lambda grad: grad * 2)  # double the gradient
v.backward(torch.tensor([1., 2., 3.]))
v.grad

h.remove()  # removes the hook

x = torch.zeros(1, requires_grad=True)
with torch.no_grad():
    y = x * 2
y.requires_grad

is_train = False
with torch.set_grad_enabled(is_train):
    y = x * 2
y.requires_grad

torch.set_grad_enabled(True)
y = x * 2
y.requires_grad

torch.set_grad_enabled(False)
y = x * 2
y.requires_grad
torch.set_grad_enabled(True)
