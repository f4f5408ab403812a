"""Explaining derivatives: backpropagation node by node (backprop), and f with its derivatives sampled
along one variable (curves). A Python API that needs neither Typer nor Rich; gradcli's `explain` and
`plot` commands and the REPL's `:explain` render what it returns."""

from gradcli.explain.backprop import Explanation, ExplainError, Labels, Sent, Stage, Step, explain

__all__ = ["Explanation", "ExplainError", "Labels", "Sent", "Stage", "Step", "explain"]
