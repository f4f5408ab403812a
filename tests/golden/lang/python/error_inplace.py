a = torch.tensor([1., 2.], requires_grad=True)
b = a.sigmoid()
b.mul_(2)
b.sum().backward()
