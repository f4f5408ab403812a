import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
for name, op in (("add_", lambda: w.add_(1)), ("+=", None), ("index", None), ("zero_", lambda: w.zero_())):
    try:
        if name == "+=":
            w += 1
        elif name == "index":
            w[0] = 5.0
        else:
            op()
    except RuntimeError as e:
        print(name, type(e).__name__ + ": " + str(e))
print(w)
with torch.no_grad():
    w.add_(1)
print(w)
