"""The gradcli script runtime: a tree-walking interpreter over gradcli.lang's syntax tree."""
