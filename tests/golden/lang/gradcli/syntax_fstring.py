loss = 0.5
print(f"loss: {loss:.2f")
