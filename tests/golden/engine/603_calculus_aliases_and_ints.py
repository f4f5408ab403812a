# Issue 11: numpy-style aliases (arctan, arcsin, ...), integer inputs, special values.
import torch

x = torch.tensor([0.25, -0.5], requires_grad=True)
print(torch.arctan(x), torch.arcsin(x), torch.arccos(x))
print(x.arctan(), x.arcsin(), x.arccos())
print(torch.arcsinh(x), torch.arctanh(x), torch.arccosh(x + 2))
print(torch.atan(torch.tensor([1, 2])), torch.erf(torch.tensor([0, 1])), torch.exp2(torch.tensor([3, -1])))
print(torch.log10(torch.tensor([100.0, 0.0, -1.0])), torch.log2(torch.tensor([8.0, 0.5])))
print(torch.asin(torch.tensor([1.5])), torch.acosh(torch.tensor([0.5])), torch.atanh(torch.tensor([1.0, -1.0])))
print(torch.sinc(torch.tensor([0.0, 0.5, 1.0, 2.5])), torch.erfc(torch.tensor([-3.0, 0.0, 5.0])))
print(torch.expm1(torch.tensor([1e-8, 1.0])), torch.tensor([1e-8, 1.0], dtype=torch.float64).expm1())
s = torch.tensor([0.0, 1.0], requires_grad=True)
torch.sinc(s).sum().backward()
print(s.grad)
print(torch.hypot(torch.tensor([3.0]), torch.tensor([4.0])), torch.exp2(torch.tensor(10.0)))
