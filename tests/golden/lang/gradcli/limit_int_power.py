print("before")
big = 10**10**10
