"""muParser from Python: expressions, constants, and its errors as Python exceptions."""

import muparser

p = muparser.Parser()
p.DefineConst("g", 9.81)
p.SetExpr("0.5 * g * 2^2")
print(p.GetExpr(), "=", p.Eval())

p.SetExpr("sin(_pi / 2) + max(1, 2, 3)")
print("sin(_pi / 2) + max(1, 2, 3) =", p.Eval())

for bad in ("1 +", "2 * (3", "unknown_fn(1)"):
    try:
        p.SetExpr(bad)
        p.Eval()
    except muparser.ParserError as e:  # a ValueError: mu::ParserError, translated
        print(f"{bad!r}: {e}")
