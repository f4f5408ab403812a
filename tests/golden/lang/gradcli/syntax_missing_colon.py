x = torch.ones(2)
for i in range(2)
    print(i)
