def area(width, height, scale=1):
    return width * height * scale

print(area(2, 3))
print(area(2, height=3, scale=2))
area(2)
