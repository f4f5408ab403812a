# A name error in a class body: the traceback names the class's frame.
class C:
    z = undefined_name
