# A traceback names only the script's frames, with a caret line under each failing expression.
def scale(t, by):
    return t.item() / by

def apply(values):
    return [scale(v, 0) for v in values]

print("start")
result = apply([torch.ones(1)])
