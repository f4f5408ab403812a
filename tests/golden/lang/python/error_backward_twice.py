# An uncaught RuntimeError from the engine: a second backward through a freed graph.
x = torch.tensor(3.0, requires_grad=True)
y = x * x
y.backward()
print(x.grad)
y.backward()
print("never printed")
