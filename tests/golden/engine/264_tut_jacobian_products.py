import torch

inp = torch.eye(4, 5, requires_grad=True)
out = (inp+1).pow(2).t()

out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call : {inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"Second call : {inp.grad}")

inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"Call after zeroing grad: {inp.grad}")
