# The REPL's echo: top-level expression statements print their repr unless the value is None,
# also inside top-level for/if/with/try bodies, never inside a function body.
42
"a string shows its quotes"
None
print("print returns None, which is not echoed")
[1, "two", None]
(None,)
x = 5
x
torch.tensor([1.5, 2.5], requires_grad=True)
torch.ones(2, 2, requires_grad=True) * 2
torch.zeros(3).shape
torch.tensor(1.0).dtype
torch.float64
z = torch.tensor(2.0, requires_grad=True) ** 2
z.grad_fn
z.grad_fn.name()
z.grad_fn.next_functions
z.is_leaf, z.requires_grad
torch.tensor([1, 2, 3])
torch.tensor([True, False])
torch.tensor(3.5).item()
torch.arange(4).tolist()
def show():
    "inside a def: not echoed"
    7
show()
for i in range(2):
    i
    None
if x:
    "inside if"
try:
    "inside try"
except ValueError:
    pass
finally:
    "inside finally"
with torch.no_grad():
    "inside with"
'''a docstring-like
string at top level'''
print
len
show
lambda: 0
