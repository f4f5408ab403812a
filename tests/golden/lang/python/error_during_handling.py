# An error inside an except block: Python shows both, the first one "during handling".
def load():
    return [][0]

try:
    load()
except IndexError:
    print("handling")
    undefined_function()
