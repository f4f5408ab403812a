# Dicts and sets: literals, methods, comprehensions, ** unpacking, tensors as values.
config = {"lr": 0.1, "epochs": 3, "momentum": 0.9}
print(config, len(config), config["lr"], config.get("batch", 32))
config["epochs"] = 5
config.update(lr=0.05)
print(sorted(config.items()), list(config.keys()), "momentum" in config)
defaults = {"lr": 1.0, "wd": 0.0}
merged = {**defaults, **config, "name": "sgd"}
print(merged)
squares = {n: n * n for n in range(5) if n % 2 == 0}
print(squares, {v: k for k, v in squares.items()})
params = {"w": torch.tensor([1.0, 2.0], requires_grad=True), "b": torch.tensor(0.5, requires_grad=True)}
loss = (params["w"] * 3).sum() + params["b"] ** 2
loss.backward()
grads = {name: p.grad for name, p in params.items()}
print(grads)
seen = {1, 2, 3}
seen.add(2)
seen.add(4)
print(seen, {1, 2} | {5}, seen & {2, 9}, seen - {1}, {x % 3 for x in range(10)}, set(), frozenset([1, 1, 2]))
empty = {}
print(empty, dict())
def keywords(**options):
    return options
print(keywords(**{"a": 1}, b=2), dict(zip("abc", range(3))), dict(a=1))
print(config["missing"])
