"""`python -m gradcli`, and the `gradcli` command (pyproject's [project.scripts] names main)."""

import gc


def main():
    # Start-up (importing Typer and NumPy, building the command) makes only long-lived objects, in which
    # the cyclic collector would find nothing to free: it runs some 20 times all the same, 5% of a
    # command's start. It is turned back on, with those objects frozen, when the command starts (see
    # gradcli.cli.shared.VerbatimCommand.invoke).
    gc.disable()
    from gradcli.cli.app import main as run

    run()


if __name__ == "__main__":
    main()
