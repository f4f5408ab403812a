"""The expression calculator, as a Python API (what `gradcli grad/jacobian/hessian/jvp/graph` call):

    from gradcli.calc import Problem, gradient_report
    problem = Problem("x**2 * sin(x)", at=["x=0.5"], wrt=None, dtype="float64")
    report, _ = gradient_report(problem, vjp_text=None, order=1)
    report.rows()   # [('value', array(0.1198...)), ('grad x', array(0.6984...))]

Modules: values (the VALUE literals of --at), program (EXPR parsed, its names), namespace (the names EXPR
sees), problem (EXPR with its bindings), compute (the reports: gradient, Jacobian, Hessian, JVP,
gradcheck), report (a Report of arrays, numbers as torch prints them), graph (the computation graph with
forward values and gradients, and where a nan or inf first appears), errors (CalcError and its exit code).
Nothing here imports Typer or Rich. The names below load their module when first read, so that the
command line can import a constant of one module without NumPy or the engine.
"""

from gradcli.lazy import loaded_on_first_read

PUBLIC = {
    "compute": ("GRADCHECK_AGREES", "gradcheck", "gradient_report", "hessian_report", "jacobian_report",
                "jvp_report", "warnings"),
    "errors": ("CalcError", "computing", "describe_exception"),
    "namespace": ("Calculator", "calculator", "torch_namespace"),
    "problem": ("DTYPES", "Problem"),
    "program": ("Program", "names_read"),
    "report": ("Report", "has_non_finite", "shape_text", "torch_numbers"),
    "values": ("VALUE_HELP", "checked_choice", "parse_bindings", "parse_value"),
}
__all__ = [name for names in PUBLIC.values() for name in names]
__getattr__ = loaded_on_first_read(__name__, names_of=PUBLIC)  # a name read once is the package's own: later
                                                                # reads (grading's, per evaluation) cost nothing
