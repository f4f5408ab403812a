# dir() lists what a script may read: no dunders (Python's list __class__, __dict__, ...), no engine
# internals of a tensor, and a module's names as the language offers them
x = torch.ones(2, requires_grad=True)
print([name for name in dir(x) if name.startswith("_")])
print("_data" in dir(x), "_version" in dir(x))
print(dir(torch.optim))
class Box:
    def __init__(self):
        self._secret = 1
        self.shown = 2
print(dir(Box()))
print(dir(print), dir(lambda: 0))
