total = 0
def add(v):
    total = total + v
    return total
add(1)
