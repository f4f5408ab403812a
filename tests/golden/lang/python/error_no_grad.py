x = torch.tensor([1., 2.])
y = (x * 3).sum()
y.backward()
