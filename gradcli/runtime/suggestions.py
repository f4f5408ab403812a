"""Python's "Did you mean" for a misspelt name, as Python 3.11 adds it to a NameError or AttributeError it
reports (CPython's Python/suggestions.c, ported): the closest candidate by an edit distance in which a
change of case costs 1 and any other edit 2, within a third of the characters involved; none from a list of
750 names or more.

A NameError searches the failing frame's local variable names, then its globals, then the builtins, as
Python's frames hold them: a script's globals are the names it binds, with the module attributes Python
gives every script (the names gradcli's prelude star-imports from torch are not among them); an
AttributeError searches dir() of the object (a tensor's are the attributes scripts may use).
"""

import builtins

MAX_CANDIDATE_ITEMS = 750
MAX_STRING_SIZE = 40
MOVE_COST = 2
CASE_COST = 1
# What `python script.py` has in its globals before the script binds anything.
SCRIPT_GLOBALS = ("__name__", "__doc__", "__package__", "__loader__", "__spec__", "__annotations__",
                  "__builtins__", "__file__", "__cached__")


def suggestion(error, candidate_lists):
    """The name to suggest for `error.name` from the first of `candidate_lists` that has one, or None."""
    name = getattr(error, "name", None)
    if not isinstance(name, str):
        return None
    for candidates in candidate_lists:
        found = closest(name, candidates)
        if found is not None:
            return found
    return None


def closest(name, candidates):
    """The candidate nearest to `name` (the first of those as near), if near enough; None from a list of
    MAX_CANDIDATE_ITEMS or more."""
    if len(candidates) >= MAX_CANDIDATE_ITEMS:
        return None
    best, best_distance = None, None
    for candidate in candidates:
        if candidate == name:
            continue
        # no more than a third of the characters involved may change, and only to beat the best so far
        limit = (len(name.encode()) + len(candidate.encode()) + 3) * MOVE_COST // 6
        if best_distance is not None:
            limit = min(limit, best_distance - 1)
        distance = _distance(name.encode(), candidate.encode(), limit)
        if distance <= limit and (best is None or distance < best_distance):
            best, best_distance = candidate, distance
    return best


def name_candidates(local_names, global_names):
    """Python's three lists for a NameError: the frame's local variables, its globals, the builtins."""
    return [list(local_names), list(global_names), list(vars(builtins))]


def _distance(a, b, limit):
    """The edit distance of byte strings a and b, or limit + 1 when it is larger than limit."""
    while a and b and a[0] == b[0]:  # common prefix and suffix cost nothing
        a, b = a[1:], b[1:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_STRING_SIZE or len(b) > MAX_STRING_SIZE:
        return limit + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > limit:
        return limit + 1
    row = [MOVE_COST * (i + 1) for i in range(len(a))]  # cost from b[:0] to a[:i + 1]
    result = 0
    for b_index, code in enumerate(b):
        distance = result = b_index * MOVE_COST
        minimum = None
        for index, other in enumerate(a):
            substitute = distance + _substitution_cost(code, other)
            distance = row[index]
            result = min(min(result, distance) + MOVE_COST, substitute)
            row[index] = result
            minimum = result if minimum is None else min(minimum, result)
        if minimum > limit:
            return limit + 1
    return result


def _substitution_cost(a, b):
    if a & 31 != b & 31:  # not the same letter in another case
        return MOVE_COST
    if a == b:
        return 0
    return CASE_COST if _lower(a) == _lower(b) else MOVE_COST


def _lower(byte):
    return byte + 32 if 65 <= byte <= 90 else byte
