def ratio(a, b):
    return a / b
for d in [2, 1, 0]:
    print(ratio(1, d))
