# Literals, operators, comparisons, boolean logic, conditional expressions, indexing and slicing.
x = 0
1 + 2 * 3 - 4 / 2
7 // 2, -7 // 2, 7 % 3, -7 % 3, 2 ** 10, 2 ** -1, 10 ** 3 ** 2
0x1f, 0o17, 0b101, 1_000_000, 1e-3, 2.5e2, .5, 5.
-3, +3, ~5, not 0
6 & 3, 6 | 3, 6 ^ 3
True + True, None, ...
1 < 2 < 3, 1 < 3 < 2, 1 == 1.0, 1 != 2, 3 >= 3 > 2
"a" in "cat", 4 not in [1, 2], None is None, x is not None
0 or "default", 5 and "both", 0 and 1, "" or 0 or [] or "last"
"big" if 10 > 5 else "small", "yes" if [] else "no"
x = torch.tensor([1., 2., 3.])
y = torch.tensor([4., 5., 6.])
x + y, x - y, x * y, x / y
x ** 2, 2 ** x, -x, x // 2, x % 2
x @ y
torch.ones(2, 3) @ torch.ones(3)
x > 1.5, (x > 1) & (x < 3), (x < 1.5) | (x > 2.5)
x == y, x != x
m = torch.arange(12.).reshape(3, 4)
m[0], m[-1], m[1, 2], m[:, 1], m[1:, ::2], m[..., -1], m[None, 0].shape
m[0][1:3]
letters = "abcdefg"
letters[1], letters[-1], letters[::2], letters[5:1:-1], letters[:3]
nums = [0, 1, 2, 3, 4, 5]
nums[2:], nums[:-2], nums[::-1], nums[1:5:2]
(1,), (), [], [1, 2,], (1, 2) + (3,), [0] * 3, "ab" * 2
[n * n for n in range(5)]
[n for n in range(10) if n % 3 == 0]
[(a, b) for a in range(2) for b in "xy"]
[t.item() for t in torch.tensor([1.5, 2.5])]
'single', "double", 'it\'s', "tab\there", "new\nline", 'back\\slash', "\x41\u00e9\N{BULLET}"
r"raw\n", '''triple
quoted''', """also
triple"""
"con" "cat" 'enated'
total = 1 + \
    2 + \
    3
total
long_call = max(
    1,
    5,  # comments inside brackets
    3,
)
long_call
a = 1; b = 2; a + b
