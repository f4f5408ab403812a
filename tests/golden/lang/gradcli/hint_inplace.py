a = torch.tensor([1., 2.], requires_grad=True)
b = a.exp()
b += 1
b.sum().backward()
