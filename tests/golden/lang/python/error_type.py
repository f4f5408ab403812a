x = torch.ones(2)
print(x + 1)
"text" + 1
