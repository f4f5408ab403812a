zeros = [0] * 10
many = [0] * 10**12
