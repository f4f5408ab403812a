w = torch.ones(3, requires_grad=True)
out = w * torch.tensor([1., 2., 3.])
out.backward()
