# torch computes inf and nan silently: no NumPy warnings reach the script's stderr.
torch.log(torch.tensor(0.))
torch.tensor(1.) / torch.tensor(0.)
torch.tensor(0.) / torch.tensor(0.)
x = torch.tensor([0., 1.], requires_grad=True)
y = torch.sqrt(x).sum()
y.backward()
x.grad
