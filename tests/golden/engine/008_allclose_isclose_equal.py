import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([1.0, 2.0000001, 3.1])
print(torch.allclose(a, a))
print(torch.allclose(a, b))
print(torch.allclose(a, b, atol=0.2))
print(torch.isclose(a, b))
print(torch.equal(a, a.clone()))
print(torch.equal(a, b))
print(torch.equal(a, torch.tensor([1.0, 2.0])))
print(a.allclose(b, rtol=0.1))
print(torch.eq(a, b), a == b)
