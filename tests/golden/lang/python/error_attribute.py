x = torch.ones(2, requires_grad=True)
x.gard
