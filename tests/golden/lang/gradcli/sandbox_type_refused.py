# type() answers with the classes a script may hold: a metaclass would build classes past the sandbox's class
# statement, and the runtime's own values (modules, builtins) are not the script's to construct
from torch import nn
for value in (nn.Linear, torch, print):
    try:
        type(value)
    except TypeError as e:
        print("TypeError:", e)
try:
    type("X", (), {})  # the one-argument form only
except TypeError as e:
    print("TypeError:", e)
delattr(torch, "tensor")
