x = torch.ones(2)
    y = x * 2
