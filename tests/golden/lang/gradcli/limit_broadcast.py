small = torch.ones(1000)
outer = small[:, None] * torch.ones(1, 100000)
