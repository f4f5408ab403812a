column = torch.ones(20000, 1)
row = torch.ones(1, 20000)
product = column @ row
