x = 1
print(x)
print(y + 1)
