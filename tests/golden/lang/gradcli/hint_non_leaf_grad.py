x = torch.tensor([1., 2.], requires_grad=True)
h = x * 3
out = h.sum()
out.backward()
print(x.grad)
print(h.grad)
