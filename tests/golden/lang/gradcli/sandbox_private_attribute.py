x = torch.ones(2)
x._version
x.__class__
