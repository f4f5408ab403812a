x = torch.ones(3)
huge = torch.zeros(100000, 100000)
