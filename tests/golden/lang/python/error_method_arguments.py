# A method called with too few arguments: Python's message names the method by its qualified name.
class Net:
    def __init__(self, a, b):
        self.a = a

Net(1)
