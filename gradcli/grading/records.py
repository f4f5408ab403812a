"""The base of the records grading makes (ProblemSpec, Point, Graded, Result, Finding): compared and shown
field by field, and copied with changes, as @dataclass's are, without the methods @dataclass compiles for
each class as its module loads (some 3 M instructions a class, paid at every start of `gradcli check`).
Each record's own __init__ sets its FIELDS."""


class Record:
    FIELDS = ()

    def __eq__(self, other):
        return type(self) is type(other) and all(getattr(self, name) == getattr(other, name) for name in self.FIELDS)

    __hash__ = None  # mutable, as a dataclass without frozen=True

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{name}={getattr(self, name)!r}' for name in self.FIELDS)})"

    def replace(self, **changes):
        """A copy with `changes` (dataclasses.replace)."""
        return type(self)(**{**{name: getattr(self, name) for name in self.FIELDS}, **changes})
