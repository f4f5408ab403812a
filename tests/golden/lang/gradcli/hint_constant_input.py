x = torch.tensor(2.0)
y = x ** 3
y.backward()
